package symbolic

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"

	"github.com/leanprm/leanprm/translate/algebra"
	"github.com/leanprm/leanprm/translate/internal/arith"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symcyclo"
	"github.com/leanprm/leanprm/translate/internal/symdefs"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
	"github.com/leanprm/leanprm/translate/internal/symimp"
	"github.com/leanprm/leanprm/translate/obligation"
)

// Closed claims in math: values with roots, logarithms and integer functions, congruences, roundings of a radical, and the definitions a line makes.

// closedClaimVeto is why a closed claim of the sentence is not refuted.
func closedClaimVeto(sentence string) string {
	sent := symimp.Neutral(sentence)
	if v := vetoRE.FindString(sent); v != "" {
		return v
	}
	return conditionalRE.FindString(sent)
}

var conditionalRE = newWordMatcher([]string{"if", "suppose", "assume", "assuming", "approximately", "about", "roughly", "around", "nearly", "almost", "estimate", "estimated"}, nil, nil)

// closedValue decides A = B for closed sides with radicals. Claims whose
// sides are both rational are the arithmetic reader's.
func (t *Reader) closedValue(step int, text string, A, B symMember, sentence string) *obligation.Obligation {
	a, err := symexpr.EvalSurd(A.e)
	if err != nil {
		return t.cycloValue(step, text, A, B, sentence)
	}
	b, err := symexpr.EvalSurd(B.e)
	if err != nil {
		return t.cycloValue(step, text, A, B, sentence)
	}
	_, ra := a.Rat()
	_, rb := b.Rat()
	if ra && rb && !hasTrig(A.e) && !hasTrig(B.e) && !symexpr.HasFracPow(A.e) && !symexpr.HasFracPow(B.e) && symexpr.RationalAtEveryRoot(A.e, B.e) {
		return nil // rational roots: the arithmetic reader's
	}
	pa, err := a.Pow(6)
	if err != nil {
		return nil
	}
	pb, err := b.Pow(6)
	if err != nil {
		return nil
	}
	qa, oka := pa.Rat()
	qb, okb := pb.Rat()
	if !oka || !okb {
		return t.closedSum(step, text, A, B, a, b, sentence) // a sum of radicals
	}
	if qa.Num().BitLen()+qa.Denom().BitLen() > 1024 || qb.Num().BitLen()+qb.Denom().BitLen() > 1024 {
		return nil
	}
	o := &obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, A.s, B.e2), Kind: obligation.KindClosedValue, OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
	o.Expr = symexpr.Plain(A.e) + " = " + symexpr.Plain(B.e)
	if v := closedClaimVeto(sentence); v != "" {
		o.OnDisproof, o.Note = obligation.Unknown, fmt.Sprintf("the sentence may be rejecting the claim (%q)", v)
	}
	sign := func(n int) string {
		switch n {
		case 1:
			return "(1 : Rat)"
		case -1:
			return "-(1 : Rat)"
		}
		return "(0 : Rat)"
	}
	lit := func(q *big.Rat) string {
		s := "(" + q.Num().String() + " : Rat)"
		if !q.IsInt() {
			s += " / (" + q.Denom().String() + " : Rat)"
		}
		return s
	}
	// A whole number against an irrational side within 1 of it may be
	// its floor or ceiling ("√47861133 = 6918").
	for _, w := range []struct {
		e *symexpr.Expr
		v algebra.Surd
	}{{A.e, b}, {B.e, a}} {
		if w.e.Op == 'n' && o.OnDisproof == obligation.Refuted {
			if w.v.CmpRat(new(big.Rat).Sub(w.e.Num, big.NewRat(1, 1))) > 0 && w.v.CmpRat(new(big.Rat).Add(w.e.Num, big.NewRat(1, 1))) < 0 {
				o.OnDisproof, o.Note = obligation.Unknown, "a whole number within 1 of an irrational value may be its floor or ceiling"
			}
		}
	}
	o.Note = boundNote(o.Note, A, B)
	o.Prop = lit(qa) + " = " + lit(qb) + " ∧ " + sign(a.Sign()) + " = " + sign(b.Sign())
	o.Lean, o.LeanNeg = arith.Declarations(o.Prop, t.Tactic)
	o.Note = strings.TrimPrefix(o.Note+"; P is a certificate: the sixth powers and signs of both sides, computed exactly", "; ")
	o.WhyProof = fmt.Sprintf("both sides are %s", a)
	o.WhyDisproof = fmt.Sprintf("the left side is %s, the right side %s", a, b)
	return o
}

