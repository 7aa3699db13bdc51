package serve

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/hybrid/chain"
	"github.com/leanprm/leanprm/hybrid/report"
	"github.com/leanprm/leanprm/internal/dispatch"
)

// scoreAnswer is the /v1/score answer decoded: each chain as check --json writes it, with the
// fields serve adds.
type scoreAnswer struct {
	Chains []struct {
		report.CheckJSON
		PrefixID string `json:"prefix_id"`
		Error    string `json:"error"`
	} `json:"chains"`
}

func exactServer(t testing.TB, o Options) *testServer {
	return startServer(t, loadConfig(t, map[string]string{"checker": "exact"}), o)
}

func TestScoreIsCheckJSON(t *testing.T) {
	ts := exactServer(t, Options{})
	c := chain.Chain{ID: "a", Problem: "Tom has 2 apples and buys 3.", FirstError: chain.NoLabel,
		Steps: []chain.Step{{Text: "He has 2 + 3 = 6 apples."}, {Text: "So the answer is 6."}}}
	var got scoreAnswer
	resp := post(t, ts.URL+"/v1/score", "", map[string]any{"chains": []any{map[string]any{
		"id": "a", "problem": c.Problem, "steps": []string{c.Steps[0].Text, c.Steps[1].Text}}}}, &got)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Len(t, got.Chains, 1)
	r, err := ts.built.Parts.Scorer.ScoreChain(testCtx(t), c)
	require.NoError(t, err)
	want := report.NewCheckJSON(ts.built.Parts.Grader, r, ts.built.Parts.Threshold, "min")
	want.FirstError = 0 // in JSON the gold label is Gold (gold_first_error) alone
	assert.Equal(t, want, got.Chains[0].CheckJSON, "the answer is what check --json writes for the chain")
	assert.Equal(t, "refuted", got.Chains[0].Steps[0].Verdict.String())
	assert.Equal(t, "exact", got.Chains[0].Steps[0].Checker)
	assert.Equal(t, 0, got.Chains[0].Predicted)
	assert.Nil(t, got.Chains[0].Gold, "no gold label was given")
	assert.Equal(t, PrefixID(c.Problem, c.Steps), got.Chains[0].PrefixID)
	assert.Equal(t, "test", resp.Header.Get("X-Leanprm-Version"))
	assert.Equal(t, "none (exact checker)", resp.Header.Get("X-Lean-Version"))
	assert.Contains(t, resp.Header.Get("X-Leanprm-Model"), "embedded-")
}

func TestScoreIncrementalEqualsFull(t *testing.T) {
	ts := exactServer(t, Options{})
	var first scoreAnswer
	post(t, ts.URL+"/v1/score", "", `{"chains":[{"id":"p","problem":"Sum.","steps":["2 + 3 = 5.","5 * 4 = 20."]}]}`, &first)
	require.Len(t, first.Chains, 1)
	id := first.Chains[0].PrefixID
	require.NotEmpty(t, id)

	var inc, full scoreAnswer
	post(t, ts.URL+"/v1/score", "", map[string]any{"chains": []any{
		map[string]any{"id": "next", "prefix": id, "steps": []string{"20 - 1 = 18."}},
		map[string]any{"id": "lost", "prefix": "p-0000", "steps": []string{"1 = 1."}},
		map[string]any{"id": "other", "prefix": id, "problem": "Another problem.", "steps": []string{"1 = 1."}},
	}}, &inc)
	post(t, ts.URL+"/v1/score", "", `{"chains":[{"id":"next","problem":"Sum.","steps":["2 + 3 = 5.","5 * 4 = 20.","20 - 1 = 18."]}]}`, &full)
	require.Len(t, inc.Chains, 3)
	assert.Equal(t, full.Chains[0], inc.Chains[0], "a prefix plus new steps is scored as the whole chain")
	assert.Len(t, inc.Chains[0].Steps, 3)
	assert.Equal(t, "refuted", inc.Chains[0].Steps[2].Verdict.String())
	assert.Contains(t, inc.Chains[1].Error, "unknown prefix")
	assert.Equal(t, "lost", inc.Chains[1].ID)
	assert.Contains(t, inc.Chains[2].Error, "problem differs")
}

