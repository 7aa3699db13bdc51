package serve

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/leanprm/leanprm/hybrid/prm/embedded"
	"github.com/leanprm/leanprm/hybrid/reward"
	"github.com/leanprm/leanprm/internal/dispatch"
	"github.com/leanprm/leanprm/leanbridge/repl"
	"github.com/leanprm/leanprm/translate"
	"github.com/leanprm/leanprm/translate/lru"
)

// Defaults of Options.
const (
	DefaultMaxBodyBytes = 16 << 20
	DefaultMaxItems     = 1024
	DefaultQueueSize    = 1024
	// DefaultTimeout is below the RL clients' own deadlines (slime 120 s, OpenRLHF 180 s), so
	// that a request the server gives up on is answered before the client gives up on it.
	DefaultTimeout       = 100 * time.Second
	DefaultHeaderTimeout = 5 * time.Minute
	DefaultPrefixBytes   = 64 << 20
	DefaultPrefixEntries = 65536
)

// Versions are sent with every response, as the headers X-Leanprm-Version, X-Lean-Version,
// X-Lean-Repl-Version and X-Leanprm-Model: results depend on all four.
type Versions struct {
	Leanprm, Lean, REPL, Model string
}

// Options configure a Server. The zero value serves without authentication, with the
// defaults above.
type Options struct {
	// Token, when set, is required as `Authorization: Bearer <Token>` on every endpoint but
	// the health, readiness and metrics ones.
	Token string
	// MaxBodyBytes bounds a request body (413 beyond).
	MaxBodyBytes int64
	// MaxItems bounds the items (chains, proofs, snippets, queries, inputs) of one request.
	MaxItems int
	// QueueSize is how many items may be admitted at once, running or waiting for a worker;
	// a request that does not fit is answered 429 with Retry-After.
	QueueSize int
	// Timeout is a request's deadline when it names none (timeout fields ask for less, never
	// more); an item still queued at the deadline is answered with an error and not run.
	Timeout time.Duration
	// HeaderTimeout is the extra budget of a snippet whose header is not one of the warm ones
	// (Info.WarmHeaders): importing it is not charged to the snippet's own timeout.
	HeaderTimeout time.Duration
	// Versions are reported until Ready gives the final ones (Leanprm is known at once).
	Versions Versions
	// PrefixEntries and PrefixBytes bound the chains kept for incremental scoring.
	PrefixEntries int
	PrefixBytes   int64
	// AnswerCacheBytes bounds the reward answers kept for retried requests (answercache.go).
	AnswerCacheBytes int64
	// RewardOnError is what /get_reward and /pooling answer for an item whose scoring
	// failed; the zero value refuses the request with a retryable 503.
	RewardOnError RewardOnError
	// Logger gets request failures; nil discards.
	Logger *slog.Logger
	// Reward chooses what /get_reward and /v1/score pay an item with a gold answer
	// (reward.mode, reward.on_unknown); the zero value is grounded, an unknown outcome paid 0.
	Reward reward.Settings
}

