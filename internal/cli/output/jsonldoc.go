package output

import (
	"bytes"
	"encoding/json"
	"io"
)

// JSONLDocument turns a JSON Lines report whose last line is {"summary": …} (verify-proof's)
// into one JSON document {"results": [...], "summary": …} as the lines arrive; Close ends it,
// with "summary": null when the run stopped before its summary, so an interrupted run still
// leaves valid JSON.
type JSONLDocument struct {
	W       io.Writer // where the document goes
	partial []byte
	n       int
	summary json.RawMessage
	closed  bool
	err     error
}

func (d *JSONLDocument) Write(p []byte) (int, error) {
	d.partial = append(d.partial, p...)
	for {
		i := bytes.IndexByte(d.partial, '\n')
		if i < 0 {
			break
		}
		line := bytes.TrimSpace(d.partial[:i])
		d.partial = d.partial[i+1:]
		if len(line) > 0 {
			d.line(line)
		}
	}
	return len(p), d.err
}

func (d *JSONLDocument) line(line []byte) {
	if d.err != nil {
		return
	}
	var s struct {
		Summary json.RawMessage `json:"summary"`
	}
	if bytes.HasPrefix(line, []byte(`{"summary"`)) && json.Unmarshal(line, &s) == nil && len(s.Summary) > 0 {
		d.summary = s.Summary
		return
	}
	sep := ",\n    "
	if d.n == 0 {
		sep = "{\n  \"results\": [\n    "
	}
	d.n++
	_, d.err = io.WriteString(d.W, sep+string(line))
}

// Close ends the document; calling it again does nothing.
func (d *JSONLDocument) Close() error {
	if d.closed {
		return d.err
	}
	d.closed = true
	if len(bytes.TrimSpace(d.partial)) > 0 {
		d.line(bytes.TrimSpace(d.partial))
	}
	if d.err != nil {
		return d.err
	}
	summary := "null"
	if d.summary != nil {
		summary = string(d.summary)
	}
	end := "\n  ],\n  \"summary\": " + summary + "\n}\n"
	if d.n == 0 {
		end = "{\n  \"results\": [],\n  \"summary\": " + summary + "\n}\n"
	}
	_, d.err = io.WriteString(d.W, end)
	return d.err
}
