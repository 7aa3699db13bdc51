package symimp

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/leanprm/leanprm/internal/testutil/gentext"
)

// TestImpSubst holds impSubst to impSubstRE on generated prose, the
// words of the pattern and their near misses joined at random.
func TestImpSubst(t *testing.T) {
	parts := strings.Fields(`substitute plug using use used user solving resolve since sincere system pair case try check verify first second other mother last original equation equations eq eq. eqs if iff when for with each two both or nor square sqrt root (2) (12) (x) (xy) ( ) 2 x y a big expand get sides . , : ; é Equation USING _ 1a`)
	seps := []string{" ", " ", " ", "", ",", "(", ")", "\n", "  ", ". "}
	r := rand.New(rand.NewSource(1))
	for i := 0; i < 100000; i++ {
		if s := gentext.Joined(r, parts, seps, 6); impSubst(s) != impSubstRE.MatchString(s) {
			t.Fatalf("%q: impSubst %v", s, impSubst(s))
		}
	}
}
