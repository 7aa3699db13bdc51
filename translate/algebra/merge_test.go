package algebra

import (
	"math/big"
	"math/rand"
	"testing"
)

// TestMergeTermsByKeyOrByFactors: normalize merges few terms by comparing
// their factors and many through monoKey; both ways give the same normal
// form, on lists with repeated monomials, cancelling coefficients and
// names that a careless key would confuse ("a1" squared, "a" and "1").
func TestMergeTermsByKeyOrByFactors(t *testing.T) {
	monos := [][]factor{nil, {{v: "x", e: 1}}, {{v: "x", e: 2}}, {{v: "a1", e: 2}}, {{v: "a", e: 12}},
		{{v: "x", e: 1}, {v: "y", e: 1}}, {{v: "y", e: 3}}, {{v: "a", e: 1}, {v: "x", e: 2}}}
	rng := rand.New(rand.NewSource(7))
	for n := 2; n <= 40; n++ {
		for range 20 {
			ts := make([]term, n)
			for i := range ts {
				ts[i] = term{coef: big.NewRat(int64(rng.Intn(7)-3), int64(rng.Intn(3)+1)), fs: monos[rng.Intn(len(monos))]}
			}
			a, b := mergeTerms(ts, false), mergeTerms(ts, true)
			if !a.Equal(b) || a.String() != b.String() {
				t.Fatalf("%d terms: by factors %s, by key %s", n, a, b)
			}
			for i := 1; i < len(a.ts); i++ {
				if !monoLess(a.ts[i-1].fs, a.ts[i].fs) {
					t.Fatalf("%d terms: %s out of order", n, a)
				}
			}
		}
	}
}
