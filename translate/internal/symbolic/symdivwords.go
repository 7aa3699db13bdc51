package symbolic

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/arith"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/primeword"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
	"github.com/leanprm/leanprm/translate/obligation"
)

// divWordsRE reads divisibility in words with whole numbers: "1199 is
// divisible by 3", "\(24\) is not a multiple of 5", "both 24 and 1199 are
// divisible by 3". Groups: the first subject, the second (after "and"),
// "not", and the divisor.
var divWordsRE = regexp.MustCompile(`(?i)(\d{1,18})(?:\\\)|\$)?(?:\s+and\s+(?:\\\(|\$)?(\d{1,18})(?:\\\)|\$)?)?\s+(?:is|are)\s+(not\s+)?(?:(?:evenly|exactly)\s+)?(?:divisible\s+by|an?\s+multiples?\s+of|multiples\s+of)\s+(?:\\\(\s*|\$)?(\d{1,18})`)

// dividedByRE is a remainder beside the claim: the word then stands for
// "divided by".
var dividedByRE = regexp.MustCompile(`\bremainders?\b|\bleav(?:es|ing)\b|\d\s*(?:\*|×|·|\\times|\\cdot)\s*\d+\s*\+\s*\d`)

// divisorEndsClaim reports whether the divisor ending at i is the whole
// divisor of the claim: not followed by an operator, a power, a factorial,
// a digit group or another divisor ("by 3 and 5", "by 3 or 5", "by 3,
// 5"), where the claim would say more, or less, than the number read.
func divisorEndsClaim(text string, i int) bool {
	rest := text[i:]
	rest = strings.TrimPrefix(strings.TrimPrefix(rest, `\)`), "$")
	if rest == "" {
		return true
	}
	switch rest[0] {
	case '^', '_', '!', '*', '/', '+', '-', '{', '}', '\\', '(', '[', '%':
		return false
	case '.', ',', ';', ':':
		r := strings.TrimLeft(rest[1:], " ")
		return r == "" || r[0] < '0' || r[0] > '9'
	}
	next := strings.ToLower(strings.TrimLeft(rest, " "))
	for _, w := range []string{"and ", "or ", "nor ", "×", "·", "\\", "^", "*", "+", "-", "/", "!", "%", "percent", "times"} {
		if strings.HasPrefix(next, w) {
			return false
		}
	}
	return next == "" || next[0] < '0' || next[0] > '9'
}

// subjectStandsAlone is primeword.StandsAlone, except after a digit group's comma
// ("1,199 is divisible": 199 is no subject) and in a list ("12, 24 and
// 36 are divisible": the subject is the whole list).
func subjectStandsAlone(text string, i int) bool {
	before := strings.TrimRight(strings.TrimSuffix(strings.TrimSuffix(strings.TrimRight(text[:i], " "), `\(`), "$"), " ")
	if strings.HasSuffix(before, ",") || strings.HasSuffix(before, "{,}") {
		return false
	}
	return primeword.StandsAlone(text, i)
}

// divisibleWordClaims decides divisibility claims in words between whole
// numbers, each subject by the division certificate of divisionObligation.
// A tested, supposed or rejected sentence only keeps a refutation from
// being decided.
// lower is text lower-cased.
func (t *Reader) divisibleWordClaims(step int, text, lower string) []obligation.Obligation {
	if !strings.Contains(lower, "divisible") && !strings.Contains(lower, "multiple") {
		return nil
	}
	var out []obligation.Obligation
	for _, m := range divWordsRE.FindAllStringSubmatchIndex(text, 16) {
		if !subjectStandsAlone(text, m[2]) || !divisorEndsClaim(text, m[9]) {
			continue
		}
		if are := strings.Contains(strings.ToLower(text[m[0]:m[8]]), " are "); are != (m[4] >= 0) {
			continue // "24 and 1199 is …", "1199 are …": not read
		}
		d, ok := new(big.Int).SetString(text[m[8]:m[9]], 10)
		if !ok || d.Sign() == 0 {
			continue
		}
		neg := m[6] >= 0
		sentence, veto := wordClaimVeto(text, m[0], m[1])
		if veto == "" {
			// "16 is divisible by 7 (16 = 7 * 2 + 2)": a division with a
			// remainder shown beside it says "divided by".
			veto = dividedByRE.FindString(sentence)
		}
		for _, g := range [][2]int{{m[2], m[3]}, {m[4], m[5]}} {
			if g[0] < 0 {
				continue
			}
			n, ok := new(big.Int).SetString(text[g[0]:g[1]], 10)
			if !ok {
				continue
			}
			expr := d.String() + " ∣ " + n.String()
			if neg {
				expr = d.String() + " ∤ " + n.String()
			}
			out = append(out, *t.divisionObligation(step, text, m[0], m[1], d, n, expr, neg, veto))
		}
	}
	return out
}

