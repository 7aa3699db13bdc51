package gensim

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strings"
	"time"
)

// Handler serves the OpenAI-compatible endpoints: GET /v1/models, POST /v1/completions and
// POST /v1/chat/completions.
func (s *Sim) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /v1/models", s.models)
	mux.HandleFunc("POST /v1/completions", func(w http.ResponseWriter, r *http.Request) { s.complete(w, r, false) })
	mux.HandleFunc("POST /v1/chat/completions", func(w http.ResponseWriter, r *http.Request) { s.complete(w, r, true) })
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "NotFoundError", fmt.Sprintf("no endpoint %s %s (the simulator serves /v1/models, /v1/completions, /v1/chat/completions)", r.Method, r.URL.Path))
	})
	return mux
}

func (s *Sim) models(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{
		"object": "list",
		"data": []map[string]any{{
			"id": Model, "object": "model", "created": 0, "owned_by": "leanprm-simulator",
		}},
	})
}

// request holds the fields of either endpoint the simulator reads; the rest are accepted and
// ignored, as vLLM ignores what does not apply.
type request struct {
	Model                  string          `json:"model"`
	Prompt                 json.RawMessage `json:"prompt"`
	Messages               []chatMessage   `json:"messages"`
	N                      *int            `json:"n"`
	Temperature            *float64        `json:"temperature"`
	MaxTokens              *int            `json:"max_tokens"`
	MaxCompletionTokens    *int            `json:"max_completion_tokens"`
	Stop                   json.RawMessage `json:"stop"`
	Seed                   *int64          `json:"seed"`
	IncludeStopStrInOutput bool            `json:"include_stop_str_in_output"`
	ContinueFinalMessage   bool            `json:"continue_final_message"`
	AddGenerationPrompt    *bool           `json:"add_generation_prompt"`
	Stream                 bool            `json:"stream"`
}

type chatMessage struct {
	Role    string          `json:"role"`
	Content json.RawMessage `json:"content"`
}

// text reads a message's content: a string, or a list of {"type": "text", "text"} parts.
func (m chatMessage) text() (string, error) {
	var s string
	if err := json.Unmarshal(m.Content, &s); err == nil {
		return s, nil
	}
	var parts []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if err := json.Unmarshal(m.Content, &parts); err != nil {
		return "", fmt.Errorf("message content must be a string or a list of text parts")
	}
	var b strings.Builder
	for _, p := range parts {
		b.WriteString(p.Text)
	}
	return b.String(), nil
}

const maxBody = 16 << 20

func (s *Sim) complete(w http.ResponseWriter, r *http.Request, chat bool) {
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
	if err != nil {
		writeError(w, http.StatusBadRequest, "BadRequestError", "could not read the request body")
		return
	}
	if len(body) > maxBody {
		writeError(w, http.StatusRequestEntityTooLarge, "BadRequestError", "request body over 16 MiB")
		return
	}
	var req request
	if err := json.Unmarshal(body, &req); err != nil {
		writeError(w, http.StatusBadRequest, "BadRequestError", "the body is not a JSON completion request")
		return
	}
	if req.Model != "" && req.Model != Model {
		writeError(w, http.StatusNotFound, "NotFoundError", fmt.Sprintf("The model `%s` does not exist (the simulator serves %q).", req.Model, Model))
		return
	}
	if req.Stream {
		writeError(w, http.StatusBadRequest, "BadRequestError", "the simulator does not stream (send stream: false)")
		return
	}
	n := 1
	if req.N != nil {
		n = *req.N
	}
	if n < 1 || n > 256 {
		writeError(w, http.StatusBadRequest, "BadRequestError", fmt.Sprintf("n must be in 1..256, not %d", n))
		return
	}
	maxTokens := -1
	switch {
	case req.MaxCompletionTokens != nil:
		maxTokens = *req.MaxCompletionTokens
	case req.MaxTokens != nil:
		maxTokens = *req.MaxTokens
	}
	if maxTokens == 0 || maxTokens < -1 {
		writeError(w, http.StatusBadRequest, "BadRequestError", "max_tokens must be at least 1")
		return
	}
	stops, err := stopList(req.Stop)
	if err != nil {
		writeError(w, http.StatusBadRequest, "BadRequestError", err.Error())
		return
	}
	prompt, find, prefix, err := readPrompt(req, chat)
	if err != nil {
		writeError(w, http.StatusBadRequest, "BadRequestError", err.Error())
		return
	}
	p, end := s.find(find)
	if p == nil {
		writeError(w, http.StatusBadRequest, "BadRequestError", "the simulator knows no problem of its problems file in this prompt (it continues only the reference solutions it loaded)")
		return
	}
	if !chat {
		prefix = prompt[end:]
	}
	sep := "\n\n"
	if len(stops) > 0 {
		sep = stops[0]
	}
	st := p.follow(splitSteps(prefix, stops, sep))

	greedy := req.Temperature != nil && *req.Temperature == 0
	var seed [8]byte
	if req.Seed != nil {
		binary.LittleEndian.PutUint64(seed[:], uint64(*req.Seed))
	}
	var simSeed [8]byte
	binary.LittleEndian.PutUint64(simSeed[:], s.o.Seed)

	promptTokens := countTokens(prompt)
	completionTokens := 0
	choices := make([]map[string]any, 0, n)
	for i := 0; i < n; i++ {
		var idx [8]byte
		if !greedy { // greedy decoding gives the same sample every time
			binary.LittleEndian.PutUint64(idx[:], uint64(i))
		}
		rd := newRNG(simSeed[:], seed[:], []byte(prompt), idx[:])
		steps, slips := s.continueFrom(p, st, rd)
		text := strings.Join(steps, "\n\n")
		finish, stopReason := "stop", any(nil)
		kept := len(text)
		if at, which := firstStop(text, stops); at >= 0 {
			text, stopReason, kept = text[:at], which, at
			if req.IncludeStopStrInOutput {
				text += which
			}
		}
		if maxTokens > 0 {
			if cut, ok := truncateTokens(text, maxTokens); ok {
				text, finish, stopReason, kept = cut, "length", nil, min(kept, len(cut))
			}
		}
		completionTokens += countTokens(text)
		c := map[string]any{"index": i, "logprobs": nil, "finish_reason": finish, "stop_reason": stopReason,
			"sim_slips": shownSlips(steps, slips, kept)}
		if chat {
			c["message"] = map[string]any{"role": "assistant", "content": text}
		} else {
			c["text"] = text
		}
		choices = append(choices, c)
	}
	id, object := "cmpl-sim", "text_completion"
	if chat {
		id, object = "chatcmpl-sim", "chat.completion"
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"id": fmt.Sprintf("%s-%016x", id, newRNG([]byte(prompt), seed[:]).next()), "object": object, "created": time.Now().Unix(),
		"model": Model, "choices": choices,
		"usage": map[string]int{"prompt_tokens": promptTokens, "completion_tokens": completionTokens, "total_tokens": promptTokens + completionTokens},
	})
}

