package translate

import (
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

// goldenStep is what the golden file pins down for a step: the verdicts
// and the normalised claims, not the prose of the reasons.
type goldenStep struct {
	Verdict     StepVerdict `json:"verdict"`
	Obligations []goldenOb  `json:"obligations"`
	Skipped     int         `json:"skipped"`
}

type goldenOb struct {
	Expr    string  `json:"expr"`
	Kind    Kind    `json:"kind"`
	Verdict Verdict `json:"verdict"`
	Span    string  `json:"span"`
	Lean    string  `json:"lean"`
}

// TestGolden translates the synthetic chains of testdata
// and compares the decoded result with the golden file (go test -run
// TestGolden -update rewrites it).
func TestGolden(t *testing.T) {
	dir := "testdata"
	f, err := os.Open(filepath.Join(dir, "chains.jsonl"))
	require.NoError(t, err)
	defer f.Close()
	inputs, err := DecodeInputs(f)
	require.NoError(t, err)
	tr, err := New(Options{})
	require.NoError(t, err)
	got := map[string][]goldenStep{}
	for _, in := range inputs {
		res, err := tr.Chain(context.Background(), in.ID, in.Steps)
		require.NoError(t, err)
		var steps []goldenStep
		for _, s := range res.Steps {
			gs := goldenStep{Verdict: s.Verdict, Skipped: len(s.Skipped), Obligations: []goldenOb{}}
			for _, o := range s.Obligations {
				gs.Obligations = append(gs.Obligations, goldenOb{o.Expr, o.Kind, o.Verdict, o.Span.Text, o.Lean})
			}
			steps = append(steps, gs)
		}
		got[in.ID] = steps
	}
	path := filepath.Join(dir, "chains.golden.json")
	if *update {
		b, err := json.MarshalIndent(got, "", "  ")
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(path, append(b, '\n'), 0o644))
	}
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	var want map[string][]goldenStep
	require.NoError(t, json.Unmarshal(b, &want))
	for id, w := range want {
		assert.Equal(t, w, got[id], "chain %s differs from the golden file (go test -run TestGolden -update rewrites it)", id)
	}
	assert.Len(t, got, len(want), "chains translated against chains in the golden file")
}
