package symbolic

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"

	"github.com/leanprm/leanprm/translate/algebra"
	"github.com/leanprm/leanprm/translate/internal/arith"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
	"github.com/leanprm/leanprm/translate/obligation"
)

// Division with remainder: "194 ÷ 11 = 17 with a
// remainder of 9", "\(1121 \div 243 = 4\) remainder \(133\)", "10 \div 13
// = 0\, \text{R}\, 10", in prose or math. The claim is two closed values:
// the quotient ⌊a / m⌋ = q and the remainder a mod m = r, each with the
// certificate of symcert.go (n ≤ x < n + 1; a = m·q + r with 0 ≤ r < m).
//
// Only whole numbers are read: a dividend glued to an operator, a sign, a
// decimal point or a letter is part of something larger and left alone,
// as is a remainder followed by more of a number. A statement that holds
// as an equation, a = m·q + r, but with a remainder out of range ("100 ÷ 7
// = 13 remainder 9") is a partial division some writers mean: left alone.

// remGap is what may stand between the words of the statement: spaces,
// math delimiters, thin spaces and \text{…} braces.
const remGap = `(?:\s|\\[(),;!]|\$|\\(?:text|mathrm|mbox)\s*\{|\\quad|\})*`

const remNum = `(\d+(?:,\d{3})*)`

var remRE = regexp.MustCompile(remNum + remGap + `(?:÷|\\div\b|/|divided\s+by)` + remGap + remNum + remGap +
	`(?:=|is\b|equals\b|gives\b|yields\b)` + remGap + remNum + remGap + `,?` + remGap +
	`(?:with\s+)?(?:a\s+)?(?:remainder|rem|R|r)\b\.?` + remGap + `(?:of\s+)?` + remGap + remNum)

// remainderClaims reads the division statements of a step.
func (t *Reader) remainderClaims(step int, text string) []obligation.Obligation {
	if !remWords(text) {
		return nil
	}
	var out []obligation.Obligation
	for _, m := range remRE.FindAllStringSubmatchIndex(text, -1) {
		if !remBoundaries(text, m[0], m[1]) {
			continue
		}
		num := func(k int) *big.Int {
			v, _ := new(big.Int).SetString(strings.ReplaceAll(text[m[2*k]:m[2*k+1]], ",", ""), 10)
			return v
		}
		a, d, q, r := num(1), num(2), num(3), num(4)
		if d.Sign() <= 0 || a.BitLen() > symexpr.CertMaxBits || d.BitLen() > symexpr.CertMaxBits || q.BitLen() > symexpr.CertMaxBits || r.BitLen() > symexpr.CertMaxBits {
			continue
		}
		if back := new(big.Int).Add(new(big.Int).Mul(d, q), r); back.Cmp(a) == 0 && r.Cmp(d) >= 0 {
			continue // a partial division: the remainder may still be divided
		}
		sentence := strings.ToLower(mathtext.SentenceAround(text, m[0], m[1]))
		ae := &symexpr.Expr{Op: 'n', Num: new(big.Rat).SetInt(a)}
		de := &symexpr.Expr{Op: 'n', Num: new(big.Rat).SetInt(d)}
		quo := symMember{e: &symexpr.Expr{Op: 'F', Name: "floor", L: &symexpr.Expr{Op: '/', L: ae, R: de}}, s: m[2], e2: m[5]}
		qm := symMember{e: &symexpr.Expr{Op: 'n', Num: new(big.Rat).SetInt(q)}, s: m[6], e2: m[7]}
		mod := symMember{e: &symexpr.Expr{Op: 'F', Name: "mod", L: ae, R: de}, s: m[2], e2: m[5]}
		rm := symMember{e: &symexpr.Expr{Op: 'n', Num: new(big.Rat).SetInt(r)}, s: m[8], e2: m[9]}
		for _, pair := range [][2]symMember{{quo, qm}, {mod, rm}} {
			if o := t.closedCert(step, text, pair[0], pair[1], sentence); o != nil {
				o.Span = mathtext.SpanOf(text, m[0], m[1])
				o.Note = strings.TrimPrefix(o.Note+"; a division with remainder: quotient and remainder are checked apart", "; ")
				out = append(out, *o)
			}
		}
	}
	return out
}

