package linsolved

import "strings"

// The words that end the prose before a value, stating what follows
// (valueEnds), or before an equation, introducing it ("so we can write 6 -
// X = 3"), so that the equation is not the tail of an expression in words
// ("3 times x = 12") (equationEnds); each a whole word with nothing but
// spaces after it.
var (
	valueEnds    = []string{"get", "find", "obtain", "have", "give", "gives", "giving", "yield", "yields", "so", "then", "thus", "hence", "therefore"}
	equationEnds = []string{"write", "written", "equation", "is", "get", "give", "gives", "giving", "have", "obtain", "find", "so", "then", "thus", "hence", "therefore", "becomes", "to", "us", "yield", "yields", "means"}
)

// endsStating reports whether s, its trailing spaces (as `\s` reads them)
// trimmed, ends with a colon, a comma, or one of words opening at a word
// boundary; with orEmpty, also whether nothing is left. It is the pattern
// `(?:[:,]|\b(?:words…))\s*$` (with `^|` before the colon for orEmpty),
// without running it from every byte of s.
func endsStating(s string, orEmpty bool, words []string) bool {
	t := strings.TrimRight(s, " \t\n\f\r")
	if t == "" {
		return orEmpty
	}
	if c := t[len(t)-1]; c == ':' || c == ',' {
		return true
	}
	for _, w := range words {
		if strings.HasSuffix(t, w) && (len(t) == len(w) || !wordByte(t[len(t)-len(w)-1])) {
			return true
		}
	}
	return false
}

// wordByte is a byte of a word as `\b` reads it.
func wordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}
