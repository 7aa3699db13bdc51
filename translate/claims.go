package translate

import (
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/dialect"
)

// sideInfo is one side of a relation chain.
type sideInfo struct {
	items  []item
	n      node
	err    string
	negPow bool
	s, e   int
	roots  bool // sqrt-side obligations already emitted
}

func (s *sideInfo) ok() bool { return s.n != nil }

// splitRun splits a run at its relation signs.
func splitRun(r run, maxExp int) ([]*sideInfo, []string) {
	items := r.items
	// Outer brackets around a whole claim: "(3 + 4 = 7)".
	for len(items) >= 2 && items[0].k == tOpen && matchFwd(items, 0) == len(items)-1 && relInside(items) {
		items = items[1 : len(items)-1]
	}
	// A bracket opened in the prose before the run, or closed after it.
	for len(items) > 0 && items[0].k == tOpen && matchFwd(items, 0) < 0 {
		items = items[1:]
	}
	for len(items) > 0 && items[len(items)-1].k == tClose && matchBack(items, len(items)-1) < 0 {
		items = items[:len(items)-1]
	}
	// A bracket opened at the end of the run, or closed at its start:
	// "0.67 (or …", "…) = 5".
	for len(items) > 0 && items[len(items)-1].k == tOpen {
		items = items[:len(items)-1]
	}
	for len(items) > 0 && items[0].k == tClose {
		items = items[1:]
	}
	var sides []*sideInfo
	var rels []string
	// A relation inside brackets splits too: its sides then fail to parse.
	start := 0
	for i, it := range items {
		if it.k == tRel {
			sides = append(sides, newSide(items[start:i], maxExp))
			rels = append(rels, it.text)
			start = i + 1
		}
	}
	sides = append(sides, newSide(items[start:], maxExp))
	if last := sides[len(sides)-1]; len(sides) > 1 && last.ok() {
		// "3/3 - 2/3 = 1/3 of $150 left": the value may be 1/3, of the
		// money, or 1/3 * 150. Nothing computed after it tells.
		if b, ok := last.n.(*binNode); ok && b.of && b.alt == nil {
			b.alt, b.altKind, b.altSym = b.l, readOfProse, true
		}
	}
	return sides, rels
}

// readOfProse reads "… = 1/3 of $150" as the value 1/3, the rest prose.
const readOfProse = "the value before \"of\", the rest prose"

// altKinds lists the other readings the nodes of n carry, with whether
// the text leaves the choice open (altSym).
func altKinds(ns ...node) map[string]bool {
	out := map[string]bool{}
	for _, n := range ns {
		walk(n, func(x node) {
			if b, ok := x.(*binNode); ok && b.alt != nil {
				out[b.altKind] = out[b.altKind] || b.altSym
			}
		})
	}
	return out
}

// hasPercent reports a percentage literal anywhere in n.
func hasPercent(n node) bool {
	found := false
	walk(n, func(x node) {
		if m, ok := x.(*numNode); ok && m.lit.percent {
			found = true
		}
	})
	return found
}

func relInside(items []item) bool {
	for _, it := range items {
		if it.k == tRel {
			return true
		}
	}
	return false
}

func matchFwd(items []item, i int) int {
	depth := 0
	for k := i; k < len(items); k++ {
		switch items[k].k {
		case tOpen:
			depth++
		case tClose:
			depth--
			if depth == 0 {
				return k
			}
		}
	}
	return -1
}

func newSide(items []item, maxExp int) *sideInfo {
	s := &sideInfo{items: items}
	if len(items) == 0 {
		s.err = "nothing on this side of the relation"
		return s
	}
	s.s, s.e = items[0].s, items[len(items)-1].e
	if why := notation(items); why != "" {
		s.err = why
		return s
	}
	n, negPow, err := parseSide(items, maxExp)
	if err != nil {
		s.err = err.Error()
		return s
	}
	s.n, s.negPow = n, negPow
	return s
}

