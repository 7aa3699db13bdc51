package proofchain_test

import (
	"testing"

	"github.com/leanprm/leanprm/internal/testutil/simchild"
)

// TestMain runs the test binary as a simulator child when simchild.EnvVar says so, else the
// tests under goleak.
func TestMain(m *testing.M) { simchild.Main(m) }