// cycloValue decides A = B with trigonometric values outside Q(√2, √3) (symcyclo).
func (t *Reader) cycloValue(step int, text string, A, B symMember, sentence string) *obligation.Obligation {
	o := &obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, A.s, B.e2), Kind: obligation.KindClosedValue, OnProof: obligation.Verified, OnDisproof: obligation.Refuted, Expr: symexpr.Plain(A.e) + " = " + symexpr.Plain(B.e)}
	if A.bound || B.bound || symcyclo.Decide(o, A.e, B.e, text[A.s:B.e2], t.Tactic, t.IDTactic) != nil {
		return nil
	}
	if v := closedClaimVeto(sentence); v != "" {
		o.OnDisproof, o.Note = obligation.Unknown, fmt.Sprintf("the sentence may be rejecting the claim (%q)", v)
	}
	return o
}

// modRE finds the modulus at the end of a congruence line.
var modRE = regexp.MustCompile(`(?:\\pmod\s*\{([^{}]*)\}|\\pmod\s*([0-9]+)|\(\s*\\(?:bmod|mod)\s*\{?([^(){}]*)\}?\s*\)|\\(?:bmod|mod)\s*\{?([0-9]+)\}?)\s*[.,;]?\s*$`)

// congruence reads "a ≡ b ≡ … (mod m)" with integer members and decides
// the first link that is not a plain equality.
func (t *Reader) congruence(step int, text string, s, e int, sentence string) *obligation.Obligation {
	raw := text[s:e]
	loc := modRE.FindStringSubmatchIndex(raw)
	if loc == nil {
		return nil
	}
	var mtext string
	for g := 1; g <= 4; g++ {
		if loc[2*g] >= 0 {
			mtext = raw[loc[2*g]:loc[2*g+1]]
		}
	}
	me, err := symexpr.Read(strings.TrimSpace(mtext))
	if err != nil {
		return nil
	}
	m, ok := constValue(me)
	if !ok || !m.IsInt() || m.Sign() <= 0 || m.Cmp(big.NewRat(1, 1)) == 0 {
		return nil
	}
	body := raw[:loc[0]]
	body = strings.ReplaceAll(body, "≡", `\equiv`)
	parts := strings.Split(body, `\equiv`)
	if len(parts) < 2 {
		return nil
	}
	vals := make([]*big.Rat, len(parts))
	exprs := make([]*symexpr.Expr, len(parts))
	// The last link is the claim (a ≡ b, or a ≡ … ≡ r with r the residue);
	// the members before it may hold names ("n ≡ 56 ≡ \boxed{6}").
	k := len(parts) - 2
	for i, p := range parts {
		p = strings.TrimSpace(p)
		if strings.Contains(p, "=") {
			return nil
		}
		if i < k {
			continue
		}
		x, err := symexpr.Read(p)
		if err != nil {
			return nil
		}
		v, ok := constValue(x)
		if !ok || !v.IsInt() || v.Num().BitLen() > 4096 {
			return nil
		}
		vals[i], exprs[i] = v, x
	}
	a, b := vals[k].Num(), vals[k+1].Num()
	d := new(big.Int).Sub(a, b)
	mod := m.Num()
	q, r := new(big.Int).DivMod(d, mod, new(big.Int))
	// The span is the last link's: "6^d + 4^d + 1 ≡ 1 + 1 + 1 ≡ 0" claims two
	// links, and only the last is decided here.
	o := &obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, s+linkStart(raw, k), e), Kind: obligation.KindCongruence, OnProof: obligation.Verified, OnDisproof: obligation.Unknown}
	o.Expr = fmt.Sprintf("%s ≡ %s (mod %s)", symexpr.Plain(exprs[k]), symexpr.Plain(exprs[k+1]), mod)
	if r.Sign() != 0 {
		o.OnProof = obligation.Refuted
		if v := closedClaimVeto(sentence); v != "" {
			o.OnProof, o.Note = obligation.Unknown, fmt.Sprintf("the sentence may be rejecting the claim (%q)", v)
		}
	}
	if r.Sign() == 0 && k > 0 && !closedMembers(parts[:k]) {
		// "6^d + 4^d + 1 ≡ 1 + 1 + 1 ≡ 0": the last link holding verifies
		// nothing about the links before it, which are not read.
		o.OnProof, o.Note = obligation.Unknown, "the links before the last are not read: the chain is not verified by its last link"
	}
	rd := symexpr.Render{}
	o.Prop = rd.Term(exprs[k]) + " - " + rd.Prod(exprs[k+1]) + " = (" + mod.String() + " : Rat) * " + symexpr.IntTerm(q) + " + (" + r.String() + " : Rat)"
	if exprs[k+1].Op == '+' || exprs[k+1].Op == '-' {
		o.Prop = rd.Term(exprs[k]) + " - (" + rd.Term(exprs[k+1]) + ") = (" + mod.String() + " : Rat) * " + symexpr.IntTerm(q) + " + (" + r.String() + " : Rat)"
	}
	o.Lean, o.LeanNeg = arith.Declarations(o.Prop, t.Tactic)
	if o.Note == "" {
		o.Note = "P is the division of the difference by the modulus; a nonzero remainder (0 < r < m) refutes the congruence"
	}
	o.WhyProof = fmt.Sprintf("%s - %s = %s·%s + %s", a, b, mod, q, r)
	if r.Sign() == 0 {
		o.WhyProof = fmt.Sprintf("%s - %s = %s·%s: the difference is a multiple of %s", a, b, mod, q, mod)
	} else {
		o.WhyProof = fmt.Sprintf("%s - %s = %s·%s + %s: %s ≡ %s, not %s (mod %s)", a, b, mod, q, r,
			a, new(big.Int).Mod(a, mod), new(big.Int).Mod(b, mod), mod)
	}
	o.WhyDisproof = "the division shown does not hold"
	return o
}