func TestScorePerItemErrorsAndStepForms(t *testing.T) {
	ts := exactServer(t, Options{})
	var got scoreAnswer
	resp := post(t, ts.URL+"/v1/score", "", `{"chains":[
		{"id":"empty","problem":"x","steps":[]},
		{"id":"ok","problem":"x","steps":[{"text":"1 + 1 = 2."},"`+"```lean\\ntheorem t : 1 + 1 = 2 := by decide\\n```"+`"]}]}`, &got)
	require.Equal(t, http.StatusOK, resp.StatusCode, "one bad chain does not fail the batch")
	require.Len(t, got.Chains, 2)
	assert.Equal(t, "empty", got.Chains[0].ID)
	assert.Contains(t, got.Chains[0].Error, "no steps")
	assert.Empty(t, got.Chains[1].Error)
	require.Len(t, got.Chains[1].Steps, 2)
	assert.False(t, got.Chains[1].Steps[0].Formal)
	assert.True(t, got.Chains[1].Steps[1].Formal, "a fenced lean step is a Lean step")
	assert.Equal(t, "theorem t : 1 + 1 = 2 := by decide", got.Chains[1].Steps[1].Text)
}

func TestVerifyStaticWithoutLean(t *testing.T) {
	ts := exactServer(t, Options{})
	var got struct {
		Results []struct {
			ID      string `json:"id"`
			Status  string `json:"status"`
			Reasons []struct {
				Code string `json:"code"`
			} `json:"reasons"`
			Error string `json:"error"`
		} `json:"results"`
	}
	resp := post(t, ts.URL+"/v1/verify", "", `{"proofs":[
		{"id":"s","statement":"theorem t : 1 + 1 = 2","proof":"theorem t : 1 + 1 = 2 := by sorry"},
		{"id":"e","statement":"","proof":"x"}]}`, &got)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Len(t, got.Results, 2)
	assert.Equal(t, "rejected", got.Results[0].Status)
	require.NotEmpty(t, got.Results[0].Reasons)
	assert.Equal(t, "sorry", got.Results[0].Reasons[0].Code)
	assert.Equal(t, "error", got.Results[1].Status)
	assert.Contains(t, got.Results[1].Error, "statement")
}

func TestIncrementalSendsOnlyTheNewStepToTheREPL(t *testing.T) {
	ts := simServer(t, Options{})
	var first, inc scoreAnswer
	post(t, ts.URL+"/v1/score", "", `{"chains":[{"id":"p","problem":"Sum.","steps":["2 + 3 = 5.","5 * 4 = 20."]}]}`, &first)
	require.Len(t, first.Chains, 1)
	_, _, hits0, misses0 := ts.built.Info.Obligations.Stats()
	requests0 := ts.built.Info.REPLStats().Requests
	post(t, ts.URL+"/v1/score", "", map[string]any{"chains": []any{
		map[string]any{"id": "next", "prefix": first.Chains[0].PrefixID, "steps": []string{"20 - 1 = 18."}}}}, &inc)
	require.Len(t, inc.Chains, 1)
	require.Len(t, inc.Chains[0].Steps, 3)
	assert.Equal(t, "refuted", inc.Chains[0].Steps[2].Verdict.String())
	assert.Equal(t, "sim", inc.Chains[0].Steps[2].Checker)
	for i, st := range first.Chains[0].Steps {
		// The learned scores may move (the model reads a step with the chain around it);
		// the formal side's answers are the cached ones.
		assert.Equal(t, st.Verdict, inc.Chains[0].Steps[i].Verdict)
		assert.Equal(t, st.Obligations, inc.Chains[0].Steps[i].Obligations)
	}
	_, _, hits, misses := ts.built.Info.Obligations.Stats()
	assert.Equal(t, uint64(4), hits-hits0, "the prefix's two obligations (two lines each) come from the cache")
	assert.Equal(t, uint64(2), misses-misses0, "only the new step's obligation goes to Lean")
	assert.Equal(t, uint64(1), ts.built.Info.REPLStats().Requests-requests0, "in one REPL request")
}

