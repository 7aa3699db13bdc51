package symbolic

import (
	"fmt"
	"math/big"
	"regexp"
	"sort"
	"strings"

	"github.com/leanprm/leanprm/translate/algebra"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
	"github.com/leanprm/leanprm/translate/obligation"
)

// Equations in several unknowns derived one from another. A run of
// equation lines (one "=" each, nothing but punctuation between them) that
// follows another run of as many lines, with an operation named between
// them ("multiply both sides by 4", "which simplifies to", "we can rewrite
// this equation as", "subtracting b² from both sides yields", or an
// implication arrow within a step), states each of its lines as following
// from the line of the run before in the same place: the first from the
// first, the second from the second. The run before may end the previous
// step when this one opens it. The claim is ∀ names, A → B
// (obligation.KindImplication), refuted at a point where A holds and B
// fails, the point found by solving A for one name with the others fixed.
//
// A rewriting may divide by a factor the writer knows is nonzero ("divide
// by b"), or keep one branch of a product: such a B still holds on a part
// of A's solutions. So the claim is refuted only when every point found
// on A, solving for each name in turn, fails B, at least two points were
// found, and no name is zero at any of them: a B that holds on a
// component of A is met there and left alone. Lists, systems ("adding
// the two equations"), substitutions and equations named from elsewhere
// keep the runs apart; the two lines of a pair must hold the same names.

// eqRun is a run of equation lines in a step.
type eqRun struct {
	lines        []runLine
	first, last  int // line indices of the run's first and last line
	ps, pe       int // byte span of the run in the step
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
	d          *lineDiff // left minus right side, read once
}

// lineDiff is a line's left minus right side as a rational function.
type lineDiff struct {
	done, ok bool
	r        algebra.Rat
}

// diff returns the line's left minus right side, read on first use.
func (l runLine) diff() (algebra.Rat, bool) {
	if !l.d.done {
		l.d.done = true
		r, err := symexpr.ToRat(&symexpr.Expr{Op: '-', L: l.ms[0].e, R: l.ms[1].e})
		l.d.r, l.d.ok = r, err == nil
	}
	return l.d.r, l.d.ok
}

// impCueRE names an operation that turns one equation into the next.
var impCueRE = newWordMatcher([]string{"foil", "equivalent", "equivalently"},
	[]string{"simplif", "expand", "rearrang", "combin", "collect", "moving", "bring",
		"distribut", "cancel", "rewrit", "clear", "reorganiz", "transpos", "factor", "cross-multipl"}, nil)

// impArithRE names an operation of arithmetic, and impObjectRE its object
// when it is an equation ("multiply both sides by 4", "divide the equation
// by 2", "multiplying through"): "we add up their ages and divide by 3"
// builds an expression, not the equation after it from the one before.
var impArithRE = newWordMatcher([]string{"add", "adding"}, []string{"subtract", "divid", "multipl"}, nil)

var impObjectRE = regexp.MustCompile(`\bsides?\b|\bequation\b|\bthrough\b|\bthroughout\b|\beverything\b|\bthis\b|\bit\b`)

// impSubstRE names something from elsewhere, a list or a system.
var impSubstRE = regexp.MustCompile(`substitut|plug|replac|\busing\b|\buse\b|eliminat|\bsolv|we know|from the|\bsince\b|because|given|recall|earlier|equations|\bsystem|\bpair|(?:first|second|third|other|last|previous|original)(?: \w+)? equation|equation\s*\(?\d|\beq\.|\bcase|\bif\b|suppose|assum|\bwhen\b|\bwhere\b|\bfor\b|\btry|\bcheck|\bverif|\bwith\b|\(\d+\)|\(\w\)|\beach\b|\bthese\b|\bthose\b|\btwo\b|\bboth\b|\bor\b|\bsquar|\bsqrt|\broot`)

