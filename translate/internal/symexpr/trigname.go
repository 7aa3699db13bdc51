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
// usual evaluators refuse it (errTrigOfName); TrigIdentity rewrites an
// equation between trees with them in t = tan(θ/2), θ = g·x for g the
// largest rational whose multiples every a is (the tangent half-angle
// substitution), where sin(kθ) and cos(kθ) are the parts of
// ((1 - t²) + 2it)^k over (1 + t²)^k. As t runs over the reals θ takes
// every value but π (mod 2π), so the two sides agree for every x where
// both are defined exactly when their rewritten forms agree as rational
// functions of t (and, both being continuous where defined, a constant
// difference is a difference at every x).

var errTrigOfName = errors.New("a trigonometric function of a name has no value at a point")

// maxTrigMultiple bounds k in sin(kθ), so a rewritten tree stays small.
const maxTrigMultiple = 12

// trigOfName is the node for fn(arg), failing unless arg is a·x + b·π.
func trigOfName(r *sreader, fn string, arg *Expr) *Expr {
	e := &Expr{Op: 'W', Name: fn, L: arg}
	if _, _, _, err := angleOf(e); err != nil {
		r.fail("%v", err)
	}
	return e
}

// angleOf is linearAngle of a 'W' node's argument, kept in the node (Num
// holds a, R the name with b in its Num; Substitute drops them).
func angleOf(e *Expr) (x string, a, b *big.Rat, err error) {
	if e.Num != nil && e.R != nil {
		return e.R.Name, e.Num, e.R.Num, nil
	}
	x, a, b, err = linearAngle(e.L)
	if err == nil {
		e.Num, e.R = a, &Expr{Op: 'v', Name: x, Num: b}
	}
	return x, a, b, err
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

// Limits on a rewritten identity.
const (
	trigMaxDegree = 48
	trigMaxTerms  = 2000
)

// TrigIdentity rewrites a = b as above. Both sides must take their
// trigonometric functions of one name.
func TrigIdentity(a, b *Expr) (Cert, error) {
	var x string
	var g *big.Rat
	var walkErr error
	var collect func(e *Expr)
	collect = func(e *Expr) {
		if e == nil || walkErr != nil {
			return
		}
		if e.Op == 'W' {
			v, k, _, err := angleOf(e)
			switch {
			case err != nil:
				walkErr = err
			case x != "" && v != x:
				walkErr = errors.New("trigonometric functions of two names")
			default:
				x, g = v, ratGCD(g, new(big.Rat).Abs(k))
			}
			return
		}
		collect(e.L)
		collect(e.R)
	}
	collect(a)
	collect(b)
	if walkErr != nil {
		return Cert{}, walkErr
	}
	if x == "" {
		return Cert{}, errors.New("no trigonometric function of a name")
	}
	theta := x
	if g.Cmp(big.NewRat(1, 1)) != 0 {
		theta = Plain(&Expr{Op: '*', L: RatExpr(g), R: &Expr{Op: 'v', Name: x}})
	}
	t := "tan(" + theta + "/2)"
	tv := algebra.Var(t)
	ar := tauNumbers{x: x, g: g, t: t, d: algebra.Int(1).Add(tv.Mul(tv)), memo: map[int][2]algebra.Poly{}, dMemo: map[int]algebra.Poly{}}
	va, err := evalTree[tauVal](a, ar)
	if err != nil {
		return Cert{}, err
	}
	vb, err := evalTree[tauVal](b, ar)
	if err != nil {
		return Cert{}, err
	}
	if va.big || vb.big || abs(va.e) > trigMaxDegree || abs(vb.e) > trigMaxDegree {
		return Cert{}, errors.New("too large to rewrite")
	}
	va, vb = ar.whole(va), ar.whole(vb)
	m := min(va.e, vb.e)
	dA, err := ar.dPow(vb.e - m)
	if err != nil {
		return Cert{}, err
	}
	dB, err := ar.dPow(va.e - m)
	if err != nil {
		return Cert{}, err
	}
	note := fmt.Sprintf("with t = %s, sin(%s) = 2t/(1 + t²) and cos(%s) = (1 - t²)/(1 + t²); both sides times their denominators", t, theta, theta)
	// L/(dL·D^eL) = R/(dR·D^eR), the common power of D taken off
	l, err := algebra.NewRat(va.r.Num().Mul(dA), va.r.Den())
	if err != nil {
		return Cert{}, err
	}
	r, err := algebra.NewRat(vb.r.Num().Mul(dB), vb.r.Den())
	if err != nil {
		return Cert{}, err
	}
	c, err := cert(l, r, note)
	if err != nil {
		return Cert{}, err
	}
	// both sides were multiplied by D^k: the difference is divided back
	dk, err := ar.dPow(va.e + vb.e - m)
	if err != nil {
		return Cert{}, err
	}
	c.Diff, err = algebra.NewRat(c.Diff.Num(), c.Diff.Den().Mul(dk))
	return c, err
}

// tauVal is r / D^e; big marks a value past trigMaxDegree (the rest of
// the walk is skipped and TrigIdentity refuses it).
type tauVal struct {
	r   algebra.Rat
	e   int
	big bool
}

// tooBig reports a value whose degree passes the bound.
func tooBig(r algebra.Rat) bool {
	return r.Num().Degree() > trigMaxDegree || r.Den().Degree() > trigMaxDegree
}

// tauNumbers evaluate a tree with trigonometric functions of the name x
// in t = tan(g·x/2), keeping the powers of D = 1 + t² apart so that sums
// of them share a denominator.
type tauNumbers struct {
	x, t  string
	g     *big.Rat
	d     algebra.Poly
	memo  map[int][2]algebra.Poly
	dMemo map[int]algebra.Poly
}

var _ numbers[tauVal] = tauNumbers{}

func (ar tauNumbers) dPow(e int) (algebra.Poly, error) {
	if e < 0 || e > trigMaxDegree {
		return algebra.Poly{}, errors.New("too large to rewrite")
	}
	if p, ok := ar.dMemo[e]; ok {
		return p, nil
	}
	p, err := ar.d.Pow(uint(e))
	if err == nil {
		ar.dMemo[e] = p
	}
	return p, err
}

// whole moves a negative power of D into r.
func (ar tauNumbers) whole(v tauVal) tauVal {
	if v.e >= 0 {
		return v
	}
	p, err := ar.dPow(-v.e)
	if err != nil {
		return v
	}
	return tauVal{r: v.r.Mul(algebra.FromPoly(p)), e: 0}
}

// align brings x and y to one power of D.
func (ar tauNumbers) align(x, y tauVal) (algebra.Rat, algebra.Rat, int) {
	if x.e < y.e {
		p, _ := ar.dPow(y.e - x.e) // add bounds the difference
		return x.r.Mul(algebra.FromPoly(p)), y.r, y.e
	}
	if y.e < x.e {
		p, _ := ar.dPow(x.e - y.e)
		return x.r, y.r.Mul(algebra.FromPoly(p)), x.e
	}
	return x.r, y.r, x.e
}

func (tauNumbers) fromRat(q *big.Rat) tauVal {
	return tauVal{r: algebra.FromPoly(algebra.Const(q))}
}
func (ar tauNumbers) name(n string) (tauVal, error) {
	if n == ar.x {
		return tauVal{}, errors.New("the angle's name outside a trigonometric function")
	}
	return tauVal{r: algebra.FromPoly(algebra.Var(n))}, nil
}
func (tauNumbers) neg(x tauVal) tauVal { return tauVal{x.r.Neg(), x.e, x.big} }
func (ar tauNumbers) add(x, y tauVal) tauVal {
	if x.big || y.big || abs(x.e-y.e) > trigMaxDegree {
		return tauVal{big: true}
	}
	a, b, e := ar.align(x, y)
	r := a.Add(b)
	return tauVal{r, e, tooBig(r)}
}
func (ar tauNumbers) sub(x, y tauVal) tauVal { return ar.add(x, ar.neg(y)) }
func (tauNumbers) mul(x, y tauVal) tauVal {
	if x.big || y.big || x.r.Num().Degree()+y.r.Num().Degree() > trigMaxDegree || x.r.Den().Degree()+y.r.Den().Degree() > trigMaxDegree {
		return tauVal{big: true}
	}
	return tauVal{x.r.Mul(y.r), x.e + y.e, false}
}
func (tauNumbers) div(x, y tauVal) (tauVal, error) {
	if x.big || y.big || x.r.Num().Degree()+y.r.Den().Degree() > trigMaxDegree || x.r.Den().Degree()+y.r.Num().Degree() > trigMaxDegree {
		return tauVal{}, errors.New("too large to rewrite")
	}
	r, err := x.r.Div(y.r)
	return tauVal{r, x.e - y.e, false}, err
}
func (tauNumbers) pow(x tauVal, e int) (tauVal, error) {
	if x.big || max(x.r.Num().Degree(), x.r.Den().Degree())*uint(abs(e)) > trigMaxDegree || abs(x.e*e) > trigMaxDegree {
		return tauVal{}, errors.New("too large to rewrite")
	}
	r, err := ratFnNumbers{}.pow(x.r, e)
	return tauVal{r, x.e * e, false}, err
}

func abs(n int) int { return max(n, -n) }

func (tauNumbers) root(func() (tauVal, error), int) (tauVal, error) {
	return tauVal{}, errors.New("a radical")
}
func (tauNumbers) trig(fn string, mult *big.Rat) (tauVal, error) {
	v, err := algebra.TrigPi(fn, mult)
	if err != nil {
		return tauVal{}, err
	}
	q, ok := v.Rat()
	if !ok {
		return tauVal{}, errors.New("an irrational trigonometric value")
	}
	return tauVal{r: algebra.FromPoly(algebra.Const(q))}, nil
}

// trigName is fn(k·θ + b·π) for θ = g·x: the parts of ((1 - t²) + 2it)^k
// over D^k, turned by b·π a quarter turn at a time.
func (ar tauNumbers) trigName(e *Expr) (tauVal, error) {
	_, a, b, err := angleOf(e)
	if err != nil {
		return tauVal{}, err
	}
	kq := new(big.Rat).Quo(a, ar.g)
	if !kq.IsInt() || kq.Num().CmpAbs(big.NewInt(maxTrigMultiple)) > 0 {
		return tauVal{}, errors.New("a multiple of the angle too large to rewrite")
	}
	k := int(kq.Num().Int64())
	neg := k < 0
	if neg {
		k = -k
	}
	c, s := ar.turn(k)
	if neg {
		s = s.Neg()
	}
	q := new(big.Int).Mod(new(big.Rat).Mul(b, big.NewRat(2, 1)).Num(), big.NewInt(4)).Int64()
	for ; q > 0; q-- {
		s, c = c, s.Neg()
	}
	S, C := algebra.FromPoly(s), algebra.FromPoly(c)
	div := func(x, y algebra.Rat, e int) (tauVal, error) {
		r, err := x.Div(y)
		return tauVal{r: r, e: e}, err
	}
	one := algebra.FromPoly(algebra.Int(1))
	switch e.Name {
	case "sin":
		return tauVal{r: S, e: k}, nil
	case "cos":
		return tauVal{r: C, e: k}, nil
	case "tan":
		return div(S, C, 0)
	case "cot":
		return div(C, S, 0)
	case "sec":
		return div(one, C, -k)
	case "csc":
		return div(one, S, -k)
	}
	return tauVal{}, errors.New("an unknown trigonometric function")
}

// turn returns the parts of ((1 - t²) + 2it)^k, kept for the next call.
func (ar tauNumbers) turn(k int) (c, s algebra.Poly) {
	if p, ok := ar.memo[k]; ok {
		return p[0], p[1]
	}
	tv := algebra.Var(ar.t)
	re, im := algebra.Int(1).Sub(tv.Mul(tv)), algebra.Int(2).Mul(tv)
	c, s = algebra.Int(1), algebra.Int(0)
	for i := 0; i < k; i++ {
		c, s = c.Mul(re).Sub(s.Mul(im)), c.Mul(im).Add(s.Mul(re))
	}
	ar.memo[k] = [2]algebra.Poly{c, s}
	return c, s
}

// PolyExpr writes a polynomial as a tree of its terms.
func PolyExpr(p algebra.Poly) *Expr {
	var out *Expr
	for _, m := range p.Monomials() {
		var term *Expr
		for i, v := range m.Vars {
			f := &Expr{Op: 'v', Name: v}
			if m.Exps[i] > 1 {
				f = &Expr{Op: '^', L: f, Exp: int(m.Exps[i])}
			}
			if term == nil {
				term = f
			} else {
				term = &Expr{Op: '*', L: term, R: f}
			}
		}
		c := new(big.Rat).Abs(m.Coef)
		switch {
		case term == nil:
			term = RatExpr(c)
		case c.Cmp(big.NewRat(1, 1)) != 0:
			term = &Expr{Op: '*', L: RatExpr(c), R: term}
		}
		switch {
		case out == nil && m.Coef.Sign() < 0:
			out = &Expr{Op: '~', L: term}
		case out == nil:
			out = term
		case m.Coef.Sign() < 0:
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
