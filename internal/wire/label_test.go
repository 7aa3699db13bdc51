package wire

import (
	"context"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/hybrid/label"
	"github.com/leanprm/leanprm/internal/gensim"
)

// TestRolloutsThroughTheSimulator: the label generator over the real simulator on loopback —
// K rollouts from a prefix in one request, graded by the outcome grader; a prefix that
// already states its answer (the simulator ends at once, an empty completion) is its own
// rollout, not an error.
func TestRolloutsThroughTheSimulator(t *testing.T) {
	ps, err := gensim.LoadFile("../../testdata/search/gsm8k-style.jsonl")
	require.NoError(t, err)
	sim, err := gensim.New(ps, gensim.Options{})
	require.NoError(t, err)
	srv := httptest.NewServer(sim.Handler())
	defer srv.Close()
	g, err := NewLabelGenerator(GeneratorOptions{URL: srv.URL, Temperature: 0.8})
	require.NoError(t, err)
	defer g.Close()
	ctx := context.Background()
	problem := "Tom has 10 apples and buys 3 bags of 4 apples each. How many apples does he have now?"
	outs, err := g.Roller.Rollouts(ctx, problem, []string{"The bags hold 3*4 = 12 apples."}, 3)
	require.NoError(t, err)
	require.Len(t, outs, 3)
	for _, o := range outs {
		require.Equal(t, label.Reached, g.Grader.Grade("", "22", "The bags hold 3*4 = 12 apples.\n"+o), o)
	}
	outs, err = g.Roller.Rollouts(ctx, problem, []string{"The bags hold 3*4 = 13 apples."}, 2)
	require.NoError(t, err)
	for _, o := range outs {
		require.Equal(t, label.Missed, g.Grader.Grade("", "22", o), "the slip is carried: %s", o)
	}
	done := []string{"The bags hold 3*4 = 12 apples.", "Tom now has 10+12 = 22 apples.", "The answer is 22."}
	outs, err = g.Roller.Rollouts(ctx, problem, done, 2)
	require.NoError(t, err)
	require.Equal(t, []string{"", ""}, outs)
	require.Equal(t, label.Undecided, g.Grader.Grade("", "22", "no answer stated here"))
}

// TestLabelGraderReadsChoiceLettersThroughTheProblem: label grades rollouts with the one
// grader check, serve, select and search use, problem included, so a rollout that ends on a
// choice letter is Reached or Missed through the options the problem lists, and stays
// Undecided when the problem lists none.
func TestLabelGraderReadsChoiceLettersThroughTheProblem(t *testing.T) {
	g := AnswerGrader(nil)
	problem := "How many legs do 5 spiders have in all? (A) 30 (B) 40 (C) 45 (D) 50"
	require.Equal(t, label.Reached, g.Grade(problem, "40", "Each has 8 legs, 5*8 = 40.\nThe answer is (B)."))
	require.Equal(t, label.Missed, g.Grade(problem, "40", "Each has 8 legs, 5*8 = 40.\nThe answer is (D)."))
	require.Equal(t, label.Undecided, g.Grade("How many legs do 5 spiders have in all?", "40", "The answer is (B)."))
}
