package bench

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/chain"
)

// scored builds a result with the given step scores and gold first error.
func scored(id, subset string, firstError int, scores ...float64) hybrid.Scored {
	r := hybrid.Scored{ID: id, Subset: subset, FirstError: firstError, Problem: id}
	for i, s := range scores {
		l := s
		r.Steps = append(r.Steps, hybrid.ScoredStep{Index: i, Score: s, Learned: &l, Source: hybrid.FromLearned})
	}
	return r
}

func TestProcessBenchScoreHandComputed(t *testing.T) {
	// Correct chains: 2, one predicted correct → 50.
	// Erroneous: 3, two exact hits → 66.67. F1 = 2·50·66.67/116.67 = 57.14.
	labels := []int{-1, -1, 2, 0, 1, chain.NoLabel}
	preds := []int{-1, 1, 2, 1, 1, 0}
	s := ProcessBenchScore("x", labels, preds)
	assert.Equal(t, 5, s.Chains)
	assert.Equal(t, 3, s.Erroneous)
	assert.Equal(t, 2, s.Correct)
	assert.InDelta(t, 50, s.CorrectAcc, 1e-9)
	assert.InDelta(t, 200.0/3, s.ErrorAcc, 1e-9)
	assert.InDelta(t, 400.0/7, s.F1, 1e-9)

	zero := ProcessBenchScore("none", []int{-1}, []int{0})
	assert.Zero(t, zero.F1)
}

func TestChooseThresholdHandComputed(t *testing.T) {
	// Scores 0.3 0.4 0.7 0.8 0.9; candidates 0.3, 0.35, 0.55, 0.75, 0.85, >0.9.
	// F1 by candidate: 0, 66.7, 100, 100, 0, 0 → the lowest best is 0.55.
	calib := []hybrid.Scored{
		scored("a", "s", chain.NoError, 0.9, 0.8),
		scored("b", "s", 1, 0.9, 0.3, 0.7),
		scored("c", "s", 0, 0.4, 0.9),
	}
	th, s := ChooseThreshold(calib)
	assert.InDelta(t, 0.55, th, 1e-12)
	assert.InDelta(t, 100, s.F1, 1e-9)

	rep := EvaluateProcessBench(append(calib, scored("d", "t", chain.NoError, 0.5)), th)
	require.Len(t, rep.Subsets, 2)
	assert.Equal(t, "s", rep.Subsets[0].Subset)
	assert.InDelta(t, 100, rep.Subsets[0].F1, 1e-9)
	// Subset t has one correct chain predicted wrong: both accuracies 0.
	assert.InDelta(t, 0, rep.Subsets[1].F1, 1e-9)
	assert.InDelta(t, 50, rep.Average.F1, 1e-9)
	assert.Equal(t, 4, rep.Average.Chains)
}

func TestChooseThresholdEmpty(t *testing.T) {
	th, s := ChooseThreshold(nil)
	assert.Equal(t, 0.5, th)
	assert.Zero(t, s.F1)
}

func TestThresholdCandidatesThinned(t *testing.T) {
	var s []float64
	for i := range 10000 {
		s = append(s, float64(i)/10000)
	}
	c := thresholdCandidates(s)
	assert.LessOrEqual(t, len(c), maxCandidates+1)
	assert.Equal(t, 0.0, c[0])
	assert.Greater(t, c[len(c)-1], 0.9999)
}

func TestPRMBenchHandComputed(t *testing.T) {
	// Labels C W C W C, scores .9 .2 .4 .6 .8 at 0.5:
	// TP 2 (steps 0, 4), FN 1 (step 2), FP 1 (step 3), TN 1 (step 1).
	// F1+ = 66.67, F1- = 50, PRMScore = 58.33.
	r := scored("a", "circular", 1, 0.9, 0.2, 0.4, 0.6, 0.8)
	for i, l := range []chain.Label{chain.Correct, chain.Wrong, chain.Correct, chain.Wrong, chain.Correct} {
		r.Steps[i].Label = l
	}
	unl := scored("b", "circular", chain.NoLabel, 0.1)
	rep := EvaluatePRMBench([]hybrid.Scored{r, unl}, 0.5)
	require.Len(t, rep.Subsets, 1)
	s := rep.Subsets[0]
	assert.Equal(t, 5, s.Steps)
	assert.Equal(t, 3, s.Positive)
	assert.Equal(t, 2, s.Negative)
	assert.InDelta(t, 200.0/3, s.F1, 1e-9)
	assert.InDelta(t, 50, s.F1Neg, 1e-9)
	assert.InDelta(t, 175.0/3, s.PRMScore, 1e-9)
	assert.InDelta(t, 200.0/3, s.AccPos, 1e-9)
	assert.InDelta(t, 50, s.AccNeg, 1e-9)
	assert.Equal(t, s.PRMScore, rep.MeanPRMScore)
	assert.Equal(t, s.Steps, rep.Overall.Steps)
}

