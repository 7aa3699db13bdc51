package decide

import (
	"math/big"
)

// upoly is a dense univariate polynomial over Q, lowest degree first, with no trailing
// zero (the zero polynomial is empty).
type upoly []*big.Rat

func (p upoly) trim() upoly {
	for len(p) > 0 && p[len(p)-1].Sign() == 0 {
		p = p[:len(p)-1]
	}
	return p
}

func (p upoly) add(q upoly) upoly {
	n := max(len(p), len(q))
	out := make(upoly, n)
	for i := range out {
		out[i] = new(big.Rat)
		if i < len(p) {
			out[i].Add(out[i], p[i])
		}
		if i < len(q) {
			out[i].Add(out[i], q[i])
		}
	}
	return out.trim()
}

func (p upoly) scale(c *big.Rat) upoly {
	out := make(upoly, len(p))
	for i, a := range p {
		out[i] = new(big.Rat).Mul(a, c)
	}
	return out.trim()
}

func (p upoly) sub(q upoly) upoly { return p.add(q.scale(big.NewRat(-1, 1))) }

func (p upoly) mul(q upoly) (upoly, error) {
	if len(p) == 0 || len(q) == 0 {
		return nil, nil
	}
	if len(p)+len(q)-2 > maxGrindDegree {
		return nil, outside("a polynomial of degree above %d", maxGrindDegree)
	}
	out := make(upoly, len(p)+len(q)-1)
	for i := range out {
		out[i] = new(big.Rat)
	}
	for i, a := range p {
		for j, b := range q {
			out[i+j].Add(out[i+j], new(big.Rat).Mul(a, b))
		}
	}
	return out.trim(), nil
}

