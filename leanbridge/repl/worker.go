package repl

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"
)

// workerState is the life of a Worker.
type workerState int

const (
	workerStarting workerState = iota // no process has passed its start-up checks yet
	workerReady                       // a live REPL process is taking requests
	workerIdle                        // the last process ended; the next request starts one
	workerClosed                      // Close was called or the context ended
)

func (s workerState) String() string {
	switch s {
	case workerStarting:
		return "starting"
	case workerReady:
		return "ready"
	case workerIdle:
		return "idle"
	case workerClosed:
		return "closed"
	}
	return fmt.Sprintf("workerState(%d)", int(s))
}

// Backend names, as in docs/CONTRACTS.md §2.
const (
	BackendLean = "lean" // a real Lean REPL
	BackendSim  = "sim"  // the repository's simulator
)

// SimulatorMarker is what the simulator puts in its Lean.versionString
// ("4.32.0-leanprm-simulator") so that no verdict of it passes for Lean's.
const SimulatorMarker = "leanprm-simulator"

// versionCommand is the start-up request: its reply names the Lean version and the backend,
// and its environment (the prelude, nothing added) serves as the "" header.
const versionCommand = "#eval Lean.versionString"

// memCheckInterval rate-limits reading /proc for MaxRSSBytes.
const memCheckInterval = time.Second

// Worker owns one REPL process at a time and restarts it when it fails or is recycled.
// Its methods are safe for concurrent use; concurrent requests are written to the REPL in
// order and answered in order (the REPL has no ids).
//
// The caller must call Close. See doc.go for ids, headers and failure handling.
type Worker struct {
	cfg    Config
	id     int
	log    *slog.Logger
	ctx    context.Context // the lifetime of the worker's processes
	cancel context.CancelFunc
	stats  *collector

	// startMu serialises starting processes and importing headers: each is done once.
	startMu sync.Mutex

	mu       sync.Mutex
	state    workerState
	conn     *conn   // current process, nil before the first start
	gens     int     // processes started so far
	next     idShift // worker-visible ids below these have been issued
	backend  string
	version  string
	probe    *ProbeResult
	lastFail error
	pins     int // holds on the current process (pin): no recycling while > 0
}

// StartWorker starts a REPL and runs the start-up checks (doc.go, "Start-up checks"). ctx
// bounds the start and the worker's life: when it ends, the REPL is stopped. A worker that
// fails its checks is closed and not returned; the error (*ProbeError, *VersionError) says
// what it answered.
func StartWorker(ctx context.Context, cfg Config) (*Worker, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	return startWorker(ctx, cfg, 0, newCollector())
}

// startAttempts bounds how often a worker's start is tried when the REPL process dies during
// the start-up checks. A process can die for reasons of the moment (the OOM killer, a
// signal); a wrong version or a wrong probe verdict is not retried.
const startAttempts = 3

func startWorker(ctx context.Context, cfg Config, id int, stats *collector) (*Worker, error) {
	for attempt := 1; ; attempt++ {
		w, err := startWorkerOnce(ctx, cfg, id, stats)
		if err == nil || attempt == startAttempts || !errors.Is(err, ErrProcessDied) || ctx.Err() != nil {
			return w, err
		}
		cfg.Logger.Warn("REPL died during start-up checks; trying again", "worker", id, "attempt", attempt, "err", err)
	}
}

func startWorkerOnce(ctx context.Context, cfg Config, id int, stats *collector) (*Worker, error) {
	wctx, cancel := context.WithCancel(ctx)
	w := &Worker{cfg: cfg, id: id, log: cfg.Logger.With("worker", id), ctx: wctx, cancel: cancel, stats: stats}
	if _, err := w.live(ctx); err != nil {
		w.Close()
		return nil, err
	}
	if !cfg.skipChecks && !cfg.SkipProbe {
		res, err := w.runProbe(ctx)
		w.mu.Lock()
		w.probe = &res
		w.mu.Unlock()
		if err != nil {
			w.Close()
			return nil, err
		}
	}
	return w, nil
}

// Backend is "lean" or "sim", as the REPL's version string said; "" before it answered.
func (w *Worker) Backend() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.backend
}

// Version is the Lean version the REPL reported (without the simulator marker).
func (w *Worker) Version() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.version
}

// Probe returns the start-up probe's result, or false if it was skipped.
func (w *Worker) Probe() (ProbeResult, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.probe == nil {
		return ProbeResult{}, false
	}
	return *w.probe, true
}