func TestComparePoliciesSideBySide(t *testing.T) {
	// One refuted step the PRM liked: hybrid catches it, learned does not.
	mk := func(id string, fe int, scores []float64, verdicts []hybrid.Verdict) hybrid.Scored {
		r := scored(id, "s", fe, scores...)
		for i, v := range verdicts {
			r.Steps[i].Verdict = v
		}
		return r
	}
	results := []hybrid.Scored{
		mk("a", 1, []float64{0.9, 0.8}, []hybrid.Verdict{hybrid.NoVerdict, hybrid.Refuted}),
		mk("b", chain.NoError, []float64{0.9, 0.7}, []hybrid.Verdict{hybrid.Verified, hybrid.NoVerdict}),
	}
	reps := CompareProcessBench(results, nil, EvalOptions{Threshold: 0.5})
	require.Len(t, reps, 3)
	byPolicy := map[string]float64{}
	for _, r := range reps {
		byPolicy[r.Policy] = r.Average.F1
	}
	assert.InDelta(t, 100, byPolicy["formal"], 1e-9)
	assert.InDelta(t, 0, byPolicy["learned"], 1e-9)
	assert.InDelta(t, 100, byPolicy["hybrid"], 1e-9)

	// Threshold chosen on calibration per policy.
	calib := []hybrid.Scored{mk("c", 0, []float64{0.6, 0.9}, nil), mk("d", chain.NoError, []float64{0.8, 0.9}, nil)}
	reps = CompareProcessBench(results, calib, EvalOptions{Policies: []hybrid.Policy{hybrid.PolicyLearned}})
	require.Len(t, reps, 1)
	assert.InDelta(t, 0.7, reps[0].Threshold, 1e-12)
	pr := ComparePRMBench(results, calib, EvalOptions{})
	require.Len(t, pr, 3)
	assert.Equal(t, 0.5, pr[0].Threshold, "formal-only always cuts at 0.5")
}

func TestCompareHandComputed(t *testing.T) {
	mk := func(scores []float64, verdicts []hybrid.Verdict, labels []chain.Label) hybrid.Scored {
		r := scored("x", "s", chain.NoLabel, scores...)
		r.Source = "f:1"
		for i := range r.Steps {
			r.Steps[i].Verdict = verdicts[i]
			r.Steps[i].Label = labels[i]
			r.Steps[i].Text = "step text"
		}
		return r
	}
	res := []hybrid.Scored{
		mk([]float64{0.9, 0.7, 0.5}, []hybrid.Verdict{hybrid.Verified, hybrid.Refuted, hybrid.NoVerdict}, []chain.Label{chain.Correct, chain.Wrong, chain.Correct}),
		mk([]float64{0.6, 0.2, 0.95}, []hybrid.Verdict{hybrid.Verified, hybrid.Refuted, hybrid.Unknown}, []chain.Label{chain.Correct, chain.Wrong, chain.Unlabeled}),
	}
	c := Compare(res, CompareOptions{Bins: 4})
	assert.Equal(t, 6, c.Steps)
	assert.Equal(t, 4, c.Decided)
	assert.Equal(t, 1, c.Unknown)
	assert.Equal(t, Confusion{VerifiedPass: 2, RefutedPass: 1, RefutedFail: 1}, c.Confusion)
	assert.InDelta(t, 0.75, c.Confusion.Agreement(), 1e-12)
	// Verified {0.9, 0.6} vs refuted {0.7, 0.2}: 3 of 4 pairs ordered.
	assert.InDelta(t, 0.75, c.AUC, 1e-12)
	require.Len(t, c.BlindSpots, 1)
	assert.InDelta(t, 0.7, c.BlindSpots[0].Learned, 1e-12)
	assert.Equal(t, 1, c.BlindSpots[0].Step)
	assert.Equal(t, []int{1, 0, 1, 0}, c.RefutedHist)
	assert.Equal(t, []int{0, 0, 1, 1}, c.VerifiedHist)
	// Formal reliability: bin [0.75,1) holds 0.9 (verified): observed 1.
	assert.Equal(t, 1, c.Formal.Bins[3].Count)
	assert.InDelta(t, 1, c.Formal.Bins[3].Observed, 1e-12)
	// Gold has 5 labelled steps.
	assert.Equal(t, 5, c.Gold.Steps)
	// ECE by hand for the formal pairs: bins {0.2:wrong}, {0.6 right,
	// 0.7 wrong}, {0.9 right}: (0.2·1 + |0.65−0.5|·2 + 0.1·1)/4 = 0.15.
	assert.InDelta(t, 0.15, c.Formal.ECE, 1e-12)
}

