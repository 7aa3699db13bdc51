package repl

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/leanprm/leanprm/leanbridge/proc"

	"github.com/leanprm/leanprm/internal/leansim/lspsim"
)

// childEnv makes the test binary run as a child process instead of the tests (gopls
// cmd/integration_test.go pattern): "fake" runs fakeREPLMain, "replsim" the simulator,
// "lspsim" the language-server simulator, "sleeper" a process that only waits to be killed.
const childEnv = "LEANPRM_TEST_CHILD"

func TestMain(m *testing.M) {
	switch os.Getenv(childEnv) {
	case "":
	case "fake":
		os.Exit(fakeREPLMain(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	case "replsim":
		os.Exit(runSimulator(os.Args[1:]))
	case "lspsim":
		os.Exit(lspsim.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	case "sleeper":
		// A grandchild for the process-group tests: it holds the REPL's stdout open and
		// never exits by itself. (A sleep, not select{}: the runtime would call that a deadlock.)
		time.Sleep(24 * time.Hour)
	default:
		os.Stderr.WriteString("unknown " + childEnv + "\n")
		os.Exit(2)
	}
	goleak.VerifyTestMain(m, goleak.IgnoreAnyFunction(proc.Forker)) // proc's forking thread lives on
}

// replGetLines models how the REPL reads one request from stdin (getLines in REPL/Main.lean,
// PROTOCOL.md §1.2): lines up to one that is blank after trimming; each other line has its
// trailing whitespace (newline included) removed, and they are joined with nothing between.
// The blank terminator itself is kept. It returns "" at the end of input, where the REPL stops.
func replGetLines(br *bufio.Reader) string {
	var sb strings.Builder
	for {
		line, err := br.ReadString('\n')
		if strings.TrimSpace(line) == "" {
			if line == "" && err != nil {
				return sb.String()
			}
			return sb.String() + line
		}
		sb.WriteString(strings.TrimRight(line, " \t\r\n"))
		if err != nil {
			return sb.String()
		}
	}
}

// replRequests returns the requests the REPL would see in an input stream, comments dropped,
// and how many comments there were.
func replRequests(data []byte) (reqs []string, comments int) {
	br := bufio.NewReader(bytes.NewReader(data))
	for {
		q := replGetLines(br)
		if q == "" {
			return reqs, comments
		}
		if strings.HasPrefix(q, "#") || strings.HasPrefix(q, "--") {
			comments++
			continue
		}
		reqs = append(reqs, q)
	}
}

// jsonEqual reports whether two JSON texts are the same JSON value (numbers compared as text).
func jsonEqual(a, b []byte) bool {
	va, erra := decodeAny(a)
	vb, errb := decodeAny(b)
	return erra == nil && errb == nil && deepEqualJSON(va, vb)
}

func decodeAny(b []byte) (any, error) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, err
	}
	if _, err := d.Token(); err != io.EOF {
		return nil, errors.New("trailing data")
	}
	return v, nil
}

func deepEqualJSON(a, b any) bool {
	switch a := a.(type) {
	case map[string]any:
		bm, ok := b.(map[string]any)
		if !ok || len(a) != len(bm) {
			return false
		}
		for k, v := range a {
			w, ok := bm[k]
			if !ok || !deepEqualJSON(v, w) {
				return false
			}
		}
		return true
	case []any:
		bs, ok := b.([]any)
		if !ok || len(a) != len(bs) {
			return false
		}
		for i := range a {
			if !deepEqualJSON(a[i], bs[i]) {
				return false
			}
		}
		return true
	default:
		return a == b
	}
}

// waitFor polls cond until it holds, failing the test after 10s. It waits for a condition,
// not for time to pass.
func waitFor(t testing.TB, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		require.False(t, time.Now().After(deadline), "timed out waiting for %s", what)
		time.Sleep(time.Millisecond)
	}
}

// pgidOf returns the process group of w's current process.
func pgidOf(t testing.TB, w *Worker) int {
	t.Helper()
	w.mu.Lock()
	defer w.mu.Unlock()
	require.NotNil(t, w.conn, "worker has no process")
	return w.conn.peer.Pgid()
}

// pipePeer is an in-process peer: serve plays the REPL on the other ends of three pipes.
type pipePeer struct {
	inR, outR, errR *io.PipeReader
	inW, outW, errW *io.PipeWriter
	exited          chan struct{}
	stopOnce        sync.Once
	status          string
}

func newPipePeer(serve func(stdin io.Reader, stdout, stderr io.Writer) string) *pipePeer {
	p := &pipePeer{exited: make(chan struct{})}
	p.inR, p.inW = io.Pipe()
	p.outR, p.outW = io.Pipe()
	p.errR, p.errW = io.Pipe()
	go func() {
		p.status = serve(p.inR, p.outW, p.errW)
		p.outW.Close()
		p.errW.Close()
		p.inR.CloseWithError(io.ErrClosedPipe)
		close(p.exited)
	}()
	return p
}

func (p *pipePeer) Stdin() io.WriteCloser   { return p.inW }
func (p *pipePeer) Stdout() io.Reader       { return p.outR }
func (p *pipePeer) Stderr() io.Reader       { return p.errR }
func (p *pipePeer) Exited() <-chan struct{} { return p.exited }
func (p *pipePeer) Pgid() int               { return 0 }

func (p *pipePeer) ExitStatus() string {
	select {
	case <-p.exited:
		return p.status
	default:
		return ""
	}
}

func (p *pipePeer) Stop(graceful bool) {
	p.stopOnce.Do(func() {
		p.inW.Close()
		if !graceful {
			p.outR.CloseWithError(os.ErrClosed)
			p.errR.CloseWithError(os.ErrClosed)
		}
	})
	<-p.exited
	p.outR.CloseWithError(os.ErrClosed)
	p.errR.CloseWithError(os.ErrClosed)
}

// peerConfig returns a Config whose processes are in-process peers running serve.
func peerConfig(serve func(stdin io.Reader, stdout, stderr io.Writer) string) Config {
	return Config{
		Workers:        1,
		RequestTimeout: 10 * time.Second,
		StartTimeout:   10 * time.Second,
		GracePeriod:    time.Second,
		newPeer: func(context.Context) (peer, error) {
			return newPipePeer(serve), nil
		},
	}
}

// fakeConfig runs the test binary as the fake REPL (fakerepl_test.go) with args.
func fakeConfig(args ...string) Config {
	return Config{
		Command:         append([]string{os.Args[0]}, args...),
		Env:             childProcessEnv("fake"),
		Workers:         1,
		RequestTimeout:  10 * time.Second,
		StartTimeout:    10 * time.Second,
		GracePeriod:     time.Second,
		ExpectedVersion: "4.32.0",
	}
}

// childProcessEnv is the environment for a re-executed test binary. A race-enabled binary
// sleeps a second at exit by default (GORACE atexit_sleep_ms) to catch late reports; a REPL
// that exits must close its stdout at once, as the real one does.
func childProcessEnv(mode string) []string {
	return []string{childEnv + "=" + mode, "GORACE=atexit_sleep_ms=0"}
}

func ctxT(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	t.Cleanup(cancel)
	return ctx
}
