package symbolic

import (
	"testing"
	"unicode/utf8"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
)

// TestPrefiltersKeepMatches: the plain tests that run before costly
// patterns never drop a match. mathtext.DigitThenWord(…, "is", "equals")
// holds wherever wordOpRE matches, and
// remWords holds wherever remRE matches; each fails on a text
// the pattern cannot match.
func TestPrefiltersKeepMatches(t *testing.T) {
	for _, s := range []string{
		"Half of 48 is 24.", "so 25% of 80 equals 20", "twice 7 IS 14", "3 more than 5\nis equal to 8",
		"a quarter of $12 Equals $3", "double 4\tis 8", "twice 7 iſ 14",
	} {
		if !wordOpRE.MatchString(s) {
			t.Errorf("%q: wordOpRE does not match", s)
		}
		if !mathtext.DigitThenWord(s, "is", "equals") {
			t.Errorf("%q: the plain test drops a match", s)
		}
	}
	for _, s := range []string{"half of the total is 24", "twice 7, which is 14", "twice 7is 14"} {
		if mathtext.DigitThenWord(s, "is", "equals") || wordOpRE.MatchString(s) {
			t.Errorf("%q: plain test %v, wordOpRE %v", s, mathtext.DigitThenWord(s, "is", "equals"), wordOpRE.MatchString(s))
		}
	}
	for _, s := range []string{
		"194 ÷ 11 = 17 with a remainder of 9", `\(1121 \div 243 = 4\) remainder \(133\)`,
		`10 \div 13 = 0\, \text{R}\, 10`, "100 divided by 7 is 14 r 2", "17 / 5 = 3 rem 2",
	} {
		if !remRE.MatchString(s) {
			t.Errorf("%q: remRE does not match", s)
		}
		if !remWords(s) {
			t.Errorf("%q: the words drop a match", s)
		}
	}
	if s := "17 - 5 = 12 with a remainder of 2"; remWords(s) || remRE.MatchString(s) {
		t.Errorf("%q: a division read where none is written", s)
	}
}

// TestSymBreaksOpenAsSplitMathExpects: splitMath looks for a break only at
// a backslash, a comma, a semicolon or a byte outside ASCII; every break
// must open with one.
func TestSymBreaksOpenAsSplitMathExpects(t *testing.T) {
	for _, b := range symBreaks {
		if c := b.lit[0]; c != '\\' && c != ',' && c != ';' && c < utf8.RuneSelf {
			t.Errorf("break %q opens with %q, which splitMath passes", b.lit, c)
		}
	}
}
