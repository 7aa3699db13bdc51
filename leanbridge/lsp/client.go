package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"os/exec"
	"path/filepath"
	"slices"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/leanprm/leanprm/leanbridge/proc"
)

// Options configure a Client. The zero value runs `lake serve` in the current directory.
type Options struct {
	// Dir is the server's working directory: the Lake project root. Lean ignores rootUri
	// and uses its cwd (PROTOCOL.md §2.1). Default ".".
	Dir string
	// Command is the server's argv. Default {"lake", "serve"}.
	Command []string
	// Env is added to this process's environment for the server.
	Env []string
	// Confine, when set, confines the server process and everything it starts
	// (leanbridge/sandbox: Sandbox.Confine).
	Confine func(cmd *exec.Cmd) (proc.Confinement, error)
	// URI names the document Check elaborates. It need not exist on disk. Default
	// file://<Dir>/LeanPRMScratch.lean.
	URI string
	// DependencyBuildMode is didOpen's dependencyBuildMode: "always", "once" or "never".
	// Default "" (absent), which Lean treats as "always".
	DependencyBuildMode string

	// InitTimeout bounds initialize. Default 2 minutes.
	InitTimeout time.Duration
	// CheckTimeout bounds the elaboration of one version, from didOpen/didChange to the
	// answer of waitForDiagnostics. Default 10 minutes.
	CheckTimeout time.Duration
	// RequestTimeout bounds any other request (plainGoal, shutdown) and every write.
	// Default 1 minute.
	RequestTimeout time.Duration
	// ShutdownTimeout bounds Close's shutdown, exit and wait for the connection's end.
	// Default 10 seconds.
	ShutdownTimeout time.Duration
	// Grace is how long a server gets between an interrupt and a kill. Default 3 seconds.
	Grace time.Duration
	// StderrLimit is how many trailing bytes of the server's stderr are kept for error
	// messages. Default 64 KiB.
	StderrLimit int
	// NoRestart stops the client from starting a new server when a call finds the
	// previous one failed; calls then return the failure. Default false: restart.
	NoRestart bool
	// Logger receives debug and warning records. Default: discard.
	Logger *slog.Logger
}

func (o Options) withDefaults() (Options, error) {
	if o.Dir == "" {
		o.Dir = "."
	}
	dir, err := filepath.Abs(o.Dir)
	if err != nil {
		return o, err
	}
	o.Dir = dir
	if len(o.Command) == 0 {
		o.Command = []string{"lake", "serve"}
	}
	if o.URI == "" {
		o.URI = fileURI(filepath.Join(o.Dir, "LeanPRMScratch.lean"))
	}
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	def(&o.InitTimeout, 2*time.Minute)
	def(&o.CheckTimeout, 10*time.Minute)
	def(&o.RequestTimeout, time.Minute)
	def(&o.ShutdownTimeout, 10*time.Second)
	def(&o.Grace, 3*time.Second)
	if o.StderrLimit <= 0 {
		o.StderrLimit = 64 << 10
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	return o, nil
}

func fileURI(path string) string {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(path)}).String()
}

// Client talks to one Lean language server at a time about one document (Options.URI).
// Its methods are safe for concurrent use; Check, Goals and CheckChain are serialised,
// because they share the document.
type Client struct {
	opts   Options
	log    *slog.Logger
	launch func() (io.ReadWriteCloser, *process, error)

	startMu sync.Mutex // serialises starting servers

	mu      sync.Mutex
	state   State
	sess    *session
	gen     int
	closed  bool
	version int // the newest document version sent, across servers

	opMu sync.Mutex // serialises document operations
}

// Start runs the server (Options.Command in Options.Dir, in its own process group) and
// performs the handshake. The caller must Close the client.
func Start(ctx context.Context, opts Options) (*Client, error) {
	o, err := opts.withDefaults()
	if err != nil {
		return nil, err
	}
	c := &Client{opts: o, log: o.Logger}
	c.launch = func() (io.ReadWriteCloser, *process, error) {
		p, err := startProcess(o.Command, o.Dir, o.Env, o.Grace, o.StderrLimit, o.Confine)
		if err != nil {
			return nil, nil, err
		}
		return stdio{p}, p, nil
	}
	if _, err := c.session(ctx); err != nil {
		c.Close(context.Background())
		return nil, err
	}
	return c, nil
}

