// Package symcyclo decides closed claims holding trigonometric values at
// rational multiples of π (degrees outside the table of algebra.TrigPi:
// sin 1°, cos 48°, tan 20°) exactly, in a cyclotomic field
// (algebra.CycloField). Both sides are evaluated as fractions of field
// elements, with ζ = e^{2πi/n} for the least n the claim needs; A = B
// holds exactly when the two cross products have the same form modulo
// Φ_n, the minimal polynomial of ζ. The certificate is that polynomial
// identity in ζ, so the exact checker and Lean decide the same line.
package symcyclo

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"strings"

	"github.com/leanprm/leanprm/translate/algebra"
	"github.com/leanprm/leanprm/translate/internal/arith"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
	"github.com/leanprm/leanprm/translate/obligation"
)

// Name is the variable of the certificate: ζ = e^{2πi/n}.
const Name = "ζ"

// maxNodes bounds the trees read (each node may multiply two elements).
const maxNodes = 80

// Decide evaluates the closed claim a = b (raw its text) and writes o's
// P, Lean lines and reasons: P is L = R for the cross products L, R of
// both sides, reduced modulo Φ_n, an identity in ζ, or a closed equality
// when both are rational. The error says why the claim is left alone: a
// name, a side it cannot evaluate, no trigonometric value outside
// algebra.TrigPi's table, a field too large, or a number against an
// irrational value that it may approximate (a decimal, or a whole number
// within 1: its floor or ceiling).
func Decide(o *obligation.Obligation, a, b *symexpr.Expr, raw, tactic, idTactic string) error {
	x, y, n, err := decide(a, b, raw)
	if err != nil {
		return err
	}
	note := fmt.Sprintf("with ζ = e^{2πi/%d}, both sides times the other's denominator, reduced modulo the %d-th cyclotomic polynomial (the minimal polynomial of ζ)", n, n)
	if l, lok := x.ratio(); lok {
		if r, rok := y.ratio(); rok {
			o.Prop = lit(l) + " = " + lit(r)
			o.Lean, o.LeanNeg = arith.Declarations(o.Prop, tactic)
			o.WhyProof = fmt.Sprintf("computed in Q(e^{2πi/%d}), both sides are %s", n, l.RatString())
			o.WhyDisproof = fmt.Sprintf("computed in Q(e^{2πi/%d}), the left side is %s, the right side %s", n, l.RatString(), r.RatString())
			return nil
		}
	}
	L, R := x.num.Mul(y.den), y.num.Mul(x.den)
	rd := symexpr.Render{Names: map[string]string{Name: "v1"}}
	pl, pr := poly(L), poly(R) // written once, read by each render and evaluation below
	o.Prop = rd.Term(pl) + " = " + rd.Term(pr)
	o.Lean = "example : ∀ (v1 : Rat), " + o.Prop + " := by " + idTactic
	o.WhyProof = note + ": the two forms are the same polynomial in ζ"
	x0, lv, rv, err := differAt(L, R, pl, pr)
	if err != nil {
		return err
	}
	cd := symexpr.Render{Names: map[string]string{Name: lit(big.NewRat(x0, 1))}}
	o.LeanNeg = "example : ¬(" + cd.Term(pl) + " = " + cd.Term(pr) + ") := by " + tactic
	o.WhyDisproof = fmt.Sprintf("%s: the forms differ (at ζ = %d they are %s and %s)", note, x0, lv.RatString(), rv.RatString())
	return nil
}

// differAt returns a whole number where the forms L and R (written pl and
// pr) differ (0 when they are equal): a nonzero polynomial of degree < d
// has fewer than d roots, so one of 0, …, d is such a number.
func differAt(L, R algebra.Cyclo, pl, pr *symexpr.Expr) (int64, *big.Rat, *big.Rat, error) {
	d := int64(len(L.Coeffs()))
	for x := int64(0); x <= d; x++ {
		at := map[string]*big.Rat{Name: big.NewRat(x, 1)}
		lv, err1 := symexpr.Eval(pl, at)
		rv, err2 := symexpr.Eval(pr, at)
		if err1 != nil || err2 != nil {
			return 0, nil, nil, errors.New("the forms cannot be evaluated")
		}
		if lv.Cmp(rv) != 0 || L.Equal(R) {
			return x, lv, rv, nil
		}
	}
	return 0, nil, nil, errors.New("no point where the forms differ")
}

// lit spells a rational for the dialect.
func lit(x *big.Rat) string {
	s := "(" + new(big.Int).Abs(x.Num()).String() + " : Rat)"
	if !x.IsInt() {
		s = "(" + s + " / (" + x.Denom().String() + " : Rat))"
	}
	if x.Sign() < 0 {
		return "(-" + s + ")"
	}
	return s
}

