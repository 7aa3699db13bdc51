package symexpr

import (
	"errors"
	"fmt"
	"math/big"

	"github.com/leanprm/leanprm/translate/algebra"
)

// Trigonometric functions of a name: \sin x, \cos^2 2x, \cot\frac{x}{2},
// \sin(\pi - x). The argument must be a·x + b·π with a rational a ≠ 0 and
// b a multiple of 1/2. Such a function is no number at a point, so the
// evaluators refuse it (errTrigOfName); TrigToTau rewrites a tree with
// them as a rational function of τ = tan(g·x/2), g the largest rational
// whose multiples every a is (the tangent half-angle substitution), where
// sin(kθ) and cos(kθ) are the parts of ((1 - τ²) + 2iτ)^k over (1 + τ²)^k.
// As τ runs over the reals θ takes every value but π (mod 2π), so two
// such trees agree for every x where both are defined exactly when their
// rewritten forms agree as rational functions of τ (and, both being
// continuous where defined, a constant difference is a difference at
// every x).

var errTrigOfName = errors.New("a trigonometric function of a name has no value at a point")

// maxTrigMultiple bounds k in sin(kθ), so a rewritten tree stays small.
const maxTrigMultiple = 12

// trigOfName is the node for fn(arg), failing unless arg is a·x + b·π.
func trigOfName(r *sreader, fn string, arg *Expr) *Expr {
	if _, _, _, err := linearAngle(arg); err != nil {
		r.fail("%v", err)
	}
	return &Expr{Op: 'W', Name: fn, L: arg}
}

// linearAngle returns x, a and b with arg = a·x + b·π.
func linearAngle(arg *Expr) (x string, a, b *big.Rat, err error) {
	for _, v := range Vars(arg, map[string]bool{}, nil) {
		if v == "π" {
			continue
		}
		if x != "" {
			return "", nil, nil, errors.New("a trigonometric argument with two names")
		}
		x = v
	}
	bad := fmt.Errorf("a trigonometric argument that is not a rational multiple of a name plus a multiple of π/2")
	if x == "" {
		return "", nil, nil, bad
	}
	r, e := ToRat(arg)
	if e != nil || r.Den().Degree() != 0 || r.Num().Degree() > 1 {
		return "", nil, nil, bad
	}
	d, e1 := r.Den().Eval(nil)
	at := func(xv, pv int64) *big.Rat {
		v, e2 := r.Num().Eval(map[string]*big.Rat{x: big.NewRat(xv, 1), "π": big.NewRat(pv, 1)})
		if e1 != nil || e2 != nil || d.Sign() == 0 {
			return nil
		}
		return v.Quo(v, d)
	}
	c0, c1, c2 := at(0, 0), at(1, 0), at(0, 1)
	if c0 == nil || c1 == nil || c2 == nil || c0.Sign() != 0 || c1.Sign() == 0 {
		return "", nil, nil, bad
	}
	if two := new(big.Rat).Mul(c2, big.NewRat(2, 1)); !two.IsInt() {
		return "", nil, nil, bad
	}
	if c1.Num().BitLen() > 16 || c1.Denom().BitLen() > 16 {
		return "", nil, nil, bad
	}
	return x, c1, c2, nil
}

// HasTrigOfName reports a trigonometric function of a name in e.
func HasTrigOfName(e *Expr) bool {
	if e == nil {
		return false
	}
	return e.Op == 'W' || HasTrigOfName(e.L) || HasTrigOfName(e.R)
}

// NamesOutsideTrig lists the names of e outside its trigonometric
// functions of names, and the names those functions take.
func NamesOutsideTrig(e *Expr, out, in map[string]bool) {
	if e == nil {
		return
	}
	if e.Op == 'W' {
		for _, v := range Vars(e.L, map[string]bool{}, nil) {
			in[v] = true
		}
		return
	}
	if e.Op == 'v' {
		out[e.Name] = true
	}
	NamesOutsideTrig(e.L, out, in)
	NamesOutsideTrig(e.R, out, in)
}

// TrigToTau rewrites the trigonometric functions of names in the trees
// es as rational functions of one new name per name (see above),
// returning the rewritten trees and a line that says the substitution.
func TrigToTau(es ...*Expr) ([]*Expr, string, error) {
	gs := map[string]*big.Rat{}
	var walkErr error
	var collect func(e *Expr)
	collect = func(e *Expr) {
		if e == nil || walkErr != nil {
			return
		}
		if e.Op == 'W' {
			x, a, _, err := linearAngle(e.L)
			if err != nil {
				walkErr = err
				return
			}
			gs[x] = ratGCD(gs[x], new(big.Rat).Abs(a))
			return
		}
		collect(e.L)
		collect(e.R)
	}
	for _, e := range es {
		collect(e)
	}
	if walkErr != nil {
		return nil, "", walkErr
	}
	names := map[string]string{}
	note := ""
	for x, g := range gs {
		theta := x
		if g.Cmp(big.NewRat(1, 1)) != 0 {
			theta = Plain(&Expr{Op: '*', L: RatExpr(g), R: &Expr{Op: 'v', Name: x}})
		}
		names[x] = "tan(" + theta + "/2)"
		note += fmt.Sprintf("; t = %s: sin(%s) = 2t/(1 + t²), cos(%s) = (1 - t²)/(1 + t²)", names[x], theta, theta)
	}
	out := make([]*Expr, len(es))
	for i, e := range es {
		t, err := tauTree(e, gs, names)
		if err != nil {
			return nil, "", err
		}
		out[i] = t
	}
	if note != "" {
		note = "with " + note[2:]
	}
	return out, note, nil
}

