package enumcount

import (
	"math/rand"
	"strings"
	"testing"
)

// TestBracketAfter holds bracketAfter to countRE: on random text made of
// the pattern's pieces, the noun of each match passes the check.
func TestBracketAfter(t *testing.T) {
	slots := [][]string{
		{"", "x ", "There are "},
		{"7", "Seven", "two", "1234"},
		{" ", "  ", "\n"},
		{"", "possible ", "distinct  "},
		{"choices", "values", "digits"},
		{"", " for the first digit", " of 3", " in Each case", " of x.", " at 12 of them"},
		{"", " ", "\t"},
		{"(", "[", "x(", "\\("},
		{"0, 2, 4", "1 or 2", "\\(1\\), 3", "a\\)b", "é, 3", "", "(1, 2)", "\\"},
		{")", "", "\\)", "))"},
	}
	r := rand.New(rand.NewSource(1))
	hits := 0
	for n := 0; n < 200000; n++ {
		var b strings.Builder
		for _, sl := range slots {
			b.WriteString(sl[r.Intn(len(sl))])
		}
		text := b.String()
		for _, c := range countRE.FindAllStringSubmatchIndex(text, -1) {
			hits++
			if !bracketAfter(text, c[5]) {
				t.Fatalf("bracketAfter(%q, %d) = false, countRE matches", text, c[5])
			}
		}
	}
	if hits < 1000 || bracketAfter("values of x. (1, 2)", 6) || bracketAfter("values (1, (2)", 6) {
		t.Fatalf("hits %d", hits)
	}
}
