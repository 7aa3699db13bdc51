package testshared

import (
	"bufio"
	"encoding/json"
	"os"
	"testing"
)

// maxLine is the longest JSONL line ReadJSONL takes: the shared data has long chains, but no
// line near this.
const maxLine = 64 << 20

// ReadJSONL reads path, one JSON value of type T a line; a file that cannot be read or a line
// that does not decode fails the test.
func ReadJSONL[T any](tb testing.TB, path string) []T {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []T
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), maxLine)
	for sc.Scan() {
		var v T
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			tb.Fatalf("%s: %v", path, err)
		}
		out = append(out, v)
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}
