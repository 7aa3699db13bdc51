package formal

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/leanprm/leanprm/leanbridge/proc"

	"github.com/leanprm/leanprm/internal/leansim/replsim"
	"github.com/leanprm/leanprm/leanbridge/repl"
)

// leanChildEnv makes the test binary run as the REPL simulator instead of the tests, so that
// the adapters are tested against a real child process (leanbridge/helpers_test.go's pattern).
const leanChildEnv = "LEANPRM_TEST_CHILD"

func TestMain(m *testing.M) {
	switch os.Getenv(leanChildEnv) {
	case "":
	case "repl":
		os.Exit(replsim.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	default:
		os.Stderr.WriteString("unknown " + leanChildEnv + "\n")
		os.Exit(2)
	}
	goleak.VerifyTestMain(m, goleak.IgnoreAnyFunction(proc.Forker)) // proc's forking thread lives on
}

// leanSimPool starts a pool of simulator children (this test binary re-executed). A
// race-enabled child would sleep a second at exit (GORACE atexit_sleep_ms); a REPL that exits
// must close its stdout at once.
func leanSimPool(t *testing.T, workers int) *repl.Pool {
	t.Helper()
	p, err := repl.NewPool(leanCtx(t), repl.Config{
		Command:        []string{os.Args[0]},
		Env:            []string{leanChildEnv + "=repl", "GORACE=atexit_sleep_ms=0"},
		Workers:        workers,
		RequestTimeout: 10 * time.Second,
		StartTimeout:   10 * time.Second,
		GracePeriod:    time.Second,
	})
	require.NoError(t, err)
	t.Cleanup(func() { p.Close() })

	return p
}

func leanCtx(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	t.Cleanup(cancel)
	return ctx
}
