package serve

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/bench"
	"github.com/leanprm/leanprm/hybrid/chain"
	"github.com/leanprm/leanprm/hybrid/reward"
	"github.com/leanprm/leanprm/internal/testutil/testshared"
)

// TestBestOfNGroundedKeepsQuality picks the best of N per problem on the ProcessBench dev
// data (every problem with two chains or more, by its final_answer_correct), as `select`
// does with the default min aggregate (bench.SelectBest: the highest score, the first of
// equal ones), once by today's process score (the chain's min, what combined pays a right
// answer) and once by the grounded value (what grounded pays a right answer). No gold answer
// is used: the pick is what a reward without a label ranks first. The grounded pick must be
// right on at least as many problems.
func TestBestOfNGroundedKeepsQuality(t *testing.T) {
	if testing.Short() {
		t.Skip("scores the ProcessBench dev chains")
	}
	var chains []chain.Chain
	for _, subset := range []string{"gsm8k", "math", "olympiadbench", "omnimath"} {
		cs, _, err := chain.Read(testshared.Path(t, "data/processbench/"+subset+".dev.jsonl"), chain.FormatAuto)
		require.NoError(t, err)
		chains = append(chains, cs...)
	}
	n := map[string]int{}
	for _, c := range chains {
		n[strings.TrimSpace(c.Problem)]++
	}
	ts := exactServer(t, Options{})
	var results []hybrid.Scored
	for _, c := range chains {
		if n[strings.TrimSpace(c.Problem)] < 2 {
			continue
		}
		r, err := ts.built.Parts.Scorer.ScoreChain(testCtx(t), c)
		require.NoError(t, err)
		results = append(results, r)
	}
	sel := bench.SelectBest(results, hybrid.AggMin)
	right := func(i int) bool { return results[i].AnswerCorrect != nil && *results[i].AnswerCorrect }
	var problems, mixed, byMin, byGrounded, byMinMixed, byGroundedMixed, oracle int
	for _, s := range sel {
		best, bestV := -1, 0.0
		anyRight, anyWrong := false, false
		for _, i := range s.Candidates {
			v := reward.Measure(&results[i], results[i].Aggregate(hybrid.AggMin)).Value()
			if best < 0 || v > bestV {
				best, bestV = i, v
			}
			anyRight, anyWrong = anyRight || right(i), anyWrong || !right(i)
		}
		problems++
		if anyRight {
			oracle++
		}
		if right(s.Best) {
			byMin++
		}
		if right(best) {
			byGrounded++
		}
		if anyRight && anyWrong {
			mixed++
			if right(s.Best) {
				byMinMixed++
			}
			if right(best) {
				byGroundedMixed++
			}
		}
	}
	pct := func(a, b int) float64 { return 100 * float64(a) / float64(b) }
	t.Logf("best-of-N on %d ProcessBench dev problems (%d chains; %d with right and wrong candidates): min %.1f %% (%d), grounded %.1f %% (%d), oracle %.1f %%; on the mixed ones: min %.1f %%, grounded %.1f %%",
		problems, len(results), mixed, pct(byMin, problems), byMin, pct(byGrounded, problems), byGrounded, pct(oracle, problems),
		pct(byMinMixed, mixed), pct(byGroundedMixed, mixed))
	require.Greater(t, mixed, 50)
	assert.GreaterOrEqual(t, byGrounded, byMin, "the grounded pick is right at least as often")
}
