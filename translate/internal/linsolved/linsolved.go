// Package linsolved reads a value claimed for one name right after the
// linear equation that ends the sentence before it, in plain text with
// decimals ("We are given that the total is 168, so we can write: 280 -
// 2.8x = 168." then "Solving for x, we get: x = 50."), and refutes a value
// that fails the equation by more than any rounding of the numbers shown
// explains (docs/TRANSLATE.md, "Values solved from a linear equation in
// plain text").
//
// The symbolic reader checks claimed solutions of equations it reads, but
// it reads no decimal, and across steps only after a word of solving. This
// reader is narrower in what it takes and wider in how it is written:
//   - the value: a sentence that opens with prose holding a word of
//     solving or derivation ("solving for x, we get", "dividing both sides
//     by 8, we get", "calculating, we get") and nothing that makes it a
//     trial, a supposition, a rounding or an alternative, then "x = v"
//     (or "x = 11 - 24 = -13", a chain of closed members that agree) and
//     nothing after it but the sentence's end;
//   - the equation: the whole end of the sentence before (the previous
//     step's last when the value opens its step), "A = B" with one "=",
//     linear in that one name and in no other, after prose with no "=" and
//     no word of supposition, trial, approximation or alternative.
//
// The claim refuted is the equation at the value, closed, false. It is
// made only when the equation at the value misses by more than the
// rounding of its decimals (each ± one unit of its last place) and of the
// value (the same; a whole value that is not the exact solution, or
// solves an equation with decimals, ± 1: a floor or a ceiling) explains.
//
// It also refutes a linear equation in plain text that the text derives
// from the one ending the sentence before ("Subtracting $40 - $12 from
// both sides, we get: -$3x = -$19"), when it fails at that one's solution
// (derived.go; both with the same decimals).
package linsolved

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
	"github.com/leanprm/leanprm/translate/internal/symimp"
	"github.com/leanprm/leanprm/translate/obligation"
)

// Limits: the step read, the prose before a value, an equation, the
// members of a value's chain, the sentences of a step.
const (
	maxText      = 20000
	maxLead      = 160
	maxEquation  = 240
	maxMembers   = 4
	maxSentences = 200
)

var (
	// cueRE in the prose before the value says it solves what came
	// before.
	cueRE = regexp.MustCompile(`\b(?:solv(?:e|es|ed|ing)|we (?:get|find|obtain|have)|gives?|giving|yields?|both sides|calculating|computing|simplifying|isolating)\b`)
	// vetoRE makes the value or the equation something else than a claim
	// and its premise: a trial, a supposition, a doubt, a rounding, an
	// alternative, another relation.
	vetoRE = regexp.MustCompile(`\b(?:if|suppose|supposing|assume|assuming|let's try|try|trying|test|testing|check|checking|guess|would|could|might|not|no|never|instead|but|however|wrong|incorrect|mistake|approximately|approximate|about|roughly|nearly|around|round|rounded|rounding|nearest|estimate|whole|integer|either|or|case|cases|example|instance|option|options|alternative|alternatively|hypothetically|mod|modulo|remainder|percent|system|systems|equations)\b|n't\b|[≈≡<>≤≥≠%?]`)
	// stepLabelRE is a label opening a step ("Step 6:").
	stepLabelRE = regexp.MustCompile(`^\s*(?:step\s*\d+\s*[:.]\s*)?`)
)

// span is a stretch of the text; q marks a sentence ended by "?".
type span struct {
	s, e int
	q    bool
}

// Read returns the refutations of values the step claims for one name
// right after a linear equation in it, and of linear equations it derives
// from the one just before (prev: the previous step, whose last sentence a
// value or an equation opening the step follows). tactic closes closed
// claims, idTactic the ∀ claims of a derivation.
func Read(step int, prev, text, tactic, idTactic string) []obligation.Obligation {
	if len(text) > maxText || len(prev) > maxText || !strings.Contains(text, "=") {
		return nil
	}
	if !symimp.LowerHasAny(text, "solv", "we get", "we find", "we obtain", "we have", "giv", "yield", "both sides", "calculat", "comput", "simplif", "isolat") {
		return nil
	}
	sents := sentences(text)
	if len(sents) > maxSentences {
		return nil
	}
	var out []obligation.Obligation
	for k, sn := range sents {
		body := text[sn.s:sn.e]
		if !strings.Contains(body, "=") {
			continue
		}
		var eqText string // a question asserts no equation
		if k == 0 {
			if ps := sentences(prev); len(ps) > 0 && !ps[len(ps)-1].q {
				eqText = prev[ps[len(ps)-1].s:ps[len(ps)-1].e]
			}
		} else if !sents[k-1].q {
			eqText = text[sents[k-1].s:sents[k-1].e]
		}
		c, ok := readValue(body)
		if !ok {
			// an equation derived from the one before ("Subtracting 28 from
			// both sides, we get: -3x = -19")
			if o := derived(step, text, sn.s, body, eqText, idTactic, tactic); o != nil {
				out = append(out, *o)
			}
			continue
		}
		l, r, ok := readEquation(eqText, c.name)
		if !ok {
			continue
		}
		if o := decide(step, text, sn.s, c, l, r, tactic); o != nil {
			out = append(out, *o)
		}
	}
	return out
}