// notation rejects spellings that look like arithmetic but are not:
// ranges (2-3 hours, pages 10-20) and dates (12/25/2023, 2023-10-05).
func notation(items []item) string {
	isInt := func(it item) bool {
		return it.k == tNum && it.num.intLit && !it.num.percent && !it.num.currency
	}
	glued := func(i int) bool { return !items[i].sp }
	for i := 0; i+2 < len(items); i++ {
		a, op, b := items[i], items[i+1], items[i+2]
		if !isInt(a) || op.k != tOp || !isInt(b) || !glued(i+1) || !glued(i+2) || a.math {
			continue
		}
		if (op.src == "/" || op.src == "-") && i+4 < len(items) && items[i+3].k == tOp && items[i+3].src == op.src &&
			glued(i+3) && glued(i+4) && isInt(items[i+4]) && (i == 0 || items[i-1].k != tOp) &&
			(i+5 >= len(items) || items[i+5].k != tOp) && isDate(op.src, a.num.canon, b.num.canon, items[i+4].num.canon) {
			return "a date"
		}
		// A range stands alone: nothing is computed on either end of it.
		before := i == 0 || items[i-1].k != tOp
		after := i+3 >= len(items) || items[i+3].k != tOp
		if op.src == "-" && a.num.val.Cmp(b.num.val) < 0 && before && after {
			return "a range (" + a.num.canon + "-" + b.num.canon + ")"
		}
	}
	return ""
}

// isDate reports day/month/year shapes: y-m-d and d-m-y with a
// four-digit year, m/d/y and d/m/y with a two- or four-digit year.
func isDate(sep, a, b, c string) bool {
	small := func(s string, max int) bool {
		n := 0
		for _, ch := range s {
			n = n*10 + int(ch-'0')
		}
		return len(s) <= 2 && n >= 1 && n <= max
	}
	switch {
	case len(a) == 4 && small(b, 12) && small(c, 31):
		return true
	case small(a, 31) && small(b, 31) && len(c) == 4:
		return true
	case sep == "/" && small(a, 31) && small(b, 31) && len(c) == 2:
		return true
	}
	return false
}

// lone reports a side that is a single literal, possibly negated.
func lone(n node) (*numNode, bool) {
	switch n := n.(type) {
	case *numNode:
		return n, true
	case *negNode:
		if m, ok := n.x.(*numNode); ok {
			return m, true
		}
	}
	return nil, false
}

// leftmostLiteral is the first number a reader meets in n.
func leftmostLiteral(n node) *numNode {
	for {
		switch m := n.(type) {
		case *binNode:
			n = m.l
		case *powNode:
			return nil
		case *numNode:
			return m
		default:
			return nil
		}
	}
}

// claimCtx is what a link needs to become an obligation.
type claimCtx struct {
	step  int
	text  string
	vars  map[string]value
	hyp   *Hypothesis
	doubt string
	// exactWord is a word of the step ("exactly") that takes away the
	// rounding reading of its decimals.
	exactWord string
	// midChain: the link's left side is the right side of an earlier "="
	// link, and its right side ends the run with no word after it.
	midChain bool
	// exact holds the values the problem states (problem.go); nil when
	// there is no problem or it states no decimal.
	exact   *exactSet
	tactic  string
	maxBits int
	maxExp  int
}

type linkResult struct {
	obls []Obligation
	skip *Skipped
}

// link turns A rel B into obligations, or a reason to leave it alone. The decisions are here,
// top to bottom; the helpers below compute what they read.
func (c *claimCtx) link(A, B *sideInfo, rel string) linkResult {
	span := spanOf(c.text, A.s, B.e)
	skip := func(why string) linkResult { return linkResult{skip: &Skipped{Span: span, Reason: why}} }
	a, b, roots, err := c.sideValues(A, B)
	if err != nil {
		return skip(err.Error())
	}
	la, loneA := lone(A.n)
	lb, loneB := lone(B.n)
	sh := shownPrecision(A, B, a, b, la, lb, loneA, loneB, rel)
	t := tolerance(a, b, la, lb, loneA, loneB && !c.writtenFraction(A, a, B.e), rel, sh.unit)
	if (a.inf || b.inf) && a.v.Cmp(b.v) != 0 {
		return skip("a divisor whose rounding leaves the quotient unbounded")
	}
	if a.inf || b.inf {
		// Equal as written; only a refutation needs the bound.
		t = big.NewRat(1, 1)
	}
	unitSkip, refuteBlock := c.refuters(A, B, a, b, la, lb, rel, t)
	if unitSkip != "" {
		return skip(unitSkip)
	}

	d := c.newDraft(A, B, rel, span, roots, t)
	var why string
	switch rel {
	case "=", "≈":
		why = c.equality(d, A, B, rel, a, b, la, lb, sh)
	case "≠":
		d.exactly(KindInequality, d.rd.term(A.n)+" ≠ "+d.rd.term(B.n))
	default:
		why = d.order(A, B, rel, a, b)
	}
	if why != "" {
		return skip(why)
	}
	ob := &d.ob
	if refuteBlock != "" && ob.OnDisproof == Refuted {
		ob.OnDisproof = Unknown
		ob.Note = refuteBlock
	}
	if vb := c.verifyBlock(A, B, rel, a, b); vb != "" && ob.OnProof != Unknown {
		if ob.OnDisproof == Unknown {
			return skip("the text can be read two ways: " + vb)
		}
		ob.OnProof = Unknown
		ob.Note = vb
	}
	if ob.Kind != KindApproximation {
		var bnd *big.Rat
		if ob.Kind == KindRoundingBound {
			bnd = t
		}
		explainLink(ob, d.hd, A.n, B.n, a.v, b.v, rel, bnd)
		if given := c.givenLiterals(A, B); len(given) > 0 {
			them := "them"
			if len(given) == 1 {
				them = "it"
			}
			ob.WhyDisproof += "; " + strings.Join(given, ", ") + " as the problem states " + them + ", not rounded"
		}
	}
	ob.Lean, ob.LeanNeg = declarations(ob.Prop, c.hyp, d.rd, c.tactic)
	return linkResult{obls: append([]Obligation{*ob}, c.rootConditions(A, B, roots, d.rd, d.hd)...)}
}