// Connect performs the handshake over an existing stream (the server's output to read,
// its input to write), e.g. one end of a net.Pipe. The client owns rwc and closes it. It
// cannot restart the server: after a failure calls return ErrCannotRestart.
func Connect(ctx context.Context, rwc io.ReadWriteCloser, opts Options) (*Client, error) {
	o, err := opts.withDefaults()
	if err != nil {
		return nil, err
	}
	c := &Client{opts: o, log: o.Logger}
	used := false
	c.launch = func() (io.ReadWriteCloser, *process, error) {
		if used {
			return nil, nil, ErrCannotRestart
		}
		used = true
		return rwc, nil, nil
	}
	if _, err := c.session(ctx); err != nil {
		c.Close(context.Background())
		return nil, err
	}
	return c, nil
}

// State reports where the client is in its life.
func (c *Client) State() State {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.state
}

// ServerInfo is what the current (or last) server said about itself in initialize.
func (c *Client) ServerInfo() ServerInfo {
	c.mu.Lock()
	s := c.sess
	c.mu.Unlock()
	if s == nil {
		return ServerInfo{}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.info
}

// Checker names the peer for verdicts: "sim" for the simulator, "lean" for Lean, "" for a
// server that is neither (see ServerInfo.Checker).
func (c *Client) Checker() string { return c.ServerInfo().Checker() }

// PID is the process id (and process group id) of the current server, 0 when there is none
// or the client was made with Connect.
func (c *Client) PID() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.sess == nil || c.sess.proc == nil || c.sess.isEnded() {
		return 0
	}
	return c.sess.proc.Pid()
}

// URI is the document's URI.
func (c *Client) URI() string { return c.opts.URI }

// session returns the live session, starting a server when there is none or the last one
// failed.
func (c *Client) session(ctx context.Context) (*session, error) {
	c.startMu.Lock()
	defer c.startMu.Unlock()
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return nil, ErrClosed
	}
	if s := c.sess; s != nil {
		if !s.isEnded() {
			c.mu.Unlock()
			return s, nil
		}
		if c.opts.NoRestart {
			c.mu.Unlock()
			return nil, s.err
		}
	}
	c.gen++
	gen := c.gen
	c.state = StateStarting
	c.mu.Unlock()

	rwc, proc, err := c.launch()
	if err != nil {
		c.setState(StateFailed)
		return nil, err
	}
	s := newSession(gen, rwc, proc, &c.opts, c.log, c.sessionEnded)
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		s.stop(closedError{}, false)
		return nil, ErrClosed
	}
	c.sess = s
	c.state = StateInitializing
	c.mu.Unlock()

	if err := s.initialize(ctx, fileURI(c.opts.Dir)); err != nil {
		s.stop(err, false)
		c.setState(StateFailed)
		return nil, fmt.Errorf("lsp: starting language server #%d: %w", gen, err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.sess == s && c.state == StateInitializing && !s.isEnded() {
		c.state = StateReady
	}
	if s.isEnded() {
		return nil, s.err
	}
	return s, nil
}

func (c *Client) setState(st State) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.closed {
		c.state = st
	}
}

// sessionEnded is called by a session's watcher when it has ended.
func (c *Client) sessionEnded(s *session) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.sess == s && !c.closed {
		c.state = StateFailed
	}
}

// Restart stops the current server, if any, and starts a new one. Documents are opened
// afresh on the next Check.
func (c *Client) Restart(ctx context.Context) error {
	c.mu.Lock()
	s := c.sess
	c.mu.Unlock()
	if s != nil {
		s.stop(&ServerError{Session: s.gen, Reason: "restarted by the client"}, false)
	}
	_, err := c.session(ctx)
	return err
}

// Close shuts the server down: the shutdown request, the exit notification, then a wait for
// the connection's end, each bounded by Options.ShutdownTimeout; whatever is left is
// interrupted and, after Options.Grace, killed with its whole process group. It returns an
// error when the server did not take part in that cleanly. Calls in flight fail with
// ErrClosed. Close is idempotent.
func (c *Client) Close(ctx context.Context) error {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return nil
	}
	c.closed = true
	c.state = StateShuttingDown
	s := c.sess
	c.mu.Unlock()
	var err error
	if s != nil {
		err = s.close(ctx, c.opts.ShutdownTimeout)
	}
	c.mu.Lock()
	c.state = StateClosed
	c.mu.Unlock()
	return err
}

