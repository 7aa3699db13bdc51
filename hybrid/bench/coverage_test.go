package bench

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/chain"
)

// TestCoverageProcessBench: the four step states, the reasons of the steps
// not formalized, the first-error recall and the early refutations are
// counted per subset, and the average row averages the recall.
func TestCoverageProcessBench(t *testing.T) {
	ob := []hybrid.Obligation{{Text: "1 + 1 = 2"}}
	results := []hybrid.Scored{
		{ID: "a", Subset: "s1", FirstError: 1, Steps: []hybrid.ScoredStep{
			{Verdict: hybrid.Verified, Obligations: ob},
			{Verdict: hybrid.Refuted, Obligations: ob}, // at the first error
			{Text: "names"},
		}},
		{ID: "b", Subset: "s1", FirstError: 2, Steps: []hybrid.ScoredStep{
			{Verdict: hybrid.Refuted, Obligations: ob}, // before the label
			{Verdict: hybrid.Unknown, Obligations: ob},
			{},
		}},
		{ID: "c", Subset: "s2", FirstError: chain.NoError, Steps: []hybrid.ScoredStep{
			{Verdict: hybrid.Refuted, Obligations: ob}, // in a correct chain
			{Text: "no claim"},
		}},
		{ID: "d", Subset: "s2", FirstError: chain.NoLabel, Steps: []hybrid.ScoredStep{{Verdict: hybrid.Refuted, Obligations: ob}}},
	}
	// The reason of a step not formalized comes from the caller (here: its text).
	covs := CoverageProcessBench(results, func(r *hybrid.Scored, i int) string { return r.Steps[i].Text })
	require.Len(t, covs, 3)
	s1, s2, avg := covs[0], covs[1], covs[2]
	assert.Equal(t, Coverage{Subset: "s1", Steps: 6, Proved: 1, Disproved: 2, Undecided: 1,
		NotFormalized: map[string]int{"names": 1, "unknown": 1}, Erroneous: 2, FirstErrorRefuted: 1,
		FirstErrorRecall: 50, RefutedEarly: 1, Refuted: 2}, s1)
	assert.Equal(t, 0, s2.Erroneous)
	assert.Equal(t, 1, s2.RefutedEarly)
	assert.Equal(t, map[string]int{"no claim": 1}, s2.NotFormalized)
	assert.Equal(t, "average", avg.Subset)
	assert.InDelta(t, 25, avg.FirstErrorRecall, 1e-9, "the mean of the subsets' recall (50 and 0)")
	assert.Equal(t, 2, avg.RefutedEarly)
	assert.Equal(t, 8, avg.Steps)
}
