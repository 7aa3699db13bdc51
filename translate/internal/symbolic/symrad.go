package symbolic

import (
	"slices"

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
		return symexpr.LeadCancels(a, b, L, R)
	}
	return symexpr.RadLeadsCancel(L, R, max(symexpr.WrittenDegree(a), symexpr.WrittenDegree(b)))
}

// linkDecls is identityDecls for a link that holds or not, with P the
// radical certificate when there is one (its note before the reasons).
func (t *Reader) linkDecls(o *obligation.Obligation, a, b *symexpr.Expr, rad *symexpr.Cert, holds bool) bool {
	if rad == nil {
		return t.identityDecls(o, a, b, &holds)
	}
	if !t.identityDecls(o, rad.L, rad.R, nil) {
		return false
	}
	o.WhyProof, o.WhyDisproof = rad.Note+": "+o.WhyProof, rad.Note+": "+o.WhyDisproof
	return true
}

// imagLine decides the links of a complex computation (symexpr.ImagClosed's
// members) and keeps its members:
// the closed readers give a number with i no value, and a line starting
// with "=" continues its last member. A line stating the unit's rule ("we
// use $i^2 = -1$": a member that is i or its power) is no computation to
// continue.
func (w *symWalk) imagLine(ln symLine, all []symMember) {
	if w.st.Defs[symexpr.ImagKey] == nil {
		return // no unit declared: no member holds one
	}
	es := make([]*symexpr.Expr, len(all))
	for k, m := range all {
		es[k] = m.e
	}
	from, ok := symexpr.ImagClosed(es)
	if !ok {
		return
	}
	ms := all[from:]
	kept := slices.Clone(ms)
	w.specialLine(ln, ms, symexpr.ImagKind)
	for _, m := range kept {
		if e := m.e; e != nil && (e.Op == '^' && symexpr.IsImagUnit(e.L) || symexpr.IsImagUnit(e)) {
			for k := range ms {
				ms[k].e = nil
			}
			return
		}
	}
	copy(ms, kept)
}

// closedRootLink decides a closed link with radicals in a line with names
// ("y = \sqrt{52} = 2\sqrt{13}", "x_A = \frac{14 + 6\sqrt{5}}{4} =
// \frac{7 + 3\sqrt{5}}{2}") as closedLine decides one in a closed line:
// the arithmetic reader reads no irrational root, and symLink leaves
// closed links to the closed readers.
func (w *symWalk) closedRootLink(ln symLine, A, B symMember) bool {
	if symexpr.HasVar(A.e) || symexpr.HasVar(B.e) || !symexpr.HasRoot(A.e) && !symexpr.HasRoot(B.e) || A.def || B.def {
		return false
	}
	w.add(w.t.closedValue(w.step, w.text, A, B, ln.sentence), nil)
	return true
}
