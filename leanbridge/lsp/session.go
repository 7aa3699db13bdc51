package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"os"
	"path"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sourcegraph/jsonrpc2"
)

// A session is one connection to one server: a jsonrpc2.Conn over the server's stdio and,
// when the client started it, the server process. A session never restarts; the Client
// replaces a session that ended.
//
// Ordering. jsonrpc2 reads messages in one goroutine. Notifications reach notification (via
// the Handler) and responses reach onRecv (via the OnRecv hook) inside that goroutine, in
// stream order, and both only update state under mu and wake waiters: nothing there blocks
// or writes to the connection. Hence, when a waiter sees the answer to waitForDiagnostics,
// every publishDiagnostics the server sent before it has already been applied (PROTOCOL.md
// §2.6), and when it sees a fatal fileProgress, any error answer sent before it is already
// recorded. Server→client requests are answered off the read loop, by one writer goroutine
// that takes jobs in order from a queue (enqueue): writing to a server that is itself
// blocked writing to us would deadlock the read loop.
type session struct {
	gen    int
	opts   *Options
	log    *slog.Logger
	proc   *process // nil when the client was given a stream (Connect)
	conn   *jsonrpc2.Conn
	stream *recordingStream
	onEnd  func(*session)

	mu          sync.Mutex
	changed     chan struct{} // closed and replaced whenever the state below changes
	calls       map[uint64]*pendingCall
	nextID      uint64
	docs        map[string]*docState
	info        ServerInfo
	outq        []outJob // for the writer goroutine, in order
	noAsync     bool     // teardown started: nothing more is queued
	stopReason  error    // why the session is being stopped, first reason wins
	stopGrace   bool     // stop gracefully (Close) rather than kill
	serverAsked int      // server→client requests answered

	stopOnce sync.Once
	stopc    chan struct{} // closed to make watch tear the session down
	outWake  chan struct{} // 1-buffered: the queue has jobs
	outQuit  chan struct{} // closed by teardown: the writer drains and returns
	outDone  chan struct{} // closed when the writer has returned

	ended chan struct{} // closed when teardown is complete; err and exit are then set
	err   error         // why the session ended
	exit  string        // the process's exit status, "" without a process
}

// outJob is work for the writer goroutine: answer a server request with null, send
// $/cancelRequest, or (barrier) signal that everything queued before it was written.
type outJob struct {
	reply    *jsonrpc2.ID
	method   string
	cancelID uint64
	barrier  chan struct{}
}

// pendingCall is a request this client sent. done is closed (under session.mu) when its
// answer arrived; result or rpcErr is then set. A call whose session ended is simply never
// answered: waiters watch session.ended as well.
type pendingCall struct {
	id     uint64
	method string
	done   chan struct{}
	result json.RawMessage
	rpcErr *jsonrpc2.Error
}

// docState is what the session knows about one open document. Versions only grow.
type docState struct {
	uri          string
	open         bool
	needsReopen  bool // the worker crashed or hit a fatal error: didClose+didOpen next time
	version      int  // newest version sent
	text         *Text
	diags        []Diagnostic // the newest publish for diagVersion (replaced, never appended)
	diagVersion  int
	doneVersion  int // newest version with fileProgress `processing: []`
	fatalVersion int // newest version with a fileProgress of kind 2 (fatal)
	checked      int // newest version whose check completed
}

// canonURI is the key documents are matched by. The server may spell a file URI
// differently from us (percent-encoding); a publication dropped for that reason would make
// a file look clean, so file URIs are compared by their decoded path.
func canonURI(u string) string {
	p, err := url.Parse(u)
	if err != nil || p.Scheme != "file" {
		return u
	}
	return "file://" + path.Clean(p.Path)
}

// recordingStream remembers why reading stopped: jsonrpc2 closes the connection on a read
// error without saying why, and the reason (EOF, a bad header, bad JSON) belongs in the
// error the pending calls get.
type recordingStream struct {
	jsonrpc2.ObjectStream
	mu  sync.Mutex
	err error
}

func (r *recordingStream) ReadObject(v any) error {
	err := r.ObjectStream.ReadObject(v)
	if err != nil {
		r.mu.Lock()
		if r.err == nil {
			r.err = err
		}
		r.mu.Unlock()
	}
	return err
}

func (r *recordingStream) readErr() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.err
}

