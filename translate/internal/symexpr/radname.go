package symexpr

import (
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/leanprm/leanprm/translate/algebra"
)

// Roots of numbers beside names: "(m + n\sqrt{6})^2", "\frac{s\sqrt{8}}{2}",
// "\frac{x}{\sqrt{5}}". Each closed radical is exact in algebra.Surd, a
// rational times products of P^(E/6) over primes P; here √P and ∛P are
// quantities of their own (atoms named "√P" and "∛P") with the reductions
// (√P)² = P and (∛P)³ = P. A polynomial in the names and atoms with every
// √P of degree below 2 and every ∛P below 3 is a combination of the
// monomials ∏ P^(E/6), E < 6, with polynomials in the names as
// coefficients; those monomials are linearly independent over Q
// (Besicovitch, the canonical form of algebra.Surd), hence over the
// polynomials in the names (compare the coefficient of each monomial in
// the names). So such a reduced polynomial is zero exactly when every
// coefficient is, and A = B holds for every value of the names (where the
// denominators are nonzero) exactly when both sides times their
// denominators reduce to the same polynomial. Nested radicals and radicals
// of expressions with names are refused.

// Bounds of a rewritten radical claim.
const (
	radMaxTerms = 400
	// radMaxProduct bounds the terms of a product before it is reduced.
	radMaxProduct = 8192
	radMaxAtoms   = 8
)

var errRadTooLarge = errors.New("too large to rewrite")

// HasNumberRoot reports a root of a closed number (or an exact
// trigonometric value) in e.
func HasNumberRoot(e *Expr) bool { return HasRoot(e) }

// radAtom parses an atom's name: its prime and the index of its root.
func radAtom(v string) (p *big.Rat, index uint, ok bool) {
	if v == imagName {
		return big.NewRat(-1, 1), 2, true
	}
	for _, pre := range []struct {
		s string
		n uint
	}{{"√", 2}, {"∛", 3}} {
		if rest, found := strings.CutPrefix(v, pre.s); found {
			n, err := strconv.ParseUint(rest, 10, 32)
			if err != nil {
				return nil, 0, false
			}
			return new(big.Rat).SetInt64(int64(n)), pre.n, true
		}
	}
	return nil, 0, false
}

// NamesDegree is the degree of p in the names, the atoms not counted.
func NamesDegree(p algebra.Poly) int {
	d := 0
	for _, m := range p.Monomials() {
		k := 0
		for i, v := range m.Vars {
			if _, _, ok := radAtom(v); !ok {
				k += int(m.Exps[i])
			}
		}
		d = max(d, k)
	}
	return d
}

// radReduce applies (√P)² = P and (∛P)³ = P to every monomial of p.
func radReduce(p algebra.Poly) (algebra.Poly, error) {
	if p.Terms() > radMaxTerms {
		return algebra.Poly{}, errRadTooLarge
	}
	ms := p.Monomials()
	need := false
	for _, m := range ms {
		for i, v := range m.Vars {
			if _, n, ok := radAtom(v); ok && m.Exps[i] >= n {
				need = true
			}
		}
	}
	if !need {
		return p, nil
	}
	terms := make([]algebra.Poly, 0, len(ms))
	for _, m := range ms {
		c := m.Coef
		t := algebra.Int(1)
		for i, v := range m.Vars {
			e := m.Exps[i]
			if q, n, ok := radAtom(v); ok {
				c.Mul(c, algebra.PowNat(q, int(e/n)))
				e %= n
			}
			if e == 0 {
				continue
			}
			f, err := algebra.Var(v).Pow(e)
			if err != nil {
				return algebra.Poly{}, err
			}
			t = t.Mul(f)
		}
		terms = append(terms, t.Mul(algebra.Const(c)))
	}
	return sumPolys(terms), nil
}

// sumPolys adds ps pairwise, so that n terms cost O(n log n) merges.
func sumPolys(ps []algebra.Poly) algebra.Poly {
	for len(ps) > 1 {
		next := ps[:0:0]
		for i := 0; i < len(ps); i += 2 {
			if i+1 < len(ps) {
				next = append(next, ps[i].Add(ps[i+1]))
			} else {
				next = append(next, ps[i])
			}
		}
		ps = next
	}
	if len(ps) == 0 {
		return algebra.Poly{}
	}
	return ps[0]
}

// radNumbers are rational functions of the names and the atoms, kept
// reduced (numerator and denominator each). add and mul have no error
// result: one past the bounds is kept in *failed and ends RadSides.
type radNumbers struct {
	ratFnNumbers
	failed *error
}

