package serve

// Endpoints that speak other projects' wire formats (service/ANCHORS.md): Kimina Lean Server
// (/api/check, /verify), OpenRLHF's remote reward (/get_reward) and vLLM's pooling (/pooling).

import (
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/leanprm/leanprm/hybrid/chain"
	"github.com/leanprm/leanprm/hybrid/report"
	"github.com/leanprm/leanprm/internal/dispatch"
	"github.com/leanprm/leanprm/leanbridge/verify"
)

// KiminaSnippet is one snippet of Kimina's CheckRequest.
type KiminaSnippet struct {
	ID   ItemID `json:"id"`
	Code string `json:"code"`
}

// KiminaCheckRequest is Kimina's CheckRequest (POST /api/check).
type KiminaCheckRequest struct {
	Snippets []KiminaSnippet `json:"snippets"`
	Timeout  *float64        `json:"timeout"` // seconds; Kimina's default 30
	Debug    bool            `json:"debug"`
	Reuse    *bool           `json:"reuse"`
	InfoTree *string         `json:"infotree"`
}

// KiminaResult is one entry of Kimina's CheckResponse: exactly one of Response and Error.
type KiminaResult struct {
	ID          string          `json:"id"`
	Time        float64         `json:"time"`
	Response    json.RawMessage `json:"response,omitempty"`
	Error       *string         `json:"error,omitempty"`
	Diagnostics map[string]any  `json:"diagnostics,omitempty"`
}

var infoTrees = map[string]bool{"full": true, "tactics": true, "original": true, "substantive": true}

// infoTree checks an infotree option (/api/check's infotree, /verify's infotree_type), as
// Kimina's request model does: one of its names, or null.
func infoTree(v *string) (string, error) {
	if v == nil {
		return "", nil
	}
	if !infoTrees[*v] {
		return "", &requestError{status: http.StatusUnprocessableEntity, msg: fmt.Sprintf("infotree %q: want full, tactics, original, substantive or null", *v)}
	}
	return *v, nil
}

// snippetTasks makes one KindCheck task per snippet. The header budget is added to the
// deadline of a snippet whose header the pool does not hold ready.
func (s *Server) snippetTasks(snips []KiminaSnippet, timeout time.Duration, infotree string, fresh bool) ([]dispatch.Task, error) {
	tasks := make([]dispatch.Task, len(snips))
	now := time.Now()
	for i, sn := range snips {
		header, _, _ := SplitHeader(sn.Code)
		t, err := task(dispatch.KindCheck, EnvKey(header), CheckTask{ID: string(sn.ID), Code: sn.Code, InfoTree: infotree, Fresh: fresh})
		if err != nil {
			return nil, err
		}
		budget := timeout
		if !s.warm(header) {
			budget += s.opts.HeaderTimeout
		}
		t.Deadline = now.Add(budget)
		tasks[i] = t
	}
	return tasks, nil
}

func (s *Server) kiminaCheck(w http.ResponseWriter, r *http.Request) {
	var req KiminaCheckRequest
	if err := s.decode(w, r, &req); err != nil {
		s.fail(w, err)
		return
	}
	if len(req.Snippets) == 0 {
		s.fail(w, &requestError{status: http.StatusUnprocessableEntity, msg: "snippets must be a non-empty list"})
		return
	}
	if len(req.Snippets) > s.opts.MaxItems {
		s.fail(w, s.tooMany(len(req.Snippets)))
		return
	}
	ids := make([]string, len(req.Snippets))
	for i, sn := range req.Snippets {
		ids[i] = string(sn.ID)
	}
	if err := uniqueIDs(ids); err != nil {
		s.fail(w, &requestError{status: http.StatusUnprocessableEntity, msg: err.Error()})
		return
	}
	tsec := 30.0
	if req.Timeout != nil {
		tsec = *req.Timeout
	}
	timeout, err := seconds(tsec)
	if err != nil {
		s.fail(w, err)
		return
	}
	infotree, err := infoTree(req.InfoTree)
	if err != nil {
		s.fail(w, err)
		return
	}
	// reuse=false: each snippet on a REPL process of its own (Kimina starts a fresh REPL).
	tasks, err := s.snippetTasks(req.Snippets, timeout, infotree, req.Reuse != nil && !*req.Reuse)
	if err != nil {
		s.fail(w, err)
		return
	}
	start := time.Now()
	res, err := s.run(r.Context(), tasks, timeout+s.opts.HeaderTimeout)
	if err != nil {
		s.fail(w, err)
		return
	}
	out := make([]KiminaResult, len(res))
	for i, rr := range res {
		kr := KiminaResult{ID: string(req.Snippets[i].ID)}
		ans, msg := checkAnswer(rr)
		if msg != "" {
			kr.Error, kr.Time = &msg, time.Since(start).Seconds()
		} else {
			kr.Response, kr.Time = ans.Response, ans.Time
		}
		if req.Debug {
			i := s.current()
			kr.Diagnostics = map[string]any{"checker": i.Checker, "lean": i.Versions.Lean, "repl": i.Versions.REPL}
		}
		out[i] = kr
	}
	writeJSON(w, http.StatusOK, map[string]any{"results": out})
}

