package serve

import (
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/leanprm/leanprm/hybrid/chain"
	"github.com/leanprm/leanprm/internal/dispatch"
)

// vLLM's pooling (/pooling), one of the endpoints in other projects' wire formats (compat.go),
// and the input formats of the PRMs it serves.

// PoolingRequest is vLLM's pooling request in either of its forms (vllm
// entrypoints/openai/protocol.py: PoolingRequest = PoolingCompletionRequest |
// PoolingChatRequest): "input", one text or a list, or "messages", a chat.
type PoolingRequest struct {
	Model    string          `json:"model"`
	Input    json.RawMessage `json:"input"`
	Messages []ChatMessage   `json:"messages"`
}

// ChatMessage is one message of an OpenAI-style chat, as vLLM's PoolingChatRequest takes
// them: a role and a content that is a text or a list of parts ({"type": "text", "text"}).
type ChatMessage struct {
	Role    string          `json:"role"`
	Content json.RawMessage `json:"content"`
}

// text is the message's content as one text: the text parts joined, in order.
func (m ChatMessage) text() (string, error) {
	if len(m.Content) == 0 || string(m.Content) == "null" {
		return "", nil
	}
	var s string
	if json.Unmarshal(m.Content, &s) == nil {
		return s, nil
	}
	var parts []struct {
		Type string  `json:"type"`
		Text *string `json:"text"`
	}
	if err := json.Unmarshal(m.Content, &parts); err != nil {
		return "", badRequest("messages: a content is a string or a list of {\"type\": \"text\", \"text\"} parts")
	}
	var b strings.Builder
	for _, p := range parts {
		if p.Type != "text" || p.Text == nil {
			return "", badRequest("messages: a content part of type %q: only text parts can be scored", p.Type)
		}
		b.WriteString(*p.Text)
	}
	return b.String(), nil
}

// inputs are the request's texts, at most max of them: "input" as sent, or "messages"
// rendered as Qwen2.5-Math-PRM's chat template renders them (each message
// <|im_start|>role\ncontent<|im_end|>), so that the last user turn is the problem and the
// last assistant turn the steps (ParseQwenPRMInput).
func (p PoolingRequest) inputs(max int) ([]string, error) {
	hasInput := len(p.Input) > 0 && string(p.Input) != "null"
	switch {
	case hasInput && p.Messages != nil:
		return nil, badRequest(`send "input" or "messages", not both`)
	case p.Messages != nil:
		if len(p.Messages) == 0 {
			return nil, badRequest("messages: want at least a user and an assistant message")
		}
		var b strings.Builder
		for _, m := range p.Messages {
			t, err := m.text()
			if err != nil {
				return nil, err
			}
			b.WriteString("<|im_start|>" + m.Role + "\n" + t + "<|im_end|>\n")
		}
		return []string{b.String()}, nil
	}
	var inputs []string
	if err := json.Unmarshal(p.Input, &inputs); err != nil {
		var one string
		if err := json.Unmarshal(p.Input, &one); err != nil {
			return nil, badRequest("input: want a string or a list of strings (or send \"messages\")")
		}
		inputs = []string{one}
	}
	if len(inputs) > max {
		return nil, &requestError{status: http.StatusRequestEntityTooLarge, msg: fmt.Sprintf("%d items in one request; at most %d (split the batch)", len(inputs), max)}
	}
	return inputs, nil
}

// StepSeparator marks the end of each step in a Qwen2.5-Math-PRM input.
const StepSeparator = "<extra_0>"

// StepTag marks the end of each step in a Math-Shepherd input (vLLM's STEP pooling with
// step_tag_id the tag's token and returned_token_ids ["+", "-"]).
const StepTag = "ки"

// pooling answers vLLM's /pooling for a PRM client. A Qwen2.5-Math-PRM input is the chat
// template with the steps of the assistant turn each followed by <extra_0>, and its answer
// is one [p_neg, p_pos] pair per step (the model's two labels); vLLM's chat form, "messages"
// (PoolingChatRequest), is read as that template would render it (PoolingRequest.inputs). A
// Math-Shepherd input (no <extra_0>, steps "Step k: … ки") is answered as vLLM's STEP pooler
// does for that model with returned_token_ids [648, 387]: one [p("+"), p("-")] pair per tag.
// p_pos and p("+") are leanprm's merged score. An input with no step gets an empty data list
// and an "error" (the client finds no step vectors: that input fails, not the batch). An
// input whose scoring failed is never given scores: under serve.reward_on_error fail the
// request is answered 503 with Retry-After, else each of its steps gets the operator's value
// and the datum an "error".
func (s *Server) pooling(w http.ResponseWriter, r *http.Request) {
	var req PoolingRequest
	if err := s.decode(w, r, &req); err != nil {
		s.fail(w, err)
		return
	}
	inputs, err := req.inputs(s.opts.MaxItems)
	if err != nil {
		s.fail(w, err)
		return
	}
	data := make([]poolingDatum, len(inputs))
	tasks := make([]dispatch.Task, 0, len(inputs))
	index := make([]int, 0, len(inputs))
	shepherd := make([]bool, len(inputs))
	steps := make([]int, len(inputs))
	for i, in := range inputs {
		data[i] = poolingDatum{Index: i}
		problem, st := ParseQwenPRMInput(in)
		if !strings.Contains(in, StepSeparator) && strings.Contains(in, StepTag) {
			problem, st = ParseShepherdInput(in)
			shepherd[i] = true
		}
		steps[i] = len(st)
		if len(st) == 0 {
			data[i].Error = "the input has no steps: end each step with " + StepSeparator + " (Qwen2.5-Math-PRM) or " + StepTag + " (Math-Shepherd)"
			continue
		}
		t, err := task(dispatch.KindScore, "", ScoreTask{Chain: chain.Chain{ID: strconv.Itoa(i), Problem: problem, Steps: st, FirstError: chain.NoLabel}})
		if err != nil {
			s.fail(w, err)
			return
		}
		tasks, index = append(tasks, t), append(index, i)
	}
	failed := newFailures(len(inputs))
	if len(tasks) > 0 {
		res, err := s.run(r.Context(), tasks, 0)
		if err != nil {
			s.fail(w, err)
			return
		}
		for k, rr := range res {
			i := index[k]
			scores, msg := poolingScores(rr)
			if msg != "" {
				failed.add(i, msg)
				data[i].Error = msg
				continue
			}
			data[i].Scores = scores
		}
	}
	if s.refuse(w, failed) {
		return
	}
	if failed.n > 0 {
		s.m.rewardFailures.WithLabelValues("fixed").Add(float64(failed.n))
	}
	for i, bad := range failed.of {
		if bad {
			data[i].Scores = make([]float64, steps[i])
			for k := range data[i].Scores {
				data[i].Scores[k] = s.opts.RewardOnError.Value
			}
		}
	}
	for i := range data {
		data[i].Shepherd = shepherd[i]
	}
	model := req.Model
	if model == "" {
		model = "leanprm"
	}
	writePooling(w, model, data)
}

