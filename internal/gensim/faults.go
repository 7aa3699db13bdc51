package gensim

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
)

// FaultKind is a way a generator fails.
type FaultKind string

const (
	Fault429       FaultKind = "429"       // 429 Too Many Requests with Retry-After: 1
	Fault500       FaultKind = "500"       // 500 Internal Server Error
	FaultHang      FaultKind = "hang"      // no answer until the client gives up
	FaultMalformed FaultKind = "malformed" // 200 with a body that is not JSON
	FaultEmpty     FaultKind = "empty"     // 200 with a completion whose text is empty
	FaultClose     FaultKind = "close"     // the connection closed without an answer
)

// Fault makes completion requests fail: the first Count of them (0: every one), or only those
// whose body contains Match when it is set.
type Fault struct {
	Kind  FaultKind
	Count int
	Match string
}

// ParseFault reads "KIND[:COUNT]" (429, 500, hang, malformed, empty, close).
func ParseFault(s string) (Fault, error) {
	kind, count, hasCount := strings.Cut(s, ":")
	f := Fault{Kind: FaultKind(kind)}
	switch f.Kind {
	case Fault429, Fault500, FaultHang, FaultMalformed, FaultEmpty, FaultClose:
	default:
		return f, fmt.Errorf("fault %q: want 429, 500, hang, malformed, empty or close, optionally :COUNT", s)
	}
	if hasCount {
		n, err := strconv.Atoi(count)
		if err != nil || n < 0 {
			return f, fmt.Errorf("fault %q: COUNT must be a whole number", s)
		}
		f.Count = n
	}
	return f, nil
}

// WithFaults wraps a generator's handler so that completion requests fail as f says; other
// requests (/v1/models) pass. It is the failing peer of the client's tests and of
// `leanprm sim generator --fault`. done releases hanging requests when closed (server shutdown).
func WithFaults(h http.Handler, f Fault, done <-chan struct{}) http.Handler {
	var seen atomic.Int64
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasSuffix(r.URL.Path, "/completions") {
			h.ServeHTTP(w, r)
			return
		}
		if f.Match != "" {
			body, err := readAll(r)
			if err != nil || !strings.Contains(string(body), f.Match) {
				h.ServeHTTP(w, r)
				return
			}
		}
		if n := seen.Add(1); f.Count > 0 && n > int64(f.Count) {
			h.ServeHTTP(w, r)
			return
		}
		switch f.Kind {
		case Fault429:
			w.Header().Set("Retry-After", "1")
			writeError(w, http.StatusTooManyRequests, "RateLimitError", "injected fault: too many requests")
		case Fault500:
			writeError(w, http.StatusInternalServerError, "InternalServerError", "injected fault: internal error")
		case FaultHang:
			select {
			case <-r.Context().Done():
			case <-done:
			}
		case FaultMalformed:
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write([]byte(`{"id": "cmpl-sim", "choices": [{"text": "trunc`))
		case FaultEmpty:
			writeJSON(w, http.StatusOK, map[string]any{
				"id": "cmpl-sim", "object": "text_completion", "model": Model,
				"choices": []map[string]any{{"index": 0, "text": "", "message": map[string]any{"role": "assistant", "content": ""}, "finish_reason": "stop", "stop_reason": nil}},
				"usage":   map[string]int{"prompt_tokens": 1, "completion_tokens": 0, "total_tokens": 1},
			})
		case FaultClose:
			if hj, ok := w.(http.Hijacker); ok {
				if conn, _, err := hj.Hijack(); err == nil {
					_ = conn.Close()
					return
				}
			}
			panic(http.ErrAbortHandler)
		}
	})
}