// checkAnswer reads a KindCheck result: the answer, or the item's error message.
func checkAnswer(rr dispatch.Result) (CheckAnswer, string) {
	if rr.Error != "" {
		return CheckAnswer{}, rr.Error
	}
	var ans CheckAnswer
	if err := json.Unmarshal(rr.Payload, &ans); err != nil || len(ans.Response) == 0 {
		return CheckAnswer{}, "the worker's answer could not be read"
	}
	return ans, ""
}

// KiminaCode is one entry of Kimina's legacy VerifyRequestBody: custom_id is a string or an
// integer, the code is sent as proof or as code.
type KiminaCode struct {
	CustomID json.RawMessage `json:"custom_id"`
	Proof    *string         `json:"proof"`
	Code     *string         `json:"code"`
}

// KiminaVerifyRequest is Kimina's legacy VerifyRequestBody (POST /verify).
type KiminaVerifyRequest struct {
	Codes        []KiminaCode `json:"codes"`
	Timeout      *float64     `json:"timeout"` // seconds; Kimina's default 300
	InfoTreeType *string      `json:"infotree_type"`
	DisableCache bool         `json:"disable_cache"`
}

func (s *Server) kiminaVerify(w http.ResponseWriter, r *http.Request) {
	var req KiminaVerifyRequest
	if err := s.decode(w, r, &req); err != nil {
		s.fail(w, err)
		return
	}
	if len(req.Codes) == 0 {
		s.fail(w, &requestError{status: http.StatusUnprocessableEntity, msg: "codes must be a non-empty list"})
		return
	}
	if len(req.Codes) > s.opts.MaxItems {
		s.fail(w, s.tooMany(len(req.Codes)))
		return
	}
	snips := make([]KiminaSnippet, len(req.Codes))
	for i, c := range req.Codes {
		id, err := kiminaCustomID(c.CustomID)
		if err != nil {
			status := http.StatusUnprocessableEntity
			if re, ok := err.(*requestError); ok {
				status = re.status
			}
			s.fail(w, &requestError{status: status, msg: fmt.Sprintf("codes[%d].custom_id: %v", i, err)})
			return
		}
		code := c.Proof
		if code == nil {
			code = c.Code
		}
		if code == nil {
			s.fail(w, &requestError{status: http.StatusUnprocessableEntity, msg: fmt.Sprintf("codes[%d]: want \"proof\" or \"code\"", i)})
			return
		}
		snips[i] = KiminaSnippet{ID: ItemID(id), Code: *code}
	}
	tsec := 300.0
	if req.Timeout != nil {
		tsec = *req.Timeout
	}
	timeout, err := seconds(tsec)
	if err != nil {
		s.fail(w, err)
		return
	}
	infotree, err := infoTree(req.InfoTreeType)
	if err != nil {
		s.fail(w, err)
		return
	}
	// disable_cache is reuse=false (Kimina maps one to the other).
	tasks, err := s.snippetTasks(snips, timeout, infotree, req.DisableCache)
	if err != nil {
		s.fail(w, err)
		return
	}
	res, err := s.run(r.Context(), tasks, timeout+s.opts.HeaderTimeout)
	if err != nil {
		s.fail(w, err)
		return
	}
	type backward struct {
		CustomID string          `json:"custom_id"`
		Error    *string         `json:"error"`
		Response json.RawMessage `json:"response"`
	}
	out := make([]backward, len(res))
	for i, rr := range res {
		b := backward{CustomID: string(snips[i].ID), Response: json.RawMessage("null")}
		ans, msg := checkAnswer(rr)
		if msg != "" {
			b.Error = &msg
		} else {
			b.Response = withNumber(ans.Response, "time", ans.Time)
		}
		out[i] = b
	}
	writeJSON(w, http.StatusOK, map[string]any{"results": out})
}

// withNumber adds "key": v to the JSON object obj (Kimina folds time into the response).
func withNumber(obj json.RawMessage, key string, v float64) json.RawMessage {
	var m map[string]json.RawMessage
	if json.Unmarshal(obj, &m) != nil {
		return obj
	}
	m[key] = json.RawMessage(strconv.FormatFloat(v, 'f', -1, 64))
	b, _ := json.Marshal(m)
	return b
}

