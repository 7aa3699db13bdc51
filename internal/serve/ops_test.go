package serve

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/internal/dispatch"
)

// zeros is an endless body of n bytes that is never held in memory: a JSON string of zeros.
type zeros struct{ left int64 }

func (z *zeros) Read(p []byte) (int, error) {
	if z.left <= 0 {
		return 0, io.EOF
	}
	n := min(int64(len(p)), z.left)
	for i := range n {
		p[i] = '0'
	}
	if z.left == n {
		p[n-1] = '"'
	}
	z.left -= n
	return int(n), nil
}

func TestBadInputIsA4xxAndTheServerStaysUp(t *testing.T) {
	ts := exactServer(t, Options{Token: "s3cret"})
	snips := make([]string, 10000)
	for i := range snips {
		snips[i] = fmt.Sprintf(`{"id": "%d", "code": "theorem t : 1 = 1 := rfl"}`, i)
	}
	many := `{"snippets": [` + strings.Join(snips, ",") + `]}`
	for _, tc := range []struct {
		name, path, token, body string
		status                  int
		msg                     string
	}{
		{"no token", "/v1/score", "", `{"chains": []}`, 401, "token"},
		{"wrong token", "/v1/score", "s3cret!", `{"chains": []}`, 401, "token"},
		{"malformed JSON", "/v1/score", "s3cret", `{"chains": [`, 400, "malformed JSON"},
		{"syntax error", "/api/check", "s3cret", `{"snippets": [}`, 400, "malformed JSON at byte"},
		{"wrong type", "/v1/score", "s3cret", `{"chains": "a chain"}`, 400, "chains is a JSON string, want an array"},
		{"wrong nested type", "/api/check", "s3cret", `{"snippets": [{"id": 1, "code": "x"}]}`, 400, "snippets.id is a JSON number, want a string"},
		{"step of a wrong type", "/v1/score", "s3cret", `{"chains": [{"id": "a", "steps": [3]}]}`, 400, "a step is a string"},
		{"empty body", "/get_reward", "s3cret", ``, 400, "empty body"},
		{"two values", "/pooling", "s3cret", `{"input": "a"} {}`, 400, "more than one value"},
		{"timeout of a wrong sign", "/v1/score", "s3cret", `{"chains": [], "timeout": -1}`, 400, "timeout"},
		{"10,000 snippets", "/api/check", "s3cret", many, 413, "at most 1024"},
		{"missing chains", "/v1/score", "s3cret", `{}`, 400, "chains"},
		{"input of a wrong type", "/pooling", "s3cret", `{"input": 3}`, 400, "input"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var e errorBody
			resp := post(t, ts.URL+tc.path, tc.token, tc.body, &e)
			assert.Equal(t, tc.status, resp.StatusCode)
			assert.Contains(t, e.Error, tc.msg)
			assert.Equal(t, e.Error, e.Detail)
		})
	}
	for _, announced := range []bool{false, true} {
		t.Run(fmt.Sprintf("100 MB body, length announced %v", announced), func(t *testing.T) {
			hugeBody(t, ts.URL, announced)
		})
	}
	resp, _ := get(t, ts.URL+"/livez")
	assert.Equal(t, http.StatusOK, resp.StatusCode, "the server stays up")
	var ok scoreAnswer
	resp = post(t, ts.URL+"/v1/score", "s3cret", `{"chains": [{"id": "a", "steps": ["1 + 1 = 2."]}]}`, &ok)
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	require.Len(t, ok.Chains, 1)
	assert.Equal(t, "verified", ok.Chains[0].Steps[0].Verdict.String())
	resp, _ = get(t, ts.URL+"/nope")
	assert.Equal(t, http.StatusNotFound, resp.StatusCode)
}

// gate is an executor whose tasks wait until it is opened.
type gate struct {
	open    chan struct{}
	started chan struct{}
	once    sync.Once
}

func (g *gate) Execute(ctx context.Context, tasks []dispatch.Task) []dispatch.Result {
	g.once.Do(func() { close(g.started) })
	select {
	case <-g.open:
	case <-ctx.Done():
	}
	out := make([]dispatch.Result, len(tasks))
	for i := range out {
		out[i] = dispatch.Result{Error: "gated"}
	}
	return out
}

