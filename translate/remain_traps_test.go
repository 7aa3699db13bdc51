package translate

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// remainTraps is the trap corpus of the family "the first and the remaining days of a year" (issue
// 29; docs/TRANSLATE.md): "the first M days … the remaining N days of the year" splits one year,
// so M + N is 365 or 366 (12 for months). True splits are left alone (a world fact is never
// verified by this reader), variants with new numbers and wording are decided, splits in three,
// years of the chain's own count, hedged or supposed splits are left alone, and look-alikes that
// are real errors are refuted. The wording is ours.
var remainTraps = []trap{
	// True splits: not refuted.
	{family: "remain true", steps: []string{`We split the food into two parts: the first 120 days and the remaining 245 days of the year.`}, want: wantNotRefuted},
	{family: "remain true", steps: []string{`She saves for the first 100 days, then spends during the remaining 266 days of the year (a leap year has 366).`}, want: wantNotRefuted},
	{family: "remain true", steps: []string{`The shop earns more in the first 4 months than in the other 8 months of the year.`}, want: wantNotRefuted},
	// Real errors: refuted.
	{family: "remain wrong", steps: []string{`We split the food into two parts: the first 120 days and the remaining 145 days of the year.`}, want: wantRefuted, claim: "the days of the year after the first 120 = 145"},
	{family: "remain wrong", steps: []string{`He trains hard for the first 200 days and rests for the other 65 days in the year.`}, want: wantRefuted, claim: "= 65"},
	{family: "remain wrong", steps: []string{`The shop earns more in the first 5 months than in the remaining 8 months of the year.`}, want: wantRefuted, claim: "the months of the year after the first 5 = 8"},
	{family: "remain wrong", steps: []string{`First, let's split the year in two: the food of the first 150 days and the food of the remaining 105 days of the year.`}, want: wantRefuted, claim: "= 105"},
	{family: "remain true", steps: []string{`First, let's split the year in two: the food of the first 150 days and the food of the remaining 215 days of the year.`}, want: wantNotRefuted},
	// Left alone: three parts, a year of its own count, a hedge, a supposition, another unit.
	{family: "remain alone", steps: []string{`We count the first 120 days, the next 100 days and the remaining 145 days of the year.`}, want: wantNotRefuted},
	{family: "remain alone", steps: []string{`The club meets in the first 120 days and the remaining 60 days of the school year.`}, want: wantNotRefuted},
	{family: "remain alone", steps: []string{`With a 360-day year, the first 120 days and the remaining 240 days of the year are planned.`}, want: wantNotRefuted},
	{family: "remain alone", steps: []string{`If the first 120 days go well, the remaining 145 days of the year are easy.`}, want: wantNotRefuted},
	{family: "remain alone", steps: []string{`Over the first 12 weeks and the remaining 145 days of the year the plan holds.`}, want: wantNotRefuted},
	{family: "remain alone", steps: []string{`If we split the year in two: the first 120 days and the remaining 145 days of the year.`}, want: wantNotRefuted},
	{family: "remain alone", steps: []string{`Let's say we split it: the first 120 days and maybe the remaining 145 days of the year.`}, want: wantNotRefuted},
	{family: "remain alone", steps: []string{`The first 120 days were dry. The remaining 145 days of the year were wet.`}, want: wantNotRefuted},
	{family: "remain alone", steps: []string{`The first 120 days cost about $5, and the remaining 145 days of the year cost $9.`}, want: wantNotRefuted},
}

func TestRemainTraps(t *testing.T) {
	runTraps(t, "remain", remainTraps, func(c trap, i int, s StepResult) {
		for _, o := range s.Obligations {
			if o.Verdict == Refuted {
				assert.Contains(t, o.Note, "calendar", "%s #%d", c.family, i)
				assert.Contains(t, o.Reason, "a year has", "%s #%d", c.family, i)
			}
		}
	})
}

// TestRemainConventions: a problem that counts a year of its own leaves the split alone; the same
// split under a problem about the calendar year is refuted.
func TestRemainConventions(t *testing.T) {
	tr, err := New(Options{})
	require.NoError(t, err)
	step := "We split it in two: the first 100 days and the remaining 80 days of the year."
	for _, c := range []struct {
		problem string
		refuted bool
	}{
		{"The school year has 180 days. Ana reads every day of it. How many pages does she read?", false},
		{"A farm works on a 180-day year. How many eggs does it sell?", false},
		{"Ana reads 3 pages a day for the first 100 days of the year and 5 a day after that. How many pages does she read in the year?", true},
	} {
		res, err := tr.ChainProblem(context.Background(), "remain-conv", c.problem, []string{step})
		require.NoError(t, err)
		assert.Equal(t, c.refuted, res.Steps[0].Verdict == StepRefuted, "%q under %q: %+v", step, c.problem, obligationsOf(res.Steps[0]))
	}
}

// digitSubscriptTraps: a subscript on a name (a log's base, a function's index) leaves the
// numerals of the step decimal, so their digits are read; a subscript on a numeral or a bracket
// is another base and leaves them alone (docs/TRANSLATE.md, "Digits stated in words"). The
// wording is ours.
var digitSubscriptTraps = []trap{
	{family: "digits subscript", steps: []string{`We know \(2^{20}\) has 9 digits (since \(\log_{10}{2^{20}} \approx 6.02\)).`}, want: wantRefuted, claim: "the digits of 2^{20} = 9"},
	{family: "digits subscript", steps: []string{`We know \(2^{20}\) has 7 digits (since \(\log_{10}{2^{20}} \approx 6.02\)).`}, want: wantNotRefuted},
	{family: "digits subscript", steps: []string{`To find \(f_1(3^{9})\), note that \(3^{9}\) has 4 digits.`}, want: wantRefuted, claim: "the digits of 3^{9} = 4"},
	{family: "digits subscript", steps: []string{`Written as \(1000_{2}\), 8 has four digits.`}, want: wantNotRefuted},
	{family: "digits long", steps: []string{`Since \(\log_{10} 2 \approx 0.30103\), we see that \(2^{1000}\) has 302 digits.`}, want: wantNotRefuted},
	{family: "digits long", steps: []string{`Since \(\log_{10} 2 \approx 0.30103\), we see that \(2^{1000}\) has 300 digits.`}, want: wantRefuted, claim: "the digits of 2^{1000} = 300"},
	{family: "digits long", steps: []string{`So \(7^{300}\) is a 254-digit number.`}, want: wantNotRefuted},
	{family: "digits long", steps: []string{`So \(7^{300}\) is a 250-digit number.`}, want: wantRefuted, claim: "= 250"},
	{family: "digits subscript", steps: []string{`Written as \((22)_3\), 8 has two digits.`}, want: wantNotRefuted},
}

func TestDigitSubscriptTraps(t *testing.T) { runTraps(t, "digitsub", digitSubscriptTraps, nil) }
