package worldfact

import (
	"fmt"
	"math/big"
	"regexp"
	"strconv"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/obligation"
)

// Facts of the digits of a number stated in words (docs/TRANSLATE.md,
// "Digits stated in words"): "3 is a two-digit number", "1002001 has four
// digits", "2^{12} has a units digit of 4", "the units digit of 7^{3} is
// 1". The number is written plainly (digits, no separators) or as a power
// of two such numbers; its digits are those of its decimal numeral, so a
// step that speaks of another base (base, binary, octal, hexadecimal, a
// subscript to a numeral) is not read. A count of digits may be written
// with up to four digits ("2^{1990} has 600 digits"), and the claim may
// follow its number as a relative clause ("60060, which is already a
// six-digit number").

const (
	// a count of digits: a word, or a numeral of up to four digits ("2^{1990} has 600 digits")
	digitCount = `(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d{1,4})`
	// a number, or a power of one: 2^{12}, 7^3
	numeral = `(\d{1,30}(?:\s*\^\s*(?:\{\s*\d{1,7}\s*\}|\d{1,7}))?)`
)

var (
	// "N is a K-digit number", and as a relative clause after the number:
	// "the LCM is 60060, which is already a six-digit number".
	kDigitRE = spaced(`(?:^|[\s,:;(=])` + numeral + `(?:\s*,\s*(?:which|that))? (?:is|was) (?:(?:already|also|still|now|indeed|clearly) )?(?:an?|the) ` + digitCount + `[- ]digit\b`)
	hasRE    = spaced(`(?:^|[\s,:;(=])` + numeral + ` has (?:exactly )?` + digitCount + ` digits\b`)
	unitsRE  = []*regexp.Regexp{
		spaced(`\bthe (?:units|unit|ones|last) digit of ` + numeral + ` (?:is|was) (\d)\b`),
		spaced(`(?:^|[\s,:;(=])` + numeral + ` has (?:a|the) (?:units|unit|ones|last) digit (?:of )?(\d)\b`),
	}
	// otherBaseRE: the digits may be those of another base. A base is
	// written as a subscript to a numeral ("1011_2", "(33)_4",
	// "\text{12}_{5}"); a subscript to a letter names a term or a function
	// ("a_1", "f_1(2^{10})", "\log_{10}"), not a base.
	otherBaseRE = regexp.MustCompile(`\bbase\b|\bbinary\b|\boctal\b|\bhexadecimal\b|\bduodecimal\b|\bradix\b|[\d)}\]]\s*_\s*\{?\s*\d`)
	digitVetoRE = regexp.MustCompile(`\b(?:if|suppose|assume|would|check|checking|test|testing|try|trying|whether|not|no|isn't|doesn't|cannot|can't|must|should|need|needs|want|wants|let|such|every|each|any|all|some)\b|\?`)
)

// ReadDigits returns the refutations of the step's false claims of the
// digits of a number.
func ReadDigits(step int, text, tactic string) []obligation.Obligation {
	if len(text) > maxStep || !strings.Contains(text, "digit") {
		return nil
	}
	counts := strings.Contains(text, "-digit") || strings.Contains(text, " digit")
	units := mathtext.HasAny(text, "units digit", "unit digit", "ones digit", "last digit")
	// the words first, the pattern over the whole step only when one is there
	if !counts && !units || otherBase(strings.ToLower(text)) {
		return nil
	}
	low := plain(text)
	var out []obligation.Obligation
	add := func(s, e int, said, is int, what, fact string) {
		if said == is {
			return
		}
		out = append(out, statedFact(step, text, s, e, fmt.Sprintf("%s = %d", what, said), strconv.Itoa(is), strconv.Itoa(said),
			"the digits of a number stated in words: ", fact, tactic))
	}
	for _, re := range []*regexp.Regexp{kDigitRE, hasRE} {
		if !counts {
			break
		}
		if re == hasRE && (!strings.Contains(low, "has") || !countedDigits(low)) {
			continue // words the pattern holds as they are
		}
		if re == kDigitRE && !countedDigit(low) {
			continue
		}
		for _, m := range re.FindAllStringSubmatchIndex(low, -1) {
			n, ok := bigNumeral(low[m[2]:m[3]])
			k, okK := numberAt(low, m[4], m[5])
			if !ok || !okK || digitVetoed(low, m[2], m[1]) || asked(low, m[1]) || operandBefore(low, m[2]) {
				continue
			}
			is, name := len(n.String()), n.String()
			if w := strings.Join(strings.Fields(low[m[2]:m[3]]), ""); strings.Contains(w, "^") {
				name = w // a power is named as written, not by its hundreds of digits
			}
			add(m[2], m[1], k, is, "the digits of "+name, fmt.Sprintf("%s has %d digits", name, is))
		}
	}
	if counts {
		readDigitRanges(low, add) // digitrange.go
	}
	for k, re := range unitsRE {
		if !units {
			break
		}
		if k == 1 && !strings.Contains(low, "has") {
			continue // the second pattern's "has", as it is
		}
		for _, m := range re.FindAllStringSubmatchIndex(low, -1) {
			n, ok := bigNumeral(low[m[2]:m[3]])
			d, _ := strconv.Atoi(low[m[4]:m[5]])
			if !ok || digitVetoed(low, m[2], m[1]) {
				continue
			}
			is := int(new(big.Int).Mod(n, big.NewInt(10)).Int64())
			name := strings.Join(strings.Fields(low[m[2]:m[3]]), "")
			add(m[2], m[1], d, is, "the units digit of "+name, fmt.Sprintf("%s ends in %d", name, is))
		}
	}
	return out
}