func (o Options) withDefaults() Options {
	if o.MaxBodyBytes <= 0 {
		o.MaxBodyBytes = DefaultMaxBodyBytes
	}
	if o.MaxItems <= 0 {
		o.MaxItems = DefaultMaxItems
	}
	if o.QueueSize <= 0 {
		o.QueueSize = DefaultQueueSize
	}
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	if o.HeaderTimeout <= 0 {
		o.HeaderTimeout = DefaultHeaderTimeout
	}
	if o.PrefixBytes <= 0 {
		o.PrefixBytes = DefaultPrefixBytes
	}
	if o.PrefixEntries <= 0 {
		o.PrefixEntries = DefaultPrefixEntries
	}
	if o.AnswerCacheBytes <= 0 {
		o.AnswerCacheBytes = DefaultAnswerCacheBytes
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	return o
}

// Server is the HTTP face of leanprm: the native, Kimina, OpenRLHF and vLLM endpoints and
// the operational ones, over a dispatch.Executor. It is an http.Handler. It answers 503 to
// work until Ready is called (the REPL pool warms up meanwhile) and after Drain.
type Server struct {
	opts     Options
	mux      *http.ServeMux
	m        *metrics
	exec     atomic.Pointer[dispatch.Executor]
	info     atomic.Pointer[Info]
	draining atomic.Bool
	tokenSum [32]byte
	prefixes *lru.Cache[string, prefixEntry]
	answers  *lru.Cache[[32]byte, []byte] // recent reward answers by request (answercache.go)
	// rewards pays the /get_reward requests of a few items that arrive together as one batch:
	// RL clients send one sample per request (OpenRLHF's single-turn executor), and a sample
	// read, scored and paid among a batch's costs the server less CPU than one paid between
	// other requests' work (the scorer's code and data stay in the CPU's caches).
	rewards *dispatch.Group[rewardItem, paidRef]
	// methods are the methods each path is served for, so that another method on it is 405
	// with Allow, not 404.
	methods map[string][]string

	mu       sync.Mutex
	admitted int           // items admitted and not yet answered
	running  int           // requests inside run
	idle     chan struct{} // closed when running reaches 0 (made by Idle while some run)

	// abort ends the work of every request still running (Abort): a shutdown's deadline.
	abort     context.Context
	abortWork context.CancelCauseFunc

	// itemsRead counts the items of /get_reward read into tasks (the limits come first).
	itemsRead atomic.Int64
}

// New builds a Server; it serves work once Ready is called.
func New(o Options) *Server {
	o = o.withDefaults()
	s := &Server{opts: o, mux: http.NewServeMux(), methods: map[string][]string{}, prefixes: lru.New[string, prefixEntry](o.PrefixEntries, o.PrefixBytes),
		answers: lru.New[[32]byte, []byte](1<<16, o.AnswerCacheBytes)}
	s.rewards = dispatch.NewGroup(s.payItems, func(why string) paidRef { return paidRef{notRun: "not run: " + why} },
		1, rewardGroupItems, coalesceHold)
	if o.Token != "" {
		s.tokenSum = sha256.Sum256([]byte(o.Token))
	}
	s.abort, s.abortWork = context.WithCancelCause(context.Background())
	s.m = newMetrics(s)
	s.routes()
	return s
}

// Info is what the server reports about the executor's parts once they are up.
type Info struct {
	Versions Versions
	// Checker names the formal side ("exact", "sim+exact", …) for /readyz and debug output.
	Checker string
	// WarmHeaders are the headers the REPL pool holds ready (lean.header).
	WarmHeaders []string
	// REPLStats, when set, reads the REPL pool's counters for /metrics.
	REPLStats func() repl.Stats
	// Obligations, when set, is the obligation cache whose counters /metrics shows.
	Obligations *ObligationCache
	// Scans, when set, is the translator's cache of step readings whose counters /metrics
	// shows.
	Scans *translate.ScanCache
	// Exact, when set, is the exact checker's cache of outcomes by declaration text, whose
	// counters /metrics reports.
	Exact *translate.ExactCache
	// Contexts, when set, is the translator's cache of chain contexts (a chain extending one
	// translated before resumes after it), whose counters /metrics reports.
	Contexts *translate.ContextCache
	// PRMContexts, when set, is the embedded PRM's cache of chain contexts (a chain extending
	// one scored before computes features for its new steps only), whose counters /metrics
	// reports.
	PRMContexts *embedded.ContextCache
	// Workers, when set, reports the workers of another process that run this server's
	// tasks (a NATS gateway's): /readyz is 503 while none is alive, the headers they hold
	// warm count as warm, and /metrics reports them in place of a REPL pool.
	Workers func() RemoteWorkers
}

// RemoteWorkers is what a gateway knows of the workers that run its tasks.
type RemoteWorkers struct {
	// Alive counts the workers that pull tasks; Capacity their slots, Running the tasks they
	// run, REPLs their healthy REPL processes.
	Alive, Capacity, Running, REPLs int
	// WarmHeaders are the headers some live worker holds ready.
	WarmHeaders []string
}

// Ready makes the server take work, run by exec, and report info.
func (s *Server) Ready(exec dispatch.Executor, info Info) {
	if info.Versions.Leanprm == "" {
		info.Versions.Leanprm = s.opts.Versions.Leanprm
	}
	s.info.Store(&info)
	if _, ok := exec.(*dispatch.Local); ok {
		// Small scoring requests that arrive together are scored as one batch (dispatch.Coalescer).
		exec = dispatch.NewCoalescer(exec, 1, coalesceMaxTasks, coalesceHold)
	}
	s.exec.Store(&exec)
}

// The coalescer's settings: the most tasks of a request it batches with others, and how long
// a batch may keep the next one waiting.
const (
	coalesceMaxTasks = 16
	coalesceHold     = 20 * time.Millisecond
	// rewardGroupItems is the most items a batch of /get_reward requests takes.
	rewardGroupItems = 256
)

// current is the Info to report: Ready's, or what Options say before.
func (s *Server) current() *Info {
	if i := s.info.Load(); i != nil {
		return i
	}
	return &Info{Versions: s.opts.Versions}
}

// Drain makes /readyz fail and turns new work away with 503, so a load balancer sends it
// elsewhere, while the requests in flight go on (Idle says when they are done). The listener
// is the caller's: keep it open until Idle or Abort, so /readyz keeps answering 503.
func (s *Server) Drain() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.draining.Store(true)
}

