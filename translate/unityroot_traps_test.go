package translate

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Problems that declare ω a nonreal cube root of unity, in several
// wordings, and ones that do not (a circle, a root of x³ = 1 that may be
// 1, a 7th root of unity). The wording and the numbers are ours.
const (
	omegaNonreal   = `Let $\omega$ be a nonreal root of $z^3 = 1$. Compute $(2 + \omega)(2 + \omega^2)$.`
	omegaPair      = `Suppose $\omega^3 = 1$ and $\omega \ne 1$. Find the sum of the entries of $\mathbf{A}^5$.`
	omegaPrimitive = `Let $\omega$ be a primitive cube root of unity. Evaluate $\frac{1}{1 + \omega} + \frac{1}{1 + \omega^2}$.`
	omegaQuad      = `Given $\omega^2 + \omega + 1 = 0$, find $\omega^{100} + \omega^{50}$.`
	omegaMaybeOne  = `Let $\omega$ satisfy $\omega^3 = 1$. Find all possible values of $\omega^2 + \omega$.`
	omegaSeventh   = `Let $\omega^7 = 1$ and $\omega \neq 1$. Find $\omega + \omega^2 + \omega^4$.`
	omegaCircle    = `A circle $\omega$ has radius 3 and center $O$. Find the area of $\omega$.`
	omegaComplex   = `Let $\omega$ be a complex cube root of unity. Find $1 + \omega + \omega^2$.`
)