// SymbolicOK reports whether the identity tactic passed the start-up probe, so that the
// symbolic lines of docs/CONTRACTS.md §1b may be sent to this worker. False when the probe
// was skipped.
func (w *Worker) SymbolicOK() bool {
	pr, ok := w.Probe()
	return ok && pr.SymbolicOK()
}

// State is the worker's current state, for diagnostics.
func (w *Worker) State() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.state.String()
}

// Memory reads the resident memory of the current REPL process group from /proc.
func (w *Worker) Memory() (Memory, error) {
	w.mu.Lock()
	c := w.conn
	w.mu.Unlock()
	if c == nil || !c.live() || c.peer.Pgid() <= 0 {
		return Memory{}, errors.New("leanbridge: no live REPL process")
	}
	return groupMemory(c.peer.Pgid())
}

// Stats returns the worker's counters (for a pooled worker: the pool's).
func (w *Worker) Stats() Stats { return w.stats.snapshot() }

// Close stops the REPL (stdin closed and the group interrupted, then killed after the grace
// period) and waits until its process group is gone. Outstanding requests fail with ErrClosed.
func (w *Worker) Close() error {
	w.mu.Lock()
	if w.state == workerClosed {
		w.mu.Unlock()
		return nil
	}
	w.state = workerClosed
	c := w.conn
	w.mu.Unlock()
	// First answer the outstanding requests with ErrClosed and stop the process; then cancel
	// the context, which ends a start in progress (start installs no process once closed).
	if c != nil {
		c.terminate(ErrClosed, ErrClosed, true, nil)
	}
	w.cancel()
	w.startMu.Lock()
	defer w.startMu.Unlock()
	if c != nil {
		<-c.done
	}
	return nil
}

