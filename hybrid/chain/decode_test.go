package chain

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDecoderTable pins detection: the table's order, null read as absent,
// keys matched as encoding/json matches them, and what every format
// shares.
func TestDecoderTable(t *testing.T) {
	for _, tc := range []struct {
		name, row string
		format    Format // what the row reads as; "" for an error
		subset    string
		rowErr    string
	}{
		{"prmbench wins over steps", `{"modified_process": ["a"], "steps": ["b"], "question": "q", "error_steps": []}`, FormatPRMBench, "", ""},
		{"mr-gsm8k before trl", `{"model_output_steps": ["a"], "completions": ["b"], "question": "q"}`, FormatMRGSM8K, "mr-gsm8k", ""},
		{"trl before processbench", `{"completions": ["a"], "steps": ["b"], "prompt": "p"}`, FormatTRL, "", ""},
		{"null marker is absent", `{"steps": null, "question": "q", "answer": "a"}`, FormatGSM8K, "gsm8k", ""},
		{"gsm8k needs both markers", `{"question": "q"}`, "", "", "in.jsonl:1: unrecognized row"},
		{"keys fold as in encoding/json", `{"Steps": ["a"], "PROBLEM": "p", "id": "math-4"}`, FormatProcessBench, "math", ""},
		{"last duplicate wins", `{"steps": ["a"], "problem": "p", "steps": null}`, "", "", "in.jsonl:1: unrecognized row"},
		{"no steps", `{"steps": [], "problem": "p"}`, "", "", "in.jsonl:1: processbench row: no steps"},
		{"marker of the wrong type", `{"steps": "a", "problem": "p"}`, "", "", `in.jsonl:1: field "steps": want a list of strings, got a string`},
		{"not an object", `[1]`, "", "", "in.jsonl:1: invalid JSON"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			chains, errs, err := Decode(strings.NewReader(tc.row+"\n"), "in.jsonl", FormatAuto)
			require.NoError(t, err)
			if tc.format == "" {
				require.Empty(t, chains)
				require.Len(t, errs, 1)
				assert.Contains(t, errs[0].Error(), tc.rowErr)
				return
			}
			require.Empty(t, errs)
			require.Len(t, chains, 1)
			assert.Equal(t, "in.jsonl:1", chains[0].Source)
			assert.Equal(t, tc.subset, chains[0].Subset)
			var r row
			require.NoError(t, unmarshalRow([]byte(tc.row), &r))
			assert.Equal(t, tc.format, r.detect())
		})
	}
}

// TestShapeBeforeMismatch: a row of another format that does not fit its
// own fields reports the field, as the reader did before the table.
func TestShapeBeforeMismatch(t *testing.T) {
	_, errs, err := Decode(strings.NewReader(`{"modified_process": ["a"], "error_steps": "x", "question": "q"}`+"\n"), "in.jsonl", FormatProcessBench)
	require.NoError(t, err)
	require.Len(t, errs, 1)
	assert.Equal(t, `in.jsonl:1: field "error_steps": want a list of integers, got a string`, errs[0].Error())

	ok := `{"problem": "p", "steps": ["a"]}` + "\n"
	_, errs, err = Decode(strings.NewReader(`{"modified_process": ["a"], "error_steps": [1], "question": "q"}`+"\n"+ok), "in.jsonl", FormatProcessBench)
	require.NoError(t, err)
	require.Len(t, errs, 1)
	assert.Equal(t, "in.jsonl:1: this looks like PRMBench, not ProcessBench", errs[0].Error())
}