func newSession(gen int, rwc io.ReadWriteCloser, proc *process, opts *Options, log *slog.Logger, onEnd func(*session)) *session {
	s := &session{
		gen:     gen,
		opts:    opts,
		log:     log.With("server", gen),
		proc:    proc,
		onEnd:   onEnd,
		changed: make(chan struct{}),
		calls:   map[uint64]*pendingCall{},
		docs:    map[string]*docState{},
		stopc:   make(chan struct{}),
		outWake: make(chan struct{}, 1),
		outQuit: make(chan struct{}),
		outDone: make(chan struct{}),
		ended:   make(chan struct{}),
	}
	s.stream = &recordingStream{ObjectStream: jsonrpc2.NewBufferedStream(rwc, jsonrpc2.VSCodeObjectCodec{})}
	s.conn = jsonrpc2.NewConn(context.Background(), s.stream, handler{s},
		jsonrpc2.OnRecv(s.onRecv), jsonrpc2.SetLogger(logAdapter{s.log}))
	go s.writer()
	go s.watch()
	return s
}

// bumpLocked wakes every waiter. s.mu must be held.
func (s *session) bumpLocked() {
	close(s.changed)
	s.changed = make(chan struct{})
}

func (s *session) isEnded() bool {
	select {
	case <-s.ended:
		return true
	default:
		return false
	}
}

// handler receives the server's notifications and requests inside jsonrpc2's read loop.
type handler struct{ s *session }

func (h handler) Handle(_ context.Context, _ *jsonrpc2.Conn, req *jsonrpc2.Request) {
	if req.Notif {
		h.s.notification(req)
		return
	}
	// client/registerCapability (id "register_lean_watcher"), workspace/semanticTokens/refresh,
	// workspace/inlayHint/refresh, or anything else: the answer null is always acceptable
	// (PROTOCOL.md §2.3). The writer goroutine sends it.
	id := req.ID
	h.s.enqueue(outJob{reply: &id, method: req.Method})
}

// enqueue hands a job to the writer goroutine, unless teardown has begun. It never blocks.
func (s *session) enqueue(j outJob) bool {
	s.mu.Lock()
	if s.noAsync {
		s.mu.Unlock()
		return false
	}
	s.outq = append(s.outq, j)
	s.mu.Unlock()
	select {
	case s.outWake <- struct{}{}:
	default:
	}
	return true
}

// writer performs the queued jobs in order. A write blocked on a server that stopped
// reading is released by teardown closing the connection.
func (s *session) writer() {
	defer close(s.outDone)
	for {
		select {
		case <-s.outWake:
		case <-s.outQuit:
			s.mu.Lock()
			jobs := s.outq
			s.outq = nil
			s.mu.Unlock()
			for _, j := range jobs {
				if j.barrier != nil {
					close(j.barrier)
				}
			}
			return
		}
		for {
			s.mu.Lock()
			if len(s.outq) == 0 {
				s.mu.Unlock()
				break
			}
			j := s.outq[0]
			s.outq = s.outq[1:]
			s.mu.Unlock()
			switch {
			case j.barrier != nil:
				close(j.barrier)
			case j.reply != nil:
				if err := s.conn.Reply(context.Background(), *j.reply, nil); err != nil {
					s.log.Debug("reply to server request failed", "method", j.method, "err", err)
					continue
				}
				s.mu.Lock()
				s.serverAsked++
				s.mu.Unlock()
			default:
				if err := s.conn.Notify(context.Background(), methodCancelRequest, cancelParams{ID: j.cancelID}); err != nil {
					s.log.Debug("$/cancelRequest failed", "id", j.cancelID, "err", err)
				}
			}
		}
	}
}

// flushWrites waits until every job queued so far has been written (or the session ended,
// or timeout passed).
func (s *session) flushWrites(ctx context.Context, timeout time.Duration) {
	b := make(chan struct{})
	if !s.enqueue(outJob{barrier: b}) {
		return
	}
	t := time.NewTimer(timeout)
	defer t.Stop()
	select {
	case <-b:
	case <-s.ended:
	case <-ctx.Done():
	case <-t.C:
	}
}

