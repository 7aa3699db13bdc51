package symbolic

import (
	"math/big"
	"regexp"
	"strings"

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

// subjectStandsAlone is standsAlone, except after a digit group's comma
// ("1,199 is divisible": 199 is no subject) and in a list ("12, 24 and
// 36 are divisible": the subject is the whole list).
func subjectStandsAlone(text string, i int) bool {
	before := strings.TrimRight(strings.TrimSuffix(strings.TrimSuffix(strings.TrimRight(text[:i], " "), `\(`), "$"), " ")
	if strings.HasSuffix(before, ",") || strings.HasSuffix(before, "{,}") {
		return false
	}
	return standsAlone(text, i)
}

// divisibleWordClaims decides divisibility claims in words between whole
// numbers, each subject by the division certificate of divisionObligation.
// A tested, supposed or rejected sentence only keeps a refutation from
// being decided.
func (t *Reader) divisibleWordClaims(step int, text string) []obligation.Obligation {
	lower := strings.ToLower(text)
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
		sentence := strings.ToLower(sentenceAround(text, m[0], m[1]))
		// The claim's own "not" is no rejection of it.
		sentence = strings.Replace(sentence, strings.ToLower(text[m[0]:m[1]]), "", 1)
		veto := closedClaimVeto(sentence)
		if veto == "" {
			veto = trialRE.FindString(sentence)
		}
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