// sentences cuts text at ".", "!", "?" before a space or the end (not a
// decimal point) and at line breaks; each sentence without its mark and
// surrounding spaces.
func sentences(text string) []span {
	var out []span
	start := 0
	add := func(e int) {
		q := e < len(text) && text[e] == '?'
		s := start
		for s < e && isSpace(text[s]) {
			s++
		}
		for e > s && isSpace(text[e-1]) {
			e--
		}
		if e > s {
			out = append(out, span{s, e, q})
		}
	}
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case c == '\n':
			add(i)
			start = i + 1
		case (c == '.' || c == '!' || c == '?') && (i+1 == len(text) || isSpace(text[i+1])):
			add(i)
			start = i + 1
		}
		if len(out) > maxSentences {
			return out
		}
	}
	add(len(text))
	return out
}

// claim is a value claimed for a name, where it stands in its sentence.
type claim struct {
	name   string
	value  *big.Rat
	ulp    *big.Rat // the unit of the value's last decimal place, nil for a whole number or a fraction
	vs, ve int      // "x = 50" within the sentence
}

// readValue reads a sentence "⟨cue prose⟩ x = v": prose with a cue and no
// veto, then the name, then closed members that agree, the last a number.
func readValue(body string) (claim, bool) {
	eq := strings.IndexByte(body, '=')
	n := eq - 1
	for n >= 0 && body[n] == ' ' {
		n--
	}
	if n < 0 || !mathtext.IsASCIILetter(body[n]) || n > 0 && (mathtext.IsASCIILetter(body[n-1]) || mathtext.IsDigit(body[n-1])) {
		return claim{}, false
	}
	lead := strings.ToLower(body[:n])
	if !endsStating(lead, false, valueEnds) {
		return claim{}, false // "we get: $80 * x = $416", "3 times x = 12": the name inside an expression
	}
	lead = lead[len(stepLabelRE.FindString(lead)):]
	if len(lead) > maxLead || !cueRE.MatchString(lead) || vetoRE.MatchString(lead) {
		return claim{}, false
	}
	members := strings.Split(body[eq+1:], "=")
	if len(members) > maxMembers {
		return claim{}, false
	}
	var val, ulp *big.Rat
	for k, m := range members {
		nd, err := parseSide(strings.TrimSpace(m), map[string]bool{})
		if err != nil {
			return claim{}, false
		}
		f, ok := linear(nd)
		if !ok || f.a.Sign() != 0 || val != nil && val.Cmp(f.b) != 0 {
			return claim{}, false // a name, or members that disagree (the arithmetic reader's)
		}
		val = f.b
		if k == len(members)-1 {
			// the chain ends with the value written out
			num := nd
			if num.op == '~' {
				num = num.l
			}
			if num.op != 'n' {
				return claim{}, false
			}
			ulp = num.ulp
		}
	}
	return claim{name: body[n : n+1], value: val, ulp: ulp, vs: n, ve: len(body)}, true
}

// readEquation reads the end of a sentence as a linear equation in name
// alone, after prose with no "=" and no veto.
func readEquation(sent, name string) (*node, *node, bool) {
	l, r, n, _, ok := tailEquation(sent)
	return l, r, ok && n == name
}

