package serve

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/hybrid/chain"
	"github.com/leanprm/leanprm/hybrid/prm/vllm"
)

// kiminaMessage is a REPL message as Kimina's client models it.
type kiminaMessage struct {
	Severity string `json:"severity"`
	Pos      struct {
		Line   int `json:"line"`
		Column int `json:"column"`
	} `json:"pos"`
	EndPos *struct {
		Line   int `json:"line"`
		Column int `json:"column"`
	} `json:"endPos"`
	Data string `json:"data"`
}

type kiminaResponse struct {
	Env      *int            `json:"env"`
	Messages []kiminaMessage `json:"messages"`
	Sorries  []struct {
		Goal string `json:"goal"`
	} `json:"sorries"`
	Time *float64 `json:"time"` // /verify folds time into the response
}

func simServer(t *testing.T, o Options) *testServer {
	return startServer(t, simConfig(t, "lean", "", "2"), o)
}

func TestKiminaCheckDocumentedRequest(t *testing.T) {
	ts := simServer(t, Options{})
	// ANCHORS.md §1.2, the documented CheckRequest, plus snippets this server can run.
	body := `{
  "snippets": [
    {"id": "mathlib-import-def", "code": "import Mathlib\ndef f := 1"},
    {"id": "valid", "code": "theorem t : 2 + 3 = 5 := by decide"},
    {"id": "wrong", "code": "\n\ntheorem x : 1 = 2 := by decide"},
    {"id": "evil", "code": "#eval IO.Process.exit 1"},
    {"id": "hole", "code": "theorem h : 1 + 1 = 2 := by sorry"}
  ],
  "timeout": 20,
  "debug": false,
  "reuse": true,
  "infotree": "original"
}`
	var got struct {
		Results []struct {
			ID          string          `json:"id"`
			Time        *float64        `json:"time"`
			Response    *kiminaResponse `json:"response"`
			Error       *string         `json:"error"`
			Diagnostics json.RawMessage `json:"diagnostics"`
		} `json:"results"`
	}
	resp := post(t, ts.URL+"/api/check", "", body, &got)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Len(t, got.Results, 5)
	for _, r := range got.Results {
		require.NotNil(t, r.Time, r.ID)
		assert.True(t, (r.Response == nil) != (r.Error == nil), "%s: exactly one of response and error", r.ID)
		assert.Nil(t, r.Diagnostics, "diagnostics only with debug")
	}
	byID := func(i int, id string) {
		assert.Equal(t, id, got.Results[i].ID, "answers keep the request's order")
	}
	byID(0, "mathlib-import-def")
	require.NotNil(t, got.Results[0].Error)
	assert.Contains(t, *got.Results[0].Error, "import Mathlib")

	byID(1, "valid")
	require.NotNil(t, got.Results[1].Response)
	require.NotNil(t, got.Results[1].Response.Env)
	assert.Empty(t, got.Results[1].Response.Messages, "a valid proof has no messages")

	byID(2, "wrong")
	require.NotNil(t, got.Results[2].Response)
	require.Len(t, got.Results[2].Response.Messages, 1)
	m := got.Results[2].Response.Messages[0]
	assert.Equal(t, "error", m.Severity)
	assert.Equal(t, 3, m.Pos.Line, "positions are those of the snippet as sent")
	assert.Contains(t, m.Data, "is false")

	byID(3, "evil")
	require.NotNil(t, got.Results[3].Error)
	assert.Contains(t, *got.Results[3].Error, "rejected before Lean")
	assert.Contains(t, *got.Results[3].Error, "eval")

	byID(4, "hole")
	require.NotNil(t, got.Results[4].Response)
	assert.Len(t, got.Results[4].Response.Sorries, 1, "sorries are reported, as Kimina's client reads them")
}

