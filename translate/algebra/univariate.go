package algebra

import (
	"fmt"
	"math/big"
)

// Coeffs returns the coefficients of p as a polynomial in the single
// variable v, lowest degree first (c[0] is the constant term). It returns
// an error when another variable occurs in p. The zero polynomial has no
// coefficients.
func (p Poly) Coeffs(v string) ([]*big.Rat, error) {
	if len(p.ts) == 0 {
		return nil, nil
	}
	c := make([]*big.Rat, p.DegreeIn(v)+1)
	for i := range c {
		c[i] = new(big.Rat)
	}
	for _, t := range p.ts {
		var e uint
		for _, f := range t.fs {
			if f.v != v {
				return nil, fmt.Errorf("algebra: %q is not the only variable", f.v)
			}
			e = f.e
		}
		addToQ(c[e], t.coef)
	}
	return c, nil
}

// FromCoeffs builds the polynomial Σ c[i]·v^i.
func FromCoeffs(v string, c []*big.Rat) Poly {
	ts := make([]term, 0, len(c))
	for i, x := range c {
		if x == nil || x.Sign() == 0 {
			continue
		}
		t := term{coef: new(big.Rat).Set(x)}
		if i > 0 {
			t.fs = []factor{{v: v, e: uint(i)}}
		}
		ts = append(ts, t)
	}
	return normalize(ts)
}

// Divides reports whether d divides p in Q[v], both polynomials in the
// single variable v (or constants). The zero polynomial divides only zero;
// a nonzero constant divides everything.
func Divides(d, p Poly, v string) (bool, error) {
	dc, err := d.Coeffs(v)
	if err != nil {
		return false, err
	}
	pc, err := p.Coeffs(v)
	if err != nil {
		return false, err
	}
	if len(dc) == 0 {
		return len(pc) == 0, nil
	}
	rem := make([]*big.Rat, len(pc))
	for i, x := range pc {
		rem[i] = new(big.Rat).Set(x)
	}
	lead := dc[len(dc)-1]
	for k := len(rem) - 1; k >= len(dc)-1; k-- {
		if rem[k].Sign() == 0 {
			continue
		}
		q := new(big.Rat).Quo(rem[k], lead)
		shift := k - (len(dc) - 1)
		for i, x := range dc {
			rem[shift+i].Sub(rem[shift+i], new(big.Rat).Mul(q, x))
		}
	}
	for _, x := range rem {
		if x.Sign() != 0 {
			return false, nil
		}
	}
	return true, nil
}

// RationalRoots returns the distinct rational roots of p, a nonzero
// polynomial in the single variable v, in increasing order. It clears
// denominators and tries every ±a/b with a dividing the lowest nonzero
// coefficient and b the leading one; maxCandidates bounds the divisor
// enumeration (an error past it).
func RationalRoots(p Poly, v string, maxCandidates int) ([]*big.Rat, error) {
	c, err := p.Coeffs(v)
	if err != nil {
		return nil, err
	}
	if len(c) == 0 {
		return nil, fmt.Errorf("algebra: the zero polynomial has every root")
	}
	// Integer coefficients.
	l := big.NewInt(1)
	for _, x := range c {
		g := new(big.Int).GCD(nil, nil, l, x.Denom())
		l.Mul(l, new(big.Int).Quo(x.Denom(), g))
	}
	ic := make([]*big.Int, len(c))
	for i, x := range c {
		ic[i] = new(big.Int).Mul(x.Num(), new(big.Int).Quo(l, x.Denom()))
	}
	var roots []*big.Rat
	low := 0
	for low < len(ic) && ic[low].Sign() == 0 {
		low++
	}
	if low > 0 {
		roots = append(roots, new(big.Rat))
	}
	ic = ic[low:]
	if len(ic) <= 1 {
		return roots, nil
	}
	as, err := divisors(ic[0], maxCandidates)
	if err != nil {
		return nil, err
	}
	bs, err := divisors(ic[len(ic)-1], maxCandidates)
	if err != nil {
		return nil, err
	}
	if len(as)*len(bs) > maxCandidates {
		return nil, fmt.Errorf("%w: more than %d root candidates", ErrTooLarge, maxCandidates)
	}
	// Each candidate ±a/b is reduced and tried once, in integers: a and b
	// divide numbers of at most 32 bits.
	seen := map[[2]int64]bool{}
	var acc, pow, t, nb, db big.Int // scratch of rootAt
	for _, a := range as {
		for _, b := range bs {
			for _, s := range []int64{1, -1} {
				g := gcd64(a.Int64(), b.Int64())
				num, den := s*a.Int64()/g, b.Int64()/g
				if seen[[2]int64{num, den}] {
					continue
				}
				seen[[2]int64{num, den}] = true
				if rootAt(ic, nb.SetInt64(num), db.SetInt64(den), &acc, &pow, &t) {
					roots = append(roots, big.NewRat(num, den))
				}
			}
		}
	}
	sortRats(roots)
	return roots, nil
}

