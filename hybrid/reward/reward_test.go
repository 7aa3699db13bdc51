package reward

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/outcome"
)

// scored is a chain of steps with merged scores and verdicts.
func scored(gold string, steps ...hybrid.ScoredStep) hybrid.Scored {
	for i := range steps {
		steps[i].Index = i
	}
	return hybrid.Scored{ID: "c", GoldAnswer: gold, Steps: steps}
}

func step(text string, score float64, v hybrid.Verdict) hybrid.ScoredStep {
	return hybrid.ScoredStep{Text: text, Score: score, Verdict: v}
}

func TestOf(t *testing.T) {
	clean := []hybrid.ScoredStep{step("2 + 3 = 5.", 0.9, hybrid.Verified), step("So the answer is \\boxed{5}.", 0.8, hybrid.NoVerdict)}
	refuted := []hybrid.ScoredStep{step("2 + 3 = 6.", 0, hybrid.Refuted), step("Then 6 - 1 = 5, so \\boxed{5}.", 0.8, hybrid.NoVerdict)}
	weak := []hybrid.ScoredStep{step("Guess 5.", 0.2, hybrid.NoVerdict), step("The answer is 5.", 0.7, hybrid.NoVerdict)}
	for _, tc := range []struct {
		name      string
		r         hybrid.Scored
		threshold float64
		verdict   outcome.Verdict
		answer    string
		by        string
		step      int
	}{
		{"equal, clean work", scored("5", clean...), 0.5, outcome.Equal, "5", "", -1},
		{"different", scored("6", clean...), 0.5, outcome.Different, "5", "", -1},
		{"equal, refuted step", scored("5", refuted...), 0.5, outcome.Equal, "5", ByProven, 0},
		{"equal, weak step", scored("5", weak...), 0.5, outcome.Equal, "5", ByPredicted, 0},
		{"weak step without a threshold", scored("5", weak...), 0, outcome.Equal, "5", "", -1},
		{"wrong answer is never flagged", scored("7", refuted...), 0.5, outcome.Different, "5", "", -1},
		{"no answer", scored("5", step("We add.", 0.9, hybrid.NoVerdict)), 0.5, NoAnswer, "", "", -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := Of(nil, &tc.r, tc.threshold)
			require.NotNil(t, o)
			assert.Equal(t, tc.verdict, o.Verdict, o.Reason)
			assert.Equal(t, tc.answer, o.Answer)
			assert.NotEmpty(t, o.Reason)
			assert.Equal(t, tc.by != "", o.RightAnswerWrongWork)
			assert.Equal(t, tc.by, o.By)
			if tc.by != "" {
				require.NotNil(t, o.Step)
				assert.Equal(t, tc.step, *o.Step)
			} else {
				assert.Nil(t, o.Step)
			}
		})
	}
	// a program-of-thought chain: the value its program prints, or no answer and why
	pot := scored("12", step("Step 1: price = 8", 0.9, hybrid.NoVerdict), step("Step 2: print(price * 1.5)", 0.9, hybrid.NoVerdict))
	o := Of(nil, &pot, 0.5)
	require.NotNil(t, o)
	assert.Equal(t, outcome.Equal, o.Verdict, o.Reason)
	assert.Equal(t, "program", o.Method)
	assert.Contains(t, o.Reason, "value in Python is 12.0")
	pot = scored("12", step("import math", 0.9, hybrid.NoVerdict), step("print(math.floor(12.5))", 0.9, hybrid.NoVerdict))
	o = Of(nil, &pot, 0.5)
	require.NotNil(t, o)
	assert.Equal(t, NoAnswer, o.Verdict)
	assert.Contains(t, o.Reason, "program not evaluated: line 1: an import")
	r := scored("", clean...)
	assert.Nil(t, Of(nil, &r, 0.5), "no gold, no outcome")
	r = scored("5", clean...)
	r.Err = "no PRM"
	assert.Nil(t, Of(nil, &r, 0.5), "a chain that was not scored has no outcome")
}

// The example: a response ending in \boxed{41} against the label 42 is paid nothing in
// outcome and combined modes; its twin ending in \boxed{42} has outcome 1.
func TestPay(t *testing.T) {
	eq := &Outcome{Verdict: outcome.Equal}
	diff := &Outcome{Verdict: outcome.Different}
	none := &Outcome{Verdict: NoAnswer}
	unk := &Outcome{Verdict: outcome.Unknown}
	for _, tc := range []struct {
		name     string
		s        Settings
		o        *Outcome
		process  float64
		refuted  bool
		want     float64
		fallback bool
	}{
		{"no gold pays the process", Settings{Mode: ModeOutcome}, nil, 0.7, false, 0.7, false},
		{"process mode ignores the answer", Settings{Mode: ModeProcess}, diff, 0.7, false, 0.7, false},
		{"outcome equal", Settings{Mode: ModeOutcome}, eq, 0.2, true, 1, false},
		{"outcome different", Settings{Mode: ModeOutcome}, diff, 0.9, false, 0, false},
		{"outcome no answer", Settings{Mode: ModeOutcome}, none, 0.9, false, 0, false},
		{"outcome unknown falls back", Settings{Mode: ModeOutcome}, unk, 0.6, false, 0.6, true},
		{"outcome unknown zero", Settings{Mode: ModeOutcome, OnUnknown: UnknownZero}, unk, 0.6, false, 0, true},
		{"grounded is the zero value", Settings{}, eq, 0.8, false, 0.8, false},
		{"grounded wrong answer", Settings{}, diff, 0.8, false, 0, false},
		{"grounded refuted step costs everything", Settings{}, eq, 0.8, true, 0, false},
		{"grounded unknown pays nothing", Settings{}, unk, 0.8, false, 0, true},
		{"grounded unknown pays nothing whatever on_unknown says", Settings{OnUnknown: UnknownProcess}, unk, 0.8, false, 0, true},
		{"combined unknown falls back", Settings{Mode: ModeCombined}, unk, 0.8, false, 0.8, true},
		{"combined unknown refuted", Settings{Mode: ModeCombined}, unk, 0.8, true, 0, true},
		{"combined no answer", Settings{Mode: ModeCombined}, none, 0.8, false, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := tc.s.Pay(tc.o, tc.process, tc.refuted)
			assert.Equal(t, tc.want, p.Reward)
			assert.Equal(t, tc.fallback, p.Fallback)
		})
	}
}

func TestWrongWorkPrefersTheProvenStep(t *testing.T) {
	r := scored("5", step("a", 0.1, hybrid.NoVerdict), step("b", 0, hybrid.Refuted))
	s, by := WrongWork(&r, 0.5)
	assert.Equal(t, 1, s)
	assert.Equal(t, ByProven, by)
}