// shownSlips are the slips on the steps the completion shows (any part of them) when it keeps
// the first kept bytes of the steps joined by "\n\n": the sample's metadata, "sim_slips" of its
// choice, so a test can tell which kind of slip a chain carries and where.
func shownSlips(steps []string, slips []Slip, kept int) []Slip {
	out := []Slip{}
	for _, sl := range slips {
		start := 0
		for _, st := range steps[:sl.Step] {
			start += len(st) + 2
		}
		if start < kept {
			out = append(out, sl)
		}
	}
	return out
}

// readPrompt returns the prompt as one text (for the draws and the token count), the text
// the problem is looked for in, and, for chat, the partial answer being continued: the last
// message when it is the assistant's.
func readPrompt(req request, chat bool) (prompt, find, prefix string, err error) {
	if !chat {
		var p string
		if err := json.Unmarshal(req.Prompt, &p); err != nil {
			var ps []string
			if json.Unmarshal(req.Prompt, &ps) == nil && len(ps) == 1 {
				p = ps[0]
			} else {
				return "", "", "", fmt.Errorf("prompt must be one string (the simulator takes no token ids or batches)")
			}
		}
		return p, p, "", nil
	}
	if len(req.Messages) == 0 {
		return "", "", "", fmt.Errorf("messages must not be empty")
	}
	var all, users strings.Builder
	for i, m := range req.Messages {
		t, err := m.text()
		if err != nil {
			return "", "", "", fmt.Errorf("messages[%d]: %v", i, err)
		}
		fmt.Fprintf(&all, "<%s>%s\n", m.Role, t)
		if m.Role == "assistant" && i == len(req.Messages)-1 {
			prefix = t
		} else {
			users.WriteString(t)
			users.WriteString("\n")
		}
	}
	return all.String(), users.String(), prefix, nil
}

// splitSteps splits a partial answer into steps at the stop strings (the client joins steps
// with the one it stops at), dropping empty pieces.
func splitSteps(text string, stops []string, sep string) []string {
	for _, st := range stops {
		if st != sep {
			text = strings.ReplaceAll(text, st, sep)
		}
	}
	var out []string
	for _, piece := range strings.Split(text, sep) {
		if t := strings.Join(strings.Fields(piece), " "); t != "" {
			out = append(out, t)
		}
	}
	return out
}

func stopList(raw json.RawMessage) ([]string, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	var one string
	if json.Unmarshal(raw, &one) == nil {
		if one == "" {
			return nil, nil
		}
		return []string{one}, nil
	}
	var list []string
	if err := json.Unmarshal(raw, &list); err != nil {
		return nil, fmt.Errorf("stop must be a string or a list of strings")
	}
	var out []string
	for _, s := range list {
		if s != "" {
			out = append(out, s)
		}
	}
	return out, nil
}

// firstStop finds the earliest stop string in text.
func firstStop(text string, stops []string) (int, string) {
	at, which := -1, ""
	for _, s := range stops {
		if i := strings.Index(text, s); i >= 0 && (at < 0 || i < at) {
			at, which = i, s
		}
	}
	return at, which
}

// The simulator counts tokens as words and punctuation marks: a stand-in for a tokenizer, the
// same for prompt, completion and max_tokens.
var tokenRe = regexp.MustCompile(`[\p{L}\p{N}_]+|[^\p{L}\p{N}_\s]`)

func countTokens(s string) int { return len(tokenRe.FindAllStringIndex(s, -1)) }

func truncateTokens(s string, max int) (string, bool) {
	locs := tokenRe.FindAllStringIndex(s, max+1)
	if len(locs) <= max {
		return s, false
	}
	return s[:locs[max-1][1]], true
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// writeError answers in OpenAI's error shape, {"error": {"message", "type", "param", "code"}}.
func writeError(w http.ResponseWriter, status int, typ, msg string) {
	writeJSON(w, status, map[string]any{"error": map[string]any{"message": "leanprm generator simulator: " + msg, "type": typ, "param": nil, "code": status}})
}

// readAll reads a request's body and puts it back for the next handler.
func readAll(r *http.Request) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
	r.Body = io.NopCloser(bytes.NewReader(b))
	return b, err
}
