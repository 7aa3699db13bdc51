package search_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/generate"
	"github.com/leanprm/leanprm/hybrid/search"
)

func TestOptionsOfTheSearches(t *testing.T) {
	gps, ps := fixture(t)
	srv := simGenerator(t, gps, 0.3)
	sc := localScorer(t, "hybrid")
	cases := []struct {
		name  string
		o     search.Options
		check func(t *testing.T, r search.Result)
	}{
		{"beam with lookahead", search.Options{Algo: search.Beam, N: 8, Lookahead: 2}, func(t *testing.T, r search.Result) {
			// Lookahead steps are scored (counted) but never enter the tree.
			steps := 0
			walk(r.Tree, func(n *search.Node) {
				if n.ID != 0 {
					steps += len(strings.Split(n.Text, "\n\n"))
				}
			})
			assert.Greater(t, r.Counts.StepsScored, steps)
		}},
		{"mcts with rollouts", search.Options{Algo: search.MCTS, N: 8, Rollouts: true, C: 2, Iterations: 12}, func(t *testing.T, r search.Result) {
			assert.Positive(t, r.Tree.Visits)
		}},
		{"mcts with one iteration completes its best path", search.Options{Algo: search.MCTS, N: 4, Iterations: 1}, func(t *testing.T, r search.Result) {
			assert.Positive(t, r.Counts.Finished)
		}},
		{"prefer verified", search.Options{Algo: search.Beam, N: 8, PreferVerified: true}, func(t *testing.T, r search.Result) {
			for _, st := range r.Chain[:len(r.Chain)-1] {
				assert.Equal(t, hybrid.Verified, st.Verdict, "every calculation of the chosen chain verified: %q", st.Text)
			}
		}},
		{"best-of-n majority", search.Options{Algo: search.BestOfN, N: 8, Select: search.SelectMajority}, nil},
		{"best-of-n weighted, product", search.Options{Algo: search.BestOfN, N: 8, Select: search.SelectWeighted, Agg: hybrid.AggProduct}, nil},
		{"dvts, last", search.Options{Algo: search.DVTS, N: 8, Width: 2, Agg: hybrid.AggLast}, nil},
		{"step budget", search.Options{Algo: search.Beam, N: 4, MaxSteps: 1}, func(t *testing.T, r search.Result) {
			// The only step runs to the end: a whole solution per call, one call, and one more
			// when every solution had a refuted step.
			assert.LessOrEqual(t, r.Counts.GeneratorCalls, int64(2))
			assert.Positive(t, r.Counts.Finished)
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tc.o.Prune, tc.o.Tree, tc.o.Sampling = true, true, generate.DefaultParams()
			s := &search.Searcher{Generator: client(t, srv.URL), Scorer: sc, Options: tc.o}
			var results []search.Result
			for _, p := range ps[:6] {
				r := s.Search(context.Background(), p)
				require.Empty(t, r.Error, p.ID)
				if tc.o.MaxSteps != 1 {
					// A whole solution scored at once can read a slip as unknown where the step
					// alone is refuted (the translator reads a chain as a whole), so a one-step
					// budget may keep a wrong solution.
					assert.Equal(t, "equal", r.Outcome, "%s: %s", p.ID, r.Answer)
				}
				if tc.check != nil {
					tc.check(t, r)
				}
				results = append(results, r)
			}
			var html bytes.Buffer
			require.NoError(t, search.WriteHTML(&html, results))
			assert.Contains(t, html.String(), `class="node chosen"`)
		})
	}
}

func TestParseNames(t *testing.T) {
	for _, s := range []string{"greedy", "best-of-n", "beam", "dvts", "mcts", "BEAM"} {
		_, err := search.ParseAlgo(s)
		assert.NoError(t, err, s)
	}
	_, err := search.ParseAlgo("astar")
	assert.ErrorContains(t, err, "want greedy, best-of-n, beam, dvts or mcts")
	_, err = search.ParseSelection("vote")
	assert.Error(t, err)
}