func TestFullAdmissionQueueIs429WithRetryAfter(t *testing.T) {
	s := New(Options{QueueSize: 2})
	g := &gate{open: make(chan struct{}), started: make(chan struct{})}
	s.Ready(g, Info{})
	hs := httptest.NewServer(s)
	defer hs.Close()
	done := make(chan int, 1)
	go func() {
		resp, err := http.Post(hs.URL+"/v1/score", "application/json", strings.NewReader(`{"chains": [{"steps": ["a"]}, {"steps": ["b"]}]}`))
		if err != nil {
			done <- 0
			return
		}
		resp.Body.Close()
		done <- resp.StatusCode
	}()
	<-g.started // two items admitted: the queue is full
	var e errorBody
	resp := post(t, hs.URL+"/v1/score", "", `{"chains": [{"steps": ["c"]}]}`, &e)
	assert.Equal(t, http.StatusTooManyRequests, resp.StatusCode)
	assert.Equal(t, "1", resp.Header.Get("Retry-After"))
	assert.Contains(t, e.Error, "admission queue is full")
	_, metrics := get(t, hs.URL+"/metrics")
	assert.Contains(t, metrics, "leanprm_admission_queue_depth 2")
	assert.Contains(t, metrics, "leanprm_admission_rejected_total 1")
	close(g.open)
	assert.Equal(t, http.StatusOK, <-done, "the admitted request is answered (with its per-item errors)")
	resp = post(t, hs.URL+"/v1/score", "", `{"chains": [{"steps": ["c"]}]}`, nil)
	assert.Equal(t, http.StatusOK, resp.StatusCode, "room again")
}

func TestReadinessAndDrain(t *testing.T) {
	s := New(Options{Versions: Versions{Leanprm: "v", Lean: "starting"}})
	hs := httptest.NewServer(s)
	defer hs.Close()
	resp, _ := get(t, hs.URL+"/livez")
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	resp, body := get(t, hs.URL+"/readyz")
	assert.Equal(t, http.StatusServiceUnavailable, resp.StatusCode)
	assert.Contains(t, body, "warming up")
	var e errorBody
	resp = post(t, hs.URL+"/v1/score", "", `{"chains": [{"steps": ["a"]}]}`, &e)
	assert.Equal(t, http.StatusServiceUnavailable, resp.StatusCode)
	assert.Equal(t, "1", resp.Header.Get("Retry-After"))
	assert.Equal(t, "starting", resp.Header.Get("X-Lean-Version"), "every response carries the versions")

	s.Ready(&dispatch.Local{Handler: NewHandler(Parts{})}, Info{Versions: Versions{Lean: "l", REPL: "r", Model: "m"}})
	resp, _ = get(t, hs.URL+"/readyz")
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, "v", resp.Header.Get("X-Leanprm-Version"))
	assert.Equal(t, "l", resp.Header.Get("X-Lean-Version"))
	assert.Equal(t, "r", resp.Header.Get("X-Lean-Repl-Version"))
	assert.Equal(t, "m", resp.Header.Get("X-Leanprm-Model"))
	var sc scoreAnswer
	resp = post(t, hs.URL+"/v1/score", "", `{"chains": [{"id": "a", "steps": ["a"]}]}`, &sc)
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	require.Len(t, sc.Chains, 1)
	assert.Contains(t, sc.Chains[0].Error, "not served here", "a missing part is a per-item error")

	s.Drain()
	resp, body = get(t, hs.URL+"/readyz")
	assert.Equal(t, http.StatusServiceUnavailable, resp.StatusCode)
	assert.Contains(t, body, "draining")
	resp = post(t, hs.URL+"/v1/score", "", `{"chains": [{"steps": ["a"]}]}`, &e)
	assert.Equal(t, http.StatusServiceUnavailable, resp.StatusCode)
	assert.Contains(t, e.Error, "shutting down")
}

func TestMetricsCountRequestsAndVerdicts(t *testing.T) {
	ts := simServer(t, Options{})
	post(t, ts.URL+"/v1/score", "", `{"chains": [{"id": "a", "steps": ["2 + 3 = 6.", "1 + 1 = 2."]}]}`, nil)
	resp, body := get(t, ts.URL+"/readyz")
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Contains(t, body, `"checker":"sim"`)
	_, m := get(t, ts.URL+"/metrics")
	for _, want := range []string{
		`leanprm_http_requests_total{code="200",endpoint="v1_score"} 1`,
		`leanprm_http_request_duration_seconds_bucket{endpoint="v1_score"`,
		`leanprm_verdicts_total{checker="sim",verdict="refuted"} 1`,
		`leanprm_verdicts_total{checker="sim",verdict="verified"} 1`,
		`leanprm_items_total{kind="score",outcome="ok"} 1`,
		`leanprm_repl_worker_restarts_total 0`,
		`leanprm_repl_workers 2`,
		`leanprm_admission_queue_depth 0`,
		`leanprm_obligation_cache_misses_total 4`,
	} {
		assert.Contains(t, m, want)
	}
}

