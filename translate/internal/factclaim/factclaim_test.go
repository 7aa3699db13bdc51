package factclaim

import (
	"testing"
	"unicode/utf8"

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
		{`That gives 7C2 = 28 pairs.`, "C(7, 2) = 28", obligation.Refuted},
		{`That gives \frac{8!}{6!} = 56, so we are done.`, "8! / 6! = 56", obligation.Verified},
		{`Hence 6! = 620 is the number of orders.`, "6! = 620", obligation.Refuted},
		{`If 6! = 620 then we would be wrong.`, "6! = 620", obligation.Unknown},
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
		`We have 3! = 6`,
	} {
		for _, o := range Read(0, s, "decide") {
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
		for _, o := range Read(0, text, "decide") {
			if !o.Span.Of(text) {
				t.Fatalf("span %+v outside %q", o.Span, text)
			}
			if utf8.ValidString(text) && !utf8.ValidString(o.Prop) {
				t.Fatalf("prop %q not UTF-8", o.Prop)
			}
		}
	})
}
