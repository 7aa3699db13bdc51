package symsolved

import (
	"math/rand"
	"strings"
	"testing"
)

// TestWindowVeto holds windowVeto to windowVetoRE on generated windows,
// the pattern's words, their near misses and other cases joined at random.
func TestWindowVeto(t *testing.T) {
	parts := strings.Fields(`mod MOD modulo remainder Remainders congruent ≡ \equiv \EQUIV \pmod \bmod ≈ \approx approximately or OR either case Cases possibilities alternatively \pm \PM \pmx ± for nor order x2 mod2 _mod a1 the value is x = 3 , . ( ) { } \ $ 2 _ orx xor casey remaind altern ſ K`)
	seps := []string{" ", "", "", ",", "\\", "_", "1", "(", "\n"}
	r := rand.New(rand.NewSource(1))
	for i := 0; i < 100000; i++ {
		var b strings.Builder
		for j := 0; j < 1+r.Intn(5); j++ {
			if j > 0 {
				b.WriteString(seps[r.Intn(len(seps))])
			}
			b.WriteString(parts[r.Intn(len(parts))])
		}
		if s := b.String(); windowVeto(s) != windowVetoRE.MatchString(s) {
			t.Fatalf("%q: windowVeto %v", s, windowVeto(s))
		}
	}
}