// remWords reports a remainder's word and a division in text, by plain
// search: without both remRE cannot match (it would try every number).
func remWords(text string) bool {
	// (the division first: most texts have an "r" word and no division)
	return mathtext.HasAny(text, "÷", `\div`, "/", "divided") && mathtext.HasAny(text, "emainder", "R", "rem", " r")
}

// remBoundaries reports whether the statement text[s:e] stands alone:
// its dividend is not the end of a longer number, a power, a decimal or a
// product, and its remainder is not the start of one.
func remBoundaries(text string, s, e int) bool {
	if s > 0 {
		switch c := text[s-1]; {
		case mathtext.IsDigit(c), mathtext.IsASCIILetter(c), strings.IndexByte(".,^_-{", c) >= 0:
			return false
		}
		before := strings.TrimRight(text[:s], " \t")
		for _, op := range []string{"+", "-", "−", "*", "×", "·", "/", "÷", `\cdot`, `\times`, `\div`, "^"} {
			if strings.HasSuffix(before, op) {
				return false
			}
		}
	}
	if e < len(text) {
		rest := text[e:]
		switch c := rest[0]; {
		case mathtext.IsDigit(c), mathtext.IsASCIILetter(c), strings.IndexByte("^/_", c) >= 0:
			return false
		case (c == '.' || c == ',') && len(rest) > 1 && mathtext.IsDigit(rest[1]):
			return false
		}
	}
	return true
}

// closedSum decides A = B for closed sides whose values are sums of
// radicals ("12 + 6\sqrt{3} = 30"), whose sixth powers are not rational:
// P is the certificate "the coefficients of each radical agree", with the
// coefficients computed in the canonical form of algebra.Surd (distinct
// radical monomials are linearly independent over Q, so the sides are
// equal exactly when every pair agrees). A whole number within 1 of the
// other side may be its floor or ceiling: never refuted.
func (t *Reader) closedSum(step int, text string, A, B symMember, a, b algebra.Surd, sentence string) *obligation.Obligation {
	const maxTerms = 8
	if a.Len() > maxTerms || b.Len() > maxTerms {
		return nil
	}
	rads, ca, cb := a.Coefficients(b)
	lit := func(q *big.Rat) string {
		if q.Sign() < 0 {
			return "-" + lit1(new(big.Rat).Neg(q))
		}
		return lit1(q)
	}
	conj := make([]string, len(rads))
	var left, right []string
	for i := range rads {
		if ca[i].Num().BitLen()+ca[i].Denom().BitLen() > 1024 || cb[i].Num().BitLen()+cb[i].Denom().BitLen() > 1024 {
			return nil
		}
		conj[i] = lit(ca[i]) + " = " + lit(cb[i])
		left = append(left, rads[i]+": "+ca[i].RatString())
		right = append(right, cb[i].RatString())
	}
	o := &obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, A.s, B.e2), Kind: obligation.KindClosedValue, OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
	o.Expr = symexpr.Plain(A.e) + " = " + symexpr.Plain(B.e)
	if v := closedClaimVeto(sentence); v != "" {
		o.OnDisproof, o.Note = obligation.Unknown, fmt.Sprintf("the sentence may be rejecting the claim (%q)", v)
	}
	for _, w := range []struct {
		e *symexpr.Expr
		v algebra.Surd
	}{{A.e, b}, {B.e, a}} {
		if w.e.Op == 'n' && o.OnDisproof == obligation.Refuted &&
			w.v.CmpRat(new(big.Rat).Sub(w.e.Num, big.NewRat(1, 1))) > 0 && w.v.CmpRat(new(big.Rat).Add(w.e.Num, big.NewRat(1, 1))) < 0 {
			o.OnDisproof, o.Note = obligation.Unknown, "a whole number within 1 of an irrational value may be its floor or ceiling"
		}
	}
	o.Note = boundNote(o.Note, A, B)
	o.Prop = strings.Join(conj, " ∧ ")
	o.Lean, o.LeanNeg = arith.Declarations(o.Prop, t.Tactic)
	o.Note = strings.TrimPrefix(o.Note+"; P is a certificate: the coefficients of each radical ("+strings.Join(rads, ", ")+") on both sides, computed exactly", "; ")
	o.WhyProof = fmt.Sprintf("both sides are %s", a)
	o.WhyDisproof = fmt.Sprintf("the left side is %s, the right side %s", a, b)
	return o
}