// errShuttingDown is the cause of a request's end at Abort.
var errShuttingDown = errors.New("the server is shutting down")

// Abort ends the work of every request still running: each is answered 503 with
// Retry-After (its items never become answers, so nothing half done is read as a result),
// as soon as its tasks see their context end. Call it at the drain deadline.
func (s *Server) Abort() { s.abortWork(errShuttingDown) }

// Idle is closed once no request is running work (at once when none is). After Drain no new
// request starts, so it stays closed.
func (s *Server) Idle() <-chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.running == 0 {
		c := make(chan struct{})
		close(c)
		return c
	}
	if s.idle == nil {
		s.idle = make(chan struct{})
	}
	return s.idle
}

// enter counts a request into run, unless the server drains.
func (s *Server) enter() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.draining.Load() {
		return false
	}
	s.running++
	return true
}

func (s *Server) leave() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.running--
	if s.running == 0 && s.idle != nil {
		close(s.idle)
		s.idle = nil
	}
}

// ServeHTTP implements http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	v := s.current().Versions
	h.Set("X-Leanprm-Version", v.Leanprm)
	h.Set("X-Lean-Version", v.Lean)
	h.Set("X-Lean-Repl-Version", v.REPL)
	h.Set("X-Leanprm-Model", v.Model)
	if s.draining.Load() {
		h.Set("Connection", "close") // a client's next request finds another instance
	}
	s.mux.ServeHTTP(w, r)
}

func (s *Server) routes() {
	s.handle("GET /livez", "livez", false, func(w http.ResponseWriter, _ *http.Request) {
		writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
	})
	s.handle("GET /readyz", "readyz", false, s.readyz)
	s.handle("GET /health", "health", false, func(w http.ResponseWriter, _ *http.Request) {
		writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
	})
	s.handle("GET /{$}", "health", false, func(w http.ResponseWriter, _ *http.Request) {
		writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
	})
	s.mux.Handle("GET /metrics", s.m.handler())
	s.allow("GET /metrics")
	s.handle("POST /v1/score", "v1_score", true, s.score)
	s.handle("POST /v1/verify", "v1_verify", true, s.verifyProofs)
	s.handle("POST /api/check", "api_check", true, s.kiminaCheck)
	s.handle("POST /api/check/", "api_check", true, s.kiminaCheck)
	s.handle("POST /verify", "verify", true, s.kiminaVerify)
	s.handle("POST /one_pass_verify_batch", "verify", true, s.kiminaVerify)
	s.handle("POST /get_reward", "get_reward", true, s.cached("get_reward", s.getReward))
	s.handle("POST /reward", "reward", true, s.cached("reward", s.slimeReward))
	s.handle("POST /pooling", "pooling", true, s.pooling)
	s.mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if ms, ok := s.methods[r.URL.Path]; ok {
			s.m.request("other", http.StatusMethodNotAllowed, 0)
			w.Header().Set("Allow", strings.Join(ms, ", "))
			writeError(w, http.StatusMethodNotAllowed, fmt.Sprintf("%s %s: this endpoint takes %s", r.Method, r.URL.Path, strings.Join(ms, " or ")))
			return
		}
		s.m.request("other", http.StatusNotFound, 0)
		writeError(w, http.StatusNotFound, fmt.Sprintf("no endpoint %s %s", r.Method, r.URL.Path))
	})
}