// TestKiminaReuseFalse: reuse=false (and /verify's disable_cache) runs each snippet on a REPL
// process started for it, as Kimina starts a fresh REPL; reuse=true runs on the pool's.
func TestKiminaReuseFalse(t *testing.T) {
	ts := startServer(t, simConfig(t, "lean", "", "1"), Options{})
	var got struct {
		Results []struct {
			ID       string          `json:"id"`
			Response *kiminaResponse `json:"response"`
			Error    *string         `json:"error"`
		} `json:"results"`
	}
	restarts := func() uint64 { return ts.built.Info.REPLStats().Restarts }
	r0 := restarts()
	resp := post(t, ts.URL+"/api/check", "", `{"snippets": [{"id": "a", "code": "theorem a : 2 + 3 = 5 := by decide"}], "reuse": true}`, &got)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.NotNil(t, got.Results[0].Response)
	assert.Equal(t, r0, restarts(), "reuse=true runs on the warm process")

	resp = post(t, ts.URL+"/api/check", "", `{"snippets": [{"id": "a", "code": "theorem a : 2 + 3 = 5 := by decide"},
		{"id": "b", "code": "theorem b : 1 = 2 := by decide"}], "reuse": false}`, &got)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Len(t, got.Results, 2)
	require.NotNil(t, got.Results[0].Response, "%v", got.Results[0].Error)
	assert.Empty(t, got.Results[0].Response.Messages)
	require.NotNil(t, got.Results[1].Response, "%v", got.Results[1].Error)
	assert.Len(t, got.Results[1].Response.Messages, 1, "the false claim's error")
	assert.Equal(t, r0+2, restarts(), "a process started for each snippet")

	var ver struct {
		Results []struct {
			Response *kiminaResponse `json:"response"`
			Error    *string         `json:"error"`
		} `json:"results"`
	}
	resp = post(t, ts.URL+"/verify", "", `{"codes": [{"custom_id": "c", "proof": "theorem c : 2 + 2 = 4 := by decide"}], "disable_cache": true}`, &ver)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.NotNil(t, ver.Results[0].Response, "%v", ver.Results[0].Error)
	assert.Equal(t, r0+3, restarts(), "disable_cache is reuse=false")
}

func TestKiminaCheckValidation(t *testing.T) {
	ts := simServer(t, Options{})
	for name, body := range map[string]string{
		"no snippets":   `{"snippets": []}`,
		"duplicate ids": `{"snippets": [{"id": "a", "code": "x"}, {"id": "a", "code": "y"}]}`,
		"bad infotree":  `{"snippets": [{"id": "a", "code": "x"}], "infotree": "all"}`,
	} {
		var e errorBody
		resp := post(t, ts.URL+"/api/check", "", body, &e)
		assert.Equal(t, http.StatusUnprocessableEntity, resp.StatusCode, name)
		assert.NotEmpty(t, e.Detail, name)
	}
	var dbg struct {
		Results []struct {
			Diagnostics map[string]string `json:"diagnostics"`
		} `json:"results"`
	}
	post(t, ts.URL+"/api/check", "", `{"snippets": [{"id": "a", "code": "theorem t : 1 = 1 := rfl"}], "debug": true}`, &dbg)
	require.Len(t, dbg.Results, 1)
	assert.Equal(t, "sim", dbg.Results[0].Diagnostics["checker"], "the simulator is never called Lean")
}

func TestKiminaVerifyDocumentedRequest(t *testing.T) {
	ts := simServer(t, Options{})
	body := `{
  "codes": [{"custom_id": "1234", "proof": "#check Nat"},
            {"custom_id": 7, "code": "theorem t : 2 + 2 = 4 := by decide"}],
  "timeout": 300,
  "infotree_type": "original",
  "disable_cache": false
}`
	var got struct {
		Results []struct {
			CustomID json.RawMessage `json:"custom_id"`
			Error    *string         `json:"error"`
			Response *kiminaResponse `json:"response"`
		} `json:"results"`
	}
	resp := post(t, ts.URL+"/verify", "", body, &got)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Len(t, got.Results, 2)
	assert.JSONEq(t, `"1234"`, string(got.Results[0].CustomID))
	assert.Nil(t, got.Results[0].Error)
	require.NotNil(t, got.Results[0].Response)
	require.NotNil(t, got.Results[0].Response.Time, "time is folded into the response")
	require.NotEmpty(t, got.Results[0].Response.Messages)
	assert.Contains(t, got.Results[0].Response.Messages[0].Data, "not simulated", "the simulator says what it does not do")

	// Kimina answers str(custom_id) (server/routers/backward.py: Snippet(id=str(code.custom_id))
	// and BackwardResponse(custom_id=check_response.id)): the integer 7 comes back "7".
	assert.JSONEq(t, `"7"`, string(got.Results[1].CustomID), "an integer custom_id comes back as Kimina's string")
	require.NotNil(t, got.Results[1].Response)
	assert.Empty(t, got.Results[1].Response.Messages)

	var e errorBody
	resp = post(t, ts.URL+"/verify", "", `{"codes": [{"custom_id": {"a": 1}, "proof": "x"}]}`, &e)
	assert.Equal(t, http.StatusUnprocessableEntity, resp.StatusCode)
	assert.Contains(t, e.Detail, "custom_id")
}