// lit1 is a nonnegative rational literal of the dialect.
func lit1(q *big.Rat) string {
	s := "(" + q.Num().String() + " : Rat)"
	if !q.IsInt() {
		s = "(" + s + " / (" + q.Denom().String() + " : Rat))"
	}
	return s
}

// divisibilityClaims reads "a \mid b" and "a \nmid b" between closed
// integers, one relation to a line of a math region (omnimath-313: "Since
// \( -20 \mid 10 \)"). P is the division |a|·q + r = b with 0 ≤ r < |a|,
// as for a congruence: a proof with r ≠ 0 refutes a ∣ b, one with r = 0
// refutes a ∤ b. Names, factorials, powers with names and a modulus 0 are
// left alone, as is a line with another relation.
func (t *Reader) divisibilityClaims(step int, text string, regions []MathRegion) []obligation.Obligation {
	var out []obligation.Obligation
	for _, rg := range regions {
		if !strings.Contains(text[rg.S:rg.E], `mid`) {
			continue
		}
		for _, p := range splitMath(text, rg) {
			if o := t.divides(step, text, p.s, p.e); o != nil {
				out = append(out, *o)
			}
		}
	}
	return out
}

func (t *Reader) divides(step int, text string, s, e int) *obligation.Obligation {
	raw := text[s:e]
	rel, neg := `\mid`, false
	i := strings.Index(raw, rel)
	if j := strings.Index(raw, `\nmid`); j >= 0 {
		rel, neg, i = `\nmid`, true, j
	}
	if i < 0 || symexpr.IsLetterAt(raw, i+len(rel)) || strings.Count(raw, `mid`) != 1 || strings.ContainsAny(raw, "=<>|≡") || lineRefused(raw[:i]) || lineRefused(raw[i+len(rel):]) {
		return nil
	}
	ae, err1 := symexpr.Read(strings.TrimSpace(raw[:i]))
	be, err2 := symexpr.Read(strings.TrimSpace(strings.TrimRight(strings.TrimSpace(raw[i+len(rel):]), ".,;")))
	if err1 != nil || err2 != nil || symexpr.HasVar(ae) || symexpr.HasVar(be) {
		return nil
	}
	a, err := symexpr.CertInt(ae)
	if err != nil || a.Sign() == 0 {
		return nil
	}
	b, err := symexpr.CertInt(be)
	if err != nil {
		return nil
	}
	sym := " ∣ "
	if neg {
		sym = " ∤ "
	}
	return t.divisionObligation(step, text, s, e, a, b, symexpr.Plain(ae)+sym+symexpr.Plain(be), neg, closedClaimVeto(strings.ToLower(mathtext.SentenceAround(text, s, e))))
}

