package serve

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/hybrid/reward"
)

// outcomeRewardAnswer is what OpenRLHF reads of a remote reward answer: SingleTurnAgentExecutor
// takes "rewards", "scores" (falling back to "rewards") and "extra_logs", whose columns
// become tensors (OpenRLHF/OpenRLHF openrlhf/utils/agent.py, commit 04655bc3:
// SingleTurnAgentExecutor.execute).
type outcomeRewardAnswer struct {
	Rewards   []float64            `json:"rewards"`
	Scores    []float64            `json:"scores"`
	ExtraLogs map[string][]float64 `json:"extra_logs"`
}

// openRLHFRequest is the body OpenRLHF posts, field by field as
// SingleTurnAgentExecutor._fetch_rewards_via_http builds it (openrlhf/utils/agent.py, commit
// 04655bc3): "query" is the prompt and the generated tokens decoded together with
// skip_special_tokens=False (so the chat template's tokens and the end-of-turn token are in
// it), "prompts" the prompt as given, "labels" the dataset's --data.label_key column.
func openRLHFRequest(prompt string, responses []string, label string) map[string]any {
	var q, p, l []string
	for _, r := range responses {
		q, p, l = append(q, prompt+r+"<|im_end|>"), append(p, prompt), append(l, label)
	}
	return map[string]any{"query": q, "prompts": p, "labels": l}
}

// The example: a response ending in \boxed{41} with the label 42 earns outcome 0 (and
// reward 0 in outcome and combined modes); its twin ending in \boxed{42} earns outcome 1.
func TestOpenRLHFOutcomeReward(t *testing.T) {
	prompt := "<|im_start|>system\nPlease reason step by step, and put your final answer within \\boxed{}.<|im_end|>\n" +
		"<|im_start|>user\nA box holds 6 rows of 7 eggs. How many eggs are in the box?<|im_end|>\n<|im_start|>assistant\n"
	responses := []string{
		"Step 1: Each row holds the same number of eggs, so we multiply the rows by the eggs per row.\n" +
			"Step 2: The box holds \\boxed{41}.",
		"Step 1: Each row holds the same number of eggs, so we multiply the rows by the eggs per row.\n" +
			"Step 2: The box holds \\boxed{42}.",
		"Step 1: Each row holds the same number of eggs, so we multiply the rows by the eggs per row.\n" +
			"Step 2: We count them.", // no final answer
	}
	body := openRLHFRequest(prompt, responses, "42")
	get := func(mode reward.Mode) outcomeRewardAnswer {
		ts := exactServer(t, Options{Reward: reward.Settings{Mode: mode}})
		var got outcomeRewardAnswer
		resp := post(t, ts.URL+"/get_reward", "", body, &got)
		require.Equal(t, http.StatusOK, resp.StatusCode)
		require.Len(t, got.Rewards, 3)
		assert.Equal(t, got.Rewards, got.Scores)
		for k, col := range got.ExtraLogs {
			assert.Len(t, col, 3, "extra_logs[%s] has one value per item", k)
		}
		return got
	}
	outcome := get(reward.ModeOutcome)
	assert.Equal(t, []float64{0, 1, 0}, outcome.Rewards)
	assert.Equal(t, []float64{1, 1, 1}, outcome.ExtraLogs["leanprm_has_gold"])
	assert.Equal(t, []float64{0, 1, 0}, outcome.ExtraLogs["leanprm_outcome_equal"])
	assert.Equal(t, []float64{1, 0, 0}, outcome.ExtraLogs["leanprm_outcome_different"])
	assert.Equal(t, []float64{0, 0, 1}, outcome.ExtraLogs["leanprm_no_answer"])
	assert.Equal(t, []float64{0, 0, 0}, outcome.ExtraLogs["leanprm_outcome_unknown"])
	assert.Equal(t, []float64{0, 0, 0}, outcome.ExtraLogs["leanprm_item_error"])
	process := outcome.ExtraLogs["leanprm_process_score"]
	require.Greater(t, process[1], 0.0, "the right answer's process is scored")

	combined := get(reward.ModeCombined)
	assert.Equal(t, 0.0, combined.Rewards[0], "a wrong answer earns nothing")
	assert.Equal(t, process[1], combined.Rewards[1], "a right answer is paid as far as its process holds")
	assert.Equal(t, 0.0, combined.Rewards[2], "no answer earns nothing")

	grounded := get("") // the default
	assert.Equal(t, 0.0, grounded.Rewards[0], "a wrong answer earns nothing")
	assert.Equal(t, 0.0, grounded.Rewards[2], "no answer earns nothing")
	// the right answer is stated, not derived: the floor share alone, in the second of its five
	// bands (a step about the problem in words, no work step, no formula that computes the
	// answer), placed in it by the floor
	assert.InDelta(t, reward.FloorShare*(1+(1+grounded.ExtraLogs["leanprm_process_score"][1])/2)/5, grounded.Rewards[1], 1e-9, "an underived answer earns a share of the floor")
	assert.Equal(t, []float64{0, 0, 0}, grounded.ExtraLogs["leanprm_answer_derived"])

	proc := get(reward.ModeProcess)
	assert.Equal(t, proc.ExtraLogs["leanprm_process_score"], proc.Rewards, "process mode pays the chain score")
	assert.Greater(t, proc.Rewards[0], 0.0, "and ignores the wrong answer")
}

