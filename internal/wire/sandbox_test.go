package wire

import (
	"bufio"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/internal/leansim/replsim"
	"github.com/leanprm/leanprm/leanbridge/proofchain"
	"github.com/leanprm/leanprm/leanbridge/sandbox"
	"github.com/leanprm/leanprm/leanbridge/verify"
)

// hostileREPL is a fake REPL: the simulator, behind a reader that attacks the machine when a
// request names an attack (as code running while Lean elaborates would): fork without bound,
// allocate 10 GB, write outside the scratch directory, connect to a loopback port. The fork
// and allocation attacks never let the request through: only the sandbox ends them.
func hostileREPL() int {
	pr, pw := io.Pipe()
	go func() {
		sc := bufio.NewScanner(os.Stdin)
		sc.Buffer(nil, 16<<20)
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.Contains(line, "attack_fork"):
				for {
					if err := exec.Command("sleep", "60").Start(); err != nil {
						time.Sleep(time.Second)
					}
				}
			case strings.Contains(line, "attack_alloc"):
				var keep [][]byte
				for range 10 << 10 { // 10 GiB in 1 MiB pieces, each touched
					b := make([]byte, 1<<20)
					for i := 0; i < len(b); i += 4096 {
						b[i] = 1
					}
					keep = append(keep, b)
				}
				select {}
			case strings.Contains(line, "attack_write"):
				os.WriteFile(os.Getenv("LEANPRM_WIRE_ESCAPE"), []byte("escaped"), 0o644)
			case strings.Contains(line, "attack_net"):
				if c, err := net.DialTimeout("tcp", os.Getenv("LEANPRM_WIRE_ADDR"), time.Second); err == nil {
					c.Close()
				}
			}
			pw.Write([]byte(line + "\n"))
		}
		pw.Close()
	}()
	return replsim.Main(os.Args[1:], pr, os.Stdout, os.Stderr)
}

func needSandbox(t *testing.T) {
	t.Helper()
	if s := sandbox.Probe(); !s.OK {
		if os.Geteuid() == 0 {
			t.Fatalf("root on Linux must be able to sandbox: %s", s.Reason)
		}
		t.Skipf("this machine cannot sandbox: %s", s.Reason)
	}
}

func verifyOne(t *testing.T, settings map[string]string, name string) verify.Result {
	t.Helper()
	settings["lean.sandbox"] = "require"
	cfg := simSettings(t, "hostile-repl", settings)
	ctx := testCtx(t)
	runner, closeRunner, err := VerifyRunner(ctx, cfg, io.Discard)
	require.NoError(t, err)
	defer closeRunner()
	st := "theorem " + name + " : 1 + 1 = 2"
	return verify.Check(ctx, st, st+" := by decide", VerifyOptions(cfg, runner))
}

// Issue 23 §1: a fork bomb and a 10 GB allocation in a sandboxed REPL are killed, and the
// verdict is an error that names the limit, never verified.
func TestSandboxViolationIsAnErrorNamingIt(t *testing.T) {
	needSandbox(t)
	for _, tc := range []struct {
		attack, maxRSS, want string
	}{
		{"attack_fork", "2GiB", "process limit"},
		{"attack_alloc", "256MiB", "memory limit 256 MiB"},
	} {
		t.Run(tc.attack, func(t *testing.T) {
			res := verifyOne(t, map[string]string{"lean.max_rss": tc.maxRSS, "lean.timeout": "50s"}, tc.attack)
			assert.Equal(t, verify.StatusError, res.Status, "%v", res.Reasons)
			assert.Equal(t, []verify.Code{verify.CodeSandboxViolation}, res.Codes(), "%v", res.Reasons)
			require.NotEmpty(t, res.Reasons)
			assert.Contains(t, res.Reasons[0].Detail, tc.want)
		})
	}
}

// Writes outside the scratch directory and connections to the host fail inside the sandbox;
// the proof is still judged.
func TestSandboxedREPLCannotWriteOrConnect(t *testing.T) {
	needSandbox(t)
	escape := filepath.Join(t.TempDir(), "escaped")
	t.Setenv("LEANPRM_WIRE_ESCAPE", escape)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	t.Setenv("LEANPRM_WIRE_ADDR", ln.Addr().String())
	accepted := make(chan struct{}, 1)
	go func() {
		if c, err := ln.Accept(); err == nil {
			c.Close()
			accepted <- struct{}{}
		}
	}()
	for _, attack := range []string{"attack_write", "attack_net"} {
		res := verifyOne(t, map[string]string{}, attack)
		assert.Equal(t, verify.StatusVerified, res.Status, "%s: %v", attack, res.Reasons)
		assert.Equal(t, "sim", res.Checker)
	}
	_, err = os.Stat(escape)
	assert.True(t, os.IsNotExist(err), "the REPL wrote outside its scratch directory")
	select {
	case <-accepted:
		t.Fatal("the REPL reached a port on the host's loopback")
	case <-time.After(100 * time.Millisecond):
	}
}

// With lean.sandbox off the same REPL does escape: the test above is not vacuous.
func TestUnsandboxedREPLEscapes(t *testing.T) {
	escape := filepath.Join(t.TempDir(), "escaped")
	t.Setenv("LEANPRM_WIRE_ESCAPE", escape)
	cfg := simSettings(t, "hostile-repl", map[string]string{"lean.sandbox": "off"})
	ctx := testCtx(t)
	runner, closeRunner, err := VerifyRunner(ctx, cfg, io.Discard)
	require.NoError(t, err)
	defer closeRunner()
	st := "theorem attack_write : 1 + 1 = 2"
	res := verify.Check(ctx, st, st+" := by decide", VerifyOptions(cfg, runner))
	assert.Equal(t, verify.StatusVerified, res.Status, "%v", res.Reasons)
	_, err = os.Stat(escape)
	assert.NoError(t, err, "without the sandbox the write goes through")
}

// The language server runs in the sandbox too (check --backend lsp): the simulator serves a
// proof from inside it.
func TestSandboxedLanguageServer(t *testing.T) {
	needSandbox(t)
	src, err := os.ReadFile(filepath.Join("..", "..", "testdata", "demo", "proof.lean"))
	require.NoError(t, err)
	ch, err := proofchain.FromSource(string(src), "")
	require.NoError(t, err)
	checker, stop, err := ChainChecker(testCtx(t), simSettings(t, BackendLSP, map[string]string{"lean.sandbox": "require"}), BackendLSP, io.Discard)
	require.NoError(t, err)
	defer stop()
	res, err := checker.CheckChain(testCtx(t), ch)
	require.NoError(t, err)
	assert.True(t, res.Verified, "%v", res.Problems)
}
