package translate

import "testing"

// plusMinusTraps pin the equalities between closed values written with ±
// (docs/TRANSLATE.md, "Equalities written with ±"; package plusminus):
// each sign read the same way on both sides, true forms left alone,
// members with a name, a decimal or a rounding not read, a supposed claim
// not read, and a false equality under either sign refuted. The wording
// and the numbers are ours.
var plusMinusTraps = []trap{
	// True forms: nothing to refute.
	{family: "plusminus true", steps: []string{`By the formula, \[t = \frac{5 \pm \sqrt{5^2 - 4 \cdot 1 \cdot 4}}{2} = \frac{5 \pm \sqrt{9}}{2} = \frac{5 \pm 3}{2}.\]`}, want: wantNotRefuted},
	{family: "plusminus true", steps: []string{`So \(\pm \frac{2}{\sqrt{3}} = \pm \frac{2\sqrt{3}}{3}\).`}, want: wantNotRefuted},
	{family: "plusminus true", steps: []string{`We get \(\frac{6 \pm 2\sqrt{5}}{4} = \frac{3 \pm \sqrt{5}}{2}\).`}, want: wantNotRefuted},
	{family: "plusminus true", steps: []string{`Here \(\frac{10 \pm 4}{2} = 5 \mp (-2)\), two values.`}, want: wantNotRefuted},
	// Not read: a name, a decimal, a whole number beside a close radical, a supposition, another relation.
	{family: "plusminus other", steps: []string{`So \(q = \frac{k \pm \sqrt{k^2 + 8}}{2} = \frac{k \pm 3}{2}\).`}, want: wantNotRefuted},
	{family: "plusminus other", steps: []string{`So \(w = \frac{1 \pm \sqrt{30}}{4} = \frac{1 \pm 5.48}{4}\).`}, want: wantNotRefuted},
	{family: "plusminus other", steps: []string{`So \(w = \pm\sqrt{30} = \pm 5\).`}, want: wantNotRefuted},
	{family: "plusminus other", steps: []string{`If \(\frac{3 \pm \sqrt{2}}{7} = \frac{3 \pm 1}{7}\), the roots would be rational.`}, want: wantNotRefuted},
	{family: "plusminus other", steps: []string{`Then \(\frac{9 \pm 1}{2} \le 6 \pm 1\) holds.`}, want: wantNotRefuted},
	// Look-alikes that are real errors: refuted.
	{family: "plusminus wrong", steps: []string{`By the formula, \[t = \frac{3 \pm \sqrt{3^2 + 4 \cdot 2 \cdot 9}}{4} = \frac{3 \pm \sqrt{81}}{4} = \frac{3 \pm 8}{4}.\]`}, want: wantRefuted, claim: "(3 + 8) / 4"},
	{family: "plusminus wrong", steps: []string{`Solving, \(r = \frac{2 \pm \sqrt{4 + 4 \cdot 5 \cdot 29}}{10} = \frac{2 \pm \sqrt{584}}{10} = \frac{2 \pm 24}{10}\).`}, want: wantRefuted, claim: "584"},
	{family: "plusminus wrong", steps: []string{`Here \(\frac{10 \pm 4}{2} = 5 \mp 2\), two values.`}, want: wantRefuted, claim: "5 - 2"},
	{family: "plusminus wrong", steps: []string{`So \(\pm \frac{3}{\sqrt{2}} = \pm \frac{3\sqrt{2}}{4}\).`}, want: wantRefuted, claim: "√2"},
}

func TestPlusMinusTraps(t *testing.T) {
	runTraps(t, "plusminus", plusMinusTraps, nil)
}