// coprimeWordsRE reads "16 and 21 are relatively prime", "\(20\) and
// \(16\) are not coprime". Groups: the two numbers and "not".
var coprimeWordsRE = regexp.MustCompile(`(?i)(\d{1,18})(?:\\\)|\$)?\s+and\s+(?:\\\(|\$)?(\d{1,18})(?:\\\)|\$)?\s+are\s+(not\s+)?(?:relatively\s+prime|coprime)\b`)

// coprimeWordClaims decides "a and b are (not) relatively prime" between
// two positive whole numbers that are the subject of their clause. The
// certificate is a common divisor d > 1 (a = d·q, b = d·r), or Bézout's
// a·x + b·y = 1 with whole x and y. "coprime to 10" (a third number) and
// lists ("4, 9 and 25 are relatively prime") are left alone.
// lower is text lower-cased.
func (t *Reader) coprimeWordClaims(step int, text, lower string) []obligation.Obligation {
	if !strings.Contains(lower, "coprime") && !strings.Contains(lower, "relatively prime") {
		return nil
	}
	var out []obligation.Obligation
	for _, m := range coprimeWordsRE.FindAllStringSubmatchIndex(text, 16) {
		rest := strings.ToLower(strings.TrimLeft(strings.TrimPrefix(strings.TrimPrefix(text[m[1]:], `\)`), "$"), " "))
		if !subjectStandsAlone(text, m[2]) || strings.HasPrefix(rest, "to ") && !strings.HasPrefix(rest, "to each other") && !strings.HasPrefix(rest, "to one another") {
			continue
		}
		a, ok1 := new(big.Int).SetString(text[m[2]:m[3]], 10)
		b, ok2 := new(big.Int).SetString(text[m[4]:m[5]], 10)
		if !ok1 || !ok2 || a.Sign() == 0 || b.Sign() == 0 {
			continue
		}
		neg := m[6] >= 0
		_, veto := wordClaimVeto(text, m[0], m[1])
		x, y := new(big.Int), new(big.Int)
		g := new(big.Int).GCD(x, y, a, b)
		coprime := g.Cmp(big.NewInt(1)) == 0
		o := obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, m[0], m[1]), Kind: obligation.KindCongruence, OnProof: obligation.Verified, OnDisproof: obligation.Unknown}
		o.Expr = "gcd(" + a.String() + ", " + b.String() + ") = 1"
		if neg {
			o.Expr = "gcd(" + a.String() + ", " + b.String() + ") ≠ 1"
		}
		if coprime {
			o.Prop = symexpr.IntTerm(a) + " * " + symexpr.IntTerm(x) + " + " + symexpr.IntTerm(b) + " * " + symexpr.IntTerm(y) + " = (1 : Rat)"
			o.WhyProof = fmt.Sprintf("%s·%s + %s·%s = 1: no common divisor but 1", a, x, b, y)
		} else {
			o.Prop = fmt.Sprintf("(%s : Rat) = (%s : Rat) * (%s : Rat) ∧ (%s : Rat) = (%s : Rat) * (%s : Rat) ∧ (1 : Rat) < (%s : Rat)",
				a, g, new(big.Int).Quo(a, g), b, g, new(big.Int).Quo(b, g), g)
			o.WhyProof = fmt.Sprintf("%s divides both %s and %s", g, a, b)
		}
		o.Note = "P is a certificate: Bézout's identity with whole coefficients, or a common divisor above 1"
		if coprime == neg {
			o.OnProof = obligation.Refuted
			if veto != "" {
				o.OnProof, o.Note = obligation.Unknown, fmt.Sprintf("the sentence may be rejecting or testing the claim (%q)", veto)
			}
		}
		o.WhyDisproof = "the certificate does not hold"
		o.Lean, o.LeanNeg = arith.Declarations(o.Prop, t.Tactic)
		out = append(out, o)
	}
	return out
}

// wordClaimVeto is the sentence around the claim in words at [s, e),
// lower-cased and without the claim (its own "not" rejects nothing), and
// the word of it that may reject, test or suppose the claim, if any.
func wordClaimVeto(text string, s, e int) (sentence, veto string) {
	sentence = strings.ToLower(mathtext.SentenceAround(text, s, e))
	sentence = strings.Replace(sentence, strings.ToLower(text[s:e]), "", 1)
	veto = closedClaimVeto(sentence)
	if veto == "" {
		veto = primeword.Trial(sentence)
	}
	return sentence, veto
}