// notification applies one server notification. It runs in the read loop: no blocking.
func (s *session) notification(req *jsonrpc2.Request) {
	var raw json.RawMessage
	if req.Params != nil {
		raw = *req.Params
	}
	switch req.Method {
	case methodPublishDiagnostics:
		var p publishDiagnosticsParams
		if err := json.Unmarshal(raw, &p); err != nil {
			s.log.Warn("undecodable publishDiagnostics", "err", err)
			return
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		d := s.docs[canonURI(p.URI)]
		if d == nil || !d.open {
			s.log.Debug("publishDiagnostics for a document not open", "uri", p.URI)
			return
		}
		v := d.version
		if p.Version != nil {
			v = *p.Version
		}
		if v < d.version {
			return // for a version we have replaced: stale (PROTOCOL.md §2.4)
		}
		// Each publish carries the complete list for its version: replace, never append.
		d.diags, d.diagVersion = p.Diagnostics, v
		s.bumpLocked()
	case methodFileProgress:
		var p fileProgressParams
		if err := json.Unmarshal(raw, &p); err != nil {
			s.log.Warn("undecodable fileProgress", "err", err)
			return
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		d := s.docs[canonURI(p.TextDocument.URI)]
		if d == nil || !d.open {
			return
		}
		v := d.version
		if p.TextDocument.Version != nil {
			v = *p.TextDocument.Version
		}
		if v < d.version {
			return
		}
		if len(p.Processing) == 0 {
			d.doneVersion = max(d.doneVersion, v)
		}
		for _, r := range p.Processing {
			if r.Kind == progressFatal {
				d.fatalVersion = max(d.fatalVersion, v)
			}
		}
		s.bumpLocked()
	default:
		s.log.Debug("ignored notification", "method", req.Method)
	}
}

// onRecv sees every message in the read loop; it records answers to our calls.
func (s *session) onRecv(_ *jsonrpc2.Request, resp *jsonrpc2.Response) {
	if resp == nil || resp.ID.IsString {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	pc := s.calls[resp.ID.Num]
	if pc == nil {
		return // cancelled or abandoned
	}
	delete(s.calls, pc.id)
	switch {
	case resp.Error != nil:
		pc.rpcErr = resp.Error
	case resp.Result != nil:
		pc.result = *resp.Result
	default:
		pc.result = json.RawMessage("null")
	}
	close(pc.done)
	s.bumpLocked()
}

// setStop records why the session is being stopped without stopping it yet; the first
// reason wins. Close sets it before sending exit, so that the server's exit that follows is
// not taken for a crash.
func (s *session) setStop(reason error, graceful bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.stopReason == nil {
		s.stopReason, s.stopGrace = reason, graceful
	}
}

// stop tears the session down for reason and returns when it has ended.
func (s *session) stop(reason error, graceful bool) {
	s.setStop(reason, graceful)
	s.stopOnce.Do(func() { close(s.stopc) })
	<-s.ended
}

// watch waits for the end of the session — the connection breaking, the process exiting, or
// a stop request — and then tears everything down: the process (and its group) is gone, the
// connection closed, background writes finished, pending calls released.
func (s *session) watch() {
	var procDone <-chan struct{} // closed once the process and its group are gone
	if s.proc != nil {
		procDone = s.proc.Done()
	}
	waited, byStop := false, false
	select {
	case <-s.conn.DisconnectNotify():
	case <-procDone:
		waited = true
	case <-s.stopc:
		byStop = true
	}
	s.mu.Lock()
	reason, graceful := s.stopReason, s.stopGrace
	s.mu.Unlock()
	readErr := s.stream.readErr()
	if s.proc != nil && !waited {
		brokenFrame := readErr != nil && readErr != io.EOF && !errors.Is(readErr, io.ErrUnexpectedEOF)
		switch {
		case byStop && graceful:
			s.proc.Stop(true) // interrupt, grace, kill
		case byStop || brokenFrame:
			s.proc.Stop(false) // hung, or broke the protocol: nothing it says can be trusted
		default:
			// The server closed its output: it is exiting (after exit, or crashing). Give
			// it the grace period to do so, so that its own exit status is reported.
			t := time.NewTimer(s.opts.Grace)
			select {
			case <-procDone:
				waited = true
			case <-t.C:
				s.proc.Stop(false)
			}
			t.Stop()
		}
	}
	s.conn.Close()
	<-s.conn.DisconnectNotify()
	if s.proc != nil {
		// Done is closed by now: the process has been reaped and its group killed.
		s.proc.ClosePipes()
		s.exit = s.proc.ExitStatus()
	}
	s.mu.Lock()
	s.noAsync = true
	s.mu.Unlock()
	close(s.outQuit)
	<-s.outDone

	var err error
	switch {
	case reason != nil:
		err = reason
		var te *TimeoutError
		if errors.As(reason, &te) {
			err = &ServerError{Session: s.gen, Reason: "stopped because a call timed out", Exit: s.exit, Err: reason}
		}
	default:
		e := &ServerError{Session: s.gen, Exit: s.exit}
		if s.proc != nil {
			e.Stderr = s.proc.stderr.String()
		}
		switch {
		case waited:
			e.Reason = "the server process exited"
		case readErr == io.EOF || errors.Is(readErr, io.ErrUnexpectedEOF):
			e.Reason = "the server closed its output"
		case readErr != nil:
			e.Reason, e.Err = "unreadable message from the server", readErr
		default:
			e.Reason = "the connection closed"
		}
		err = e
	}
	s.mu.Lock()
	s.err = err
	clear(s.calls)
	s.bumpLocked()
	s.mu.Unlock()
	// The client's state changes before anyone can observe the end.
	if s.onEnd != nil {
		s.onEnd(s)
	}
	close(s.ended)
	s.log.Debug("session ended", "err", err, "exit", s.exit)
}

// write runs one write to the server (a notification or the sending of a request). A
// server that stops reading its input would block it forever, so a watchdog stops the
// session, which unblocks the write, if it outlasts timeout — or outlasts the grace period
// after ctx ended (a write that merely races with a cancellation is let finish).
func (s *session) write(ctx context.Context, method string, timeout time.Duration, f func() error) error {
	done := make(chan struct{})
	var fired atomic.Pointer[TimeoutError]
	t := time.AfterFunc(timeout, func() {
		select {
		case <-done:
			return
		default:
		}
		te := &TimeoutError{Method: method, Timeout: timeout, Cause: context.DeadlineExceeded}
		fired.Store(te)
		s.stop(te, false)
	})
	stopCtx := context.AfterFunc(ctx, func() {
		g := time.NewTimer(s.opts.Grace)
		defer g.Stop()
		select {
		case <-done:
		case <-g.C:
			s.stop(fmt.Errorf("lsp: %s abandoned while writing to the server: %w", method, context.Cause(ctx)), false)
		}
	})
	err := f()
	close(done)
	t.Stop()
	stopCtx()
	if err == nil {
		return nil
	}
	if te := fired.Load(); te != nil {
		<-s.ended
		return te
	}
	// The write failed: the connection is closed or the server's stdin is gone (it died;
	// its output will end too). Let the session end on its own for up to the grace period,
	// so that the error says why, then stop it: a half-written frame leaves the stream
	// unusable anyway.
	g := time.NewTimer(s.opts.Grace)
	defer g.Stop()
	select {
	case <-s.ended:
	case <-g.C:
		s.stop(&ServerError{Session: s.gen, Reason: "writing " + method + " failed", Err: err}, false)
	}
	return s.err
}

func (s *session) notify(ctx context.Context, method string, params any) error {
	return s.write(ctx, method, s.opts.RequestTimeout, func() error {
		return s.conn.Notify(context.Background(), method, params)
	})
}

// call sends a request and returns its pending call.
func (s *session) call(ctx context.Context, method string, params any) (*pendingCall, error) {
	s.mu.Lock()
	if s.isEnded() {
		s.mu.Unlock()
		return nil, s.err
	}
	s.nextID++
	pc := &pendingCall{id: s.nextID, method: method, done: make(chan struct{})}
	s.calls[pc.id] = pc
	s.mu.Unlock()
	err := s.write(ctx, method, s.opts.RequestTimeout, func() error {
		_, err := s.conn.DispatchCall(context.Background(), method, params, jsonrpc2.PickID(jsonrpc2.ID{Num: pc.id}))
		return err
	})
	if err != nil {
		s.mu.Lock()
		delete(s.calls, pc.id)
		s.mu.Unlock()
		return nil, err
	}
	return pc, nil
}

// cancel abandons calls: they are forgotten here and the server is told with
// $/cancelRequest (in the background: the server may not be reading).
func (s *session) cancel(pcs ...*pendingCall) {
	var ids []uint64
	s.mu.Lock()
	for _, pc := range pcs {
		if pc == nil {
			continue
		}
		if _, ok := s.calls[pc.id]; ok {
			delete(s.calls, pc.id)
			ids = append(ids, pc.id)
		}
	}
	s.mu.Unlock()
	for _, id := range ids {
		s.enqueue(outJob{cancelID: id})
	}
}

// waitUntil blocks until cond (evaluated under s.mu) holds, the session ends, ctx is done
// or timeout passes. On timeout the session is stopped and a TimeoutError naming method is
// returned; on ctx the calls in cancel are cancelled.
func (s *session) waitUntil(ctx context.Context, method string, timeout time.Duration, cond func() bool, cancel ...*pendingCall) error {
	t := time.NewTimer(timeout)
	defer t.Stop()
	for {
		s.mu.Lock()
		if cond() {
			s.mu.Unlock()
			return nil
		}
		if s.isEnded() {
			err := s.err
			s.mu.Unlock()
			return err
		}
		ch := s.changed
		s.mu.Unlock()
		select {
		case <-ch:
		case <-s.ended:
		case <-ctx.Done():
			s.cancel(cancel...)
			return fmt.Errorf("lsp: %s: %w", method, context.Cause(ctx))
		case <-t.C:
			te := &TimeoutError{Method: method, Timeout: timeout, Cause: context.DeadlineExceeded}
			s.stop(te, false)
			return te
		}
	}
}

// await waits for pc's answer and maps error answers to typed errors.
func (s *session) await(ctx context.Context, pc *pendingCall, uri string, timeout time.Duration) (json.RawMessage, error) {
	err := s.waitUntil(ctx, pc.method, timeout, func() bool { return isClosed(pc.done) }, pc)
	if err != nil {
		return nil, err
	}
	return pc.result, answerErr(pc, uri)
}

// answerErr maps an error answer to a typed error; nil for a result.
func answerErr(pc *pendingCall, uri string) error {
	e := pc.rpcErr
	if e == nil {
		return nil
	}
	switch e.Code {
	case CodeWorkerExited, CodeWorkerCrashed:
		return &WorkerCrashError{Method: pc.method, URI: uri, Code: e.Code, Message: e.Message}
	}
	return &ResponseError{Method: pc.method, Code: e.Code, Message: e.Message}
}

func isClosed(ch chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}

// initialize performs the handshake: initialize, then initialized at once (PROTOCOL.md §2.3).
func (s *session) initialize(ctx context.Context, rootURI string) error {
	params := initializeParams{
		ProcessID:    os.Getpid(),
		ClientInfo:   clientInfo{Name: "leanprm"},
		RootURI:      rootURI,
		Capabilities: clientCapabilities{TextDocument: map[string]any{}, Lean: leanCaps{SilentDiagnosticSupport: true}},
	}
	pc, err := s.call(ctx, methodInitialize, params)
	if err != nil {
		return err
	}
	raw, err := s.await(ctx, pc, "", s.opts.InitTimeout)
	if err != nil {
		return err
	}
	var res initializeResult
	if err := json.Unmarshal(raw, &res); err != nil {
		return &ServerError{Session: s.gen, Reason: "undecodable initialize result", Err: err}
	}
	s.mu.Lock()
	if res.ServerInfo != nil {
		s.info = *res.ServerInfo
	}
	s.mu.Unlock()
	return s.notify(ctx, methodInitialized, struct{}{})
}

// close ends the session politely: shutdown, exit, then wait for the connection's end or
// the deadline; whatever is left is stopped (interrupt, grace, kill).
func (s *session) close(ctx context.Context, timeout time.Duration) error {
	if s.isEnded() {
		return nil
	}
	s.setStop(closedError{}, true)
	// Every server request received so far is answered before shutdown.
	s.flushWrites(ctx, timeout)
	pc, err := s.call(ctx, methodShutdown, nil)
	if err == nil {
		_, err = s.await(ctx, pc, "", timeout)
	}
	if err == nil {
		err = s.notify(ctx, methodExit, nil)
	}
	if err == nil {
		t := time.NewTimer(timeout)
		select {
		case <-s.conn.DisconnectNotify():
		case <-s.ended:
		case <-ctx.Done():
		case <-t.C:
		}
		t.Stop()
	}
	s.stop(closedError{}, true)
	if err != nil && !errors.Is(err, ErrClosed) {
		if s.exit != "" {
			return fmt.Errorf("lsp: closing language server #%d (it ended with %s): %w", s.gen, s.exit, err)
		}
		return fmt.Errorf("lsp: closing language server #%d: %w", s.gen, err)
	}
	if s.proc != nil && s.exit != "exit status 0" {
		return &ServerError{Session: s.gen, Reason: "the server did not exit cleanly after shutdown and exit", Exit: s.exit, Stderr: s.proc.stderr.String()}
	}
	return nil
}

type logAdapter struct{ l *slog.Logger }

func (a logAdapter) Printf(format string, v ...any) {
	a.l.Debug(strings.TrimSpace(fmt.Sprintf(format, v...)))
}
