package outcome

import (
	"errors"
	"fmt"
	"math/big"
	"strings"

	"github.com/leanprm/leanprm/hybrid/outcome/internal/expr"
	"github.com/leanprm/leanprm/translate/algebra"
)

// cmp is one comparison's verdict and the reason for it.
type cmp struct {
	v      Verdict
	reason string
}

func eq(format string, a ...any) cmp   { return cmp{Equal, fmt.Sprintf(format, a...)} }
func diff(format string, a ...any) cmp { return cmp{Different, fmt.Sprintf(format, a...)} }
func unk(format string, a ...any) cmp  { return cmp{Unknown, fmt.Sprintf(format, a...)} }

// rank orders kinds so that compare sees each unordered pair of kinds one
// way only, which keeps the verdict symmetric.
func rank(k kind) int { return int(k) }

// compare decides a against b; la and lb name them in reasons ("gold",
// "answer"). The verdict does not depend on the order of the arguments.
func (p policy) compare(a, b *form, la, lb string, depth int) cmp {
	if depth > maxDepth {
		return unk("nested too deep")
	}
	if rank(a.kind) > rank(b.kind) {
		a, b, la, lb = b, a, lb, la
	}
	for _, x := range [][2]*form{{a, b}, {b, a}} {
		if x[0].comma != nil && x[1].kind == kExpr && x[1].comma == nil && p.compare(x[0].comma, x[1], "", "", depth+1).v != Different {
			return unk("%s is a list or, with a decimal comma, %s: not decided against %s", x[0].norm, x[0].comma.norm, x[1].norm)
		}
	}
	switch {
	case a.kind == kBad || b.kind == kBad:
		if a.kind == b.kind && a.text != "" && a.text == b.text {
			return eq("identical as written (%s)", a.norm)
		}
		bad, l := a, la
		if a.kind != kBad {
			bad, l = b, lb
		}
		return unk("the %s is not understood: %v", l, plain(bad.err))
	case a.kind == kChoice || b.kind == kChoice:
		if a.kind == b.kind {
			if a.text == b.text {
				return eq("the same choice %s", a.norm)
			}
			return diff("different choices: %s against %s", a.norm, b.norm)
		}
		c, o, lc, lo := a, b, la, lb
		if b.kind == kChoice {
			c, o, lc, lo = b, a, lb, la
		}
		if len(c.elems) == 1 { // "(B) 15": the option's value written beside its letter
			r := p.compare(c.elems[0], o, lc, lo, depth+1)
			r.reason = fmt.Sprintf("the value written with the choice %s: %s", c.norm, r.reason)
			return r
		}
		return unk("a choice letter against an answer of another kind")
	case a.kind == kText || b.kind == kText:
		if a.kind != b.kind {
			t, o := a, b
			if b.kind == kText {
				t, o = b, a
			}
			if t.vocab == "special" && (o.kind == kEmpty || o.kind == kExpr && !o.hasVar && o.inf == 0 && o.valErr == nil) {
				return diff("%q against %s: %q is no number and no empty set", t.text, o.norm, t.text)
			}
			return unk("text against a mathematical answer")
		}
		if a.text == b.text {
			return eq("the same text %q", a.text)
		}
		if a.vocab != "" && a.vocab == b.vocab {
			return diff("%q against %q, two different words of %s", a.text, b.text, a.vocab)
		}
		return unk("different text (%q, %q) is not decided", a.text, b.text)
	case a.kind == kEmpty || b.kind == kEmpty:
		return p.compareEmpty(a, b, la, lb, depth)
	}
	switch a.kind {
	case kExpr:
		if a.hasVar && b.kind != kExpr && b.kind != kEquation {
			// x ∈ ℝ read as a letter, S for a set: a letter may name the other answer
			return unk("an expression with a variable (%s) against %s", a.norm, b.norm)
		}
		switch b.kind {
		case kExpr:
			return p.compareExpr(a, b, la, lb)
		case kTuple:
			if len(b.elems) == 1 {
				return p.compare(a, b.elems[0], la, lb, depth+1)
			}
			return diff("one value (%s) against a tuple of %d", a.norm, len(b.elems))
		case kSet:
			return p.compareSets(&form{kind: kSet, elems: []*form{a}, norm: a.norm}, b, la, lb, depth)
		case kInterval:
			if nondegenerate(b.ivs) {
				return diff("one value (%s) against an interval %s", a.norm, b.norm)
			}
			return unk("a value against an interval whose ends are not ordered")
		case kEquation:
			return unk("a value against an equation")
		}
	case kTuple:
		switch b.kind {
		case kTuple:
			return p.compareTuples(a, b, la, lb, depth)
		case kSet:
			if len(b.elems) > 0 && allKind(b.elems, kTuple) && !allKind(a.elems, kTuple) {
				// (x, y) = (1, 4) against {(1, 4)}: one solution against a set of them
				return p.compareSets(&form{kind: kSet, elems: []*form{a}, norm: a.norm}, b, la, lb, depth)
			}
			if b.bare {
				inOrder := p.compareTuples(&form{kind: kTuple, elems: b.elems}, a, lb, la, depth)
				if inOrder.v == Equal {
					return eq("%s in the order written", inOrder.reason)
				}
			}
			asSets := p.compareSets(&form{kind: kSet, elems: a.elems}, b, la, lb, depth)
			if asSets.v == Different {
				return asSets
			}
			if !b.bare {
				return unk("an ordered tuple %s against the set %s: whether the question asks for either is not decided", a.norm, b.norm)
			}
			return unk("a tuple against a list in another order: whether order matters is not decided")
		case kInterval:
			if a.paren && len(a.elems) == 2 {
				iv, err := tupleInterval(a)
				if err == nil {
					return compareIntervals(&form{kind: kInterval, ivs: []interval{iv}, norm: a.norm}, b, la, lb)
				}
			}
			return unk("a tuple against an interval")
		case kEquation:
			return unk("a tuple against an equation")
		}
	case kSet:
		switch b.kind {
		case kSet:
			return p.compareSets(a, b, la, lb, depth)
		case kInterval:
			return unk("a set of values against an interval")
		case kEquation:
			return unk("a set against an equation")
		}
	case kInterval:
		switch b.kind {
		case kInterval:
			return compareIntervals(a, b, la, lb)
		case kEquation:
			return unk("an interval against an equation")
		}
	case kEquation:
		return compareEquations(a, b, la, lb)
	}
	return unk("answers of different kinds")
}

