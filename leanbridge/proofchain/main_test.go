package proofchain_test

import (
	"os"
	"testing"

	"go.uber.org/goleak"

	"github.com/leanprm/leanprm/leanbridge/proc"

	"github.com/leanprm/leanprm/internal/leansim/lspsim"
	"github.com/leanprm/leanprm/internal/leansim/replsim"
)

// TestMain runs the test binary as a simulator child when LEANPRM_TEST_CHILD says so
// (leanbridge/helpers_test.go's pattern), else the tests under goleak.
func TestMain(m *testing.M) {
	switch os.Getenv("LEANPRM_TEST_CHILD") {
	case "":
	case "replsim":
		os.Exit(replsim.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	case "lspsim":
		os.Exit(lspsim.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	default:
		os.Stderr.WriteString("unknown LEANPRM_TEST_CHILD\n")
		os.Exit(2)
	}
	goleak.VerifyTestMain(m, goleak.IgnoreAnyFunction(proc.Forker)) // proc's forking thread lives on
}