var _ numbers[algebra.Rat] = radNumbers{}

// radMul is a·b, refused when the product would pass radMaxProduct terms
// before reduction (a hostile power of a long sum).
func radMul(a, b algebra.Poly) (algebra.Poly, error) {
	if a.Terms()*b.Terms() > radMaxProduct {
		return algebra.Poly{}, errRadTooLarge
	}
	return a.Mul(b), nil
}

func radRat(num, den algebra.Poly) (algebra.Rat, error) {
	n, err := radReduce(num)
	if err != nil {
		return algebra.Rat{}, err
	}
	d, err := radReduce(den)
	if err != nil {
		return algebra.Rat{}, err
	}
	if NamesDegree(n) > trigMaxDegree || NamesDegree(d) > trigMaxDegree {
		return algebra.Rat{}, errRadTooLarge
	}
	return algebra.NewRat(n, d)
}

// keep returns r, or zero with the error kept.
func (ar radNumbers) keep(r algebra.Rat, err error) algebra.Rat {
	if err != nil {
		if *ar.failed == nil {
			*ar.failed = err
		}
		return algebra.Rat{}
	}
	return r
}

func (ar radNumbers) add(x, y algebra.Rat) algebra.Rat {
	if x.Den().Equal(y.Den()) {
		return ar.keep(radRat(x.Num().Add(y.Num()), x.Den()))
	}
	return ar.keep(radFrac(x.Num(), y.Den(), y.Num(), x.Den(), x.Den(), y.Den(), true))
}

func (ar radNumbers) sub(x, y algebra.Rat) algebra.Rat { return ar.add(x, y.Neg()) }

func (ar radNumbers) mul(x, y algebra.Rat) algebra.Rat {
	return ar.keep(radFrac(x.Num(), y.Num(), algebra.Poly{}, algebra.Poly{}, x.Den(), y.Den(), false))
}

func (radNumbers) div(x, y algebra.Rat) (algebra.Rat, error) {
	if y.Num().IsZero() {
		return algebra.Rat{}, algebra.ErrDivByZero
	}
	return radFrac(x.Num(), y.Den(), algebra.Poly{}, algebra.Poly{}, x.Den(), y.Num(), false)
}

// radFrac is (a·b + c·d)/(e·f) (without c·d unless sum), each product
// bounded, reduced.
func radFrac(a, b, c, d, e, f algebra.Poly, sum bool) (algebra.Rat, error) {
	num, err := radMul(a, b)
	if err != nil {
		return algebra.Rat{}, err
	}
	if sum {
		cd, err := radMul(c, d)
		if err != nil {
			return algebra.Rat{}, err
		}
		num = num.Add(cd)
	}
	den, err := radMul(e, f)
	if err != nil {
		return algebra.Rat{}, err
	}
	return radRat(num, den)
}

func (ar radNumbers) pow(x algebra.Rat, e int) (algebra.Rat, error) {
	if e < 0 {
		inv, err := algebra.NewRat(x.Den(), x.Num())
		if err != nil {
			return inv, err
		}
		x, e = inv, -e
	}
	out := algebra.FromPoly(algebra.Int(1))
	for range e {
		out = ar.mul(out, x)
		if *ar.failed != nil {
			return algebra.Rat{}, *ar.failed
		}
	}
	return out, nil
}

func (ar radNumbers) root(arg func() (algebra.Rat, error), index int) (algebra.Rat, error) {
	x, err := arg()
	if err != nil {
		return x, err
	}
	if len(x.Num().Vars()) > 0 || len(x.Den().Vars()) > 0 {
		if !RatHasName(x) {
			return algebra.Rat{}, errors.New("a nested radical")
		}
		return algebra.Rat{}, errors.New("a radical of an expression with names")
	}
	n, err1 := x.Num().Eval(nil)
	d, err2 := x.Den().Eval(nil)
	if err1 != nil || err2 != nil || d.Sign() == 0 {
		return algebra.Rat{}, errors.New("a radical with no value")
	}
	q := new(big.Rat).Quo(n, d)
	if index == 2 && q.Cmp(big.NewRat(-1, 1)) == 0 {
		return algebra.FromPoly(algebra.Var(imagName)), nil
	}
	s, err := algebra.Root(q, index)
	if err != nil {
		return algebra.Rat{}, err
	}
	return surdPoly(s)
}

func (radNumbers) trig(fn string, mult *big.Rat) (algebra.Rat, error) {
	s, err := algebra.TrigPi(fn, mult)
	if err != nil {
		return algebra.Rat{}, err
	}
	return surdPoly(s)
}