// tauTree is e with each trigonometric function of a name rewritten.
func tauTree(e *Expr, gs map[string]*big.Rat, names map[string]string) (*Expr, error) {
	if e == nil {
		return nil, nil
	}
	if e.Op != 'W' {
		l, err := tauTree(e.L, gs, names)
		if err != nil {
			return nil, err
		}
		r, err := tauTree(e.R, gs, names)
		if err != nil {
			return nil, err
		}
		c := *e
		c.L, c.R = l, r
		return &c, nil
	}
	x, a, b, err := linearAngle(e.L)
	if err != nil {
		return nil, err
	}
	k := new(big.Rat).Quo(a, gs[x])
	if !k.IsInt() || k.Num().CmpAbs(big.NewInt(maxTrigMultiple)) > 0 {
		return nil, errors.New("a multiple of the angle too large to rewrite")
	}
	t := names[x]
	s, c := sinCosK(t, int(k.Num().Int64()))
	// shift by b·π, b a multiple of 1/2: a quarter turn swaps and negates
	quarter := new(big.Rat).Mul(b, big.NewRat(2, 1))
	q := new(big.Int).Mod(quarter.Num(), big.NewInt(4)).Int64()
	for ; q > 0; q-- {
		s, c = c, &Expr{Op: '~', L: s}
	}
	one := &Expr{Op: 'n', Num: big.NewRat(1, 1)}
	switch e.Name {
	case "sin":
		return s, nil
	case "cos":
		return c, nil
	case "tan":
		return &Expr{Op: '/', L: s, R: c}, nil
	case "cot":
		return &Expr{Op: '/', L: c, R: s}, nil
	case "sec":
		return &Expr{Op: '/', L: one, R: c}, nil
	case "csc":
		return &Expr{Op: '/', L: one, R: s}, nil
	}
	return nil, errors.New("an unknown trigonometric function")
}

// sinCosK returns sin(kθ) and cos(kθ) as trees in the name t = tan(θ/2).
func sinCosK(t string, k int) (*Expr, *Expr) {
	neg := k < 0
	if neg {
		k = -k
	}
	one := algebra.Int(1)
	tv := algebra.Var(t)
	re := one.Sub(tv.Mul(tv))    // 1 - t²
	im := algebra.Int(2).Mul(tv) // 2t
	A, B := one, algebra.Int(0)
	for i := 0; i < k; i++ {
		A, B = A.Mul(re).Sub(B.Mul(im)), A.Mul(im).Add(B.Mul(re))
	}
	den := &Expr{Op: '+', L: &Expr{Op: 'n', Num: big.NewRat(1, 1)}, R: &Expr{Op: '^', L: &Expr{Op: 'v', Name: t}, Exp: 2}}
	if k > 1 {
		den = &Expr{Op: '^', L: den, Exp: k}
	}
	s := &Expr{Op: '/', L: polyTree(B, t), R: den}
	c := &Expr{Op: '/', L: polyTree(A, t), R: den}
	if neg {
		s = &Expr{Op: '~', L: s}
	}
	return s, c
}

// polyTree writes a polynomial in the one name t as a tree.
func polyTree(p algebra.Poly, t string) *Expr {
	cs, err := p.Coeffs(t)
	if err != nil {
		return &Expr{Op: 'n', Num: new(big.Rat)}
	}
	var out *Expr
	for j, c := range cs {
		if c.Sign() == 0 {
			continue
		}
		var term *Expr
		switch j {
		case 0:
			term = &Expr{Op: 'n', Num: new(big.Rat).Abs(c)}
		default:
			term = &Expr{Op: 'v', Name: t}
			if j > 1 {
				term = &Expr{Op: '^', L: term, Exp: j}
			}
			if a := new(big.Rat).Abs(c); a.Cmp(big.NewRat(1, 1)) != 0 {
				term = &Expr{Op: '*', L: &Expr{Op: 'n', Num: a}, R: term}
			}
		}
		switch {
		case out == nil && c.Sign() < 0:
			out = &Expr{Op: '~', L: term}
		case out == nil:
			out = term
		case c.Sign() < 0:
			out = &Expr{Op: '-', L: out, R: term}
		default:
			out = &Expr{Op: '+', L: out, R: term}
		}
	}
	if out == nil {
		return &Expr{Op: 'n', Num: new(big.Rat)}
	}
	return out
}

// ratGCD is the largest rational whose whole multiples a and b both are
// (a nil a stands for none yet).
func ratGCD(a, b *big.Rat) *big.Rat {
	if a == nil {
		return b
	}
	n := new(big.Int).GCD(nil, nil, new(big.Int).Mul(a.Num(), b.Denom()), new(big.Int).Mul(b.Num(), a.Denom()))
	return new(big.Rat).SetFrac(n, new(big.Int).Mul(a.Denom(), b.Denom()))
}