// closedExact decides A = B for closed rational sides with factorials or
// binomials; the Lean text spells them as products.
func (t *Reader) closedExact(step int, text string, A, B symMember, sentence string) *obligation.Obligation {
	a, err := symexpr.Eval(A.e, nil)
	if err != nil {
		return nil
	}
	b, err := symexpr.Eval(B.e, nil)
	if err != nil {
		return nil
	}
	o := &obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, A.s, B.e2), Kind: obligation.KindClosedValue, OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
	o.Expr = symexpr.Plain(A.e) + " = " + symexpr.Plain(B.e)
	if v := closedClaimVeto(sentence); v != "" {
		o.OnDisproof, o.Note = obligation.Unknown, fmt.Sprintf("the sentence may be rejecting the claim (%q)", v)
	}
	if A.def && !A.bound || B.def && !B.bound || A.fn || B.fn {
		o.Note = strings.TrimPrefix(o.Note+"; a function or sequence defined in the problem or earlier in the chain is replaced by its definition or value", "; ")
	}
	o.Note = boundNote(o.Note, A, B)
	rd := symexpr.Render{}
	o.Prop = rd.Term(A.e) + " = " + rd.Term(B.e)
	if strings.Contains(o.Prop, "!") {
		return nil
	}
	o.Lean, o.LeanNeg = arith.Declarations(o.Prop, t.Tactic)
	o.WhyProof = fmt.Sprintf("both sides are %s", a.RatString())
	o.WhyDisproof = fmt.Sprintf("the left side is %s, the right side %s", a.RatString(), b.RatString())
	return o
}

