package algebra

import "math/big"

// Monomial is one term of a polynomial: Coef times the product of each
// Vars[i] raised to Exps[i].
type Monomial struct {
	Coef *big.Rat
	Vars []string
	Exps []uint
}

// Monomials returns the terms of p in its normal order (a copy: changing
// them does not change p).
func (p Poly) Monomials() []Monomial {
	out := make([]Monomial, len(p.ts))
	for i, t := range p.ts {
		m := Monomial{Coef: new(big.Rat).Set(t.coef), Vars: make([]string, len(t.fs)), Exps: make([]uint, len(t.fs))}
		for j, f := range t.fs {
			m.Vars[j], m.Exps[j] = f.v, f.e
		}
		out[i] = m
	}
	return out
}
