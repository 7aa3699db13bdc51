package symbolic

import (
	"github.com/leanprm/leanprm/translate/algebra"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
	"github.com/leanprm/leanprm/translate/obligation"
)

// Links with roots of numbers beside names ("(m + n\sqrt{3})^2 = m^2 +
// 2mn\sqrt{3} + 3n^2"): both sides are read by symexpr.RadSides, the
// radicals as quantities of their own with their reductions, over one
// denominator, so symLink's tests (holds, a constant difference, the
// leading terms) decide them as they decide links in names alone. Such a
// link never becomes an equation to solve.

// linkRats reads a link's sides as rational functions; rad is non-nil (P
// of the link, polynomials in the names and the radicals) when a side has
// a root of a number.
func linkRats(a, b *symexpr.Expr) (L, R algebra.Rat, rad *symexpr.Cert, err error) {
	if !symexpr.HasNumberRoot(a) && !symexpr.HasNumberRoot(b) {
		L, err = symexpr.ToRat(a)
		if err == nil {
			R, err = symexpr.ToRat(b)
		}
		return L, R, nil, err
	}
	L, R, c, err := symexpr.RadSides(a, b)
	if err != nil {
		return L, R, nil, err
	}
	return L, R, &c, nil
}

// leadsCancel is leadCancels, with the degree counted in the names alone
// when the link has radicals (a radical is a number): then L and R share
// their denominator.
func leadsCancel(a, b *symexpr.Expr, L, R algebra.Rat, rad *symexpr.Cert) bool {
	if rad == nil {
		return leadCancels(a, b, L, R)
	}
	d := symexpr.NamesDegree(L.Num().Sub(R.Num()))
	if symexpr.NamesDegree(L.Den()) > 0 {
		return d < max(symexpr.NamesDegree(L.Num()), symexpr.NamesDegree(R.Num()))
	}
	return d < max(writtenDegree(a), writtenDegree(b))
}

// radClosed reports a difference of a radical link that holds no name: a
// nonzero number (its numerator is reduced, so not zero), whatever the
// names' values.
func radClosed(diff algebra.Rat) bool {
	return symexpr.NamesDegree(diff.Num()) == 0 && symexpr.NamesDegree(diff.Den()) == 0
}

// linkDecls is identityDecls for a link, with P the radical certificate
// when there is one (its note before the reasons).
func (t *Reader) linkDecls(o *obligation.Obligation, a, b *symexpr.Expr, rad *symexpr.Cert) bool {
	if rad == nil {
		return t.identityDecls(o, a, b, nil)
	}
	if !t.identityDecls(o, rad.L, rad.R, nil) {
		return false
	}
	o.WhyProof, o.WhyDisproof = rad.Note+": "+o.WhyProof, rad.Note+": "+o.WhyDisproof
	return true
}