// allow records the method and path of a pattern ("POST /v1/score"; "GET /{$}" is "/"); a
// GET endpoint answers HEAD too, as http.ServeMux does.
func (s *Server) allow(pattern string) {
	method, path, _ := strings.Cut(pattern, " ")
	path = strings.TrimSuffix(path, "{$}")
	s.methods[path] = append(s.methods[path], method)
	if method == http.MethodGet {
		s.methods[path] = append(s.methods[path], http.MethodHead)
	}
}

// handle registers an endpoint with its metrics and, when auth, the bearer token check.
func (s *Server) handle(pattern, name string, auth bool, fn http.HandlerFunc) {
	s.allow(pattern)
	s.mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
		defer func() { s.m.request(name, rec.status, time.Since(start)) }()
		if auth && !s.authorized(r) {
			rec.Header().Set("WWW-Authenticate", `Bearer realm="leanprm"`)
			writeError(rec, http.StatusUnauthorized, "missing or wrong token: send Authorization: Bearer <token>")
			return
		}
		fn(rec, r)
	})
}

// authorized compares the bearer token in constant time (of the hashes, so the length of the
// token does not show either). The scheme's name is case-insensitive (RFC 7235 §2.1, RFC 6750
// §2.1 after it): "bearer" and "BEARER" are "Bearer".
func (s *Server) authorized(r *http.Request) bool {
	if s.opts.Token == "" {
		return true
	}
	scheme, got, ok := strings.Cut(strings.TrimSpace(r.Header.Get("Authorization")), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return false
	}
	sum := sha256.Sum256([]byte(strings.TrimSpace(got)))
	return subtle.ConstantTimeCompare(sum[:], s.tokenSum[:]) == 1
}

func (s *Server) readyz(w http.ResponseWriter, _ *http.Request) {
	switch {
	case s.draining.Load():
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "draining"})
	case s.exec.Load() == nil:
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "warming up"})
	default:
		i := s.current()
		if i.Workers != nil {
			rw := i.Workers()
			if rw.Alive == 0 {
				writeJSON(w, http.StatusServiceUnavailable, map[string]any{"status": "no workers",
					"detail": "no worker is pulling tasks: requests would wait for their deadline"})
				return
			}
			writeJSON(w, http.StatusOK, map[string]any{"status": "ready", "checker": i.Checker,
				"warm_headers": i.WarmHeaders, "workers": rw.Alive, "capacity": rw.Capacity})
			return
		}
		writeJSON(w, http.StatusOK, map[string]any{"status": "ready", "checker": i.Checker, "warm_headers": i.WarmHeaders})
	}
}

type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (r *statusRecorder) WriteHeader(code int) {
	r.status = code
	r.ResponseWriter.WriteHeader(code)
}

// errorBody is every error answer: "error" for leanprm's clients, "detail" for FastAPI's
// (Kimina's client reads detail).
type errorBody struct {
	Error  string `json:"error"`
	Detail string `json:"detail"`
}

func writeError(w http.ResponseWriter, status int, msg string) {
	msg = shortMessage(msg)
	writeJSON(w, status, errorBody{Error: msg, Detail: msg})
}

// maxMessageBytes bounds an error message: decoding errors quote the input (a 1 MB number in
// a field of the wrong type), and hostile input is quoted as an excerpt, never echoed whole.
const maxMessageBytes = 512

func shortMessage(msg string) string {
	if len(msg) <= maxMessageBytes {
		return msg
	}
	cut := maxMessageBytes
	for cut > 0 && !utf8.RuneStart(msg[cut]) {
		cut--
	}
	return fmt.Sprintf("%s… (%d more bytes)", msg[:cut], len(msg)-cut)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status, b = http.StatusInternalServerError, []byte(`{"error":"encoding the answer failed","detail":"encoding the answer failed"}`)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(append(b, '\n'))
}

// writeItems writes {"key": [items…]} with status 200. Every item must be valid JSON (an
// answer that passed Server.run, itemError, withField of one); they are written as they are,
// not decoded and encoded again.
func writeItems(w http.ResponseWriter, key string, items []json.RawMessage) {
	k, _ := json.Marshal(key)
	n := len(k) + 8
	for _, it := range items {
		n += len(it) + 1
	}
	b := make([]byte, 0, n)
	b = append(b, '{')
	b = append(b, k...)
	b = append(b, ':', '[')
	for i, it := range items {
		if i > 0 {
			b = append(b, ',')
		}
		if len(it) == 0 {
			it = json.RawMessage("null") // as encoding/json writes a nil RawMessage
		}
		b = append(b, it...)
	}
	b = append(b, ']', '}', '\n')
	w.Header().Set("Content-Type", "application/json")
	// With its length known, a large answer goes out in one piece rather than in chunks.
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	w.WriteHeader(http.StatusOK)
	w.Write(b)
}