func (t *gterm) upoly(x string) (upoly, error) {
	switch t.op {
	case "c":
		return upoly{new(big.Rat).Set(t.val)}.trim(), nil
	case "v":
		return upoly{new(big.Rat), big.NewRat(1, 1)}, nil
	case "neg":
		k, err := t.kids[0].upoly(x)
		return k.scale(big.NewRat(-1, 1)), err
	case "^":
		k, err := t.kids[0].upoly(x)
		if err != nil {
			return nil, err
		}
		out := upoly{big.NewRat(1, 1)}
		for i := uint(0); i < t.exp; i++ {
			if out, err = out.mul(k); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	l, err := t.kids[0].upoly(x)
	if err != nil {
		return nil, err
	}
	r, err := t.kids[1].upoly(x)
	if err != nil {
		return nil, err
	}
	switch t.op {
	case "+":
		return l.add(r), nil
	case "-":
		return l.sub(r), nil
	case "*":
		return l.mul(r)
	case "/":
		// x / 10 is x * 10⁻¹: grind's Field preprocessing, with 10 ≠ 0 decided on the numeral.
		if len(r) == 1 && r[0].Sign() != 0 {
			return l.scale(new(big.Rat).Inv(r[0])), nil
		}
	}
	return nil, outside("division")
}

// hasVarDiv reports a division (or inverse) of a term that holds a variable: division by a
// nonzero numeral keeps a polynomial a polynomial.
func (t *gterm) hasVarDiv() bool {
	if t.op == "inv" || t.op == "/" && t.kids[1].hasVar() {
		return true
	}
	if t.op == "/" {
		if c, ok := t.kids[1].constant(); !ok || c.Sign() == 0 {
			return true // x / 0 is Lean's 0: not a polynomial step
		}
	}
	for _, k := range t.kids {
		if k.hasVarDiv() {
			return true
		}
	}
	return false
}

func (t *gterm) hasVar() bool {
	vars := map[string]bool{}
	t.collect(vars)
	return len(vars) > 0
}

// constant is the value of a closed term built from numerals with + - * and ^.
func (t *gterm) constant() (*big.Rat, bool) {
	if t.hasVar() {
		return nil, false
	}
	p, err := t.upoly("")
	if err != nil || len(p) > 1 {
		return nil, false
	}
	if len(p) == 0 {
		return new(big.Rat), true
	}
	return p[0], true
}

// inRadical reports whether c vanishes at every root of g (over the algebraic closure), that
// is c^k is a multiple of g for some k ≤ deg g. Grind proves exactly these: the negated goal
// c ≠ 0 becomes c·c⁻¹ = 1, and 1 is in the ideal of g and c·y - 1 just when c is in the
// radical of g (Rabinowitsch). Membership in the ideal itself is the case k = 1.
func inRadical(c, g upoly) bool {
	r := urem(c, g)
	acc := r
	for k := 0; k < len(g); k++ {
		if len(acc) == 0 {
			return true
		}
		next, err := acc.mul(r)
		if err != nil {
			return false
		}
		acc = urem(next, g)
	}
	return false
}

// urem is p mod q (q nonzero).
func urem(p, q upoly) upoly {
	p = append(upoly(nil), p...)
	lead := q[len(q)-1]
	for len(p) >= len(q) {
		c := new(big.Rat).Quo(p[len(p)-1], lead)
		shift := len(p) - len(q)
		for i, a := range q {
			p[shift+i] = new(big.Rat).Sub(p[shift+i], new(big.Rat).Mul(c, a))
		}
		p = p.trim()
	}
	return p
}

// ugcd is the monic gcd; the gcd with the zero polynomial (nil) is the other one.
func ugcd(p, q upoly) upoly {
	for len(q) > 0 {
		p, q = q, urem(p, q)
	}
	if len(p) == 0 {
		return p
	}
	return p.scale(new(big.Rat).Inv(p[len(p)-1]))
}

// rationalRoots returns the rational roots of p (nonzero) by the rational root theorem, and
// whether that is all of them: not when its integer coefficients are too large to enumerate
// the candidates.
func (p upoly) rationalRoots() ([]*big.Rat, bool) {
	if len(p) <= 1 {
		return nil, true
	}
	var roots []*big.Rat
	for len(p) > 1 && p[0].Sign() == 0 {
		if len(roots) == 0 {
			roots = append(roots, new(big.Rat))
		}
		p = p[1:]
	}
	if len(p) <= 1 {
		return roots, true
	}
	// Integer coefficients: multiply by the lcm of the denominators.
	l := big.NewInt(1)
	for _, a := range p {
		l.Mul(l, new(big.Int).Quo(a.Denom(), new(big.Int).GCD(nil, nil, l, a.Denom())))
	}
	ints := make([]*big.Int, len(p))
	for i, a := range p {
		v := new(big.Rat).Mul(a, new(big.Rat).SetInt(l))
		ints[i] = v.Num()
	}
	a0, an := new(big.Int).Abs(ints[0]), new(big.Int).Abs(ints[len(ints)-1])
	if a0.Cmp(big.NewInt(maxRootSearch)) > 0 || an.Cmp(big.NewInt(maxRootSearch)) > 0 {
		return roots, false
	}
	nums, dens := divisors(a0.Int64()), divisors(an.Int64())
	if len(nums)*len(dens) > maxRootCandidates {
		return roots, false
	}
	for _, num := range nums {
		for _, den := range dens {
			for _, s := range []int64{1, -1} {
				r := big.NewRat(s*num, den)
				if p.at(r).Sign() == 0 {
					roots = append(roots, r)
				}
			}
		}
	}
	return roots, true
}

func divisors(n int64) []int64 {
	var ds []int64
	for d := int64(1); d*d <= n; d++ {
		if n%d == 0 {
			ds = append(ds, d)
			if d != n/d {
				ds = append(ds, n/d)
			}
		}
	}
	return ds
}

func (p upoly) at(x *big.Rat) *big.Rat {
	v := new(big.Rat)
	for i := len(p) - 1; i >= 0; i-- {
		v.Mul(v, x)
		v.Add(v, p[i])
	}
	return v
}
