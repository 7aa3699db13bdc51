package symexpr

import (
	"math/big"
	"strings"

	"github.com/leanprm/leanprm/translate/algebra"
)

// The shapes of sides as written, of equations in one unknown, and the
// witness points that the symbolic reader uses when it decides which
// links are claimed and where a false one fails.

// Rearranged returns c with pa - c·pb a nonzero constant (c scales pb
// to pa's leading coefficient), or ok=false.
func Rearranged(pa, pb algebra.Poly, x string) (*big.Rat, bool) {
	ca, err := pa.Coeffs(x)
	if err != nil {
		return nil, false
	}
	cb, err := pb.Coeffs(x)
	if err != nil || len(ca) != len(cb) || len(ca) < 2 {
		return nil, false
	}
	c := new(big.Rat).Quo(ca[len(ca)-1], cb[len(cb)-1])
	for i := 1; i < len(ca); i++ {
		if new(big.Rat).Mul(c, cb[i]).Cmp(ca[i]) != 0 {
			return nil, false
		}
	}
	if new(big.Rat).Mul(c, cb[0]).Cmp(ca[0]) == 0 {
		return nil, false
	}
	return c, true
}

// NoSharedRealRoot returns c, the ratio of the leading coefficients, when
// pa and pb have the same degree, pa has a real root (odd degree, or a
// quadratic with a positive discriminant) and the caller knows the two
// share no root: then B is not a rewriting of A, pa - c·pb ≠ 0.
func NoSharedRealRoot(pa, pb algebra.Poly, x string) (*big.Rat, bool) {
	ca, err := pa.Coeffs(x)
	if err != nil {
		return nil, false
	}
	cb, err := pb.Coeffs(x)
	if err != nil || len(ca) != len(cb) || len(ca) < 3 {
		return nil, false
	}
	switch deg := len(ca) - 1; {
	case deg%2 == 1:
	case deg == 2:
		disc := new(big.Rat).Mul(ca[1], ca[1])
		disc.Sub(disc, new(big.Rat).Mul(big.NewRat(4, 1), new(big.Rat).Mul(ca[2], ca[0])))
		if disc.Sign() <= 0 {
			return nil, false
		}
	default:
		return nil, false
	}
	return new(big.Rat).Quo(ca[len(ca)-1], cb[len(cb)-1]), true
}

// ConstRatio reports that num/den, polynomials in v, is a constant: num
// is a constant multiple of den.
func ConstRatio(num, den algebra.Poly, v string) bool {
	n, err1 := num.Coeffs(v)
	d, err2 := den.Coeffs(v)
	if err1 != nil || err2 != nil || len(n) == 0 || len(n) != len(d) {
		return false
	}
	c := new(big.Rat).Quo(n[len(n)-1], d[len(d)-1])
	for i := range n {
		if new(big.Rat).Mul(c, d[i]).Cmp(n[i]) != 0 {
			return false
		}
	}
	return true
}

// Summands counts the terms of e's top-level sum as written.
func Summands(e *Expr) int {
	switch e.Op {
	case '+', '-':
		return Summands(e.L) + Summands(e.R)
	case '~':
		return Summands(e.L)
	}
	return 1
}

// LeadCancels reports that L - R has a lower total degree than the
// sides as written (before any cancellation): a rewriting keeps the
// leading terms. Fractions compare numerators over the common
// denominator.
func LeadCancels(a, b *Expr, L, R algebra.Rat) bool {
	d := L.Num().Mul(R.Den()).Sub(R.Num().Mul(L.Den()))
	if L.Den().Degree() > 0 || R.Den().Degree() > 0 {
		m := max(L.Num().Mul(R.Den()).Degree(), R.Num().Mul(L.Den()).Degree())
		return d.Degree() < m
	}
	return int(d.Degree()) < max(WrittenDegree(a), WrittenDegree(b))
}

// WrittenDegree is the degree of e as written, terms never cancelling.
func WrittenDegree(e *Expr) int {
	if e == nil {
		return 0 // a factorial or function node has one child
	}
	switch e.Op {
	case 'n':
		return 0
	case 'v':
		return 1
	case '~':
		return WrittenDegree(e.L)
	case '^':
		return WrittenDegree(e.L) * max(e.Exp, 0)
	case '*':
		return WrittenDegree(e.L) + WrittenDegree(e.R)
	case '/':
		return WrittenDegree(e.L)
	}
	return max(WrittenDegree(e.L), WrittenDegree(e.R))
}

// FoldPowers returns e with each power whose exponent has no names left
// (a value put in: 3^{x} at x = 4) written as a power of a whole exponent,
// and ok=false when such an exponent is no small whole number or e holds
// anything but numbers, names and the field's operations.
func FoldPowers(e *Expr) (*Expr, bool) {
	if e == nil {
		return nil, true
	}
	switch e.Op {
	case 'n', 'v':
		return e, true
	case 'X':
		if HasVar(e.R) {
			return nil, false
		}
		n, err := closedExponent(e.R)
		l, ok := FoldPowers(e.L)
		if err != nil || !ok {
			return nil, false
		}
		return &Expr{Op: '^', L: l, Exp: n}, true
	case '+', '-', '*', '/', '~', '^':
		l, ok1 := FoldPowers(e.L)
		r, ok2 := FoldPowers(e.R)
		if !ok1 || !ok2 {
			return nil, false
		}
		return &Expr{Op: e.Op, L: l, R: r, Exp: e.Exp}, true
	}
	return nil, false
}

// witnessValues are tried in order, one variable at a time changing.
var witnessValues = []int64{2, 3, 5, -1, 7, 1, -2, 11, 4, 0, -3, 13, 6, -5, 17, 8}

// FindPoint looks for a point where every divisor is nonzero and, when
// differ is set, the two sides differ. It returns the point and the two
// values.
func FindPoint(vars []string, divs []*Expr, l, r *Expr, differ bool) (map[string]*big.Rat, *big.Rat, *big.Rat, bool) {
	try := func(at map[string]*big.Rat) (*big.Rat, *big.Rat, bool) {
		for _, d := range divs {
			v, err := Eval(d, at)
			if err != nil || v.Sign() == 0 {
				return nil, nil, false
			}
		}
		a, err := Eval(l, at)
		if err != nil {
			return nil, nil, false
		}
		b, err := Eval(r, at)
		if err != nil {
			return nil, nil, false
		}
		if differ && a.Cmp(b) == 0 || !AllInRange(at) {
			return nil, nil, false
		}
		return a, b, true
	}
	// A deterministic walk: every variable takes the i-th value, then a
	// value per variable from a small mixing of the index.
	for i := 0; i < 64; i++ {
		at := make(map[string]*big.Rat, len(vars))
		for k, v := range vars {
			idx := i
			if i >= len(witnessValues) {
				idx = (i*7 + k*5 + i/len(witnessValues)*3) % len(witnessValues)
			} else {
				idx = (i + k) % len(witnessValues)
			}
			at[v] = big.NewRat(witnessValues[idx], 1)
		}
		if a, b, ok := try(at); ok {
			return at, a, b, true
		}
	}
	return nil, nil, nil, false
}

// PointString writes the point at as "x = 2, y = 3" in the order of vars.
func PointString(vars []string, at map[string]*big.Rat) string {
	parts := make([]string, len(vars))
	for i, v := range vars {
		parts[i] = v + " = " + at[v].RatString()
	}
	return strings.Join(parts, ", ")
}
