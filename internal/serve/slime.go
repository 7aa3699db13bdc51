package serve

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
)

// slime's remote reward model (POST /reward), one of the endpoints in other projects' wire
// formats (compat.go).

// SlimeRequest is the body slime's remote_rm posts to --rm-url: the sample's prompt (text, or
// chat messages), its response and its label (slime/rollout/rm_hub/__init__.py).
type SlimeRequest struct {
	Prompt   json.RawMessage `json:"prompt"`
	Response string          `json:"response"`
	Label    Label           `json:"label"`
}

// promptText reads a prompt as text: a string as it is, chat messages ({"role", "content"})
// as their contents, one a line.
func promptText(raw json.RawMessage) (string, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return "", nil
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s, nil
	}
	var msgs []struct {
		Content string `json:"content"`
	}
	if err := json.Unmarshal(raw, &msgs); err != nil {
		return "", badRequest("a prompt is a string or a list of {\"role\", \"content\"} messages: %v", err)
	}
	parts := make([]string, len(msgs))
	for i, m := range msgs {
		parts[i] = m.Content
	}
	return strings.Join(parts, "\n"), nil
}

// slimeReward scores one sample as /get_reward scores one item (the label is the gold answer,
// or a Lean statement for a contest proof) and answers what slime reads with
// --reward-key reward: {"reward", "step_rewards", "extra_logs"}, extra_logs holding the item's
// /get_reward columns as numbers. A failure is never a reward: 503 with Retry-After, which
// slime's client retries (or the operator's serve.reward_on_error value, flagged).
func (s *Server) slimeReward(w http.ResponseWriter, r *http.Request) {
	var req SlimeRequest
	if err := s.decode(w, r, &req); err != nil {
		s.fail(w, err)
		return
	}
	prompt, err := promptText(req.Prompt)
	if err != nil {
		s.fail(w, err)
		return
	}
	a, ok := s.payRewards(w, r, RewardRequest{Query: []string{prompt + req.Response}, Prompts: []string{prompt}, Labels: []Label{req.Label}})
	if !ok {
		return
	}
	logs := make(map[string]float64, len(a.logs))
	for k, v := range a.logs {
		logs[k] = v[0]
	}
	steps, err1 := json.Marshal(a.steps[0])
	extra, err2 := json.Marshal(logs)
	if err1 != nil || err2 != nil {
		writeError(w, http.StatusInternalServerError, "encoding the answer failed")
		return
	}
	b := append([]byte(`{"reward":`), appendReward(nil, a.rewards[0])...)
	b = append(append(b, `,"step_rewards":`...), steps...)
	b = append(append(b, `,"extra_logs":`...), extra...)
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	w.Write(append(b, '}', '\n'))
}