// sideValues evaluates both sides, and every square root in them (their values replace the
// roots in the Lean rendering).
func (c *claimCtx) sideValues(A, B *sideInfo) (a, b value, roots map[*sqrtNode]*big.Rat, err error) {
	if a, err = c.sideEnv(A, B).eval(A.n); err != nil {
		return a, b, nil, err
	}
	if b, err = c.sideEnv(B, A).eval(B.n); err != nil {
		return a, b, nil, err
	}
	roots = map[*sqrtNode]*big.Rat{}
	for _, side := range [][2]*sideInfo{{A, B}, {B, A}} {
		env := c.sideEnv(side[0], side[1])
		for _, s := range sqrtNodes(side[0].n) {
			v, err := env.eval(s)
			if err != nil {
				return a, b, nil, err
			}
			roots[s] = v.v
		}
	}
	return a, b, roots, nil
}

// sideEnv is the environment that evaluates side S of a claim whose
// other side is O. A decimal whose value the problem states is exact in a
// computation whose result is shown alone ("$140 * 0.95 = $134" with a 5%
// discount). A side that is one literal keeps its rounding: it is the
// value shown for the other side's result, which may be rounded whatever
// the problem says ("1/3 = 0.33" is a rounding of 1/3 even when the
// problem states 0.33 for something else). So does a computation set
// against another computation: the decimal may have been put in place of
// an exact value ("1/3 * 6 = 0.33 * 6").
func (c *claimCtx) sideEnv(S, O *sideInfo) *evalEnv {
	env := &evalEnv{vars: c.vars, maxBits: c.maxBits, maxExp: c.maxExp}
	if c.givenExact(S, O) {
		env.exact = c.exact
	}
	return env
}

// givenExact says the problem's decimals are exact in side S against O.
func (c *claimCtx) givenExact(S, O *sideInfo) bool {
	_, loneS := lone(S.n)
	_, loneO := lone(O.n)
	return c.exact != nil && !loneS && loneO
}

// givenLiterals lists the decimals of the claim's computations that the
// problem states, which sideEnv takes as exact.
func (c *claimCtx) givenLiterals(A, B *sideInfo) []string {
	var out []string
	for _, S := range [][2]*sideInfo{{A, B}, {B, A}} {
		if !c.givenExact(S[0], S[1]) {
			continue
		}
		walk(S[0].n, func(x node) {
			if m, ok := x.(*numNode); ok && c.exact.literal(m.lit) {
				lit := m.lit.canon
				if m.lit.percent {
					lit += "%"
				}
				if !slices.Contains(out, lit) {
					out = append(out, lit)
				}
			}
		})
	}
	return out
}

// shown is the shown value of an approximation and its precision.
type shown struct {
	num   *numNode // the literal shown; nil when there is none
	exact node     // the other side, the exact one
	ev    *big.Rat // the value of exact
	unit  *big.Rat // the unit in the last place of num; nil when num is
}

