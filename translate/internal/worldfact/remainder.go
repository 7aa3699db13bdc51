package worldfact

import (
	"fmt"
	"math/big"
	"regexp"
	"slices"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/obligation"
)

// Remainders stated in words with no quotient (docs/TRANSLATE.md,
// "Remainders and digit counts in words"): "2003 divided by 3 gives a
// remainder of 1", "100 leaves a remainder of 0 when divided by 20", "the
// remainder when 2^{10} is divided by 7 is 2", "when we divide 192 by 7,
// the remainder is 3". The dividend and the divisor are whole
// numbers written plainly or as a power (bigNumeral); the remainder is the
// least non-negative one, so a stated remainder of at least the divisor
// ("17 divided by 5 leaves a remainder of 7": a partial division some
// writers mean) is left alone, as is a dividend that continues something
// before it ("n + 7 divided by 3", "-7", "2.5", "x^{7}"). A division
// statement with its quotient ("194 ÷ 11 = 17 remainder 7") is the
// symbolic remainder reader's.

const (
	// remGapW is what may stand between a number and its words: spaces and
	// the braces of \text{…}; math delimiters are blanked by plain.
	remGapW = `(?:\s|\\(?:text|mathrm|mbox)\s*\{|\})*`
	remOp   = `(?:is )?divided by`
	// remNumeral is a whole number with thousands separators (1,000) or a
	// number or a power of one (numeral: 2003, 2^{100}).
	remNumeral = `(\d{1,3}(?:,\d{3})+|\d{1,30}(?:\s*\^\s*(?:\{\s*\d{1,7}\s*\}|\d{1,7}))?)`
	remValue   = `(\d{1,30})`
)

var remainderRE = []*regexp.Regexp{
	// "A divided by M gives (us) a remainder of R"
	spaced(remNumeral + remGapW + ` ` + remOp + remGapW + remNumeral + remGapW + `,? (?:gives|leaves|has|yields|produces|results in) (?:us )?(?:a |the )?remainder (?:of )?` + remGapW + remValue),
	// "A leaves a remainder of R when divided by M"
	spaced(remNumeral + remGapW + ` (?:leaves|has|gives) (?:a |the )?remainder (?:of )?` + remGapW + remValue + remGapW + `,? when (?:it is )?divided by` + remGapW + remNumeral),
	// "the remainder when A is divided by M is R"
	spaced(`\bremainder (?:when|of)` + remGapW + remNumeral + remGapW + ` ` + remOp + remGapW + remNumeral + remGapW + `,? (?:is|equals|=)` + remGapW + remValue),
	// "when we divide A by M, the remainder is R"; "dividing A by M leaves a remainder of R"
	spaced(`\b(?:(?:when|once) (?:(?:we|you|i) )?divide|dividing)` + remGapW + remNumeral + remGapW + ` by` + remGapW + remNumeral + remGapW +
		`,? (?:(?:the )?remainder is|(?:gives|leaves|yields|results in) (?:us )?(?:a |the )?remainder (?:of )?)` + remGapW + remValue),
}

// remainderOrder gives, for each pattern, the submatch numbers of the
// dividend, the divisor and the remainder.
var remainderOrder = [][3]int{{1, 2, 3}, {1, 3, 2}, {1, 2, 3}, {1, 2, 3}}

// ReadRemainders returns the refutations of the step's false remainders
// stated in words.
func ReadRemainders(step int, text, tactic string) []obligation.Obligation {
	if len(text) > maxStep || !strings.Contains(text, "remainder") || !strings.Contains(text, "ivid") { // divided, divide, Dividing
		return nil
	}
	low := plain(text)
	if otherBase(low) {
		return nil
	}
	var out []obligation.Obligation
	for k, re := range remainderRE {
		if !remainderWords(low, k) {
			continue
		}
		for _, m := range re.FindAllStringSubmatchIndex(low, -1) {
			g := func(i int) (int, int) { return m[2*i], m[2*i+1] }
			as, ae := g(remainderOrder[k][0])
			ms, me := g(remainderOrder[k][1])
			rs, re := g(remainderOrder[k][2])
			a, okA := bigNumeral(strings.ReplaceAll(low[as:ae], ",", ""))
			d, okD := bigNumeral(strings.ReplaceAll(low[ms:me], ",", ""))
			r, okR := new(big.Int).SetString(low[rs:re], 10)
			if !okA || !okD || !okR || d.Sign() <= 0 || r.Cmp(d) >= 0 ||
				!remOperand(low, as, ae, true) || !remOperand(low, ms, me, false) || !remOperand(low, rs, re, false) ||
				digitVetoed(low, m[0], m[1]) || asked(low, m[1]) {
				continue
			}
			is := new(big.Int).Mod(a, d)
			if is.Cmp(r) == 0 {
				continue
			}
			aw := strings.ReplaceAll(strings.Join(strings.Fields(low[as:ae]), ""), ",", "")
			dw := strings.ReplaceAll(strings.Join(strings.Fields(low[ms:me]), ""), ",", "")
			fact := fmt.Sprintf("%s leaves a remainder of %s when divided by %s", aw, is, dw)
			out = append(out, statedFact(step, text, m[0], m[1], fmt.Sprintf("%s mod %s = %s", aw, dw, r),
				is.String(), r.String(), "a remainder stated in words: ", fact, tactic))
		}
	}
	return out
}

