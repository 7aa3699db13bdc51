package enumcount

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
)

// TestRead: a count that disagrees with its bracket is one obligation with
// the items counted; agreement, words in the bracket and a number that is
// part of math are left alone.
func TestRead(t *testing.T) {
	obls := Read(0, "There are 7 choices for the exponent of 3 (0, 2, 4, 6).", "norm_num")
	if assert.Len(t, obls, 1) {
		assert.Equal(t, "#(0, 2, 4, 6) = 7", obls[0].Expr)
		assert.Equal(t, "(4 : Rat) = (7 : Rat)", obls[0].Prop)
		assert.Equal(t, "7 choices for the exponent of 3 (0, 2, 4, 6)", obls[0].Span.Text)
	}
	for _, s := range []string{
		"There are 4 choices (0, 2, 4, 6).", "There are 3 choices (red, blue, green).", "with x_3 values (1, 2)",
		"There are 2.5 values (1, 2, 3).", "There are 5 values (1, 2, ..., 9).", "There are 5 values (1-4, 6).",
	} {
		assert.Empty(t, Read(0, s, "norm_num"), s)
	}
}

// FuzzEnumCount: hostile steps never panic and spans lie in the step.
func FuzzEnumCount(f *testing.F) {
	f.Add("There are 7 choices for the exponent of 3 (0, 2, 4, 6).")
	f.Add(`That leaves three options for the last seat (\(4\), \(5\)), so`)
	f.Add("9 possible choices for the first digit (5, 6, 7, 8, or 9), 9 possible choices (5, 6)")
	f.Fuzz(func(t *testing.T, text string) {
		if !utf8.ValidString(text) {
			return
		}
		obls := Read(0, text, "norm_num")
		if len(obls) > maxClaims {
			t.Fatalf("%d obligations", len(obls))
		}
		for _, o := range obls {
			if o.Span.Start < 0 || o.Span.End > len(text) || !strings.HasPrefix(o.Expr, "#(") {
				t.Fatalf("bad obligation %+v", o)
			}
		}
	})
}

// TestNounsInIsNounRE: the hand-written scan finds what nounRE finds.
func TestNounsInIsNounRE(t *testing.T) {
	for _, s := range []string{
		"There are 7 choices (0, 2, 4, 6) and 3 values, 2 digitsx, integers_ and divisors.",
		"valuesvalues values, outcomes(1) possibilities",
		"", "choices", "no nouns here", "elementsÿ solutions\nsolutions",
	} {
		want := nounRE.FindAllStringIndex(s, -1)
		got := nounsIn(s, 1000)
		if len(want) == 0 {
			want = nil
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%q: got %v, want %v", s, got, want)
		}
	}
}

// TestCountBeforeKeepsMatches: the plain test before the pattern never
// drops a match: wherever countRE matches, countBefore holds at its noun;
// and it fails where no count or adjective stands right before the noun.
func TestCountBeforeKeepsMatches(t *testing.T) {
	for _, s := range []string{
		"There are 7 choices for the exponent of 3 (0, 2, 4, 6).", "There are 4 choices (0, 2, 4, 6).",
		"9 possible choices for the first digit (5, 6, 7, 8, or 9), 9 possible choices (5, 6)",
		"Three  distinct\tvalues (1, 2)", "TWELVE different valid outcomes (1, 2)", "aſix values (1, 2)",
		"123 integers (1, 2)", "(7\ndigits (1))", "10\fsolutions (1, 2) and 2\rdivisors (3, 4)",
	} {
		ms := countRE.FindAllStringSubmatchIndex(s, -1)
		if len(ms) == 0 {
			t.Errorf("%q: no match", s)
		}
		for _, m := range ms {
			assert.True(t, countBefore(s, m[4]), "%q at %d", s, m[4])
		}
	}
	for _, s := range []string{"the values (1, 2)", "1234 values (1, 2)", "x2 values (1, 2)", "7values (1)", "seventy values (1, 2)"} {
		n := nounsIn(s, 10)
		if assert.Len(t, n, 1, s) {
			assert.False(t, countBefore(s, n[0][0]), s)
			assert.Empty(t, countRE.FindAllStringIndex(s, -1), s)
		}
	}
}
