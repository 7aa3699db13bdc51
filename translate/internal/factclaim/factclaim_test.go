package factclaim

import (
	"testing"

	"github.com/leanprm/leanprm/internal/testutil/obltest"
	"github.com/leanprm/leanprm/translate/obligation"
	"github.com/stretchr/testify/assert"
)

// TestRead: closed chains with a factorial or a binomial written in prose
// make one obligation a link with one; what is not such a claim, or is
// hedged, refutes nothing.
func TestRead(t *testing.T) {
	for _, c := range []struct {
		text, expr string
		want       obligation.Verdict
	}{
		{`So there are \binom{7}{3} = 30 committees.`, "C(7, 3) = 30", obligation.Refuted},
		{`So there are \binom{7}{3} = 35 committees.`, "C(7, 3) = 35", obligation.Verified},
		{`The count is 6! / (2! 4!) = 20.`, "6! / (2! * 4!) = 20", obligation.Refuted},
		{`Arrange them in 3! \cdot 2! = 12 ways.`, "3! * 2! = 12", obligation.Verified},
		{`That gives 7C2 = 28 handshakes.`, "C(7, 2) = 28", obligation.Refuted},
		{`That gives \frac{8!}{6!} = 56, so we are done.`, "8! / 6! = 56", obligation.Verified},
		{`Hence 6! = 620 is the number of orders.`, "6! = 620", obligation.Refuted},
		{`If 6! = 620 then we would be wrong.`, "6! = 620", obligation.Unknown},
		{`The chance is \frac{1}{3} \times \frac{1}{3} = \frac{1}{3} here.`, "1 / 3 * (1 / 3) = 1 / 3", obligation.Refuted},
		{`So \cos\phi = \frac{9}{12} = \frac{3}{4}, as said.`, "9 / 12 = 3 / 4", obligation.Verified},
		{`Then y = \dfrac{10}{4} = 3 (girls).`, "10 / 4 = 3", obligation.Refuted},
	} {
		obls := Read(0, c.text, "decide")
		if assert.Len(t, obls, 1, c.text) {
			assert.Equal(t, c.expr, obls[0].Expr, c.text)
			on := obls[0].OnDisproof
			if c.want == obligation.Verified {
				on = obligation.Verified
			}
			assert.Equal(t, c.want, on, c.text)
		}
	}
	for _, s := range []string{
		`So $\binom{7}{3} = 30$.`,     // math mode: the symbolic reader's
		`So 3 + 4 = 7! Great.`,        // an exclamation mark
		`So 10! = 3,628,800 ways.`,    // a number with separators
		`So 2 x 3! = 12.`,             // x for times
		`So 5 times 4! = 600.`,        // an operator word
		`We know n! = 120, so n = 5.`, // a name
		`So 5!=100 is true.`,          // "!=" may be "not equal"
		`(2) 5! = 240.`,               // a label
		`So 4! = 24 x 5.`,             // more arithmetic after
		`Since 3 != 4, we stop.`,
		`So \frac{1}{2} + \frac{1}{3} = \frac{5}{6} + \frac{1}{4} = \frac{13}{12}.`, // running
		`So 3y = \frac{9}{2} = 4.`,        // a coefficient's name
		`So \frac{1}{3} = 0.33 here.`,     // a decimal
		`So \frac{\sqrt{2}}{2} = 1 here.`, // a root
		`We have 3! = 6`,
	} {
		for _, o := range Read(0, s, "decide") {
			if o.Expr == "5 / 6 + 1 / 4 = 13 / 12" {
				continue // the true last link of the running computation
			}
			if s != `We have 3! = 6` {
				t.Errorf("%q: unexpected %s", s, o.Expr)
			} else if o.WhyProof != "both sides are 6" {
				t.Errorf("%q: %s", s, o.WhyProof)
			}
		}
	}
}

// FuzzRead: any text reads without a panic, spans inside the text.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		`So \binom{7}{3} = 30.`, `4C2 = 4! / (2! * (4 - 2)!) = 12`, `((((3!)))) = 6!`, `\frac{8!}{6!} = 56,`,
		`5! = 1.5.`, `$5! = 1$ 5! = 2`, `\binom{`, `!=!`, `40! = 41!, x`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		obltest.Shape(t, text, Read(0, text, "decide"))
	})
}