func TestVerifyProofsThroughTheSimulator(t *testing.T) {
	ts := simServer(t, Options{})
	var got struct {
		Results []struct {
			ID      string `json:"id"`
			Status  string `json:"status"`
			Checker string `json:"checker"`
		} `json:"results"`
	}
	post(t, ts.URL+"/v1/verify", "", `{"proofs":[
		{"id":"good","statement":"theorem t : 2 + 3 = 5","proof":"theorem t : 2 + 3 = 5 := by decide"},
		{"id":"bad","statement":"theorem t : 2 + 3 = 5","proof":"theorem t : 2 + 3 = 5 := by rfl_nope"}]}`, &got)
	require.Len(t, got.Results, 2)
	assert.Equal(t, "verified", got.Results[0].Status)
	assert.Equal(t, "sim", got.Results[0].Checker)
	assert.NotEqual(t, "verified", got.Results[1].Status)
}

func TestOpenRLHFGetReward(t *testing.T) {
	ts := simServer(t, Options{})
	prompt := "Problem: Tom has 2 apples and buys 3. How many?\n"
	body := map[string]any{
		"query": []string{
			prompt + "Step 1: He has 2 + 3 = 5 apples.\nStep 2: The answer is 5.",
			prompt + "Step 1: He has 2 + 3 = 6 apples.\nStep 2: The answer is 6.",
			"Prove it.\n```lean\ntheorem t : 2 + 3 = 5 := by decide\n```",
			"",
		},
		"prompts": []string{prompt, prompt, "Prove it.\n", ""},
		"labels":  []string{"5", "5", "theorem t : 2 + 3 = 5", ""},
	}
	var got struct {
		Rewards   []float64            `json:"rewards"`
		Scores    []float64            `json:"scores"`
		ExtraLogs map[string][]float64 `json:"extra_logs"`
	}
	resp := post(t, ts.URL+"/get_reward", "", body, &got)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Len(t, got.Rewards, 4)
	assert.Equal(t, got.Rewards, got.Scores)
	assert.Greater(t, got.Rewards[0], got.Rewards[1], "the refuted chain earns less")
	assert.Equal(t, 0.0, got.Rewards[1], "a refuted step scores 0 under min")
	assert.Equal(t, 1.0, got.Rewards[2], "the proof verifies against the label statement")
	assert.Equal(t, []float64{0, 0, 0, 0}, got.ExtraLogs["leanprm_item_error"], "nothing failed")
	assert.Equal(t, []float64{0, 0, 0, 1}, got.ExtraLogs["leanprm_unscorable"], "the empty query has no steps: 0, flagged, not a failed batch")
	assert.Equal(t, 0.0, got.Rewards[3])
	assert.Equal(t, 1.0, got.ExtraLogs["leanprm_formal_verified"][2])
	assert.Equal(t, 0.0, got.ExtraLogs["leanprm_first_error"][1])

	// OpenRLHF sends empty lists to every URL but the first (ANCHORS.md §3.2).
	var empty struct {
		Rewards []float64 `json:"rewards"`
		Scores  []float64 `json:"scores"`
	}
	resp = post(t, ts.URL+"/get_reward", "", `{"query": [], "prompts": [], "labels": []}`, &empty)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.NotNil(t, empty.Rewards)
	assert.Empty(t, empty.Rewards)
	assert.Empty(t, empty.Scores)
}

func TestPoolingWithTheVLLMClient(t *testing.T) {
	ts := exactServer(t, Options{})
	// The repository's own vLLM client, pointed at leanprm, is a Qwen PRM client.
	c, problem, steps := poolingThroughClient(t, ts, vllm.Options{Model: "Qwen/Qwen2.5-Math-PRM-7B"}, "p_pos")

	// The raw request of a Qwen PRM client, decoded field by field.
	prompt, err := c.Prompt(problem, steps[:2])
	require.NoError(t, err)
	var raw struct {
		Object string `json:"object"`
		Model  string `json:"model"`
		Data   []struct {
			Index  int         `json:"index"`
			Object string      `json:"object"`
			Data   [][]float64 `json:"data"`
			Error  string      `json:"error"`
		} `json:"data"`
	}
	resp := post(t, ts.URL+"/pooling", "", map[string]any{"model": "m", "input": []string{prompt, "no markers"}}, &raw)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, "list", raw.Object)
	assert.Equal(t, "m", raw.Model)
	require.Len(t, raw.Data, 2)
	assert.Equal(t, 0, raw.Data[0].Index)
	assert.Equal(t, "pooling", raw.Data[0].Object)
	require.Len(t, raw.Data[0].Data, 2, "one pair per <extra_0>")
	for _, pair := range raw.Data[0].Data {
		require.Len(t, pair, 2)
		assert.InDelta(t, 1, pair[0]+pair[1], 1e-12, "[p_neg, p_pos]")
	}
	assert.Empty(t, raw.Data[1].Data, "an input without steps fails alone")
	assert.NotEmpty(t, raw.Data[1].Error)
}

