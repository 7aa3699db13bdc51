package translate

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// divListTraps is the trap corpus of lists of divisors stated in words
// (issue 29, number theory: "factorizations"; docs/TRANSLATE.md, "Lists of
// divisors"): a listed number that does not divide, a prime factor that is
// not prime, a divisor strictly between 1 and N left out of the whole set
// are refuted; right lists, lists that may leave out 1 and N on purpose,
// factor pairs, factorizations and restricted or hedged sets are left
// alone. The wording is ours.
var divListTraps = []trap{
	// Right lists: no refutation.
	{family: "divisor list right", steps: []string{`The divisors of 45 are 1, 3, 5, 9, 15 and 45.`}, want: wantNotRefuted},
	{family: "divisor list right", steps: []string{`The divisors of 496 are 1, 2, 4, 8, 16, 31, 62, 124, 248, so 496 is perfect.`}, want: wantNotRefuted},
	{family: "divisor list right", steps: []string{`The prime factors of 210 are 2, 3, 5 and 7.`}, want: wantNotRefuted},
	{family: "divisor list right", steps: []string{`The factors of 18 are 2, 3 and 3.`}, want: wantNotRefuted},
	{family: "divisor list right", steps: []string{`The factors of 18 are 3 and 6.`}, want: wantNotRefuted},
	{family: "divisor list right", steps: []string{`The positive divisors of 35 are: \[ 1, 5, 7, 35 \] Their sum is 48.`}, want: wantNotRefuted},
	// Restricted, hedged, continued or unfinished lists: left alone.
	{family: "divisor list alone", steps: []string{`The odd divisors of 40 are 1 and 5.`}, want: wantNotRefuted},
	{family: "divisor list alone", steps: []string{`The two-digit factors of 120 are 10, 12, 15.`}, want: wantNotRefuted},
	{family: "divisor list alone", steps: []string{`The divisors of 40 are 1, 2, 4, 5, ..., 40.`}, want: wantNotRefuted},
	{family: "divisor list alone", steps: []string{`If the divisors of 40 were 1, 2 and 40, it would be prime-like.`}, want: wantNotRefuted},
	{family: "divisor list alone", steps: []string{`The divisors of 40 are 1, 2, 4 (and others).`}, want: wantNotRefuted},
	{family: "divisor list alone", steps: []string{`The divisors of 40 are \(1, 2, 4, 5\) if we stop at 5.`}, want: wantNotRefuted},
	{family: "divisor list alone", steps: []string{`The divisors of 40 are 1, 2, 4, 5, 8, 10, 20, not 3.`}, want: wantNotRefuted},
	{family: "divisor list alone", steps: []string{`The divisors of 40 are 1, 2, 4, 5, 8 or 10.`}, want: wantNotRefuted},
	{family: "divisor list alone", steps: []string{`The divisors of 40 are 1, 2, 4, 5, 8, 10, 20 (checking each).`}, want: wantNotRefuted},
	// Wrong look-alikes: refuted.
	{family: "divisor list wrong", steps: []string{`The divisors of 45 are 1, 3, 5, 9, 15 and 45, and 10.`}, want: wantRefuted},
	{family: "divisor list wrong", steps: []string{`The divisors of 45 are 1, 3, 5, 9 and 45.`}, want: wantRefuted, claim: "divisors of 45"},
	{family: "divisor list wrong", steps: []string{`The divisors of 45 are 1, 3, 5, 6, 9, 15 and 45.`}, want: wantRefuted},
	{family: "divisor list wrong", steps: []string{`The prime factors of 210 are 2, 3, 5, 7 and 21.`}, want: wantRefuted},
	{family: "divisor list wrong", steps: []string{`The prime factors of 210 are 2, 3 and 7.`}, want: wantRefuted},
	{family: "divisor list wrong", steps: []string{`The factors of 18 are 4 and 6.`}, want: wantRefuted},
	{family: "divisor list wrong", steps: []string{`The prime factors of 30 are 1, 2, 3 and 5.`}, want: wantRefuted},
	{family: "divisor list wrong", steps: []string{`The proper divisors of 20 are 1, 2, 4, 5, 10 and 20.`}, want: wantRefuted},
	{family: "divisor list wrong", steps: []string{`The positive divisors of 99 are: \[ 1, 3, 9, 11, 99 \] Their sum is 123.`}, want: wantRefuted},
}

func TestDivListTraps(t *testing.T) {
	runTraps(t, "divisor list", divListTraps, func(c trap, i int, s StepResult) {
		for _, o := range s.Obligations {
			if o.Verdict == Verified {
				assert.NotContains(t, o.Expr, "divisors of", "%s #%d: a right list gives no obligation", c.family, i)
			}
		}
	})
}
