package symdefs

import (
	"math/rand"
	"strings"
	"testing"
)

// TestHeadScans holds the plain scans to the patterns they stand before:
// every text probDefRE or seqHeadRE matches passes its scan.
func TestHeadScans(t *testing.T) {
	parts := []string{"f", "a", "x", "n", "F", "_", "(", ")", "{", "}", " ", "\t", "\n", "=", "+", "1", "2", "\\", "^", "n+1", "é", "$"}
	r := rand.New(rand.NewSource(1))
	prob, seq := 0, 0
	for i := 0; i < 300000; i++ {
		var b strings.Builder
		for j := 0; j < 2+r.Intn(9); j++ {
			b.WriteString(parts[r.Intn(len(parts))])
		}
		s := b.String()
		if probDefRE.MatchString(s) {
			prob++
			if !mayHaveProbHead(s) {
				t.Fatalf("%q: probDefRE matches, mayHaveProbHead does not", s)
			}
		}
		if seqHeadRE.MatchString(s) {
			seq++
			if !mayHaveSeqHead(s) {
				t.Fatalf("%q: seqHeadRE matches, mayHaveSeqHead does not", s)
			}
		}
	}
	if prob == 0 || seq == 0 {
		t.Fatalf("generated %d function heads and %d sequence heads", prob, seq)
	}
}
