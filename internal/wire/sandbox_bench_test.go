package wire

import (
	"io"
	"os"
	"testing"

	"github.com/leanprm/leanprm/internal/config"
	"github.com/leanprm/leanprm/leanbridge/repl"
	"github.com/leanprm/leanprm/leanbridge/sandbox"
)

// The sandbox's cost, on the simulator as the REPL (its own start-up is a few ms, so the
// difference between the two sub-benchmarks is the sandbox's):
//
//	go test -run '^$' -bench Sandbox -benchtime 20x ./internal/wire/
//
// per REPL start (helper exec, namespaces, new root, cgroups; the version check included) and
// per command (the watcher runs beside the process; nothing sits between leanprm and the
// REPL's pipes).
func BenchmarkSandboxREPLStart(b *testing.B) {
	for _, mode := range []string{"off", "require"} {
		b.Run("sandbox="+mode, func(b *testing.B) {
			if mode == "require" && !sandbox.Probe().OK {
				b.Skip("no sandbox here")
			}
			cfg := benchConfig(b, mode)
			ctx := b.Context()
			rc, err := REPLConfig(cfg, io.Discard)
			if err != nil {
				b.Fatal(err)
			}
			rc.SkipProbe = true
			b.ResetTimer()
			for range b.N {
				w, err := repl.StartWorker(ctx, rc)
				if err != nil {
					b.Fatal(err)
				}
				w.Close()
			}
		})
	}
}

func BenchmarkSandboxCommand(b *testing.B) {
	for _, mode := range []string{"off", "require"} {
		b.Run("sandbox="+mode, func(b *testing.B) {
			if mode == "require" && !sandbox.Probe().OK {
				b.Skip("no sandbox here")
			}
			cfg := benchConfig(b, mode)
			ctx := b.Context()
			rc, err := REPLConfig(cfg, io.Discard)
			if err != nil {
				b.Fatal(err)
			}
			rc.SkipProbe = true
			rc.RecycleAfter = repl.NeverRecycle
			w, err := repl.StartWorker(ctx, rc)
			if err != nil {
				b.Fatal(err)
			}
			defer w.Close()
			b.ResetTimer()
			for range b.N {
				if _, err := w.Command(ctx, repl.CommandRequest{Cmd: "example : 2 + 3 = 5 := by decide"}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func benchConfig(b *testing.B, mode string) *config.Config {
	b.Setenv(childEnv, "repl")
	b.Setenv("GORACE", "atexit_sleep_ms=0")
	return load(b, map[string]string{"lean.workers": "1", "lean.command": os.Args[0], "lean.sandbox": mode})
}
