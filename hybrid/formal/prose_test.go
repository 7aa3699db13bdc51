package formal

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/chain"
	"github.com/leanprm/leanprm/translate"
)

func TestProseJudgeSteps(t *testing.T) {
	tr, err := translate.New(translate.Options{})
	require.NoError(t, err)
	c := NewProse(tr)
	steps := []chain.Step{
		{Text: "Natalia sold 48/2 = 24 clips in May."},
		{Text: "So 3 + 4 = 8."},
		{Text: "She is happy."},
		{Text: "example : (3 : Rat) + 4 = 8 := by decide", Formal: true},
	}
	got, err := c.JudgeSteps(context.Background(), "Natalia sold clips to 48 of her friends.", steps)
	require.NoError(t, err)
	require.Len(t, got, len(steps))

	assert.Equal(t, hybrid.Verified, got[0].Verdict)
	assert.Equal(t, "exact", got[0].Checker)
	require.Len(t, got[0].Obligations, 1)
	ob := got[0].Obligations[0]
	assert.Equal(t, hybrid.Verified, ob.Verdict)
	assert.NotEmpty(t, ob.Text)
	assert.Contains(t, ob.Lean, "\n", "both declarations, P then ¬(P)")

	assert.Equal(t, hybrid.Refuted, got[1].Verdict)
	assert.Equal(t, "exact", got[1].Checker)
	assert.Equal(t, hybrid.NoVerdict, got[2].Verdict)
	assert.Empty(t, got[2].Obligations)
	assert.Equal(t, hybrid.NoVerdict, got[3].Verdict, "a Lean step is not translated")
	for i, fs := range got {
		// "So 3 + 4 = 8." is nothing but its claim: the step is formal (and refuted); the others
		// say more than their claims, or have none.
		assert.Equal(t, i == 1, fs.FullyFormal, "step %d", i)
	}

	// As the formal side of a scorer: the refuted step scores 0.
	s := &hybrid.Scorer{PRM: constPRM(0.9), Formal: c}
	res, err := s.ScoreChain(context.Background(), chain.Chain{Problem: "p", Steps: steps})
	require.NoError(t, err)
	assert.Equal(t, 1, res.Predict(0.5))
	assert.Equal(t, hybrid.FromFormal, res.Steps[1].Source)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = c.JudgeSteps(ctx, "p", steps)
	assert.ErrorIs(t, err, context.Canceled)
}

// TestProseUsesProblem: the chain's problem reaches the translator, so a
// decimal the problem states is exact in the steps (5% off: 0.95), and
// the same step under another problem may be a rounding.
func TestProseUsesProblem(t *testing.T) {
	tr, err := translate.New(translate.Options{})
	require.NoError(t, err)
	c := NewProse(tr)
	steps := []chain.Step{{Text: "The bag costs $140 * 0.95 = $134."}}
	for _, tc := range []struct {
		problem string
		want    hybrid.Verdict
	}{
		{"A bag marked $140 has a 5% discount. What does it cost?", hybrid.Refuted},
		{"A bag is marked $140. What does it cost?", hybrid.NoVerdict},
		{"", hybrid.NoVerdict},
	} {
		got, err := c.JudgeSteps(context.Background(), tc.problem, steps)
		require.NoError(t, err)
		require.Len(t, got, 1)
		assert.Equal(t, tc.want, got[0].Verdict, "problem %q", tc.problem)
	}
	// Through a scorer, whose chain carries the problem.
	s := &hybrid.Scorer{PRM: constPRM(0.9), Formal: c}
	res, err := s.ScoreChain(context.Background(), chain.Chain{Problem: "A $140 bag is sold at 5 percent off.", Steps: steps})
	require.NoError(t, err)
	assert.Equal(t, hybrid.FromFormal, res.Steps[0].Source)
	assert.Equal(t, 0, res.Predict(0.5))
}

type constPRM float64

func (p constPRM) ScoreChain(_ context.Context, _ string, steps []chain.Step) ([]float64, error) {
	out := make([]float64, len(steps))
	for i := range out {
		out[i] = float64(p)
	}
	return out, nil
}

func TestConvertVerdict(t *testing.T) {
	for in, want := range map[translate.Verdict]hybrid.Verdict{
		translate.Verified:    hybrid.Verified,
		translate.Approximate: hybrid.Approximate,
		translate.Refuted:     hybrid.Refuted,
		translate.Unknown:     hybrid.Unknown,
		translate.Error:       hybrid.Unknown,
		"":                    hybrid.Unknown,
	} {
		assert.Equal(t, want, ConvertVerdict(in), "%q", in)
	}
}

func TestConvertStep(t *testing.T) {
	s := translate.StepResult{Obligations: []translate.Obligation{
		{Expr: "1 + 1 = 2", Lean: "P1", LeanNeg: "N1", Verdict: translate.Unknown, Checker: "lean", Reason: "neither"},
		{Expr: "2 + 2 = 4", Lean: "P2", LeanNeg: "N2", Verdict: translate.Verified, Checker: "lean"},
		{Expr: "2 + 2 = 5", Lean: "P3", LeanNeg: "N3", Verdict: translate.Refuted, Checker: "exact",
			Messages: []translate.LeanMessage{{Severity: "error", Line: 3, Column: 4, Data: "boom"}}},
	}}
	fs := ConvertStep(s)
	assert.Equal(t, hybrid.Refuted, fs.Verdict)
	assert.Equal(t, "exact", fs.Checker, "a refuted step names the checker that refuted it")
	require.Len(t, fs.Obligations, 3)
	assert.Equal(t, "P1\nN1", fs.Obligations[0].Lean)
	assert.Equal(t, []string{"neither"}, fs.Obligations[0].Messages)
	assert.Equal(t, []string{"error 3:4: boom"}, fs.Obligations[2].Messages)

	s.Obligations = s.Obligations[:2]
	fs = ConvertStep(s)
	assert.Equal(t, hybrid.Unknown, fs.Verdict, "one claim undecided")
	assert.Equal(t, "lean", fs.Checker, "the first checker that decided")

	assert.Equal(t, hybrid.FormalStep{}, ConvertStep(translate.StepResult{}))
	out := ConvertChain(translate.ChainResult{Steps: []translate.StepResult{s}}, 3)
	require.Len(t, out, 3)
	assert.Equal(t, hybrid.Unknown, out[0].Verdict)
	assert.Equal(t, hybrid.NoVerdict, out[2].Verdict)
}