// RewardRequest is OpenRLHF's remote reward request (POST /get_reward): query is the prompt
// and the response as one text, labels the dataset's label column.
type RewardRequest struct {
	Query   []string `json:"query"`
	Prompts []string `json:"prompts"`
	// Labels are strings, or numbers (a data set's integer answer column) read as written.
	Labels []Label `json:"labels"`
}

// getReward scores each query. A label that reads as a Lean theorem statement makes the
// query a contest proof: its last ```lean block is verified against the label (reward 1
// verified, else 0; a response with no ```lean block proves nothing and earns 0). Otherwise
// the response is read as a chain of steps (as `check` reads text), any other non-blank label
// is its gold answer, and its reward is what reward.mode makes of the outcome and the chain
// score (reward.go; the chain score alone without a label; a response with no steps earns 0). Both are about the response: they are
// flagged in extra_logs.leanprm_unscorable, and a retry would give the same.
//
// An item whose scoring failed (rewardOutcomes) is never given a score: under
// serve.reward_on_error fail (the default) the request is answered 503 with Retry-After,
// else the item gets the operator's value with extra_logs.leanprm_item_error 1.
func (s *Server) getReward(w http.ResponseWriter, r *http.Request) {
	var req RewardRequest
	if err := s.decode(w, r, &req); err != nil {
		s.fail(w, err)
		return
	}
	if len(req.Query) > s.opts.MaxItems {
		s.fail(w, s.tooMany(len(req.Query))) // before any item is read
		return
	}
	n := len(req.Query)
	at := func(xs []string, i int) string {
		if i < len(xs) {
			return xs[i]
		}
		return ""
	}
	tasks := make([]dispatch.Task, 0, n)
	index := make([]int, 0, n)
	unscorable := make([]float64, n)
	for i, q := range req.Query {
		s.itemsRead.Add(1)
		prompt, label := at(req.Prompts, i), labelAt(req.Labels, i)
		response := strings.TrimPrefix(q, prompt)
		var (
			t   dispatch.Task
			err error
		)
		if st, perr := verify.ParseStatement(label); perr == nil && st != nil {
			proof, ok := lastLeanBlock(response)
			if !ok {
				unscorable[i] = 1 // no proof to verify: reward 0
				continue
			}
			t, err = task(dispatch.KindVerify, "", VerifyTask{ID: ItemID(strconv.Itoa(i)), Statement: label, Proof: proof})
		} else {
			c, cerr := responseChain(prompt, response)
			if cerr != nil {
				unscorable[i] = 1 // no steps to score: reward 0
				continue
			}
			c.ID, c.Gold = strconv.Itoa(i), goldLabel(label)
			t, err = task(dispatch.KindScore, "", ScoreTask{Chain: c})
		}
		if err != nil {
			s.fail(w, err)
			return
		}
		tasks, index = append(tasks, t), append(index, i)
	}
	rewards := make([]float64, n)
	verified := make([]float64, n)
	firstErr := make([]float64, n)
	itemErr := make([]float64, n)
	for i := range firstErr {
		firstErr[i] = -1
	}
	failed := newFailures(n)
	outcomes := newOutcomeLogs(n)
	if len(tasks) > 0 {
		res, err := s.run(r.Context(), tasks, 0)
		if err != nil {
			s.fail(w, err)
			return
		}
		for k, rr := range res {
			i := index[k]
			o, msg := rewardOutcome(tasks[k].Kind, rr)
			if msg != "" {
				failed.add(i, msg)
				continue
			}
			if o.chain != nil {
				o.reward = outcomes.payItem(s, i, o.chain)
			}
			rewards[i], verified[i], firstErr[i] = o.reward, o.verified, o.firstError
		}
	}
	if s.refuse(w, failed) {
		return
	}
	for i, bad := range failed.of {
		if bad {
			rewards[i], itemErr[i], verified[i], firstErr[i] = s.opts.RewardOnError.Value, 1, 0, -1
		}
	}
	if failed.n > 0 {
		s.m.rewardFailures.WithLabelValues("fixed").Add(float64(failed.n))
	}
	logs := map[string][]float64{
		"leanprm_item_error":      itemErr,
		"leanprm_unscorable":      unscorable,
		"leanprm_formal_verified": verified,
		"leanprm_first_error":     firstErr,
	}
	outcomes.add(logs)
	writeRewards(w, rewards, logs)
}