// decide evaluates both sides in the least field they need.
func decide(a, b *symexpr.Expr, raw string) (x, y frac, n int, err error) {
	fail := func(err error) (frac, frac, int, error) { return frac{}, frac{}, 0, err }
	if symexpr.HasVar(a) || symexpr.HasVar(b) {
		return fail(errors.New("a name"))
	}
	if !outsideTable(a) && !outsideTable(b) {
		return fail(errors.New("no trigonometric value outside the table"))
	}
	if count(a)+count(b) > maxNodes {
		return fail(errors.New("too large to evaluate"))
	}
	n = 4
	for _, e := range []*symexpr.Expr{a, b} {
		if n, err = order(e, n); err != nil {
			return fail(err)
		}
	}
	f, err := algebra.NewCycloField(n)
	if err != nil {
		return fail(err)
	}
	ev := &evaluator{f: f}
	if x, err = ev.eval(a); err != nil {
		return fail(err)
	}
	if y, err = ev.eval(b); err != nil {
		return fail(err)
	}
	L, err := ev.mul(x.num, y.den)
	if err != nil {
		return fail(err)
	}
	R, err := ev.mul(y.num, x.den)
	if err != nil {
		return fail(err)
	}
	if !L.Equal(R) {
		xv, xr := x.value()
		yv, yr := y.value()
		if xr != yr {
			// a number against an irrational value: a decimal, or a
			// whole number written alone within 1 of it, may be an
			// approximation, a floor or a ceiling
			if hasDecimal(raw) {
				return fail(errors.New("a decimal against an irrational value: an approximation may be meant"))
			}
			whole := xr && bareWhole(a) || yr && bareWhole(b)
			if whole && (math.IsNaN(xv) || math.IsNaN(yv) || math.Abs(xv-yv) < 1.01) {
				return fail(errors.New("a whole number within 1 of an irrational value may be its rounding"))
			}
		}
	}
	return x, y, n, nil
}

// outsideTable reports a trigonometric value that algebra.TrigPi does
// not give.
func outsideTable(e *symexpr.Expr) bool {
	if e == nil {
		return false
	}
	if e.Op == 't' {
		_, err := algebra.TrigPi(e.Name, e.Num)
		return errors.Is(err, algebra.ErrUnsupported)
	}
	return outsideTable(e.L) || outsideTable(e.R)
}

func count(e *symexpr.Expr) int {
	if e == nil {
		return 0
	}
	return 1 + count(e.L) + count(e.R)
}

// order returns the least multiple of n that holds every angle of e and
// the square roots of its rational radicands.
func order(e *symexpr.Expr, n int) (int, error) {
	if e == nil {
		return n, nil
	}
	switch e.Op {
	case 't':
		// q·π is the turn q/2: ζ^k with k = n·q/2.
		turn := new(big.Rat).Quo(e.Num, big.NewRat(2, 1))
		if !turn.Denom().IsInt64() || turn.Denom().Int64() > 1440 {
			return 0, errors.New("an angle with a large denominator")
		}
		return capped(lcm(n, int(turn.Denom().Int64())))
	case 'r':
		if e.Exp != 2 {
			return 0, errors.New("a root other than a square root")
		}
		if q, err := symexpr.Eval(e.L, nil); err == nil {
			m, err := radicandOrder(q)
			if err != nil {
				return 0, err
			}
			if n, err = capped(lcm(n, m)); err != nil {
				return 0, err
			}
		}
	}
	n, err := order(e.L, n)
	if err != nil {
		return 0, err
	}
	return order(e.R, n)
}

// radicandOrder is the least order whose field holds √q: 8 for the
// prime 2, p for an odd prime p of q's square-free part.
func radicandOrder(q *big.Rat) (int, error) {
	if q.Sign() < 0 {
		return 0, errors.New("the square root of a negative number")
	}
	n := 4
	for _, x := range []*big.Int{q.Num(), q.Denom()} {
		if x.BitLen() > 32 {
			return 0, errors.New("a large radicand")
		}
		v := x.Int64()
		for p := int64(2); p*p <= v; p++ {
			e := 0
			for v%p == 0 {
				v /= p
				e++
			}
			if e%2 == 1 {
				n = lcm(n, primeOrder(p))
			}
		}
		if v > 1 {
			if v > 1440 {
				return 0, errors.New("a radicand with a large prime")
			}
			n = lcm(n, primeOrder(v))
		}
	}
	return n, nil
}

func capped(n int) (int, error) {
	if n > 1440 {
		return 0, errors.New("too large a field")
	}
	return n, nil
}

func primeOrder(p int64) int {
	if p == 2 {
		return 8
	}
	return int(p)
}

func lcm(a, b int) int {
	x, y := a, b
	for y != 0 {
		x, y = y, x%y
	}
	return a / x * b
}

// bareWhole reports a whole number written alone (or negated).
func bareWhole(e *symexpr.Expr) bool {
	if e.Op == '~' {
		e = e.L
	}
	return e.Op == 'n' && e.Num.IsInt()
}

// hasDecimal reports a decimal point between digits, but for an angle in
// degrees (22.5^\circ is exact).
func hasDecimal(s string) bool {
	for i := 1; i+1 < len(s); i++ {
		if s[i] == '.' && isDigit(s[i-1]) && isDigit(s[i+1]) {
			j := i + 1
			for j < len(s) && isDigit(s[j]) {
				j++
			}
			if !strings.HasPrefix(s[j:], `^\circ`) && !strings.HasPrefix(s[j:], `^{\circ}`) {
				return true
			}
		}
	}
	return false
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// poly is the form of x as a polynomial in Name.
func poly(x algebra.Cyclo) *symexpr.Expr {
	if x.IsZero() {
		return &symexpr.Expr{Op: 'n', Num: new(big.Rat)}
	}
	return symexpr.PolyExpr(algebra.FromCoeffs(Name, x.Coeffs()))
}