// live returns the current process, starting one (with its version check) if there is none.
func (w *Worker) live(ctx context.Context) (*conn, error) {
	if c, err := w.current(); c != nil || err != nil {
		return c, err
	}
	w.startMu.Lock()
	defer w.startMu.Unlock()
	if c, err := w.current(); c != nil || err != nil {
		return c, err
	}
	w.mu.Lock()
	old := w.conn
	w.mu.Unlock()
	if old != nil {
		// The old process must be gone, and its reader finished, before the next one starts:
		// then no reply of it can still raise the id high-water marks.
		select {
		case <-old.done:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	return w.start(ctx)
}

func (w *Worker) current() (*conn, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.state == workerClosed {
		return nil, ErrClosed
	}
	if w.conn != nil && w.conn.live() {
		return w.conn, nil
	}
	if w.conn != nil && w.state == workerReady {
		w.state = workerIdle
	}
	return nil, nil
}

// start starts a process; the caller holds startMu.
func (w *Worker) start(ctx context.Context) (*conn, error) {
	w.mu.Lock()
	gen := w.gens + 1
	w.gens = gen
	base := w.next
	w.mu.Unlock()
	if gen > 1 {
		w.stats.restarts.Add(1)
		w.log.Info("restarting the REPL", "process", gen, "after", w.lastFailure())
	}
	var p peer
	var err error
	if w.cfg.newPeer != nil {
		p, err = w.cfg.newPeer(w.ctx)
	} else {
		p, err = startProcess(w.ctx, w.cfg.Command, w.cfg.ProjectDir, w.cfg.Env, w.cfg.GracePeriod, w.cfg.Confine)
	}
	if err != nil {
		return nil, err
	}
	c := newConn(w.ctx, p, gen, base, &w.cfg)
	if !w.cfg.skipChecks {
		if err := w.versionCheck(ctx, c); err != nil {
			c.terminate(err, err, false, nil)
			<-c.done
			return nil, err
		}
		if w.cfg.HideStartupIDs {
			// The version check's ids were never shown: the next ones issued start where
			// this process's numbering starts.
			w.mu.Lock()
			w.next = base
			w.mu.Unlock()
		}
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.state == workerClosed {
		c.terminate(ErrClosed, ErrClosed, true, nil)
		<-c.done
		return nil, ErrClosed
	}
	w.conn = c
	w.state = workerReady
	return c, nil
}

func (w *Worker) lastFailure() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.lastFail == nil {
		return "recycling"
	}
	return w.lastFail.Error()
}

// versionCheck asks the REPL for Lean.versionString: it must match the toolchain, and it tells
// the backend apart (docs/CONTRACTS.md §2). Its environment becomes the "" header.
func (w *Worker) versionCheck(ctx context.Context, c *conn) error {
	rep, err := w.requestOn(ctx, c, CommandRequest{Cmd: versionCommand}, w.cfg.StartTimeout, "start-up version check")
	if err != nil {
		return fmt.Errorf("leanbridge: start-up version check: %w", err)
	}
	if rep.Command == nil {
		return fmt.Errorf("%w: start-up version check: unexpected reply %.200s", ErrMalformedReply, rep.Raw)
	}
	raw, ok := versionFromMessages(rep.Command.Messages)
	if !ok {
		return fmt.Errorf("%w: start-up version check: no version in reply %.200s", ErrMalformedReply, rep.Raw)
	}
	backend, version := classifyVersion(raw)
	w.mu.Lock()
	w.backend, w.version = backend, version
	w.mu.Unlock()
	if want := w.cfg.ExpectedVersion; want != "" && version != want {
		return &VersionError{Got: version, Want: want, Backend: backend}
	}
	if w.cfg.HideStartupIDs {
		c.ids.hide(rep.Command.Env - c.ids.shift.env + 1)
		return nil
	}
	c.setHeader("", headerResult{env: rep.Command.Env})
	return nil
}

// versionFromMessages finds the #eval output: Lean prints a String result with its quotes.
func versionFromMessages(msgs []Message) (string, bool) {
	for _, m := range msgs {
		if m.Severity != "info" {
			continue
		}
		s := strings.TrimSpace(m.Data)
		if strings.HasPrefix(s, `"`) {
			var u string
			if json.Unmarshal([]byte(s), &u) == nil {
				s = u
			}
		}
		if s != "" {
			return s, true
		}
	}
	return "", false
}

// classifyVersion splits "4.32.0-leanprm-simulator" into the backend and the Lean version.
func classifyVersion(s string) (backend, version string) {
	if i := strings.Index(s, SimulatorMarker); i >= 0 {
		return BackendSim, strings.TrimRight(s[:i], "-+ ")
	}
	return BackendLean, s
}

// headerEnv returns the worker-visible env id of header on c, importing it once per process.
func (w *Worker) headerEnv(ctx context.Context, c *conn, header string) (int, error) {
	if r, ok := c.header(header); ok {
		return r.env, r.err
	}
	w.startMu.Lock()
	defer w.startMu.Unlock()
	if r, ok := c.header(header); ok {
		return r.env, r.err
	}
	rep, err := w.requestOn(ctx, c, CommandRequest{Cmd: header}, w.cfg.StartTimeout, "header import")
	if err != nil {
		return 0, err // not cached: the process failed or the caller gave up
	}
	var r headerResult
	switch {
	case rep.Command == nil:
		r.err = &HeaderError{Header: header, Reply: string(rep.Raw)}
	case len(rep.Command.Errors()) > 0:
		r.err = &HeaderError{Header: header, Messages: rep.Command.Errors()}
	default:
		r.env = rep.Command.Env
	}
	// Cached, failures included: a broken header fails the same way every time, and an
	// import can take a minute.
	c.setHeader(header, r)
	return r.env, r.err
}

// HeaderError reports a header (import lines) the REPL could not process.
type HeaderError struct {
	Header   string
	Messages []Message // the error messages, if the REPL answered with any
	Reply    string    // the reply, if it was not a command response
}

func (e *HeaderError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "leanbridge: the REPL rejected the header %q", e.Header)
	for _, m := range e.Messages {
		fmt.Fprintf(&b, "; %d:%d: %s", m.Pos.Line, m.Pos.Column, m.Data)
	}
	if e.Reply != "" {
		fmt.Fprintf(&b, "; reply: %.200s", e.Reply)
	}
	return b.String()
}

// requestOn sends an internal request (start-up check, header import) on c and decodes the
// reply. It is not counted in Stats and never recycles c.
func (w *Worker) requestOn(ctx context.Context, c *conn, req any, timeout time.Duration, op string) (*Reply, error) {
	pr, err := typedRequest(req)
	if err != nil {
		return nil, err
	}
	raw, _, err := w.exchangeOn(ctx, c, pr, timeout, op)
	if err != nil {
		return nil, err
	}
	return ParseReply(raw)
}

func typedRequest(req any) (*parsedRequest, error) {
	raw, err := marshalNoHTML(req)
	if err != nil {
		return nil, fmt.Errorf("leanbridge: encoding request: %w", err)
	}
	return parseRequest(raw)
}

// userExchange runs one request of the worker's user and returns the raw reply in
// worker-visible ids. It runs on the current process, starting one if needed; with a header,
// build gets the header's env id on that process. A request that was never processed (its
// process was already failing or being recycled) is sent once more on a fresh process.
func (w *Worker) userExchange(ctx context.Context, header *string, build func(env *int) (*parsedRequest, error)) (json.RawMessage, error) {
	var latency time.Duration
	raw, err := func() (json.RawMessage, error) {
		for attempt := 0; ; attempt++ {
			c, err := w.live(ctx)
			if err != nil {
				return nil, err
			}
			var env *int
			if header != nil {
				e, err := w.headerEnv(ctx, c, *header)
				if err != nil {
					if attempt == 0 && errors.Is(err, ErrNotProcessed) && ctx.Err() == nil {
						continue
					}
					return nil, err
				}
				env = &e
			}
			pr, err := build(env)
			if err != nil {
				return nil, err
			}
			raw, d, err := w.exchangeOn(ctx, c, pr, w.cfg.RequestTimeout, pr.summary())
			if attempt == 0 && errors.Is(err, ErrNotProcessed) && ctx.Err() == nil {
				continue
			}
			if err == nil {
				latency = d
				w.maybeRecycle(c)
			}
			return raw, err
		}
	}()
	w.stats.record(latency, err)
	if err != nil {
		w.noteFailure(err)
	}
	return raw, err
}

// exchangeOn sends pr on c: it checks and translates ids, waits for the reply, and translates
// the reply's ids back. It returns the time from write to reply.
func (w *Worker) exchangeOn(ctx context.Context, c *conn, pr *parsedRequest, timeout time.Duration, op string) (json.RawMessage, time.Duration, error) {
	frame, err := c.ids.toLocal(pr, c.gen-1)
	if err != nil {
		return nil, 0, err
	}
	t0 := time.Now()
	raw, err := c.send(ctx, frame, op, timeout)
	d := time.Since(t0)
	if err != nil {
		return nil, d, err
	}
	raw, marks, err := c.ids.fromLocal(raw)
	if err != nil {
		return nil, d, err
	}
	w.observe(marks)
	return raw, d, nil
}

func (w *Worker) observe(m idMarks) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.next.advance(m)
}

