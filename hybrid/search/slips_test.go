package search_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/search"
	"github.com/leanprm/leanprm/internal/gensim"
)

// simChoice is one choice of the generator simulator with its slips (the "sim_slips" metadata).
type simChoice struct {
	Text  string        `json:"text"`
	Slips []gensim.Slip `json:"sim_slips"`
}

// simComplete asks the simulator at url for n whole answers to question (no stop string).
func simComplete(t testing.TB, url, question string, n int) []simChoice {
	t.Helper()
	b, err := json.Marshal(map[string]any{"model": "sim", "prompt": question + "\n\n", "n": n, "temperature": 0.8, "seed": 1})
	require.NoError(t, err)
	resp, err := http.Post(url+"/v1/completions", "application/json", bytes.NewReader(b))
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	var out struct{ Choices []simChoice }
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&out))
	return out.Choices
}

// refutedSteps scores each chain with the formal half alone (the real translator and the
// exact checker) and lists the steps it refuted.
func refutedSteps(t testing.TB, sc *search.Local, problem string, chains [][]string) [][]int {
	t.Helper()
	reqs := make([]search.ScoreRequest, len(chains))
	for i, c := range chains {
		reqs[i] = search.ScoreRequest{Problem: problem, Steps: c}
	}
	out := make([][]int, len(chains))
	for i, r := range sc.Score(context.Background(), reqs) {
		require.NoError(t, r.Err)
		for j, s := range r.Steps {
			if s.Verdict == hybrid.Refuted {
				out[i] = append(out[i], j)
			}
		}
	}
	return out
}

// TestSlipKindsFormalRefutationsNeverBefore (simulator, exact checker): chains the generator
// simulator writes with one kind of slip at a time, over GSM8K test problems, scored by the
// formal half alone. On every chain with a slip, each step the checker refutes is the first
// slipped step or after it, never before; problems whose slip-free chain already has a
// refuted step (a quirk of the reference solution) are left out and counted. Logged: how many
// slipped chains the formal half refutes at all, per kind — what it can see.
func TestSlipKindsFormalRefutationsNeverBefore(t *testing.T) {
	sims, problems := sampleProblems(t, 120, "")
	formal := localScorer(t, "formal")
	clean := simGenerator(t, sims, 0)
	var usable []int
	for i, p := range problems {
		ref := simComplete(t, clean.URL, p.Problem, 1)[0]
		if r := refutedSteps(t, formal, p.Problem, [][]string{strings.Split(ref.Text, "\n\n")}); len(r[0]) == 0 {
			usable = append(usable, i)
		}
	}
	t.Logf("%d of %d problems have a slip-free chain the checker refutes nowhere", len(usable), len(problems))
	require.Greater(t, len(usable), len(problems)/2)
	for _, k := range gensim.Kinds {
		srv := simSlips(t, sims, map[gensim.Kind]float64{k: 0.3}, 1)
		var chains, refuted, atSlip int
		for _, i := range usable {
			choices := simComplete(t, srv.URL, problems[i].Problem, 4)
			var steps [][]string
			var first []int
			for _, c := range choices {
				if len(c.Slips) == 0 {
					continue
				}
				for _, sl := range c.Slips {
					require.Equal(t, k, sl.Kind)
				}
				steps = append(steps, strings.Split(c.Text, "\n\n"))
				first = append(first, c.Slips[0].Step)
			}
			for j, r := range refutedSteps(t, formal, problems[i].Problem, steps) {
				chains++
				if len(r) > 0 {
					refuted++
					if r[0] == first[j] {
						atSlip++
					}
				}
				for _, at := range r {
					assert.GreaterOrEqual(t, at, first[j], "%s: a refutation before the slip: step %d of %q", k, at, steps[j])
				}
			}
		}
		t.Logf("%-9s %3d slipped chains: the formal half refutes %3d (%3d on the slipped step itself)", k, chains, refuted, atSlip)
		require.Greater(t, chains, 5, "%s: slipped chains", k)
	}
}

// TestMeasureLearnedSeparatesSlips (simulator, embedded PRM): for each kind of slip, pairs of a
// slip-free chain and a slipped chain of the same GSM8K test problem, scored by the learned
// half alone. Printed: how often the slipped chain's min-aggregate score is above, equal to or
// below the slip-free one's — whether the learned score can tell the two apart, which is what
// best-of-N, beam and the others rely on when the formal half refutes nothing. Runs when
// LEANPRM_MEASURE_SLIPS is set (the number of problems).
func TestMeasureLearnedSeparatesSlips(t *testing.T) {
	n, err := strconv.Atoi(os.Getenv("LEANPRM_MEASURE_SLIPS"))
	if err != nil {
		t.Skip("set LEANPRM_MEASURE_SLIPS=N (problems) to measure how the learned score separates slipped chains")
	}
	sims, problems := sampleProblems(t, n, "")
	learned := localScorer(t, "learned")
	clean := simGenerator(t, sims, 0)
	var b strings.Builder
	fmt.Fprintf(&b, "\n%-9s %6s %16s %8s %8s %18s\n", "kind", "pairs", "slipped higher", "equal", "lower", "mean min (ref/sl)")
	for _, k := range gensim.Kinds {
		srv := simSlips(t, sims, map[gensim.Kind]float64{k: 0.3}, 1)
		var higher, lower, equal int
		var refSum, slSum float64
		for _, p := range problems {
			ref := strings.Split(simComplete(t, clean.URL, p.Problem, 1)[0].Text, "\n\n")
			for _, c := range simComplete(t, srv.URL, p.Problem, 4) {
				if len(c.Slips) == 0 {
					continue
				}
				r := learned.Score(context.Background(), []search.ScoreRequest{
					{Problem: p.Problem, Steps: ref}, {Problem: p.Problem, Steps: strings.Split(c.Text, "\n\n")}})
				require.NoError(t, r[0].Err)
				require.NoError(t, r[1].Err)
				mr, ms := minScore(r[0].Steps), minScore(r[1].Steps)
				refSum, slSum = refSum+mr, slSum+ms
				switch {
				case ms > mr:
					higher++
				case ms < mr:
					lower++
				default:
					equal++
				}
			}
		}
		pairs := higher + lower + equal
		fmt.Fprintf(&b, "%-9s %6d %15.0f%% %7.0f%% %7.0f%% %10.3f / %.3f\n", k, pairs, 100*float64(higher)/float64(pairs),
			100*float64(equal)/float64(pairs), 100*float64(lower)/float64(pairs), refSum/float64(pairs), slSum/float64(pairs))
	}
	t.Log(b.String())
}

func minScore(s []hybrid.ScoredStep) float64 {
	m := 1.0
	for _, x := range s {
		m = min(m, x.Score)
	}
	return m
}
