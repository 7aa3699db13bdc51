package lsp_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/sourcegraph/jsonrpc2"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/leanprm/leanprm/internal/leansim/lspsim"
	"github.com/leanprm/leanprm/leanbridge/lsp"
	"github.com/leanprm/leanprm/leanbridge/proc"
)

// The test binary doubles as the simulator process (gopls cmd/integration_test.go): with
// envChild=1 it runs lspsim.Main instead of the tests. With envOnce=<path>, the fault flags
// apply only to the first process (the one that creates <path>); restarted servers run
// without them.
const (
	envChild = "LEANPRM_LSPSIM_CHILD"
	envOnce  = "LEANPRM_LSPSIM_FAULTS_ONCE"
)

func TestMain(m *testing.M) {
	if os.Getenv(envChild) == "1" {
		args := os.Args[1:]
		if path := os.Getenv(envOnce); path != "" {
			f, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
			if err != nil {
				args = nil // not the first process: no faults
			} else {
				f.Close()
			}
		}
		os.Exit(lspsim.Main(args, os.Stdin, os.Stdout, os.Stderr))
	}
	goleak.VerifyTestMain(m, goleak.IgnoreAnyFunction(proc.Forker)) // proc's forking thread lives on
}

// simOptions runs the simulator as a child process with the given flags.
func simOptions(t *testing.T, flags ...string) lsp.Options {
	return lsp.Options{
		Dir:             t.TempDir(),
		Command:         append([]string{os.Args[0]}, flags...),
		Env:             []string{envChild + "=1"},
		InitTimeout:     30 * time.Second,
		CheckTimeout:    30 * time.Second,
		RequestTimeout:  30 * time.Second,
		ShutdownTimeout: 10 * time.Second,
		Grace:           2 * time.Second,
	}
}

// faultsOnce makes the flags in opts apply to the first server process only.
func faultsOnce(t *testing.T, opts lsp.Options) lsp.Options {
	opts.Env = append(opts.Env, envOnce+"="+t.TempDir()+"/started")
	return opts
}

// procs records every server process a test starts, and checks at cleanup that none of
// their process groups has a member left.
type procs struct {
	t    *testing.T
	pids []int
}

func trackProcs(t *testing.T) *procs {
	p := &procs{t: t}
	t.Cleanup(func() {
		for _, pid := range p.pids {
			proc.AssertGroupGone(t, pid)
		}
	})
	return p
}

func (p *procs) add(c *lsp.Client) int {
	pid := c.PID()
	require.NotZero(p.t, pid, "client has no server process")
	p.pids = append(p.pids, pid)
	return pid
}

// startSim starts a client on a simulator process. Cleanup closes it and checks that the
// process is gone.
func startSim(t *testing.T, opts lsp.Options) (*lsp.Client, *procs) {
	t.Helper()
	ps := trackProcs(t)
	c, err := lsp.Start(context.Background(), opts)
	require.NoError(t, err)
	ps.add(c)
	t.Cleanup(func() { c.Close(context.Background()) })
	return c, ps
}

// pipeEnd joins two io.Pipe ends into a ReadWriteCloser.
type pipeEnd struct {
	r *io.PipeReader
	w *io.PipeWriter
}

func (p pipeEnd) Read(b []byte) (int, error)  { return p.r.Read(b) }
func (p pipeEnd) Write(b []byte) (int, error) { return p.w.Write(b) }
func (p pipeEnd) Close() error {
	p.r.Close()
	p.w.Close()
	return nil
}

// inProcSim runs lspsim.Main in a goroutine behind io.Pipes and connects a client to it.
// The returned channel yields Main's exit status; stderr collects its stderr.
type inProcSim struct {
	c      *lsp.Client
	code   chan int
	stderr *syncBuffer
}

func connectSim(t *testing.T, opts lsp.Options, flags ...string) *inProcSim {
	t.Helper()
	cr, sw := io.Pipe()
	sr, cw := io.Pipe()
	sim := &inProcSim{code: make(chan int, 1), stderr: &syncBuffer{}}
	go func() {
		code := lspsim.Main(flags, sr, sw, sim.stderr)
		sw.Close()
		sr.Close()
		sim.code <- code
	}()
	c, err := lsp.Connect(context.Background(), pipeEnd{cr, cw}, opts)
	require.NoError(t, err)
	sim.c = c
	t.Cleanup(func() { c.Close(context.Background()) })
	return sim
}

type syncBuffer struct {
	mu sync.Mutex
	b  []byte
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.b = append(s.b, p...)
	return len(p), nil
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return string(s.b)
}