// TestAnswersAreCheckedOnceAndWrittenAsSent: the server writes each answer's payload into the
// response without encoding it again, so an answer that is not valid JSON (a broken worker)
// must come back as that item's error, and the response must stay one valid document.
func TestAnswersAreCheckedOnceAndWrittenAsSent(t *testing.T) {
	s := New(Options{Versions: Versions{Leanprm: "test"}})
	s.Ready(executorFunc(func(_ context.Context, tasks []dispatch.Task) []dispatch.Result {
		out := make([]dispatch.Result, len(tasks))
		for i := range tasks {
			var st ScoreTask
			require.NoError(t, json.Unmarshal(tasks[i].Payload, &st))
			switch st.Chain.ID {
			case "good":
				out[i].Payload = json.RawMessage(`{"id": "good", "steps": [{"verdict": "verified", "checker": "exact"}]}`)
				out[i].Verdicts = []dispatch.VerdictCount{{Checker: "exact", Verdict: "verified", N: 1}}
			case "broken":
				out[i].Payload = json.RawMessage(`{"id": "broken", "steps": [`)
			case "empty":
				out[i].Payload = nil
			}
		}
		return out
	}), Info{Checker: "exact"})
	hs := httptest.NewServer(s)
	defer hs.Close()
	var got struct {
		Chains []struct {
			ID       string `json:"id"`
			PrefixID string `json:"prefix_id"`
			Error    string `json:"error"`
			Steps    []struct {
				Verdict string `json:"verdict"`
			} `json:"steps"`
		} `json:"chains"`
	}
	resp := post(t, hs.URL+"/v1/score", "", `{"chains":[{"id":"good","problem":"p","steps":["1 = 1."]},
		{"id":"broken","problem":"p","steps":["1 = 1."]},{"id":"empty","problem":"p","steps":["1 = 1."]}]}`, &got)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Len(t, got.Chains, 3)
	assert.Equal(t, "good", got.Chains[0].ID)
	assert.NotEmpty(t, got.Chains[0].PrefixID)
	require.Len(t, got.Chains[0].Steps, 1)
	assert.Equal(t, "verified", got.Chains[0].Steps[0].Verdict)
	for _, c := range got.Chains[1:] {
		assert.Contains(t, c.Error, "not valid JSON", c.ID)
	}
	assert.Equal(t, "broken", got.Chains[1].ID)
	_, m := get(t, hs.URL+"/metrics")
	assert.Contains(t, m, `leanprm_verdicts_total{checker="exact",verdict="verified"} 1`, "counted from the result's counts, the payload not decoded")
	assert.Contains(t, m, `leanprm_items_total{kind="score",outcome="error"} 2`)
}

type executorFunc func(ctx context.Context, tasks []dispatch.Task) []dispatch.Result

func (f executorFunc) Execute(ctx context.Context, tasks []dispatch.Task) []dispatch.Result {
	return f(ctx, tasks)
}

// TestIncrementalReadsOnlyNewSteps: a prefix's steps are read once; an incremental request
// translates only its new steps, resuming after the prefix (the translator's context cache,
// shown on /metrics, with the scan cache never asked about the prefix's steps).
func TestIncrementalReadsOnlyNewSteps(t *testing.T) {
	ts := exactServer(t, Options{})
	var first, inc scoreAnswer
	post(t, ts.URL+"/v1/score", "", `{"chains":[{"id":"p","problem":"Sum.","steps":["2 + 3 = 5.","5 * 4 = 20."]}]}`, &first)
	require.Len(t, first.Chains, 1)
	post(t, ts.URL+"/v1/score", "", map[string]any{"chains": []any{
		map[string]any{"id": "next", "prefix": first.Chains[0].PrefixID, "steps": []string{"20 - 1 = 19."}}}}, &inc)
	require.Len(t, inc.Chains, 1)
	require.Len(t, inc.Chains[0].Steps, 3)
	assert.Equal(t, "verified", inc.Chains[0].Steps[2].Verdict.String())
	_, m := get(t, ts.URL+"/metrics")
	assert.Contains(t, m, "leanprm_prm_context_cache_hits_total 1", "the learned PRM resumes after the prefix too")
	assert.Contains(t, m, "leanprm_prm_context_cache_misses_total 1")
	assert.Contains(t, m, "leanprm_context_cache_hits_total 1")
	assert.Contains(t, m, "leanprm_context_cache_misses_total 1")
	assert.Contains(t, m, "leanprm_scan_cache_hits_total 0")
	assert.Contains(t, m, "leanprm_scan_cache_misses_total 3")
	assert.Contains(t, m, "leanprm_exact_cache_hits_total 2", "the prefix's two obligations are not evaluated again")
	assert.Contains(t, m, "leanprm_exact_cache_misses_total 3")
}

