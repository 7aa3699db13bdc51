package symbolic

import (
	"github.com/leanprm/leanprm/translate/algebra"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
	"github.com/leanprm/leanprm/translate/obligation"
)

// Links with roots of numbers beside names ("(m + n\sqrt{3})^2 = m^2 +
// 2mn\sqrt{3} + 3n^2"): both sides are read by symexpr.LinkRats, the
// radicals as quantities of their own with their reductions, over one
// denominator, so symLink's tests (holds, a constant difference, the
// leading terms) decide them as they decide links in names alone. Such a
// link never becomes an equation to solve.

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