// unityRootTraps pin the equalities in a nonreal cube root of unity the
// problem declares (docs/TRANSLATE.md, "Expressions in a nonreal cube root
// of unity"; package unityroot): true reductions (ω⁴ = ω, ω² = −1 − ω,
// 1/(1 + ω) = −ω, a matrix power) are left alone, variants in other
// wordings and exponents are read, false reductions and false matrix
// entries are refuted, and a problem with another ω, a supposed, tested,
// approximated or alternative claim, a conjugate, an ω defined anew and a
// claim with another name are not read.
var unityRootTraps = []struct {
	problem string
	steps   []string
	want    string
	claim   string
}{
	// True forms.
	{problem: omegaNonreal, steps: []string{`Since \(\omega^3 = 1\), we have \(\omega^4 = \omega\) and \(\omega^5 = \omega^2\).`}, want: wantNotRefuted},
	{problem: omegaNonreal, steps: []string{`From \(\omega^2 + \omega + 1 = 0\) we get \(\omega^2 = -1 - \omega\), so \((2 + \omega)(2 + \omega^2) = 4 + 2\omega + 2\omega^2 + \omega^3 = 3\).`}, want: wantNotRefuted},
	{problem: omegaPrimitive, steps: []string{`Note that \(\frac{1}{1 + \omega} = \frac{1}{-\omega^2} = -\omega\).`}, want: wantNotRefuted},
	{problem: omegaQuad, steps: []string{`Reducing the exponents mod 3, \(\omega^{100} + \omega^{50} = \omega + \omega^2 = -1\).`}, want: wantNotRefuted},
	{problem: omegaPair, steps: []string{"Then\n\\[ \\begin{pmatrix} 1 & \\omega \\\\ 0 & \\omega^2 \\end{pmatrix}^2 = \\begin{pmatrix} 1 & \\omega + \\omega^3 \\\\ 0 & \\omega^4 \\end{pmatrix} = \\begin{pmatrix} 1 & 1 + \\omega \\\\ 0 & \\omega \\end{pmatrix}. \\]"}, want: wantNotRefuted},
	{problem: omegaPair, steps: []string{"We multiply:\n\\[ \\begin{pmatrix} \\omega & 1 \\\\ 1 & 0 \\end{pmatrix} \\begin{pmatrix} \\omega^2 & 0 \\\\ 1 & 1 \\end{pmatrix} = \\begin{pmatrix} 2 & 1 \\\\ \\omega^2 & 0 \\end{pmatrix}. \\]"}, want: wantNotRefuted},
	// Variants: other exponents and wordings, the same claims false.
	{problem: omegaNonreal, steps: []string{`Since \(\omega^3 = 1\), we have \(\omega^{2024} = \omega\).`}, want: wantRefuted, claim: "ω"},
	{problem: omegaPrimitive, steps: []string{`Note that \(\frac{1}{1 + \omega} = \omega^2\).`}, want: wantRefuted},
	{problem: omegaQuad, steps: []string{`Reducing the exponents mod 3 gives \(\omega^{100} + \omega^{50} = \omega + \omega^2\), and \(\omega + \omega^2 = 1\).`}, want: wantNotRefuted}, // "mod" in the sentence
	{problem: omegaQuad, steps: []string{`The exponents leave 1 and 2, so \(\omega^{100} + \omega^{50} = \omega + \omega^2 = 1\).`}, want: wantRefuted},
	// Look-alikes that are real errors: refuted.
	{problem: omegaNonreal, steps: []string{`Expanding, \((2 + \omega)(2 + \omega^2) = 4 + 2\omega + 2\omega^2 + \omega^3 = 5\).`}, want: wantRefuted, claim: "3 = 5"},
	{problem: omegaNonreal, steps: []string{`Expanding gives \(4 + 2\omega + 2\omega^2 + \omega^3\), and since \(\omega^3 = 1\), \(5 + 2\omega + 2\omega^2 = 5\).`}, want: wantRefuted},
	{problem: omegaNonreal, steps: []string{`We simplify \(\omega - \omega^2 = 1 + \omega^2\).`}, want: wantRefuted},
	{problem: omegaPair, steps: []string{"Then\n\\[ \\begin{pmatrix} 1 & \\omega \\\\ 0 & \\omega^2 \\end{pmatrix}^2 = \\begin{pmatrix} 1 & 2\\omega \\\\ 0 & \\omega \\end{pmatrix}. \\]"}, want: wantRefuted},
	{problem: omegaPair, steps: []string{"We multiply:\n\\[ \\begin{pmatrix} \\omega & 1 \\\\ 1 & 0 \\end{pmatrix} \\begin{pmatrix} \\omega^2 & 0 \\\\ 1 & 1 \\end{pmatrix} = \\begin{pmatrix} \\omega^3 + 1 & 1 \\\\ \\omega^2 & 0 \\end{pmatrix} = \\begin{pmatrix} 1 & 1 \\\\ \\omega^2 & 0 \\end{pmatrix}. \\]"}, want: wantRefuted},
	// Not read: another ω, a hedge, a test, an alternative, a conjugate, another name.
	{problem: omegaMaybeOne, steps: []string{`We simplify \(\omega - \omega^2 = 1 + \omega^2\).`}, want: wantNotRefuted},
	{problem: omegaSeventh, steps: []string{`Then \(\omega^4 = \omega\).`}, want: wantNotRefuted},
	{problem: omegaCircle, steps: []string{`The radius gives \(\omega = 9\).`}, want: wantNotRefuted},
	{problem: omegaComplex, steps: []string{`Then \(\omega + \omega^2 = 2\).`}, want: wantNotRefuted},
	{problem: omegaNonreal, steps: []string{`If \(\omega = 1\), then the product is 9.`}, want: wantNotRefuted},
	{problem: omegaNonreal, steps: []string{`Let's check whether \(\omega^2 = \omega\).`}, want: wantNotRefuted},
	{problem: omegaNonreal, steps: []string{`So \(\omega = 1\) or \(\omega^2 + \omega + 1 = 0\).`}, want: wantNotRefuted},
	{problem: omegaNonreal, steps: []string{`Its conjugate is \(\omega^2 = \overline{\omega}\).`}, want: wantNotRefuted},
	{problem: omegaNonreal, steps: []string{`Numerically \(\omega \approx -0.5 + 0.87i\).`}, want: wantNotRefuted},
	{problem: omegaNonreal, steps: []string{`Write \(x = \omega^2\), so \(x + \omega = 1\).`}, want: wantNotRefuted},
	{problem: omegaNonreal, steps: []string{`Let \(\omega = e^{2\pi i/9}\) instead.`, `Then \(\omega^3 = \omega\) fails to be useful, and \(\omega^4 = \omega\).`}, want: wantNotRefuted},
	{problem: omegaNonreal, steps: []string{`The roots of the cubic are 1 and the two others; begin with \(\omega = 1\).`}, want: wantNotRefuted},
	{problem: omegaNonreal, steps: []string{`We'll begin with \(\omega = 1\).`, `Then \(\omega^2 = \omega\), so the sum is 2.`}, want: wantNotRefuted},
	{problem: omegaNonreal, steps: []string{`Then \(\omega^{3k+1} = \omega\) for every whole \(k\).`}, want: wantNotRefuted},
}

func TestUnityRootTraps(t *testing.T) {
	tr, err := New(Options{})
	require.NoError(t, err)
	for i, c := range unityRootTraps {
		res, err := tr.ChainProblem(context.Background(), fmt.Sprint("unityroot", i), c.problem, c.steps)
		require.NoError(t, err)
		s := res.Steps[len(c.steps)-1]
		assert.True(t, stepAsWanted(s, c.want, c.claim), "#%d %q: %s, want %s; obligations %+v", i, c.steps, s.Verdict, c.want, obligationsOf(s))
	}
}