// plain renders an error for a reason, without the sentinel's prefix.
func plain(err error) string {
	if err == nil {
		return "no reason"
	}
	return err.Error()
}

func (p policy) compareEmpty(a, b *form, la, lb string, depth int) cmp {
	if a.kind == kEmpty && b.kind == kEmpty {
		return eq("both state that there is no solution")
	}
	other := a
	if a.kind == kEmpty {
		other = b
	}
	switch other.kind {
	case kExpr:
		if other.hasVar {
			return unk("no solution against an expression with a variable (%s)", other.norm)
		}
		if other.valErr == nil && other.val.equal(num{}) {
			return unk("no solution against 0: \"none\" may be the count 0")
		}
		return diff("no solution against the value %s", other.norm)
	case kSet, kTuple:
		if len(other.elems) > 0 {
			return diff("no solution against %s", other.norm)
		}
	case kInterval:
		if nondegenerate(other.ivs) {
			return diff("no solution against the interval %s", other.norm)
		}
	}
	return unk("no solution against %s", other.norm)
}

// compareExpr decides two expressions: numbers exactly, with their units, expressions
// with variables as rational functions.
func (p policy) compareExpr(a, b *form, la, lb string) cmp {
	if a.name != "" && b.name != "" && a.name != b.name && !curveOf(a, b) && !curveOf(b, a) {
		return unk("values of different variables (%s, %s)", a.name, b.name)
	}
	if a.noun != "" && b.noun != "" && a.noun != b.noun {
		return unk("different words after the numbers (%s, %s)", a.noun, b.noun)
	}
	if a.noun != "" && a.unit == nil && b.unit != nil || b.noun != "" && b.unit == nil && a.unit != nil {
		return unk("a number of %s against a number with a unit (%s, %s)", a.noun+b.noun, a.norm, b.norm)
	}
	if a.inf != 0 || b.inf != 0 {
		switch {
		case a.inf != 0 && b.inf != 0 && a.inf == b.inf:
			return eq("both are %s", a.norm)
		case a.inf != 0 && b.inf != 0:
			return diff("%s against %s", a.norm, b.norm)
		case a.unit != nil || b.unit != nil:
			return unk("infinity against a number with a unit")
		}
		return diff("an infinite answer against the finite %s", map[bool]string{true: b.norm, false: a.norm}[a.inf != 0])
	}
	if a.approx || b.approx {
		return compareApprox(a, b, la, lb)
	}
	if (a.valErr != nil || a.rErr != nil) && sameTree(a.n, b.n, 0) {
		// not evaluated, but the same expression as written (2^n, \log_2 3)
		return eq("the same expression %s", a.norm)
	}
	if a.hasVar || b.hasVar {
		if a.unit != nil || b.unit != nil {
			return unk("an expression with a variable and a unit (%s, %s)", a.norm, b.norm)
		}
		if a.bound != "" && b.bound != "" && a.bound != b.bound {
			// f(t) = … against f(x) = …: the same function when equal with t renamed x
			inA, inB := map[string]bool{}, map[string]bool{}
			varNames(a.n, inA)
			varNames(b.n, inB)
			if inB[a.bound] || inA[b.bound] { // g(x) = y against g(y) = x: either renaming captures
				return unk("the functions' variables %s and %s clash", a.bound, b.bound)
			}
			r := buildExpr(renameVar(b.n, b.bound, a.bound))
			c := compareRat(a, r, la, lb)
			c.reason = fmt.Sprintf("with %s renamed %s: %s", b.bound, a.bound, c.reason)
			return c
		}
		if f, o := a, b; (a.bound != "") != (b.bound != "") {
			// f(t) = t^2 against x^2 or y = x^2: the function of the other side's one variable
			if b.bound != "" {
				f, o = b, a
			}
			inF, inO := map[string]bool{}, map[string]bool{}
			varNames(f.n, inF)
			varNames(o.n, inO)
			cands := map[string]bool{} // the other side's variables that are no parameter of f
			for v := range inO {
				if v == f.bound || !inF[v] {
					cands[v] = true
				}
			}
			if !inO[f.bound] && len(cands) > 1 {
				return unk("which of %s's variables is the argument of %s is not decided", o.norm, f.norm)
			}
			if u := onlyVar(cands); u != "" && u != f.bound {
				r := buildExpr(renameVar(f.n, f.bound, u))
				r.name, r.bound = f.name, u
				c := compareRat(r, o, la, lb)
				if f == b {
					c = compareRat(o, r, la, lb)
				}
				c.reason = fmt.Sprintf("the function of %s read as a function of %s: %s", f.bound, u, c.reason)
				return c
			}
		}
		return compareRat(a, b, la, lb)
	}
	if a.valErr != nil {
		return unk("the %s %s is not evaluated: %v", la, a.norm, plain(a.valErr))
	}
	if b.valErr != nil {
		return unk("the %s %s is not evaluated: %v", lb, b.norm, plain(b.valErr))
	}
	return p.compareQuantities(a, b, la, lb)
}