// A right answer reached through a refuted step: flagged (proven), and combined pays nothing.
// Without a label the process score alone is paid and no outcome column is set.
func TestOpenRLHFRightAnswerWrongWork(t *testing.T) {
	prompt := "<|im_start|>user\nTom has 2 apples and buys 3. How many does he have?<|im_end|>\n<|im_start|>assistant\n"
	body := map[string]any{
		"query": []string{
			prompt + "Step 1: He has 2 + 3 = 6 apples.\nStep 2: Taking one away for the one he ate, \\boxed{5}.<|im_end|>",
			prompt + "Step 1: He has 2 + 3 = 5 apples.\nStep 2: The answer is 5.<|im_end|>",
		},
		"prompts": []string{prompt, prompt},
		"labels":  []string{"5", ""},
	}
	ts := exactServer(t, Options{Reward: reward.Settings{Mode: reward.ModeCombined}})
	var got outcomeRewardAnswer
	resp := post(t, ts.URL+"/get_reward", "", body, &got)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, []float64{1, 0}, got.ExtraLogs["leanprm_outcome_equal"])
	assert.Equal(t, []float64{1, 0}, got.ExtraLogs["leanprm_right_answer_wrong_work"])
	assert.Equal(t, []float64{1, 0}, got.ExtraLogs["leanprm_right_answer_wrong_work_proven"])
	assert.Equal(t, []float64{1, 0}, got.ExtraLogs["leanprm_has_gold"])
	assert.Equal(t, 0.0, got.Rewards[0])
	assert.Equal(t, got.ExtraLogs["leanprm_process_score"][1], got.Rewards[1], "no label: the chain score")
	assert.Greater(t, got.Rewards[1], 0.0)
}

// /v1/score takes a gold answer per chain: the answer gets an outcome block and the chain a
// reward under reward.mode.
func TestScoreWithGold(t *testing.T) {
	ts := exactServer(t, Options{Reward: reward.Settings{Mode: reward.ModeOutcome}})
	var got struct {
		Chains []struct {
			ID       string          `json:"id"`
			Reward   *float64        `json:"reward"`
			Outcome  *reward.Outcome `json:"outcome"`
			PrefixID string          `json:"prefix_id"`
		} `json:"chains"`
	}
	resp := post(t, ts.URL+"/v1/score", "", `{"chains": [
		{"id": "a", "problem": "What is 3 + 4?", "steps": ["3 + 4 = 7.", "The answer is $\\frac{14}{2}$."], "gold": "7"},
		{"id": "b", "problem": "What is 3 + 4?", "steps": ["3 + 4 = 7.", "The answer is 8."], "gold": "7"},
		{"id": "c", "problem": "What is 3 + 4?", "steps": ["3 + 4 = 7.", "The answer is 7."]}]}`, &got)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Len(t, got.Chains, 3)
	a, b, c := got.Chains[0], got.Chains[1], got.Chains[2]
	require.NotNil(t, a.Outcome)
	assert.Equal(t, "equal", string(a.Outcome.Verdict), a.Outcome.Reason)
	assert.Equal(t, "7", a.Outcome.Gold)
	assert.Equal(t, 1.0, *a.Reward)
	require.NotNil(t, b.Outcome)
	assert.Equal(t, "different", string(b.Outcome.Verdict))
	assert.Equal(t, 0.0, *b.Reward)
	assert.Nil(t, c.Outcome, "no gold, no outcome")
	require.NotNil(t, c.Reward, "the chain score")
	assert.NotEmpty(t, c.PrefixID)
}

// A data set whose answer column holds integers reaches OpenRLHF's payload as JSON numbers:
// they are gold answers as written, and null is no label.
func TestOpenRLHFNumericLabels(t *testing.T) {
	ts := exactServer(t, Options{Reward: reward.Settings{Mode: reward.ModeOutcome}})
	var got outcomeRewardAnswer
	resp := post(t, ts.URL+"/get_reward", "", `{"query": ["Q? Step 1: We count.\nStep 2: The answer is \\boxed{42}.", "Q? Step 1: We count.\nStep 2: The answer is \\boxed{42}.", "Q? Step 1: We count.\nStep 2: The answer is \\boxed{42}."], "prompts": ["Q?", "Q?", "Q?"], "labels": [42, 41.0, null]}`, &got)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, []float64{1, 0, 0}, got.ExtraLogs["leanprm_outcome_equal"])
	assert.Equal(t, []float64{1, 1, 0}, got.ExtraLogs["leanprm_has_gold"])
	assert.Equal(t, 1.0, got.Rewards[0])
	assert.Equal(t, 0.0, got.Rewards[1])
	assert.Equal(t, got.ExtraLogs["leanprm_process_score"][2], got.Rewards[2], "no label: the chain score")

	resp = post(t, ts.URL+"/get_reward", "", `{"query": ["Q?"], "prompts": ["Q?"], "labels": [true]}`, nil)
	assert.Equal(t, http.StatusBadRequest, resp.StatusCode)
}

