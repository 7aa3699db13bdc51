package lsp_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/leanbridge/lsp"
	"github.com/leanprm/leanprm/leanbridge/proc"
	"github.com/leanprm/leanprm/leanbridge/proofchain"
)

// Faults, injected by the simulator's flags, with the simulator as a separate process so
// that process handling (exit status, stderr, kill, restart) is exercised. Every test checks
// at cleanup that no server process is left (trackProcs) and the package checks for leaked
// goroutines (goleak in TestMain).

const honest = "theorem t (p : Prop) (hp : p) : p ∧ p := by\n  constructor\n  exact hp\n  exact hp\n"

// Client messages: initialize (1), initialized (2), didOpen (3), waitForDiagnostics (4).

func TestFaultCrashMidFile(t *testing.T) {
	opts := faultsOnce(t, simOptions(t, "-crash-after", "2"))
	opts.Grace = 5 * time.Second // the crashed process exits by itself, well within this
	c, ps := startSim(t, opts)
	first := ps.pids[0]
	_, err := c.Check(context.Background(), honest)
	require.ErrorIs(t, err, lsp.ErrServerFailed)
	se, ok := errorsAsT[*lsp.ServerError](err)
	require.True(t, ok, "%v", err)
	assert.Equal(t, 1, se.Session)
	assert.Equal(t, "exit status 1", se.Exit)
	assert.Contains(t, se.Stderr, "crashing on purpose")
	assert.Equal(t, lsp.StateFailed, c.State())
	proc.AssertGroupGone(t, first)

	// The next call starts a new server (without faults: see faultsOnce).
	res, err := c.Check(context.Background(), honest)
	require.NoError(t, err)
	assert.True(t, res.Accepted(), res.Diagnostics)
	assert.Equal(t, lsp.StateReady, c.State())
	assert.NotEqual(t, first, ps.add(c))
	require.NoError(t, c.Close(context.Background()))
}

func TestFaultCrashWithPendingRequest(t *testing.T) {
	opts := simOptions(t, "-crash-after", "3")
	opts.Grace = 5 * time.Second
	opts.NoRestart = true
	c, ps := startSim(t, opts)
	_, err := c.Check(context.Background(), honest)
	require.ErrorIs(t, err, lsp.ErrServerFailed)
	se, _ := errorsAsT[*lsp.ServerError](err)
	require.NotNil(t, se)
	assert.Equal(t, "exit status 1", se.Exit)
	assert.Contains(t, se.Stderr, "at textDocument/waitForDiagnostics")
	proc.AssertGroupGone(t, ps.pids[0])

	// With NoRestart the failure sticks.
	_, err = c.Check(context.Background(), honest)
	require.ErrorIs(t, err, lsp.ErrServerFailed)
	assert.Zero(t, c.PID())
	assert.Equal(t, lsp.StateFailed, c.State())
}

func TestFaultHangTimesOut(t *testing.T) {
	opts := faultsOnce(t, simOptions(t, "-hang-after", "3"))
	opts.CheckTimeout = 300 * time.Millisecond
	c, ps := startSim(t, opts)
	_, err := c.Check(context.Background(), honest)
	require.ErrorIs(t, err, lsp.ErrTimeout)
	require.ErrorIs(t, err, context.DeadlineExceeded)
	te, ok := errorsAsT[*lsp.TimeoutError](err)
	require.True(t, ok)
	assert.Equal(t, "textDocument/waitForDiagnostics", te.Method)
	assert.Equal(t, 300*time.Millisecond, te.Timeout)
	assert.Contains(t, err.Error(), "textDocument/waitForDiagnostics timed out after 300ms")
	// When the call returns, the hung server is already gone.
	proc.AssertGroupGone(t, ps.pids[0])
	assert.Equal(t, lsp.StateFailed, c.State())

	res, err := c.Check(context.Background(), honest)
	require.NoError(t, err)
	assert.True(t, res.Accepted())
	ps.add(c)
}

// A server that ignores shutdown, exit, the end of its input and SIGINT is killed after the
// grace period, process group and all.
func TestFaultStubbornServerIsKilledOnClose(t *testing.T) {
	opts := simOptions(t, "-hang-after", "2", "-stubborn")
	opts.ShutdownTimeout = 300 * time.Millisecond
	opts.Grace = 300 * time.Millisecond
	c, ps := startSim(t, opts)
	err := c.Close(context.Background())
	require.ErrorIs(t, err, lsp.ErrTimeout)
	te, _ := errorsAsT[*lsp.TimeoutError](err)
	require.NotNil(t, te)
	assert.Equal(t, "shutdown", te.Method)
	assert.Contains(t, err.Error(), "signal: killed", "it survived the interrupt and was killed")
	assert.Equal(t, lsp.StateClosed, c.State())
	proc.AssertGroupGone(t, ps.pids[0])
}

