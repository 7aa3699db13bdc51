//go:build lean

package repl

// Tests against a real Lean REPL (`make e2e`, build tag lean). They need `make lean` to have
// built lean-project/ (LEANPRM_LEAN_PROJECT overrides its path) and are skipped, saying so,
// where lake is not on PATH.

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/internal/testutil/testshared"
	"github.com/leanprm/leanprm/leanbridge/proc"
)

func leanProject(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("lake"); err != nil {
		t.Skip("lake is not on PATH: these tests need a Lean toolchain (run `make lean`)")
	}
	dir := os.Getenv("LEANPRM_LEAN_PROJECT")
	if dir == "" {
		dir = filepath.Join("..", "..", "lean-project")
	}
	abs, err := filepath.Abs(dir)
	require.NoError(t, err)
	_, err = LocateREPL(abs)
	require.NoError(t, err, "lake is installed but the REPL is not ready")
	return abs
}

func leanConfig(t *testing.T) Config {
	return Config{
		ProjectDir:     leanProject(t),
		Workers:        1,
		RequestTimeout: 2 * time.Minute,
		StartTimeout:   10 * time.Minute,
		GracePeriod:    5 * time.Second,
	}
}

// TestLeanProbe: the real REPL reports the pinned toolchain, is recognised as Lean, proves the
// true probe claim with decide +kernel and rejects the false one.
func TestLeanProbe(t *testing.T) {
	cfg := leanConfig(t)
	want, err := ToolchainVersion(cfg.ProjectDir)
	require.NoError(t, err)
	w, err := StartWorker(ctxT(t), cfg)
	require.NoError(t, err, "StartWorker")
	defer w.Close()
	pgid := pgidOf(t, w)
	assert.Equal(t, BackendLean, w.Backend(), "backend %q version %q, want lean %q", w.Backend(), w.Version(), want)
	assert.Equal(t, want, w.Version(), "backend %q version %q, want lean %q", w.Backend(), w.Version(), want)
	pr, ok := w.Probe()
	require.True(t, ok, "probe: %+v", pr)
	require.True(t, pr.Passed(), "probe: %+v", pr)
	// Both lines of an obligation pair in one command, as translate sends them.
	r, err := w.CommandOnHeader(ctxT(t), "", CommandRequest{Cmd: "example : (2 : Rat) ^ 3 = (8 : Rat) := by decide +kernel\nexample : ¬((2 : Rat) ^ 3 = (8 : Rat)) := by decide +kernel"})
	require.NoError(t, err)
	errs := r.Errors()
	if assert.Len(t, errs, 1, "want exactly one error, on line 2: %+v", r.Messages) {
		assert.Equal(t, 2, errs[0].Pos.Line, "want exactly one error, on line 2: %+v", r.Messages)
	}
	w.Close()
	proc.AssertGroupGone(t, pgid) // lake and the REPL under it
}

// TestLeanConformance replays the recorded transcripts against the real REPL. The recordings
// come from another Lean version, so message texts may differ; the reply kinds, the ids and the
// lossless decoding must not. File and pickle paths are moved into a scratch directory.
func TestLeanConformance(t *testing.T) {
	cfg := leanConfig(t)
	scratch := t.TempDir()
	src := testshared.Path(t, "lean/transcripts")
	for _, f := range []string{"file.lean", "file_env.lean", "by_cases.lean", "incomplete.lean"} {
		b, err := os.ReadFile(filepath.Join(src, f))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(scratch, f), b, 0o644))
	}
	cfg.skipChecks = true // ids must start at 0, as in the recordings
	cfg.RecycleAfter = -1
	for _, tr := range loadTranscripts(t) { // alphabetical: pickle writers before readers
		t.Run(tr.name, func(t *testing.T) {
			w, err := StartWorker(ctxT(t), cfg)
			require.NoError(t, err)
			defer w.Close()
			for i, q := range tr.requests {
				req := movePaths(t, json.RawMessage(strings.TrimSpace(q)), scratch)
				got, err := w.SendRaw(ctxT(t), req)
				require.NoError(t, err, "request %d %s", i, req)
				gr, err := ParseReply(got)
				require.NoError(t, err, "request %d", i)
				wr, err := ParseReply(tr.replies[i])
				require.NoError(t, err)
				sameKind := assert.Equal(t, wr.Error == nil, gr.Error == nil, "request %d: reply %s, recorded %s", i, got, tr.replies[i]) &&
					assert.Equal(t, wr.Command == nil, gr.Command == nil, "request %d: reply %s, recorded %s", i, got, tr.replies[i])
				if !sameKind {
					continue
				}
				enc, _ := json.Marshal(gr.Value())
				assert.True(t, jsonEqual(enc, got), "request %d: reply does not round-trip: %s", i, got)
				if gr.Command != nil {
					assert.Equal(t, wr.Command.Env, gr.Command.Env, "request %d: env", i)
				}
				if gr.ProofStep != nil {
					assert.Equal(t, wr.ProofStep.ProofState, gr.ProofStep.ProofState, "request %d: proofState", i)
				}
			}
		})
	}
}

// movePaths rewrites test/X paths of a recorded request to the scratch directory.
func movePaths(t *testing.T, req json.RawMessage, dir string) json.RawMessage {
	var obj map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(req, &obj))
	for _, k := range []string{"path", "pickleTo", "unpickleEnvFrom", "unpickleProofStateFrom"} {
		var p string
		if json.Unmarshal(obj[k], &p) == nil && strings.HasPrefix(p, "test/") {
			b, _ := json.Marshal(filepath.Join(dir, strings.TrimPrefix(p, "test/")))
			obj[k] = b
		}
	}
	out, err := json.Marshal(obj)
	require.NoError(t, err)
	return out
}

// TestLeanStaleAfterRestart: after the real REPL is killed (the bridge never sends the malformed
// input that would crash it, but a timeout on a long computation kills it), ids of the dead
// process are refused and the prelude header comes back.
func TestLeanStaleAfterRestart(t *testing.T) {
	cfg := leanConfig(t)
	cfg.SkipProbe = true
	cfg.RequestTimeout = 5 * time.Second
	w, err := StartWorker(ctxT(t), cfg)
	require.NoError(t, err)
	defer w.Close()
	r, err := w.CommandOnHeader(ctxT(t), "", CommandRequest{Cmd: "def f := 1"})
	require.NoError(t, err)
	// A computation far longer than the timeout, in constant memory.
	_, err = w.CommandOnHeader(ctxT(t), "", CommandRequest{Cmd: "#eval Id.run do\n  let mut s := 0\n  for i in [0:1000000000] do\n    s := s + i\n  return s"})
	require.ErrorIs(t, err, ErrTimeout, "long computation")
	_, err = w.Command(ctxT(t), CommandRequest{Cmd: "#check f", Env: &r.Env})
	assert.ErrorIs(t, err, ErrStaleState, "env of the killed process")
	_, err = w.CommandOnHeader(ctxT(t), "", CommandRequest{Cmd: "def g := 2"})
	assert.NoError(t, err, "after restart")
}