// fakeServer is a scripted server on the other end of a net.Pipe, for tests that need
// exact control over what the client receives and when.
type fakeServer struct {
	t     *testing.T
	conn  net.Conn
	br    *bufio.Reader
	other []wireMsg // messages read while expecting something else
}

type wireMsg struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
	Result json.RawMessage `json:"result"`
	Error  *jsonrpc2.Error `json:"error"`
}

func newFake(t *testing.T, opts lsp.Options) (*fakeServer, func() *lsp.Client) {
	cc, sc := net.Pipe()
	f := &fakeServer{t: t, conn: sc, br: bufio.NewReader(sc)}
	t.Cleanup(func() { sc.Close(); cc.Close() })
	clientc := make(chan *lsp.Client, 1)
	errc := make(chan error, 1)
	go func() {
		c, err := lsp.Connect(context.Background(), cc, opts)
		errc <- err
		clientc <- c
	}()
	f.handshake()
	return f, func() *lsp.Client {
		require.NoError(t, <-errc)
		c := <-clientc
		t.Cleanup(func() { c.Close(context.Background()) })
		// Cleanups run last-in first-out: the fake hangs up first, so that Close does not
		// wait for a shutdown answer nobody will send.
		t.Cleanup(func() { sc.Close() })
		return c
	}
}

func (f *fakeServer) read() wireMsg {
	f.t.Helper()
	// A safety net against a hung test, not a timing assumption.
	f.conn.SetReadDeadline(time.Now().Add(20 * time.Second))
	var m wireMsg
	require.NoError(f.t, jsonrpc2.VSCodeObjectCodec{}.ReadObject(f.br, &m))
	return m
}

// expect reads until a message with the method arrives.
func (f *fakeServer) expect(method string) wireMsg {
	f.t.Helper()
	for {
		m := f.read()
		if m.Method == method {
			return m
		}
		f.other = append(f.other, m)
	}
}

func (f *fakeServer) send(v any) {
	f.t.Helper()
	f.conn.SetWriteDeadline(time.Now().Add(20 * time.Second))
	require.NoError(f.t, jsonrpc2.VSCodeObjectCodec{}.WriteObject(f.conn, v))
}

func (f *fakeServer) reply(id json.RawMessage, result any) {
	f.send(map[string]any{"jsonrpc": "2.0", "id": id, "result": result})
}

func (f *fakeServer) replyErr(id json.RawMessage, code int, msg string) {
	f.send(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": msg}})
}

func (f *fakeServer) notify(method string, params any) {
	f.send(map[string]any{"jsonrpc": "2.0", "method": method, "params": params})
}

func (f *fakeServer) handshake() {
	init := f.read()
	require.Equal(f.t, "initialize", init.Method, "first message")
	f.reply(init.ID, map[string]any{"capabilities": map[string]any{}, "serverInfo": map[string]any{"name": "Lean 4 Server", "version": "0.3.0"}})
	require.Equal(f.t, "initialized", f.read().Method, "second message")
}

// publish sends publishDiagnostics; version < 0 means none.
func (f *fakeServer) publish(uri string, version int, diags ...lsp.Diagnostic) {
	p := map[string]any{"uri": uri, "diagnostics": diags}
	if diags == nil {
		p["diagnostics"] = []any{}
	}
	if version >= 0 {
		p["version"] = version
	}
	f.notify("textDocument/publishDiagnostics", p)
}

func (f *fakeServer) progress(uri string, version int, kinds ...int) {
	procs := []any{}
	for _, k := range kinds {
		procs = append(procs, map[string]any{"range": lsp.Range{}, "kind": k})
	}
	f.notify("$/lean/fileProgress", map[string]any{"textDocument": map[string]any{"uri": uri, "version": version}, "processing": procs})
}

// roundTrip sends a server→client request and waits for the client's answer. Because the
// client handles messages in order, once the answer is back every message sent before the
// request has been applied.
func (f *fakeServer) roundTrip(id int) {
	f.t.Helper()
	f.send(map[string]any{"jsonrpc": "2.0", "id": id, "method": "workspace/semanticTokens/refresh"})
	for {
		m := f.read()
		if m.Method == "" && string(m.ID) == jsonInt(id) {
			return
		}
		f.other = append(f.other, m)
	}
}

func jsonInt(i int) string {
	b, _ := json.Marshal(i)
	return string(b)
}

func params[T any](t *testing.T, m wireMsg) T {
	t.Helper()
	var v T
	require.NoError(t, json.Unmarshal(m.Params, &v))
	return v
}

// errorsAsT is errors.As for a target type, for compact assertions.
func errorsAsT[T error](err error) (T, bool) {
	var target T
	ok := errors.As(err, &target)
	return target, ok
}
