package verify

import (
	"testing"

	"github.com/leanprm/leanprm/internal/testutil/simchild"
)

// TestMain lets the test binary run as the REPL simulator, so that REPLRunner is tested
// against a pool of real child processes (simchild.Pool).
func TestMain(m *testing.M) { simchild.Main(m) }
