package verify

import (
	"testing"

	"github.com/leanprm/leanprm/internal/testutil/simchild"
	"github.com/leanprm/leanprm/leanbridge/sandbox"
)

// TestMain lets the test binary run as the REPL simulator, so that REPLRunner is tested
// against a pool of real child processes (simchild.Pool), and as the sandbox's helper, so
// that the real-Lean tests (build tag lean) run their REPLs confined as production does.
func TestMain(m *testing.M) {
	sandbox.Init()
	simchild.Main(m)
}