// TestPoolingMathShepherd: a Math-Shepherd PRM client (vLLM STEP pooling, returned_token_ids
// [648, 387] for "+" and "-") — the repository's own client in step mode — gets one
// [p("+"), p("-")] pair per step tag, p("+") being leanprm's merged score.
func TestPoolingMathShepherd(t *testing.T) {
	ts := exactServer(t, Options{})
	c, problem, steps := poolingThroughClient(t, ts,
		vllm.Options{Model: "peiyi9979/math-shepherd-mistral-7b-prm", Mode: vllm.ModeStep, ReturnedTokenIDs: []int{648, 387}}, "p(+)")

	prompt, err := c.Prompt(problem, steps)
	require.NoError(t, err)
	var raw struct {
		Data []struct {
			Data [][]float64 `json:"data"`
		} `json:"data"`
	}
	resp := post(t, ts.URL+"/pooling", "", map[string]any{"input": prompt}, &raw)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Len(t, raw.Data, 1)
	require.Len(t, raw.Data[0].Data, 3, "one pair per ки")
	assert.Equal(t, []float64{0, 1}, raw.Data[0].Data[1], `[p("+"), p("-")] for the refuted step`)
}

// poolingThroughClient scores a chain with a refuted second step through the repository's
// vLLM client (o, pointed at ts) and checks that the good label's probability is leanprm's
// merged score for every step. It returns the client (closed with the test) and the chain.
func poolingThroughClient(t *testing.T, ts *testServer, o vllm.Options, good string) (*vllm.Client, string, []chain.Step) {
	t.Helper()
	o.BaseURL = ts.URL
	c, err := vllm.New(o)
	require.NoError(t, err)
	t.Cleanup(c.Close)
	problem := "Tom has 2 apples and buys 3."
	steps := []chain.Step{{Text: "He has 2 + 3 = 5 apples."}, {Text: "Then 5 * 2 = 11."}, {Text: "So 11."}}
	got, err := c.ScoreChain(testCtx(t), problem, steps)
	require.NoError(t, err)
	want, err := ts.built.Parts.Scorer.ScoreChain(testCtx(t), chain.Chain{Problem: problem, Steps: steps})
	require.NoError(t, err)
	assert.InDeltaSlice(t, want.Scores(), got, 1e-12, "%s is leanprm's merged score", good)
	assert.Equal(t, 0.0, got[1], "the refuted step")
	return c, problem, steps
}

func TestParseShepherdInput(t *testing.T) {
	p, st := ParseShepherdInput("What is 1+1? Step 1: 1 + 1 = 2 ки\nStep 2: So 2. ки")
	assert.Equal(t, "What is 1+1?", p)
	assert.Equal(t, []chain.Step{{Text: "1 + 1 = 2"}, {Text: "So 2."}}, st)
	p, st = ParseShepherdInput("a ки b ки trailing")
	assert.Empty(t, p)
	assert.Equal(t, []chain.Step{{Text: "a"}, {Text: "b"}}, st)
}

func TestParseQwenPRMInput(t *testing.T) {
	p, st := ParseQwenPRMInput("<|im_start|>system\nS<|im_end|>\n<|im_start|>user\nWhat is 1+1?<|im_end|>\n<|im_start|>assistant\n1 + 1 = 2<extra_0>So 2.<extra_0><|im_end|><|endoftext|>")
	assert.Equal(t, "What is 1+1?", p)
	assert.Equal(t, []chain.Step{{Text: "1 + 1 = 2"}, {Text: "So 2."}}, st)
	p, st = ParseQwenPRMInput("a<extra_0>b<extra_0>")
	assert.Empty(t, p)
	assert.Equal(t, []chain.Step{{Text: "a"}, {Text: "b"}}, st)
}
