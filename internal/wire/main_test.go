package wire

import (
	"context"
	"os"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/leanprm/leanprm/leanbridge/proc"

	"github.com/leanprm/leanprm/internal/leansim/lspsim"
	"github.com/leanprm/leanprm/internal/leansim/replsim"
	"github.com/leanprm/leanprm/leanbridge/sandbox"
)

// childEnv makes the test binary run as a simulator instead of the tests, so that what wire
// starts is a real child process speaking the protocol.
const childEnv = "LEANPRM_WIRE_TEST_CHILD"

func TestMain(m *testing.M) {
	sandbox.Init()
	switch os.Getenv(childEnv) {
	case "":
	case "repl":
		os.Exit(replsim.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	case "lsp":
		os.Exit(lspsim.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	case "hostile-repl":
		os.Exit(hostileREPL())
	default:
		os.Stderr.WriteString("unknown " + childEnv + "\n")
		os.Exit(2)
	}
	goleak.VerifyTestMain(m, goleak.IgnoreAnyFunction(proc.Forker)) // proc's forking thread lives on
}

func testCtx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	t.Cleanup(cancel)
	return ctx
}
