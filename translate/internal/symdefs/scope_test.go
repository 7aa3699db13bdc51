package symdefs

import (
	"strings"
	"testing"
)

// TestAsksFunctionWordsHoldTheirStem holds ReadChainProblem's pre-check:
// every word it looks for holds "function" or "polynomial", or is "all such".
func TestAsksFunctionWordsHoldTheirStem(t *testing.T) {
	for _, w := range asksFunctionWords {
		if !strings.Contains(w, "function") && !strings.Contains(w, "polynomial") && w != "all such" {
			t.Errorf("%q holds none of the stems ReadChainProblem looks for first", w)
		}
	}
}
