package search_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
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