// rootAt reports p(num/den) = 0 for p of the integer coefficients c
// (lowest first, at least one) and den > 0: den^n·p(num/den) = Σ
// c_i·num^i·den^(n−i), summed by Horner in integers into the scratch acc,
// pow and t.
func rootAt(c []*big.Int, num, den, acc, pow, t *big.Int) bool {
	n := len(c) - 1
	acc.Set(c[n])
	pow.SetInt64(1)
	for i := n - 1; i >= 0; i-- {
		acc.Mul(acc, num)
		pow.Mul(pow, den)
		acc.Add(acc, t.Mul(c[i], pow))
	}
	return acc.Sign() == 0
}

// gcd64 is the greatest common divisor of a, b > 0.
func gcd64(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// divisors lists the positive divisors of |n| by trial division, refusing
// numbers whose square root passes the bound.
func divisors(n *big.Int, max int) ([]*big.Int, error) {
	a := new(big.Int).Abs(n)
	if a.BitLen() > 32 {
		return nil, fmt.Errorf("%w: %s is too large to factor", ErrTooLarge, n)
	}
	x := a.Int64()
	var out []*big.Int
	for d := int64(1); d*d <= x; d++ {
		if x%d == 0 {
			out = append(out, big.NewInt(d))
			if d*d != x {
				out = append(out, big.NewInt(x/d))
			}
		}
		if len(out) > max {
			return nil, fmt.Errorf("%w: more than %d divisors", ErrTooLarge, max)
		}
	}
	return out, nil
}

func sortRats(rs []*big.Rat) {
	for i := 1; i < len(rs); i++ {
		for j := i; j > 0 && rs[j].Cmp(rs[j-1]) < 0; j-- {
			rs[j], rs[j-1] = rs[j-1], rs[j]
		}
	}
}

// CommonRoot reports whether p and q, polynomials in the single variable
// v, have a common root over the complex numbers: their gcd in Q[v] is not
// a constant. Zero polynomials share every root.
func CommonRoot(p, q Poly, v string) (bool, error) {
	a, err := p.Coeffs(v)
	if err != nil {
		return false, err
	}
	b, err := q.Coeffs(v)
	if err != nil {
		return false, err
	}
	if len(a) == 0 || len(b) == 0 {
		return true, nil
	}
	for len(b) > 0 {
		a, b = b, remainder(a, b)
	}
	return len(a) > 1, nil
}

// remainder returns a mod b (b nonzero), trimmed of leading zeros.
func remainder(a, b []*big.Rat) []*big.Rat {
	r := make([]*big.Rat, len(a))
	for i, x := range a {
		r[i] = new(big.Rat).Set(x)
	}
	lead := b[len(b)-1]
	for k := len(r) - 1; k >= len(b)-1; k-- {
		if r[k].Sign() == 0 {
			continue
		}
		q := new(big.Rat).Quo(r[k], lead)
		shift := k - (len(b) - 1)
		for i, x := range b {
			r[shift+i].Sub(r[shift+i], new(big.Rat).Mul(q, x))
		}
	}
	n := len(r)
	for n > 0 && r[n-1].Sign() == 0 {
		n--
	}
	return r[:n]
}