// poolingScores reads one input's merged step scores, or says why its scoring failed (as
// rewardOutcome does for a chain).
func poolingScores(rr dispatch.Result) ([]float64, string) {
	if rr.Error != "" {
		return nil, rr.Error
	}
	c, ok := checkJSONOf(rr)
	if !ok {
		return nil, "the worker's answer could not be read"
	}
	if c.CheckerFailed {
		return nil, "a formal checker failed: " + strings.Join(c.Warnings, "; ")
	}
	out := make([]float64, len(c.Steps))
	for i, st := range c.Steps {
		out[i] = st.Score
	}
	return out, ""
}

// poolingDatum is one entry of the /pooling answer: a pair per step score, in the order
// of the input's model (Qwen: [p_neg, p_pos]; Math-Shepherd: [p("+"), p("-")]).
type poolingDatum struct {
	Index    int
	Scores   []float64
	Shepherd bool
	Error    string
}

// writePooling writes vLLM's pooling answer by hand: a step's value may be NaN
// (serve.reward_on_error nan), which encoding/json cannot write.
func writePooling(w http.ResponseWriter, model string, data []poolingDatum) {
	str := func(b []byte, v string) []byte {
		q, _ := json.Marshal(v)
		return append(b, q...)
	}
	b := []byte(`{"id":`)
	b = str(b, fmt.Sprintf("pool-%d", time.Now().UnixNano()))
	b = append(b, `,"object":"list","created":`...)
	b = strconv.AppendInt(b, time.Now().Unix(), 10)
	b = append(b, `,"model":`...)
	b = str(b, model)
	b = append(b, `,"data":[`...)
	for i, d := range data {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"index":`...)
		b = strconv.AppendInt(b, int64(d.Index), 10)
		b = append(b, `,"object":"pooling","data":[`...)
		for k, p := range d.Scores {
			if k > 0 {
				b = append(b, ',')
			}
			first, second := 1-p, p
			if d.Shepherd {
				first, second = p, 1-p
			}
			b = append(b, '[')
			b = appendReward(b, first)
			b = append(b, ',')
			b = appendReward(b, second)
			b = append(b, ']')
		}
		b = append(b, ']')
		if d.Error != "" {
			b = append(b, `,"error":`...)
			b = str(b, d.Error)
		}
		b = append(b, '}')
	}
	b = append(b, `],"usage":{"prompt_tokens":0,"total_tokens":0}}`...)
	b = append(b, '\n')
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	w.Write(b)
}

// ParseQwenPRMInput reads a Qwen2.5-Math-PRM input: with the chat template, the problem is
// the user turn and the steps are the assistant turn; without it, the whole text is steps.
// Each step ends at <extra_0>; what follows the last one is not a step.
func ParseQwenPRMInput(in string) (problem string, steps []chain.Step) {
	body := in
	if i := strings.LastIndex(in, "<|im_start|>assistant\n"); i >= 0 {
		if u := strings.LastIndex(in[:i], "<|im_start|>user\n"); u >= 0 {
			problem = in[u+len("<|im_start|>user\n") : i]
			problem = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(problem), "<|im_end|>"))
		}
		body = in[i+len("<|im_start|>assistant\n"):]
	}
	parts := strings.Split(body, StepSeparator)
	for _, p := range parts[:len(parts)-1] {
		steps = append(steps, stepFromText(p))
	}
	return problem, steps
}

// shepherdStepRE is the "Step k:" that opens each step of a Math-Shepherd input.
var shepherdStepRE = regexp.MustCompile(`(?m)(?:^|\s)Step \d+:\s*`)

// ParseShepherdInput reads a Math-Shepherd PRM input: the question, then "Step k: text ки"
// per step. The problem is what comes before "Step 1:"; each step ends at the tag (its
// "Step k:" dropped); what follows the last tag is not a step.
func ParseShepherdInput(in string) (problem string, steps []chain.Step) {
	parts := strings.Split(in, StepTag)
	for i, p := range parts[:len(parts)-1] {
		if i == 0 {
			if loc := shepherdStepRE.FindStringIndex(p); loc != nil {
				problem = strings.TrimSpace(p[:loc[0]])
				p = p[loc[1]:]
			}
		} else if loc := shepherdStepRE.FindStringIndex(p); loc != nil && strings.TrimSpace(p[:loc[0]]) == "" {
			p = p[loc[1]:]
		}
		steps = append(steps, stepFromText(strings.TrimSpace(p)))
	}
	return problem, steps
}