// FileResult is the outcome of elaborating one version of the document.
type FileResult struct {
	URI     string
	Version int
	Text    *Text // the text elaborated (CRLF normalised to LF), for position conversion
	// Diagnostics is the server's final list for Version: the last publishDiagnostics for
	// that version before waitForDiagnostics answered. Silent ones ("Goals accomplished!")
	// are included; see Diagnostic.IsSilent.
	Diagnostics []Diagnostic
	// Published: at least one publishDiagnostics for Version arrived (possibly empty).
	// When false the list is empty because nothing was published for this version.
	Published bool
	// Fatal: the server reported a fatal error for this version ($/lean/fileProgress of
	// kind 2): processing stopped, and the diagnostics do not cover the whole file.
	Fatal  bool
	Server ServerInfo
}

// Errors returns the error diagnostics in order.
func (r *FileResult) Errors() []Diagnostic {
	var out []Diagnostic
	for _, d := range r.Diagnostics {
		if d.IsError() {
			out = append(out, d)
		}
	}
	return out
}

// Accepted reports a file a proof checker may accept: processing completed, no error, no
// "declaration uses `sorry`" warning, no unsolved goals.
func (r *FileResult) Accepted() bool {
	if r.Fatal {
		return false
	}
	for _, d := range r.Diagnostics {
		if d.IsError() || d.IsSorryWarning() || d.IsUnsolvedGoals() {
			return false
		}
	}
	return true
}

// Check elaborates text as the document: didOpen the first time (or after a crash,
// didClose+didOpen), didChange with the full text afterwards, each with a new version. It
// returns when textDocument/waitForDiagnostics for that version has answered — never
// earlier, whatever has or has not been published — or, should the server lack that
// request, when $/lean/fileProgress reports the version done; a fatal fileProgress (kind 2)
// ends the wait with FileResult.Fatal set.
//
// Errors: *TimeoutError after Options.CheckTimeout (the server is then stopped),
// *ServerError when the server failed, *WorkerCrashError (-32901/-32902: the document is
// re-opened on the next Check), ctx's error when ctx ends (the request is cancelled with
// $/cancelRequest). A failed server is restarted on the next call.
func (c *Client) Check(ctx context.Context, text string) (*FileResult, error) {
	// A context that has already ended gets its error, never a verdict: otherwise a fast
	// server could answer before the cancellation is noticed, and the caller who gave up
	// would be told the file was checked.
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	c.opMu.Lock()
	defer c.opMu.Unlock()
	s, err := c.session(ctx)
	if err != nil {
		return nil, err
	}
	return c.check(ctx, s, text)
}

func (c *Client) nextVersion() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.version++
	return c.version
}

