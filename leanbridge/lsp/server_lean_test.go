//go:build lean

package lsp_test

// Tests against the real Lean language server: `lake serve` in lean-project/. `make e2e`
// runs them (go test -tags lean -run Lean); they need lake on PATH and `make lean` done.
// They run the same tables as the simulator tests (diagCases, chainCases, …), so a
// difference between the simulator and Lean shows up as a failure here.

import (
	"context"
	"errors"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/leanbridge/lsp"
	"github.com/leanprm/leanprm/leanbridge/proc"
)

func startLean(t *testing.T, edit func(*lsp.Options)) (*lsp.Client, *procs) {
	t.Helper()
	if _, err := exec.LookPath("lake"); err != nil {
		t.Skip("lake is not on PATH; the real-Lean tests need a Lean toolchain (run `make lean` first)")
	}
	dir, err := filepath.Abs(filepath.Join("..", "..", "lean-project"))
	require.NoError(t, err)
	opts := lsp.Options{
		Dir:             dir,
		InitTimeout:     2 * time.Minute,
		CheckTimeout:    5 * time.Minute,
		RequestTimeout:  time.Minute,
		ShutdownTimeout: 30 * time.Second,
		Grace:           5 * time.Second,
	}
	if edit != nil {
		edit(&opts)
	}
	ps := trackProcs(t)
	c, err := lsp.Start(context.Background(), opts)
	require.NoError(t, err)
	ps.add(c)
	t.Cleanup(func() { c.Close(context.Background()) })
	return c, ps
}

// Handshake, serverInfo, server→client requests answered, and a clean shutdown/exit: the
// server must exit with status 0 and leave no process (lake, the watchdog, its workers).
func TestLeanHandshakeAndClose(t *testing.T) {
	c, ps := startLean(t, nil)
	assert.Equal(t, "lean", c.Checker(), "serverInfo %+v", c.ServerInfo())
	t.Logf("serverInfo: %+v", c.ServerInfo())
	res, err := c.Check(context.Background(), "theorem t : 2 + 2 = 4 := by decide\n")
	require.NoError(t, err)
	assert.True(t, res.Accepted(), "%+v", res.Diagnostics)
	require.NoError(t, c.Close(context.Background()))
	proc.AssertGroupGone(t, ps.pids[0])
}

func TestLeanDiagnostics(t *testing.T) {
	c, _ := startLean(t, nil)
	runDiagCases(t, c, true)
}

func TestLeanUTF16Positions(t *testing.T) {
	c, _ := startLean(t, nil)
	runUTF16Case(t, c)
}

func TestLeanGoals(t *testing.T) {
	c, _ := startLean(t, nil)
	runGoalsCase(t, c)
}

func TestLeanCheckChain(t *testing.T) {
	c, _ := startLean(t, nil)
	runChainCases(t, c, "lean")
}

// Each version's diagnostics replace the previous version's.
func TestLeanVersionReplacement(t *testing.T) {
	c, _ := startLean(t, nil)
	res, err := c.Check(context.Background(), "theorem t : 2 + 2 = 5 := by decide\n")
	require.NoError(t, err)
	require.NotEmpty(t, res.Errors())
	res2, err := c.Check(context.Background(), "theorem t : 2 + 2 = 4 := by decide\n")
	require.NoError(t, err)
	assert.Greater(t, res2.Version, res.Version)
	assert.True(t, res2.Accepted(), "%+v", res2.Diagnostics)
	// A version abandoned half-way must not leak into the next one.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = c.Check(ctx, "theorem t : 1 = 2 := by decide\n")
	require.ErrorIs(t, err, context.Canceled)
	res3, err := c.Check(context.Background(), "theorem t : 1 = 1 := by decide\n")
	require.NoError(t, err)
	assert.True(t, res3.Accepted(), "%+v", res3.Diagnostics)
}

// A call that runs past its timeout stops the server with its whole process group (lake,
// lean --server and the file worker), and the next call starts a new one.
func TestLeanTimeoutKillsServerGroup(t *testing.T) {
	c, ps := startLean(t, func(o *lsp.Options) { o.CheckTimeout = 20 * time.Second })
	_, err := c.Check(context.Background(), "theorem warm : True := by trivial\n")
	require.NoError(t, err) // the worker is up
	_, err = c.Check(context.Background(), "#eval IO.sleep 600000\n")
	require.ErrorIs(t, err, lsp.ErrTimeout)
	te, _ := errorsAsT[*lsp.TimeoutError](err)
	require.NotNil(t, te)
	assert.Equal(t, "textDocument/waitForDiagnostics", te.Method)
	proc.AssertGroupGone(t, ps.pids[0])
	res, err := c.Check(context.Background(), "theorem t : True := by trivial\n")
	require.NoError(t, err)
	assert.True(t, res.Accepted())
	ps.add(c)
}

// A worker that dies of a stack overflow: the crash must not pass for success, and the next
// Check must work (the document is re-opened).
func TestLeanWorkerCrashRecovers(t *testing.T) {
	c, _ := startLean(t, nil)
	res, err := c.Check(context.Background(), "partial def deep (n : Nat) : Nat := deep (n + 1) + 1\n#eval deep 0\n")
	switch {
	case errors.Is(err, lsp.ErrWorkerCrashed):
		t.Logf("worker crash reported as %v", err)
	case err != nil:
		require.NoError(t, err, "an error other than a worker crash")
	default:
		t.Logf("no crash: fatal=%v diagnostics=%+v", res.Fatal, res.Diagnostics)
		assert.False(t, res.Accepted(), "a stack overflow is not success")
	}
	res, err = c.Check(context.Background(), "theorem t : True := by trivial\n")
	require.NoError(t, err)
	assert.True(t, res.Accepted(), "%+v", res.Diagnostics)
}
