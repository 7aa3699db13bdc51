package translate

import (
	"fmt"
	"math/big"
	"sort"
	"strings"
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
	tactic    string
	maxBits   int
	maxExp    int
}

type linkResult struct {
	obls []Obligation
	skip *Skipped
}

// link turns A rel B into obligations, or a reason to leave it alone.
func (c *claimCtx) link(A, B *sideInfo, rel string) linkResult {
	span := spanOf(c.text, A.s, B.e)
	skip := func(why string) linkResult { return linkResult{skip: &Skipped{Span: span, Reason: why}} }
	env := &evalEnv{vars: c.vars, maxBits: c.maxBits, maxExp: c.maxExp}
	a, err := env.eval(A.n)
	if err != nil {
		return skip(err.Error())
	}
	b, err := env.eval(B.n)
	if err != nil {
		return skip(err.Error())
	}
	roots := map[*sqrtNode]*big.Rat{}
	for _, side := range []*sideInfo{A, B} {
		for _, s := range sqrtNodes(side.n) {
			v, err := env.eval(s)
			if err != nil {
				return skip(err.Error())
			}
			roots[s] = v.v
		}
	}

	// How far apart rounding of the decimals shown lets the sides be.
	t := new(big.Rat).Add(a.r, b.r)
	la, loneA := lone(A.n)
	lb, loneB := lone(B.n)
	if rel == "=" {
		// A whole number against a value that is not whole: floor or
		// ceiling division, or rounding to units ("25 / 4 = 6 bags").
		if loneB && lb.lit.intLit && !lb.lit.percent && !(loneA && la.lit.intLit) && (a.r.Sign() != 0 || !a.v.IsInt()) {
			t.Add(a.r, big.NewRat(1, 1))
		}
		if loneA && la.lit.intLit && !la.lit.percent && !(loneB && lb.lit.intLit) && (b.r.Sign() != 0 || !b.v.IsInt()) {
			t.Add(b.r, big.NewRat(1, 1))
		}
	}
	// The shown value of an approximation: a lone decimal literal, or for
	// ≈ any lone literal; the other side is the exact one.
	var shown *numNode
	var exact node
	var ev *big.Rat
	if rel == "=" || rel == "≈" {
		pick := func(n *numNode) bool {
			return n != nil && !n.lit.percent && (n.lit.dec > 0 || rel == "≈")
		}
		switch {
		case loneA && loneB && pick(la) && pick(lb):
			if la.lit.dec < lb.lit.dec {
				shown, exact, ev = la, B.n, b.v
			} else {
				shown, exact, ev = lb, A.n, a.v
			}
		case loneB && pick(lb):
			shown, exact, ev = lb, A.n, a.v
		case loneA && pick(la):
			shown, exact, ev = la, B.n, b.v
		}
	}
	var unit *big.Rat // the unit in the last place of the shown value
	if shown != nil {
		unit = pow10(-shown.lit.dec)
		if shown.lit.dec == 0 {
			unit = big.NewRat(1, 1)
			z := trailingZeros(shown.lit.canon)
			if z > 0 {
				unit = pow10(z)
			}
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

	if (a.inf || b.inf) && a.v.Cmp(b.v) != 0 {
		return skip("a divisor whose rounding leaves the quotient unbounded")
	}
	if a.inf || b.inf {
		// Equal as written; only a refutation needs the bound.
		t = big.NewRat(1, 1)
	}
	unitSkip, unitBlock := unitsMismatch(A, B, la, lb)
	if unitSkip != "" {
		return skip(unitSkip)
	}
	if unitBlock == "" {
		unitBlock = conversionFactor(A, B, a.v, b.v)
	}
	// Who may refute it.
	refuteBlock := c.refuteBlock(A, B, rel, t)
	if refuteBlock == "" {
		refuteBlock = unitBlock
	}

	rd := &renderer{lean: true, names: map[string]string{}, roots: roots}
	hd := &renderer{}
	if c.hyp != nil {
		rd.names[c.hyp.Name] = c.hyp.Var
	}
	expr := hd.term(A.n) + " " + rel + " " + hd.term(B.n)
	ob := Obligation{Step: c.step, Span: span, Expr: expr}
	if c.hyp != nil {
		ob.Hypotheses = []Hypothesis{*c.hyp}
	}
	diff := new(big.Rat).Sub(a.v, b.v)
	lt := func(x, y node) string { return rd.term(x) + " " + "<" + " " + rd.term(y) }
	sub := func(x, y node) node { return &binNode{op: '-', l: x, r: y} }
	exactly := func(kind Kind, prop string) {
		ob.Kind, ob.Prop = kind, prop
		ob.OnProof, ob.OnDisproof = Verified, Refuted
		if t.Sign() != 0 {
			ob.OnDisproof = Unknown
			ob.Note = "rounding of the decimals shown could explain a difference"
		}
	}
	bound := func(prop string) {
		ob.Kind, ob.Prop = KindRoundingBound, prop
		ob.OnProof, ob.OnDisproof = Unknown, Refuted
		ob.Note = "proving it shows only that rounding could explain the difference"
	}
	switch rel {
	case "=", "≈":
		ad := ratAbs(diff)
		switch {
		case diff.Sign() == 0:
			exactly(KindEquality, rd.term(A.n)+" = "+rd.term(B.n))
		case shown != nil && c.exactWord == "" && approxOK(ev, shownValue(shown, A, B, la, lb), shown.lit.ellipsis, unit):
			// R as a rounding or truncation of X (approximate, never verified).
			rv := shownValue(shown, A, B, la, lb)
			rdg, _ := roundingOf(ev, rv, shown.lit.ellipsis, unit)
			ob.Kind = KindApproximation
			ob.Prop = rd.term(ratNode(rdg.lo)) + rdg.loOp + rd.term(exact) + " ∧ " + rd.term(exact) + rdg.hiOp + rd.term(ratNode(rdg.hi))
			// A refutation needs the rounding-bound statement instead.
			ob.OnProof, ob.OnDisproof = Approximate, Unknown
			ob.Note = "not being this rounding is no error: another convention may explain it"
			if rel == "≈" {
				ob.Expr = hd.term(A.n) + " ≈ " + hd.term(B.n)
			} else {
				ob.Expr += fmt.Sprintf(" (read as a %s to %s)", rdg.name, ratString(unit))
			}
			explainApprox(&ob, hd, exact, ev, rv, unit, rdg)
		case shown != nil && c.exactWord != "" && approxOK(ev, shownValue(shown, A, B, la, lb), shown.lit.ellipsis, unit):
			return skip(fmt.Sprintf("the step says %q, so %s is no rounding; the sides differ by %s, which the decimals shown may still explain",
				c.exactWord, hd.term(shown), ratString(ad)))
		case t.Sign() == 0:
			exactly(KindEquality, rd.term(A.n)+" = "+rd.term(B.n))
		case ad.Cmp(t) >= 0:
			tn := ratNode(t)
			bound(lt(sub(A.n, B.n), tn) + " ∧ " + lt(sub(B.n, A.n), tn))
		default:
			return skip(fmt.Sprintf("the sides differ by %s, less than the rounding of the numbers shown allows (%s)",
				ratString(ad), ratString(t)))
		}
	case "≠":
		exactly(KindInequality, rd.term(A.n)+" ≠ "+rd.term(B.n))
	default:
		holds := compare(a.v, b.v, rel)
		// The violation: how far A exceeds B for < and ≤, B exceeds A for > and ≥.
		viol := new(big.Rat).Set(diff)
		if rel == ">" || rel == "≥" {
			viol.Neg(viol)
		}
		switch {
		case holds || t.Sign() == 0:
			exactly(KindInequality, rd.term(A.n)+" "+rel+" "+rd.term(B.n))
		case viol.Cmp(t) >= 0:
			if rel == "<" || rel == "≤" {
				bound(lt(sub(A.n, B.n), ratNode(t)))
			} else {
				bound(lt(sub(B.n, A.n), ratNode(t)))
			}
		default:
			return skip("the sides are within the rounding of the numbers shown")
		}
	}
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
		explainLink(&ob, hd, A.n, B.n, a.v, b.v, rel, bnd)
	}
	ob.Lean, ob.LeanNeg = declarations(ob.Prop, c.hyp, rd, c.tactic)
	out := linkResult{obls: []Obligation{ob}}
	// Side conditions for roots replaced by their values.
	for _, side := range []*sideInfo{A, B} {
		if side.roots {
			continue
		}
		side.roots = true
		for _, s := range sqrtNodes(side.n) {
			out.obls = append(out.obls, c.rootObligation(s, roots[s], rd, hd))
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
		whyProof: fmt.Sprintf("%s is %s", hd.term(s), ratString(r)),
	}
	if c.hyp != nil {
		ob.Hypotheses = []Hypothesis{*c.hyp}
	}
	ob.Lean, ob.LeanNeg = declarations(prop, c.hyp, rd, c.tactic)
	return ob
}

func compare(a, b *big.Rat, rel string) bool {
	c := a.Cmp(b)
	switch rel {
	case "<":
		return c < 0
	case ">":
		return c > 0
	case "≤":
		return c <= 0
	case "≥":
		return c >= 0
	case "≠":
		return c != 0
	}
	return c == 0
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
	env := &evalEnv{vars: c.vars, maxBits: c.maxBits, maxExp: c.maxExp}
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
		env.altNegPow, env.altPercent, env.altReading = r.neg, r.pct, r.kind
		x, err1 := env.eval(A.n)
		y, err2 := env.eval(B.n)
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
		} else if compare(x.v, y.v, rel) {
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
		if rel == "≈" || !compare(x.v, y.v, rel) {
			return "another reading (" + k + ") makes it false"
		}
	}
	return ""
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// unitsMismatch says why the units of a claim leave it alone (skip), or
// why they forbid a refutation (block). Numbers with different units may
// be related by a conversion the text does not show ("1 hour = 60
// minutes", "5 students per row = 30 students"); verifying "1 = 1" in
// "1 hour = 1 minute" would be as wrong as refuting "1 = 60". A unit
// that converts, or a rate, on one side only ("2 × 30 = 1 hour") may
// hide a conversion too: such a claim can be verified but not refuted.
func unitsMismatch(A, B *sideInfo, la, lb *numNode) (skip, block string) {
	dA, okA := dimsOf(A.n)
	dB, okB := dimsOf(B.n)
	if !okA || !okB {
		return "units that do not add up (a sum of different units)", ""
	}
	// A side whose units cancel ($60 / $4) counts as a bare number.
	uA, uB := len(dA) > 0, len(dB) > 0
	switch {
	case uA && uB && !dA.equal(dB):
		return "different units on the two sides (" + dA.String() + " vs " + dB.String() + "): a conversion or prose may be implied", ""
	case uA != uB:
		d, loneUnit, loneOther := dA, la != nil, lb != nil
		if uB {
			d, loneUnit, loneOther = dB, lb != nil, la != nil
		}
		if loneUnit && loneOther {
			return "a number with a unit against a bare number: prose around a number, or a conversion", ""
		}
		for k, e := range d {
			if e < 0 {
				return "", "a rate (" + k + ") on one side only: a factor may be implied"
			}
			for _, w := range strings.Fields(k) {
				if convertible[w] {
					return "", "a unit (" + w + ") on one side only: a conversion may be implied"
				}
			}
		}
	}
	return "", ""
}

// conversionFactors relate common units: 10^k (cents, grams, metres),
// 12 (inches, months), 16 (ounces), 24, 60, 1440, 3600 (time), 36, 52,
// 365.
var conversionFactors = []int64{10, 100, 1000, 10000, 100000, 1000000, 12, 16, 24, 36, 52, 60, 365, 1440, 3600}

// conversionFactor blocks a refutation when a unit stands on one side
// only and the sides differ by a conversion factor ("900 - 100 = $8":
// cents and dollars).
func conversionFactor(A, B *sideInfo, a, b *big.Rat) string {
	dA, _ := dimsOf(A.n)
	dB, _ := dimsOf(B.n)
	if (len(dA) > 0) == (len(dB) > 0) || a.Sign() == 0 || b.Sign() == 0 {
		return ""
	}
	r := ratAbs(new(big.Rat).Quo(a, b))
	for _, f := range conversionFactors {
		x := big.NewRat(f, 1)
		if r.Cmp(x) == 0 || new(big.Rat).Inv(r).Cmp(x) == 0 {
			return fmt.Sprintf("the sides differ by a unit-conversion factor (%d) and only one side has a unit", f)
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
