package translate

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// worldFactTraps pin the facts of the calendar and of units of time stated
// in words (docs/TRANSLATE.md, "Facts of the calendar and of units of
// time"; package worldfact): true facts are left alone, rates and
// phrases that only look like facts are not read, hedged or supposed
// facts are not decided, and false facts are refuted. The wording is ours.
var worldFactTraps = []trap{
	// True facts.
	{family: "world fact true", steps: []string{`There are 31 days in March, so the club posts \(31 \times 3 = 93\) times.`}, want: wantNotRefuted},
	{family: "world fact true", steps: []string{`February has 29 days in a leap year and 28 otherwise.`}, want: wantNotRefuted},
	{family: "world fact true", steps: []string{`She pays the insurer quarterly, which means 4 times a year.`}, want: wantNotRefuted},
	{family: "world fact true", steps: []string{`There are 52 weeks in a year, and there are 24 hours in a day.`}, want: wantNotRefuted},
	{family: "world fact true", steps: []string{`From March 1st to March 31st, there are 30 days.`}, want: wantNotRefuted},
	{family: "world fact true", steps: []string{`From April 3rd to April 10th, there are 8 days, counting both.`}, want: wantNotRefuted},
	// Rates and phrases that only look like facts.
	{family: "world fact rate", steps: []string{`She works 8 hours in a day and 5 days in a week.`}, want: wantNotRefuted},
	{family: "world fact rate", steps: []string{`So he cleaned for 6 hours * 60 minutes in an hour is 360 minutes.`}, want: wantNotRefuted},
	{family: "world fact rate", steps: []string{`There are 5 school days in a week, so she rides the bus 10 times.`}, want: wantNotRefuted},
	{family: "world fact rate", steps: []string{`There are 8 hours in a day of work at the plant.`}, want: wantNotRefuted},
	{family: "world fact rate", steps: []string{`There are 4 weeks in a month, so 4 payments.`}, want: wantNotRefuted},
	// Hedged, supposed or denied.
	{family: "world fact hedged", steps: []string{`If there were 30 days in July, the total would be 90.`}, want: wantNotRefuted},
	{family: "world fact hedged", steps: []string{`Let's say there are 30 days in May for simplicity.`}, want: wantNotRefuted},
	{family: "world fact hedged", steps: []string{`There are about 365 days in a year, roughly 360.`}, want: wantNotRefuted},
	{family: "world fact hedged", steps: []string{`It is not true that there are 30 days in August.`}, want: wantNotRefuted},
	// False facts: refuted.
	{family: "world fact wrong", steps: []string{`There are 30 days in July, so the total is \(30 \times 2 = 60\).`}, want: wantRefuted, claim: "the days of July = 30"},
	{family: "world fact wrong", steps: []string{`June has 31 days.`}, want: wantRefuted, claim: "the days of June = 31"},
	{family: "world fact wrong", steps: []string{`Rent is paid quarterly (3 times a year).`}, want: wantRefuted, claim: "quarterly"},
	{family: "world fact wrong", steps: []string{`There are 14 months in a year.`}, want: wantRefuted, claim: "the months in a year = 14"},
	{family: "world fact wrong", steps: []string{`From February 1st to March 1st, there are 35 days.`}, want: wantRefuted, claim: "the days from February 1 to March 1 = 35"},
	{family: "world fact wrong", steps: []string{`An hour has 50 minutes, so the class is a fifth of it.`}, want: wantRefuted, claim: "the minutes in a hour = 50"},
	// From the unitfact corpus (branch gsmath), kept for worldfact: working time, a
	// convention in the step, a sentence that sets its own count.
	{family: "unit", steps: []string{`There are 31 days in July, so she reads 31 × 2 = 62 pages.`}, want: wantNotRefuted},
	{family: "unit", steps: []string{`There are 60 minutes in an hour.`}, want: wantNotRefuted},
	{family: "unit", steps: []string{`There are 366 days in a year this time.`}, want: wantNotRefuted},
	{family: "unit", steps: []string{`She works a 5 day work week. Since there are 5 days in a week, she answers 320 / 5 = 64 a day.`}, want: wantNotRefuted},
	{family: "unit", steps: []string{`There are 8 hours in a day, so the shift pays 8 × 15 = 120.`}, want: wantNotRefuted},
	{family: "unit", steps: []string{`There are 29 days in February.`}, want: wantNotRefuted},
	{family: "unit", steps: []string{`There are 5 days in a work week.`}, want: wantNotRefuted},
	{family: "unit", steps: []string{`There are 8 hours in a day that he works.`}, want: wantNotRefuted},
	{family: "unit", steps: []string{`There are 6 hours in a day of the camp.`}, want: wantNotRefuted},
	{family: "unit", steps: []string{`Assume there are 30 days in a month.`}, want: wantNotRefuted},
	{family: "unit", steps: []string{`For simplicity, there are 30 days in March here.`}, want: wantNotRefuted},
	{family: "unit", steps: []string{`Each day has 8 hours of class.`}, want: wantNotRefuted},
	{family: "unit", steps: []string{`There are 52 weeks in a year.`}, want: wantNotRefuted},
	{family: "unit wrong", steps: []string{`There are 30 days in August, so the total is 30 × 3 = 90.`}, want: wantRefuted, claim: "the days of August = 30"},
	{family: "unit wrong", steps: []string{`The fee is paid monthly, which means 4 times a year.`}, want: wantRefuted},
	{family: "unit wrong", steps: []string{`There are 100 minutes in an hour.`}, want: wantRefuted},

	// Digits stated in words (worldfact/digits.go).
	{family: "digits true", steps: []string{"First, \\(17\\) is a two-digit number.\nSecond, \\(257\\) is a three-digit number."}, want: wantNotRefuted},
	{family: "digits true", steps: []string{`The number 40960 has five digits, and the units digit of \(3^4\) is 1.`}, want: wantNotRefuted},
	{family: "digits true", steps: []string{`Here \(2^{10} = 1024\) has a units digit of 4.`}, want: wantNotRefuted},
	{family: "digits base", steps: []string{`In base 2, 5 is a three-digit number (101).`}, want: wantNotRefuted},
	{family: "digits base", steps: []string{`Written as \(1121_3\), 43 has four digits.`}, want: wantNotRefuted},
	{family: "digits supposed", steps: []string{`If 9 were a two-digit number, the sum would be larger.`}, want: wantNotRefuted},
	{family: "digits supposed", steps: []string{`We check whether 123 has two digits.`}, want: wantNotRefuted},
	{family: "digits supposed", steps: []string{`We need 7 to be a two-digit number, which it is not.`}, want: wantNotRefuted},
	{family: "digits wrong", steps: []string{`So \(8\) is a two-digit number.`}, want: wantRefuted, claim: "the digits of 8 = 2"},
	{family: "digits wrong", steps: []string{`The number 12345 has four digits.`}, want: wantRefuted, claim: "the digits of 12345 = 4"},
	{family: "digits wrong", steps: []string{`Then \(3^5\) has a units digit of 7.`}, want: wantRefuted, claim: "the units digit of 3^5 = 7"},
	{family: "digits wrong", steps: []string{`The units digit of \(2^{10}\) is 2.`}, want: wantRefuted, claim: "the units digit of 2^{10} = 2"},
	// The range of the numbers of k digits (worldfact/digitrange.go).
	{family: "digit range true", steps: []string{"First, numbers with 2 digits: \\(10\\) to \\(99\\) (90 numbers).\nSecond, numbers with 4 digits: \\(1000\\) to \\(9999\\)."}, want: wantNotRefuted},
	{family: "digit range true", steps: []string{"The three-digit multiples we want are the 3-digit numbers from 105 to 994."}, want: wantNotRefuted},
	{family: "digit range wrong", steps: []string{"Next, numbers with 6 digits: \\(10000\\) to \\(999999\\) (990000 numbers)."}, want: wantRefuted, claim: "the digits of 10000 = 6"},
	{family: "digit range wrong", steps: []string{"The four-digit integers start from 1000 and go up to 99999."}, want: wantRefuted, claim: "the digits of 99999 = 4"},
	{family: "digit range supposed", steps: []string{"If the 4-digit numbers ran from 100 to 9999, there would be 9900 of them."}, want: wantNotRefuted},
}

