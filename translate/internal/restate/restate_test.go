package restate

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/translate/internal/dialect"
	"github.com/leanprm/leanprm/translate/obligation"
)

// decide runs an obligation through the exact checker, as Lean would get it.
func decide(t *testing.T, o obligation.Obligation) (proved, disproved bool) {
	t.Helper()
	out := dialect.Decide(o.Lean, o.LeanNeg, "decide +kernel", "grind")
	require.Empty(t, out.Fail, o.Expr)
	return out.Proved, out.Disproved
}

// TestReadDecides: a value restated in the same unit in a parenthesis
// opened by "or" is read; the exact checker disproves it when no rounding
// of either value explains the other, and proves the bound (never a
// verification) when one could. Cases written for this test.
func TestReadDecides(t *testing.T) {
	cases := []struct {
		text, expr string
		proved     bool
	}{
		// restated wrongly: refuted
		{`So the rate is 45 MB ÷ 900 s = 0.05 MB/s (or 50 MB/s).`, "0.05 MB/s restated as 50 MB/s", false},
		{`The price per gram is \(12 / 400 = 0.03\) dollars (or 3 dollars).`, "", false},
		{`Each share is $= 1,250 grams (or 12.5 grams)$.`, "1,250 grams restated as 12.5 grams", false},
		{`The cost per item is = \$2.40 (or \$24).`, "2.40 $ restated as 24 $", false},
		{`The growth is 3 / 40 = 7.5% (or 0.75%).`, "7.5 % restated as 0.75 %", false},
		// restated with a rounding: proved, so left unknown
		{`So the rate is 45 MB ÷ 7 s ≈ 6.43 MB/s (or 6.4 MB/s).`, "6.43 MB/s restated as 6.4 MB/s", true},
		{`The length is 100 / 3 = 33.33 meters (or 33 meters).`, "33.33 meters restated as 33 meters", true},
		{`The total is = 1,200 grams (or 1200 grams).`, "1,200 grams restated as 1200 grams", true},
	}
	for _, c := range cases {
		got := Read(3, c.text, "decide +kernel")
		if c.expr == "" {
			assert.Empty(t, got, "no unit word after the first value: %s", c.text)
			continue
		}
		require.Len(t, got, 1, c.text)
		o := got[0]
		assert.Equal(t, c.expr, o.Expr, c.text)
		assert.Equal(t, obligation.KindRoundingBound, o.Kind)
		assert.Equal(t, obligation.Unknown, o.OnProof, "a restatement is never verified")
		assert.Equal(t, c.text[o.Span.Start:o.Span.End], o.Span.Text)
		assert.True(t, strings.HasSuffix(o.Span.Text, ")"), o.Span.Text)
		proved, disproved := decide(t, o)
		assert.Equal(t, c.proved, proved, c.text)
		assert.Equal(t, !c.proved, disproved, c.text)
	}
}

// TestReadLeavesAlone: other units (a conversion), no unit, an operand, a
// parenthesis that says more, alternatives, suppositions and corrections
// are not read.
func TestReadLeavesAlone(t *testing.T) {
	for _, text := range []string{
		`The concert lasts = 2 hours (or 120 minutes).`,
		`The speed is = 0.0056 kb/s (or 5.6 b/s).`,
		`So x = 4 (or 6).`,
		`So 3 x (or 5 x) is the width.`,
		`The total is 2 + 0.5 kg (or 3 kg).`,
		`The total is = 0.5 kg (or 3 kg with the box).`,
		`The total is = 0.5 kg (or 3 kg) if the box is counted.`,
		`The answer is either = 5 apples (or 6 apples).`,
		`That would give = 5 apples (or 6 apples).`,
		`The speed is = -0.5 km/h (or 2 km/h).`,
		`It is not = 0.0056 kb/s (or 5.6 kb/s).`,
		`The weight is = 5 kg or 6 kg.`,
		`The weight is = 5 kg, or 6 kg.`,
	} {
		assert.Empty(t, Read(0, text, "decide"), text)
	}
}

// TestReadPercentDecides: a percentage of a group that the problem states
// once, restated by a step with another value, is refuted; with the same
// value, nothing is claimed.
func TestReadPercentDecides(t *testing.T) {
	problem := `A farm grew 80 pumpkins. 40% of the pumpkins were sold at the market, and the rest went to a school. How many went to the school?`
	f := ProblemFacts(problem)
	require.NotEmpty(t, f.Key())
	got := ReadPercent(1, `We know 60% of the 80 pumpkins were sold at the market, so 48 were sold.`, f, "decide +kernel")
	require.Len(t, got, 1)
	o := got[0]
	assert.Equal(t, "the percentage of the pumpkins that are sold at the market = 60", o.Expr)
	assert.Equal(t, "60% of the 80 pumpkins were sold at the market", o.Span.Text)
	proved, disproved := decide(t, o)
	assert.False(t, proved)
	assert.True(t, disproved)
	// the same value, another tense: nothing to claim
	assert.Empty(t, ReadPercent(1, `We know 40% of the pumpkins are sold at the market.`, f, "decide"))
	// percent written out, and \%
	assert.Len(t, ReadPercent(1, `So 45 percent of the pumpkins were sold at the market.`, f, "decide"), 1)
	assert.Len(t, ReadPercent(1, `So \(45\%\) of the pumpkins were sold at the market.`, f, "decide"), 0, "a number closed in math marks is not read")
	assert.Len(t, ReadPercent(1, `So 45\% of the pumpkins were sold at the market.`, f, "decide"), 1)
}