func TestFaultGarbageFrame(t *testing.T) {
	c, ps := startSim(t, simOptions(t, "-garbage-frame-after", "3"))
	_, err := c.Check(context.Background(), honest)
	require.ErrorIs(t, err, lsp.ErrServerFailed)
	se, ok := errorsAsT[*lsp.ServerError](err)
	require.True(t, ok)
	assert.Equal(t, "unreadable message from the server", se.Reason)
	require.Error(t, se.Err)
	assert.Contains(t, se.Err.Error(), "12x")
	// The simulator was still running: the client killed it, unless the simulator saw its
	// input close first and exited (status 1, "Watchdog error"), or wrote its next message
	// after the client had closed the pipe (SIGPIPE; seen on a loaded machine).
	assert.Contains(t, []string{"signal: killed", "exit status 1", "signal: broken pipe"}, se.Exit)
	proc.AssertGroupGone(t, ps.pids[0])
}

func TestFaultOutOfOrderReplies(t *testing.T) {
	chain := proofchain.Chain{
		Statement: "theorem t : ∀ p q : Prop, p → q → p ∧ q",
		Steps:     []string{"intro p", "intro q", "intro hp hq", "constructor", "exact hp", "exact hq"},
	}
	ref := connectSim(t, lsp.Options{})
	want, err := ref.c.CheckChain(context.Background(), chain)
	require.NoError(t, err)
	require.True(t, want.Verified, want.Problems)

	c, _ := startSim(t, simOptions(t, "-out-of-order", "-latency", "2ms"))
	for range 3 {
		got, err := c.CheckChain(context.Background(), chain)
		require.NoError(t, err)
		assert.Equal(t, want.Steps, got.Steps)
		assert.True(t, got.Verified)
	}
	require.NoError(t, c.Close(context.Background()))
}

func TestFaultWorkerCrash(t *testing.T) {
	sim := connectSim(t, lsp.Options{}, "-worker-crash")
	_, err := sim.c.Check(context.Background(), honest)
	require.ErrorIs(t, err, lsp.ErrWorkerCrashed)
	wc, _ := errorsAsT[*lsp.WorkerCrashError](err)
	require.NotNil(t, wc)
	assert.EqualValues(t, lsp.CodeWorkerCrashed, wc.Code)
	assert.Equal(t, sim.c.URI(), wc.URI)
	assert.Equal(t, lsp.StateReady, sim.c.State())

	// The document is re-opened: a fresh worker elaborates it.
	res, err := sim.c.Check(context.Background(), honest)
	require.NoError(t, err)
	assert.True(t, res.Accepted(), res.Diagnostics)
	require.NoError(t, sim.c.Close(context.Background()))
	assert.Equal(t, 0, <-sim.code, sim.stderr.String())
	assert.Contains(t, sim.stderr.String(), "crashed (-worker-crash)")
}

func TestRestartStartsNewServer(t *testing.T) {
	c, ps := startSim(t, simOptions(t))
	_, err := c.Check(context.Background(), honest)
	require.NoError(t, err)
	first := ps.pids[0]
	require.NoError(t, c.Restart(context.Background()))
	proc.AssertGroupGone(t, first)
	second := ps.add(c)
	assert.NotEqual(t, first, second)
	_, err = c.Goals(context.Background(), lsp.Position{Line: 1, Character: 13})
	require.ErrorIs(t, err, lsp.ErrNoDocument, "the new server has not seen the document")
	res, err := c.Check(context.Background(), honest)
	require.NoError(t, err)
	assert.True(t, res.Accepted())
	require.NoError(t, c.Close(context.Background()))
}

func TestStartFailsForMissingCommand(t *testing.T) {
	_, err := lsp.Start(context.Background(), lsp.Options{Command: []string{"/nonexistent/lake", "serve"}})
	require.Error(t, err)
	assert.True(t, strings.Contains(err.Error(), "/nonexistent/lake"), err.Error())
}

func TestStartFailsWhenServerExitsDuringHandshake(t *testing.T) {
	opts := simOptions(t, "-no-such-flag") // the simulator exits with status 2 at once
	opts.Grace = 5 * time.Second
	_, err := lsp.Start(context.Background(), opts)
	require.ErrorIs(t, err, lsp.ErrServerFailed)
	se, _ := errorsAsT[*lsp.ServerError](err)
	require.NotNil(t, se)
	assert.Equal(t, "exit status 2", se.Exit)
	assert.Contains(t, se.Stderr, "no-such-flag")
}