func TestDeadlineIsHonouredEndToEnd(t *testing.T) {
	ts := startServer(t, simConfig(t, "lean", "-latency 1s", "1"), Options{HeaderTimeout: time.Millisecond})
	start := time.Now()
	var got struct {
		Results []struct {
			ID    string  `json:"id"`
			Error *string `json:"error"`
		} `json:"results"`
	}
	snips := make([]string, 4)
	for i := range snips {
		snips[i] = fmt.Sprintf(`{"id": "s%d", "code": "theorem t : %d = %d := rfl"}`, i, i, i)
	}
	resp := post(t, ts.URL+"/api/check", "", `{"snippets": [`+strings.Join(snips, ",")+`], "timeout": 0.2}`, &got)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Less(t, time.Since(start), 900*time.Millisecond, "the answer comes at the deadline, not after the REPL")
	require.Len(t, got.Results, 4)
	for _, r := range got.Results {
		require.NotNil(t, r.Error, r.ID)
		assert.Regexp(t, "timed out|deadline", *r.Error, "every item answered with its own error")
	}
}

// hugeBody posts a 100 MB chain: chunked (read up to the limit) or with its length announced
// (refused before reading).
func hugeBody(t *testing.T, url string, announced bool) {
	body := io.MultiReader(strings.NewReader(`{"chains": [{"id": "big", "problem": "`), &zeros{left: 100 << 20}, strings.NewReader(`, "steps": ["1 = 1."]}]}`))
	req, err := http.NewRequestWithContext(testCtx(t), http.MethodPost, url+"/v1/score", body)
	require.NoError(t, err)
	if announced {
		req.ContentLength = 100<<20 + 64
	}
	req.Header.Set("Authorization", "Bearer s3cret")
	resp, err := http.DefaultClient.Do(req)
	if err == nil { // the server may close the connection before the client has sent it all
		defer resp.Body.Close()
		msg, _ := io.ReadAll(resp.Body)
		assert.Equal(t, http.StatusRequestEntityTooLarge, resp.StatusCode)
		assert.Contains(t, string(msg), "larger than 16777216 bytes")
	}
}

// TestDrainThenAbort: after Drain new work is 503 while the request in flight goes on and
// Idle stays open; Abort fails that request with a retryable 503 (never a partial answer),
// and Idle closes.
func TestDrainThenAbort(t *testing.T) {
	s := New(Options{})
	g := &gate{open: make(chan struct{}), started: make(chan struct{})}
	s.Ready(g, Info{})
	hs := httptest.NewServer(s)
	defer hs.Close()
	select {
	case <-s.Idle():
	default:
		t.Fatal("Idle is closed when nothing runs")
	}
	type answer struct {
		code       int
		retryAfter string
		body       string
	}
	done := make(chan answer, 1)
	go func() {
		resp, err := http.Post(hs.URL+"/v1/score", "application/json", strings.NewReader(`{"chains": [{"steps": ["a"]}]}`))
		if err != nil {
			done <- answer{body: err.Error()}
			return
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		done <- answer{resp.StatusCode, resp.Header.Get("Retry-After"), string(b)}
	}()
	<-g.started
	idle := s.Idle()
	s.Drain()
	resp, body := get(t, hs.URL+"/readyz")
	assert.Equal(t, http.StatusServiceUnavailable, resp.StatusCode)
	assert.Contains(t, body, "draining")
	var e errorBody
	resp = post(t, hs.URL+"/v1/score", "", `{"chains": [{"steps": ["b"]}]}`, &e)
	assert.Equal(t, http.StatusServiceUnavailable, resp.StatusCode)
	select {
	case <-idle:
		t.Fatal("Idle closed while a request runs")
	default:
	}
	s.Abort()
	a := <-done
	assert.Equal(t, http.StatusServiceUnavailable, a.code, a.body)
	assert.Equal(t, "1", a.retryAfter)
	assert.Contains(t, a.body, "drain_timeout")
	<-idle
}
