package symimp

import (
	"math/rand"
	"strings"
	"testing"
)

// TestImpSubst holds impSubst to impSubstRE on generated prose, the
// words of the pattern and their near misses joined at random.
func TestImpSubst(t *testing.T) {
	parts := strings.Fields(`substitute plug using use used user solving resolve since sincere system pair case try check verify first second other mother last original equation equations eq eq. eqs if iff when for with each two both or nor square sqrt root (2) (12) (x) (xy) ( ) 2 x y a big expand get sides . , : ; é Equation USING _ 1a`)
	seps := []string{" ", " ", " ", "", ",", "(", ")", "\n", "  ", ". "}
	r := rand.New(rand.NewSource(1))
	for i := 0; i < 100000; i++ {
		var b strings.Builder
		for j := 0; j < 1+r.Intn(6); j++ {
			if j > 0 {
				b.WriteString(seps[r.Intn(len(seps))])
			}
			b.WriteString(parts[r.Intn(len(parts))])
		}
		if s := b.String(); impSubst(s) != impSubstRE.MatchString(s) {
			t.Fatalf("%q: impSubst %v", s, impSubst(s))
		}
	}
}
