package symexpr

import (
	"strings"
	"testing"
)

// TestSymIgnoreSecondBytes holds skip's plain test: each ignored command
// opens with a backslash and one of the bytes skip looks at.
func TestSymIgnoreSecondBytes(t *testing.T) {
	for _, w := range symIgnore {
		if len(w) < 2 || w[0] != '\\' || strings.IndexByte("lrd,;!: bB", w[1]) < 0 {
			t.Errorf("%q: skip would not look for it", w)
		}
	}
}
