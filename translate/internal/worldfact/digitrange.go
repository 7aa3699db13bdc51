package worldfact

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
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
// k digits; add records one, as ReadDigits does. The patterns run only on
// the words around each "digit" (found by plain search).
func readDigitRanges(low string, add func(s, e int, said, is int, what, fact string)) {
	if !strings.Contains(low, "numbers") && !strings.Contains(low, "integers") {
		return
	}
	seen := map[int]bool{}
	for _, i := range mathtext.Indexes(low, "digit", 8) {
		at := i + len("digit")
		w, from := mathtext.Window(low, i-digitBefore, i+digitAfter)
		for k, re := range digitRangeREs {
			if k == 0 && !strings.Contains(w, "with") {
				continue // the first pattern's "with", as it is
			}
			if !rangeDigitAt(low, i, k) {
				continue // no match of the pattern has its "digit" at i
			}
			for _, m := range re.FindAllStringSubmatchIndex(w, 2) {
				for k := range m {
					m[k] += from
				}
				if seen[m[0]] || m[2] > i || m[1] < at {
					continue // another "digit"'s range, or read already
				}
				seen[m[0]] = true
				digitRange(low, m, add)
			}
		}
	}
}

// rangeDigitAt reports whether digitRangeREs[k] may match with its one
// "digit" at low[i:]: after blanks and a count (the first pattern's "with
// N digits"), or right after a "-", "+" or blank and a count that follows
// one of "\s,:;(" (the second's "N-digit"), itself followed by a blank.
// A match holds no other "digit", so the matches kept for i are those.
func rangeDigitAt(low string, i, k int) bool {
	if i == 0 {
		return false
	}
	if k == 0 {
		j := i
		for j > 0 && isSpace(low[j-1]) {
			j--
		}
		return j < i && countEnds(low, j, blanks)
	}
	e := i + len("digit")
	return strings.IndexByte("-+"+blanks, low[i-1]) >= 0 && countEnds(low, i-1, blanks+",:;(") && e < len(low) && isSpace(low[e])
}

// The words read around a "digit": the count before it, the noun and the
// two ends after it.
const digitBefore, digitAfter = 48, 120

// digitRange checks the ends of the range digitRangeREs matched at m.
func digitRange(low string, m []int, add func(s, e int, said, is int, what, fact string)) {
	k, okK := numberAt(low, m[2], m[3])
	if !okK || k < 1 || k > 30 || digitVetoed(low, m[2], m[1]) {
		return
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
		return
	}
}
