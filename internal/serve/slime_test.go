package serve

import (
	"context"
	"net/http"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/internal/dispatch"
)

// slimeAnswer is what slime reads of a remote reward answer with --reward-key reward:
// remote_rm returns the JSON as the sample's reward and Sample.get_reward_value takes
// reward[args.reward_key] (THUDM/slime slime/rollout/rm_hub/__init__.py, slime/utils/types.py,
// commit 624b824a8).
type slimeAnswer struct {
	Reward      float64            `json:"reward"`
	StepRewards []map[string]any   `json:"step_rewards"`
	ExtraLogs   map[string]float64 `json:"extra_logs"`
}

// The body remote_rm posts is {"prompt", "response", "label"}: the prompt as text or chat
// messages, the label a string or a number.
func TestSlimeRemoteReward(t *testing.T) {
	ts := exactServer(t, Options{})
	prompt := "Natalia sold clips to 48 of her friends in April, and then she sold half as many clips in May. How many clips did she sell?"
	response := "Natalia sold 48/2 = 24 clips in May.\n\nNatalia sold 48+24 = 72 clips altogether.\n\nThe answer is \\boxed{72}."
	var got slimeAnswer
	resp := post(t, ts.URL+"/reward", "", map[string]any{"prompt": prompt, "response": response, "label": "72"}, &got)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Greater(t, got.Reward, 0.5)
	assert.Len(t, got.StepRewards, 3)
	assert.Equal(t, 1.0, got.ExtraLogs["leanprm_outcome_equal"])
	assert.Equal(t, 1.0, got.ExtraLogs["leanprm_answer_derived"])

	var chat slimeAnswer
	resp = post(t, ts.URL+"/reward", "", map[string]any{"prompt": []map[string]string{{"role": "user", "content": prompt}},
		"response": response, "label": 72}, &chat)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, got.Reward, chat.Reward, "chat messages and a numeric label read the same")

	var wrong slimeAnswer
	resp = post(t, ts.URL+"/reward", "", map[string]any{"prompt": prompt, "response": response, "label": "73"}, &wrong)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, 0.0, wrong.Reward)

	resp = post(t, ts.URL+"/reward", "", `{"prompt": {"x": 1}, "response": "r", "label": "1"}`, nil)
	assert.Equal(t, http.StatusBadRequest, resp.StatusCode)
}

// countingExec counts the tasks it is given.
type countingExec struct {
	dispatch.Executor
	tasks atomic.Int64
}

func (c *countingExec) Execute(ctx context.Context, ts []dispatch.Task) []dispatch.Result {
	c.tasks.Add(int64(len(ts)))
	return c.Executor.Execute(ctx, ts)
}

// An identical retried request is answered from the answers kept, without scoring again; a
// different one is scored.
func TestRetriedRewardRequestIsAnsweredFromCache(t *testing.T) {
	ts := exactServer(t, Options{})
	exec := &countingExec{Executor: &dispatch.Local{Handler: NewHandler(ts.built.Parts)}}
	ts.srv.Ready(exec, ts.built.Info)
	body := `{"query": ["Q? 2 + 3 = 5. The answer is \\boxed{5}."], "prompts": ["Q?"], "labels": ["5"]}`
	var first, again outcomeRewardAnswer
	resp := post(t, ts.URL+"/get_reward", "", body, &first)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Empty(t, resp.Header.Get("X-Leanprm-Cache"))
	require.Equal(t, int64(1), exec.tasks.Load())
	resp = post(t, ts.URL+"/get_reward", "", body, &again)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, "hit", resp.Header.Get("X-Leanprm-Cache"))
	assert.Equal(t, first, again)
	assert.Equal(t, int64(1), exec.tasks.Load(), "the retry ran nothing")
	_, metrics := get(t, ts.URL+"/metrics")
	assert.Contains(t, metrics, "leanprm_answer_cache_hits_total 1")

	resp = post(t, ts.URL+"/get_reward", "", `{"query": ["Q? 2 + 3 = 5. The answer is \\boxed{5}."], "prompts": ["Q?"], "labels": ["6"]}`, nil)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, int64(2), exec.tasks.Load(), "another body is scored")
	slime := `{"prompt": "Q?", "response": " 2 + 3 = 5. The answer is \\boxed{5}.", "label": "5"}`
	post(t, ts.URL+"/reward", "", slime, nil)
	resp = post(t, ts.URL+"/reward", "", slime, nil)
	assert.Equal(t, "hit", resp.Header.Get("X-Leanprm-Cache"))
	assert.Equal(t, int64(3), exec.tasks.Load())
}
