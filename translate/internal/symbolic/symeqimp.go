package symbolic

import (
	"fmt"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
	"github.com/leanprm/leanprm/translate/internal/symimp"
	"github.com/leanprm/leanprm/translate/obligation"
)

// runVal is what the walk keeps of an equation line of a run (package
// symimp pairs the runs; docs/TRANSLATE.md).
type runVal struct {
	ms         []symMember
	hypo, veto string
}

// impliedEquation decides ∀ names, A → B for the equation lines A and B,
// or returns nil when no point on A shows B failing everywhere it looked.
func (t *Reader) impliedEquation(step int, text string, p symimp.Pair[runVal]) *obligation.Obligation {
	lA, B, prose := p.A.Eq, p.B.Eq, p.Prose
	if p.B.Val.hypo != "" || p.B.Val.veto != "" {
		return nil
	}
	A, Bm := p.A.Val.ms, p.B.Val.ms
	for _, m := range append(append([]symMember{}, A...), Bm...) {
		if m.e == nil || m.def || m.bound || symexpr.HasCertFn(m.e) || symexpr.HasRoot(m.e) || symexpr.HasIntFn(m.e) || symexpr.HasFracPow(m.e) {
			return nil
		}
	}
	al, ar, bl, br := A[0].e, A[1].e, Bm[0].e, Bm[1].e
	if symimp.Assignments(lA, B) {
		return nil
	}
	if symimp.Apart(lA, B) {
		if o := t.equationMoved(step, text, A, Bm, prose); o != nil {
			// The two differ by a nonzero constant: no solution is shared.
			o.Span = mathtext.SpanOf(text, Bm[0].s, Bm[1].e2)
			return o
		}
	}
	wit, ok := symimp.Refute(lA, B)
	if !ok {
		return nil
	}
	lhs := &symexpr.Expr{Op: '-', L: al, R: ar}
	rhs := &symexpr.Expr{Op: '-', L: bl, R: br}
	vars, names := symNames(lhs, rhs)
	rd := symexpr.Render{Names: names}
	lits := make(map[string]string, len(vars))
	for _, v := range vars {
		lits[v] = litTerm(wit.At[v])
	}
	cd := symexpr.Render{Names: lits}
	var hyps, chyps []string
	for _, d := range divisorSet(lhs, rhs) {
		hyps = append(hyps, rd.Term(d)+" ≠ (0 : Rat)")
		chyps = append(chyps, cd.Term(d)+" ≠ (0 : Rat)")
	}
	o := &obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, Bm[0].s, Bm[1].e2), Kind: obligation.KindImplication, OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
	o.Expr = symexpr.Plain(al) + " = " + symexpr.Plain(ar) + " ⇒ " + symexpr.Plain(bl) + " = " + symexpr.Plain(br)
	o.Prop = strings.Join(append(hyps, rd.Term(al)+" = "+rd.Term(ar), rd.Term(bl)+" = "+rd.Term(br)), " → ")
	o.Lean = forallDecl(len(vars), o.Prop, t.IDTactic)
	closed := strings.Join(append(chyps, cd.Term(al)+" = "+cd.Term(ar), cd.Term(bl)+" = "+cd.Term(br)), " → ")
	o.LeanNeg = "example : ¬(" + closed + ") := by " + t.Tactic
	o.WhyProof = "every solution of the equation before solves this one"
	o.WhyDisproof = fmt.Sprintf("the equation does not follow from the one before: at %s the one before holds, but here the left side is %s and the right side %s (and so at every other solution found, solving for each name in turn)",
		symexpr.PointString(vars, wit.At), wit.Left.RatString(), wit.Right.RatString())
	return o
}
