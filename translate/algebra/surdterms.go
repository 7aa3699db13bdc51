package algebra

import "math/big"

// RadicalFactor is one factor P^(E/6) of a radical monomial: P prime,
// 0 < E < 6 (E = 3 is √P, E = 2 and 4 are ∛P and ∛P²).
type RadicalFactor struct {
	P uint32
	E uint8
}

// Terms returns s as Σ cs[i]·∏ ms[i]: each term's rational coefficient
// (a copy) and the factors of its radical monomial, primes increasing (no
// factor for the rational term). The monomials are distinct, so two
// Surds are equal exactly when their terms are.
func (s Surd) Terms() (cs []*big.Rat, ms [][]RadicalFactor) {
	for _, t := range s.ts {
		cs = append(cs, new(big.Rat).Set(t.c))
		m := make([]RadicalFactor, len(t.m))
		for j, f := range t.m {
			m[j] = RadicalFactor{P: f.p, E: f.e}
		}
		ms = append(ms, m)
	}
	return cs, ms
}
