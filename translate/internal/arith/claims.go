package arith

import (
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/leanprm/leanprm/translate/algebra"
	"github.com/leanprm/leanprm/translate/internal/dialect"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/obligation"
)

// ClaimCtx is what a link needs to become an obligation.
type ClaimCtx struct {
	Step  int
	Text  string
	Vars  map[string]Value
	Hyp   *obligation.Hypothesis
	Doubt string
	// Modular says why "=" may stand for "≡" in the chain ("" when it
	// cannot), Moduli the moduli the chain names (nil: not all named).
	Modular string
	Moduli  []*big.Int
	// Contrast is the doubt of a contrast word alone ("however", "but"),
	// lifted for "=" and kept for every other relation.
	Contrast string
	// exactWord is a word of the step ("exactly") that takes away the
	// rounding reading of its decimals.
	ExactWord string
	// midChain: the link's left side is the right side of an earlier "="
	// link, and its right side ends the run with no word after it.
	MidChain bool
	// exact holds the values the problem states (problem.go); nil when
	// there is no problem or it states no decimal.
	Exact   *ExactSet
	Tactic  string
	MaxBits int
	MaxExp  int
}

// LinkResult is what Link makes of one link: its obligations, or the reason it was skipped.
type LinkResult struct {
	Obls []obligation.Obligation
	Skip *obligation.Skipped
}

// Link turns A rel B into obligations, or a reason to leave it alone. The decisions are here,
// top to bottom; the helpers below compute what they read.
func (c *ClaimCtx) Link(A, B *SideInfo, rel string) LinkResult {
	span := mathtext.SpanOf(c.Text, A.S, B.E)
	skip := func(why string) LinkResult { return LinkResult{Skip: &obligation.Skipped{Span: span, Reason: why}} }
	a, b, roots, err := c.sideValues(A, B)
	if err != nil {
		return skip(err.Error())
	}
	la, loneA := Lone(A.N)
	lb, loneB := Lone(B.N)
	sh := shownPrecision(A, B, a, b, la, lb, loneA, loneB, rel)
	t := tolerance(a, b, la, lb, loneA, loneB && !c.writtenFraction(A, a, B.E), rel, sh.unit)
	if rel == "≈" && t.Cmp(unitsTolerance) > 0 && c.unitsClaimed(A, B, a, b, la, lb, loneA, loneB) {
		t = new(big.Rat).Set(unitsTolerance) // a whole number shown to its units (unitsclaim.go)
	}
	if (a.Inf || b.Inf) && a.V.Cmp(b.V) != 0 {
		return skip("a divisor whose rounding leaves the quotient unbounded")
	}
	if a.Inf || b.Inf {
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
		d.exactly(obligation.KindInequality, d.rd.term(A.N)+" ≠ "+d.rd.term(B.N))
	default:
		why = d.order(A, B, rel, a, b)
	}
	if why != "" {
		return skip(why)
	}
	ob := &d.ob
	if refuteBlock != "" && ob.OnDisproof == obligation.Refuted {
		ob.OnDisproof = obligation.Unknown
		ob.Note = refuteBlock
	}
	if vb := c.verifyBlock(A, B, rel, a, b); vb != "" && ob.OnProof != obligation.Unknown {
		if ob.OnDisproof == obligation.Unknown {
			return skip("the text can be read two ways: " + vb)
		}
		ob.OnProof = obligation.Unknown
		ob.Note = vb
	}
	if ob.Kind != obligation.KindApproximation {
		var bnd *big.Rat
		if ob.Kind == obligation.KindRoundingBound {
			bnd = t
		}
		explainLink(ob, d.hd, A.N, B.N, a.V, b.V, rel, bnd)
		if given := c.givenLiterals(A, B); len(given) > 0 {
			them := "them"
			if len(given) == 1 {
				them = "it"
			}
			ob.WhyDisproof += "; " + strings.Join(given, ", ") + " as the problem states " + them + ", not rounded"
		}
	}
	ob.Lean, ob.LeanNeg = hypDeclarations(ob.Prop, c.Hyp, d.rd, c.Tactic)
	return LinkResult{Obls: append([]obligation.Obligation{*ob}, c.rootConditions(A, B, roots, d.rd, d.hd)...)}
}

