package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCheckJSONSaysPredictionAndGold: `check --json/--jsonl` carries the prediction, the
// threshold and the chain aggregate, and the gold label under a name of its own, with the base
// of every step index stated.
func TestCheckJSONSaysPredictionAndGold(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "pb.jsonl")
	// Gold says step 0 is wrong; the exact checker refutes step 1 (3 + 4 = 8).
	row := `{"id": "x-1", "problem": "Add.", "steps": ["We have 2 + 2 = 4.", "Then 3 + 4 = 8.", "Done."], "label": 0}`
	require.NoError(t, os.WriteFile(f, []byte(row+"\n"), 0o644))
	for _, mode := range []string{"--json", "--jsonl"} {
		out, _, err := run(t, dir, nil, "check", "--checker", "exact", "--threshold", "0.5", "--aggregate", "min", mode, f)
		require.NoError(t, err)
		var got []map[string]any
		if mode == "--json" {
			require.NoError(t, json.Unmarshal([]byte(out), &got))
		} else {
			got = decodeLines(t, out)
		}
		require.Len(t, got, 1)
		r := got[0]
		assert.NotContains(t, r, "first_error", "%s: the ambiguous name is gone", mode)
		assert.EqualValues(t, 0, r["gold_first_error"], mode)
		assert.EqualValues(t, 1, r["predicted_first_error"], mode)
		assert.EqualValues(t, 0.5, r["threshold"], mode)
		assert.Equal(t, "min", r["aggregate"], mode)
		assert.EqualValues(t, 0, r["chain_score"], mode, "min over a refuted step")
		assert.EqualValues(t, 0, r["step_index_base"], mode)
	}

	// Unlabelled input: the gold label is null, not a magic number.
	md := filepath.Join(dir, "c.md")
	require.NoError(t, os.WriteFile(md, []byte("Step 1: 2 + 2 = 4.\n\nStep 2: So 4 + 1 = 5.\n"), 0o644))
	out, _, err := run(t, dir, nil, "check", "--checker", "exact", "--jsonl", md)
	require.NoError(t, err)
	r := decodeLines(t, out)[0]
	require.Contains(t, r, "gold_first_error")
	assert.Nil(t, r["gold_first_error"])
	assert.EqualValues(t, -1, r["predicted_first_error"], "no step below the threshold")
}
