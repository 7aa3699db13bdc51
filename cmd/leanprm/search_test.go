package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestREADMESearchExample runs the README's example: `sim generator` as a child on a free port
// (the README's 127.0.0.1:8000 replaced), then its `search` command line as written.
func TestREADMESearchExample(t *testing.T) {
	readme, err := os.ReadFile(repoFile(t, "README.md"))
	require.NoError(t, err)
	m := regexp.MustCompile("(?s)```sh\n(bin/leanprm sim generator [^\n]*) &\n(bin/leanprm search [^\n]*)\n```").FindSubmatch(readme)
	require.NotNil(t, m, "the README's search example")
	simArgs := strings.Fields(string(m[1]))[1:]
	searchArgs := strings.Fields(string(m[2]))[1:]
	root := filepath.Dir(repoFile(t, "go.mod"))
	for i, a := range simArgs {
		switch {
		case a == "127.0.0.1:8000":
			simArgs[i] = "127.0.0.1:0"
		case strings.HasPrefix(a, "testdata/"):
			simArgs[i] = filepath.Join(root, a)
		}
	}
	// startSimGenerator adds its own --problems and --addr; pass the rest.
	var rest []string
	for i := 2; i < len(simArgs); i++ {
		if simArgs[i] == "--problems" || simArgs[i] == "--addr" {
			i++
			continue
		}
		rest = append(rest, simArgs[i])
	}
	url, _ := startSimGenerator(t, rest...)
	for i, a := range searchArgs {
		switch {
		case a == "http://127.0.0.1:8000/v1":
			searchArgs[i] = url
		case strings.HasPrefix(a, "testdata/"):
			searchArgs[i] = filepath.Join(root, a)
		}
	}
	var out, errb bytes.Buffer
	err = Run(context.Background(), append(searchArgs, "--tree", "--html", filepath.Join(t.TempDir(), "t.html")), nil, &out, &errb)
	require.NoError(t, err, errb.String())
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	require.Len(t, lines, 7)
	for _, l := range lines {
		var r struct {
			ID      string `json:"id"`
			Outcome string `json:"outcome"`
			Chain   []struct {
				Verdict   string `json:"verdict"`
				Generator string `json:"generator"`
			} `json:"chain"`
			Counts map[string]int `json:"counts"`
			Tree   *struct {
				Children []json.RawMessage `json:"children"`
			} `json:"tree"`
		}
		require.NoError(t, json.Unmarshal([]byte(l), &r))
		assert.Equal(t, "equal", r.Outcome, r.ID)
		require.NotEmpty(t, r.Chain)
		for _, s := range r.Chain {
			assert.NotEqual(t, "refuted", s.Verdict)
			assert.Equal(t, "sim", s.Generator)
		}
		assert.Positive(t, r.Counts["generator_calls"])
		require.NotNil(t, r.Tree)
	}
	assert.Contains(t, errb.String(), "7 problems: 7 equal")
}

func TestSearchFailingGeneratorExitStatus(t *testing.T) {
	url, _ := startSimGenerator(t, "--fault", "500")
	problems, err := filepath.Abs("../../testdata/search/gsm8k-style.jsonl")
	require.NoError(t, err)
	var out, errb bytes.Buffer
	err = Run(context.Background(), []string{"search", "--generator", url, "--generator-retries", "1", "--n", "2", problems}, nil, &out, &errb)
	assert.Equal(t, 1, exitCode(err, &errb))
	assert.Equal(t, 7, strings.Count(out.String(), `"error":"generator `), "every problem answered with its error")
	assert.Contains(t, errb.String(), "HTTP 500: leanprm generator simulator: injected fault: internal error (after 2 attempts)")

	err = Run(context.Background(), []string{"search", problems}, nil, &out, &errb)
	assert.Equal(t, 2, exitCode(err, &errb), "--generator is required")
}