func firstUnknown(cs ...cmp) cmp {
	for _, c := range cs {
		if c.v == Unknown {
			return c
		}
	}
	return cs[0]
}

// compareNums compares the exact values x of a and y of b; scaled says they are not the
// forms' own values (a conversion), so that their renderings are made afresh.
func compareNums(a, b *form, x, y num, la, lb string, scaled bool) cmp {
	xs, ys := a.valStr, b.valStr
	if scaled || xs == "" {
		xs = x.String()
	}
	if scaled || ys == "" {
		ys = y.String()
	}
	if x.equal(y) {
		if a.mixed != b.mixed {
			return eq("both are %s (a whole number before a fraction read as a mixed number)", xs)
		}
		return cmp{Equal, "both are " + xs}
	}
	reason := "the " + la + " is " + xs + ", the " + lb + " " + ys
	if note := roundingNote(a, b, x, y, la, lb); note != "" && !scaled {
		reason += "; " + note
	}
	if a.mixed || b.mixed {
		// the mixed-number reading was taken; say so
		reason += " (a whole number before a fraction read as a mixed number)"
	}
	return cmp{Different, reason}
}

// roundingNote says when one side is a decimal that rounds the other's
// exact value: the verdict stays "different" (a rounding is not
// equality), and the reason says which side is the rounding.
func roundingNote(a, b *form, x, y num, la, lb string) string {
	for _, s := range []struct {
		f     *form
		other num
		l, lo string
	}{{a, y, la, lb}, {b, x, lb, la}} {
		places, ok := decimalPlaces(s.f.decTok)
		if !ok || s.f.unit != nil {
			continue
		}
		if !s.other.isReal() || s.other.re.hasPi() {
			if s.other.re.hasPi() && s.other.isReal() {
				return fmt.Sprintf("π is irrational, so no decimal equals %s; the %s %s is at best a rounding", s.other, s.l, s.f.norm)
			}
			continue
		}
		o, _ := s.other.re.surd()
		d, err := literal(s.f.decTok)
		if err != nil {
			continue
		}
		if s.f.decNeg {
			d.Neg(d)
		}
		half := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Mul(big.NewInt(2), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(places)), nil)))
		lo := new(big.Rat).Sub(d, half)
		hi := new(big.Rat).Add(d, half)
		if o.CmpRat(lo) >= 0 && o.CmpRat(hi) <= 0 {
			return fmt.Sprintf("the %s %s is the %s's exact value %s rounded to %d decimal place(s), and a rounding is not equality", s.l, s.f.norm, s.lo, s.other, places)
		}
	}
	return ""
}