// clearFracRE is "to eliminate the fractions": an operation's purpose,
// not a name eliminated between equations.
var clearFracRE = regexp.MustCompile(`eliminat\w* (?:the |all )?(?:fractions?|denominators?|decimals?)`)

// arrowRE is an implication sign.
var arrowRE = regexp.MustCompile(`\\(?:implies|longrightarrow|rightarrow|to)\b|⇒|→|⟹`)

// quadRE is a space command.
var quadRE = regexp.MustCompile(`\\(?:quad|qquad)\b|\\[,;!]`)

// sentenceEndRE ends a sentence of the words between two runs.
var sentenceEndRE = regexp.MustCompile(`[.!?]\s+`)

// bareLeadRE is a sentence that only announces the equation ("we have:").
var bareLeadRE = regexp.MustCompile(`^\W*(?:so,? |then,? |thus,? |hence,? )?(?:we (?:have|get|obtain|find)|this gives( us)?|it becomes)\W*$`)

// lastSentences is the sentence of p that leads to the equation after it,
// with the one before when that one only announces it ("Rearrange the
// equation to isolate u. We have:"): an operation named earlier belongs
// to another statement ("The average is 13. To find it we divide by 3.
// So, we have: …" states a new equation).
func lastSentences(p string) string {
	locs := sentenceEndRE.FindAllStringIndex(p, -1)
	if len(locs) == 0 {
		return p
	}
	last := p[locs[len(locs)-1][1]:]
	if !bareLeadRE.MatchString(last) {
		return last
	}
	if len(locs) == 1 {
		return p
	}
	return p[locs[len(locs)-2][1]:]
}