// tail is the last n bytes of s (whole words are not needed: the
// matchers look for short words right before an equation).
func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[len(s)-n:]
}

// restOfLine is the text after i up to the end of its line, at most n
// bytes: a rejection that follows a claim ("…, which is impossible").
func restOfLine(text string, i, n int) string {
	t := after(text, i, n)
	if j := strings.IndexByte(t, '\n'); j >= 0 {
		t = t[:j]
	}
	return mathtext.ThroughNextSentence(t)
}

var decimalRE = regexp.MustCompile(`^\s*([0-9]+)\.([0-9]+)\s*[.,;]?\s*$`)

// approxRoot reads "≈ R" after a closed radical X > 0: the rounding (or
// truncation) of X to R's last place. Proved, the claim is approximate;
// disproved, it is unknown (another convention may explain it), as for
// the arithmetic reader's approximations. P bounds the sixth powers.
func (t *Reader) approxRoot(step int, text string, x *symexpr.Expr, s, e int) *obligation.Obligation {
	if !symexpr.HasRoot(x) || symexpr.HasVar(x) {
		return nil
	}
	m := decimalRE.FindStringSubmatch(text[s:e])
	if m == nil || len(m[1])+len(m[2]) > 12 {
		return nil
	}
	r, _ := new(big.Rat).SetString(m[1] + "." + m[2])
	unit := new(big.Rat).Inv(algebra.Pow10(len(m[2])))
	v, err := symexpr.EvalSurd(x)
	if err != nil || v.Sign() <= 0 {
		return nil
	}
	if _, rational := v.Rat(); rational {
		return nil
	}
	p6, err := v.Pow(6)
	if err != nil {
		return nil
	}
	q6, ok := p6.Rat()
	if !ok || q6.Num().BitLen()+q6.Denom().BitLen() > 512 {
		return nil
	}
	half := new(big.Rat).Quo(unit, big.NewRat(2, 1))
	lo, hi, how := new(big.Rat).Sub(r, half), new(big.Rat).Add(r, half), "rounding"
	if v.CmpRat(lo) < 0 || v.CmpRat(hi) > 0 {
		if v.CmpRat(r) >= 0 && v.CmpRat(new(big.Rat).Add(r, unit)) < 0 {
			lo, hi, how = r, new(big.Rat).Add(r, unit), "truncation"
		}
	}
	if lo.Sign() < 0 {
		return nil
	}
	o := &obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, s, e), Kind: obligation.KindApproximation, OnProof: obligation.Approximate, OnDisproof: obligation.Unknown,
		Note: "a rounding is not an exact value, and another convention may explain a miss"}
	o.Expr = symexpr.Plain(x) + " ≈ " + r.FloatString(len(m[2]))
	dec := func(q *big.Rat) string { return "(" + mathtext.RatDecimal(q) + " : Rat)" }
	lit := "(" + q6.Num().String() + " : Rat)"
	if !q6.IsInt() {
		lit = "(" + lit + " / (" + q6.Denom().String() + " : Rat))"
	}
	o.Prop = dec(lo) + " ^ 6 ≤ " + lit + " ∧ " + lit + " ≤ " + dec(hi) + " ^ 6"
	o.Lean, o.LeanNeg = arith.Declarations(o.Prop, t.Tactic)
	o.WhyProof = fmt.Sprintf("%s is %s within %s of %s (%s); P bounds its sixth power", symexpr.Plain(x), v, half.RatString(), r.FloatString(len(m[2])), how)
	o.WhyDisproof = fmt.Sprintf("%s is not %s to %s", v, r.FloatString(len(m[2])), how)
	return o
}