func TestWorldFactTraps(t *testing.T) {
	runTraps(t, "worldfact", worldFactTraps, nil)
}

// TestWorldFactConventions: a problem that sets its own calendar, or its
// own count of a unit, leaves the chain's claims of it alone; the same
// step under a problem that does not is refuted.
func TestWorldFactConventions(t *testing.T) {
	tr, err := New(Options{})
	require.NoError(t, err)
	for _, c := range []struct {
		problem, step string
		refuted       bool
	}{
		{"Assume every month has 30 days. How many days are in March and April?", "There are 30 days in March.", false},
		{"On planet Vor a day has 30 hours. How long is a week there?", "There are 30 hours in a day.", false},
		{"Tom's school runs a 10 month school year. How many months of lessons are there?", "There are 10 months in a year, so 10 months of lessons.", false},
		{"Tom's school runs all year. How many months of lessons are there?", "There are 10 months in a year, so 10 months of lessons.", true},
		{"Tom works 8 hours a day, every day. How many hours does he work in a week?", "There are 4 days in a week, so he works \\(4 \\times 8 = 32\\) hours.", false}, // working time: not read
		{"A shop opens every day of March. How many days is it open?", "There are 30 days in March.", true},
	} {
		res, err := tr.ChainProblem(context.Background(), "conv", c.problem, []string{c.step})
		require.NoError(t, err)
		got := res.Steps[0].Verdict == StepRefuted
		assert.Equal(t, c.refuted, got, "%q under %q: %+v", c.step, c.problem, obligationsOf(res.Steps[0]))
	}
}