func (c *Client) check(ctx context.Context, s *session, text string) (*FileResult, error) {
	if !utf8.ValidString(text) {
		return nil, errors.New("lsp: document text is not valid UTF-8")
	}
	text = normalizeText(text)
	uri, v := c.opts.URI, c.nextVersion()

	s.mu.Lock()
	d := s.docs[canonURI(uri)]
	if d == nil {
		d = &docState{uri: uri}
		s.docs[canonURI(uri)] = d
	}
	reopen := d.open && d.needsReopen
	open := !d.open || reopen
	// From here on, publications for older versions are stale.
	d.version, d.text, d.diags, d.diagVersion, d.needsReopen, d.open = v, NewText(text), nil, 0, false, true
	s.mu.Unlock()

	if reopen {
		if err := s.notify(ctx, methodDidClose, didCloseParams{TextDocument: textDocumentIdentifier{URI: uri}}); err != nil {
			return nil, err
		}
	}
	var err error
	if open {
		err = s.notify(ctx, methodDidOpen, didOpenParams{
			TextDocument:        textDocumentItem{URI: uri, LanguageID: "lean", Version: v, Text: text},
			DependencyBuildMode: c.opts.DependencyBuildMode,
		})
	} else {
		err = s.notify(ctx, methodDidChange, didChangeParams{
			TextDocument:   versionedTextDocumentIdentifier{URI: uri, Version: &v},
			ContentChanges: []contentChange{{Text: text}},
		})
	}
	if err != nil {
		return nil, err
	}
	pc, err := s.call(ctx, methodWaitForDiagnostics, waitForDiagnosticsParams{URI: uri, Version: v})
	if err != nil {
		return nil, err
	}
	// Done when waitForDiagnostics answers; its answer takes precedence over a fatal
	// fileProgress, because Lean answers pending requests of a crashed worker with
	// -32901/-32902 before it publishes the fatal progress (PROTOCOL.md §2.7).
	fallback := false
	cond := func() bool {
		if isClosed(pc.done) {
			if pc.rpcErr == nil || pc.rpcErr.Code != CodeMethodNotFound {
				return true
			}
			fallback = true // an older server: go by $/lean/fileProgress
		}
		return d.fatalVersion >= v || (fallback && d.doneVersion >= v)
	}
	if err := s.waitUntil(ctx, methodWaitForDiagnostics, c.opts.CheckTimeout, cond, pc); err != nil {
		return nil, err
	}
	answered := isClosed(pc.done)
	if !answered {
		s.cancel(pc) // ended by a fatal fileProgress
	}
	s.mu.Lock()
	res := &FileResult{URI: uri, Version: v, Text: d.text, Fatal: d.fatalVersion >= v, Server: s.info}
	if d.diagVersion == v {
		res.Diagnostics = slices.Clone(d.diags)
		res.Published = true
	}
	var werr error
	if answered && !fallback {
		werr = answerErr(pc, uri)
	}
	if res.Fatal || errors.Is(werr, ErrWorkerCrashed) {
		d.needsReopen = true
	}
	if werr == nil {
		d.checked = v
	}
	s.mu.Unlock()
	if werr != nil {
		return nil, werr
	}
	return res, nil
}

// Goals asks $/lean/plainGoal at pos in the version the last Check elaborated. It returns
// nil when the position is not inside tactic syntax, and ErrNoDocument when there is no
// such version (no Check yet, the last one did not complete, or the server was restarted).
// It does not restart a failed server: the document it would ask about is gone.
func (c *Client) Goals(ctx context.Context, pos Position) (*PlainGoal, error) {
	c.opMu.Lock()
	defer c.opMu.Unlock()
	s, err := c.current()
	if err != nil {
		return nil, err
	}
	goals, err := c.goals(ctx, s, []Position{pos})
	if err != nil {
		return nil, err
	}
	return goals[0], nil
}

func (c *Client) current() (*session, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch {
	case c.closed:
		return nil, ErrClosed
	case c.sess == nil:
		return nil, ErrNoDocument
	case c.sess.isEnded():
		return nil, c.sess.err
	}
	return c.sess, nil
}

// goals sends one plainGoal per position at once, then collects the answers, which the
// server may send in any order (they are matched by id).
func (c *Client) goals(ctx context.Context, s *session, ps []Position) ([]*PlainGoal, error) {
	uri := c.opts.URI
	s.mu.Lock()
	d := s.docs[canonURI(uri)]
	ok := d != nil && d.open && d.checked > 0 && d.checked == d.version
	s.mu.Unlock()
	if !ok {
		return nil, ErrNoDocument
	}
	pcs := make([]*pendingCall, 0, len(ps))
	abandon := func() { s.cancel(pcs...) }
	for _, p := range ps {
		pc, err := s.call(ctx, methodPlainGoal, plainGoalParams{TextDocument: textDocumentIdentifier{URI: uri}, Position: p})
		if err != nil {
			abandon()
			return nil, err
		}
		pcs = append(pcs, pc)
	}
	out := make([]*PlainGoal, len(ps))
	for i, pc := range pcs {
		raw, err := s.await(ctx, pc, uri, c.opts.RequestTimeout)
		if err != nil {
			abandon()
			if errors.Is(err, ErrWorkerCrashed) {
				s.mu.Lock()
				d.needsReopen = true
				s.mu.Unlock()
			}
			return nil, err
		}
		if string(raw) == "null" || len(raw) == 0 {
			continue
		}
		var g PlainGoal
		if err := json.Unmarshal(raw, &g); err != nil {
			abandon()
			return nil, &ResponseError{Method: methodPlainGoal, Message: "undecodable result: " + err.Error()}
		}
		if g.Goals == nil {
			g.Goals = []string{}
		}
		out[i] = &g
	}
	return out, nil
}
