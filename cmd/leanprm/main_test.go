package main

import (
	"os"
	"testing"

	"go.uber.org/goleak"

	"github.com/leanprm/leanprm/leanbridge/proc"
	"github.com/leanprm/leanprm/leanbridge/sandbox"
)

// TestMain lets the test binary stand in for the leanprm binary: commands configured as
// "leanprm …" (resolveSelf) re-execute this binary, which then runs main instead of the tests
// (the gopls cmd/integration_test.go pattern). Tests set LEANPRM_RUN_AS_MAIN for their
// children only.
func TestMain(m *testing.M) {
	sandbox.Init()
	if os.Getenv("LEANPRM_RUN_AS_MAIN") == "1" {
		main()
		return
	}
	goleak.VerifyTestMain(m, goleak.IgnoreAnyFunction(proc.Forker)) // proc's forking thread lives on
}