func (w *Worker) noteFailure(err error) {
	if !errors.Is(err, ErrProcessDied) && !errors.Is(err, ErrTimeout) {
		return
	}
	w.mu.Lock()
	w.lastFail = err
	w.mu.Unlock()
	w.log.Warn("REPL request failed", "err", err)
}

// pin keeps the worker from recycling its process until unpin: a caller that holds proof
// states across requests (CheckChain) would otherwise see them go stale for no fault. A
// process that fails still ends; pinning does not hide crashes.
func (w *Worker) pin() {
	w.mu.Lock()
	w.pins++
	w.mu.Unlock()
}

func (w *Worker) unpin() {
	w.mu.Lock()
	w.pins--
	w.mu.Unlock()
}

// maybeRecycle retires c after RecycleAfter replies or when its memory passes MaxRSSBytes.
// A pinned worker postpones it: the next reply after the last unpin checks again.
func (w *Worker) maybeRecycle(c *conn) {
	w.mu.Lock()
	pinned := w.pins > 0
	w.mu.Unlock()
	if pinned {
		return
	}
	var reason string
	if n := c.replyCount(); w.cfg.RecycleAfter > 0 && n >= w.cfg.RecycleAfter {
		reason = fmt.Sprintf("%d replies", n)
	} else if w.cfg.MaxRSSBytes > 0 && c.peer.Pgid() > 0 && c.memCheckDue(memCheckInterval) {
		if m, err := groupMemory(c.peer.Pgid()); err == nil && m.Anon > w.cfg.MaxRSSBytes {
			reason = fmt.Sprintf("%d bytes of resident anonymous memory in %d process(es), limit %d", m.Anon, m.Processes, w.cfg.MaxRSSBytes)
		}
	}
	if reason == "" || !c.retire(reason) {
		return
	}
	w.mu.Lock()
	w.lastFail = nil
	w.mu.Unlock()
	w.stats.recycles.Add(1)
	w.log.Info("recycling the REPL", "process", c.gen, "reason", reason)
}

// Retire ends the worker's current REPL process once the replies it owes are in, for reason;
// the next request starts a fresh process (with the header import it needs). It is counted
// as a recycle. A worker with no live process is left as it is.
func (w *Worker) Retire(reason string) {
	w.mu.Lock()
	c := w.conn
	w.mu.Unlock()
	if c == nil || !c.retire(reason) {
		return
	}
	w.stats.recycles.Add(1)
	w.log.Info("retiring the REPL", "process", c.gen, "reason", reason)
}

