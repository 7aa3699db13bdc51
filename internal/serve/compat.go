package serve

// Endpoints that speak other projects' wire formats (service/ANCHORS.md): Kimina Lean Server
// (/api/check, /verify) here, OpenRLHF's remote reward (/get_reward) in openrlhf.go and vLLM's
// pooling (/pooling) in pooling.go.

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/leanprm/leanprm/internal/dispatch"
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