// requestError is a request-level failure with its HTTP status.
type requestError struct {
	status int
	msg    string
}

func (e *requestError) Error() string { return e.msg }

func badRequest(format string, args ...any) error {
	return &requestError{status: http.StatusBadRequest, msg: fmt.Sprintf(format, args...)}
}

// fail answers err: a requestError with its status, anything else 500.
func (s *Server) fail(w http.ResponseWriter, err error) {
	var re *requestError
	if errors.As(err, &re) {
		if re.status == http.StatusTooManyRequests || re.status == http.StatusServiceUnavailable {
			w.Header().Set("Retry-After", "1")
		}
		writeError(w, re.status, re.msg)
		return
	}
	s.opts.Logger.Error("request failed", "err", err)
	writeError(w, http.StatusInternalServerError, err.Error())
}

// decode reads the body as JSON into v, within the body limit, with an error that says what
// is wrong and where.
//
// A body announced larger than the limit is refused before a byte of it is read; a chunked one
// is read up to the limit. The decoder holds up to about three times the limit while it reads,
// so the memory of a server is bounded by its concurrent requests times that.
func (s *Server) decode(w http.ResponseWriter, r *http.Request, v any) error {
	if r.ContentLength > s.opts.MaxBodyBytes {
		w.Header().Set("Connection", "close") // the rest of the body is not read
		return &requestError{status: http.StatusRequestEntityTooLarge, msg: fmt.Sprintf("the body is larger than %d bytes", s.opts.MaxBodyBytes)}
	}
	body := http.MaxBytesReader(w, r.Body, s.opts.MaxBodyBytes)
	dec := json.NewDecoder(body)
	err := dec.Decode(v)
	if err == nil {
		if dec.More() {
			return badRequest("malformed JSON: more than one value in the body")
		}
		return nil
	}
	var (
		mbe *http.MaxBytesError
		se  *json.SyntaxError
		te  *json.UnmarshalTypeError
		re  *requestError
	)
	switch {
	case errors.As(err, &re): // a field's own check (ItemID)
		return re
	case errors.As(err, &mbe):
		return &requestError{status: http.StatusRequestEntityTooLarge, msg: fmt.Sprintf("the body is larger than %d bytes", mbe.Limit)}
	case errors.As(err, &se):
		return badRequest("malformed JSON at byte %d: %v", se.Offset, se)
	case errors.As(err, &te):
		field := te.Field
		if field == "" {
			field = "the body"
		}
		return badRequest("wrong type: %s is a JSON %s, want %s", field, te.Value, jsonKind(te.Type.String()))
	case errors.Is(err, io.EOF):
		return badRequest("empty body: want a JSON object")
	case errors.Is(err, io.ErrUnexpectedEOF):
		return badRequest("malformed JSON: the body ends early")
	}
	return badRequest("malformed request: %v", err)
}

func jsonKind(goType string) string {
	switch {
	case strings.HasPrefix(goType, "[]"):
		return "an array"
	case goType == "string":
		return "a string"
	case strings.HasPrefix(goType, "int"), strings.HasPrefix(goType, "float"), strings.HasPrefix(goType, "uint"):
		return "a number"
	case goType == "bool":
		return "true or false"
	}
	return "an object"
}