// SendRaw sends one raw request and returns the raw reply, the REPL's error replies included
// (they are replies, not errors). It is what `leanprm lean repl` forwards user input through.
//
// The request is validated (Frame) and its env/proofState ids are checked against the current
// process: an id from a process that has since exited gives an error matching ErrStaleState and
// nothing is sent. Ids in requests and replies are worker-visible ids (doc.go, "State ids").
func (w *Worker) SendRaw(ctx context.Context, req json.RawMessage) (json.RawMessage, error) {
	pr, err := parseRequest(req)
	if err != nil {
		return nil, err
	}
	return w.userExchange(ctx, nil, func(*int) (*parsedRequest, error) { return pr, nil })
}

// do sends a typed request and decodes the reply; an error reply becomes a *ReplyError.
func (w *Worker) do(ctx context.Context, req any) (*Reply, error) {
	pr, err := typedRequest(req)
	if err != nil {
		return nil, err
	}
	raw, err := w.userExchange(ctx, nil, func(*int) (*parsedRequest, error) { return pr, nil })
	if err != nil {
		return nil, err
	}
	return w.decode(raw)
}

// decode parses a reply to a user request; an error reply becomes a *ReplyError.
func (w *Worker) decode(raw json.RawMessage) (*Reply, error) {
	rep, err := ParseReply(raw)
	if err != nil {
		return nil, err
	}
	if rep.Error != nil {
		w.stats.replyErrors.Add(1)
		return nil, &ReplyError{Message: rep.Error.Message, Reply: rep.Error}
	}
	return rep, nil
}

func doCommand(ctx context.Context, w *Worker, req any) (*CommandResponse, error) {
	return commandReply(w.do(ctx, req))
}

func commandReply(rep *Reply, err error) (*CommandResponse, error) {
	if err != nil {
		return nil, err
	}
	if rep.Command == nil {
		return nil, fmt.Errorf("%w: expected a command response, got %.200s", ErrMalformedReply, rep.Raw)
	}
	return rep.Command, nil
}

func doProofStep(ctx context.Context, w *Worker, req any) (*ProofStepResponse, error) {
	rep, err := w.do(ctx, req)
	if err != nil {
		return nil, err
	}
	if rep.ProofStep == nil {
		return nil, fmt.Errorf("%w: expected a proof-step response, got %.200s", ErrMalformedReply, rep.Raw)
	}
	return rep.ProofStep, nil
}

// Command runs req as given (req.Env nil: a fresh environment, importing req.Cmd's header).
func (w *Worker) Command(ctx context.Context, req CommandRequest) (*CommandResponse, error) {
	return doCommand(ctx, w, req)
}

// CommandOnHeader runs req on the environment of header, which is imported once per process
// and re-imported transparently after a restart; req.Env is overwritten. header "" is the
// prelude (core Lean only).
func (w *Worker) CommandOnHeader(ctx context.Context, header string, req CommandRequest) (*CommandResponse, error) {
	raw, err := w.userExchange(ctx, &header, func(env *int) (*parsedRequest, error) {
		req.Env = env
		return typedRequest(req)
	})
	if err != nil {
		return nil, err
	}
	return commandReply(w.decode(raw))
}

// File runs a file (path relative to the project directory).
func (w *Worker) File(ctx context.Context, req FileRequest) (*CommandResponse, error) {
	return doCommand(ctx, w, req)
}

// ProofStep runs one tactic on a proof state.
func (w *Worker) ProofStep(ctx context.Context, req ProofStepRequest) (*ProofStepResponse, error) {
	return doProofStep(ctx, w, req)
}

// PickleEnv writes an environment to a file.
func (w *Worker) PickleEnv(ctx context.Context, req PickleEnvRequest) (*CommandResponse, error) {
	return doCommand(ctx, w, req)
}

// UnpickleEnv loads a pickled environment.
func (w *Worker) UnpickleEnv(ctx context.Context, req UnpickleEnvRequest) (*CommandResponse, error) {
	return doCommand(ctx, w, req)
}

// PickleProofState writes a proof state to a file.
func (w *Worker) PickleProofState(ctx context.Context, req PickleProofStateRequest) (*ProofStepResponse, error) {
	return doProofStep(ctx, w, req)
}

// UnpickleProofState loads a pickled proof state.
func (w *Worker) UnpickleProofState(ctx context.Context, req UnpickleProofStateRequest) (*ProofStepResponse, error) {
	return doProofStep(ctx, w, req)
}
