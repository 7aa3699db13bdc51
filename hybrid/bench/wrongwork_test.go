package bench

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/chain"
)

// labelled is a chain whose final answer the data set judges, with a process label and
// step scores (a negative score is a refuted step, scored 0).
func labelled(id, subset string, right bool, firstError int, scores ...float64) hybrid.Scored {
	r := hybrid.Scored{ID: id, Subset: subset, FirstError: firstError, AnswerCorrect: &right}
	for i, s := range scores {
		st := hybrid.ScoredStep{Index: i, Text: "step", Score: s}
		if s < 0 {
			st.Score, st.Verdict = 0, hybrid.Refuted
		}
		r.Steps = append(r.Steps, st)
	}
	return r
}

func TestRightAnswerWrongWork(t *testing.T) {
	results := []hybrid.Scored{
		labelled("a-1", "a", true, 1, 0.9, -1, 0.9),          // proven, at the label
		labelled("a-2", "a", true, 0, 0.2, 0.9),              // predicted at a low threshold
		labelled("a-3", "a", true, 2, 0.9, 0.9, 0.8),         // missed at any threshold below 0.8
		labelled("a-4", "a", true, chain.NoError, 0.9, 0.95), // clean
		labelled("a-5", "a", true, chain.NoError, -1, 0.95),  // a clean chain refuted: counted as such
		labelled("a-6", "a", false, 0, -1),                   // wrong answer: not in the report
		labelled("b-1", "b", true, chain.NoLabel, 0.1),       // no process label: not in it either
	}
	rep := RightAnswerWrongWork(nil, results, 0.5)
	assert.Equal(t, 0.5, rep.DevThreshold, "a fixed threshold is no choice")
	assert.Equal(t, [Folds]float64{0.5, 0.5}, rep.FoldThresholds)
	require.Len(t, rep.Dev, 2)
	a := rep.Dev[0]
	assert.Equal(t, "a", a.Subset)
	assert.Equal(t, 5, a.RightAnswers)
	assert.Equal(t, 3, a.Erroneous)
	assert.Equal(t, 1, a.Proven)
	assert.Equal(t, 2, a.Flagged)
	assert.Equal(t, 2, a.AtLabel)
	assert.Equal(t, 2, a.Clean)
	assert.Equal(t, 1, a.WrongProven)
	assert.Equal(t, 1, a.WrongFlagged)
	assert.InDelta(t, 200.0/3, a.Recall, 1e-9)
	assert.InDelta(t, 50.0, a.FalseFlag, 1e-9)
	assert.Equal(t, rep.Dev, rep.CV, "one threshold for both folds: CV equals dev")
}

// A chosen threshold is chosen without the chains it is measured on: each fold's threshold
// comes from the other fold's chains alone.
func TestRightAnswerWrongWorkCrossValidates(t *testing.T) {
	var results []hybrid.Scored
	for i := range 40 {
		id := fmt.Sprintf("s-%d", i)
		if i%2 == 0 {
			results = append(results, labelled(id, "s", true, 0, 0.3+float64(i)/1000, 0.9))
		} else {
			results = append(results, labelled(id, "s", true, chain.NoError, 0.7+float64(i)/1000, 0.9))
		}
	}
	rep := RightAnswerWrongWork(nil, results, 0)
	assert.Greater(t, rep.DevThreshold, 0.34)
	assert.Less(t, rep.DevThreshold, 0.71)
	for k := range Folds {
		var fold []*hybrid.Scored
		for i := range results {
			if Fold(results[i].ID) == k {
				fold = append(fold, &results[i])
			}
		}
		assert.Equal(t, chooseWrongWorkThreshold(fold), rep.FoldThresholds[k])
	}
	all := rep.CV[len(rep.CV)-1]
	assert.Equal(t, "all", all.Subset)
	assert.Equal(t, 20, all.Erroneous)
	assert.Equal(t, 100.0, all.Recall, "separable scores: both folds' thresholds separate the other fold too")
	assert.Equal(t, 0.0, all.FalseFlag)
}

func TestGradeAgainstLabels(t *testing.T) {
	yes, no := true, false
	chains := []chain.Chain{
		{ID: "1", Subset: "s", Gold: "18", AnswerCorrect: &yes, Steps: []chain.Step{{Text: "The answer is 18."}}},
		{ID: "2", Subset: "s", Gold: "18", AnswerCorrect: &no, Steps: []chain.Step{{Text: "The answer is 20."}}},
		{ID: "3", Subset: "s", Gold: "18", AnswerCorrect: &no, Steps: []chain.Step{{Text: "The answer is 18."}}},
		{ID: "4", Subset: "t", Gold: "18", AnswerCorrect: &no, Steps: []chain.Step{{Text: "We stop here."}}},
		{ID: "5", Subset: "t", Gold: "18", Steps: []chain.Step{{Text: "The answer is 18."}}}, // no label
	}
	got, dis := GradeAgainstLabels(nil, chains)
	require.Len(t, got, 3)
	s, tt, all := got[0], got[1], got[2]
	assert.Equal(t, 3, s.Rows)
	assert.Equal(t, 2, s.Equal)
	assert.Equal(t, 1, s.EqualWrong)
	assert.Equal(t, 1, s.Different)
	assert.InDelta(t, 200.0/3, s.Agreement, 1e-9)
	assert.Equal(t, 100.0, s.DecidedShare)
	assert.Equal(t, 1, tt.NoAnswer)
	assert.Equal(t, 0.0, tt.DecidedShare)
	assert.Equal(t, 4, all.Rows)
	assert.Equal(t, 75.0, all.DecidedShare)
	require.Len(t, dis, 1)
	assert.Equal(t, "3", dis[0].ID)
}

// TestGradeAgainstLabelsRecoveredGold: a row whose gold field held no answer counts as
// undecided on the data as given, and its verdict against the gold a fallback recovered is
// counted apart.
func TestGradeAgainstLabelsRecoveredGold(t *testing.T) {
	yes := true
	chains := []chain.Chain{
		{ID: "1", Subset: "s", Gold: "18", AnswerCorrect: &yes, Steps: []chain.Step{{Text: "The answer is 18."}}},
		{ID: "2", Subset: "s", Gold: "40", GoldFrom: chain.GoldFromSolution, AnswerCorrect: &yes, Steps: []chain.Step{{Text: "The answer is 40."}}},
		{ID: "3", Subset: "s", Gold: "7", GoldFrom: chain.GoldFromSolution, AnswerCorrect: &yes, Steps: []chain.Step{{Text: "The answer is 8."}}},
	}
	got, dis := GradeAgainstLabels(nil, chains)
	require.Len(t, got, 3)
	s, all, rec := got[0], got[1], got[2]
	assert.Equal(t, 3, s.Rows)
	assert.Equal(t, 2, s.NoGold)
	assert.Equal(t, 1, s.Equal)
	assert.InDelta(t, 100.0/3, all.DecidedShare, 1e-9)
	assert.Equal(t, 100.0, all.Agreement)
	assert.Equal(t, "all"+RecoveredSuffix, rec.Subset)
	assert.Equal(t, 2, rec.Rows)
	assert.Equal(t, 1, rec.Equal)
	assert.Equal(t, 1, rec.DifferentRight)
	assert.Equal(t, 50.0, rec.Agreement)
	require.Len(t, dis, 1)
	assert.Equal(t, "3"+RecoveredSuffix, dis[0].ID, "a disagreement against a recovered gold says so")
}