// surdPoly writes a closed value as a polynomial in the atoms: P^(E/6) is
// √P^i·∛P^j with 3i + 2j = E (mod 6), E = 1 being √P·∛P²/P.
func surdPoly(s algebra.Surd) (algebra.Rat, error) {
	cs, ms := s.Terms()
	terms := make([]algebra.Poly, 0, len(cs))
	atoms := map[uint32]bool{}
	for k, c := range cs {
		t := algebra.Const(c)
		for _, f := range ms[k] {
			atoms[f.P] = true
			i, j := [6]int{0, 1, 0, 1, 0, 1}[f.E], [6]int{0, 2, 1, 0, 2, 1}[f.E]
			if f.E == 1 {
				t = t.Mul(algebra.Const(big.NewRat(1, int64(f.P))))
			}
			for range i {
				t = t.Mul(algebra.Var(fmt.Sprintf("√%d", f.P)))
			}
			for range j {
				t = t.Mul(algebra.Var(fmt.Sprintf("∛%d", f.P)))
			}
		}
		terms = append(terms, t)
	}
	if len(atoms) > radMaxAtoms {
		return algebra.Rat{}, errRadTooLarge
	}
	return algebra.FromPoly(sumPolys(terms)), nil
}

// RadSides reads a = b, roots of numbers beside names, as rational
// functions of the names and the atoms over one denominator D, both
// numerators reduced: L = A/D and R = B/D with A = B exactly when the
// claim holds wherever its denominators are nonzero, so L.Equal(R) and
// L.Sub(R) decide it. c is P: A = B, both sides polynomials.
func RadSides(a, b *Expr) (L, R algebra.Rat, c Cert, err error) {
	if bareRootOfMinusOne(a) || bareRootOfMinusOne(b) {
		return L, R, c, errors.New("a square root of -1 where the problem declares no imaginary unit")
	}
	var failed error
	ar := radNumbers{failed: &failed}
	va, err := evalTree[algebra.Rat](a, ar)
	if err == nil {
		err = failed
	}
	if err != nil {
		return L, R, c, err
	}
	vb, err := evalTree[algebra.Rat](b, ar)
	if err == nil {
		err = failed
	}
	if err != nil {
		return L, R, c, err
	}
	lf, err := radFrac(va.Num(), vb.Den(), algebra.Poly{}, algebra.Poly{}, va.Den(), vb.Den(), false)
	if err != nil {
		return L, R, c, err
	}
	rf, err := radFrac(vb.Num(), va.Den(), algebra.Poly{}, algebra.Poly{}, va.Den(), vb.Den(), false)
	if err != nil {
		return L, R, c, err
	}
	pa, pb, d := lf.Num(), rf.Num(), lf.Den()
	if L, err = algebra.NewRat(pa, d); err != nil {
		return L, R, c, err
	}
	if R, err = algebra.NewRat(pb, d); err != nil {
		return L, R, c, err
	}
	c = Cert{L: PolyExpr(pa), R: PolyExpr(pb), Holds: pa.Equal(pb), Diff: L.Sub(R),
		Note: "each square or cube root of a prime read as a quantity of its own, √p² = p and ∛p³ = p (distinct radical monomials are linearly independent over Q); both sides times their denominators and reduced"}
	if HasImag(a) || HasImag(b) {
		c.Note = "i read as a quantity of its own with i² = -1, " + c.Note
	}
	return L, R, c, nil
}

// RatHasName reports a name (not an atom) in r: a reduced r without one
// is a number, nonzero unless its numerator is zero.
func RatHasName(r algebra.Rat) bool {
	return NamesDegree(r.Num()) > 0 || NamesDegree(r.Den()) > 0
}

// LinkRats reads a link's sides as rational functions; rad is non-nil (P
// of the link, polynomials in the names and the atoms) when a side has a
// root of a number: then L and R are RadSides'.
func LinkRats(a, b *Expr) (L, R algebra.Rat, rad *Cert, err error) {
	if !HasNumberRoot(a) && !HasNumberRoot(b) {
		L, err = ToRat(a)
		if err == nil {
			R, err = ToRat(b)
		}
		return L, R, nil, err
	}
	L, R, c, err := RadSides(a, b)
	if err != nil {
		return L, R, nil, err
	}
	if !HasVar(c.L) && !HasVar(c.R) {
		// "\sqrt{0}x = 0": no name or radical is left to state P for
		return L, R, nil, errors.New("both sides are numbers once rewritten")
	}
	return L, R, &c, nil
}

