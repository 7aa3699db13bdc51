package ratecopy

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/translate/internal/dialect"
)

// TestProblemRates: the prices per item a problem fixes, one per item, in
// a problem that derives none. Problems written for this test.
func TestProblemRates(t *testing.T) {
	cases := []struct{ problem, key string }{
		{`A baker sells nothing. She pays $2.25 per muffin and $4 per pie.`, ""}, // "sells": resale
		{`She pays $2.25 per muffin and $4 per pie for 3 muffins and 2 pies.`, "muffin=9/4;pie=4"},
		{`He buys 3 pairs of socks at 5 dollars per pair of socks.`, "pair of sock=5"},
		{`He pays $3 per lamp and $4 per lamp for the bulbs.`, ""}, // two prices of one item
		{`Lamps cost $3 per lamp. Each lamp needs a $2 bulb.`, ""}, // another amount said of lamps
		{`She earns $12 per hour and $30 per day in tips.`, ""},    // "tips", and units of time
		{`She earns $12 per hour.`, ""},                            // a unit of time
		{`Rent is $100 + $5 per chair.`, ""},                       // an amount in an expression
		{`The drop-off charge is $4 per shirt.`, "shirt=4"},        // "drop-off" is no "off"
		{`Shirts are $4 per shirt, or 10% off in bulk.`, ""},       // a derived price
		{strings.Repeat(`A lamp is $3 per lamp. `, 400), ""},       // too long
		{`Pens cost \$1.50/\text{pen} and pencils \$0.25 per pencil.`, "pen=3/2;pencil=1/4"},
		{`Each kite costs $14. The spools cost $2.50 each. One pair of skates is 40 dollars.`, "kite=14;pair of skate=40;spool=5/2"},
		{`The cash price of a sofa was $800. A lamp costs $30.`, "lamp=30"}, // "price of a sofa": one price among others
		{`Half a melon costs $3. A plum costs $1.`, ""},                     // "half a": a part priced
		{`A third of a melon costs $3. A plum costs $1.`, "plum=1"},         // the part is not read
		{`Each kite costs $14 per day to rent.`, ""},                        // another price per
		{`Kites cost $14 per kite on a deposit.`, ""},                       // a deposit
	}
	for _, c := range cases {
		assert.Equal(t, c.key, ProblemRates(c.problem).Key(), c.problem)
	}
}

// TestReadDecides: a price per item copied with another value is disproved
// by the exact checker; the same price is not read. Steps written for this
// test.
func TestReadDecides(t *testing.T) {
	r := ProblemRates(`She pays $2.25 per muffin and $4 per pie for 3 muffins and 2 pies.`)
	require.NotEmpty(t, r.Key())
	for _, c := range []struct {
		step, expr string
	}{
		{`So 3 muffins × $2.50/muffin = $7.50.`, "the price per muffin = 2.50"},
		{`The pies cost 2 × \$5 per pie = \$10.`, "the price per pie = 5"},
		{`Pies: 2 pies at 3 dollars per pie is 6 dollars.`, "the price per pie = 3"},
	} {
		obls := Read(1, c.step, r, "decide +kernel")
		require.Len(t, obls, 1, c.step)
		assert.Equal(t, c.expr, obls[0].Expr)
		out := dialect.Decide(obls[0].Lean, obls[0].LeanNeg, "decide +kernel", "grind")
		require.Empty(t, out.Fail, c.step)
		assert.True(t, out.Disproved && !out.Proved, c.step)
	}
	for _, step := range []string{
		`So 3 muffins × $2.25/muffin = $6.75.`,
		`If pies were $5 per pie, 2 pies would cost $10.`,
		`The pies cost $5 per pie with cream.`,
		`Pies cost 2 × $5 per pie per day.`,
		`The pies cost = $5 per pie.`,
		`Each pie is $5 per pie, approximately.`,
	} {
		assert.Empty(t, Read(1, step, r, "decide"), step)
	}
}

// TestReadLinear: reading 16 times the text takes not much more than 16
// times as long, and the claims stay within maxClaims.
func TestReadLinear(t *testing.T) {
	r := ProblemRates(`She pays $2.25 per muffin and $4 per pie for 3 muffins and 2 pies.`)
	unit := `So 3 muffins × $2.50/muffin = $7.50 and 2 × $5 per pie. `
	small, big := strings.Repeat(unit, 8), strings.Repeat(unit, 128)
	best := func(s string) time.Duration {
		d := time.Hour
		for range 3 {
			t0 := time.Now()
			Read(0, s, r, "decide")
			ProblemRates(s)
			d = min(d, time.Since(t0))
		}
		return d
	}
	d1, d2 := best(small), best(big)
	assert.LessOrEqual(t, len(Read(0, big, r, "decide")), maxClaims)
	assert.Less(t, d2, 40*d1+50*time.Millisecond, "16× the text must not take much more than 16× the time")
}

// FuzzRead: no panic; every obligation's span lies in the text on rune
// boundaries and holds a price per item; its claim is a closed equality.
func FuzzRead(f *testing.F) {
	f.Add(`So 3 muffins × $2.50/muffin = $7.50.`, `She pays $2.25 per muffin and $4 per pie.`)
	f.Add(`2 pies at 3 dollars per pie, \$5/\text{pie}`, `Pies are 4 dollars per pie.`)
	f.Add(`ȺȺ $9 per PAIR OF socks $`, `Socks: $5 per pair of socks.`)
	f.Add(`Each kite costs $16, the spools cost 3 dollars each`, `Each kite costs $14. The spools cost $2.50 each.`)
	f.Add(`half a kite costs \$16 more; one kite is $1,000.5`, `A third of a kite costs $3. One kite is $9.`)
	f.Fuzz(func(t *testing.T, s, problem string) {
		for _, o := range Read(0, s, ProblemRates(problem), "decide") {
			if o.Span.Start < 0 || o.Span.End > len(s) || o.Span.Start > o.Span.End || !utf8.RuneStart(s[o.Span.Start]) {
				t.Fatalf("bad span %+v in %q", o.Span, s)
			}
			if !strings.Contains(o.Span.Text, "$") && !strings.Contains(strings.ToLower(o.Span.Text), "dollar") || o.Prop == "" || o.Lean == "" {
				t.Fatalf("obligation without a price or a claim: %+v", o)
			}
		}
	})
}

// TestMayRate checks that mayRate rules out only texts rateRE does not match.
func TestMayRate(t *testing.T) {
	for _, s := range []string{"$6.00 per skirt", "$8/skirt", `\$8.00/\text{skirt}`, `\$8.00\text{/skirt}`, "$3 for each ticket", "$2 a pen",
		"4 dollars per pair of pants", "5 dollarsper pen", "$ 5 an hour", "$5$ and $6$", "$x$ per", "$1,000,000.25  per day", "dollar", "$5,a pen", "12 dollars\n/pen", "$"} {
		if rateRE.MatchString(s) && !mayRate(s) {
			t.Errorf("mayRate(%q) = false, but rateRE matches", s)
		}
	}
	if mayRate("$5$ and $6$ are the roots") {
		t.Errorf("mayRate of math delimiters = true")
	}
}
