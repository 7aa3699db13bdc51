package symexpr

import (
	"math/big"

	"github.com/leanprm/leanprm/translate/algebra"
)

// The shapes of sides as written and of equations in one unknown that the
// symbolic reader compares when it decides which links are claimed.

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