// TestReadPercentLeavesAlone: another time, part or total of the group,
// other words after the verb, a supposition or a correction, and a problem
// with two percentages of one group are not read.
func TestReadPercentLeavesAlone(t *testing.T) {
	f := ProblemFacts(`40% of the pumpkins were sold at the market. How many were left?`)
	for _, text := range []string{
		`60% of the pumpkins were not sold at the market.`,
		`60% of the pumpkins were left over.`,
		`In total, 60% of the pumpkins were sold at the market.`,
		`Now 60% of the pumpkins were sold at the market.`,
		`After the second day, 60% of the pumpkins were sold at the market.`,
		`The remaining: 60% of the pumpkins were sold at the market.`,
		`If 60% of the pumpkins were sold at the market, 32 would be left.`,
		`It is wrong to say 60% of the pumpkins were sold at the market.`,
		`60% of the pumpkins were sold at the fair.`,
		`60% of the apples were sold at the market.`,
		`x60% of the pumpkins were sold at the market.`,
		`In the second field, 60% of the pumpkins were sold at the market.`,
		`On Tuesday 60% of the pumpkins were sold at the market.`,
		`60% of the pumpkins were sold at the market on Tuesday.`,
		`60% of the pumpkins were sold at the market for the school.`,
		`60% of the pumpkins were sold at the market stall.`,
		`60% of the pumpkins were sold at the market 2 days later.`,
	} {
		assert.Empty(t, ReadPercent(1, text, f, "decide"), text)
	}
	two := ProblemFacts(`40% of the pumpkins were sold at the market and 10% of the pumpkins were rotten.`)
	assert.Empty(t, two.Key(), "two percentages of one group: neither is fixed")
	assert.Empty(t, ReadPercent(1, `60% of the pumpkins were sold at the market.`, two, "decide"))
	assert.Empty(t, ProblemFacts(`A farm grew 80 pumpkins.`).Key())
	assert.Empty(t, ProblemFacts(`40% of the pumpkins were sold at the market on the first day of the fair.`).Key(), "more than six words: not fixed")
}

// TestReadLinear: hostile text (long runs of cues and numbers, invalid
// UTF-8) is read in time linear in its length.
func TestReadLinear(t *testing.T) {
	unit := "= 1.5 kg (or 3 kg) 5% of the kg are ok (or \xff "
	f := ProblemFacts("40% of the kg are ok")
	small, big := strings.Repeat(unit, 200), strings.Repeat(unit, 3200)
	best := func(s string) time.Duration {
		d := time.Hour
		for range 3 {
			t0 := time.Now()
			Read(0, s, "decide")
			ReadPercent(0, s, f, "decide")
			d = min(d, time.Since(t0))
		}
		return d
	}
	d1, d2 := best(small), best(big)
	assert.LessOrEqual(t, len(Read(0, big, "decide")), maxClaims)
	assert.Less(t, d2, 40*d1+50*time.Millisecond, "16× the text must not take much more than 16× the time")
}

// FuzzRead: no panic, spans inside the text and on rune boundaries.
func FuzzRead(f *testing.F) {
	f.Add(`= 0.0056 kb/s (or 5.6 kb/s).`, `30% of the melons were ripe.`)
	f.Add(`20% of the 120 melons are ripe (or 3 melons)`, `30% of the melons are ripe`)
	f.Add(`ȺȺȺ 20% of the MELONS are ripe.`, `30% of the melons are ripe`)
	f.Fuzz(func(t *testing.T, s, problem string) {
		obls := append(Read(0, s, "decide"), ReadPercent(0, s, ProblemFacts(problem), "decide")...)
		for _, o := range obls {
			if o.Span.Start < 0 || o.Span.End > len(s) || o.Span.Start > o.Span.End || !utf8.RuneStart(s[o.Span.Start]) {
				t.Fatalf("bad span %+v in %q", o.Span, s)
			}
			// the span is the claim's own text: a percentage or a restatement
			if sp := strings.ToLower(o.Span.Text); !strings.Contains(sp, "% of") && !strings.Contains(sp, "percent of") && !strings.Contains(sp, "(or") {
				t.Fatalf("span %q is not the claim's text in %q", o.Span.Text, s)
			}
		}
	})
}
