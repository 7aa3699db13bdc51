package serve

// Endpoints that speak other projects' wire formats (service/ANCHORS.md): Kimina Lean Server
// (/api/check, /verify), OpenRLHF's remote reward (/get_reward) and vLLM's pooling (/pooling).

import (
	"bytes"
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
	ID   string `json:"id"`
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

// snippetTasks makes one KindCheck task per snippet. The header budget is added to the
// deadline of a snippet whose header the pool does not hold ready.
func (s *Server) snippetTasks(snips []KiminaSnippet, timeout time.Duration, infotree string, fresh bool) ([]dispatch.Task, error) {
	tasks := make([]dispatch.Task, len(snips))
	now := time.Now()
	for i, sn := range snips {
		header, _, _ := SplitHeader(sn.Code)
		t, err := task(dispatch.KindCheck, EnvKey(header), CheckTask{ID: sn.ID, Code: sn.Code, InfoTree: infotree, Fresh: fresh})
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
		ids[i] = sn.ID
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
	infotree := ""
	if req.InfoTree != nil {
		if !infoTrees[*req.InfoTree] {
			s.fail(w, &requestError{status: http.StatusUnprocessableEntity, msg: fmt.Sprintf("infotree %q: want full, tactics, original, substantive or null", *req.InfoTree)})
			return
		}
		infotree = *req.InfoTree
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
		kr := KiminaResult{ID: req.Snippets[i].ID}
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
	snips := make([]KiminaSnippet, len(req.Codes))
	for i, c := range req.Codes {
		id := bytes.TrimSpace(c.CustomID)
		var str string
		var num json.Number
		if json.Unmarshal(id, &str) != nil && json.Unmarshal(id, &num) != nil {
			s.fail(w, &requestError{status: http.StatusUnprocessableEntity, msg: fmt.Sprintf("codes[%d].custom_id: want a string or an integer", i)})
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
		snips[i] = KiminaSnippet{ID: string(id), Code: *code}
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
	infotree := ""
	if req.InfoTreeType != nil && infoTrees[*req.InfoTreeType] {
		infotree = *req.InfoTreeType
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
		CustomID json.RawMessage `json:"custom_id"`
		Error    *string         `json:"error"`
		Response json.RawMessage `json:"response"`
	}
	out := make([]backward, len(res))
	for i, rr := range res {
		b := backward{CustomID: req.Codes[i].CustomID, Response: json.RawMessage("null")}
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
// verified, else 0). Otherwise the response is read as a chain of steps (as `check` reads
// text), any other non-blank label is its gold answer, and its reward is what reward.mode
// makes of the outcome and the chain score (reward.go; the chain score alone without a
// label). An item that fails gets reward 0 and
// extra_logs.leanprm_item_error 1: OpenRLHF has no per-item error, and a batch must not fail.
func (s *Server) getReward(w http.ResponseWriter, r *http.Request) {
	var req RewardRequest
	if err := s.decode(w, r, &req); err != nil {
		s.fail(w, err)
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
	errs := make([]string, n)
	for i, q := range req.Query {
		prompt, label := at(req.Prompts, i), labelAt(req.Labels, i)
		response := strings.TrimPrefix(q, prompt)
		var (
			t   dispatch.Task
			err error
		)
		if st, perr := verify.ParseStatement(label); perr == nil && st != nil {
			proof, ok := lastLeanBlock(response)
			if !ok {
				errs[i] = "no ```lean block in the response to verify against the label"
				continue
			}
			t, err = task(dispatch.KindVerify, "", VerifyTask{ID: strconv.Itoa(i), Statement: label, Proof: proof})
		} else {
			c, cerr := responseChain(prompt, response)
			if cerr != nil {
				errs[i] = cerr.Error()
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
	outcomes := newOutcomeLogs(n)
	if len(tasks) > 0 {
		res, err := s.run(r.Context(), tasks, 0)
		if err != nil {
			s.fail(w, err)
			return
		}
		for k, rr := range res {
			i := index[k]
			if rr.Error != "" {
				errs[i] = rr.Error
				continue
			}
			switch tasks[k].Kind {
			case dispatch.KindVerify:
				var v verify.Result
				if json.Unmarshal(rr.Payload, &v) == nil && v.Status == verify.StatusVerified {
					rewards[i], verified[i] = 1, 1
				}
				firstErr[i] = -1
			default:
				var c report.CheckJSON
				if err := json.Unmarshal(rr.Payload, &c); err != nil {
					errs[i] = "the worker's answer could not be read"
					continue
				}
				rewards[i], firstErr[i] = outcomes.payItem(s, i, &c), float64(c.Predicted)
				if len(c.Steps) > 0 && c.Has("verified") && !c.Has("refuted") {
					verified[i] = 1
				}
			}
		}
	}
	for i, e := range errs {
		if e != "" {
			rewards[i], itemErr[i], firstErr[i] = 0, 1, -1
		}
	}
	logs := map[string][]float64{
		"leanprm_item_error":      itemErr,
		"leanprm_formal_verified": verified,
		"leanprm_first_error":     firstErr,
	}
	outcomes.add(logs)
	writeJSON(w, http.StatusOK, map[string]any{
		"rewards":    rewards,
		"scores":     rewards,
		"extra_logs": logs,
	})
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

// PoolingRequest is vLLM's pooling request: input is one text or a list.
type PoolingRequest struct {
	Model string          `json:"model"`
	Input json.RawMessage `json:"input"`
}

// StepSeparator marks the end of each step in a Qwen2.5-Math-PRM input.
const StepSeparator = "<extra_0>"

// StepTag marks the end of each step in a Math-Shepherd input (vLLM's STEP pooling with
// step_tag_id the tag's token and returned_token_ids ["+", "-"]).
const StepTag = "ки"

// pooling answers vLLM's /pooling for a PRM client. A Qwen2.5-Math-PRM input is the chat
// template with the steps of the assistant turn each followed by <extra_0>, and its answer
// is one [p_neg, p_pos] pair per step (the model's two labels). A Math-Shepherd input (no
// <extra_0>, steps "Step k: … ки") is answered as vLLM's STEP pooler does for that model
// with returned_token_ids [648, 387]: one [p("+"), p("-")] pair per tag. p_pos and p("+")
// are leanprm's merged score. An input that fails gets an empty data list (the client finds
// no step vectors: that chain fails, not the batch) and an "error".
func (s *Server) pooling(w http.ResponseWriter, r *http.Request) {
	var req PoolingRequest
	if err := s.decode(w, r, &req); err != nil {
		s.fail(w, err)
		return
	}
	var inputs []string
	if err := json.Unmarshal(req.Input, &inputs); err != nil {
		var one string
		if err := json.Unmarshal(req.Input, &one); err != nil {
			s.fail(w, badRequest("input: want a string or a list of strings"))
			return
		}
		inputs = []string{one}
	}
	tasks := make([]dispatch.Task, len(inputs))
	shepherd := make([]bool, len(inputs))
	for i, in := range inputs {
		problem, steps := ParseQwenPRMInput(in)
		if !strings.Contains(in, StepSeparator) && strings.Contains(in, StepTag) {
			problem, steps = ParseShepherdInput(in)
			shepherd[i] = true
		}
		t, err := task(dispatch.KindScore, "", ScoreTask{Chain: chain.Chain{ID: strconv.Itoa(i), Problem: problem, Steps: steps, FirstError: chain.NoLabel}})
		if err != nil {
			s.fail(w, err)
			return
		}
		tasks[i] = t
	}
	res, err := s.run(r.Context(), tasks, 0)
	if err != nil {
		s.fail(w, err)
		return
	}
	type datum struct {
		Index  int         `json:"index"`
		Object string      `json:"object"`
		Data   [][]float64 `json:"data"`
		Error  string      `json:"error,omitempty"`
	}
	data := make([]datum, len(res))
	for i, rr := range res {
		d := datum{Index: i, Object: "pooling", Data: [][]float64{}}
		var c report.CheckJSON
		switch {
		case rr.Error != "":
			d.Error = rr.Error
		case json.Unmarshal(rr.Payload, &c) != nil:
			d.Error = "the worker's answer could not be read"
		default:
			for _, st := range c.Steps {
				if shepherd[i] {
					d.Data = append(d.Data, []float64{st.Score, 1 - st.Score})
				} else {
					d.Data = append(d.Data, []float64{1 - st.Score, st.Score})
				}
			}
		}
		data[i] = d
	}
	model := req.Model
	if model == "" {
		model = "leanprm"
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"id":      fmt.Sprintf("pool-%d", time.Now().UnixNano()),
		"object":  "list",
		"created": time.Now().Unix(),
		"model":   model,
		"data":    data,
		"usage":   map[string]int{"prompt_tokens": 0, "total_tokens": 0},
	})
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