// compareApprox decides an answer written as an approximation (≈ 3.14,
// 0.333...): it is different when the other value lies outside every
// value the digits shown could start or round, else unknown.
func compareApprox(a, b *form, la, lb string) cmp {
	if a.approx && b.approx {
		if a.norm == b.norm {
			return eq("the same approximation %s", a.norm)
		}
		return unk("two approximations (%s, %s) are not decided", a.norm, b.norm)
	}
	ap, ex, lap, lex := a, b, la, lb
	if b.approx {
		ap, ex, lap, lex = b, a, lb, la
	}
	if ap.decTok == nil || ex.hasVar || ex.valErr != nil || !ex.val.isReal() || ex.unit != nil || ap.unit != nil {
		return unk("the %s %s is an approximation", lap, ap.norm)
	}
	places, _ := decimalPlaces(&expr.Token{Dot: true, Text: ap.decTok.Text})
	d, err := literal(&expr.Token{Text: ap.decTok.Text})
	if err != nil {
		return unk("%v", err)
	}
	if ap.decNeg {
		d.Neg(d)
	}
	// the digits shown start the value (truncation: up to one unit of the last place further
	// from 0) or round it (half a unit either way)
	unit := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(places)), nil))
	half := new(big.Rat).Mul(unit, big.NewRat(1, 2))
	lo, hi := new(big.Rat).Sub(d, half), new(big.Rat).Add(d, unit)
	if d.Sign() < 0 {
		lo, hi = new(big.Rat).Sub(d, unit), new(big.Rat).Add(d, half)
	}
	o, ok := ex.val.re.surd()
	if !ok {
		// q·π: outside the window when q·π's bounds are (π to 20 places)
		if x, y, ok := piMultipleBounds(ex.val.re); ok && (y.Cmp(lo) < 0 || x.Cmp(hi) > 0) {
			return diff("the %s %s neither starts nor rounds the %s's exact value %s", lap, ap.norm, lex, ex.val)
		}
		return unk("the %s %s is an approximation of a value with π", lap, ap.norm)
	}
	if o.CmpRat(lo) < 0 || o.CmpRat(hi) > 0 {
		return diff("the %s %s neither starts nor rounds the %s's exact value %s", lap, ap.norm, lex, ex.val)
	}
	return unk("the %s %s is an approximation of the %s's exact value %s; an approximation is not decided", lap, ap.norm, lex, ex.val)
}

// compareRat decides two expressions with variables as rational functions
// over Q (identity where both are defined), with a witness point when
// they differ.
func compareRat(a, b *form, la, lb string) cmp {
	ra, err := asRat(a)
	if err != nil {
		return unk("the %s %s is not decided as an expression: %v", la, a.norm, plain(err))
	}
	rb, err := asRat(b)
	if err != nil {
		return unk("the %s %s is not decided as an expression: %v", lb, b.norm, plain(err))
	}
	holds, conds := algebra.Identity(ra, rb)
	if !holds && (isUnitLike(a, b) || isUnitLike(b, a)) {
		return unk("a letter after a number may be a unit (%s against %s)", a.norm, b.norm)
	}
	if holds {
		if len(conds) > 0 {
			return eq("equal as rational functions wherever defined (%s = %s)", ra, rb)
		}
		return eq("equal as polynomials (%s)", ra)
	}
	names := map[string]bool{}
	for _, p := range []algebra.Poly{ra.Num(), ra.Den(), rb.Num(), rb.Den()} {
		for _, v := range p.Vars() {
			names[v] = true
		}
	}
	if names["π"] || names["e"] {
		// π (and e, if it is Euler's number) are transcendental: a rational
		// function over Q that is not zero stays nonzero at them; no
		// rational witness point stands for them, so none is given.
		return diff("the %s %s and the %s %s differ as rational functions over Q, which stays true at the transcendental π and e", la, ra, lb, rb)
	}
	at, err := algebra.Witness(ra, rb)
	if err != nil {
		if errors.Is(err, algebra.ErrTooLarge) {
			return unk("no witness point found within the bounds: %v", err)
		}
		return unk("%v", err)
	}
	va, _ := evalRat(ra, at)
	vb, _ := evalRat(rb, at)
	var pts []string
	for _, k := range sortedNames(at) {
		pts = append(pts, k+" = "+at[k].RatString())
	}
	return diff("at %s the %s %s is %s, the %s %s is %s", strings.Join(pts, ", "), la, ra, va, lb, rb, vb)
}

