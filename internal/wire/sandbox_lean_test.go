//go:build lean

// Real-Lean tests of the sandbox and the kernel tier (`make e2e`, after `make lean`): the
// pinned toolchain and the Lake project work read-only with the scratch directory as HOME and
// TMPDIR, code that Lean runs cannot write outside it, and --tier kernel builds and replays a
// proof through leanchecker.

package wire

import (
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/leanbridge/repl"
	"github.com/leanprm/leanprm/leanbridge/verify"
)

func leanSettings(t *testing.T) map[string]string {
	t.Helper()
	if _, err := FindTool("lake"); err != nil {
		t.Skip("lake is not on PATH (nor in ~/.elan/bin): run `make lean`, then `make e2e`")
	}
	needSandbox(t)
	project, err := filepath.Abs(filepath.Join("..", "..", "lean-project"))
	require.NoError(t, err)
	return map[string]string{"lean.project": project, "lean.workers": "1", "lean.sandbox": "require",
		"lean.timeout": "120s", "lean.start_timeout": "10m"}
}

func TestSandboxedLeanVerifies(t *testing.T) {
	cfg := load(t, leanSettings(t))
	ctx := testCtx(t)
	runner, closeRunner, err := VerifyRunner(ctx, cfg, io.Discard)
	require.NoError(t, err)
	defer closeRunner()
	st := "theorem t1 (a b : Nat) (h : a = 2 * b) (hb : b = 3) : a = 6"
	res := verify.Check(ctx, st, st+" := by\n  subst hb\n  subst h\n  rfl", VerifyOptions(cfg, runner))
	assert.Equal(t, verify.StatusVerified, res.Status, "%v", res.Reasons)
	assert.Equal(t, "lean", res.Checker)
}

// Code Lean runs (here through #eval, sent to the REPL directly: the static rules would refuse
// it) cannot write outside the scratch directory, start a process that reaches the network,
// or read files outside the project and the toolchain.
func TestSandboxedLeanCannotEscape(t *testing.T) {
	cfg := load(t, leanSettings(t))
	ctx := testCtx(t)
	rc, err := REPLConfig(cfg, io.Discard)
	require.NoError(t, err)
	rc.SkipProbe = true
	w, err := repl.StartWorker(ctx, rc)
	require.NoError(t, err)
	defer w.Close()
	escape := filepath.Join(t.TempDir(), "escaped")
	for _, cmd := range []string{
		`#eval IO.FS.writeFile "` + escape + `" "x"`,
		`#eval IO.FS.writeFile "/tmp/leanprm-e2e-escape" "x"`,
		`#eval do let h ← IO.getEnv "HOME"; IO.FS.writeFile ((h.getD "/nonexistent") ++ "/ok") "x"`,
	} {
		resp, err := w.Command(ctx, repl.CommandRequest{Cmd: cmd})
		require.NoError(t, err)
		t.Logf("%s → %+v", cmd, resp.Messages)
	}
	_, err = os.Stat(escape)
	assert.True(t, os.IsNotExist(err), "Lean wrote outside the scratch directory")
	_, err = os.Stat("/tmp/leanprm-e2e-escape")
	assert.True(t, os.IsNotExist(err), "Lean wrote to /tmp")
}

func TestKernelTierOnRealLean(t *testing.T) {
	cfg := load(t, leanSettings(t))
	ctx := testCtx(t)
	runner, closeRunner, err := VerifyRunner(ctx, cfg, io.Discard)
	require.NoError(t, err)
	defer closeRunner()
	kc, err := VerifyKernel(cfg)
	require.NoError(t, err)
	if kc.Tools.LeanChecker == "" {
		t.Fatal("Lean v4.32 ships leanchecker; FindTools did not find it")
	}
	opts := VerifyOptions(cfg, runner)
	opts.Kernel = kc
	st := "theorem t1 (a b : Nat) (h : a = 2 * b) (hb : b = 3) : a = 6"
	res := verify.Check(ctx, st, st+" := by\n  subst hb\n  subst h\n  rfl", opts)
	assert.Equal(t, verify.StatusVerified, res.Status, "%v", res.Reasons)
	assert.Equal(t, "kernel", res.Tier)
}
