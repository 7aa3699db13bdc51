package worldfact

import (
	"math/rand"
	"strings"
	"testing"
)

// TestCountedDigitPrecheck holds countedDigit and countedDigits to the
// patterns they guard: on random text made of the patterns' pieces, a
// match of kDigitRE (hasRE) is never missed by its pre-check.
func TestCountedDigitPrecheck(t *testing.T) {
	pieces := []string{"12", "12345", "3", " ", "  ", "\n", "\t", ",", "(", "=", "-", "+", "x", "_", "é",
		"is", "was", "a", "an", "the", "already", "which", "that", "has", "exactly", "one", "two", "twelve", "thrice",
		"someone", "digit", "digits", "number", "units", "s"}
	// slots of the patterns, each with good and bad fillers
	slots := [][]string{
		{"", "x", "(", ",", "="},
		{"12", "2^{12}", "x", "12345", ""},
		{" ", "  ", "\n", "", ", which "},
		{"is", "was", "has", "has exactly", "i"},
		{" ", "\t", "", " already "},
		{"a", "an", "the", "", "ta"},
		{" ", "  ", "", "-"},
		{"one", "two", "twelve", "12", "1234", "12345", "someone", "thrice", "x2", "é", ""},
		{"-", "+", " ", "  ", "", "\n", "_"},
		{"digit", "digits", "digitx", "digit_", "digit é", "digits."},
	}
	r := rand.New(rand.NewSource(1))
	hit := [2]int{}
	for n := 0; n < 300000; n++ {
		var b strings.Builder
		for _, sl := range slots {
			b.WriteString(sl[r.Intn(len(sl))])
			if r.Intn(12) == 0 {
				b.WriteString(pieces[r.Intn(len(pieces))])
			}
		}
		low := b.String()
		if kDigitRE.MatchString(low) {
			hit[0]++
			if !countedDigit(low) {
				t.Fatalf("countedDigit(%q) = false, kDigitRE matches", low)
			}
		}
		if hasRE.MatchString(low) {
			hit[1]++
			if !countedDigits(low) {
				t.Fatalf("countedDigits(%q) = false, hasRE matches", low)
			}
		}
	}
	if hit[0] < 100 || hit[1] < 100 {
		t.Fatalf("too few matches: %v", hit)
	}
	for _, s := range []string{"3 is a two-digit number", "60060, which is already a six-digit number", "the 12+digit"} {
		if !countedDigit(s) {
			t.Errorf("countedDigit(%q) = false", s)
		}
	}
	for _, s := range []string{"the units digit", "the digits of 12", "a 12345-digit", "the digit sum"} {
		if countedDigit(s) {
			t.Errorf("countedDigit(%q) = true", s)
		}
	}
	if !countedDigits("1002001 has four  digits.") || countedDigits("the sum of its digits") {
		t.Error("countedDigits")
	}
}

// TestRangeDigitAt holds rangeDigitAt to digitRangeREs: on random text
// made of the patterns' pieces, each match's "digit" passes the check.
func TestRangeDigitAt(t *testing.T) {
	slots := [][]string{
		{"", "x", "(", ",", ":", "=", "the "},
		{"numbers with ", "integers with  ", "with ", ""},
		{"one", "two", "twelve", "3", "1234", "12345", "x3", "é", ""},
		{"-", "+", " ", "  ", "", "\n", "_"},
		{"digit", "digits", "digitx"},
		{" ", "", ":", " are ", " positive ", "  "},
		{"numbers ", "integers ", "", "whole numbers "},
		{"from ", "run from ", "range ", ""},
		{"100 to 999", "1 through 9", "10 and go up to 99", "x to 9"},
	}
	r := rand.New(rand.NewSource(2))
	hits := [2]int{}
	for n := 0; n < 200000; n++ {
		var b strings.Builder
		for _, sl := range slots {
			b.WriteString(sl[r.Intn(len(sl))])
		}
		low := b.String()
		for k, re := range digitRangeREs {
			for _, m := range re.FindAllStringIndex(low, -1) {
				hits[k]++
				i := m[0] + strings.Index(low[m[0]:m[1]], "digit")
				if !rangeDigitAt(low, i, k) {
					t.Fatalf("rangeDigitAt(%q, %d, %d) = false, the pattern matches", low, i, k)
				}
			}
		}
	}
	if hits[0] < 100 || hits[1] < 100 {
		t.Fatalf("too few matches: %v", hits)
	}
}