// TestSearchScorerURLEndToEnd runs the whole loop as a user would, every part a real process on
// loopback: `leanprm serve` (the exact checker), `leanprm sim generator` and `leanprm search
// --scorer URL --algo beam`. The search process is configured with a Lean REPL that does not
// exist, so a step it scored itself could not carry the server's "exact" verdicts; the server's
// own metrics count the chains and refutations it was sent.
func TestSearchScorerURLEndToEnd(t *testing.T) {
	sc, _ := startServe(t, nil, "--checker", "exact")
	genURL, _ := startSimGenerator(t, "--slip-rate", "0.3", "--seed", "7")
	problems, err := filepath.Abs("../../testdata/search/gsm8k-style.jsonl")
	require.NoError(t, err)
	golds := map[string]bool{}
	data, err := os.ReadFile(problems)
	require.NoError(t, err)
	for _, m := range regexp.MustCompile(`#### ([0-9.]+)"`).FindAllSubmatch(data, -1) {
		golds[string(m[1])] = true
	}

	// A problem's id is its file and line, and the search seeds its generator calls from it: the
	// file is read by a name relative to the child's directory, so the draws do not depend on
	// where the repository is checked out (an absolute path made this test pass or fail by it).
	cmd := child(t, "search", "--generator", genURL, "--scorer", sc.url, "--algo", "beam", "--n", "8", "--width", "4", filepath.Base(problems))
	require.NoError(t, os.WriteFile(filepath.Join(cmd.Dir, filepath.Base(problems)), data, 0o644))
	cmd.Env = append(cmd.Env, "LEANPRM_CHECKER=lean", "LEANPRM_LEAN_COMMAND="+filepath.Join(t.TempDir(), "no-such-repl"))
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	require.NoError(t, cmd.Start())
	require.Equal(t, 0, waitExit(t, cmd), errb.String())

	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	require.Len(t, lines, 7, out.String())
	var scored, pruned, exactSteps int
	for _, l := range lines {
		var r struct {
			ID      string `json:"id"`
			Algo    string `json:"algo"`
			Policy  string `json:"policy"`
			Answer  string `json:"answer"`
			Gold    string `json:"gold"`
			Outcome string `json:"outcome"`
			Error   string `json:"error"`
			Chain   []struct {
				Text      string  `json:"text"`
				Score     float64 `json:"score"`
				Source    string  `json:"source"`
				Verdict   string  `json:"verdict"`
				Checker   string  `json:"checker"`
				Generator string  `json:"generator"`
			} `json:"chain"`
			Counts struct {
				GeneratorCalls int `json:"generator_calls"`
				StepsScored    int `json:"steps_scored"`
				PrunedByProof  int `json:"pruned_by_proof"`
			} `json:"counts"`
		}
		require.NoError(t, json.Unmarshal([]byte(l), &r))
		require.Empty(t, r.Error, r.ID)
		assert.Equal(t, "beam", r.Algo)
		assert.Equal(t, "hybrid", r.Policy)
		assert.True(t, golds[r.Gold], "%s: the gold is the file's #### answer, got %q", r.ID, r.Gold)
		assert.Equal(t, "equal", r.Outcome, "%s: answer %q, gold %q", r.ID, r.Answer, r.Gold)
		require.NotEmpty(t, r.Chain, r.ID)
		for _, s := range r.Chain {
			assert.NotEmpty(t, s.Text)
			assert.NotEqual(t, "refuted", s.Verdict, "%s: a refuted step is never kept", r.ID)
			assert.Equal(t, "sim", s.Generator)
			assert.NotEqual(t, "lean", s.Checker, "%s: scored by the server, not by this process's (missing) REPL", r.ID)
			if s.Checker == "exact" {
				exactSteps++
			}
		}
		assert.GreaterOrEqual(t, r.Counts.GeneratorCalls, len(r.Chain), r.ID)
		assert.GreaterOrEqual(t, r.Counts.StepsScored, len(r.Chain), r.ID)
		scored += r.Counts.StepsScored
		pruned += r.Counts.PrunedByProof
	}
	assert.Positive(t, exactSteps, "the server's exact checker gave verdicts on the chosen chains")
	assert.Positive(t, pruned, "slips at 0.3 per step: some steps refuted and pruned")
	assert.Contains(t, errb.String(), "7 problems: 7 equal")

	// The server saw the work: /v1/score requests, one chain per scored node (a node holds one
	// or more new steps), and at least one refutation per pruned step.
	code, metrics := request(t, http.MethodGet, sc.url+"/metrics", "", "")
	require.Equal(t, http.StatusOK, code)
	requests := metricValue(t, metrics, `leanprm_http_requests_total{code="200",endpoint="v1_score"}`)
	chains := metricValue(t, metrics, `leanprm_items_total{kind="score",outcome="ok"}`)
	refuted := metricValue(t, metrics, `leanprm_verdicts_total{checker="exact",verdict="refuted"}`)
	assert.Positive(t, requests)
	assert.GreaterOrEqual(t, chains, requests, "each request carries at least one chain")
	assert.LessOrEqual(t, chains, float64(scored), "a chain per scored node, its new steps only")
	assert.Greater(t, chains, float64(scored)/2, "the steps scored were scored by the server")
	assert.GreaterOrEqual(t, refuted, float64(pruned))
	assert.Zero(t, metricValueOr(metrics, `leanprm_items_total{kind="score",outcome="error"}`, 0))
}

// metricValue reads one sample of a Prometheus text exposition (the series written in full).
func metricValue(t *testing.T, metrics, series string) float64 {
	t.Helper()
	v := metricValueOr(metrics, series, -1)
	require.NotEqual(t, -1.0, v, "no %s in\n%s", series, metrics)
	return v
}