// TestOnlyNewSteps: with only_new_steps, an incremental answer carries only the steps past the
// prefix, each with its index in the whole chain and equal to that step of the full answer; the
// chain-level fields (prediction, chain score, prefix_id) are the whole chain's.
func TestOnlyNewSteps(t *testing.T) {
	ts := exactServer(t, Options{})
	var first, full, only, noPrefix scoreAnswer
	post(t, ts.URL+"/v1/score", "", `{"chains":[{"id":"p","problem":"Sum.","steps":["2 + 3 = 6.","6 * 4 = 24."]}]}`, &first)
	require.Len(t, first.Chains, 1)
	prefix := first.Chains[0].PrefixID
	post(t, ts.URL+"/v1/score", "", map[string]any{"chains": []any{
		map[string]any{"id": "full", "prefix": prefix, "steps": []string{"24 - 1 = 23.", "23 + 1 = 25."}}}}, &full)
	post(t, ts.URL+"/v1/score", "", map[string]any{"chains": []any{
		map[string]any{"id": "only", "prefix": prefix, "steps": []string{"24 - 1 = 23.", "23 + 1 = 25."}, "only_new_steps": true}}}, &only)
	require.Len(t, full.Chains, 1)
	require.Len(t, only.Chains, 1)
	f, o := full.Chains[0], only.Chains[0]
	require.Empty(t, o.Error)
	require.Len(t, f.Steps, 4)
	require.Len(t, o.Steps, 2, "only the new steps")
	assert.Equal(t, f.Steps[2:], o.Steps, "each new step as in the full answer, with its index in the chain")
	assert.Equal(t, 2, o.Steps[0].Index)
	assert.Equal(t, "refuted", f.Steps[0].Verdict.String(), "the prefix holds the first error")
	assert.Equal(t, "refuted", o.Steps[1].Verdict.String())
	assert.Equal(t, f.Predicted, o.Predicted, "the prediction is the whole chain's")
	assert.Equal(t, f.ChainScore, o.ChainScore, "the chain score is the whole chain's")
	assert.Equal(t, f.PrefixID, o.PrefixID)
	assert.NotEqual(t, prefix, o.PrefixID)

	post(t, ts.URL+"/v1/score", "", `{"chains":[{"id":"n","problem":"Sum.","steps":["2 + 3 = 5."],"only_new_steps":true}]}`, &noPrefix)
	require.Len(t, noPrefix.Chains, 1)
	require.Len(t, noPrefix.Chains[0].Steps, 1, "without a prefix every step is new")
	assert.Equal(t, "verified", noPrefix.Chains[0].Steps[0].Verdict.String())
}

// TestHandlerTakesTaskValue: a score task carrying its value (in this process) is answered
// byte for byte as the same task decoded from its payload (from a queue), and a value of
// another type is ignored; the answer is marked as encoding/json's output.
func TestHandlerTakesTaskValue(t *testing.T) {
	ts := exactServer(t, Options{})
	h := NewHandler(ts.built.Parts)
	tk, err := task(dispatch.KindScore, "", ScoreTask{Chain: chain.Chain{ID: "x", Problem: "p", FirstError: chain.NoLabel,
		Steps: []chain.Step{{Text: "Let x = 4."}, {Text: "2 + 3 = 6."}, {Text: "x + 1 = 5."}}}, From: 1})
	require.NoError(t, err)
	require.IsType(t, ScoreTask{}, tk.Value)
	withValue := h.Handle(testCtx(t), tk)
	require.Empty(t, withValue.Error)
	assert.True(t, withValue.ValidJSON)
	assert.True(t, json.Valid(withValue.Payload))
	fromPayload := tk
	fromPayload.Value = nil
	assert.Equal(t, withValue, h.Handle(testCtx(t), fromPayload))
	otherType := tk
	otherType.Value = CheckTask{ID: "not a chain"}
	assert.Equal(t, withValue, h.Handle(testCtx(t), otherType))
	var got report.CheckJSON
	require.NoError(t, json.Unmarshal(withValue.Payload, &got))
	require.Len(t, got.Steps, 2, "From is honoured")
	assert.Equal(t, 1, got.Steps[0].Index)
}

// TestScoreTaskFromOutOfRange: a task whose From lies outside the chain is that item's error.
func TestScoreTaskFromOutOfRange(t *testing.T) {
	ts := exactServer(t, Options{})
	h := NewHandler(ts.built.Parts)
	for _, from := range []int{-1, 2} {
		tk, err := task(dispatch.KindScore, "", ScoreTask{Chain: chain.Chain{ID: "x", Problem: "p", Steps: []chain.Step{{Text: "1 + 1 = 2."}}, FirstError: chain.NoLabel}, From: from})
		require.NoError(t, err)
		res := h.Handle(testCtx(t), tk)
		assert.Contains(t, res.Error, "the chain has 1 steps", "from %d", from)
		assert.Empty(t, res.Payload)
	}
}

