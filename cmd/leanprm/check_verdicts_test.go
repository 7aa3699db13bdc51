package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/hybrid"
)

// TestCheckApproximateIsNoProof: issue 9's examples. "1/3 = 0.3" used to be verified (a rounding
// to 0.1) while "2/3 = 0.6" was skipped; both, and "2/3 = 0.7", are approximate now: never
// verified, and never a formal source of the merged score, even under the formal-only policy.
// "exactly" takes the rounding reading away.
func TestCheckApproximateIsNoProof(t *testing.T) {
	dir := t.TempDir()
	f := writeChain(t, dir, "So 1/3 = 0.3.", "So 2/3 = 0.6.", "So 2/3 = 0.7.", "So 1/3 = 0.3 exactly.", "So 1/4 = 0.25.")
	for _, policy := range []string{"hybrid", "formal"} {
		out, _, err := run(t, dir, nil, "check", "--checker", "exact", "--policy", policy, "--jsonl", f)
		require.NoError(t, err)
		res := decodeJSONL(t, out)
		require.Len(t, res, 1)
		steps := res[0].Steps
		require.Len(t, steps, 5)
		for _, s := range steps[:3] {
			assert.Equal(t, hybrid.Approximate, s.Verdict, "%s: %q", policy, s.Text)
			assert.NotEqual(t, hybrid.FromFormal, s.Source, "%s: %q: a rounding is no formal proof", policy, s.Text)
			require.NotEmpty(t, s.Obligations)
			assert.Contains(t, s.Obligations[0].Text, "(read as a")
		}
		assert.Contains(t, steps[1].Obligations[0].Text, "truncation to 0.1")
		assert.Equal(t, hybrid.NoVerdict, steps[3].Verdict, "%s: \"exactly\" leaves no rounding reading", policy)
		assert.Equal(t, hybrid.Verified, steps[4].Verdict, "an exact decimal stays verified")
	}
	// The table shows the verdict as such.
	out, _, err := run(t, dir, nil, "check", "--checker", "exact", f)
	require.NoError(t, err)
	assert.Contains(t, out, "approximate (exact)")
}

// TestObligationsShowComputedValues: the reasons users read give the value computed, in
// `check --obligations`, `translate` and its JSON, rather than "¬(P) holds".
func TestObligationsShowComputedValues(t *testing.T) {
	dir := t.TempDir()
	f := writeChain(t, dir, "Half of 48 is 48/2 = 25.", "A third is 1/3 = 0.33.")
	out, _, err := run(t, dir, nil, "check", "--checker", "exact", "--obligations", f)
	require.NoError(t, err)
	assert.Contains(t, out, "48 / 2 is 24, not 25")
	assert.Contains(t, out, "1 / 3 is 1/3 = 0.3333…, not 0.33; 0.33 is its rounding to 0.01")
	assert.NotContains(t, out, "P) holds")

	for _, args := range [][]string{{"translate", "--checker", "exact", f}, {"translate", "--checker", "exact", "--json", f}} {
		out, _, err = run(t, dir, nil, args...)
		require.NoError(t, err)
		assert.Contains(t, out, "48 / 2 is 24, not 25", "%v", args)
		assert.NotContains(t, out, "P) holds", "%v", args)
		assert.True(t, strings.Contains(out, "approximate"), "%v", args)
	}
}