// rewardOutcomeOf is what one scored item gives /get_reward.
type rewardOutcomeOf struct {
	reward, verified, firstError float64
	// chain is a scored chain's answer, which getReward pays by reward.mode (reward.go).
	chain *report.CheckJSON
}

// rewardOutcome reads one item's result, or says why its scoring failed: the executor's
// error (a timeout, a crash, no worker), an answer that cannot be read, a proof whose checker
// gave no verdict (verify's error status), or a chain on which a formal checker failed
// (its scores rest on the learned side alone, so they are not the chain's score).
func rewardOutcome(kind dispatch.Kind, rr dispatch.Result) (rewardOutcomeOf, string) {
	if rr.Error != "" {
		return rewardOutcomeOf{}, rr.Error
	}
	switch kind {
	case dispatch.KindVerify:
		var v verify.Result
		if err := json.Unmarshal(rr.Payload, &v); err != nil {
			return rewardOutcomeOf{}, "the worker's answer could not be read"
		}
		switch v.Status {
		case verify.StatusVerified:
			return rewardOutcomeOf{reward: 1, verified: 1, firstError: -1}, ""
		case verify.StatusError, verify.StatusMalformed:
			why := "no reason given"
			if len(v.Reasons) > 0 {
				why = v.Reasons[0].String()
			}
			return rewardOutcomeOf{}, "no verdict on the proof: " + why
		}
		return rewardOutcomeOf{firstError: -1}, ""
	default:
		var c report.CheckJSON
		if err := json.Unmarshal(rr.Payload, &c); err != nil {
			return rewardOutcomeOf{}, "the worker's answer could not be read"
		}
		if c.CheckerFailed {
			return rewardOutcomeOf{}, "a formal checker failed: " + strings.Join(c.Warnings, "; ")
		}
		o := rewardOutcomeOf{reward: c.ChainScore, firstError: float64(c.Predicted), chain: &c}
		if len(c.Steps) > 0 && c.Has("verified") && !c.Has("refuted") {
			o.verified = 1
		}
		return o, ""
	}
}

// writeRewards writes OpenRLHF's answer: rewards, scores (the same) and extra_logs. Rewards
// may be NaN (serve.reward_on_error nan), which encoding/json cannot write.
func writeRewards(w http.ResponseWriter, rewards []float64, extra map[string][]float64) {
	list := []byte{'['}
	for i, x := range rewards {
		if i > 0 {
			list = append(list, ',')
		}
		list = appendReward(list, x)
	}
	list = append(list, ']')
	logs, err := json.Marshal(extra)
	if err != nil {
		writeError(w, http.StatusInternalServerError, "encoding the answer failed")
		return
	}
	b := make([]byte, 0, 2*len(list)+len(logs)+48)
	b = append(b, `{"rewards":`...)
	b = append(b, list...)
	b = append(b, `,"scores":`...)
	b = append(b, list...)
	b = append(b, `,"extra_logs":`...)
	b = append(b, logs...)
	b = append(b, '}', '\n')
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	w.Write(b)
}

// lastLeanBlock returns the body of the last ```lean (or lean4) block of text.
func lastLeanBlock(text string) (string, bool) {
	found, body := false, ""
	rest := text
	for {
		i := strings.Index(rest, "```lean")
		if i < 0 {
			return body, found
		}
		rest = rest[i+len("```lean"):]
		rest = strings.TrimPrefix(rest, "4")
		nl := strings.IndexByte(rest, '\n')
		if nl < 0 {
			return body, found
		}
		rest = rest[nl+1:]
		end := strings.Index(rest, "```")
		if end < 0 {
			return body, found
		}
		body, found = rest[:end], true
		rest = rest[end+3:]
	}
}

// responseChain reads a model's response as `check` reads text: steps at "Step N:" markers,
// list items or paragraphs, fenced ```lean blocks as Lean steps.
func responseChain(prompt, response string) (chain.Chain, error) {
	chains, _, err := chain.Decode(strings.NewReader(response), "response", chain.FormatText)
	if err != nil {
		return chain.Chain{}, err
	}
	var c chain.Chain
	for _, ch := range chains {
		if c.Problem == "" {
			c.Problem = ch.Problem
		}
		c.Steps = append(c.Steps, ch.Steps...)
	}
	if len(c.Steps) == 0 {
		return chain.Chain{}, fmt.Errorf("the response has no steps")
	}
	if strings.TrimSpace(prompt) != "" {
		c.Problem = prompt
	}
	for i := range c.Steps {
		c.Steps[i].Label = chain.Unlabeled
	}
	c.FirstError = chain.NoLabel
	return c, nil
}

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
	var c report.CheckJSON
	if err := json.Unmarshal(rr.Payload, &c); err != nil {
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