// run admits n tasks, runs them under the request's deadline and returns one result per task.
// A request that does not fit in the admission queue is a 429, one with too many items a 413.
func (s *Server) run(ctx context.Context, tasks []dispatch.Task, timeout time.Duration) ([]dispatch.Result, error) {
	execp := s.exec.Load()
	switch {
	case !s.enter():
		return nil, &requestError{status: http.StatusServiceUnavailable, msg: "shutting down: send this request to another instance"}
	}
	defer s.leave()
	switch {
	case execp == nil:
		return nil, &requestError{status: http.StatusServiceUnavailable, msg: "warming up: the REPL pool is starting (see /readyz)"}
	case s.noWorker(ctx):
		// A gateway no worker pulls from would hold the request to its deadline: refuse it
		// at once, for the client's retry loop.
		return nil, &requestError{status: http.StatusServiceUnavailable, msg: "no worker is pulling tasks (see /readyz): retry when one is"}
	case len(tasks) > s.opts.MaxItems:
		return nil, s.tooMany(len(tasks))
	}
	if !s.admit(len(tasks)) {
		s.m.rejected.Inc()
		return nil, &requestError{status: http.StatusTooManyRequests, msg: fmt.Sprintf("the admission queue is full (%d items admitted); retry later", s.opts.QueueSize)}
	}
	defer s.release(len(tasks))
	if timeout <= 0 || timeout > s.opts.Timeout {
		timeout = s.opts.Timeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	ctx, end := context.WithCancelCause(ctx)
	defer end(nil)
	defer context.AfterFunc(s.abort, func() { end(context.Cause(s.abort)) })()
	deadline, _ := ctx.Deadline()
	for i := range tasks {
		if tasks[i].Deadline.IsZero() || tasks[i].Deadline.After(deadline) {
			tasks[i].Deadline = deadline
		}
	}
	res := (*execp).Execute(ctx, tasks)
	if errors.Is(context.Cause(ctx), errShuttingDown) {
		return nil, &requestError{status: http.StatusServiceUnavailable, msg: "shutting down: the request did not finish within serve.drain_timeout; send it again (another instance takes it)"}
	}
	if len(res) != len(tasks) {
		return nil, fmt.Errorf("the executor answered %d of %d items", len(res), len(tasks))
	}
	for i, r := range res {
		if !s.m.item(tasks[i].Kind, r) {
			res[i] = dispatch.Result{Error: "the answer is not valid JSON"}
		}
	}
	return res, nil
}

// NoWorkerWait is how long a gateway that hears no worker waits for one to beat before it
// refuses a request (a gateway just started has not heard the workers' first beats yet).
const NoWorkerWait = 2 * time.Second

// noWorker reports whether tasks go to remote workers (a NATS gateway) and none has been
// heard from, within NoWorkerWait or ctx.
func (s *Server) noWorker(ctx context.Context) bool {
	i := s.current()
	if i.Workers == nil {
		return false
	}
	deadline := time.Now().Add(NoWorkerWait)
	for i.Workers().Alive == 0 {
		if !time.Now().Before(deadline) {
			return true
		}
		select {
		case <-ctx.Done():
			return true
		case <-time.After(50 * time.Millisecond):
		}
	}
	return false
}

func (s *Server) tooMany(n int) error {
	return &requestError{status: http.StatusRequestEntityTooLarge, msg: fmt.Sprintf("%d items in one request; at most %d (split the batch)", n, s.opts.MaxItems)}
}

// admit takes n places in the admission queue, or none. A request larger than the whole queue
// is admitted when the queue is empty, so no batch within MaxItems waits forever.
func (s *Server) admit(n int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.admitted+n > s.opts.QueueSize && s.admitted > 0 {
		return false
	}
	s.admitted += n
	return true
}

func (s *Server) release(n int) {
	s.mu.Lock()
	s.admitted -= n
	s.mu.Unlock()
}

func (s *Server) queueDepth() float64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return float64(s.admitted)
}

// seconds turns a timeout field (seconds; 0 or absent: none) into a duration.
func seconds(v float64) (time.Duration, error) {
	if v < 0 || v > 1e6 {
		return 0, badRequest("timeout %v: want seconds between 0 and 1000000", v)
	}
	return time.Duration(v * float64(time.Second)), nil
}

// task makes a task of kind with payload v.
func task(kind dispatch.Kind, env string, v any) (dispatch.Task, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return dispatch.Task{}, err
	}
	return dispatch.Task{Kind: kind, Env: env, Payload: b, Value: v}, nil
}

// uniqueIDs reports the first id given twice.
func uniqueIDs(ids []string) error {
	seen := make(map[string]bool, len(ids))
	for _, id := range ids {
		if seen[id] {
			return badRequest("id %s is given twice: ids must be unique", strconv.Quote(id))
		}
		seen[id] = true
	}
	return nil
}

func (s *Server) warm(header string) bool {
	i := s.current()
	if slices.Contains(i.WarmHeaders, header) {
		return true
	}
	return i.Workers != nil && slices.Contains(i.Workers().WarmHeaders, header)
}