// defCondRE marks a definition made for a case only.
var defCondRE = newWordMatcher([]string{"if", "suppose", "assume", "assuming", "case", "when", "for", "try", "test", "check", "otherwise", "unless",
	// a conjecture ("It seems that f(n) = n + 1 satisfies …") fixes no function either
	"seems", "seem", "appears", "appear", "guess", "conjecture", "perhaps", "maybe", "might", "could", "would", "possibly", "likely", "candidate", "pattern"}, nil, nil)

// recordDef remembers "T(x) = body" for later lines and steps. A name
// defined for a case (its sentence, the step before it, or a chain in
// cases: symdefs.ScopedAt, OpensCase), in a sentence that rejects, tests
// or asks it (symdefs.Unfixed) or restricts it to some arguments
// (symdefs.Domain), or defined twice in different ways, is not used.
func (t *Reader) recordDef(st *State, step int, text string, ln symLine, ms []symMember, hypo string) {
	if ln.cont || len(ms) < 2 || ms[0].head == "" || ms[1].e == nil {
		return
	}
	f, v, _ := strings.Cut(ms[0].head, " ")
	if st.Defs == nil {
		st.Defs = map[string]*symexpr.Def{}
	}
	old, seen := st.Defs[f]
	switch {
	case defCondRE.MatchString(symimp.Neutral(ln.sentence)) || st.cased || symdefs.ScopedAt(text, ln.ps) != "" || symdefs.Unfixed(ln.sentence) != "" || symdefs.Domain(ln.sentence) != "":
		st.Defs[f] = nil
	case seen && (old == nil || !symdefs.SameExpr(symexpr.Substitute(old.Body, old.Param, &symexpr.Expr{Op: 'v', Name: v}), ms[1].e)):
		st.Defs[f] = nil
	case !seen:
		st.Defs[f] = &symexpr.Def{Param: v, Body: ms[1].e, Step: step}
	}
}

// defScanRE finds function definitions anywhere in a chain's text.
var defScanRE = regexp.MustCompile(`([fghFGHPQTpqS])\(([a-z])\)\s*=\s*([^=$\\,;]*)`)

// ChainDefs marks the function names a chain defines in two different
// ways before any step is read: such a name is never substituted, not
// even before its second definition.
func ChainDefs(steps []string) map[string]*symexpr.Def {
	bodies := map[string]string{}
	var defs map[string]*symexpr.Def
	for _, s := range steps {
		if !mayDefine(s) {
			continue
		}
		for _, m := range defScanRE.FindAllStringSubmatch(s, -1) {
			if !hasLetter(m[3], m[2][0]) {
				// "f(a) = 11": a value at a name, not a definition
				continue
			}
			body := strings.ReplaceAll(m[2]+":"+strings.TrimRight(strings.TrimSpace(m[3]), ". "), " ", "")
			if old, ok := bodies[m[1]]; ok && old != body && !symdefs.SameBody(old[:1], old[2:], body[:1], body[2:]) {
				if defs == nil {
					defs = map[string]*symexpr.Def{}
				}
				defs[m[1]] = nil
			}
			bodies[m[1]] = body
		}
	}
	return defs
}

func hasTrig(e *symexpr.Expr) bool {
	if e == nil {
		return false
	}
	return e.Op == 't' || hasTrig(e.L) || hasTrig(e.R)
}

