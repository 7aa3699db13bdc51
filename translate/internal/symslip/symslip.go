// Package symslip finds the lone equations in several names that state a
// multiplication written out (docs/TRANSLATE.md, "Products written out in
// several names"): a product or power that holds a sum, or a product of
// monomials, on the left, and on the right the collected polynomial that
// the multiplication should give, with one term wrong.
//
// The symbolic reader refutes a false identity only where the text marks a
// rewriting and the sides agree in their leading terms, since an equation
// read as an identity rarely does. When every term of the product has the
// same degree ((m + n√6)², (5ac)(6ab)) a slip in one coefficient is a slip
// in a leading term, so those rules leave it unknown. The shape is what
// marks the rewriting here: the right side is written collected (one
// monomial a summand, no two alike) with exactly as many terms as the
// product has, and it differs from the product in one monomial only. An
// equation meant between such sides would say that one monomial is zero,
// and is not written this way; the reader keeps the sentence's equation
// words, suppositions and rejections as it does for every link.
package symslip

import (
	"math/big"

	"github.com/leanprm/leanprm/translate/algebra"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
)

// maxFactors bounds the factors of a product read.
const maxFactors = 12

// Slip reports that a = b, read as L = R, is a multiplication written out
// with one term wrong: a is a product or a power (2 or 3) holding a sum of
// monomials, or a product of monomials; b is a collected sum of monomials
// with as many terms as L; and L - R is one monomial (a wrong coefficient),
// or, for a product of monomials, L and R are single monomials with the
// same coefficient (a wrong power of a name).
func Slip(a, b *symexpr.Expr, L, R algebra.Rat) bool {
	if a == nil || b == nil || L.Den().Degree() > 0 || R.Den().Degree() > 0 || !collected(b) {
		return false
	}
	ln, rn := L.Num(), R.Num()
	if symexpr.Summands(b) != rn.Terms() || rn.Terms() != ln.Terms() {
		return false
	}
	d := ln.Sub(rn)
	if d.IsZero() || d.Degree() == 0 {
		return false // holds, or a constant apart: the reader's other rules
	}
	sums, named, nums, ok := factors(a)
	switch {
	case !ok:
		return false
	case sums > 0:
		return ln.Terms() >= 2 && d.Terms() == 1
	case named >= 2 && nums >= 2 && ln.Terms() == 1:
		// (5ac)(6ab): coefficients and names multiplied; "xy = 2xy" is
		// no product written out
		lm, rm := ln.Monomials()[0], rn.Monomials()[0]
		return d.Terms() == 1 || lm.Coef.Cmp(rm.Coef) == 0
	}
	return false
}

// factors reads a as a product: the factors that are sums of monomials,
// names (or their powers) and numbers; ok is false for any other factor,
// a quotient, or a product with no multiplication in it.
func factors(a *symexpr.Expr) (sums, named, nums int, ok bool) {
	var fs []*symexpr.Expr
	var walk func(e *symexpr.Expr) bool
	walk = func(e *symexpr.Expr) bool {
		switch {
		case e.Op == '*':
			return walk(e.L) && walk(e.R)
		case e.Op == '^' && (e.Exp == 2 || e.Exp == 3) && symexpr.Summands(e.L) >= 2:
			fs = append(fs, e.L)
		default:
			fs = append(fs, e)
		}
		return len(fs) <= maxFactors
	}
	if a.Op != '*' && a.Op != '^' || !walk(a) {
		return 0, 0, 0, false
	}
	for _, f := range fs {
		switch {
		case symexpr.Summands(f) >= 2 && collected(f):
			sums++
		case f.Op == 'n':
			nums++
		case monomial(f):
			named++
		default:
			return 0, 0, 0, false
		}
	}
	if a.Op == '^' && sums == 0 {
		return 0, 0, 0, false // x^2: a power of a name is a monomial, no product
	}
	return sums, named, nums, true
}

// collected: e is a sum of monomials as written.
func collected(e *symexpr.Expr) bool {
	switch e.Op {
	case '+', '-':
		return collected(e.L) && collected(e.R)
	case '~':
		return collected(e.L)
	}
	return monomial(e)
}

// monomial: e is a number, a name, a power of either, a root of a
// number, a negation or a product of those.
func monomial(e *symexpr.Expr) bool {
	switch e.Op {
	case 'n', 'v':
		return true
	case '~':
		return monomial(e.L)
	case '*':
		return monomial(e.L) && monomial(e.R)
	case '^':
		return e.Exp >= 1 && (e.L.Op == 'v' || e.L.Op == 'n')
	case 'r':
		return !symexpr.HasVar(e)
	}
	return false
}

// Free reports that no name of names is bound to a number before the step
// (consts): with a value put in, the product written out may hold at it
// ("Let a = 0." then (a + b)² = a² + 3ab + b²), and the pair is left alone.
func Free(names []string, consts map[string]*big.Rat) bool {
	for _, n := range names {
		if consts[n] != nil {
			return false
		}
	}
	return true
}