// countedDigit reports whether kDigitRE may match low: a "digit" that
// ends a word (its \b) right after a "-", "+" or space (its "[- ]",
// spaced), with a count before that (countEnds).
func countedDigit(low string) bool {
	for at := 0; ; {
		i := strings.Index(low[at:], "digit")
		if i < 0 {
			return false
		}
		i += at
		at = i + len("digit")
		if i >= 1 && strings.IndexByte("-+ \t\n\f\r", low[i-1]) >= 0 && !wordByteAt(low, at) && countEnds(low, i-1, blanks) {
			return true
		}
	}
}

// countedDigits reports whether hasRE may match low: a "digits" that ends
// a word (its \b), after spaces and a count (countEnds).
func countedDigits(low string) bool {
	for at := 0; ; {
		i := strings.Index(low[at:], "digits")
		if i < 0 {
			return false
		}
		at = at + i + len("digits")
		k := at - len("digits")
		for k > 0 && isSpace(low[k-1]) {
			k--
		}
		if k < at-len("digits") && !wordByteAt(low, at) && countEnds(low, k, blanks) {
			return true
		}
	}
}

// countEnds reports whether low[:k] may end with digitCount right after
// a byte of stops (the patterns' bytes before their count) or at the
// start: the bytes back to such a byte are a number word or one to four
// digits. A count holds no byte of stops, so it would be all of them.
func countEnds(low string, k int, stops string) bool {
	j := k
	for j > 0 && k-j <= len("thrice") && strings.IndexByte(stops, low[j-1]) < 0 {
		j--
	}
	if j > 0 && strings.IndexByte(stops, low[j-1]) < 0 {
		return false // more bytes than any count
	}
	w := low[j:k]
	if _, ok := wordNum[w]; ok {
		return true
	}
	return len(w) >= 1 && len(w) <= 4 && strings.Trim(w, "0123456789") == ""
}

// blanks are the bytes of \s.
const blanks = " \t\n\f\r"

// isSpace is a byte of \s.
func isSpace(c byte) bool { return strings.IndexByte(blanks, c) >= 0 }

// wordByteAt reports a byte of \w at low[i] (none past the end): a \b
// cannot fall right before it after a word byte.
func wordByteAt(low string, i int) bool {
	return i < len(low) && (low[i] == '_' || isDigit(low[i]) || mathtext.IsASCIILetter(low[i]))
}

// otherBase reports otherBaseRE in low, after a plain search for the
// words and the mark it needs (most steps hold none, and the pattern has no
// literal prefix).
func otherBase(low string) bool {
	return mathtext.HasAny(low, "base", "binary", "octal", "hexadecimal", "duodecimal", "radix", "_") && otherBaseRE.MatchString(low)
}

// maxDigitsOf bounds the value of a power read (its decimal digits).
const maxDigitsOf = 2000

// numeralSpacing is what bigNumeral drops: spaces and braces.
var numeralSpacing = strings.NewReplacer(" ", "", "\t", "", "\n", "", "{", "", "}", "")

// bigNumeral reads "1002001" or "2^{12}"; a power whose value would pass
// maxDigitsOf digits is not read.
func bigNumeral(s string) (*big.Int, bool) {
	s = numeralSpacing.Replace(s)
	base, exp, isPow := strings.Cut(s, "^")
	b, ok := new(big.Int).SetString(base, 10)
	if !ok {
		return nil, false
	}
	if !isPow {
		return b, true
	}
	e, err := strconv.Atoi(exp)
	if err != nil || e < 0 || b.Sign() == 0 || float64(e)*float64(b.BitLen()) > maxDigitsOf*3.33 {
		return nil, false
	}
	return new(big.Int).Exp(b, big.NewInt(int64(e)), nil), true
}

// digitVetoed reports a word that supposes, tests, denies or quantifies
// the claim low[s:e] (vetoedBy).
func digitVetoed(low string, s, e int) bool { return vetoedBy(digitVetoRE, low, s, e) }
