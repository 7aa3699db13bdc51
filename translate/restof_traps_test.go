package translate

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// restOfTraps pin a whole of time split into its first part and the
// remaining one (docs/TRANSLATE.md, "Facts of the calendar and of units of
// time"; package worldfact, restof.go): the remaining part must be the
// whole less the first. True splits, a leap year, splits of something
// else and hedged splits are left alone; a wrong remainder is refuted.
// The wording and the numbers are ours.
var restOfTraps = []trap{
	// True splits.
	{family: "rest of true", steps: []string{`The kitten eats 2 ounces a day for the first 120 days and 3 ounces a day for the remaining 245 days of the year.`}, want: wantNotRefuted},
	{family: "rest of true", steps: []string{`We count the first 100 days and the remaining 266 days of the year, since it is a leap year.`}, want: wantNotRefuted},
	{family: "rest of true", steps: []string{`In the first 5 months of the year she saves $40, and in the remaining 7 months she saves $60.`}, want: wantNotRefuted},
	{family: "rest of true", steps: []string{`The store is open for the first 10 hours of the day and closed for the remaining 14 hours.`}, want: wantNotRefuted},
	{family: "rest of true", steps: []string{`He jogs during the first 2 days of the week and swims on the remaining 5 days.`}, want: wantNotRefuted},
	// Splits of something else, or not the rest of the whole.
	{family: "rest of other", steps: []string{`She trains for the first 3 days of the camp and rests the remaining 2 days of the week.`}, want: wantNotRefuted},
	{family: "rest of other", steps: []string{`The first 4 days of the month are busy and the remaining 10 days of the month are quiet.`}, want: wantNotRefuted},
	{family: "rest of other", steps: []string{`He paints for the first 3 hours, and after lunch for the remaining 2 hours of the day.`}, want: wantNotRefuted},
	{family: "rest of other", steps: []string{`The first 20 days of the trip, and then the remaining 40 days of the year at home.`}, want: wantNotRefuted},
	{family: "rest of wrong", steps: []string{`Let's split the year into two parts: the water used in the first 150 days and the water used in the remaining 115 days of the year.`}, want: wantRefuted},
	// Hedged or supposed.
	{family: "rest of hedged", steps: []string{`Let's say the first 150 days and the remaining 115 days of the year.`}, want: wantNotRefuted},
	{family: "rest of hedged", steps: []string{`If the first 200 days are dry, the remaining 100 days of the year would be wet.`}, want: wantNotRefuted},
	{family: "rest of hedged", steps: []string{`Roughly, the first 180 days and the remaining 180 days of the year.`}, want: wantNotRefuted},
	// Wrong remainders: refuted.
	{family: "rest of wrong", steps: []string{`The kitten eats 2 ounces a day for the first 120 days and 3 ounces a day for the remaining 145 days of the year.`}, want: wantRefuted, claim: "after the first 120"},
	{family: "rest of wrong", steps: []string{`We split it into the food eaten in the first 200 days and the food eaten in the remaining 65 days of the year.`}, want: wantRefuted},
	{family: "rest of wrong", steps: []string{`In the first 5 months of the year she saves $40, and in the remaining 5 months she saves $60.`}, want: wantRefuted},
	{family: "rest of wrong", steps: []string{`The store is open for the first 10 hours of the day and closed for the remaining 12 hours.`}, want: wantRefuted},
	{family: "rest of wrong", steps: []string{`The first 45 minutes of the hour are lecture and the remaining 25 minutes are a quiz.`}, want: wantRefuted},
}

func TestRestOfTraps(t *testing.T) {
	runTraps(t, "restof", restOfTraps, nil)
}

// TestRestOfUnderOwnCount: a problem that counts the whole its own way ("a
// 360-day year", "an 8-hour day") leaves the split alone.
func TestRestOfUnderOwnCount(t *testing.T) {
	tr, err := New(Options{})
	require.NoError(t, err)
	for _, c := range [][2]string{
		{`The bank uses a 360-day year. Interest is 1% for the first 100 days.`, `So we count the first 100 days and the remaining 260 days of the year.`},
		{`The plant runs a 20 hour day in two shifts.`, `The first 12 hours of the day and the remaining 8 hours of the day.`},
	} {
		res, err := tr.ChainProblem(context.Background(), "restof-own", c[0], []string{c[1]})
		require.NoError(t, err)
		assert.NotEqual(t, StepRefuted, res.Steps[0].Verdict, "%q under %q", c[1], c[0])
	}
	res, err := tr.ChainProblem(context.Background(), "restof-own-none", `A kitten eats 2 ounces a day at first.`, []string{`So the first 100 days and the remaining 200 days of the year.`})
	require.NoError(t, err)
	assert.Equal(t, StepRefuted, res.Steps[0].Verdict, "no count of its own: the world's year")
}