// shownPrecision picks the shown value of an approximation: a lone decimal literal, or for ≈
// any lone literal; of two, the one with fewer decimals. Its unit is one in its last decimal
// place, or for a whole number one in its last nonzero digit (1200 is shown to hundreds).
func shownPrecision(A, B *sideInfo, a, b value, la, lb *numNode, loneA, loneB bool, rel string) shown {
	var sh shown
	if rel == "=" || rel == "≈" {
		pick := func(n *numNode) bool {
			return n != nil && !n.lit.percent && (n.lit.dec > 0 || rel == "≈")
		}
		switch {
		case loneA && loneB && pick(la) && pick(lb):
			if la.lit.dec < lb.lit.dec {
				sh.num, sh.exact, sh.ev = la, B.n, b.v
			} else {
				sh.num, sh.exact, sh.ev = lb, A.n, a.v
			}
		case loneB && pick(lb):
			sh.num, sh.exact, sh.ev = lb, A.n, a.v
		case loneA && pick(la):
			sh.num, sh.exact, sh.ev = la, B.n, b.v
		}
	}
	if sh.num != nil {
		sh.unit = pow10(-sh.num.lit.dec)
		if sh.num.lit.dec == 0 {
			sh.unit = big.NewRat(1, 1)
			z := trailingZeros(sh.num.lit.canon)
			if z > 0 {
				sh.unit = pow10(z)
			}
		}
	}
	return sh
}

// writtenFraction says the left side is a member inside an "=" chain,
// written with \frac and no decimal, and a whole number ends the chain
// with no word after it: the writer is simplifying a value, not carrying
// out a division with a remainder ("y = \frac{1}{5 - \frac{5}{2}} =
// \frac{1}{\frac{5}{2}} = 1", math-24), so the whole number gets no floor
// or ceiling tolerance. A lone "\frac{51}{5} = 10 full pens" keeps it.
func (c *claimCtx) writtenFraction(S *sideInfo, v value, end int) bool {
	if !c.midChain || v.r.Sign() != 0 || S.s < 0 || S.e > len(c.text) || S.s >= S.e {
		return false
	}
	return strings.Contains(c.text[S.s:S.e], "frac") && !c.wordAfter(end)
}

// wordAfter says a word follows byte i past spaces and math delimiters
// ("= 10 \) full pens").
func (c *claimCtx) wordAfter(i int) bool {
	if i < 0 || i > len(c.text) {
		return true
	}
	rest := c.text[i:]
	for {
		rest = strings.TrimLeft(rest, " \t\n$")
		switch {
		case strings.HasPrefix(rest, `\)`), strings.HasPrefix(rest, `\]`):
			rest = rest[2:]
			continue
		}
		break
	}
	return rest != "" && (rest[0] >= 'a' && rest[0] <= 'z' || rest[0] >= 'A' && rest[0] <= 'Z')
}

// tolerance is how far apart rounding of the decimals shown lets the sides be: the sum of
// both sides' rounding; one more for a whole number against a value that is not whole (floor
// or ceiling division, or rounding to units: "25 / 4 = 6 bags"); for ≈ at least a twentieth of
// the value and the shown value's unit.
func tolerance(a, b value, la, lb *numNode, loneA, loneB bool, rel string, unit *big.Rat) *big.Rat {
	t := new(big.Rat).Add(a.r, b.r)
	if rel == "=" {
		if loneB && lb.lit.intLit && !lb.lit.percent && !(loneA && la.lit.intLit) && (a.r.Sign() != 0 || !a.v.IsInt()) {
			t.Add(a.r, big.NewRat(1, 1))
		}
		if loneA && la.lit.intLit && !la.lit.percent && !(loneB && lb.lit.intLit) && (b.r.Sign() != 0 || !b.v.IsInt()) {
			t.Add(b.r, big.NewRat(1, 1))
		}
	}
	if rel == "≈" {
		// Approximately is loose: allow a twentieth of the value too.
		loose := new(big.Rat).Quo(ratAbs(a.v), big.NewRat(20, 1))
		if loose.Cmp(t) > 0 {
			t = loose
		}
		if unit != nil && unit.Cmp(t) > 0 {
			t = new(big.Rat).Set(unit)
		}
	}
	return t
}

