package translate

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// differTraps is the trap corpus of the family "differences in words between numbers" (issue 29;
// docs/TRANSLATE.md, "Differences in words between numbers"): "A is D more than B" states A = B +
// D, "A is D less than B" states A = B − D. True forms are verified, variants with new numbers,
// units and comparatives are decided, claims supposed, tested, rejected, in a list, glued to more
// or in two units are left alone, decimals that may be rounded are left alone, and look-alikes
// that are real errors are refuted. The wording is ours.
var differTraps = []trap{
	// True differences: verified.
	{family: "differ true", steps: []string{`So 42 is 12 more than 30, and the answer follows.`}, want: wantVerified},
	{family: "differ true", steps: []string{`Since 9.5 kilograms is half a kilogram more than 9 kilograms, one bag is left over.`}, want: wantVerified},
	{family: "differ true", steps: []string{`Note that 18 is 4 less than 22.`}, want: wantVerified},
	{family: "differ true", steps: []string{`Thus 61 is 17 greater than 44.`}, want: wantVerified},
	{family: "differ true", steps: []string{`Since he can only carry full boxes, and 26 books is three books fewer than 29 books, he makes one more trip.`}, want: wantVerified},
	{family: "differ true", steps: []string{`So 1,250 is 250 larger than 1,000.`}, want: wantVerified},
	// Real errors in words: refuted.
	{family: "differ wrong", steps: []string{`Since she can only buy whole bags, and 4.5 liters is half a liter more than 9 liters, she buys 10 bags.`}, want: wantRefuted, claim: "9/2 = 9 + 1/2"},
	{family: "differ wrong", steps: []string{`So 42 is 12 more than 20, and the answer follows.`}, want: wantRefuted, claim: "42 = 20 + 12"},
	{family: "differ wrong", steps: []string{`Note that 18 minutes is 5 minutes less than 22 minutes.`}, want: wantRefuted, claim: "18 = 22 - 5"},
	{family: "differ wrong", steps: []string{`Thus 70 is 17 greater than 44.`}, want: wantRefuted},
	{family: "differ wrong", steps: []string{`Here 13 is two more than 10, so we add it.`}, want: wantRefuted},
	// Left alone: supposed, tested, rejected, part of more, two units, or a rounding.
	{family: "differ alone", steps: []string{`If 42 is 12 more than 20, the rule would apply.`}, want: wantNotRefuted},
	{family: "differ alone", steps: []string{`We check whether 42 is 12 more than 20.`}, want: wantNotRefuted},
	{family: "differ alone", steps: []string{`It is wrong to say 42 is 12 more than 20.`}, want: wantNotRefuted},
	{family: "differ alone", steps: []string{`The sum of 3 and 42 is 12 more than 20.`}, want: wantNotRefuted},
	{family: "differ alone", steps: []string{`The values 2, 3, and 42 is 12 more than 20.`}, want: wantNotRefuted},
	{family: "differ alone", steps: []string{`So 42 is 12 more than 20 times 2.`}, want: wantNotRefuted},
	{family: "differ alone", steps: []string{`So 42 is 12 times more than 20.`}, want: wantNotRefuted},
	{family: "differ alone", steps: []string{`So 42 is 12% more than 20.`}, want: wantNotRefuted},
	{family: "differ alone", steps: []string{`So 42 is 12 more than 20%.`}, want: wantNotRefuted},
	{family: "differ alone", steps: []string{`So 90 minutes is 1 hour more than 30 minutes.`}, want: wantNotRefuted},
	{family: "differ alone", steps: []string{`So the total $42 is $12 more than $20.`}, want: wantNotRefuted},
	{family: "differ alone", steps: []string{`So 6.67 is 3.33 more than 3.33.`}, want: wantNotRefuted}, // rounded thirds
	{family: "differ alone", steps: []string{`The remaining 42 is 12 more than 20.`}, want: wantNotRefuted},
	{family: "differ alone", steps: []string{`So 42 is 12 more than 20 dozen.`}, want: wantNotRefuted},
	{family: "differ alone", steps: []string{`So 42 is 12 more than 2.5.5 here.`}, want: wantNotRefuted},
}

func TestDifferTraps(t *testing.T) {
	runTraps(t, "differ", differTraps, func(c trap, i int, s StepResult) {
		for _, o := range s.Obligations {
			if o.Kind == KindEquality && o.Verdict == Refuted {
				assert.NotEmpty(t, o.Reason, "%s #%d", c.family, i)
				assert.Contains(t, o.Note, "difference in words", "%s #%d", c.family, i)
			}
		}
	})
}
