package translate

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fnSubstTraps pin the lines said to be the problem's functional equation
// at values set (docs/TRANSLATE.md, "A functional equation at values set";
// package fnsubst): the equation at those values, its terms moved or
// divided, is left alone; a line that no factor makes it is refuted, and so
// is a rewriting that brings in a value of the function nothing before
// holds; a cue that uses something else, a form of the function tried, a
// value known inside a value and an equation of an earlier step at the same
// values are left alone. The wording and the numbers are ours.
var fnSubstTraps = []struct {
	problem string
	steps   []string
	want    string
	claim   string
}{
	// True forms: the equation at the values, as written or rearranged.
	{problem: addFn, steps: []string{`Setting \(y = 0\) in the given equation, we get \[f(x) = f(x) + f(0)\] which simplifies to \[f(0) = 0.\]`}, want: wantNotRefuted},
	{problem: addFn, steps: []string{`Setting \(x = y = 1\), we get \[f(2) = 2f(1) + 2\]`}, want: wantNotRefuted},
	{problem: addFn, steps: []string{`Setting \(y = -x\) in the original equation gives \(f(0) = f(x) + f(-x) - 2x^2\).`}, want: wantNotRefuted},
	{problem: addFn, steps: []string{`Putting \(y = x\) gives \[f(2x) - 2f(x) = 2x^2.\]`}, want: wantNotRefuted},
	{problem: mulFn, steps: []string{`Setting \(y = 1\), we get \(f(x) = f(x) f(1)\).`}, want: wantNotRefuted},
	// Variants: other numbers, other cues, a rewriting that computes the arguments.
	{problem: addFn, steps: []string{`Plugging in \(x = 2\) and \(y = 3\) yields \(f(5) = f(2) + f(3) + 12\).`}, want: wantNotRefuted},
	{problem: addFn, steps: []string{`Substituting \(x = 3\), \(y = 4\) into the original equation: \[f(3 + 4) = f(3) + f(4) + 2 \cdot 3 \cdot 4\] \[f(7) = f(3) + f(4) + 24\]`}, want: wantNotRefuted},
	{problem: polyFn, steps: []string{`Taking \(z = 1\) and \(t = 0\) in the identity, we obtain \(P(x, y) P(1, 0) = P(x, y)\).`}, want: wantNotRefuted},
	// A value of the function the text knows: a case, a value found before.
	{problem: mulFn, steps: []string{`In the case \(f(1) = 0\), setting \(y = 1\) gives \(f(x) = 0\).`}, want: wantNotRefuted},
	{problem: addFn, steps: []string{`Let \(x = y = 2\). Then \(f(4) = 2f(2) + 8\).`}, want: wantNotRefuted},
	{problem: addFn, steps: []string{`When \(y = x\), the equation becomes \(f(2x) = 2f(x) + 2x^2\).`}, want: wantNotRefuted},
	// Look-alikes that are real errors: refuted.
	{problem: addFn, steps: []string{`Let \(x = y = 2\). Then \(f(4) = 2f(2) + 4\).`}, want: wantRefuted, claim: "f(4)"},
	{problem: addFn, steps: []string{`When \(y = x\), the equation becomes \(f(2x) = 2f(x) + 2x\).`}, want: wantRefuted, claim: "f(2*x)"},
	{problem: addFn, steps: []string{`Setting \(y = 0\) in the given equation, we get \[f(x) = f(x) + f(0) + 2x\]`}, want: wantRefuted, claim: "2 * x"},
	{problem: addFn, steps: []string{`Plugging in \(x = 2\) and \(y = 3\) yields \(f(5) = f(2) + f(3) + 10\).`}, want: wantRefuted, claim: "f(5)"},
	{problem: mulFn, steps: []string{`Setting \(y = 1\), we get \(f(x) = f(x) + f(1)\).`}, want: wantRefuted, claim: "f(1)"},
	{problem: addFn, steps: []string{`Substituting \(x = 4\) and \(y = 5\) into the original equation: \[f(4 + 5) = f(4) + f(5) + 40\] \[f(9) = f(4) + f(6) + 40\]`}, want: wantRefuted, claim: "f(6)"},
	{problem: addFn, steps: []string{`Setting \(y = -x\) in the original equation, we get \[f(0) = f(x) + f(-x) + 2x^2\]`}, want: wantRefuted, claim: "f(-x)"},
	{problem: polyFn, steps: []string{`If \(P(1, 0) = 1\), then taking \(z = 1\) and \(t = 0\) in the identity, we obtain \(P(x, y) = P(x, 1)\).`}, want: wantRefuted, claim: "P(x, 1)"},
	// Hedged, hypothetical or using something else: left alone.
	{problem: addFn, steps: []string{`If we set \(y = 0\) and use \(f(0) = 1\), we get \[f(x) = f(x) + 1\]`}, want: wantNotRefuted},
	{problem: addFn, steps: []string{`If we set \(y = 0\) we would get \(f(x) = 2f(x)\), which is wrong.`}, want: wantNotRefuted},
	{problem: addFn, steps: []string{`Setting \(y = 0\) and \(y = 1\) respectively, we get \(f(x) = f(x) + f(0)\) and \(f(x + 1) = f(x) + 3\).`}, want: wantNotRefuted},
	// A conclusion after "so": another result, not a rewriting of the line.
	{problem: addFn, steps: []string{`Setting \(x = y = 0\), we get \[f(0) = 2f(0)\] so \[f(1) = 1 + f(1)\]`}, want: wantNotRefuted},
	// An equation of an earlier step at the same value.
	{problem: addFn, steps: []string{`Setting \(x = y\) gives \[f(2x) = 2f(x) + 2x^2\]`, `Setting \(x = 1\), we get \[f(2) = 2f(1) + 2\]`}, want: wantNotRefuted},
	// A form of the function tried before.
	{problem: addFn, steps: []string{`Suppose \(f(x) = x^2 + cx\).`, `Setting \(y = 0\), we get \(f(x) = x^2 + cx + f(0)\).`}, want: wantNotRefuted},
	// A value known inside a value: f(f(0)) becomes f(2) once f(0) = 2.
	{problem: nestFn, steps: []string{`We know \(f(0) = 2\). Setting \(n = 0\) gives \[f(f(0)) = 0 + 4f(0)\] \[f(2) = 8\]`}, want: wantNotRefuted},
	// A chain computed under a form the step tries: true links, then a slip.
	{problem: addFn, steps: []string{`Let's try \(f(x) = x^2 + k\). Then \[f(x + y) = (x + y)^2 + k = x^2 + 2xy + y^2 + k = x^2 + y^2 + 2xy + k.\]`}, want: wantNotRefuted},
	{problem: addFn, steps: []string{`Assume \(f(x) = x^2 + k\). Substituting, \[f(x) + f(y) + 2xy = x^2 + k + y^2 + k + 2xy = (x + y)^2 + 2k.\]`}, want: wantNotRefuted},
	{problem: addFn, steps: []string{`Let's try \(f(x) = x^2 + k\). Then \[f(x) + f(y) + 2xy = x^2 + k + y^2 + k + 2xy = (x + y)^2 + k + 2xy.\]`}, want: wantNotRefuted},
	{problem: addFn, steps: []string{`Assume \(f(x) = x^2 + k\). Substituting, \[f(x) + f(y) + 2xy = x^2 + k + y^2 + k + 2xy = (x + y)^2 + k = x^2 + 2xy + y^2 + k.\]`}, want: wantRefuted, claim: "2 * k"},
	{problem: mulFn, steps: []string{`Suppose \(f(x) = 3x + 1\). We compute \[f(x) f(y) = (3x + 1)(3y + 1) = 3y f(x) + f(x) = f(x) f(y) + 1 = 9xy + 3x + 3y + 2.\]`}, want: wantRefuted, claim: "2 + 3 * x"},
	// The last link may be the equation the chain ends on; a condition; a form that is a lone name.
	{problem: addFn, steps: []string{`Assume \(f(x) = x^2 + k\). Then \[f(0) = 0^2 + k = 0.\]`}, want: wantNotRefuted},
	{problem: addFn, steps: []string{`Assume \(f(x) = x^2 + k\). We need \[f(x) + f(y) + 2xy = x^2 + y^2 + 2k + 2xy = (x + y)^2 + k.\]`}, want: wantNotRefuted},
	{problem: addFn, steps: []string{`Write \(f(x) = z\). Then \[f(x) = z = y + 1 = x.\]`}, want: wantNotRefuted},
	// The problem's equation with a tried form put in.
	{problem: addFn, steps: []string{`Assume \(f(x) = kx\). Substituting into the original equation: \[k(x + y) = kx + ky + 2xy\]`}, want: wantNotRefuted},
	{problem: twoFn, steps: []string{`Let's try \(f(x) = x + a\) and \(g(x) = 2x\). Substitute into the first equation: \[(x + a)(2y) = 2xy + 2ay\]`}, want: wantNotRefuted},
	{problem: addFn, steps: []string{`Assume \(f(x) = kx\). Substituting into the original equation: \[k(x + y) = kx + 2ky + 2xy\]`}, want: wantRefuted, claim: "k * y"},
	{problem: twoFn, steps: []string{`Let's try \(f(x) = x + a\) and \(g(x) = 2x\). Substitute into the first equation: \[(x + a)(2x) = 2xy + 2ay\]`}, want: wantRefuted, claim: "x^2"},
	{problem: addFn, steps: []string{`Assume \(f(x) = kx\). Substituting into the original equation with \(y = 1\): \[k(x + 1) = kx + k + 2x\]`}, want: wantNotRefuted},
	// Lines in a row under a tried form: one side kept, the other rewritten.
	{problem: addFn, steps: []string{"Check \\(f(x) = x^2\\) in the equation: \\[ f(x + y) = f(x) + f(y) + 2xy, \\] \\[ (x + y)^2 = x^2 + y^2 + 2xy. \\]"}, want: wantNotRefuted},
	{problem: addFn, steps: []string{"Check \\(f(x) = x^2\\) in the equation: \\[ f(x + y) = f(x) + f(y) + 2xy, \\] \\[ (x + y)^2 = x^2 + y^2 + xy. \\]"}, want: wantRefuted, claim: "x * y"},
	{problem: addFn, steps: []string{"Take \\(f(x) = x^2 + c\\) with \\(c = 0\\): \\[ f(x + y) = f(x) + f(y) + 2xy, \\] \\[ (x + y)^2 = f(x) + f(y) + 2xy. \\]"}, want: wantNotRefuted},
	{problem: addFn, steps: []string{"So \\[ f(x) = x^2 + c \\] \\[ f(x) = x^2 \\]"}, want: wantNotRefuted},
	// No function declared: nothing read.
	{problem: `Let $x$ and $y$ satisfy $g(x + y) = 2$.`, steps: []string{`Setting \(y = 0\), we get \(g(x) = 3\).`}, want: wantNotRefuted},
}

