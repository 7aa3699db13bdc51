package formal

import (
	"testing"

	"github.com/leanprm/leanprm/internal/testutil/simchild"
)

// TestMain lets the test binary run as the REPL simulator, so that the adapters are tested
// against a real child process (simchild.Pool).
func TestMain(m *testing.M) { simchild.Main(m) }
