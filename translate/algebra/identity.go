package algebra

import (
	"fmt"
	"math/big"
	"sort"
)

// MaxWitnessPoints bounds the grid Witness searches.
const MaxWitnessPoints = 1 << 16

// Identity decides whether lhs = rhs as rational functions, that is for all
// values of the variables at which every side condition is nonzero. The
// side conditions are the distinct non-constant denominators of both sides,
// in a deterministic order; a polynomial identity has none.
func Identity(lhs, rhs Rat) (holds bool, sideConditions []Poly) {
	for _, d := range []Poly{lhs.Den(), rhs.Den()} {
		if d.Degree() == 0 {
			continue // a nonzero constant imposes no condition
		}
		dup := false
		for _, s := range sideConditions {
			dup = dup || s.Equal(d)
		}
		if !dup {
			sideConditions = append(sideConditions, d)
		}
	}
	return lhs.Equal(rhs), sideConditions
}

// Witness returns a rational point at which both sides are defined (their
// denominators are nonzero) and differ, so a false identity can be refuted
// by plain evaluation. It returns an error when lhs = rhs holds or the
// search grid would pass MaxWitnessPoints.
//
// Why the search finds one: with lhs = a/b and rhs = c/d, the point must be
// a non-root of Q = b*d*(a*d - c*b), which is nonzero exactly when the
// identity fails. A nonzero polynomial of degree at most d_i in x_i has a
// non-root in S_1×…×S_n whenever each |S_i| ≥ d_i+1: write
// Q = Σ_k Q_k(x_1..x_{n-1}) x_n^k with some Q_k ≠ 0; by induction Q_k is
// nonzero at some point of S_1×…×S_{n-1}; there Q is a nonzero polynomial
// in x_n of degree ≤ d_n, which has at most d_n roots, so one of the d_n+1
// values of S_n is not a root. Witness takes S_i = {0, 1, …, d_i} and
// visits the grid in a fixed order, so the result is deterministic.
func Witness(lhs, rhs Rat) (map[string]*big.Rat, error) {
	a, b, c, d := lhs.Num(), lhs.Den(), rhs.Num(), rhs.Den()
	diff := a.Mul(d).Sub(c.Mul(b))
	if diff.IsZero() {
		return nil, fmt.Errorf("algebra: no witness, the identity holds")
	}
	vset := map[string]bool{}
	// Every variable of either side gets a value, so both sides evaluate;
	// one absent from Q only takes the value 0.
	for _, p := range []Poly{a, b, c, d} {
		for _, v := range p.Vars() {
			vset[v] = true
		}
	}
	vars := make([]string, 0, len(vset))
	for v := range vset {
		vars = append(vars, v)
	}
	sort.Strings(vars)
	sizes := make([]uint64, len(vars))
	total := uint64(1)
	for i, v := range vars {
		sizes[i] = uint64(b.DegreeIn(v)) + uint64(d.DegreeIn(v)) + uint64(diff.DegreeIn(v)) + 1
		total *= sizes[i]
		if total > MaxWitnessPoints {
			return nil, fmt.Errorf("%w: witness grid passes %d points", ErrTooLarge, MaxWitnessPoints)
		}
	}
	idx := make([]uint64, len(vars))
	for n := uint64(0); n < total; n++ {
		at := make(map[string]*big.Rat, len(vars))
		for i, v := range vars {
			at[v] = new(big.Rat).SetInt64(int64(idx[i]))
		}
		if nonzero(at, b, d, diff) {
			return at, nil
		}
		for i := len(idx) - 1; i >= 0; i-- { // odometer: last variable fastest
			idx[i]++
			if idx[i] < sizes[i] {
				break
			}
			idx[i] = 0
		}
	}
	// Unreachable by the argument above; kept as an explicit failure rather
	// than a wrong answer.
	return nil, fmt.Errorf("algebra: no witness found in the grid")
}

func nonzero(at map[string]*big.Rat, ps ...Poly) bool {
	for _, p := range ps {
		v, err := p.Eval(at)
		if err != nil || v.Sign() == 0 {
			return false
		}
	}
	return true
}
