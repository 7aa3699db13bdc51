package worldfact

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"
)

// The range of the numbers of k digits stated in words (docs/TRANSLATE.md,
// "Digits stated in words"): "numbers with 5 digits: 1000 to 9999", "the
// 3-digit numbers run from 100 to 999". Whatever part of them the text
// means, both ends it names are numbers of k digits, or the bounds just
// outside them (99 and 1000 for three digits, an exclusive reading);
// an end that is neither makes the claim false.

var digitRangeRE = []string{
	`\b(?:numbers|integers) with ` + digitCount + ` digits?\s*(?::|\s(?:are|range from|run from|go from|from))\s*` + rangeEnds,
	`(?:^|[\s,:;(])` + digitCount + `[- ]digit (?:positive |whole |natural )?(?:numbers|integers) (?:are |range |run |go |start |starting )?(?:from )?` + rangeEnds,
}

// rangeEnds is "A to B", "A through B", "A and go up to B": two plain
// numerals.
const rangeEnds = `(\d{1,30}) (?:to|through|(?:and )?(?:go |goes |going )?up to|and end at|and go to) (\d{1,30})\b`

var digitRangeREs = []*regexp.Regexp{spaced(digitRangeRE[0]), spaced(digitRangeRE[1])}

// readDigitRanges returns the false ends of the step's ranges of numbers of
// k digits; add records one, as ReadDigits does.
func readDigitRanges(low string, add func(s, e int, said, is int, what, fact string)) {
	if !strings.Contains(low, "digit") || !strings.Contains(low, "numbers") && !strings.Contains(low, "integers") {
		return
	}
	for _, re := range digitRangeREs {
		for _, m := range re.FindAllStringSubmatchIndex(low, 8) {
			k, okK := numberAt(low, m[2], m[3])
			if !okK || k < 1 || k > 30 || digitVetoed(low, m[2], m[1]) {
				continue
			}
			lo := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(k-1)), nil)
			hi := new(big.Int).Mul(lo, big.NewInt(10))
			below := new(big.Int).Sub(lo, big.NewInt(1)) // the exclusive readings' bounds
			for _, end := range [][2]int{{m[4], m[5]}, {m[6], m[7]}} {
				n, ok := new(big.Int).SetString(low[end[0]:end[1]], 10)
				if !ok {
					continue
				}
				is := len(n.String())
				if is == k || k == 1 && n.Sign() == 0 || n.Cmp(below) == 0 && end[0] == m[4] || n.Cmp(hi) == 0 && end[0] == m[6] {
					continue
				}
				add(m[2], m[1], k, is, "the digits of "+n.String(), fmt.Sprintf("%s, an end of the range of the numbers of %d digits, has %d digits", n.String(), k, is))
				break
			}
		}
	}
}
