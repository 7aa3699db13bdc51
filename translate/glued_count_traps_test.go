package translate

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// gluedCountTraps is the trap corpus of counts written with the letter
// between two whole numbers in math mode (issue 29, "binomials in every
// notation … nCk, permutations"; docs/TRANSLATE.md, "Counts written nCk
// and nPk"): nCk is the binomial, nPk the arrangements n!/(n-k)!. True
// forms are verified, look-alikes with a wrong value refuted, and text
// that is no such count left alone. The wording is ours.
var gluedCountTraps = []trap{
	// True forms: verified.
	{family: "nCk true", steps: []string{`Choosing the committee: \(9C4 = 126\) ways.`}, want: wantVerified},
	{family: "nCk true", steps: []string{`The pairs number \( 12C2 = \frac{12 \cdot 11}{2} = 66 \).`}, want: wantVerified},
	{family: "nCk true", steps: []string{`Only one way: \(5C5 = 1\), and \(5C0 = 1\) too.`}, want: wantVerified},
	{family: "nPk true", steps: []string{`Ordered podiums: \(8P3 = 336\).`}, want: wantVerified},
	{family: "nPk true", steps: []string{`So \( 7P2 = 7 \times 6 = 42 \) arrangements.`}, want: wantVerified},
	{family: "nCk true", steps: []string{`Both ways: \( 10C3 \cdot 3! = 10P3 \).`}, want: wantVerified},
	// No such count: left alone.
	{family: "nCk alone", steps: []string{`Here \(6C3x = 20\) for the unknown x.`}, want: wantNotRefuted},
	{family: "nCk alone", steps: []string{`At \(4C2.5 = 9\) the curve turns.`}, want: wantNotRefuted},
	{family: "nCk alone", steps: []string{`Then \(3C7 = 0\) in this convention.`}, want: wantNotRefuted},
	{family: "nCk alone", steps: []string{`In hexadecimal \(0x4C2 = 1218\).`}, want: wantNotRefuted},
	{family: "nCk alone", steps: []string{`If \(7C3 = 30\), the count would be too small, which is false.`}, want: wantNotRefuted},
	{family: "nCk alone", steps: []string{`The water is at \(25C = 77F\).`}, want: wantNotRefuted},
	{family: "nCk alone", steps: []string{`Point \(C_1 = 2\) and \(6C_3 = 4\).`}, want: wantNotRefuted},
	// Wrong look-alikes: refuted.
	{family: "nCk wrong", steps: []string{`Choosing the committee: \(9C4 = 124\) ways.`}, want: wantRefuted},
	{family: "nCk wrong", steps: []string{`The pairs number \( 12C2 = 132 \).`}, want: wantRefuted},
	{family: "nPk wrong", steps: []string{`Ordered podiums: \(8P3 = 56\).`}, want: wantRefuted},
	{family: "nPk wrong", steps: []string{`So \( 7P2 = 21 \) arrangements.`}, want: wantRefuted},
	{family: "nCk wrong", steps: []string{`Both ways: \( 10C3 = 10P3 \).`}, want: wantRefuted},
}

func TestGluedCountTraps(t *testing.T) {
	runTraps(t, "glued count", gluedCountTraps, func(c trap, i int, s StepResult) {
		for _, o := range s.Obligations {
			if o.Verdict == Refuted {
				assert.Regexp(t, `C\(|!`, o.Expr, "%s #%d: the count is read as one, not a product", c.family, i)
			}
		}
	})
}