// closedRational decides a closed rational link that the arithmetic
// reader made nothing of (nested fractions, \left( \right) it does not
// read): never one that overlaps an obligation of that reader, never in
// a step it doubts, and never refuted when the right side starts with the
// left side's value (a running computation, "3 · 4 = 12 · 2 = 24").
func (t *Reader) closedRational(step int, text string, A, B symMember, sentence string, st *State) *obligation.Obligation {
	for _, sp := range st.Taken {
		if sp[0] < B.e2 && A.s < sp[1] {
			return nil
		}
	}
	a, err := symexpr.Eval(A.e, nil)
	if err != nil {
		return nil
	}
	b, err := symexpr.Eval(B.e, nil)
	if err != nil {
		return nil
	}
	if A.e.Op == 'n' && B.e.Op == 'n' && !A.def && !B.def {
		return nil
	}
	o := &obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, A.s, B.e2), Kind: obligation.KindEquality, OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
	o.Expr = symexpr.Plain(A.e) + " = " + symexpr.Plain(B.e)
	switch {
	case st.Doubt != "":
		o.OnDisproof, o.Note = obligation.Unknown, "the step may be rejecting its claims ("+st.Doubt+")"
	case closedClaimVeto(sentence) != "":
		o.OnDisproof, o.Note = obligation.Unknown, fmt.Sprintf("the sentence may be rejecting the claim (%q)", closedClaimVeto(sentence))
	case a.Cmp(b) != 0 && leftmostIs(B.e, a):
		o.OnDisproof, o.Note = obligation.Unknown, "a running computation: the right side may continue from the left side's value"
	case a.Cmp(b) != 0 && (wholeNear(B.e, a) || wholeNear(A.e, b)):
		o.OnDisproof, o.Note = obligation.Unknown, "a whole number within 1 of the other side may be its floor or ceiling (a quotient with a remainder)"
	}
	rd := symexpr.Render{}
	o.Prop = rd.Term(A.e) + " = " + rd.Term(B.e)
	o.Lean, o.LeanNeg = arith.Declarations(o.Prop, t.Tactic)
	o.WhyProof = fmt.Sprintf("both sides are %s", a.RatString())
	o.WhyDisproof = fmt.Sprintf("the left side is %s, the right side %s", a.RatString(), b.RatString())
	return o
}

// leftmostIs reports whether the first number of e is v.
func leftmostIs(e *symexpr.Expr, v *big.Rat) bool {
	for e != nil && e.Op != 'n' {
		if e.L == nil {
			return false
		}
		e = e.L
	}
	return e != nil && e.Num.Cmp(v) == 0
}

// wholeNear reports e is a lone whole number within 1 of v.
func wholeNear(e *symexpr.Expr, v *big.Rat) bool {
	if e.Op != 'n' || !e.Num.IsInt() {
		return false
	}
	d := new(big.Rat).Sub(e.Num, v)
	return d.Abs(d).Cmp(big.NewRat(1, 1)) < 0
}

// mayDefine is a cheap test for "F(x) =" before the regexp runs.
func mayDefine(s string) bool {
	return symexpr.AnyHead(s, func(i int) bool { return symdefs.HeadEquation(s, i) })
}

// linkStart is the offset in raw of the member after the k-th congruence
// sign ("≡" or \equiv), 0 for k = 0.
func linkStart(raw string, k int) int {
	at := 0
	for n := 0; n < k; n++ {
		i, w := strings.Index(raw[at:], "≡"), len("≡")
		if j := strings.Index(raw[at:], `\equiv`); j >= 0 && (i < 0 || j < i) {
			i, w = j, len(`\equiv`)
		}
		if i < 0 {
			return 0
		}
		at += i + w
	}
	for at < len(raw) && raw[at] == ' ' {
		at++
	}
	return at
}

// closedMembers reports whether every member is a closed integer expression.
func closedMembers(parts []string) bool {
	for _, p := range parts {
		x, err := symexpr.Read(strings.TrimSpace(p))
		if err != nil {
			return false
		}
		if v, ok := constValue(x); !ok || !v.IsInt() {
			return false
		}
	}
	return true
}

// hasLetter reports the letter c standing alone in s (not inside a word
// or after a backslash).
func hasLetter(s string, c byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] != c {
			continue
		}
		before := i > 0 && (s[i-1] == '\\' || s[i-1] >= 'a' && s[i-1] <= 'z' || s[i-1] >= 'A' && s[i-1] <= 'Z')
		after := i+1 < len(s) && (s[i+1] >= 'a' && s[i+1] <= 'z' || s[i+1] >= 'A' && s[i+1] <= 'Z')
		if !before && !after {
			return true
		}
	}
	return false
}