func asRat(f *form) (algebra.Rat, error) {
	if f.hasVar {
		return f.r, f.rErr
	}
	if f.valErr != nil {
		return algebra.Rat{}, f.valErr
	}
	r, ok := f.val.rat()
	if !ok {
		// a number with radicals or π against an expression: π counts as a
		// variable; radicals are not decided
		return (&evaluator{}).rat(f.n)
	}
	return algebra.FromPoly(algebra.Const(r)), nil
}

func evalRat(r algebra.Rat, at map[string]*big.Rat) (string, error) {
	n, err := r.Num().Eval(at)
	if err != nil {
		return "", err
	}
	d, err := r.Den().Eval(at)
	if err != nil || d.Sign() == 0 {
		return "", fmt.Errorf("undefined")
	}
	return new(big.Rat).Quo(n, d).RatString(), nil
}

func (p policy) compareTuples(a, b *form, la, lb string, depth int) cmp {
	if len(a.elems) != len(b.elems) {
		return diff("a tuple of %d against a tuple of %d", len(a.elems), len(b.elems))
	}
	if aligned, ok := alignByName(a.elems, b.elems); ok {
		b = &form{kind: kTuple, elems: aligned, norm: b.norm}
	}
	var unknown *cmp
	for i := range a.elems {
		c := p.compare(a.elems[i], b.elems[i], la, lb, depth+1)
		switch c.v {
		case Different:
			return diff("entry %d differs: %s", i+1, c.reason)
		case Unknown:
			if unknown == nil {
				u := unk("entry %d: %s", i+1, c.reason)
				unknown = &u
			}
		}
	}
	if unknown != nil {
		return *unknown
	}
	return eq("every entry is equal: %s", a.norm)
}

// compareSets decides two unordered collections: equal when every element
// of each is proven equal to one of the other, different when some
// element is proven different from every element of the other.
func (p policy) compareSets(a, b *form, la, lb string, depth int) cmp {
	if len(a.elems)*len(b.elems) > maxElems*maxElems/4 {
		return unk("sets too large to compare")
	}
	// within each side, elements of no variable are the values a set holds
	var unknown string
	covered := func(x, y *form, lx, ly string) (bool, string, bool) {
		allFound := true
		for _, e := range x.elems {
			found, allDiff := false, true
			for _, o := range y.elems {
				c := p.compare(e, o, lx, ly, depth+1)
				if c.v == Equal {
					found = true
					break
				}
				if c.v != Different {
					allDiff = false
					if unknown == "" {
						unknown = c.reason
					}
				}
			}
			if !found {
				allFound = false
				if allDiff {
					return false, fmt.Sprintf("%s of the %s is none of the %s's %s", e.norm, lx, ly, y.norm), true
				}
			}
		}
		return allFound, "", false
	}
	ab, why, provenA := covered(a, b, la, lb)
	if provenA {
		return cmp{Different, why}
	}
	ba, why, provenB := covered(b, a, lb, la)
	if provenB {
		return cmp{Different, why}
	}
	if ab && ba {
		return eq("the same values: %s", a.norm)
	}
	return unk("sets not decided: %s", unknown)
}

// compareEquations decides two equations only when their sides' differences
// are the same rational function up to sign; anything else is unknown.
func compareEquations(a, b *form, la, lb string) cmp {
	if a.kind != kEquation || b.kind != kEquation {
		return unk("an equation against another kind of answer")
	}
	da, err1 := eqDiff(a)
	db, err2 := eqDiff(b)
	if err1 != nil || err2 != nil {
		return unk("equations not decided")
	}
	if h, _ := algebra.Identity(da, db); h {
		return eq("the same equation")
	}
	if h, _ := algebra.Identity(da, db.Neg()); h {
		return eq("the same equation, sides swapped")
	}
	return unk("equations that are not the same as written are not decided")
}

