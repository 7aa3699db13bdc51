package bench

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/hybrid"
)

// candidate is a one-step chain answering text with score, for problem p with gold.
func candidate(id, p, gold, text string, score float64) hybrid.Scored {
	return hybrid.Scored{ID: id, Problem: p, GoldAnswer: gold, FirstError: -2,
		Steps: []hybrid.ScoredStep{{Text: text, Score: score}}}
}

// Five candidates: the best-scored chain states no answer, the single best-scored answer is
// wrong, and three differently written answers are the same right one. Each selector picks
// differently, and the outcome-only oracle solves the problem.
func TestSelectMajorityAndWeighted(t *testing.T) {
	p, gold := "What is one half?", "1/2"
	results := []hybrid.Scored{
		candidate("c1", p, gold, `So the answer is $\boxed{\frac{3}{4}}$.`, 0.9),
		candidate("c2", p, gold, `The answer is 0.5.`, 0.3),
		candidate("c3", p, gold, `So the answer is $\boxed{\dfrac{1}{2}}$.`, 0.3),
		candidate("c4", p, gold, `Final Answer: 1/2`, 0.2),
		candidate("c5", p, gold, `We think about halves.`, 0.95),
		candidate("d1", "Another problem", "", `The answer is 7.`, 0.5),
	}
	pick := func(selector string) Selection {
		sel := Select(nil, results, selector, hybrid.AggMin)
		require.Len(t, sel, 2)
		assert.Nil(t, sel[1].Correct, "no gold, no judgement")
		return sel[0]
	}
	s := pick("min")
	assert.Equal(t, "c5", s.BestID)
	assert.Equal(t, "", s.Answer)
	require.NotNil(t, s.Correct)
	assert.False(t, *s.Correct, "no answer is not a right answer")
	assert.True(t, s.AnyCorrect)

	s = pick(SelectMajority)
	assert.Equal(t, "c2", s.BestID, "the best-scored chain of the three-vote class (first on ties)")
	assert.Equal(t, 3, s.Votes)
	assert.InDelta(t, 0.8, s.ClassScore, 1e-9)
	require.NotNil(t, s.Correct)
	assert.True(t, *s.Correct)

	s = pick(SelectWeighted)
	assert.Equal(t, "c1", s.BestID, "0.9 for 3/4 beats 0.3 + 0.3 + 0.2 for 1/2")
	require.NotNil(t, s.Correct)
	assert.False(t, *s.Correct)
	assert.Equal(t, "different", s.Verdict)

	sum := SummarizeOutcomes(nil, results, hybrid.AggMin)
	acc := map[string]SelectorAccuracy{}
	for _, a := range sum.Selectors {
		acc[a.Selector] = a
	}
	assert.Equal(t, 1, acc["majority"].Problems)
	assert.Equal(t, 100.0, acc["majority"].Accuracy)
	assert.Equal(t, 0.0, acc["weighted"].Accuracy)
	assert.Equal(t, 0.0, acc["min"].Accuracy)
	assert.Equal(t, 1, sum.Problems, "the problem without gold is not judged")
	assert.Equal(t, 100.0, sum.OutcomeOnly)
	assert.InDelta(t, 60.0, sum.Chance, 1e-9)
}

// Without gold answers, the data set's judgement of each final answer decides (ProcessBench's
// final_answer_correct).
func TestSelectUsesTheDataSetsJudgement(t *testing.T) {
	yes, no := true, false
	a := candidate("a", "p", "", "The answer is 3.", 0.9)
	a.AnswerCorrect = &no
	b := candidate("b", "p", "", "The answer is 4.", 0.1)
	b.AnswerCorrect = &yes
	sel := Select(nil, []hybrid.Scored{a, b}, "min", hybrid.AggMin)
	require.Len(t, sel, 1)
	require.NotNil(t, sel[0].Correct)
	assert.False(t, *sel[0].Correct)
	assert.Equal(t, "labelled", sel[0].Verdict)
	assert.True(t, sel[0].AnyCorrect)
}

func TestParseSelector(t *testing.T) {
	for in, want := range map[string]string{"majority": "majority", " Weighted ": "weighted", "prod": "product", "": "min"} {
		got, err := ParseSelector(in)
		require.NoError(t, err)
		assert.Equal(t, want, got)
	}
	_, err := ParseSelector("vote")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "majority, weighted")
}
