package symbolic

import (
	"fmt"
	"math/big"
	"regexp"
	"sort"
	"strings"

	"github.com/leanprm/leanprm/translate/algebra"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symdefs"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
	"github.com/leanprm/leanprm/translate/internal/symimp"
	"github.com/leanprm/leanprm/translate/internal/symslip"
	"github.com/leanprm/leanprm/translate/obligation"
)

// Links between two members of a math line, and the equations of one unknown: identities, implications and claimed solutions, with the witness points that decide them.

// symEq is a one-unknown equation of a step.
type symEq struct {
	l, r   *symexpr.Expr
	name   string
	p      algebra.Poly // num(l - r), when l and r are polynomials
	poly   bool
	value  *big.Rat // set for "x = c"
	line   int
	arrow  bool
	contra bool // the unknown cancels and leaves a false equation ("6 = 3y - 3y"): a conclusion only
	alt    bool // listed as an alternative ("… or …")
	bare   bool // the whole step (but a "Step k:" label) is this equation
	prose  string
	s, e   int
}

// branches says a and b are cases of an earlier equation rather than one
// derived from the other: either is a proper factor of it ("(x - 2)(x + 3)
// = 0", then "x - 2 = 0", then "x + 3 = 0").
func branches(earlier, a, b *symEq) bool {
	if earlier == nil || !earlier.poly || earlier.name != a.name {
		return false
	}
	for _, e := range []*symEq{a, b} {
		if !e.poly || e.p.Degree() >= earlier.p.Degree() {
			continue
		}
		if ok, err := algebra.Divides(e.p, earlier.p, e.name); err != nil || ok {
			return true // (an error leaves the pair alone too)
		}
	}
	return false
}

// stepLabelRE is the "Step 3:" label some chains put before each step.
var stepLabelRE = regexp.MustCompile(`(?i)^\s*(?:step\s*\d+\s*[:.)]\s*)?`)

// bareEquation says the step holds nothing but the equation at [s, e):
// a "Step k:" label, math delimiters and a final point aside.
func bareEquation(text string, s, e int) bool {
	if s < 0 || e > len(text) || s > e {
		return false
	}
	pre := strings.Trim(stepLabelRE.ReplaceAllString(text[:s], ""), " \t\n$\\([")
	post := strings.Trim(text[e:], " \t\n.$\\)]")
	return pre == "" && post == ""
}

// listMark stands for a comma or semicolon between two math lines.
const listMark = " listsep "

var solveListRE = regexp.MustCompile(`(?i)\bsolv(?:e|es|ing)\s+for[\s$(\\]*$`)

type symContext struct {
	chain      bool
	link       int
	head       *symexpr.Expr
	tail       *symexpr.Expr // the line's last member
	cont       bool
	cue        string
	eqWord     string
	prose      string
	rawProse   string
	hypo, veto string
	// rewrote: an earlier link of the line is an identity that is no copy
	// ("-(1·2·3 + 1·2·r) = -(6 + 2r)"): the line rewrites an expression.
	rewrote bool
	// restateVeto: a word of the sentence that may set "f(x) = …" as an
	// equation rather than write the problem's f another way
	restateVeto string
	members     []symMember         // the line's members (the link is members[link], members[link+1])
	skels       *skelSet            // the skeletons of members before the link, filled as the links are read
	consts      map[string]*big.Rat // names bound to one number before the step (State.Consts)
	free        func() bool         // the line rewrites an expression in names nothing ties (symfree.go), asked once
}

// restateVetoRE marks a sentence that may set a function equal to
// something ("we need f(x) = x^2 + 5", "setting f(x) = g(x)").
var restateVetoRE = newWordMatcher([]string{"need", "needs", "want", "wants", "find", "such", "solve", "equal", "equals", "equation", "set", "setting", "when", "whenever", "if", "where", "must", "should", "require", "requires", "intersect", "intersection", "root", "roots", "zero", "zeros", "condition"},
	[]string{"solv", "substitut", "plug", "satisf", "compar"}, nil)

type symResult struct {
	obl      *obligation.Obligation
	skip     *obligation.Skipped
	eq       *symEq
	identity bool // the link holds as an identity and is no copy
}

func isNamePower(e *symexpr.Expr) bool {
	if e == nil {
		return true
	}
	if e.Op == 'v' {
		return true
	}
	return e.Op == '^' && e.L.Op == 'v'
}

