package translate

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// restateTraps is the trap corpus of the family "a value restated in the same unit" (issue 29;
// docs/TRANSLATE.md, "Values restated"): a result, then "(or B unit)". Restatements that
// hold, or hold up to a rounding, are never verified nor refuted; variants with new numbers
// and units are decided; look-alikes that are real errors are refuted; conversions,
// alternatives, operands and suppositions are left alone. The wording is ours.
var restateTraps = []trap{
	{family: "restated true", steps: []string{`The download rate is 90 MB / 60 s = 1.5 MB/s (or 1.50 MB/s).`}, want: wantNotVerify},
	{family: "restated true", steps: []string{`Each piece is 10 / 3 = 3.33 meters (or 3.3 meters).`}, want: wantNotRefuted},
	{family: "restated wrong", steps: []string{`The download rate is 90 MB / 60 s = 1.5 MB/s (or 15 MB/s).`}, want: wantRefuted, claim: "1.5 MB/s restated as 15 MB/s"},
	{family: "restated wrong", steps: []string{`So each bag holds 7.5 / 250 = 0.03 kg (or 30 kg).`}, want: wantRefuted, claim: "restated as 30 kg"},
	{family: "restated wrong", steps: []string{`The interest is 4 / 25 = 16% (or 1.6%).`}, want: wantRefuted, claim: "16 % restated as 1.6 %"},
	{family: "restated alone", steps: []string{`The show runs 2 × 60 = 120 minutes (or 2 hours).`}, want: wantNotRefuted},
	{family: "restated alone", steps: []string{`The speed is 20 / 3600 = 0.0056 kb/s (or 5.6 b/s).`}, want: wantNotRefuted},
	{family: "restated alone", steps: []string{`If the bags are full, each holds = 0.03 kg (or 30 kg).`}, want: wantNotRefuted},
	{family: "restated alone", steps: []string{`Each holds = 0.03 kg (or 30 kg when wet).`}, want: wantNotRefuted},
}

func TestRestateTraps(t *testing.T) {
	runTraps(t, "restate", restateTraps, func(c trap, i int, s StepResult) {
		read := false
		for _, o := range s.Obligations {
			read = read || strings.Contains(o.Expr, " restated as ")
			if strings.Contains(o.Expr, " restated as ") {
				assert.NotEqual(t, Verified, o.Verdict, "%s #%d: a restatement is never verified", c.family, i)
			}
		}
		assert.Equal(t, c.family != "restated alone", read, "%s #%d: %+v", c.family, i, obligationsOf(s))
	})
}

// TestRestatedPercentTraps: a percentage of a group the problem states once, restated by a
// step (issue 29; docs/TRANSLATE.md, "Values restated"). The same value is left alone, another
// value refuted, and a step about another time, part or total of the group, or a problem
// with two percentages of the group, left alone. Problems and steps are ours.
func TestRestatedPercentTraps(t *testing.T) {
	const orchard = `An orchard has 240 apple trees. 35% of the trees were planted last spring, and the others are older. How many older trees are there?`
	const twice = `An orchard has 240 apple trees. 35% of the trees were planted last spring and 10% of the trees were planted last fall. How many are older?`
	cases := []struct {
		problem, step, want, claim string
	}{
		{orchard, `We know 35% of the 240 trees were planted last spring, which is 84 trees.`, wantNotRefuted, ""},
		{orchard, `We know 25% of the 240 trees were planted last spring, which is 60 trees.`, wantRefuted, "the percentage of the trees that are planted last spring = 25"},
		{orchard, `Here 65 percent of the trees were planted last spring.`, wantRefuted, "= 65"},
		{orchard, `So 65% of the trees were not planted last spring.`, wantNotRefuted, ""},
		{orchard, `So the other 65% of the trees were planted earlier.`, wantNotRefuted, ""},
		{orchard, `In total, 65% of the trees were planted last spring or before.`, wantNotRefuted, ""},
		{orchard, `In the north row, 25% of the trees were planted last spring.`, wantNotRefuted, ""},
		{orchard, `By Friday 25% of the trees were planted last spring.`, wantNotRefuted, ""},
		{twice, `We know 25% of the trees were planted last spring.`, wantNotRefuted, ""},
	}
	tr, err := New(Options{})
	require.NoError(t, err)
	for i, c := range cases {
		res, err := tr.ChainProblem(context.Background(), fmt.Sprint("restated-pct", i), c.problem, []string{c.step})
		require.NoError(t, err)
		s := res.Steps[0]
		assert.True(t, stepAsWanted(s, c.want, c.claim), "#%d %q: %s, want %s; %+v", i, c.step, s.Verdict, c.want, obligationsOf(s))
		// the same step without the problem: nothing to restate
		res, err = tr.Chain(context.Background(), fmt.Sprint("restated-pct-alone", i), []string{c.step})
		require.NoError(t, err)
		assert.NotEqual(t, StepRefuted, res.Steps[0].Verdict, "#%d without the problem", i)
	}
}