// tailEquation reads the end of a sentence as an equation in one name,
// after prose with no "=", no veto and an ending that introduces it; it
// returns the sides, the name and where the equation starts.
func tailEquation(sent string) (*node, *node, string, int, bool) {
	sent = strings.TrimRight(sent, " .,;:")
	i := len(sent)
	for i > 0 && eqByte(sent, i-1) {
		i--
	}
	eqn := strings.TrimLeft(sent[i:], " ,")
	prose := strings.ToLower(sent[:len(sent)-len(eqn)])
	if strings.ContainsAny(sent, `\{}^_[]|`) {
		return nil, nil, "", 0, false // TeX or other notation: the plain-text scan may cut it ("\frac{1}{12} \cdot t = 24")
	}
	if len(eqn) > maxEquation || strings.Count(eqn, "=") != 1 || strings.Contains(prose, "=") || vetoRE.MatchString(prose) || !endsStating(prose, true, equationEnds) {
		return nil, nil, "", 0, false
	}
	ls, rs, _ := strings.Cut(eqn, "=")
	names := map[string]bool{}
	l, err1 := parseSide(strings.TrimSpace(ls), names)
	r, err2 := parseSide(strings.TrimSpace(rs), names)
	if err1 != nil || err2 != nil || len(names) != 1 {
		return nil, nil, "", 0, false
	}
	for n := range names {
		return l, r, n, len(sent) - len(eqn), true
	}
	return nil, nil, "", 0, false
}

// eqByte reports a byte an equation in plain text may hold at i: digits,
// operators, brackets, points, commas, "$", spaces, the bytes of ×, ·, ÷
// and −, and a letter standing alone (a name).
func eqByte(s string, i int) bool {
	c := s[i]
	switch {
	case mathtext.IsDigit(c) || strings.IndexByte(" +-*/().,=$", c) >= 0 || c >= 0x80 && strings.IndexByte("×·÷−", c) >= 0:
		return true
	case mathtext.IsASCIILetter(c):
		return (i == 0 || !mathtext.IsASCIILetter(s[i-1])) && (i+1 == len(s) || !mathtext.IsASCIILetter(s[i+1]))
	}
	return false
}

// decide refutes the claim when the equation fails at the value beyond
// any rounding; nil otherwise.
func decide(step int, text string, at int, c claim, l, r *node, tactic string) *obligation.Obligation {
	fl, ok1 := linear(l)
	fr, ok2 := linear(r)
	if !ok1 || !ok2 {
		return nil
	}
	a := new(big.Rat).Sub(fl.a, fr.a)
	b := new(big.Rat).Sub(fr.b, fl.b)
	if a.Sign() == 0 {
		return nil // the name cancels: no value is solved for
	}
	sol := new(big.Rat).Quo(b, a)
	if sol.Cmp(c.value) == 0 {
		return nil
	}
	w := new(big.Rat)
	switch {
	case c.ulp != nil:
		w.Set(c.ulp)
	case c.value.IsInt() && (!sol.IsInt() || hasDecimal(l) || hasDecimal(r)):
		w.SetInt64(1) // a floor, a ceiling or a rounding to a whole number
	}
	x := interval{new(big.Rat).Sub(c.value, w), new(big.Rat).Add(c.value, w)}
	sl, ok1 := rangeOf(l, x)
	sr, ok2 := rangeOf(r, x)
	if !ok1 || !ok2 {
		return nil
	}
	if lo, hi := new(big.Rat).Sub(sl.lo, sr.hi), new(big.Rat).Sub(sl.hi, sr.lo); lo.Sign() <= 0 && hi.Sign() >= 0 {
		return nil // within what rounding explains
	}
	el, er := expr(l), expr(r)
	v := symexpr.RatExpr(c.value)
	cl, cr := symexpr.Substitute(el, c.name, v), symexpr.Substitute(er, c.name, v)
	lv, err1 := symexpr.Eval(cl, nil)
	rv, err2 := symexpr.Eval(cr, nil)
	if err1 != nil || err2 != nil || lv.Cmp(rv) == 0 {
		return nil
	}
	where := c.name + " = " + c.value.RatString()
	rd := symexpr.Render{}
	eq := symexpr.Plain(el) + " = " + symexpr.Plain(er)
	o := &obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, at+c.vs, at+c.ve), Kind: obligation.KindSolution, OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
	o.Expr = fmt.Sprintf("%s at %s", eq, where)
	o.Prop = rd.Term(cl) + " = " + rd.Term(cr)
	o.Lean = "example : " + o.Prop + " := by " + tactic
	o.LeanNeg = "example : ¬(" + o.Prop + ") := by " + tactic
	o.Note = fmt.Sprintf("the value %s is stated as solving the equation just before it (%s), whose solution is %s", where, eq, sol.RatString())
	o.WhyProof = fmt.Sprintf("at %s both sides are %s", where, lv.RatString())
	o.WhyDisproof = fmt.Sprintf("the stated value fails the equation: at %s the left side is %s, the right side %s", where, lv.RatString(), rv.RatString())
	return o
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