// refuters says who may refute the claim: a reason to skip it when its units do not match,
// and otherwise what, if anything, keeps a failed proof from refuting it (units, a conversion
// factor, or the claim's wording).
func (c *claimCtx) refuters(A, B *sideInfo, a, b value, la, lb *numNode, rel string, t *big.Rat) (skip, block string) {
	if A.s < B.e && B.e <= len(c.text) && leadingZeroRE.MatchString(c.text[A.s:B.e]) {
		return "a number with a leading zero (0900): a clock time or a code, not base-10 arithmetic", ""
	}
	unitSkip, unitBlock := unitsMismatch(A, B, la, lb)
	if unitSkip != "" {
		return unitSkip, ""
	}
	if w, ok := strings.CutPrefix(unitBlock, "a unit ("); ok {
		w = w[:strings.IndexByte(w, ')')]
		if !conversionLike(a.v, b.v, w) {
			// "20 - 2 * 2.5 = 10 ounces": 10 is not 15 ounces in any other unit.
			unitBlock = ""
		}
	}
	if unitBlock == "" {
		unitBlock = conversionFactor(A, B, a.v, b.v)
	}
	block = c.refuteBlock(A, B, rel, t)
	if block == "" {
		block = unitBlock
	}
	return "", block
}

// draft is the obligation link is building, with its two renderers (rd for Lean, hd for
// people) and the tolerance t.
type draft struct {
	ob     Obligation
	rd, hd *renderer
	t      *big.Rat
}

func (c *claimCtx) newDraft(A, B *sideInfo, rel string, span Span, roots map[*sqrtNode]*big.Rat, t *big.Rat) *draft {
	d := &draft{rd: &renderer{lean: true, names: map[string]string{}, roots: roots}, hd: &renderer{}, t: t}
	if c.hyp != nil {
		d.rd.names[c.hyp.Name] = c.hyp.Var
	}
	d.ob = Obligation{Step: c.step, Span: span, Expr: d.hd.term(A.n) + " " + rel + " " + d.hd.term(B.n)}
	if c.hyp != nil {
		d.ob.Hypotheses = []Hypothesis{*c.hyp}
	}
	return d
}

// lt renders x < y for Lean.
func (d *draft) lt(x, y node) string { return d.rd.term(x) + " " + "<" + " " + d.rd.term(y) }

func sub(x, y node) node { return &binNode{op: '-', l: x, r: y} }

// exactly makes prop the claim itself: proved it is verified; disproved it is refuted unless
// rounding could explain a difference.
func (d *draft) exactly(kind Kind, prop string) {
	d.ob.Kind, d.ob.Prop = kind, prop
	d.ob.OnProof, d.ob.OnDisproof = Verified, Refuted
	if d.t.Sign() != 0 {
		d.ob.OnDisproof = Unknown
		d.ob.Note = "rounding of the decimals shown could explain a difference"
	}
}

// bound makes prop the rounding bound: disproved the claim is refuted (no rounding explains
// the difference); proved it is still unknown.
func (d *draft) bound(prop string) {
	d.ob.Kind, d.ob.Prop = KindRoundingBound, prop
	d.ob.OnProof, d.ob.OnDisproof = Unknown, Refuted
	d.ob.Note = "proving it shows only that rounding could explain the difference"
}

// equality decides = and ≈: equal, an approximation of the shown value, exactly equal, or the
// rounding bound; a non-empty result is why the claim is left alone.
func (c *claimCtx) equality(d *draft, A, B *sideInfo, rel string, a, b value, la, lb *numNode, sh shown) string {
	diff := new(big.Rat).Sub(a.v, b.v)
	ad := ratAbs(diff)
	switch {
	case diff.Sign() == 0:
		d.exactly(KindEquality, d.rd.term(A.n)+" = "+d.rd.term(B.n))
	case sh.num != nil && c.exactWord == "" && approxOK(sh.ev, shownValue(sh.num, A, B, la, lb), sh.num.lit.ellipsis, sh.unit):
		// R as a rounding or truncation of X (approximate, never verified).
		rv := shownValue(sh.num, A, B, la, lb)
		rdg, _ := roundingOf(sh.ev, rv, sh.num.lit.ellipsis, sh.unit)
		d.ob.Kind = KindApproximation
		d.ob.Prop = d.rd.term(ratNode(rdg.lo)) + rdg.loOp + d.rd.term(sh.exact) + " ∧ " + d.rd.term(sh.exact) + rdg.hiOp + d.rd.term(ratNode(rdg.hi))
		// A refutation needs the rounding-bound statement instead.
		d.ob.OnProof, d.ob.OnDisproof = Approximate, Unknown
		d.ob.Note = "not being this rounding is no error: another convention may explain it"
		if rel == "≈" {
			d.ob.Expr = d.hd.term(A.n) + " ≈ " + d.hd.term(B.n)
		} else {
			d.ob.Expr += fmt.Sprintf(" (read as a %s to %s)", rdg.name, ratString(sh.unit))
		}
		explainApprox(&d.ob, d.hd, sh.exact, sh.ev, rv, sh.unit, rdg)
	case sh.num != nil && c.exactWord != "" && approxOK(sh.ev, shownValue(sh.num, A, B, la, lb), sh.num.lit.ellipsis, sh.unit):
		return fmt.Sprintf("not read as a rounding, since the step says %q; not refuted either: the sides differ by only %s, which a rounding of %s would explain, and %q may be about another part of the step",
			c.exactWord, ratString(ad), d.hd.term(sh.num), c.exactWord)
	case d.t.Sign() == 0:
		d.exactly(KindEquality, d.rd.term(A.n)+" = "+d.rd.term(B.n))
	case ad.Cmp(d.t) >= 0:
		tn := ratNode(d.t)
		d.bound(d.lt(sub(A.n, B.n), tn) + " ∧ " + d.lt(sub(B.n, A.n), tn))
	default:
		return fmt.Sprintf("the sides differ by %s, less than the rounding of the numbers shown allows (%s)",
			ratString(ad), ratString(d.t))
	}
	return ""
}

