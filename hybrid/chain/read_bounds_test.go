package chain

import (
	"bytes"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A bad first line of a JSON Lines file is one bad row, as on any other line: the rows after it
// still run (format detection used to take the file for a stream of pretty-printed objects and
// skip everything after the syntax error).
func TestJSONLinesBadFirstLine(t *testing.T) {
	for name, first := range map[string]string{
		"garbage":    "this line is not JSON",
		"truncated":  `{"problem": "p", "steps": ["a"`,
		"bad object": `{"problem": "p", steps: ["a"]}`,
	} {
		t.Run(name, func(t *testing.T) {
			in := first + "\n" + `{"problem": "q", "steps": ["b"], "label": 0}` + "\n" + `{"problem": "r", "steps": ["c"], "label": -1}` + "\n"
			chains, errs, err := Decode(strings.NewReader(in), "bad1.jsonl", FormatAuto)
			require.NoError(t, err)
			require.Len(t, chains, 2, "the rows after a bad first line still run")
			require.Len(t, errs, 1)
			assert.Equal(t, 1, errs[0].Line)
			assert.NotContains(t, errs[0].Error(), "rest of file skipped")
			assert.Equal(t, "bad1.jsonl:2", chains[0].Source)
		})
	}
}

// A JSON Lines row longer than MaxRowBytes is reported and skipped without being held: the
// reader streams past it, and the rows around it still run.
func TestJSONLinesOverlongRow(t *testing.T) {
	huge := `{"problem": "p", "steps": ["` + strings.Repeat("1 + 1 = 2. ", (MaxRowBytes+MaxRowBytes/2)/11) + `"], "label": -1}`
	in := `{"problem": "q", "steps": ["b"], "label": 0}` + "\n" + huge + "\n" + `{"problem": "r", "steps": ["c"], "label": -1}` + "\n"
	chains, errs, err := Decode(strings.NewReader(in), "long.jsonl", FormatAuto)
	require.NoError(t, err)
	require.Len(t, chains, 2)
	assert.Equal(t, "long.jsonl:3", chains[1].Source)
	require.Len(t, errs, 1)
	assert.Equal(t, 2, errs[0].Line)
	assert.ErrorIs(t, errs[0], ErrRowTooLarge)
	assert.Contains(t, errs[0].Error(), "long.jsonl:2: ")

	// Also as the first line, where the format is detected.
	chains, errs, err = Decode(strings.NewReader(huge+"\n"+`{"problem": "r", "steps": ["c"], "label": -1}`+"\n"), "long.jsonl", FormatAuto)
	require.NoError(t, err)
	require.Len(t, chains, 1)
	require.Len(t, errs, 1)
	assert.Equal(t, 1, errs[0].Line)
}

// A whole-file format (a JSON array, text) larger than MaxWholeFileBytes is refused with a
// clear error instead of being read into memory.
func TestWholeFileFormatTooLarge(t *testing.T) {
	big := bytes.Repeat([]byte("Step: 1 + 1 = 2.\n"), MaxWholeFileBytes/17+1)
	_, _, err := Decode(bytes.NewReader(big), "big.md", FormatAuto)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "big.md")
	assert.ErrorIs(t, err, ErrFileTooLarge)
}

// allocatedDuring returns the bytes the heap allocated while fn ran (not timing based: the
// runtime's cumulative allocation counter).
func allocatedDuring(fn func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	fn()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// Reading a JSON Lines file with a 64 MiB line allocates a bounded amount (the row cap and its
// growth), not a multiple of the line: the line is never held whole.
func TestJSONLinesLongLineAllocationBound(t *testing.T) {
	if testing.Short() {
		t.Skip("allocates a 64 MiB input")
	}
	line := bytes.Repeat([]byte("x"), 64<<20)
	line[0] = '{'
	in := append(append([]byte(`{"problem": "q", "steps": ["b"], "label": 0}`+"\n"), line...), '\n')
	var chains []Chain
	var errs []RowError
	n := allocatedDuring(func() {
		var err error
		chains, errs, err = Decode(bytes.NewReader(in), "big.jsonl", FormatAuto)
		require.NoError(t, err)
	})
	require.Len(t, chains, 1)
	require.Len(t, errs, 1)
	assert.Less(t, n, uint64(3*MaxRowBytes), "reading allocated %d bytes for a %d-byte line", n, len(line))
}
