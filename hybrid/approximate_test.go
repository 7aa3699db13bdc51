package hybrid

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/hybrid/chain"
)

func TestCombineVerdictsApproximate(t *testing.T) {
	ob := func(vs ...Verdict) []Obligation {
		out := make([]Obligation, len(vs))
		for i, v := range vs {
			out[i] = Obligation{Verdict: v}
		}
		return out
	}
	assert.Equal(t, Approximate, CombineVerdicts(ob(Approximate)))
	assert.Equal(t, Approximate, CombineVerdicts(ob(Verified, Approximate)))
	assert.Equal(t, Verified, CombineVerdicts(ob(Verified, Verified)))
	assert.Equal(t, Refuted, CombineVerdicts(ob(Approximate, Refuted)))
	assert.Equal(t, Unknown, CombineVerdicts(ob(Approximate, Unknown)))

	var v Verdict
	require.NoError(t, json.Unmarshal([]byte(`"approximate"`), &v))
	assert.Equal(t, Approximate, v)
}

// warnFormal verifies every step and warns on all but the last.
type warnFormal struct{}

func (warnFormal) JudgeSteps(_ context.Context, _ string, steps []chain.Step) ([]FormalStep, error) {
	out := make([]FormalStep, len(steps))
	for i := range out {
		out[i] = FormalStep{Verdict: Verified, Checker: "exact",
			Obligations: []Obligation{{Text: "1 = 1", Verdict: Verified, Checker: "exact"}}}
		if i < len(steps)-1 {
			out[i].Warnings = []string{"the sim checker failed (crash); the exact checker's verdicts stand"}
		}
	}
	return out, nil
}

// TestScorerCollectsFormalWarnings: a checker failure on several steps is
// one chain warning naming the steps, and the verdicts stand.
func TestScorerCollectsFormalWarnings(t *testing.T) {
	s := &Scorer{PRM: &fakePRM{}, Formal: warnFormal{}}
	r, err := s.ScoreChain(context.Background(), mkChain("a", "p", "x", "y", "z"))
	require.NoError(t, err)
	assert.Equal(t, []string{"steps 1, 2: the sim checker failed (crash); the exact checker's verdicts stand"}, r.Warnings)
	assert.True(t, r.CheckerFailed, "a checker failure is flagged for whoever turns scores into rewards")
	clean, err := (&Scorer{PRM: &fakePRM{}}).ScoreChain(context.Background(), mkChain("b", "p", "x"))
	require.NoError(t, err)
	assert.False(t, clean.CheckerFailed)
	for _, st := range r.Steps {
		assert.Equal(t, Verified, st.Verdict)
	}
}