// order decides < ≤ > ≥: holding (or nothing to round), the claim itself; violated by at least
// the tolerance, the rounding bound; otherwise it is left alone (the result says why).
func (d *draft) order(A, B *sideInfo, rel string, a, b value) string {
	holds := dialect.Compare(a.v, b.v, rel)
	switch {
	case holds || d.t.Sign() == 0:
		d.exactly(KindInequality, d.rd.term(A.n)+" "+rel+" "+d.rd.term(B.n))
	case violation(a.v, b.v, rel).Cmp(d.t) >= 0:
		if rel == "<" || rel == "≤" {
			d.bound(d.lt(sub(A.n, B.n), ratNode(d.t)))
		} else {
			d.bound(d.lt(sub(B.n, A.n), ratNode(d.t)))
		}
	default:
		return "the sides are within the rounding of the numbers shown"
	}
	return ""
}

// violation is how far a exceeds b for < and ≤, b exceeds a for > and ≥.
func violation(a, b *big.Rat, rel string) *big.Rat {
	viol := new(big.Rat).Sub(a, b)
	if rel == ">" || rel == "≥" {
		viol.Neg(viol)
	}
	return viol
}

// rootConditions are the side conditions for roots replaced by their values, once per side.
func (c *claimCtx) rootConditions(A, B *sideInfo, roots map[*sqrtNode]*big.Rat, rd, hd *renderer) []Obligation {
	var out []Obligation
	for _, side := range []*sideInfo{A, B} {
		if side.roots {
			continue
		}
		side.roots = true
		for _, s := range sqrtNodes(side.n) {
			out = append(out, c.rootObligation(s, roots[s], rd, hd))
		}
	}
	return out
}

func (c *claimCtx) rootObligation(s *sqrtNode, r *big.Rat, rd, hd *renderer) Obligation {
	rn := ratNode(r)
	var lhs node = &binNode{op: '*', l: rn, r: rn}
	if s.n != 2 {
		lhs = &powNode{base: rn, exp: s.n}
	}
	prop := rd.term(lhs) + " = " + rd.term(s.arg)
	if s.n%2 == 0 {
		prop += " ∧ " + rd.term(rn) + " ≥ " + rd.term(ratNode(new(big.Rat)))
	}
	ob := Obligation{
		Step: c.step, Span: spanOf(c.text, s.s, s.e), Kind: KindSqrtSide,
		Expr: fmt.Sprintf("%s = %s", hd.term(s), ratString(r)), Prop: prop,
		OnProof: Verified, OnDisproof: Refuted,
		WhyProof: fmt.Sprintf("%s is %s", hd.term(s), ratString(r)),
	}
	if c.hyp != nil {
		ob.Hypotheses = []Hypothesis{*c.hyp}
	}
	ob.Lean, ob.LeanNeg = declarations(prop, c.hyp, rd, c.tactic)
	return ob
}

func trailingZeros(canon string) int {
	z := 0
	for i := len(canon) - 1; i > 0 && canon[i] == '0'; i-- {
		z++
	}
	return z
}

