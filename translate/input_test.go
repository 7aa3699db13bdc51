package translate

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// Input is one chain to translate. It reads the ProcessBench row shape,
// {"id": …, "steps": [...]}, ignoring other fields.
type Input struct {
	ID    string   `json:"id"`
	Steps []string `json:"steps"`
}

// DecodeInputs reads a stream of JSON objects (JSON Lines) into chains.
func DecodeInputs(r io.Reader) ([]Input, error) {
	dec := json.NewDecoder(r)
	var out []Input
	for n := 1; ; n++ {
		var in Input
		err := dec.Decode(&in)
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return out, fmt.Errorf("translate: chain %d: %w", n, err)
		}
		if in.Steps == nil {
			return out, fmt.Errorf("translate: chain %d has no \"steps\"", n)
		}
		out = append(out, in)
	}
}
