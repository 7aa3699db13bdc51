package translate

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// supposedTraps pin the value solved inside a supposition or a trial,
// and the value claimed for a name in an exponent (symbolic/symsupposed.go;
// docs/TRANSLATE.md "Values solved inside a supposition"): the supposition
// fixes other names, and that the equation just before gives the value is
// asserted within it. The wording and the numbers are ours.
var supposedTraps = []trap{
	// The family: a value that does not solve the equation it is derived from.
	{family: "supposed solution", steps: []string{`If \(k = 2\), then \(5 + (m - 1) \cdot 4 = 41\) gives \(m = 11\).`}, want: wantRefuted, claim: "at m = 11"},
	{family: "supposed solution", steps: []string{"Let's try \\(a = 3\\):\n\\[ 7a + 5b = 61 \\]\n\\[ 21 + 5b = 61 \\]\n\\[ 5b = 40 \\]\nDividing both sides by 5, we find \\(b = 9\\)."}, want: wantRefuted, claim: "at b = 9"},
	{family: "supposed solution", steps: []string{`When \(p = 4\) and \(q = 9\), we have $$4 \cdot 9 = r,$$ or $r = 38$.`}, want: wantRefuted, claim: "at r = 38"},
	{family: "supposed solution", steps: []string{`Suppose the first term is 7. Then \(7 + 6d = 25\), so \(d = 4\).`}, want: wantRefuted, claim: "at d = 4"},
	{family: "supposed solution", steps: []string{`Consider \(t = 5\): then \(3s - 5 = 16\), which gives \(s = 6\).`}, want: wantRefuted, claim: "at s = 6"},
	{family: "supposed solution", steps: []string{`Assume the width is 3. Solving \(2w + 2h = 26\) with it, \(6 + 2h = 26\), hence \(h = 11\).`}, want: wantRefuted, claim: "at h = 11"},
	{family: "supposed solution", steps: []string{`Let's try \(u = 4\): \[12(4) + 7v = 90\] \[48 + 7v = 90\] \[7v = 42\] Dividing both sides by \(7\), we get \(v = 7\).`}, want: wantRefuted, claim: "at v = 7"},
	// The true forms are verified.
	{family: "supposed solution", steps: []string{`If \(k = 2\), then \(5 + (m - 1) \cdot 4 = 41\) gives \(m = 10\).`}, want: wantVerified},
	{family: "supposed solution", steps: []string{"Let's try \\(a = 3\\):\n\\[ 7a + 5b = 61 \\]\n\\[ 21 + 5b = 61 \\]\n\\[ 5b = 40 \\]\nDividing both sides by 5, we find \\(b = 8\\)."}, want: wantVerified},
	{family: "supposed solution", steps: []string{`When \(p = 4\) and \(q = 9\), we have $$4 \cdot 9 = r,$$ or $r = 36$.`}, want: wantVerified},
	{family: "supposed solution", steps: []string{`If \(y = 1\), then \(x^2 = 9\) gives \(x = -3\).`}, want: wantVerified},
	{family: "supposed solution", steps: []string{`Let's try \(u = 4\): \[12(4) + 7v = 90\] \[48 + 7v = 90\] \[7v = 42\] Dividing both sides by \(7\), we get \(v = 6\).`}, want: wantVerified},
	// Traps: the value is no solution the text derives from that equation.
	// The supposition is about the name itself, and the value comes after
	// the sentence that rejects it.
	{family: "supposed solution", steps: []string{`If \(c = 4\), then \(\frac{1}{c} = \frac{1}{4}\), which is too large. Therefore, \(c = 5\).`}, want: wantNotRefuted},
	{family: "supposed solution", steps: []string{`If \(c = 4\), then \(3c = 12\), so \(c = 4\) works.`}, want: wantNotRefuted},
	// A value the sentence rejects or rounds.
	{family: "supposed solution", steps: []string{`If \(k = 2\), then \(3m = 20\) gives \(m = 7\), which is not a solution.`}, want: wantNotRefuted},
	{family: "supposed solution", steps: []string{`If \(k = 2\), then \(3m = 20\), so \(m \approx 6.67\) and we take \(m = 7\).`}, want: wantNotRefuted},
	// Another case or trial opens between the equation and the value.
	{family: "supposed solution", steps: []string{`If \(a = 1\), then \(2b + a = 9\), and if \(a = 3\), \(b = 3\).`}, want: wantNotRefuted},
	{family: "supposed solution", steps: []string{`If \(x \geq 0\), then \(x + 2 = 5\) gives \(x = 3\), and if \(x < 0\), then \(x = -7\).`}, want: wantNotRefuted},
	{family: "supposed solution", steps: []string{`Try \(g = 2\): \(3h + 2 = 11\). Try \(h = 5\) as well.`}, want: wantNotRefuted},
	{family: "supposed solution", steps: []string{`Try \(g = 2\): \(3h + 2 = 11\) when \(h \ge 0\), so \(h = 4\) is too big.`}, want: wantNotRefuted},
	{family: "supposed solution", steps: []string{`If \(n = 2\), then either \(4m = 12\) or \(m = 5\).`}, want: wantNotRefuted},
	// A sentence about digits, sums or a base keeps its equations unsolved.
	{family: "supposed solution", steps: []string{`If the units digit is \(u = 3\), then \(10t + u = 47\) gives \(t = 5\).`}, want: wantNotRefuted},
	// A name in an exponent: the value claimed right after the equation is
	// put in and the powers computed.
	{family: "exponent solution", steps: []string{`We have \(3^{x} = 81\), which gives \(x = 5\).`}, want: wantRefuted, claim: "at x = 5"},
	{family: "exponent solution", steps: []string{`Then \(5^{n+1} = 125\), so \(n = 3\).`}, want: wantRefuted, claim: "at n = 3"},
	{family: "exponent solution", steps: []string{"- For \\( p = 3 \\), \\( 3^{k-1} \\cdot 2 = 18 \\) gives \\( k = 4 \\)."}, want: wantRefuted, claim: "at k = 4"},
	{family: "exponent solution", steps: []string{`We have \(3^{x} = 81\), which gives \(x = 4\).`}, want: wantVerified},
	{family: "exponent solution", steps: []string{`Then \(2^{-m} = \frac{1}{8}\), so \(m = 3\).`}, want: wantVerified},
	// Left alone: a rounded value, a modulus, a trial of the name itself,
	// an exponent past what is computed.
	{family: "exponent solution", steps: []string{`Then \(2^{x} = 40\) gives \(x = 5.32\).`}, want: wantNotRefuted},
	{family: "exponent solution", steps: []string{`Modulo 7, \(2^{k} = 1\), so \(k = 3\).`}, want: wantNotRefuted},
	{family: "exponent solution", steps: []string{`If \(k = 4\), then \(2^{k} = 16\); so \(k = 5\) gives 32.`}, want: wantNotRefuted},
	{family: "exponent solution", steps: []string{`Then \(2^{n} = 2^{100} + 1\), so \(n = 100\).`}, want: wantNotRefuted},
	// Look-alikes outside a supposition are refuted as before.
	{family: "supposed solution", steps: []string{`We have \(5 + (m - 1) \cdot 4 = 41\), which gives \(m = 11\).`}, want: wantRefuted, claim: "at m = 11"},
}