func TestAUCTies(t *testing.T) {
	assert.InDelta(t, 0.5, AUC([]float64{0.5}, []float64{0.5}), 1e-12)
	assert.InDelta(t, 1, AUC([]float64{0.9, 0.8}, []float64{0.1}), 1e-12)
	assert.Zero(t, AUC(nil, []float64{1}))
	assert.False(t, math.IsNaN(AUC([]float64{math.NaN()}, []float64{0.1})))
}

func TestSelectBest(t *testing.T) {
	res := []hybrid.Scored{
		scored("p1-a", "", 1, 0.9, 0.5),
		scored("p2-a", "", chain.NoError, 0.8),
		scored("p1-b", "", chain.NoError, 0.7, 0.8),
		scored("p1-c", "", 0, 0.2),
	}
	res[0].Problem, res[2].Problem, res[3].Problem = "P1", " P1 ", "P1"
	res[1].Problem = "P2"
	sel := SelectBest(res, hybrid.AggMin)
	require.Len(t, sel, 2)
	assert.Equal(t, []int{0, 2, 3}, sel[0].Candidates)
	assert.Equal(t, 2, sel[0].Best)
	assert.Equal(t, "p1-b", sel[0].BestID)
	assert.InDelta(t, 0.7, sel[0].BestScore, 1e-12)
	assert.Equal(t, 1, sel[0].BestRight)
	assert.Equal(t, 1, sel[0].AnyRight)

	// By the last step, p1-a (0.5) loses to p1-b (0.8) too; by mean, p1-b
	// (0.75) beats p1-a (0.7).
	assert.Equal(t, 2, SelectBest(res, hybrid.AggLast)[0].Best)
	assert.Equal(t, 2, SelectBest(res, hybrid.AggMean)[0].Best)

	sum := SummarizeSelection(sel, res)
	assert.Equal(t, 2, sum.Problems)
	assert.InDelta(t, 100, sum.Accuracy, 1e-9)
	assert.InDelta(t, 100, sum.Oracle, 1e-9)
	// Chance: P1 has 1 right of 3, P2 1 of 1 → (1/3 + 1)/2.
	assert.InDelta(t, 100*(1.0/3+1)/2, sum.Chance, 1e-9)
}

// TestCompareCountsApproximateApart: an approximate step is neither a
// verified nor a refuted one in the comparison.
func TestCompareCountsApproximateApart(t *testing.T) {
	l := func(x float64) *float64 { return &x }
	res := []hybrid.Scored{{ID: "a", Steps: []hybrid.ScoredStep{
		{Index: 0, Verdict: hybrid.Verified, Learned: l(0.9)},
		{Index: 1, Verdict: hybrid.Approximate, Learned: l(0.2)},
		{Index: 2, Verdict: hybrid.Refuted, Learned: l(0.1)},
	}}}
	c := Compare(res, CompareOptions{Threshold: 0.5})
	assert.Equal(t, 2, c.Decided)
	assert.Equal(t, 1, c.Approximate)
	assert.Equal(t, []float64{0.9}, c.VerifiedScores)
	assert.Equal(t, []float64{0.1}, c.RefutedScores)
	assert.Equal(t, 2, c.Formal.Steps)
}