// shownValue is the signed value of the shown literal.
func shownValue(shown *numNode, A, B *sideInfo, la, lb *numNode) *big.Rat {
	rv := new(big.Rat).Set(shown.lit.val)
	if _, neg := A.n.(*negNode); neg && shown == la {
		rv.Neg(rv)
	} else if _, neg := B.n.(*negNode); neg && shown == lb {
		rv.Neg(rv)
	}
	return rv
}

// withinRounding reports |x - r| ≤ u/2 (for an ellipsis, |x - r| < u).
func withinRounding(x, r *big.Rat, ellipsis bool, unit *big.Rat) bool {
	d := ratAbs(new(big.Rat).Sub(x, r))
	if ellipsis {
		return d.Cmp(unit) < 0
	}
	return d.Mul(d, big.NewRat(2, 1)).Cmp(unit) <= 0
}

// refuteBlock says why a false claim must not count as refuted, or "".
func (c *claimCtx) refuteBlock(A, B *sideInfo, rel string, t *big.Rat) string {
	if c.doubt != "" {
		return c.doubt
	}
	// Other readings.
	type reading struct {
		neg, pct bool
		kind     string
		name     string
	}
	var readings []reading
	if A.negPow || B.negPow {
		readings = append(readings, reading{neg: true, name: "-a^n read as (-a)^n"})
	}
	// "$7500/75% = $100": a percentage may be a unit of its own (dollars
	// per percent), wherever it stands.
	if hasPercent(A.n) || hasPercent(B.n) {
		readings = append(readings, reading{pct: true, name: "p% read as p"})
	}
	kinds := altKinds(A.n, B.n)
	for _, k := range sortedKeys(kinds) {
		readings = append(readings, reading{kind: k, name: k})
	}
	for _, r := range readings {
		envA, envB := c.sideEnv(A, B), c.sideEnv(B, A)
		for _, env := range []*evalEnv{envA, envB} {
			env.altNegPow, env.altPercent, env.altReading = r.neg, r.pct, r.kind
		}
		x, err1 := envA.eval(A.n)
		y, err2 := envB.eval(B.n)
		if err1 != nil || err2 != nil {
			return "another reading (" + r.name + ") cannot be checked"
		}
		d := ratAbs(new(big.Rat).Sub(x.v, y.v))
		tt := new(big.Rat).Add(x.r, y.r)
		if tt.Cmp(t) < 0 {
			tt = t
		}
		if rel == "=" || rel == "≈" {
			if d.Cmp(tt) < 0 || d.Sign() == 0 {
				return "another reading (" + r.name + ") makes it true"
			}
		} else if dialect.Compare(x.v, y.v, rel) {
			return "another reading (" + r.name + ") makes it true"
		}
	}
	return ""
}

// verifyBlock says why a claim true as parsed must not count as
// verified, or "": a reading the text does not rule out (altSym) under
// which it is false.
func (c *claimCtx) verifyBlock(A, B *sideInfo, rel string, a, b value) string {
	kinds := altKinds(A.n, B.n)
	env := &evalEnv{vars: c.vars, maxBits: c.maxBits, maxExp: c.maxExp}
	for _, k := range sortedKeys(kinds) {
		if !kinds[k] {
			continue
		}
		env.altReading = k
		x, err1 := env.eval(A.n)
		y, err2 := env.eval(B.n)
		if err1 != nil || err2 != nil {
			return "another reading (" + k + ") cannot be checked"
		}
		if x.v.Cmp(a.v) == 0 && y.v.Cmp(b.v) == 0 {
			continue
		}
		if rel == "≈" || !dialect.Compare(x.v, y.v, rel) {
			return "another reading (" + k + ") makes it false"
		}
	}
	return ""
}

// declarations spells the two dialect lines for P.
func declarations(prop string, h *Hypothesis, rd *renderer, tactic string) (string, string) {
	if h == nil {
		return "example : " + prop + " := by " + tactic,
			"example : ¬(" + prop + ") := by " + tactic
	}
	v, _ := new(big.Rat).SetString(h.Value)
	binder := "(" + h.Var + " : Rat) (" + h.Hyp + " : " + h.Var + " = " + rd.term(ratNode(v)) + ")"
	return "example " + binder + " : " + prop + " := by subst_vars; " + tactic,
		"example " + binder + " : ¬(" + prop + ") := by subst_vars; " + tactic
}
