package main

import (
	"bytes"
	"encoding/json"
	"io"
)

// jsonLine encodes v as one JSONL line.
func jsonLine(v any) (io.Reader, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return bytes.NewReader(append(b, '\n')), nil
}