// impProseOK reports whether the words before a run name an operation on
// the run before and nothing that keeps the two apart.
func impProseOK(prose string, arrow bool) bool {
	if len(prose) > 240 {
		return false
	}
	p := strings.ReplaceAll(strings.ReplaceAll(prose, "both sides", "sides"), "each side", "side")
	if strings.Contains(p, "and ") {
		p = andOpRE.ReplaceAllString(p, "$1")
	}
	if strings.Contains(p, "eliminat") {
		p = clearFracRE.ReplaceAllString(p, " clear ")
	}
	if len(p) > 160 {
		return false
	}
	ls := lastSentences(p)
	ok := impCueRE.MatchString(ls) || impArithRE.MatchString(ls) && impObjectRE.MatchString(ls)
	if !ok {
		// Nothing but an implication sign ("\quad \Rightarrow \quad").
		bare := strings.Trim(quadRE.ReplaceAllString(arrowRE.ReplaceAllString(p, " "), " "), " .,:;$\\[]()\n")
		ok = bare == "" && (arrow || arrowRE.MatchString(p))
	}
	return ok && !impSubstRE.MatchString(p)
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
		if before == nil || len(before.lines) != len(r.lines) || !severalNames(before) || !impProseOK(r.prose, r.arrow && before != prev) {
			continue
		}
		if len(r.lines) == 1 && r.decidedFirst {
			continue // equationRewrite read the pair
		}
		if !samePairNames(before, &r) {
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

// samePairNames reports whether each pair holds the same names on both
// lines and every line holds two names at least.
//
// A single pair may drop names of the line before (a factor divided out,
// "a_1 + 5(r - 1)a_1 = r^2 a_1", "simplifying", "6 = 5r^2 - 4r"), never
// gain one (a substitution).
func samePairNames(a, b *eqRun) bool {
	for k := range a.lines {
		na, nb := lineNames(a.lines[k]), lineNames(b.lines[k])
		if na == "" || nb == "" || !strings.Contains(na, ",") {
			return false
		}
		if na != nb && (len(a.lines) > 1 || !subsetNames(nb, na)) {
			return false
		}
	}
	return true
}

// severalNames reports whether every line of the run has two names written
// at least (one is KindImplication's).
func severalNames(a *eqRun) bool {
	for _, l := range a.lines {
		seen := map[string]bool{}
		if len(symexpr.Vars(l.ms[1].e, seen, symexpr.Vars(l.ms[0].e, seen, nil))) < 2 {
			return false
		}
	}
	return true
}

// subsetNames reports whether every name of the list sub is in the list of.
func subsetNames(sub, of string) bool {
	in := map[string]bool{}
	for _, v := range strings.Split(of, ",") {
		in[v] = true
	}
	for _, v := range strings.Split(sub, ",") {
		if !in[v] {
			return false
		}
	}
	return true
}

// droppedFactor returns, when B drops names of A, the values they take at
// every witness (2) and A's polynomial there; the dropped names must make
// a factor of their own (pa = m·q with m in the dropped names only, q in
// the others: pa at two other values of them is q scaled), so that A with
// m ≠ 0 is q = 0 whatever they are. With no name dropped it returns pa.
func droppedFactor(pa algebra.Poly, db algebra.Rat) (map[string]*big.Rat, algebra.Poly, bool) {
	nb := map[string]bool{}
	for _, v := range unionVars(db.Num().Vars(), db.Den().Vars()) {
		nb[v] = true
	}
	var dropped []string
	for _, v := range pa.Vars() {
		if !nb[v] {
			dropped = append(dropped, v)
		}
	}
	if len(dropped) == 0 {
		return nil, pa, true
	}
	at := func(base int64) (algebra.Poly, bool) {
		q := pa
		for i, v := range dropped {
			var err error
			if q, err = q.Subst(v, algebra.Const(big.NewRat(base+int64(i)*base, 1))); err != nil {
				return q, false
			}
		}
		return q, !q.IsZero() && q.Degree() > 0
	}
	q2, ok2 := at(2)
	q3, ok3 := at(3)
	q5, ok5 := at(5)
	if !ok2 || !ok3 || !ok5 || !scaledBy(algebra.FromPoly(q2), algebra.FromPoly(q3)) || !scaledBy(algebra.FromPoly(q2), algebra.FromPoly(q5)) {
		return nil, q2, false
	}
	fixed := map[string]*big.Rat{}
	for i, v := range dropped {
		fixed[v] = big.NewRat(2+int64(i)*2, 1)
	}
	return fixed, q2, true
}

// lineNames is the sorted names of an equation line once terms cancel, ""
// when it cannot be read as a rational function.
func lineNames(l runLine) string {
	d, ok := l.diff()
	if !ok {
		return ""
	}
	return strings.Join(sortedCopy(unionVars(d.Num().Vars(), d.Den().Vars())), ",")
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
	if al.Op == 'v' && br.Op == 'v' || ar.Op == 'v' && bl.Op == 'v' {
		return nil // two assignments, "x = 2y" then "y = …": another unknown solved
	}
	da, okA := lA.diff()
	db, okB := B.diff()
	if !okA || !okB || da.Num().IsZero() || db.Num().IsZero() || da.Num().Degree() > 6 || da.Num().Terms() > 40 {
		return nil
	}
	if scaledBy(da, db) || da.Equal(db) {
		return nil // the same equation scaled: it follows
	}
	if d := da.Sub(db); d.Num().Degree() == 0 && d.Den().Degree() == 0 {
		if o := t.equationMoved(step, text, A, B.ms, prose); o != nil {
			// The two differ by a nonzero constant: no solution is shared.
			o.Span = mathtext.SpanOf(text, B.ms[0].s, B.ms[1].e2)
			return o
		}
	}
	var bad map[string]*big.Rat
	var bv1, bv2 *big.Rat
	found, held := 0, false
	fixed, q, ok := droppedFactor(da.Num(), db)
	if !ok {
		return nil
	}
	// Points solving A; B holding at one of them ends the search.
	nonzero := func(p algebra.Poly, at map[string]*big.Rat) bool {
		v, err := p.Eval(at)
		return err == nil && v.Sign() != 0
	}
	pointsOn(q, func(at map[string]*big.Rat) (onA, more bool) {
		for v, x := range fixed {
			at[v] = x
		}
		if !nonzero(da.Den(), at) {
			return false, true
		}
		if !nonzero(db.Den(), at) {
			return true, true // B undefined there: neither a witness nor a support
		}
		if !nonzero(db.Num(), at) {
			held = true // B holds (or may, a divisor inside aside) on part of A's solutions
			return true, false
		}
		// The witness as written: every divisor nonzero, A's sides equal,
		// B's not.
		a, err1 := symexpr.Eval(al, at)
		b, err2 := symexpr.Eval(ar, at)
		x, err3 := symexpr.Eval(bl, at)
		y, err4 := symexpr.Eval(br, at)
		if err1 != nil || err2 != nil || err3 != nil || err4 != nil || a.Cmp(b) != 0 || x.Cmp(y) == 0 {
			return true, true
		}
		found++
		if bad == nil {
			bad, bv1, bv2 = at, x, y
		}
		return true, true
	})
	if held || found < 2 {
		return nil
	}
	lhs := &symexpr.Expr{Op: '-', L: al, R: ar}
	rhs := &symexpr.Expr{Op: '-', L: bl, R: br}
	vars, names := symNames(lhs, rhs)
	divs := divisorSet(lhs, rhs)
	rd := symexpr.Render{Names: names}
	lits := make(map[string]string, len(vars))
	for _, v := range vars {
		lits[v] = litTerm(bad[v])
	}
	cd := symexpr.Render{Names: lits}
	var hyps, chyps []string
	for _, d := range divs {
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
		pointString(vars, bad), bv1.RatString(), bv2.RatString())
	return o
}

// impValues are the values the other names take while one name is solved
// for: small, nonzero, with fractions, so that a factor such as 4 - a²
// meets a square (12/5, 3/4, 5/12, 8/15 make 1 + x² one, 6/5 and 8/5 make
// 4 - x² one).
var impValues = []*big.Rat{big.NewRat(2, 1), big.NewRat(3, 1), big.NewRat(-1, 1), big.NewRat(5, 1), big.NewRat(1, 2), big.NewRat(12, 5),
	big.NewRat(6, 5), big.NewRat(3, 4), big.NewRat(7, 1), big.NewRat(-8, 5), big.NewRat(4, 3), big.NewRat(-3, 2),
	big.NewRat(1, 1), big.NewRat(-2, 1), big.NewRat(4, 1), big.NewRat(-5, 12), big.NewRat(8, 15), big.NewRat(11, 1)}

// impTries is how many sets of values the other names take while one
// name is solved for (and 36 over the names of the equation, all told).
const impTries = 18

// pointsOn visits up to two points per name of p, with every name
// nonzero, where p vanishes: each name in turn solved for (a rational
// root of p in it) with the others fixed, the names p is linear in first.
// visit says whether the point counts (onA) and whether to go on.
func pointsOn(p algebra.Poly, visit func(map[string]*big.Rat) (onA, more bool)) {
	vars := sortedCopy(p.Vars())
	sort.SliceStable(vars, func(i, j int) bool { return p.DegreeIn(vars[i]) < p.DegreeIn(vars[j]) })
	calls := 0 // root tests by trial division (degree 3 and 4), bounded per equation
	for vi, v := range vars {
		if d := p.DegreeIn(v); d == 0 || d > 4 {
			continue
		}
		found := 0
		for try := 0; try < impTries && try < 36/len(vars) && found < 2; try++ {
			at := map[string]*big.Rat{}
			q := p
			ok := true
			for k, o := range vars {
				if o == v {
					continue
				}
				val := impValues[(try+3*k+vi)%len(impValues)]
				at[o] = val
				var err error
				if q, err = q.Subst(o, algebra.Const(val)); err != nil {
					ok = false
					break
				}
			}
			if !ok || q.IsZero() || q.Degree() == 0 {
				continue
			}
			if q.DegreeIn(v) > 2 {
				if calls++; calls > 6 {
					continue
				}
			}
			roots, ok := smallRoots(q, v)
			if !ok {
				continue
			}
			for _, r := range roots {
				if r.Sign() == 0 {
					continue
				}
				pt := make(map[string]*big.Rat, len(at)+1)
				for k, x := range at {
					pt[k] = x
				}
				pt[v] = r
				onA, more := visit(pt)
				if !more {
					return
				}
				if onA {
					found++
					break
				}
			}
		}
	}
}

// runLine records line li (an equation of two read members) in the walk's
// runs: it extends the current run when only punctuation stands between,
// or starts a run. decided says equationRewrite already read the line
// against the one before.
func (w *symWalk) runLine(li int, ln symLine, ms []symMember, hypo, veto string, decided bool) {
	rl := runLine{ms: ms, hypo: hypo, veto: veto, d: &lineDiff{}}
	if n := len(w.runs); n > 0 && !w.runBroken && w.runs[n-1].last == li-1 && listJoin(ln.prose) && !ln.arrow {
		r := &w.runs[n-1]
		r.lines = append(r.lines, rl)
		r.last, r.pe = li, ln.pe
		return
	}
	r := eqRun{lines: []runLine{rl}, first: li, last: li, ps: ln.ps, pe: ln.pe, arrow: ln.arrow, decidedFirst: decided}
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

// listJoin reports words between two equation lines that join them into
// one list: nothing but punctuation, "and", "or", or a comma.
func listJoin(prose string) bool {
	for _, f := range strings.Fields(strings.NewReplacer(listMark, " ", ",", " ", ";", " ").Replace(prose)) {
		switch strings.Trim(f, ".:$\\[]()") {
		case "", "and", "or":
		default:
			return false
		}
	}
	return true
}

// smallRoots returns the rational roots of q in v: directly when q is
// linear, by the rational root test when its coefficients are small (the
// test divides by trial), else not at all.
func smallRoots(q algebra.Poly, v string) ([]*big.Rat, bool) {
	c, err := q.Coeffs(v)
	if err != nil || len(c) < 2 {
		return nil, false
	}
	if len(c) == 2 {
		if c[1].Sign() == 0 {
			return nil, false
		}
		return []*big.Rat{new(big.Rat).Neg(new(big.Rat).Quo(c[0], c[1]))}, true
	}
	if len(c) == 3 && c[2].Sign() != 0 {
		// A quadratic: its roots are rational when the discriminant is
		// the square of a rational.
		disc := new(big.Rat).Mul(c[1], c[1])
		disc.Sub(disc, new(big.Rat).Mul(big.NewRat(4, 1), new(big.Rat).Mul(c[2], c[0])))
		r, ok := ratSqrt(disc)
		if !ok {
			return nil, true
		}
		two := new(big.Rat).Mul(big.NewRat(2, 1), c[2])
		nb := new(big.Rat).Neg(c[1])
		return []*big.Rat{new(big.Rat).Quo(new(big.Rat).Add(nb, r), two), new(big.Rat).Quo(new(big.Rat).Sub(nb, r), two)}, true
	}
	for _, x := range c {
		if x.Num().BitLen() > 32 || x.Denom().BitLen() > 16 {
			return nil, false
		}
	}
	roots, err := algebra.RationalRoots(q, v, 128)
	return roots, err == nil
}

// ratSqrt returns the rational square root of x ≥ 0 when there is one.
func ratSqrt(x *big.Rat) (*big.Rat, bool) {
	if x.Sign() < 0 {
		return nil, false
	}
	n, d := new(big.Int).Sqrt(x.Num()), new(big.Int).Sqrt(x.Denom())
	if new(big.Int).Mul(n, n).Cmp(x.Num()) != 0 || new(big.Int).Mul(d, d).Cmp(x.Denom()) != 0 {
		return nil, false
	}
	return new(big.Rat).SetFrac(n, d), true
}
