// Package simchild lets a test binary re-execute itself as a Lean simulator, so that code
// which drives the Lean REPL or language server is tested against a real child process: the
// package's TestMain calls Main, and a test starts os.Args[0] with Env("replsim") or
// Env("lspsim") (Pool does so for a REPL pool). leanbridge/repl's own tests keep their TestMain:
// they are in package repl, which this package imports.
package simchild

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/leanprm/leanprm/internal/leansim/lspsim"
	"github.com/leanprm/leanprm/internal/leansim/replsim"
	"github.com/leanprm/leanprm/leanbridge/proc"
	"github.com/leanprm/leanprm/leanbridge/repl"
)

// EnvVar names the simulator the re-executed test binary runs as: "replsim" or "lspsim".
const EnvVar = "LEANPRM_TEST_CHILD"

// Main is a TestMain: it runs the simulator EnvVar names and exits, or, when EnvVar is unset,
// the tests under goleak with proc's forking thread (which lives on) and ignore not counted.
func Main(m *testing.M, ignore ...goleak.Option) {
	switch os.Getenv(EnvVar) {
	case "":
	case "replsim":
		os.Exit(replsim.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	case "lspsim":
		os.Exit(lspsim.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	default:
		os.Stderr.WriteString("unknown " + EnvVar + "\n")
		os.Exit(2)
	}
	goleak.VerifyTestMain(m, append([]goleak.Option{goleak.IgnoreAnyFunction(proc.Forker)}, ignore...)...)
}

// Env is the environment of a child that runs as the simulator mode names. A race-enabled
// child would sleep a second at exit (GORACE atexit_sleep_ms); a simulator that exits must
// close its stdout at once.
func Env(mode string) []string {
	return []string{EnvVar + "=" + mode, "GORACE=atexit_sleep_ms=0"}
}

// Config is the configuration of a pool or worker of REPL simulator children.
func Config(workers int) repl.Config {
	return repl.Config{
		Command:        []string{os.Args[0]},
		Env:            Env("replsim"),
		Workers:        workers,
		RequestTimeout: 10 * time.Second,
		StartTimeout:   10 * time.Second,
		GracePeriod:    time.Second,
	}
}

// Pool starts a pool of workers REPL simulator children, closed when the test ends.
func Pool(t *testing.T, workers int) *repl.Pool {
	t.Helper()
	p, err := repl.NewPool(Context(t), Config(workers))
	require.NoError(t, err)
	t.Cleanup(func() { p.Close() })
	return p
}

// Context is a context that ends after a minute or when the test does.
func Context(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	t.Cleanup(cancel)
	return ctx
}