func eqDiff(f *form) (algebra.Rat, error) {
	l, err := asRat(f.lhsForm)
	if err != nil {
		return algebra.Rat{}, err
	}
	r, err := asRat(f.rhsForm)
	if err != nil {
		return algebra.Rat{}, err
	}
	return l.Sub(r), nil
}

// isUnitLike reports whether a is a number times one letter (5m, 3 x)
// and b a plain number: the letter may be a unit, so no difference is
// proven by reading it as a variable.
func isUnitLike(a, b *form) bool {
	if !a.hasVar || b.hasVar {
		return false
	}
	return isMonomial(a.n, 0)
}

// isMonomial reports whether n is a number times a product of powers of
// variables (3x, 25 km/h read as letters, xy^2): such letters may be
// units.
func isMonomial(n *expr.Node, depth int) bool {
	if depth > maxDepth {
		return false
	}
	switch n.Kind {
	case expr.Number, expr.Var:
		return true
	case expr.Mul, expr.Div:
		return isMonomial(n.Kids[0], depth+1) && isMonomial(n.Kids[1], depth+1)
	case expr.Pow:
		return isMonomial(n.Kids[0], depth+1) && n.Kids[1].Kind == expr.Number
	case expr.Neg:
		return isMonomial(n.Kids[0], depth+1)
	case expr.Group:
		return len(n.Kids) == 1 && isMonomial(n.Kids[0], depth+1)
	}
	return false
}

// alignByName orders ys as xs when both are assignments of the same
// distinct variables (a = 2, b = 3 against b = 3, a = 2).
func alignByName(xs, ys []*form) ([]*form, bool) {
	byName := map[string]*form{}
	for _, y := range ys {
		if y.name == "" || byName[y.name] != nil {
			return nil, false
		}
		byName[y.name] = y
	}
	out := make([]*form, len(xs))
	for i, x := range xs {
		y := byName[x.name]
		if x.name == "" || y == nil {
			return nil, false
		}
		out[i] = y
	}
	return out, true
}

// sameTree reports whether two trees are the same expression as written,
// up to redundant brackets.
func sameTree(a, b *expr.Node, depth int) bool {
	if depth > maxDepth {
		return false
	}
	a, b = unwrap(a), unwrap(b)
	if a.Kind != b.Kind || a.Text != b.Text || len(a.Kids) != len(b.Kids) || a.Open != b.Open || a.Close != b.Close {
		return false
	}
	if a.Kind == expr.Number {
		x, errA := literal(a.Tok)
		y, errB := literal(b.Tok)
		if errA != nil || errB != nil || x.Cmp(y) != 0 {
			return false
		}
	}
	for i := range a.Kids {
		if !sameTree(a.Kids[i], b.Kids[i], depth+1) {
			return false
		}
	}
	return true
}

func unwrap(n *expr.Node) *expr.Node {
	for n.Kind == expr.Group && len(n.Kids) == 1 && (n.Open == "(" && n.Close == ")" || n.Open == "{") {
		n = n.Kids[0]
	}
	return n
}

// allKind reports whether every form is of kind k.
func allKind(fs []*form, k kind) bool {
	for _, f := range fs {
		if f.kind != k {
			return false
		}
	}
	return true
}

// piLo and piHi bound π: 3.14159265358979323846 ± 10⁻²⁰.
var piLo, piHi = big.NewRat(314159265358979323, 100000000000000000), big.NewRat(314159265358979324, 100000000000000000)

// piMultipleBounds returns rational bounds x ≤ v ≤ y of v = q·π for a rational q; ok is false
// for any other value.
func piMultipleBounds(v real) (x, y *big.Rat, ok bool) {
	if len(v.ts) != 1 || v.ts[0].k != 1 {
		return nil, nil, false
	}
	q, ok := v.ts[0].c.Rat()
	if !ok {
		return nil, nil, false
	}
	x, y = new(big.Rat).Mul(q, piLo), new(big.Rat).Mul(q, piHi)
	if q.Sign() < 0 {
		x, y = y, x
	}
	return x, y, true
}

// curveOf reports a function answer f(x) = … against y = … (y no variable of the function):
// the same curve, compared as the two expressions.
func curveOf(f, o *form) bool { return f.bound != "" && o.bound == "" && o.name != f.bound }

// onlyVar returns the one name of a set of variable names, or "".
func onlyVar(names map[string]bool) string {
	if len(names) != 1 {
		return ""
	}
	for n := range names {
		return n
	}
	return ""
}