// sideValues evaluates both sides, and every square root in them (their values replace the
// roots in the Lean rendering).
func (c *ClaimCtx) sideValues(A, B *SideInfo) (a, b Value, roots map[*sqrtNode]*big.Rat, err error) {
	if a, err = c.sideEnv(A, B).Eval(A.N); err != nil {
		return a, b, nil, err
	}
	if b, err = c.sideEnv(B, A).Eval(B.N); err != nil {
		return a, b, nil, err
	}
	roots = map[*sqrtNode]*big.Rat{}
	for _, side := range [][2]*SideInfo{{A, B}, {B, A}} {
		env := c.sideEnv(side[0], side[1])
		for _, s := range sqrtNodes(side[0].N) {
			v, err := env.Eval(s)
			if err != nil {
				return a, b, nil, err
			}
			roots[s] = v.V
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
func (c *ClaimCtx) sideEnv(S, O *SideInfo) *EvalEnv {
	env := &EvalEnv{Vars: c.Vars, MaxBits: c.MaxBits, MaxExp: c.MaxExp}
	if c.givenExact(S, O) {
		env.exact = c.Exact
	}
	return env
}

// givenExact says the problem's decimals are exact in side S against O.
func (c *ClaimCtx) givenExact(S, O *SideInfo) bool {
	_, loneS := Lone(S.N)
	_, loneO := Lone(O.N)
	return c.Exact != nil && !loneS && loneO
}

// givenLiterals lists the decimals of the claim's computations that the
// problem states, which sideEnv takes as exact.
func (c *ClaimCtx) givenLiterals(A, B *SideInfo) []string {
	var out []string
	for _, S := range [][2]*SideInfo{{A, B}, {B, A}} {
		if !c.givenExact(S[0], S[1]) {
			continue
		}
		walk(S[0].N, func(x Node) {
			if m, ok := x.(*NumNode); ok && c.Exact.literal(m.Lit) {
				lit := m.Lit.Canon
				if m.Lit.Percent {
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
	num   *NumNode // the literal shown; nil when there is none
	exact Node     // the other side, the exact one
	ev    *big.Rat // the value of exact
	unit  *big.Rat // the unit in the last place of num; nil when num is
}

// shownPrecision picks the shown value of an approximation: a lone decimal literal, or for ≈
// any lone literal; of two, the one with fewer decimals. Its unit is one in its last decimal
// place, or for a whole number one in its last nonzero digit (1200 is shown to hundreds).
func shownPrecision(A, B *SideInfo, a, b Value, la, lb *NumNode, loneA, loneB bool, rel string) shown {
	var sh shown
	if rel == "=" || rel == "≈" {
		pick := func(n *NumNode) bool {
			// a percentage is shown to its last place too: "1/3 = 33%" is 1/3 rounded to 0.01
			return n != nil && (n.Lit.Dec > 0 || rel == "≈" || n.Lit.Percent)
		}
		switch {
		case loneA && loneB && pick(la) && pick(lb):
			if la.Lit.Dec < lb.Lit.Dec {
				sh.num, sh.exact, sh.ev = la, B.N, b.V
			} else {
				sh.num, sh.exact, sh.ev = lb, A.N, a.V
			}
		case loneB && pick(lb):
			sh.num, sh.exact, sh.ev = lb, A.N, a.V
		case loneA && pick(la):
			sh.num, sh.exact, sh.ev = la, B.N, b.V
		}
	}
	if sh.num != nil {
		sh.unit = algebra.Pow10(-sh.num.Lit.Dec)
		if sh.num.Lit.Percent {
			sh.unit = algebra.Pow10(-sh.num.Lit.Dec - 2) // a hundredth of the last place's unit: 33% is 0.33
		} else if sh.num.Lit.Dec == 0 {
			sh.unit = big.NewRat(1, 1)
			z := trailingZeros(sh.num.Lit.Canon)
			if z > 0 {
				sh.unit = algebra.Pow10(z)
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
func (c *ClaimCtx) writtenFraction(S *SideInfo, v Value, end int) bool {
	if !c.MidChain || v.R.Sign() != 0 || S.S < 0 || S.E > len(c.Text) || S.S >= S.E {
		return false
	}
	return strings.Contains(c.Text[S.S:S.E], "frac") && !c.wordAfter(end)
}

// wordAfter says a word follows byte i past spaces and math delimiters
// ("= 10 \) full pens").
func (c *ClaimCtx) wordAfter(i int) bool {
	if i < 0 || i > len(c.Text) {
		return true
	}
	rest := c.Text[i:]
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
func tolerance(a, b Value, la, lb *NumNode, loneA, loneB bool, rel string, unit *big.Rat) *big.Rat {
	t := new(big.Rat).Add(a.R, b.R)
	if rel == "=" {
		if loneB && lb.Lit.IntLit && !lb.Lit.Percent && !(loneA && la.Lit.IntLit) && (a.R.Sign() != 0 || !a.V.IsInt()) {
			t.Add(a.R, big.NewRat(1, 1))
		}
		if loneA && la.Lit.IntLit && !la.Lit.Percent && !(loneB && lb.Lit.IntLit) && (b.R.Sign() != 0 || !b.V.IsInt()) {
			t.Add(b.R, big.NewRat(1, 1))
		}
	}
	if rel == "≈" {
		// Approximately is loose: allow a twentieth of the value too, unless
		// a lone decimal is shown to two or more places against the other
		// side ("59049 / 729 ≈ 80.83", "199 × 3.14159 ≈ 624.82"): the places
		// shown claim that precision, and ten units of the last one are
		// allowed beyond what the rounding of the other side's decimals
		// explains.
		loose := new(big.Rat).Quo(ratAbs(a.V), big.NewRat(20, 1))
		if shown := placesShown(la, lb, loneA, loneB); shown != nil {
			loose = shown.Add(shown, t)
		}
		if loose.Cmp(t) > 0 {
			t = loose
		}
		if unit != nil && unit.Cmp(t) > 0 {
			t = new(big.Rat).Set(unit)
		}
	}
	return t
}

// placesShown is ten units of the last place of a lone decimal with two or
// more places set against the other side ("59049 / 729 ≈ 80.83"), or nil.
// Against a side with decimals of its own the caller adds their rounding.
func placesShown(la, lb *NumNode, loneA, loneB bool) *big.Rat {
	unit := func(n *NumNode) *big.Rat {
		return new(big.Rat).SetFrac(big.NewInt(10), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(n.Lit.Dec)), nil))
	}
	shown := func(n *NumNode) bool { return n.Lit.Dec >= 2 && !n.Lit.Ellipsis && !n.Lit.Percent }
	switch {
	case loneB && shown(lb) && !(loneA && shown(la)):
		return unit(lb)
	case loneA && shown(la) && !(loneB && shown(lb)):
		return unit(la)
	}
	return nil
}

// problemUnit reports whether a number of the claim is one the problem
// states with the unit word unit.
func (c *ClaimCtx) problemUnit(A, B *SideInfo, unit string) bool {
	found := false
	for _, s := range []*SideInfo{A, B} {
		walk(s.N, func(x Node) {
			if n, ok := x.(*NumNode); ok && !n.Lit.Percent && c.Exact.HasUnit(n.Lit.Val, unit) {
				found = true
			}
		})
	}
	return found
}

// refuters says who may refute the claim: a reason to skip it when its units do not match,
// and otherwise what, if anything, keeps a failed proof from refuting it (units, a conversion
// factor, or the claim's wording).
func (c *ClaimCtx) refuters(A, B *SideInfo, a, b Value, la, lb *NumNode, rel string, t *big.Rat) (skip, block string) {
	if A.S < B.E && B.E <= len(c.Text) && leadingZero(c.Text[A.S:B.E]) {
		return "a number with a leading zero (0900): a clock time or a code, not base-10 arithmetic", ""
	}
	unitSkip, unitBlock := unitsMismatch(A, B, la, lb)
	if unitSkip != "" {
		return unitSkip, ""
	}
	if w, ok := strings.CutPrefix(unitBlock, "a unit ("); ok {
		w = w[:strings.IndexByte(w, ')')]
		switch {
		case !conversionLike(a.V, b.V, w):
			// "20 - 2 * 2.5 = 10 ounces": 10 is not 15 ounces in any other unit.
			unitBlock = ""
		case c.problemUnit(A, B, w):
			// "8 × 70 = 540 meters" after "70 meters per lap": the
			// computation is in meters already, no conversion is implied.
			unitBlock = ""
		}
	}
	if unitBlock == "" {
		unitBlock = conversionFactor(A, B, a.V, b.V)
	}
	block = c.refuteBlock(A, B, rel, t)
	if block == "" {
		block = c.modularBlock(a.V, b.V, rel)
	}
	if block == "" {
		block = unitBlock
	}
	return "", block
}

// modularBlock says why a false x rel y may be a true congruence, or "".
// "≈" between sides of which one is no whole number is no congruence; "="
// is none when the sides are whole numbers whose difference shares no
// factor with any modulus the chain names (coprimeToModuli).
func (c *ClaimCtx) modularBlock(x, y *big.Rat, rel string) string {
	switch {
	case c.Modular == "":
		return ""
	case rel == "≈" && (!x.IsInt() || !y.IsInt()):
		return ""
	case rel == "=" && coprimeToModuli(x, y, c.Moduli):
		return ""
	}
	return c.Modular
}

// draft is the obligation link is building, with its two renderers (rd for Lean, hd for
// people) and the tolerance t.
type draft struct {
	ob     obligation.Obligation
	rd, hd *renderer
	t      *big.Rat
}

func (c *ClaimCtx) newDraft(A, B *SideInfo, rel string, span obligation.Span, roots map[*sqrtNode]*big.Rat, t *big.Rat) *draft {
	d := &draft{rd: &renderer{lean: true, names: map[string]string{}, roots: roots}, hd: &renderer{}, t: t}
	if c.Hyp != nil {
		d.rd.names[c.Hyp.Name] = c.Hyp.Var
	}
	d.ob = obligation.Obligation{Step: c.Step, Span: span, Expr: d.hd.term(A.N) + " " + rel + " " + d.hd.term(B.N)}
	if c.Hyp != nil {
		d.ob.Hypotheses = []obligation.Hypothesis{*c.Hyp}
	}
	return d
}

// lt renders x < y for Lean.
func (d *draft) lt(x, y Node) string { return d.rd.term(x) + " " + "<" + " " + d.rd.term(y) }

func sub(x, y Node) Node { return &BinNode{Op: '-', L: x, R: y} }

// exactly makes prop the claim itself: proved it is verified; disproved it is refuted unless
// rounding could explain a difference.
func (d *draft) exactly(kind obligation.Kind, prop string) {
	d.ob.Kind, d.ob.Prop = kind, prop
	d.ob.OnProof, d.ob.OnDisproof = obligation.Verified, obligation.Refuted
	if d.t.Sign() != 0 {
		d.ob.OnDisproof = obligation.Unknown
		d.ob.Note = "rounding of the decimals shown could explain a difference"
	}
}

// bound makes prop the rounding bound: disproved the claim is refuted (no rounding explains
// the difference); proved it is still unknown.
func (d *draft) bound(prop string) {
	d.ob.Kind, d.ob.Prop = obligation.KindRoundingBound, prop
	d.ob.OnProof, d.ob.OnDisproof = obligation.Unknown, obligation.Refuted
	d.ob.Note = "proving it shows only that rounding could explain the difference"
}

// equality decides = and ≈: equal, an approximation of the shown value, exactly equal, or the
// rounding bound; a non-empty result is why the claim is left alone.
func (c *ClaimCtx) equality(d *draft, A, B *SideInfo, rel string, a, b Value, la, lb *NumNode, sh shown) string {
	diff := new(big.Rat).Sub(a.V, b.V)
	ad := ratAbs(diff)
	switch {
	case diff.Sign() == 0:
		d.exactly(obligation.KindEquality, d.rd.term(A.N)+" = "+d.rd.term(B.N))
	case sh.num != nil && c.ExactWord == "" && approxOK(sh.ev, shownValue(sh.num, A, B, la, lb), sh.num.Lit.Ellipsis, sh.unit):
		// R as a rounding or truncation of X (approximate, never verified).
		rv := shownValue(sh.num, A, B, la, lb)
		rdg, _ := roundingOf(sh.ev, rv, sh.num.Lit.Ellipsis, sh.unit)
		d.ob.Kind = obligation.KindApproximation
		d.ob.Prop = d.rd.term(ratNode(rdg.lo)) + rdg.loOp + d.rd.term(sh.exact) + " ∧ " + d.rd.term(sh.exact) + rdg.hiOp + d.rd.term(ratNode(rdg.hi))
		// A refutation needs the rounding-bound statement instead.
		d.ob.OnProof, d.ob.OnDisproof = obligation.Approximate, obligation.Unknown
		d.ob.Note = "not being this rounding is no error: another convention may explain it"
		if rel == "≈" {
			d.ob.Expr = d.hd.term(A.N) + " ≈ " + d.hd.term(B.N)
		} else {
			d.ob.Expr += fmt.Sprintf(" (read as a %s to %s)", rdg.name, RatString(sh.unit))
		}
		explainApprox(&d.ob, d.hd, sh.exact, sh.ev, rv, sh.unit, rdg)
	case sh.num != nil && c.ExactWord != "" && approxOK(sh.ev, shownValue(sh.num, A, B, la, lb), sh.num.Lit.Ellipsis, sh.unit):
		return fmt.Sprintf("not read as a rounding, since the step says %q; not refuted either: the sides differ by only %s, which a rounding of %s would explain, and %q may be about another part of the step",
			c.ExactWord, RatString(ad), d.hd.term(sh.num), c.ExactWord)
	case d.t.Sign() == 0:
		d.exactly(obligation.KindEquality, d.rd.term(A.N)+" = "+d.rd.term(B.N))
	case ad.Cmp(d.t) >= 0:
		tn := ratNode(d.t)
		d.bound(d.lt(sub(A.N, B.N), tn) + " ∧ " + d.lt(sub(B.N, A.N), tn))
	default:
		return fmt.Sprintf("the sides differ by %s, less than the rounding of the numbers shown allows (%s)",
			RatString(ad), RatString(d.t))
	}
	return ""
}

// order decides < ≤ > ≥: holding (or nothing to round), the claim itself; violated by at least
// the tolerance, the rounding bound; otherwise it is left alone (the result says why).
func (d *draft) order(A, B *SideInfo, rel string, a, b Value) string {
	holds := dialect.Compare(a.V, b.V, rel)
	switch {
	case holds || d.t.Sign() == 0:
		d.exactly(obligation.KindInequality, d.rd.term(A.N)+" "+rel+" "+d.rd.term(B.N))
	case violation(a.V, b.V, rel).Cmp(d.t) >= 0:
		if rel == "<" || rel == "≤" {
			d.bound(d.lt(sub(A.N, B.N), ratNode(d.t)))
		} else {
			d.bound(d.lt(sub(B.N, A.N), ratNode(d.t)))
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
func (c *ClaimCtx) rootConditions(A, B *SideInfo, roots map[*sqrtNode]*big.Rat, rd, hd *renderer) []obligation.Obligation {
	var out []obligation.Obligation
	for _, side := range []*SideInfo{A, B} {
		if side.Roots {
			continue
		}
		side.Roots = true
		for _, s := range sqrtNodes(side.N) {
			out = append(out, c.rootObligation(s, roots[s], rd, hd))
		}
	}
	return out
}

func (c *ClaimCtx) rootObligation(s *sqrtNode, r *big.Rat, rd, hd *renderer) obligation.Obligation {
	rn := ratNode(r)
	var lhs Node = &BinNode{Op: '*', L: rn, R: rn}
	if s.n != 2 {
		lhs = &powNode{base: rn, exp: s.n}
	}
	prop := rd.term(lhs) + " = " + rd.term(s.arg)
	if s.n%2 == 0 {
		prop += " ∧ " + rd.term(rn) + " ≥ " + rd.term(ratNode(new(big.Rat)))
	}
	ob := obligation.Obligation{
		Step: c.Step, Span: mathtext.SpanOf(c.Text, s.s, s.e), Kind: obligation.KindSqrtSide,
		Expr: fmt.Sprintf("%s = %s", hd.term(s), RatString(r)), Prop: prop,
		OnProof: obligation.Verified, OnDisproof: obligation.Refuted,
		WhyProof: fmt.Sprintf("%s is %s", hd.term(s), RatString(r)),
	}
	if c.Hyp != nil {
		ob.Hypotheses = []obligation.Hypothesis{*c.Hyp}
	}
	ob.Lean, ob.LeanNeg = hypDeclarations(prop, c.Hyp, rd, c.Tactic)
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
func shownValue(shown *NumNode, A, B *SideInfo, la, lb *NumNode) *big.Rat {
	rv := new(big.Rat).Set(shown.Lit.Val)
	if shown.Lit.Percent {
		rv.Quo(rv, big.NewRat(100, 1))
	}
	if _, neg := A.N.(*negNode); neg && shown == la {
		rv.Neg(rv)
	} else if _, neg := B.N.(*negNode); neg && shown == lb {
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
func (c *ClaimCtx) refuteBlock(A, B *SideInfo, rel string, t *big.Rat) string {
	if c.Doubt != "" {
		return c.Doubt
	}
	if c.Contrast != "" && rel != "=" {
		return c.Contrast
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
	if hasPercent(A.N) || hasPercent(B.N) {
		readings = append(readings, reading{pct: true, name: "p% read as p"})
	}
	kinds := AltKinds(A.N, B.N)
	for _, k := range sortedKeys(kinds) {
		readings = append(readings, reading{kind: k, name: k})
	}
	for _, r := range readings {
		envA, envB := c.sideEnv(A, B), c.sideEnv(B, A)
		for _, env := range []*EvalEnv{envA, envB} {
			env.altNegPow, env.altPercent, env.altReading = r.neg, r.pct, r.kind
		}
		x, err1 := envA.Eval(A.N)
		y, err2 := envB.Eval(B.N)
		if err1 != nil || err2 != nil {
			return "another reading (" + r.name + ") cannot be checked"
		}
		d := ratAbs(new(big.Rat).Sub(x.V, y.V))
		tt := new(big.Rat).Add(x.R, y.R)
		if tt.Cmp(t) < 0 {
			tt = t
		}
		if rel == "=" || rel == "≈" {
			if d.Cmp(tt) < 0 || d.Sign() == 0 {
				return "another reading (" + r.name + ") makes it true"
			}
		} else if dialect.Compare(x.V, y.V, rel) {
			return "another reading (" + r.name + ") makes it true"
		}
	}
	return ""
}

// verifyBlock says why a claim true as parsed must not count as
// verified, or "": a reading the text does not rule out (altSym) under
// which it is false.
func (c *ClaimCtx) verifyBlock(A, B *SideInfo, rel string, a, b Value) string {
	kinds := AltKinds(A.N, B.N)
	env := &EvalEnv{Vars: c.Vars, MaxBits: c.MaxBits, MaxExp: c.MaxExp}
	for _, k := range sortedKeys(kinds) {
		if !kinds[k] {
			continue
		}
		env.altReading = k
		x, err1 := env.Eval(A.N)
		y, err2 := env.Eval(B.N)
		if err1 != nil || err2 != nil {
			return "another reading (" + k + ") cannot be checked"
		}
		if x.V.Cmp(a.V) == 0 && y.V.Cmp(b.V) == 0 {
			continue
		}
		if rel == "≈" || !dialect.Compare(x.V, y.V, rel) {
			return "another reading (" + k + ") makes it false"
		}
	}
	return ""
}

// Declarations spells the two dialect lines for a closed P, P and ¬(P), closed by tactic.
func Declarations(prop, tactic string) (string, string) {
	return hypDeclarations(prop, nil, nil, tactic)
}

// hypDeclarations spells the two dialect lines for P under the hypothesis h (none when nil),
// its value written by rd.
func hypDeclarations(prop string, h *obligation.Hypothesis, rd *renderer, tactic string) (string, string) {
	if h == nil {
		return "example : " + prop + " := by " + tactic,
			"example : ¬(" + prop + ") := by " + tactic
	}
	v, _ := new(big.Rat).SetString(h.Value)
	binder := "(" + h.Var + " : Rat) (" + h.Hyp + " : " + h.Var + " = " + rd.term(ratNode(v)) + ")"
	return "example " + binder + " : " + prop + " := by subst_vars; " + tactic,
		"example " + binder + " : ¬(" + prop + ") := by subst_vars; " + tactic
}

// coprimeToModuli reports that x = y cannot stand for a congruence modulo
// any of ms or a divisor of one: both are whole numbers whose difference
// shares no factor with any of them. With no moduli it reports false: an
// unnamed modulus rules nothing out.
func coprimeToModuli(x, y *big.Rat, ms []*big.Int) bool {
	if len(ms) == 0 || !x.IsInt() || !y.IsInt() {
		return false
	}
	d := new(big.Int).Sub(x.Num(), y.Num())
	if d.Sign() == 0 {
		return false
	}
	d.Abs(d)
	g := new(big.Int)
	for _, m := range ms {
		if g.GCD(nil, nil, d, m).Cmp(big.NewInt(1)) != 0 {
			return false
		}
	}
	return true
}
