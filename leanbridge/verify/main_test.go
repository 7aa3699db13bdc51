package verify

import (
	"os"
	"testing"

	"go.uber.org/goleak"

	"github.com/leanprm/leanprm/internal/leansim/replsim"
	"github.com/leanprm/leanprm/leanbridge/proc"
)

// simChildEnv makes the test binary run as the REPL simulator instead of the tests, so that
// REPLRunner is tested against a pool of real child processes (leanbridge/repl's pattern).
const simChildEnv = "LEANPRM_TEST_CHILD"

func TestMain(m *testing.M) {
	switch os.Getenv(simChildEnv) {
	case "":
	case "repl":
		os.Exit(replsim.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	default:
		os.Stderr.WriteString("unknown " + simChildEnv + "\n")
		os.Exit(2)
	}
	goleak.VerifyTestMain(m, goleak.IgnoreAnyFunction(proc.Forker)) // proc's forking thread lives on
}