// remainderRE's patterns hold these words, as they are, in this order
// ("divide" for "divide" and "dividing"): a text without them in order
// has no match of the pattern.
var remainderWordsOf = [][]string{
	{"divided", "remainder"},
	{"remainder", "when", "divided"},
	{"remainder", "divided"},
	{"divid", "remainder"},
}

// remainderWords reports whether low holds the words of remainderRE[k] in
// their order.
func remainderWords(low string, k int) bool {
	at := 0
	for _, w := range remainderWordsOf[k] {
		i := strings.Index(low[at:], w)
		if i < 0 {
			return false
		}
		at += i + len(w)
	}
	return true
}

// statedFact is the obligation of a fact of a number stated in words,
// text[s:e], whose value is and is said to be said: closed, decided by the
// two literals (the fact itself is computed here, exactly).
func statedFact(step int, text string, s, e int, expr, is, said, note, fact, tactic string) obligation.Obligation {
	o := obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, s, e), Kind: obligation.KindEquality,
		OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
	o.Expr = expr
	o.Prop = fmt.Sprintf("(%s : Rat) = (%s : Rat)", is, said)
	o.Lean = "example : " + o.Prop + " := by " + tactic
	o.LeanNeg = "example : ¬(" + o.Prop + ") := by " + tactic
	o.Note = note + fact
	o.WhyProof = fact
	o.WhyDisproof = fmt.Sprintf("%s, not %s", fact, said)
	return o
}

// remOperand reports a number low[s:e] that stands alone: not continuing
// an operator, a sign, a decimal or a name before it ("n + 7", "-7",
// "2.5", "x^{7}", "a_{12}"), nor going on into more of a number after it
// ("7.5", "7^2" when the power was not read, "7x", "7/2", "7!"); a
// subject (the dividend) is also no operand of words before it
// (operandBefore).
func remOperand(low string, s, e int, subject bool) bool {
	i := s
	for i > 0 && (low[i-1] == ' ' || low[i-1] == '\t' || low[i-1] == '\n') {
		i--
	}
	if i > 0 {
		c := low[i-1]
		w := strings.TrimRight(low[:i-1], " ")
		if c == '{' && !(strings.HasSuffix(w, `\text`) || strings.HasSuffix(w, `\mathrm`) || strings.HasSuffix(w, `\mbox`)) {
			return false // an argument: "\sqrt{2003}", "x^{7}"
		}
		if strings.IndexByte("+-*/^_=.×·<>%!|", c) >= 0 || isDigit(c) || isLetter(c) && i == s ||
			c == ',' && i >= 2 && isDigit(low[i-2]) {
			return false // "1,000" read from its "000"
		}
		for _, op := range []string{`\cdot`, `\times`, `\div`, `\pm`, `\mp`} {
			if strings.HasSuffix(low[:i], op) {
				return false
			}
		}
	}
	if subject && operandBefore(low, s) {
		return false
	}
	j := e
	for j < len(low) && (low[j] == ' ' || low[j] == '}') {
		j++
	}
	if j < len(low) && strings.IndexByte("^_/!×·*(%+-=<>", low[j]) >= 0 {
		return false // "1 + 1", "3^2", "7!"
	}
	for _, op := range []string{`\cdot`, `\times`, `\div`, `\pm`, `\mp`} {
		if strings.HasPrefix(low[j:], op) {
			return false
		}
	}
	if e < len(low) {
		c := low[e]
		next := e+1 < len(low) && isDigit(low[e+1])
		if isLetter(c) || isDigit(c) || (c == '.' || c == ',') && next {
			return false
		}
	}
	return true
}

func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isLetter(c byte) bool { return c >= 'a' && c <= 'z' }

// asked reports a question: the sentence the claim ends in ends with "?"
// ("Is it true that 2003 divided by 3 gives a remainder of 1?"). A point
// between digits is a decimal point, not the sentence's end.
func asked(low string, e int) bool {
	for i := e; i < len(low); i++ {
		switch low[i] {
		case '?':
			return true
		case '!', '\n':
			return false
		case '.':
			if !(i > 0 && isDigit(low[i-1]) && i+1 < len(low) && isDigit(low[i+1])) {
				return false
			}
		}
	}
	return false
}

// operandWords make the number after them an operand of something before
// ("half of 2003", "the product of 25 and 4", "7 times 12", "multiplied by
// 4"); "the remainder of 2004" is the pattern's own.
var operandWords = []string{"of", "plus", "minus", "times", "over", "by", "with", "to", "from", "than", "into", "between"}

// operandBefore reports a number at s that is an operand of the words or
// the list before it: an operandWord, an operator, or "and" after a
// number ("25 and 4, which is a three-digit number" speaks of their
// product). ", and 2003" starts a clause.
func operandBefore(low string, s int) bool {
	before := strings.TrimRight(low[:s], " \t\n{")
	if strings.HasSuffix(before, "remainder of") {
		return false
	}
	if before != "" && strings.IndexByte("+-*/^=×·÷", before[len(before)-1]) >= 0 {
		return true
	}
	for _, op := range []string{`\cdot`, `\times`, `\div`} {
		if strings.HasSuffix(before, op) {
			return true
		}
	}
	k := strings.LastIndexAny(before, " \t\n(")
	word := before[k+1:]
	if slices.Contains(operandWords, word) {
		return true
	}
	if word == "and" {
		prev := strings.TrimRight(before[:k+1], " \t\n")
		return prev != "" && (isDigit(prev[len(prev)-1]) || strings.ContainsRune(")}]", rune(prev[len(prev)-1])))
	}
	return false
}