const (
	addFn  = `Find all functions $f:\mathbb{R}\to\mathbb{R}$ such that $f(x + y) = f(x) + f(y) + 2xy$ for all real $x, y$.`
	mulFn  = `Find all functions $f$ from the positive reals to the reals with \[f(xy) = f(x) f(y)\] for all $x, y > 0$.`
	polyFn = `Find all polynomials $P$ in two variables with $P(x, y) P(z, t) = P(xz - yt, xt + yz)$ for all real $x, y, z, t$.`
	twoFn  = `Find all functions $f$ and $g$ on the reals with $f(x) g(y) = 2xy + 2ay$ and $g(x) = 2f(x) - 2a$ for all $x, y$.`
	nestFn = `Find all functions $f:\mathbb{Z}\to\mathbb{Z}$ with $f(f(n)) = n + 4f(n)$ for all integers $n$.`
)

func TestFnSubstTraps(t *testing.T) {
	tr, err := New(Options{})
	require.NoError(t, err)
	for i, c := range fnSubstTraps {
		res, err := tr.ChainProblem(context.Background(), fmt.Sprint("fnsubst", i), c.problem, c.steps)
		require.NoError(t, err)
		s := res.Steps[len(c.steps)-1]
		assert.True(t, stepAsWanted(s, c.want, c.claim), "#%d %q: %s, want %s; obligations %+v", i, c.steps, s.Verdict, c.want, obligationsOf(s))
	}
}
