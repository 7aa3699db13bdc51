package symbolic

import (
	"fmt"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
	"github.com/leanprm/leanprm/translate/internal/symimp"
	"github.com/leanprm/leanprm/translate/obligation"
)

// eqRun is a run of equation lines in a step: equations in several
// unknowns derived one from another are read run against run (package
// symimp, docs/TRANSLATE.md).
type eqRun struct {
	lines        []runLine
	eqs          []symimp.Line // the lines' equations
	first, last  int           // line indices of the run's first and last line
	pe           int           // where the run ends in the step
	arrow        bool
	prose        string // lower-cased words before the run's first line
	openedStep   bool   // the run is the step's first reading
	endsStep     bool   // the run is the step's last reading
	decidedFirst bool   // the first line was already decided against the line before
	skipped      int    // lines with no relation between the run before and this one
}

// runLine is one equation line of a run.
type runLine struct {
	ms         []symMember
	hypo, veto string
	eq         symimp.Line
}

// maxImplied bounds the pairs of lines a step decides (each solves for
// points on an equation).
const maxImplied = 12

// runImplications pairs the runs of a step in order, and the step's first
// run with the run that ended the previous step (prev), and decides each
// pair of lines.
func (w *symWalk) runImplications(prev *eqRun) {
	for i, r := range w.runs {
		var before *eqRun
		switch {
		case i > 0 && w.runs[i-1].last == r.first-1-r.skipped:
			before = &w.runs[i-1]
		case i == 0 && r.openedStep && prev != nil && prev.endsStep:
			before = prev
			if r.arrow && strings.Trim(r.prose, " .,:;$\\[]()") == "" {
				continue // an arrow opening a step refers to nothing written
			}
		}
		if before == nil || len(before.lines) != len(r.lines) || !symimp.SeveralNames(before.eqs) || !symimp.ProseOK(r.prose, r.arrow && before != prev) {
			continue
		}
		if len(r.lines) == 1 && r.decidedFirst {
			continue // equationRewrite read the pair
		}
		if !symimp.PairNames(before.eqs, r.eqs) {
			continue
		}
		for k := range r.lines {
			if w.implied >= maxImplied {
				return // hostile text: a bounded number of pairs per step
			}
			w.implied++
			o := w.t.impliedEquation(w.step, w.text, before.lines[k], r.lines[k], r.prose)
			w.add(o, nil)
		}
	}
}

// impliedEquation decides ∀ names, A → B for the equation lines A and B,
// or returns nil when no point on A shows B failing everywhere it looked.
func (t *Reader) impliedEquation(step int, text string, lA, B runLine, prose string) *obligation.Obligation {
	if B.hypo != "" || B.veto != "" {
		return nil
	}
	A := lA.ms
	for _, m := range append(append([]symMember{}, A...), B.ms...) {
		if m.e == nil || m.def || m.bound || symexpr.HasCertFn(m.e) || symexpr.HasRoot(m.e) || symexpr.HasIntFn(m.e) || symexpr.HasFracPow(m.e) {
			return nil
		}
	}
	al, ar, bl, br := A[0].e, A[1].e, B.ms[0].e, B.ms[1].e
	if symimp.Assignments(lA.eq, B.eq) {
		return nil
	}
	if symimp.Apart(lA.eq, B.eq) {
		if o := t.equationMoved(step, text, A, B.ms, prose); o != nil {
			// The two differ by a nonzero constant: no solution is shared.
			o.Span = mathtext.SpanOf(text, B.ms[0].s, B.ms[1].e2)
			return o
		}
	}
	wit, ok := symimp.Refute(lA.eq, B.eq)
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
	o := &obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, B.ms[0].s, B.ms[1].e2), Kind: obligation.KindImplication, OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
	o.Expr = symexpr.Plain(al) + " = " + symexpr.Plain(ar) + " ⇒ " + symexpr.Plain(bl) + " = " + symexpr.Plain(br)
	o.Prop = strings.Join(append(hyps, rd.Term(al)+" = "+rd.Term(ar), rd.Term(bl)+" = "+rd.Term(br)), " → ")
	o.Lean = forallDecl(len(vars), o.Prop, t.IDTactic)
	closed := strings.Join(append(chyps, cd.Term(al)+" = "+cd.Term(ar), cd.Term(bl)+" = "+cd.Term(br)), " → ")
	o.LeanNeg = "example : ¬(" + closed + ") := by " + t.Tactic
	o.WhyProof = "every solution of the equation before solves this one"
	o.WhyDisproof = fmt.Sprintf("the equation does not follow from the one before: at %s the one before holds, but here the left side is %s and the right side %s (and so at every other solution found, solving for each name in turn)",
		pointString(vars, wit.At), wit.Left.RatString(), wit.Right.RatString())
	return o
}

// runLine records line li (an equation of two read members) in the walk's
// runs: it extends the current run when only punctuation stands between,
// or starts a run. decided says equationRewrite already read the line
// against the one before.
func (w *symWalk) runLine(li int, ln symLine, ms []symMember, hypo, veto string, decided bool) {
	rl := runLine{ms: ms, hypo: hypo, veto: veto, eq: symimp.NewLine(ms[0].e, ms[1].e)}
	if n := len(w.runs); n > 0 && !w.runBroken && w.runs[n-1].last == li-1 && symimp.ListJoin(ln.prose) && !ln.arrow {
		r := &w.runs[n-1]
		r.lines, r.eqs = append(r.lines, rl), append(r.eqs, rl.eq)
		r.last, r.pe = li, ln.pe
		return
	}
	r := eqRun{lines: []runLine{rl}, eqs: []symimp.Line{rl.eq}, first: li, last: li, pe: ln.pe, arrow: ln.arrow, decidedFirst: decided}
	switch n := len(w.runs); {
	case n > 0 && !w.runBroken:
		r.skipped = li - 1 - w.runs[n-1].last
		r.prose = strings.ToLower(w.text[w.runs[n-1].pe:ln.ps])
	case !w.sawMembers:
		r.openedStep = true
		r.prose = strings.ToLower(w.text[:ln.ps])
	default:
		r.prose = ln.prose
	}
	w.runs = append(w.runs, r)
	w.runBroken = false
}