// The imaginary unit: i = √-1 is an atom of its own with i² = -1. The
// radicals above are real, so i is no combination of them: the monomials
// m and m·i (m a radical monomial) are linearly independent over Q, and
// the reduced forms stay canonical. The symbolic reader reads the letter i
// as the unit only where the chain declares it (symdefs.MarkImaginary);
// the other evaluators refuse it as the even root of a negative number.

// imagName names the unit's atom and marks its node.
const imagName = "i"

// ImagKey is the key of the definitions map whose presence reads the
// letter i as the imaginary unit.
const ImagKey = "·imaginary"

// ImagUnit is the node of i: the square root of -1.
func ImagUnit() *Expr {
	return &Expr{Op: 'r', Name: imagName, Exp: 2, L: &Expr{Op: '~', L: &Expr{Op: 'n', Num: big.NewRat(1, 1)}}}
}

// bareRootOfMinusOne reports a square root of -1 in e that is not the
// declared unit: "\sqrt{-1}" written out is left to the closed readers,
// which refuse it.
func bareRootOfMinusOne(e *Expr) bool {
	if e == nil {
		return false
	}
	if e.Op == 'r' && e.Exp == 2 && e.Name != imagName {
		if v, err := Eval(e.L, nil); err == nil && v.Cmp(big.NewRat(-1, 1)) == 0 {
			return true
		}
	}
	return bareRootOfMinusOne(e.L) || bareRootOfMinusOne(e.R)
}

// IsImagUnit reports the node of i.
func IsImagUnit(e *Expr) bool { return e != nil && e.Op == 'r' && e.Name == imagName }

// HasImag reports the imaginary unit in e.
func HasImag(e *Expr) bool {
	if e == nil {
		return false
	}
	return e.Op == 'r' && e.Name == imagName || HasImag(e.L) || HasImag(e.R)
}

// ImagKind decides links between closed complex numbers with radicals,
// "(57 - 8\sqrt{5}i)(-6 + 5\sqrt{5}i) = -542 + 333\sqrt{5}i": their reduced
// forms agree exactly when the numbers are equal. The reader calls it only
// on lines without names.
var ImagKind = Kind{Has: HasImag, Decide: ImagIdentity, Closed: true,
	Taken: "a complex number (read with i² = -1)"}

// ImagIdentity is RadSides' certificate of a = b.
func ImagIdentity(a, b *Expr) (Cert, error) {
	_, _, c, err := RadSides(a, b)
	return c, err
}

// RationalAtEveryRoot reports closed sides whose every radical has a
// rational value ("\sqrt{16} = 4"), which the arithmetic reader decides,
// or that take a root of a negative number ("\sqrt[3]{-1}", left alone as
// the arithmetic reader leaves it); a rational side through an irrational
// radical ("(10\sqrt{3})^2 = 300") is the closed-value reader's.
func RationalAtEveryRoot(a, b *Expr) bool {
	_, err1 := Eval(a, nil)
	_, err2 := Eval(b, nil)
	return err1 == nil && err2 == nil || negativeRadicand(a) || negativeRadicand(b)
}

// negativeRadicand reports a root of a negative number in e.
func negativeRadicand(e *Expr) bool {
	if e == nil {
		return false
	}
	if e.Op == 'r' && !IsImagUnit(e) {
		if v, err := Eval(e.L, nil); err == nil && v.Sign() < 0 {
			return true
		}
	}
	return negativeRadicand(e.L) || negativeRadicand(e.R)
}

// RadLeadsCancel is the leading-terms test of a radical link (RadSides' L
// and R, over one denominator) with the degree counted in the names alone;
// written is the larger degree of the sides as written.
func RadLeadsCancel(L, R algebra.Rat, written int) bool {
	d := NamesDegree(L.Num().Sub(R.Num()))
	if NamesDegree(L.Den()) > 0 {
		return d < max(NamesDegree(L.Num()), NamesDegree(R.Num()))
	}
	return d < written
}

// ImagClosed reports a complex computation among a line's members: all
// closed, or all but a head with names ("z = (3 + 2i)(1 - i) = …", whose
// first link defines z), at least two of them, one with the imaginary
// unit; from is the first closed member.
func ImagClosed(es []*Expr) (from int, ok bool) {
	seen := false
	for k, e := range es {
		if HasVar(e) {
			if k > 0 {
				return 0, false
			}
			from = 1
		}
		seen = seen || HasImag(e)
	}
	return from, seen && len(es)-from >= 2
}
