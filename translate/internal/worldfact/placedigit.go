package worldfact

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/obligation"
)

// The digit in a place of a number and its last digits, stated in words
// (docs/TRANSLATE.md, "Digits in a place and last digits stated in
// words"): "the hundreds digit of 2011^{2011} is 6", "the tens digit of
// 120120 is 2", "the last two digits of 7^{4} are 01". The number is a
// numeral or a power of one, as for the units digit (digits.go); a power
// is reduced modulo a power of ten, never written out. The place must
// exist: a number with fewer digits than the place or than the digits
// counted is not read, nor is a count of last digits stated with another
// number of figures ("the last two digits are 1").

var (
	placeRE = spaced(`\bthe (tens|hundreds|thousands) digit of ` + numeral + ` (?:is|was) (?:\\boxed\s*\{\s*)?(\d)\b`)
	lastRE  = spaced(`\bthe (?:last|final|rightmost) (two|three|four|2|3|4) digits of ` + numeral + ` (?:are|is|were|was) (?:\\boxed\s*\{\s*)?(\d{1,4})\b`)
	// placeOf is the power of ten of a place; lastCount the digits counted.
	placeOf   = map[string]int{"tens": 1, "hundreds": 2, "thousands": 3}
	lastCount = map[string]int{"two": 2, "three": 3, "four": 4, "2": 2, "3": 3, "4": 4}
)

// ReadPlaceDigits returns the refutations of the step's false claims of
// the digit in a place of a number, or of its last digits.
func ReadPlaceDigits(step int, text, tactic string) []obligation.Obligation {
	if len(text) > maxStep || !strings.Contains(text, "digit") {
		return nil
	}
	place := mathtext.HasAny(text, "tens digit", "hundreds digit", "thousands digit")
	last := mathtext.HasAny(text, " two digits", " three digits", " four digits", " 2 digits", " 3 digits", " 4 digits")
	if !place && !last || otherBase(strings.ToLower(text)) {
		return nil
	}
	low := plain(text)
	var out []obligation.Obligation
	for _, m := range placeRE.FindAllStringSubmatchIndex(low, -1) {
		if !place {
			break
		}
		p := placeOf[low[m[2]:m[3]]]
		low10, ok := lowDigits(low[m[4]:m[5]], p+1)
		if !ok || digitVetoed(low, m[0], m[1]) || asked(low, m[1]) {
			continue
		}
		said, _ := strconv.Atoi(low[m[6]:m[7]])
		is := int(low10[0] - '0')
		if said != is {
			name := strings.Join(strings.Fields(low[m[4]:m[5]]), "")
			out = append(out, statedFact(step, text, m[0], m[1], fmt.Sprintf("the %s digit of %s = %d", low[m[2]:m[3]], name, said),
				strconv.Itoa(is), strconv.Itoa(said), "the digits of a number stated in words: ",
				fmt.Sprintf("%s ends in %s", name, low10), tactic))
		}
	}
	for _, m := range lastRE.FindAllStringSubmatchIndex(low, -1) {
		if !last {
			break
		}
		k := lastCount[low[m[2]:m[3]]]
		said := low[m[6]:m[7]]
		ends, ok := lowDigits(low[m[4]:m[5]], k)
		if !ok || len(said) != k || digitVetoed(low, m[0], m[1]) || asked(low, m[1]) {
			continue
		}
		if said != ends {
			name := strings.Join(strings.Fields(low[m[4]:m[5]]), "")
			s, _ := strconv.Atoi(said)
			e, _ := strconv.Atoi(ends)
			out = append(out, statedFact(step, text, m[0], m[1], fmt.Sprintf("the last %d digits of %s = %s", k, name, said),
				strconv.Itoa(e), strconv.Itoa(s), "the digits of a number stated in words: ",
				fmt.Sprintf("%s ends in %s", name, ends), tactic))
		}
	}
	return out
}

// lowDigits is the last k digits of the numeral s ("2011^{2011}", "120120"),
// k figures with leading zeros, when the number has at least k digits.
func lowDigits(s string, k int) (string, bool) {
	s = numeralSpacing.Replace(s)
	baseText, expText, isPow := strings.Cut(s, "^")
	b, ok := new(big.Int).SetString(baseText, 10)
	if !ok {
		return "", false
	}
	mod := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(k)), nil)
	n := b
	if isPow {
		e, err := strconv.Atoi(expText)
		if err != nil || e < 0 {
			return "", false
		}
		if b.BitLen() > 1 && e*(b.BitLen()-1) >= 64 {
			// at least 2^64: more than k digits; only its residue is computed
			r := new(big.Int).Exp(b, big.NewInt(int64(e)), mod)
			return padded(r, k), true
		}
		n = new(big.Int).Exp(b, big.NewInt(int64(e)), nil)
	}
	if len(n.String()) < k {
		return "", false // no such place
	}
	r := new(big.Int).Mod(n, mod)
	return padded(r, k), true
}

// padded writes r with k figures, leading zeros added.
func padded(r *big.Int, k int) string {
	d := r.String()
	return strings.Repeat("0", max(0, k-len(d))) + d
}