// divisionObligation decides "a divides b" (or, neg, "a does not divide
// b") by the division of b by |a|, a ≠ 0: P is b = |a|·q + r with
// 0 ≤ r < |a|; a remainder against the claim refutes it unless veto (a
// word of the sentence that may reject or test the claim) is set.
func (t *Reader) divisionObligation(step int, text string, s, e int, a, b *big.Int, expr string, neg bool, veto string) *obligation.Obligation {
	m := new(big.Int).Abs(a)
	q, r := new(big.Int).DivMod(b, m, new(big.Int))
	o := &obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, s, e), Kind: obligation.KindCongruence, OnProof: obligation.Verified, OnDisproof: obligation.Unknown}
	o.Expr = expr
	if (r.Sign() != 0) != neg {
		o.OnProof = obligation.Refuted
		if veto != "" {
			o.OnProof, o.Note = obligation.Unknown, fmt.Sprintf("the sentence may be rejecting the claim (%q)", veto)
		}
	}
	o.Prop = symexpr.IntTerm(b) + " = " + symexpr.IntTerm(m) + " * " + symexpr.IntTerm(q) + " + " + symexpr.IntTerm(r)
	o.Lean, o.LeanNeg = arith.Declarations(o.Prop, t.Tactic)
	o.Note = strings.TrimPrefix(o.Note+"; P is the division by the divisor's absolute value; its remainder decides", "; ")
	if r.Sign() == 0 {
		o.WhyProof = fmt.Sprintf("%s = %s·%s: %s divides %s", b, m, q, a, b)
	} else {
		o.WhyProof = fmt.Sprintf("%s = %s·%s + %s: %s does not divide %s", b, m, q, r, a, b)
	}
	o.WhyDisproof = "the division shown does not hold"
	return o
}

// gcdProseRE is "the gcd of a and b is c" in words (omnimath-12: "the gcd
// of 42 and 7 is also 1"; math-247: "The GCD of 116 and 174 is 2").
var gcdProseRE = regexp.MustCompile(`(?i)\b(gcd|greatest common divisor|greatest common factor|hcf|highest common factor|lcm|least common multiple)` +
	remGap + `of` + remGap + remNum + remGap + `and` + remGap + remNum + remGap + `(?:is|=|equals)\s+(?:also\s+)?` + remGap + remNum)

// digitSumRE is "the sum of the digits of n is s" and "n (sum = s)" in a
// step about digit sums.
var (
	digitSumRE    = regexp.MustCompile(`(?i)\b(?:sum of (?:the |its )?digits of|digit sum of)` + remGap + `(\d{2,18})` + remGap + `(?:is|=|equals)` + remGap + `(\d{1,4})`)
	digitSumParRE = regexp.MustCompile(`(\d{2,18})\s*\((?:digit\s+)?sum\s*(?:=|is)\s*(\d{1,4})\)`)
)

// proseValueClaims reads gcd, lcm and digit sums stated in words.
// lower is text lower-cased.
func (t *Reader) proseValueClaims(step int, text, lower string) []obligation.Obligation {
	var out []obligation.Obligation
	// (each name gcdProseRE reads holds one of these, in letters (?i) folds with no other)
	if mathtext.HasAny(lower, "gcd", "lcm", "hcf", "common divi", "common factor", "common multiple") {
		for _, m := range gcdProseRE.FindAllStringSubmatchIndex(text, -1) {
			if !valueEnds(text, m[1]) {
				continue
			}
			num := func(k int) *symexpr.Expr {
				v, _ := new(big.Int).SetString(strings.ReplaceAll(text[m[2*k]:m[2*k+1]], ",", ""), 10)
				return &symexpr.Expr{Op: 'n', Num: new(big.Rat).SetInt(v)}
			}
			name := "gcd"
			if w := strings.ToLower(text[m[2]:m[3]]); strings.HasPrefix(w, "l") {
				name = "lcm"
			}
			A := symMember{e: &symexpr.Expr{Op: 'F', Name: name, L: num(2), R: num(3)}, s: m[0], e2: m[7]}
			B := symMember{e: num(4), s: m[8], e2: m[9]}
			if o := t.closedCert(step, text, A, B, strings.ToLower(mathtext.SentenceAround(text, m[0], m[1]))); o != nil {
				o.Span = mathtext.SpanOf(text, m[0], m[1])
				out = append(out, *o)
			}
		}
	}
	if strings.Contains(lower, "digit") {
		var ms [][]int
		if mathtext.HasAny(lower, "digits of", "digit sum of", "digitſ of", "digit ſum of") { // digitSumRE's words, ſ folding with s
			ms = digitSumRE.FindAllStringSubmatchIndex(text, -1)
		}
		if strings.Contains(text, "sum") { // (digitSumParRE's one literal word, case and all)
			ms = append(ms, digitSumParRE.FindAllStringSubmatchIndex(text, -1)...)
		}
		for _, m := range ms {
			if !valueEnds(text, m[1]) || m[0] > 0 && mathtext.IsDigit(text[m[0]-1]) {
				continue
			}
			if o := t.digitSum(step, text, m[0], m[1], text[m[2]:m[3]], text[m[4]:m[5]]); o != nil {
				out = append(out, *o)
			}
		}
	}
	return out
}

