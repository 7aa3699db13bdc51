package symsolved

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/leanprm/leanprm/internal/testutil/gentext"
)

// TestWindowVeto holds windowVeto to windowVetoRE on generated windows,
// the pattern's words, their near misses and other cases joined at random.
func TestWindowVeto(t *testing.T) {
	parts := strings.Fields(`mod MOD modulo remainder Remainders congruent ≡ \equiv \EQUIV \pmod \bmod ≈ \approx approximately or OR either case Cases possibilities alternatively \pm \PM \pmx ± for nor order x2 mod2 _mod a1 the value is x = 3 , . ( ) { } \ $ 2 _ orx xor casey remaind altern ſ K`)
	seps := []string{" ", "", "", ",", "\\", "_", "1", "(", "\n"}
	r := rand.New(rand.NewSource(1))
	for i := 0; i < 100000; i++ {
		if s := gentext.Joined(r, parts, seps, 5); windowVeto(s) != windowVetoRE.MatchString(s) {
			t.Fatalf("%q: windowVeto %v", s, windowVeto(s))
		}
	}
}
