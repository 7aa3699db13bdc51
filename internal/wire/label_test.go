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
		require.Equal(t, label.Reached, g.Grader.Grade("22", "The bags hold 3*4 = 12 apples.\n"+o), o)
	}
	outs, err = g.Roller.Rollouts(ctx, problem, []string{"The bags hold 3*4 = 13 apples."}, 2)
	require.NoError(t, err)
	for _, o := range outs {
		require.Equal(t, label.Missed, g.Grader.Grade("22", o), "the slip is carried: %s", o)
	}
	done := []string{"The bags hold 3*4 = 12 apples.", "Tom now has 10+12 = 22 apples.", "The answer is 22."}
	outs, err = g.Roller.Rollouts(ctx, problem, done, 2)
	require.NoError(t, err)
	require.Equal(t, []string{"", ""}, outs)
	require.Equal(t, label.Undecided, g.Grader.Grade("22", "no answer stated here"))
}
