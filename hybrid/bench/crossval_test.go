package bench

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/chain"
)

func TestFoldIsFNV1aOfID(t *testing.T) {
	// FNV-1a 32 computed by hand for these IDs: "a" 0xe40c292c,
	// "b" 0xe70c2de5, "gsm8k-0" 0xca98926e, "math-164" 0xaf043457.
	for id, want := range map[string]int{"a": 0, "b": 1, "gsm8k-0": 0, "math-164": 1, "c": 0, "d": 1} {
		assert.Equal(t, want, Fold(id), id)
	}
}

func TestCrossValidateHandComputed(t *testing.T) {
	// Calibration subset s: fold 0 holds a and c, fold 1 holds b and d.
	// Fold 0 alone: thresholds 0.35, 0.475, 0.75, >0.9 give F1 0, 100, 0,
	// 0: 0.475. Fold 1 alone: 0.2, 0.3, 0.65, >0.9 give 0, 100, 0, 0: 0.3.
	// All of them: 0.375 (F1 100). Out of fold, c (error at 1, score 0.35)
	// is missed at 0.3 and b (correct, 0.4) is flagged at 0.475: the dev
	// 100 becomes 50. Subset t is only evaluated: e (fold 0, correct, 0.4)
	// is clean at 0.3 and at 0.375; f (fold 1, error at 0, 0.4) is found at
	// 0.475 but not at 0.375, so t goes from 0 on dev to 100
	// cross-validated.
	calib := []hybrid.Scored{
		scored("a", "s", chain.NoError, 0.9, 0.6),
		scored("b", "s", chain.NoError, 0.9, 0.4),
		scored("c", "s", 1, 0.9, 0.35),
		scored("d", "s", 1, 0.9, 0.2),
	}
	results := append(append([]hybrid.Scored(nil), calib...),
		scored("e", "t", chain.NoError, 0.4),
		scored("f", "t", 0, 0.4))
	reps := CrossValidateProcessBench(results, calib, EvalOptions{Policies: []hybrid.Policy{hybrid.PolicyLearned}})
	require.Len(t, reps, 1)
	r := reps[0]
	assert.Equal(t, hybrid.PolicyLearned.Name(), r.Policy)
	assert.InDelta(t, 0.375, r.DevThreshold, 1e-12)
	assert.InDelta(t, 0.475, r.FoldThresholds[0], 1e-12)
	assert.InDelta(t, 0.3, r.FoldThresholds[1], 1e-12)
	assert.InDelta(t, 100, r.FoldChosen[0].F1, 1e-9)
	assert.InDelta(t, 100, r.FoldChosen[1].F1, 1e-9)
	require.Len(t, r.Subsets, 2)

	s := r.Subsets[0]
	assert.Equal(t, "s", s.Subset)
	assert.InDelta(t, 100, s.Dev.F1, 1e-9)
	assert.InDelta(t, 0, s.Folds[0].F1, 1e-9) // a clean, c missed
	assert.InDelta(t, 100, s.Folds[0].CorrectAcc, 1e-9)
	assert.InDelta(t, 0, s.Folds[1].F1, 1e-9) // b flagged, d found
	assert.InDelta(t, 100, s.Folds[1].ErrorAcc, 1e-9)
	assert.Equal(t, 4, s.CV.Chains)
	assert.InDelta(t, 50, s.CV.ErrorAcc, 1e-9)
	assert.InDelta(t, 50, s.CV.CorrectAcc, 1e-9)
	assert.InDelta(t, 50, s.CV.F1, 1e-9)

	u := r.Subsets[1]
	assert.Equal(t, "t", u.Subset)
	assert.InDelta(t, 0, u.Dev.F1, 1e-9)
	assert.InDelta(t, 100, u.CV.F1, 1e-9)
	assert.InDelta(t, 75, r.Average.CV.F1, 1e-9)
	assert.InDelta(t, 50, r.Average.Dev.F1, 1e-9)
}

func TestCrossValidateFixedThresholdEqualsDev(t *testing.T) {
	calib := []hybrid.Scored{
		scored("a", "s", chain.NoError, 0.9, 0.6),
		scored("b", "s", 1, 0.9, 0.4),
		scored("c", "s", 1, 0.9, 0.3),
	}
	for _, opts := range []EvalOptions{{Threshold: 0.5}, {Policies: []hybrid.Policy{hybrid.PolicyFormal}}} {
		for _, r := range CrossValidateProcessBench(calib, calib, opts) {
			assert.Equal(t, r.DevThreshold, r.FoldThresholds[0], r.Policy)
			assert.Equal(t, r.DevThreshold, r.FoldThresholds[1], r.Policy)
			for _, s := range r.Subsets {
				assert.Equal(t, s.Dev, s.CV, r.Policy)
			}
		}
	}
}