// Dense rewards: /get_reward answers step_rewards beside extra_logs (OpenRLHF reads rewards,
// scores and extra_logs, so an extra top-level key is left alone), one list per item with
// each step's Delta-form reward, which add up to the item's reward, and its character offsets
// in the response; /v1/score answers them per chain, with offsets in the steps' text joined
// by blank lines.
func TestDenseStepRewards(t *testing.T) {
	ts := exactServer(t, Options{})
	prompt := "<|im_start|>user\nNatalia sold clips to 48 of her friends in April, and then she sold half as many clips in May. How many clips did she sell?<|im_end|>\n<|im_start|>assistant\n"
	response := "Step 1: Natalia sold 48/2 = 24 clips in May — à peu près.\nStep 2: Natalia sold 48+24 = 72 clips altogether.\nStep 3: The answer is \\boxed{72}."
	var got struct {
		Rewards     []float64 `json:"rewards"`
		StepRewards [][]struct {
			Index      int     `json:"index"`
			Work       bool    `json:"work"`
			Why        string  `json:"why"`
			Reward     float64 `json:"reward"`
			Start, End int
		} `json:"step_rewards"`
		ExtraLogs map[string][]float64 `json:"extra_logs"`
	}
	resp := post(t, ts.URL+"/get_reward", "", map[string]any{"query": []string{prompt + response + "<|im_end|>", prompt + "no steps"},
		"prompts": []string{prompt, prompt}, "labels": []string{"72", "72"}}, &got)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Len(t, got.StepRewards, 2)
	steps := got.StepRewards[0]
	require.Len(t, steps, 3)
	sum := 0.0
	runes := []rune(response + "<|im_end|>") // the query past the prompt
	for i, s := range steps {
		sum += s.Reward
		require.True(t, s.Start >= 0 && s.End > s.Start && s.End <= len(runes), "step %d offsets %d..%d", i, s.Start, s.End)
		assert.NotContains(t, string(runes[s.Start:s.End]), "Step ", "the step marker is not the step's text")
	}
	assert.Contains(t, string(runes[steps[0].Start:steps[0].End]), "à peu près", "offsets count characters")
	assert.InDelta(t, got.Rewards[0], sum, 1e-9)
	assert.Equal(t, []bool{true, true, false}, []bool{steps[0].Work, steps[1].Work, steps[2].Work})
	assert.Equal(t, 1.0, got.ExtraLogs["leanprm_answer_derived"][0])
	assert.Greater(t, got.Rewards[0], 0.5)

	var score struct {
		Chains []struct {
			Reward      float64 `json:"reward"`
			StepRewards []struct {
				Reward     float64
				Start, End int
			} `json:"step_rewards"`
		} `json:"chains"`
	}
	resp = post(t, ts.URL+"/v1/score", "", `{"chains": [{"id": "a", "problem": "What is 3 + 4, doubled?", "gold": "14",
		"steps": ["3 + 4 = 7.", "Doubled, 7 \\times 2 = 14.", "The answer is 14."]}]}`, &score)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Len(t, score.Chains, 1)
	c := score.Chains[0]
	require.Len(t, c.StepRewards, 3)
	text := "3 + 4 = 7.\n\nDoubled, 7 \\times 2 = 14.\n\nThe answer is 14."
	sum = 0
	for _, s := range c.StepRewards {
		sum += s.Reward
	}
	assert.InDelta(t, c.Reward, sum, 1e-9)
	assert.Equal(t, "Doubled, 7 \\times 2 = 14.", text[c.StepRewards[1].Start:c.StepRewards[1].End])
}

// A response's text before its first list item or "Step N:" marker is its own reasoning when
// the prompt holds the problem: its paragraphs are steps, not a problem to drop (a response
// that listed its conclusions was scored on the list alone).
func TestResponseChainKeepsTheTextBeforeAList(t *testing.T) {
	response := "First, 6 rows of 7 eggs make 6 * 7 = 42 eggs.\n\nSo we know that:\n- the box holds 42 eggs\n- no egg is missing\n\nThe answer is \\boxed{42}."
	c, err := responseChain("A box holds 6 rows of 7 eggs. How many eggs are in the box?", response)
	require.NoError(t, err)
	var texts []string
	for _, s := range c.Steps {
		texts = append(texts, s.Text)
	}
	require.Len(t, texts, 4, "%q", texts)
	assert.Equal(t, "First, 6 rows of 7 eggs make 6 * 7 = 42 eggs.", texts[0])
	assert.Equal(t, "So we know that:", texts[1])
	assert.Contains(t, texts[3], "\\boxed{42}")
	assert.Equal(t, "A box holds 6 rows of 7 eggs. How many eggs are in the box?", c.Problem)
	// Without a prompt the text before the list is the problem, as `check` reads a file.
	c, err = responseChain("", response)
	require.NoError(t, err)
	assert.Len(t, c.Steps, 2)
	assert.Contains(t, c.Problem, "6 * 7 = 42")
}
