package output

import (
	"encoding/json"
	"io"
)

// JSONArray writes a JSON array one element at a time, indented: "[" with the first element,
// "]" on Close. A run that stops after n elements (an interrupt, a failed chain) and closes it
// leaves a valid document holding those n. Not safe for concurrent use.
type JSONArray struct {
	W      io.Writer // where the array goes
	n      int
	closed bool
}

// Add writes one element.
func (a *JSONArray) Add(v any) error {
	b, err := json.MarshalIndent(v, "  ", "  ")
	if err != nil {
		return err
	}
	sep := ",\n  "
	if a.n == 0 {
		sep = "[\n  "
	}
	a.n++
	_, err = io.WriteString(a.W, sep+string(b))
	return err
}

// Close ends the array; calling it again does nothing.
func (a *JSONArray) Close() error {
	if a.closed {
		return nil
	}
	a.closed = true
	end := "\n]\n"
	if a.n == 0 {
		end = "[]\n"
	}
	_, err := io.WriteString(a.W, end)
	return err
}