func TestSupposedSolutionTraps(t *testing.T) {
	runTraps(t, "supposed", supposedTraps, func(c trap, i int, s StepResult) {
		if c.want != wantRefuted {
			return
		}
		for _, o := range s.Obligations {
			if o.Verdict == Refuted && o.Kind == KindSolution {
				assert.True(t, strings.Contains(o.Reason, "the left side is"), "#%d: %s", i, o.Reason)
			}
		}
	})
}

// FuzzSupposedSolution reads an equation and a value inside a supposition,
// and with the name in an exponent: every obligation is in the dialect and
// decided (the value put in, the powers folded).
func FuzzSupposedSolution(f *testing.F) {
	for _, s := range [][2]string{{`5 + (m - 1) \cdot 4 = 41`, `m = 11`}, {`3^{x} = 81`, `x = 5`}, {`2^{k-1} \cdot 1 = 40`, `k = 5`},
		{`2^{-m} = \frac{1}{8}`, `m = 3`}, {`3^{x+1} = 2^{x}`, `x = -1`}, {`\frac{1}{c} = 4`, `c = 0`}, {`2^{x} = 40`, `x = 5.32`}} {
		f.Add(s[0], s[1])
	}
	tr, err := New(Options{})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, eq, val string) {
		res := tr.Translate("fuzz", []string{`If \(k = 2\), then \(` + eq + `\) gives \(` + val + `\).`, `We have \(` + eq + `\), which gives \(` + val + `\).`,
			"Let's try \\(a = 3\\):\n\\[ " + eq + " \\]\nDividing both sides by 5, we find \\(" + val + "\\)."})
		requireDialectDecided(t, tr, &res)
	})
}
