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

// imagClosed returns the closed members of a complex computation: the
// whole line when it has no name, or all but a head with names ("z =
// (3 + 2i)(1 - i) = …", whose first link defines z); nil when a member
// with names stands elsewhere or no member holds the imaginary unit.
func imagClosed(ms []symMember) []symMember {
	from, seen := 0, false
	for k, m := range ms {
		if symexpr.HasVar(m.e) {
			if k > 0 {
				return nil
			}
			from = 1
		}
		seen = seen || symexpr.HasImag(m.e)
	}
	if !seen || len(ms)-from < 2 {
		return nil
	}
	return ms[from:]
}

// imagLine decides the links of a complex computation (imagClosed's
// members) and keeps its members:
// the closed readers give a number with i no value, and a line starting
// with "=" continues its last member. A line stating the unit's rule ("we
// use $i^2 = -1$": a member that is i or its power) is no computation to
// continue.
func (w *symWalk) imagLine(ln symLine, all []symMember) {
	if w.st.Defs[symexpr.ImagKey] == nil {
		return // no unit declared: no member holds one
	}
	ms := imagClosed(all)
	if ms == nil {
		return
	}
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

// rationalAtEveryRoot reports closed sides whose every radical has a
// rational value ("\sqrt{16} = 4"), which the arithmetic reader decides,
// or that take a root of a negative number ("\sqrt[3]{-1}", left alone as
// the arithmetic reader leaves it); a rational side through an irrational
// radical ("(10\sqrt{3})^2 = 300") is the closed-value reader's.
func rationalAtEveryRoot(a, b *symexpr.Expr) bool {
	_, err1 := symexpr.Eval(a, nil)
	_, err2 := symexpr.Eval(b, nil)
	return err1 == nil && err2 == nil || negativeRadicand(a) || negativeRadicand(b)
}

// negativeRadicand reports a root of a negative number in e.
func negativeRadicand(e *symexpr.Expr) bool {
	if e == nil {
		return false
	}
	if e.Op == 'r' && !symexpr.IsImagUnit(e) {
		if v, err := symexpr.Eval(e.L, nil); err == nil && v.Sign() < 0 {
			return true
		}
	}
	return negativeRadicand(e.L) || negativeRadicand(e.R)
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