// hasVarDivisor: e divides by an expression with a name in it.
func hasVarDivisor(e *symexpr.Expr) bool {
	for _, d := range symexpr.Divisors(e, nil) {
		if symexpr.HasVar(d) {
			return true
		}
	}
	return false
}

// symLink classifies one "=" between two read members.
func (t *Reader) symLink(step int, text string, A, B symMember, c symContext) symResult {
	va := symexpr.Vars(A.e, map[string]bool{}, nil)
	vb := symexpr.Vars(B.e, map[string]bool{}, nil)
	if len(va) == 0 && len(vb) == 0 {
		return symResult{} // closed: the arithmetic reader's business
	}
	span := mathtext.SpanOf(text, A.s, B.e2)
	skip := func(why string) symResult { return symResult{skip: &obligation.Skipped{Span: span, Reason: why}} }
	L, R, rad, err := symexpr.LinkRats(A.e, B.e)
	if err != nil {
		return skip("cannot normalise: " + err.Error())
	}
	diff := L.Sub(R)
	// L = R exactly when L - R has the zero numerator (no zero divisors):
	// L.Equal(R) would multiply across again.
	holds := diff.Num().IsZero()
	constDiff := false
	if !holds && (diff.Den().Degree() == 0 && diff.Num().Degree() == 0 || rad != nil && !symexpr.RatHasName(diff)) {
		constDiff = true
	}
	allVars := unionVars(va, vb)
	if !holds && !constDiff && len(allVars) == 1 && rad == nil && symexpr.ConstRatio(diff.Num(), diff.Den(), allVars[0]) {
		// "(36/175 w + w)/(6/7 w) = (442/175 w)/(6/7 w)": the name cancels
		// on both sides, and they differ by a constant wherever defined.
		constDiff = true
	}
	// An equation in one unknown (kept for transformations and solutions).
	var eq *symEq
	if !holds && !constDiff && len(allVars) == 1 && rad == nil {
		eq = &symEq{l: A.e, r: B.e, name: allVars[0], s: A.s, e: B.e2}
		if !hasVarDivisor(A.e) && !hasVarDivisor(B.e) {
			// A polynomial equation (x/10 divides by a number only): its
			// solutions are the numerator's roots.
			eq.p, eq.poly = diff.Num(), true
		}
		if A.e.Op == 'v' && len(vb) == 0 {
			if v, ok := constValue(B.e); ok {
				eq.value = v
			}
		}
	}
	if !holds && !constDiff && eq != nil && eq.value != nil {
		return symResult{eq: eq}
	}
	sameVars := strings.Join(sortedCopy(va), ",") == strings.Join(sortedCopy(vb), ",")
	refutable := ""
	switch {
	case holds:
		if symexpr.Plain(A.e) == symexpr.Plain(B.e) {
			return symResult{eq: nil}
		}
	case constDiff:
		// false as an identity and as an equation; "x = x + 1" is a
		// substitution written as an equation.
		if len(va) == 0 || len(vb) == 0 || A.e.Op == 'v' || B.e.Op == 'v' {
			// "x - x + 2 = 5": unusual; leave it alone unless both sides have names
			if len(allVars) == 1 && rad == nil && !hasVarDivisor(A.e) && !hasVarDivisor(B.e) && !diff.Num().IsZero() {
				eq = &symEq{l: A.e, r: B.e, name: allVars[0], s: A.s, e: B.e2, p: diff.Num(), poly: true, contra: true}
			}
			return symResult{eq: eq}
		}
	case !sameVars || len(va) == 0 || len(vb) == 0:
		return symResult{eq: eq}
	case A.restate && !c.cont && c.hypo == "" && c.eqWord == "" && c.restateVeto == "":
		// "f(x) = (x + 2)(x - 1)" for the problem's f: the function written
		// another way, a rewriting of its body
		refutable = "restatement"
	case c.chain && !c.cont && isNamePower(c.tail):
		// "x(1 - y) = y(1 - x) = a": two expressions set equal to a name
		// are a system of equations, not a rewriting.
		return symResult{eq: eq}
	case c.chain && (c.link > 0 || c.cont) && !isNamePower(c.head) && !secondFormula(B, c):
		refutable = "chain"
	case c.chain && c.link == 0 && !c.cont && !isNamePower(c.head):
		refutable = "chain"
	case namedChainLink(A, B, c, allVars):
		refutable = "chain"
	case !c.chain && c.cue != "" && c.eqWord == "" && !isNamePower(A.e) && (exprWordRE.MatchString(c.prose) || mentions(c.rawProse, L)):
		refutable = "cue"
	case !c.chain && c.eqWord == "" && c.restateVeto == "" && len(allVars) > 1 && symslip.Free(allVars, c.consts) && symslip.Slip(A.e, B.e, L, R):
		refutable = "product" // a product written out with one term wrong
	default:
		return symResult{eq: eq}
	}
	o := &obligation.Obligation{Step: step, Span: span, Kind: obligation.KindIdentity, OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
	o.Expr = symexpr.Plain(A.e) + " = " + symexpr.Plain(B.e)
	switch {
	case holds:
	case constDiff:
	case refutable != "" && refutable != "product" && (!symslip.Free(allVars, c.consts) || !symslip.Slip(A.e, B.e, L, R)):
		// A rewriting keeps the leading terms; an equation read as an
		// identity usually does not cancel them.
		if !leadsCancel(A.e, B.e, L, R, rad) && !oneTermSlip(A.e, B.e, L, R, c) {
			o.OnDisproof, o.Note = obligation.Unknown, "the sides do not agree in their leading terms: an equation may be meant"
			if refutable == "chain" && c.link+2 < len(c.members) && c.free != nil && c.free() {
				o.OnDisproof, o.Note = obligation.Refuted, freeNote
			}
		}
	}
	if o.OnDisproof == obligation.Refuted && !holds && holdsAtBound(diff, c.consts) {
		o.OnDisproof, o.Note = obligation.Unknown, boundNoteHolds
	}
	if c.veto != "" && o.OnDisproof == obligation.Refuted {
		o.OnDisproof, o.Note = obligation.Unknown, fmt.Sprintf("the sentence may be rejecting the claim (%q)", c.veto)
	}
	if c.hypo != "" && o.OnDisproof == obligation.Refuted && !constDiff {
		o.OnDisproof, o.Note = obligation.Unknown, fmt.Sprintf("the sentence states a case or an assumption (%q)", c.hypo)
	}
	if A.def || B.def {
		o.Note = strings.TrimPrefix(o.Note+"; a function or sequence defined in the problem or earlier in the chain is replaced by its definition or value", "; ")
	}
	if !t.linkDecls(o, A.e, B.e, rad, holds) {
		return skip("no point where every denominator is nonzero was found")
	}
	return symResult{obl: o, eq: eq, identity: holds && symexpr.Plain(A.e) != symexpr.Plain(B.e)}
}

// oneTermSlip reports a link of a rewriting line that collects like terms
// and gets one of them wrong: an earlier link of the line is an identity,
// no equation word is near, both sides are polynomials of the same written
// degree, the left side has like terms that the right side collects (more
// summands written than it has terms; the right side as many as it has),
// and the two differ in a single term ("-(6 + 2r + 3r + 6r) = -(15r +
// 6)"). An equation that ends a rewriting sets an expression in normal form
// equal to another ("(x + 1)^2 = x^2 + 2x + 1 = 9", "3(m + 2) = 3m + 6 =
// 5m + 6"): its left side has nothing to collect.
func oneTermSlip(a, b *symexpr.Expr, L, R algebra.Rat, c symContext) bool {
	if !c.chain || c.link == 0 || !c.rewrote || c.eqWord != "" || L.Den().Degree() > 0 || R.Den().Degree() > 0 {
		return false
	}
	if symexpr.WrittenDegree(a) != symexpr.WrittenDegree(b) || symexpr.Summands(a) <= L.Num().Terms() || symexpr.Summands(b) != R.Num().Terms() {
		return false
	}
	d := L.Num().Sub(R.Num())
	return d.Terms() == 1 && d.Degree() > 0
}

// exprWordRE names an expression as the object of a rewriting cue.
var exprWordRE = regexp.MustCompile(`\b(expression|polynomial|numerator|denominator|quadratic|cubic|product|binomial|trinomial)\b`)

// inlineMathRE finds inline math in prose.
var inlineMathRE = regexp.MustCompile(`\\\((.{1,200}?)\\\)|\$([^$]{1,200})\$`)

// mentions reports whether the prose shows the expression L in inline
// math ("factor \(x^3 - 1\)").
func mentions(prose string, L algebra.Rat) bool {
	for _, m := range inlineMathRE.FindAllStringSubmatch(prose, 4) {
		src := m[1] + m[2]
		if strings.Contains(src, "=") {
			continue
		}
		e, err := symexpr.Read(src)
		if err != nil {
			continue
		}
		if r, err := symexpr.ToRat(e); err == nil && r.Equal(L) {
			return true
		}
	}
	return false
}

func unionVars(a, b []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, v := range append(append([]string{}, a...), b...) {
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}

func sortedCopy(s []string) []string {
	c := append([]string(nil), s...)
	sort.Strings(c)
	return c
}

func constValue(e *symexpr.Expr) (*big.Rat, bool) {
	if len(symexpr.Vars(e, map[string]bool{}, nil)) > 0 {
		return nil, false
	}
	v, err := symexpr.Eval(e, nil)
	if err != nil {
		return nil, false
	}
	return v, true
}

// symNames maps names to generated variables v1…vn in order of
// first appearance in the expressions.
func symNames(es ...*symexpr.Expr) ([]string, map[string]string) {
	seen := map[string]bool{}
	var vars []string
	for _, e := range es {
		vars = symexpr.Vars(e, seen, vars)
	}
	m := make(map[string]string, len(vars))
	for i, v := range vars {
		m[v] = fmt.Sprintf("v%d", i+1)
	}
	return vars, m
}

// divisorSet returns the distinct divisors of es (by value as rational
// functions), each to be stated nonzero.
func divisorSet(es ...*symexpr.Expr) []*symexpr.Expr {
	var out []*symexpr.Expr
	var vals []algebra.Rat
	for _, e := range es {
		for _, d := range symexpr.Divisors(e, nil) {
			r, err := symexpr.ToRat(d)
			if err != nil {
				continue
			}
			dup := false
			for _, v := range vals {
				dup = dup || v.Equal(r)
			}
			if !dup {
				out = append(out, d)
				vals = append(vals, r)
			}
		}
	}
	return out
}

func litTerm(x *big.Rat) string {
	neg := x.Sign() < 0
	a := new(big.Rat).Abs(x)
	s := "(" + a.Num().String() + " : Rat)"
	if !a.IsInt() {
		s = "((" + a.Num().String() + " : Rat) / (" + a.Denom().String() + " : Rat))"
	}
	if neg {
		return "(-" + s + ")"
	}
	return s
}

// identityDecls fills the declarations of an identity L = R (known, when
// not nil, says whether it holds), its witness or probe point and reasons.
func (t *Reader) identityDecls(o *obligation.Obligation, l, r *symexpr.Expr, known *bool) bool {
	vars, names := symNames(l, r)
	divs := divisorSet(l, r)
	rd := symexpr.Render{Names: names}
	holds := known != nil && *known || known == nil && symexpr.RatEqual(l, r)
	at, a, b, ok := symexpr.FindPoint(vars, divs, l, r, !holds)
	if !ok {
		return false
	}
	lits := make(map[string]string, len(vars))
	for _, v := range vars {
		lits[v] = litTerm(at[v])
	}
	cd := symexpr.Render{Names: lits}
	var hyps, chyps []string
	for _, d := range divs {
		hyps = append(hyps, rd.Term(d)+" ≠ (0 : Rat)")
		chyps = append(chyps, cd.Term(d)+" ≠ (0 : Rat)")
	}
	o.Prop = strings.Join(append(hyps, rd.Term(l)+" = "+rd.Term(r)), " → ")
	o.Lean = forallDecl(len(vars), o.Prop, t.IDTactic)
	closed := strings.Join(append(chyps, cd.Term(l)+" = "+cd.Term(r)), " → ")
	o.LeanNeg = "example : ¬(" + closed + ") := by " + t.Tactic
	cond := ""
	if len(divs) > 0 {
		cond = " wherever the denominators are nonzero"
	}
	o.WhyProof = fmt.Sprintf("%s = %s for every value of %s%s", symexpr.Plain(l), symexpr.Plain(r), strings.Join(vars, ", "), cond)
	o.WhyDisproof = fmt.Sprintf("at %s the left side is %s, the right side %s", symexpr.PointString(vars, at), a.RatString(), b.RatString())
	return true
}

func forallDecl(n int, prop, tactic string) string {
	vs := make([]string, n)
	for i := range vs {
		vs[i] = fmt.Sprintf("v%d", i+1)
	}
	return "example : ∀ (" + strings.Join(vs, " ") + " : Rat), " + prop + " := by " + tactic
}

// symImplication checks B derived from A, both in the single unknown.
func (t *Reader) symImplication(step int, text string, A, B *symEq, veto string, prob symdefs.ChainProblem) (*obligation.Obligation, *obligation.Skipped) {
	span := mathtext.SpanOf(text, A.s, B.e)
	// A B that lost its unknown is false everywhere ("6 = 3y - 3y") or
	// true everywhere; only the first is read, refuted at a rational
	// solution of A below (no solution found: left alone).
	falseB := B.contra && B.p.Degree() == 0
	if !A.poly || !B.poly || A.p.Degree() == 0 || B.p.Degree() == 0 && !falseB {
		return nil, nil
	}
	o := &obligation.Obligation{Step: step, Span: span, Kind: obligation.KindImplication, OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
	o.Expr = symexpr.Plain(A.l) + " = " + symexpr.Plain(A.r) + " ⇒ " + symexpr.Plain(B.l) + " = " + symexpr.Plain(B.r)
	if veto != "" {
		o.OnDisproof, o.Note = obligation.Unknown, fmt.Sprintf("the sentence may be rejecting the claim (%q)", veto)
	}
	x := A.name
	roots, err := algebra.RationalRoots(A.p, x, 4096)
	if err != nil {
		return nil, &obligation.Skipped{Span: span, Reason: "cannot find the rational roots: " + err.Error()}
	}
	var bad *big.Rat
	for _, r := range roots {
		v, err := B.p.Eval(map[string]*big.Rat{x: r})
		if err == nil && v.Sign() != 0 && symexpr.InRange(x, r) { // a value sin θ takes
			bad = r
			break
		}
	}
	common, err := algebra.CommonRoot(A.p, B.p, x)
	if err != nil {
		return nil, nil
	}
	if common && o.OnDisproof == obligation.Refuted {
		o.OnDisproof, o.Note = obligation.Unknown, "the two equations share a solution: the second may be one case of the first"
	}
	if falseB && bad == nil {
		return nil, nil
	}
	if bad == nil && len(roots) == 0 {
		// No rational solution of A can witness anything over Rat. The
		// step is still false when B is A with a constant moved wrongly:
		// the left sides minus the right sides differ by a nonzero
		// constant after scaling; that is an identity claim.
		c, ok := symexpr.Rearranged(A.p, B.p, x)
		why := "the equation is not a rearrangement of the one before (the two differ by a nonzero constant, so they share no solution): "
		if !ok && !common && symCueRE.MatchString(B.prose) && !symimp.ListCue(B.prose) {
			// Only after a word of derivation: equations side by side
			// ("we obtain $…$, $…$, and $…$") are a list.
			// A has real but no rational roots, B none of them: the
			// claimed rewriting ("x² - 3x = 1, factoring: (x - 1)(x - 3)
			// = 0") is false at a real solution of A.
			c, ok = symexpr.NoSharedRealRoot(A.p, B.p, x)
			why = "the equation is not a rewriting of the one before (the first has real solutions, and the two share none): "
			if out := prob.OutsideReal(x, A.p, B.p); out != "" && o.OnDisproof == obligation.Refuted { // a solution the problem may not allow
				o.OnDisproof, o.Note = obligation.Unknown, out
			}
		}
		if ok && c != nil {
			lhs := &symexpr.Expr{Op: '-', L: A.l, R: A.r}
			rhs := &symexpr.Expr{Op: '*', L: symexpr.RatExpr(c), R: &symexpr.Expr{Op: '-', L: B.l, R: B.r}}
			o.Kind = obligation.KindIdentity
			o.Expr = symexpr.Plain(lhs) + " = " + symexpr.Plain(rhs)
			if !t.identityDecls(o, lhs, rhs, nil) {
				return nil, nil
			}
			o.WhyDisproof = why + o.WhyDisproof
			return o, nil
		}
	}
	names := map[string]string{x: "v1"}
	rd := symexpr.Render{Names: names}
	pa := rd.Term(A.l) + " = " + rd.Term(A.r)
	pb := rd.Term(B.l) + " = " + rd.Term(B.r)
	o.Prop = pa + " → " + pb
	o.Lean = forallDecl(1, o.Prop, t.IDTactic)
	pt := new(big.Rat)
	if bad != nil {
		pt = bad
	} else if len(roots) > 0 {
		pt = roots[0]
	}
	cd := symexpr.Render{Names: map[string]string{x: litTerm(pt)}}
	o.LeanNeg = "example : ¬(" + cd.Term(A.l) + " = " + cd.Term(A.r) + " → " + cd.Term(B.l) + " = " + cd.Term(B.r) + ") := by " + t.Tactic
	o.WhyProof = "every solution of the first equation solves the second"
	if bad != nil {
		if out := prob.Outside(x, bad); out != "" && o.OnDisproof == obligation.Refuted {
			o.OnDisproof, o.Note = obligation.Unknown, out
		}
		bl, _ := symexpr.Eval(B.l, map[string]*big.Rat{x: bad})
		br, _ := symexpr.Eval(B.r, map[string]*big.Rat{x: bad})
		o.WhyDisproof = fmt.Sprintf("%s = %s solves the first equation, but there the second has %s on the left and %s on the right", x, bad.RatString(), bl.RatString(), br.RatString())
	}
	return o, nil
}

// symSolution checks a claimed value x = c against the one-unknown
// equations before it in the step.
func (t *Reader) symSolution(step int, text string, sol *symEq, eqs []*symEq, veto string) (*obligation.Obligation, *obligation.Skipped) {
	var prem []*symEq
	for _, e := range eqs {
		if e.name == sol.name && e.value == nil && sol.line-e.line <= 3 {
			prem = append(prem, e)
		}
	}
	if len(prem) == 0 || !symexpr.InRange(sol.name, sol.value) { // sin θ = 2: no value it takes
		return nil, nil
	}
	at := map[string]*big.Rat{sol.name: sol.value}
	pick := -1
	for i := len(prem) - 1; i >= 0; i-- {
		a, err1 := symexpr.Eval(prem[i].l, at)
		b, err2 := symexpr.Eval(prem[i].r, at)
		if err1 != nil || err2 != nil {
			return nil, &obligation.Skipped{Span: mathtext.SpanOf(text, sol.s, sol.e), Reason: "the claimed value makes a denominator zero"}
		}
		if a.Cmp(b) == 0 {
			pick = i
			break
		}
	}
	refute := pick < 0
	if refute {
		pick = len(prem) - 1
	}
	p := prem[pick]
	o := &obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, min(p.s, sol.s), max(p.e, sol.e)), Kind: obligation.KindSolution, OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
	o.Expr = fmt.Sprintf("%s = %s at %s = %s", symexpr.Plain(p.l), symexpr.Plain(p.r), sol.name, sol.value.RatString())
	if veto != "" {
		o.OnDisproof, o.Note = obligation.Unknown, fmt.Sprintf("the sentence may be rejecting the value (%q)", veto)
	}
	rd := symexpr.Render{Names: map[string]string{sol.name: "v1"}}
	o.Prop = rd.Term(p.l) + " = " + rd.Term(p.r)
	hyp := "example (v1 : Rat) (h1 : v1 = " + litTerm(sol.value) + ") : "
	o.Lean = hyp + o.Prop + " := by subst_vars; " + t.Tactic
	o.LeanNeg = hyp + "¬(" + o.Prop + ") := by subst_vars; " + t.Tactic
	o.Hypotheses = []obligation.Hypothesis{{Name: sol.name, Var: "v1", Hyp: "h1", Value: sol.value.RatString(), Step: step}}
	a, _ := symexpr.Eval(p.l, at)
	b, _ := symexpr.Eval(p.r, at)
	o.WhyProof = fmt.Sprintf("at %s = %s both sides are %s", sol.name, sol.value.RatString(), a.RatString())
	o.WhyDisproof = fmt.Sprintf("at %s = %s the left side is %s, the right side %s", sol.name, sol.value.RatString(), a.RatString(), b.RatString())
	return o, nil
}
