//go:build lean

package repl

// Tests against a real Lean REPL (`make e2e`, build tag lean). They need `make lean` to have
// built lean-project/ (LEANPRM_LEAN_PROJECT overrides its path) and are skipped, saying so,
// where lake is not on PATH.

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/leanprm/leanprm/internal/proc"
	"github.com/leanprm/leanprm/internal/testshared"
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
	if err != nil {
		t.Fatal(err)
	}
	if _, err := LocateREPL(abs); err != nil {
		t.Fatalf("lake is installed but the REPL is not ready: %v", err)
	}
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
	if err != nil {
		t.Fatal(err)
	}
	w, err := StartWorker(ctxT(t), cfg)
	if err != nil {
		t.Fatalf("StartWorker: %v", err)
	}
	defer w.Close()
	pgid := pgidOf(t, w)
	if w.Backend() != BackendLean || w.Version() != want {
		t.Errorf("backend %q version %q, want lean %q", w.Backend(), w.Version(), want)
	}
	pr, ok := w.Probe()
	if !ok || !pr.Passed() {
		t.Fatalf("probe: %+v", pr)
	}
	// Both lines of an obligation pair in one command, as translate sends them.
	r, err := w.CommandOnHeader(ctxT(t), "", CommandRequest{Cmd: "example : (2 : Rat) ^ 3 = (8 : Rat) := by decide +kernel\nexample : ¬((2 : Rat) ^ 3 = (8 : Rat)) := by decide +kernel"})
	if err != nil {
		t.Fatal(err)
	}
	errs := r.Errors()
	if len(errs) != 1 || errs[0].Pos.Line != 2 {
		t.Errorf("want exactly one error, on line 2: %+v", r.Messages)
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
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(scratch, f), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cfg.skipChecks = true // ids must start at 0, as in the recordings
	cfg.RecycleAfter = -1
	for _, tr := range loadTranscripts(t) { // alphabetical: pickle writers before readers
		t.Run(tr.name, func(t *testing.T) {
			w, err := StartWorker(ctxT(t), cfg)
			if err != nil {
				t.Fatal(err)
			}
			defer w.Close()
			for i, q := range tr.requests {
				req := movePaths(t, json.RawMessage(strings.TrimSpace(q)), scratch)
				got, err := w.SendRaw(ctxT(t), req)
				if err != nil {
					t.Fatalf("request %d %s: %v", i, req, err)
				}
				gr, err := ParseReply(got)
				if err != nil {
					t.Fatalf("request %d: %v", i, err)
				}
				wr, err := ParseReply(tr.replies[i])
				if err != nil {
					t.Fatal(err)
				}
				if (gr.Error == nil) != (wr.Error == nil) || (gr.Command == nil) != (wr.Command == nil) {
					t.Errorf("request %d: reply %s, recorded %s", i, got, tr.replies[i])
					continue
				}
				if enc, _ := json.Marshal(gr.Value()); !jsonEqual(enc, got) {
					t.Errorf("request %d: reply does not round-trip: %s", i, got)
				}
				if gr.Command != nil && gr.Command.Env != wr.Command.Env {
					t.Errorf("request %d: env %d, recorded %d", i, gr.Command.Env, wr.Command.Env)
				}
				if gr.ProofStep != nil && gr.ProofStep.ProofState != wr.ProofStep.ProofState {
					t.Errorf("request %d: proofState %d, recorded %d", i, gr.ProofStep.ProofState, wr.ProofStep.ProofState)
				}
			}
		})
	}
}

// movePaths rewrites test/X paths of a recorded request to the scratch directory.
func movePaths(t *testing.T, req json.RawMessage, dir string) json.RawMessage {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(req, &obj); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"path", "pickleTo", "unpickleEnvFrom", "unpickleProofStateFrom"} {
		var p string
		if json.Unmarshal(obj[k], &p) == nil && strings.HasPrefix(p, "test/") {
			b, _ := json.Marshal(filepath.Join(dir, strings.TrimPrefix(p, "test/")))
			obj[k] = b
		}
	}
	out, err := json.Marshal(obj)
	if err != nil {
		t.Fatal(err)
	}
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
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	r, err := w.CommandOnHeader(ctxT(t), "", CommandRequest{Cmd: "def f := 1"})
	if err != nil {
		t.Fatal(err)
	}
	// A computation far longer than the timeout, in constant memory.
	_, err = w.CommandOnHeader(ctxT(t), "", CommandRequest{Cmd: "#eval Id.run do\n  let mut s := 0\n  for i in [0:1000000000] do\n    s := s + i\n  return s"})
	if !errors.Is(err, ErrTimeout) {
		t.Fatalf("long computation: %v", err)
	}
	if _, err := w.Command(ctxT(t), CommandRequest{Cmd: "#check f", Env: &r.Env}); !errors.Is(err, ErrStaleState) {
		t.Errorf("env of the killed process: %v", err)
	}
	if _, err := w.CommandOnHeader(ctxT(t), "", CommandRequest{Cmd: "def g := 2"}); err != nil {
		t.Errorf("after restart: %v", err)
	}
}