func metricValueOr(metrics, series string, missing float64) float64 {
	for _, l := range strings.Split(metrics, "\n") {
		if rest, ok := strings.CutPrefix(l, series+" "); ok {
			if v, err := strconv.ParseFloat(strings.TrimSpace(rest), 64); err == nil {
				return v
			}
		}
	}
	return missing
}

// TestSearchWritesInInputOrder runs search from the built binary against the generator
// simulator with four problems at a time: the lines come out in the problems' order (ids
// FILE:LINE, in input order), however the searches finish.
func TestSearchWritesInInputOrder(t *testing.T) {
	url, _ := startSimGenerator(t, "--slip-rate", "0")
	problems := repoFile(t, "testdata/search/gsm8k-style.jsonl")
	var in strings.Builder
	for range 3 { // 21 problems, so that finishing order has room to differ
		b, err := os.ReadFile(problems)
		require.NoError(t, err)
		in.Write(b)
	}
	file := filepath.Join(t.TempDir(), "p.jsonl")
	require.NoError(t, os.WriteFile(file, []byte(in.String()), 0o644))
	out, errOut, code := runBin(t, nil, "search", "--generator", url, "--algo", "best-of-n", "--n", "2", "--parallel", "4", "--checker", "exact", file)
	require.Equal(t, 0, code, errOut)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 21)
	var want, got []string
	for i, l := range lines {
		var r struct {
			ID string `json:"id"`
		}
		require.NoError(t, json.Unmarshal([]byte(l), &r))
		got = append(got, r.ID)
		want = append(want, file+":"+strconv.Itoa(i+1))
	}
	assert.Equal(t, want, got)
}

type searchLine struct {
	ID        string `json:"id"`
	Error     string `json:"error"`
	Budget    bool   `json:"step_budget_reached"`
	TokensCut bool   `json:"max_tokens_reached"`
	Fallback  string `json:"fallback"`
	Answer    string `json:"answer"`
	Chain     []struct {
		Verdict string `json:"verdict"`
	} `json:"chain"`
}

func searchLines(t *testing.T, out string) []searchLine {
	t.Helper()
	var rs []searchLine
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var r searchLine
		require.NoError(t, json.Unmarshal([]byte(l), &r), l)
		rs = append(rs, r)
	}
	return rs
}

// TestSearchStepBudgetIsTheBudget runs search from the built binary against the generator
// simulator: step_budget_reached says --max-steps ended the chain, and only that; a sample cut
// by --max-tokens says max_tokens_reached instead.
func TestSearchStepBudgetIsTheBudget(t *testing.T) {
	url, _ := startSimGenerator(t, "--slip-rate", "0")
	problems := repoFile(t, "testdata/search/gsm8k-style.jsonl")
	base := []string{"search", "--generator", url, "--algo", "greedy", "--checker", "exact", "--parallel", "1", problems}
	run := func(extra ...string) []searchLine {
		out, errOut, code := runBin(t, nil, append(base, extra...)...)
		require.Contains(t, []int{0, exitError}, code, errOut)
		return searchLines(t, out)
	}
	for _, r := range run() {
		assert.False(t, r.Budget, "%s: the default budget of 40 steps is not reached", r.ID)
		assert.False(t, r.TokensCut, r.ID)
	}
	for _, r := range run("--max-steps", "1") {
		assert.True(t, r.Budget, "%s: one step allowed, so the first call is told to finish", r.ID)
	}
	cut := run("--max-tokens", "4")
	for _, r := range cut {
		assert.False(t, r.Budget, "%s: max_tokens is not the step budget", r.ID)
	}
	assert.True(t, slices.ContainsFunc(cut, func(r searchLine) bool { return r.TokensCut }), "a 4-token sample is cut")
}

// TestSearchBestOfNAllRefutedStillPicks: with a simulator that slips on every step, every
// best-of-n sample has a refuted step; each problem still gets the best of them, marked.
func TestSearchBestOfNAllRefutedStillPicks(t *testing.T) {
	url, _ := startSimGenerator(t, "--slip-rate", "1")
	out, errOut, code := runBin(t, nil, "search", "--generator", url, "--algo", "best-of-n", "--n", "4", "--checker", "exact",
		"--parallel", "2", repoFile(t, "testdata/search/gsm8k-style.jsonl"))
	assert.Equal(t, 0, code, errOut)
	rs := searchLines(t, out)
	require.Len(t, rs, 7)
	for _, r := range rs {
		assert.Empty(t, r.Error, r.ID)
		assert.Equal(t, "every finished chain has a refuted step; this is the best of them", r.Fallback, r.ID)
		require.NotEmpty(t, r.Chain, r.ID)
		assert.True(t, slices.ContainsFunc(r.Chain, func(s struct {
			Verdict string `json:"verdict"`
		}) bool {
			return s.Verdict == "refuted"
		}), "%s: the chain shows its refuted step", r.ID)
	}
}
