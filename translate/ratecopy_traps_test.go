package translate

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRateCopyTraps: a price per item the problem states once, copied by a
// step with another value (issue 29; docs/TRANSLATE.md, "Prices copied from
// the problem"; package ratecopy). The same price is left alone, another
// price refuted in every written form; a step that supposes, hedges,
// corrects or derives another price (a discount, a total, an extra), a
// price per a unit of time or weight or per person, and a problem with two
// prices of the item, a derived price or another amount said of the item,
// are left alone. Problems and steps are ours.
func TestRateCopyTraps(t *testing.T) {
	const tailor = `A tailor hems 4 dresses and 3 coats each week. She charges $7.50 per dress and $12 per coat. How much does she charge in 4 weeks?`
	const shop = `Nina buys 6 notebooks and 2 pairs of gloves. Notebooks cost $3 a notebook and gloves cost 9 dollars per pair of gloves. How much does she spend?`
	const twoPrices = `A tailor charges $7.50 per dress for hems and $20 per dress for a full fitting. She hems 4 dresses and fits 2. How much does she earn?`
	const derived = `A tailor charges $7.50 per dress, but on Sundays she charges 20% more. She hems 4 dresses on Sunday. How much does she earn?`
	const otherAmount = `A tailor charges $7.50 per dress. Each dress also needs thread worth $1. She hems 4 dresses. How much does she spend and earn?`
	const hourly = `A tailor earns $15 per hour and works 6 hours a day. How much does she earn in a day?`
	const perPerson = `Tickets are split evenly: the group pays $40 per person for 5 people. What is the total?`
	const compound = `A phone plan charges $0.05 per call minute. Each call lasts 20 minutes. What do 6 calls cost?`
	const overTime = `Tickets were $9 per ticket until May. Ann buys 3 tickets in June. What does she pay?`
	const eachForm = `Leo buys 5 kites and 3 spools of string. Each kite costs $14 and the spools cost $2.50 each. What does he spend?`
	const halfBunch = `Mia buys 2 bunches of grapes and 4 plums. Half a bunch of grapes costs $3, and a plum costs $1. What does she pay?`
	const thirdBunch = `Mia buys 2 bunches of grapes and 4 plums. A third of a bunch of grapes costs $1. A plum costs $1. What does she pay?`
	const ofEach = `A box holds 6 mugs. The shipping cost of each mug is $2, and the mugs are free. What does shipping cost?`
	cases := []struct {
		problem, step, want, claim string
	}{
		// The problem's price, written as it or in another form: left alone.
		{tailor, `For the dresses: 4 dresses x $7.50/dress = $30.`, wantNotRefuted, ""},
		{tailor, `The coats cost \(3 \text{ coats} \times \$12/\text{coat} = \$36\).`, wantNotRefuted, ""},
		{tailor, `Each week the coats bring 3 × $12 per coat = $36.`, wantNotRefuted, ""},
		{shop, `The notebooks come to 6 × $3 a notebook = $18.`, wantNotRefuted, ""},
		// Another price per the same item: refuted, in every form and with new numbers.
		{tailor, `For the dresses: 4 dresses x $8.50/dress = $34.`, wantRefuted, "the price per dress = 8.50"},
		{tailor, `The coats cost \(3 \text{ coats} \times \$15/\text{coat} = \$45\).`, wantRefuted, "the price per coat = 15"},
		{tailor, `Each week the coats bring 3 × $21 per coat = $63.`, wantRefuted, "the price per coat = 21"},
		{tailor, `She charges $7 for each dress, so 4 dresses bring $28.`, wantRefuted, "the price per dress = 7"},
		{shop, `The notebooks come to 6 × $4 a notebook = $24.`, wantRefuted, "the price per notebook = 4"},
		{shop, `The gloves come to 2 × 8 dollars per pair of gloves = 16 dollars.`, wantRefuted, "the price per pair of glove = 8"},
		// Prices said of one item ("each kite costs") and one by one ("cost $2.50 each").
		{eachForm, `The kites cost 5 × $14 = $70, since each kite costs $14.`, wantNotRefuted, ""},
		{eachForm, `Each kite costs $16, so the kites cost 5 × $16 = $80.`, wantRefuted, "the price per kite = 16"},
		{eachForm, `The spools cost $3.50 each, so 3 spools cost $10.50.`, wantRefuted, "the price per spool = 3.50"},
		{eachForm, `For the string: 3 spools × $5/spool = $15.`, wantRefuted, "the price per spool = 5"},
		{eachForm, `If each kite costs $16, the kites would cost $80.`, wantNotRefuted, ""},
		{eachForm, `Each kite costs $16 with a tail, so 5 kites cost $80.`, wantNotRefuted, ""},
		{eachForm, `Each kite costs $2 more than a spool of string.`, wantNotRefuted, ""},
		{halfBunch, `A whole bunch costs 2 × $3 = $6, so a bunch of grapes costs $6.`, wantNotRefuted, ""},
		{halfBunch, `Each plum costs $2, so 4 plums cost $8.`, wantNotRefuted, ""}, // "half a" prices a part: no price is read
		{thirdBunch, `A whole bunch costs 3 × $1 = $3, so a bunch of grapes costs $3.`, wantNotRefuted, ""},
		{thirdBunch, `Each plum costs $2, so 4 plums cost $8.`, wantRefuted, "the price per plum = 2"},
		{ofEach, `Shipping 6 mugs: each mug costs $2 to ship, 6 × $2 = $12.`, wantNotRefuted, ""},
		// Supposed, hedged, corrected, or another price derived: left alone.
		{tailor, `If she charged $9 per dress, the dresses would bring $36.`, wantNotRefuted, ""},
		{tailor, `Suppose the price were $9/dress; then 4 dresses bring $36.`, wantNotRefuted, ""},
		{tailor, `With thread, the cost is about $8 per dress.`, wantNotRefuted, ""},
		{tailor, `After a discount the tailor charges $6 per dress.`, wantNotRefuted, ""},
		{tailor, `The total per coat, including lining, is $15 per coat.`, wantNotRefuted, ""},
		{tailor, `Not $9 per dress: the price is $7.50.`, wantNotRefuted, ""},
		{tailor, `Case 2: she charges $9 per dress, so 4 dresses bring $36.`, wantNotRefuted, ""},
		{tailor, `Let's check $9/dress: 4 dresses bring $36, which is too much.`, wantNotRefuted, ""},
		{tailor, `The new price is $9 per dress from next month.`, wantNotRefuted, ""},
		{tailor, `So the difference is $4.50 per coat between the two.`, wantNotRefuted, ""},
		{tailor, `That is $12 - $4.50 per dress more for a coat.`, wantNotRefuted, ""},
		{tailor, `A dress and a coat together: $7.50 + $12 = $19.50 per dress and coat.`, wantNotRefuted, ""},
		{tailor, `For the dresses: 4 dresses x $8.50/dress per week = $34.`, wantNotRefuted, ""},
		// The problem does not fix one plain price: left alone.
		{twoPrices, `For the fittings: 2 dresses x $20/dress = $40.`, wantNotRefuted, ""},
		{twoPrices, `For the hems: 4 dresses x $9/dress = $36.`, wantNotRefuted, ""},
		{derived, `On Sunday: 4 dresses x $9/dress = $36.`, wantNotRefuted, ""},
		{otherAmount, `Each dress: 4 dresses x $8.50/dress = $34.`, wantNotRefuted, ""},
		{hourly, `In a day she earns 6 hours x $16/hour = $96.`, wantNotRefuted, ""},
		{perPerson, `Each of the 5 pays $45 per person.`, wantNotRefuted, ""},
		{compound, `Each call costs 20 × $0.05 = $1, so 6 calls × $1/call = $6.`, wantNotRefuted, ""},
		{overTime, `In June: 3 tickets × $12/ticket = $36.`, wantNotRefuted, ""},
	}
	tr, err := New(Options{})
	require.NoError(t, err)
	for i, c := range cases {
		res, err := tr.ChainProblem(context.Background(), fmt.Sprint("ratecopy", i), c.problem, []string{c.step})
		require.NoError(t, err)
		s := res.Steps[0]
		assert.True(t, stepAsWanted(s, c.want, c.claim), "#%d %q: %s, want %s; %+v", i, c.step, s.Verdict, c.want, obligationsOf(s))
		// the same step without the problem: nothing is copied
		if c.want == wantRefuted {
			res, err = tr.Chain(context.Background(), fmt.Sprint("ratecopy-alone", i), []string{c.step})
			require.NoError(t, err)
			assert.NotEqual(t, StepRefuted, res.Steps[0].Verdict, "#%d without the problem", i)
		}
	}
}
