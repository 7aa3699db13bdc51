package symbolic

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
)

// TestDigitSumWordsPrecedeThePattern holds proseValueClaims' plain test:
// every text digitSumRE matches holds one of its words once lower-cased,
// whatever the case and the runes that fold like ASCII letters.
func TestDigitSumWordsPrecedeThePattern(t *testing.T) {
	pieces := []string{"sum of ", "SUM OF ", "ſum of ", "digits of ", "DIGITS OF ", "digitſ of ", "dİgits of ", "dıgits of ", "Digit Sum Of ",
		"digit ſum of ", "the ", "its ", "123", " is ", " = ", "9", "K", "\\(", "\\)", "$"}
	rng := rand.New(rand.NewSource(9))
	hits := 0
	for n := 0; n < 30000; n++ {
		s := ""
		for k := rng.Intn(7); k >= 0; k-- {
			s += pieces[rng.Intn(len(pieces))]
		}
		if digitSumRE.MatchString(s) {
			hits++
			if !mathtext.HasAny(strings.ToLower(s), "digits of", "digit sum of", "digitſ of", "digit ſum of") {
				t.Fatalf("%q: the pattern matches, the words are not there", s)
			}
		}
	}
	if hits == 0 {
		t.Fatal("no text matched: the test tests nothing")
	}
}