// TestHandlerSendsVerdictCounts: a scored chain's result counts its steps' verdicts by checker
// (what /metrics shows), equal to a count over the decoded payload.
func TestHandlerSendsVerdictCounts(t *testing.T) {
	ts := exactServer(t, Options{})
	h := NewHandler(ts.built.Parts)
	tk, err := task(dispatch.KindScore, "", ScoreTask{Chain: chain.Chain{ID: "x", Problem: "p", FirstError: chain.NoLabel,
		Steps: []chain.Step{{Text: "2 + 3 = 6."}, {Text: "1 + 1 = 2."}, {Text: "2 + 2 = 4."}, {Text: "We are done."}}}})
	require.NoError(t, err)
	res := h.Handle(testCtx(t), tk)
	require.Empty(t, res.Error)
	var payload report.CheckJSON
	require.NoError(t, json.Unmarshal(res.Payload, &payload))
	var want []dispatch.VerdictCount
	for _, s := range payload.Steps {
		if s.Checker != "" {
			want = dispatch.CountVerdict(want, s.Checker, s.Verdict.String())
		}
	}
	assert.ElementsMatch(t, want, res.Verdicts)
	assert.ElementsMatch(t, []dispatch.VerdictCount{{Checker: "exact", Verdict: "refuted", N: 1}, {Checker: "exact", Verdict: "verified", N: 2}}, res.Verdicts)
}

// TestItemAnswersCarryTheirLength: an answer of items says its length (Content-Length), so a
// long answer is not sent in chunks; the length is the body's.
func TestItemAnswersCarryTheirLength(t *testing.T) {
	ts := exactServer(t, Options{})
	steps := make([]string, 30)
	for i := range steps {
		steps[i] = fmt.Sprintf("%d + %d = %d.", i, i, 2*i)
	}
	resp := post(t, ts.URL+"/v1/score", "", map[string]any{"chains": []any{map[string]any{"id": "a", "problem": "p", "steps": steps}}}, nil)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Empty(t, resp.TransferEncoding, "not chunked")
	assert.Greater(t, resp.ContentLength, int64(4096), "longer than the server's write buffer")
	var raw json.RawMessage // the body but its final newline
	resp = post(t, ts.URL+"/v1/score", "", map[string]any{"chains": []any{map[string]any{"id": "a", "problem": "p", "steps": steps}}}, &raw)
	assert.Equal(t, int64(len(raw)+1), resp.ContentLength)
	var got scoreAnswer
	require.NoError(t, json.Unmarshal(raw, &got))
	require.Len(t, got.Chains, 1)
	assert.Len(t, got.Chains[0].Steps, 30)
}

// /v1/verify replays through the kernel by default where leanchecker is installed; where no
// kernel tool is, its verified results say "not kernel-replayed" (issue 32 §4). On the
// simulator.
func TestVerifyKernelTierDefaultOnSimulator(t *testing.T) {
	t.Setenv("HOME", t.TempDir()) // no ~/.elan/toolchains/*/bin/leanchecker
	if _, err := exec.LookPath("leanchecker"); err == nil {
		t.Skip("leanchecker is installed here: the default tier is kernel")
	}
	ts := startServer(t, simConfig(t, "lean", "", "1"), Options{})
	assert.Nil(t, ts.built.Parts.Verify.Kernel)
	var got struct {
		Results []struct {
			Status string `json:"status"`
			Tier   string `json:"tier"`
			Kernel string `json:"kernel"`
		} `json:"results"`
	}
	resp := post(t, ts.URL+"/v1/verify", "", `{"proofs":[{"id":"p","statement":"theorem t : 1 + 1 = 2","proof":"theorem t : 1 + 1 = 2 := by decide"}]}`, &got)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Len(t, got.Results, 1)
	assert.Equal(t, "verified", got.Results[0].Status)
	assert.Equal(t, "repl", got.Results[0].Tier)
	assert.Equal(t, "not kernel-replayed", got.Results[0].Kernel)

	// With lake and leanchecker on PATH, the kernel tier is /v1/verify's.
	bin := t.TempDir()
	for _, n := range []string{"lake", "leanchecker"} {
		require.NoError(t, os.WriteFile(filepath.Join(bin, n), []byte("#!/bin/sh\nexit 1\n"), 0o755))
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	ts = startServer(t, simConfig(t, "lean", "", "1"), Options{})
	assert.NotNil(t, ts.built.Parts.Verify.Kernel)
}