// valueEnds reports whether the number ending at i stands alone: not
// continued by digits, a decimal, an operator or a relation ("is \( 1 +
// 0 + 8 + 9 = 18 \)" states a computation, not a value).
func valueEnds(text string, i int) bool {
	rest := strings.TrimLeft(text[i:], " \t")
	rest = strings.TrimLeft(strings.TrimPrefix(strings.TrimPrefix(rest, `\)`), "$"), " \t")
	if rest == "" {
		return true
	}
	switch c := rest[0]; {
	case mathtext.IsDigit(c), strings.IndexByte("+-*/^=×·<>%", c) >= 0, strings.HasPrefix(rest, "−"), strings.HasPrefix(rest, `\cdot`), strings.HasPrefix(rest, `\times`):
		return false
	case (c == '.' || c == ',') && len(rest) > 1 && mathtext.IsDigit(rest[1]):
		return false
	}
	for _, w := range []string{"times", "more", "less", "plus", "minus", "over", "divided", "multiplied", "squared", "cubed", "percent", "mod", "or", "and"} {
		if strings.HasPrefix(rest, w) && !symexpr.IsLetterAt(rest, len(w)) {
			return false // the value goes on in words, or another is offered
		}
	}
	return true
}

// digitSum decides "the digit sum of n is s": P writes n in its decimal
// digits and sums them, so Lean checks both the digits and the sum.
func (t *Reader) digitSum(step int, text string, s, e int, n, claim string) *obligation.Obligation {
	if len(n) > 1 && n[0] == '0' {
		return nil
	}
	c, ok := new(big.Int).SetString(claim, 10)
	if !ok {
		return nil
	}
	var place, sum []string
	total := 0
	for i, d := range n {
		pow := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(len(n)-1-i)), nil)
		place = append(place, fmt.Sprintf("(%c : Rat) * (%s : Rat)", d, pow))
		sum = append(sum, fmt.Sprintf("(%c : Rat)", d))
		total += int(d - '0')
	}
	o := &obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, s, e), Kind: obligation.KindClosedValue, OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
	o.Expr = "digit sum of " + n + " = " + claim
	if v := closedClaimVeto(strings.ToLower(mathtext.SentenceAround(text, s, e))); v != "" {
		o.OnDisproof, o.Note = obligation.Unknown, fmt.Sprintf("the sentence may be rejecting the claim (%q)", v)
	}
	o.Prop = "(" + n + " : Rat) = " + strings.Join(place, " + ") + " ∧ " + strings.Join(sum, " + ") + " = " + symexpr.IntTerm(c)
	o.Lean, o.LeanNeg = arith.Declarations(o.Prop, t.Tactic)
	o.Note = strings.TrimPrefix(o.Note+"; P is a certificate: the number written in its decimal digits, then their sum", "; ")
	o.WhyProof = fmt.Sprintf("the digits of %s sum to %d", n, total)
	o.WhyDisproof = fmt.Sprintf("the digits of %s sum to %d, not %s", n, total, claim)
	return o
}
