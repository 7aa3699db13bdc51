package unityroot

import (
	"strings"
	"testing"

	"github.com/leanprm/leanprm/translate/obligation"
)

const declared = `Let $\omega$ be a nonreal root of $z^3 = 1.$ Find the value of the sum.`

func TestDeclared(t *testing.T) {
	for _, c := range []struct {
		problem string
		want    bool
	}{
		{declared, true},
		{`Let $\omega$ be a nonreal root of $x^3 = 1,$ and let M be a matrix.`, true},
		{`If $\omega^3 = 1$ and $\omega \neq 1,$ compute the sum.`, true},
		{`Let \(\omega\) be a primitive cube root of unity.`, true},
		{`Suppose $\omega^2 + \omega + 1 = 0$. Find $\omega^{10}$.`, true},
		{`Let $\omega = e^{2 \pi i/3}$.`, true},
		{`If $\omega^{1997} = 1$ and $\omega \neq 1,$ evaluate the sum.`, false},
		{`Let $\omega$ be a complex cube root of unity.`, false},
		{`Let $\omega$ be a root of $x^3 = 1$.`, false},
		{`If $\omega^3 = 1$, find all values.`, false},
		{`A circle $\omega$ has radius 1.`, false},
		{`Let $\omega$ be a nonreal root of $x^5 = 1$.`, false},
		{`Let $\omega$ be a nonreal root of $x^3 = 1.5$.`, false},
	} {
		if got := Declared(c.problem); got != c.want {
			t.Errorf("Declared(%q) = %v, want %v", c.problem, got, c.want)
		}
	}
}

func TestReadDecides(t *testing.T) {
	for _, c := range []struct {
		text string
		want int
	}{
		{`Since \(\omega^3 = 1\), we have \(\omega^4 = \omega\).`, 0},
		{`Thus \(\omega^2 = -1 - \omega\).`, 0},
		{`Thus \(\omega^{2009} = \omega^2\).`, 0},
		{`Thus \(\omega^{2009} = \omega\).`, 1},
		{`Hence \(\frac{1}{1 + \omega} = -\omega\).`, 0},
		{`Hence \(\frac{1}{1 + \omega} = \omega\).`, 1},
		{`So \((1 + \omega)^2 = \omega\).`, 0},
		{`So \((1 + \omega)^2 = -\omega\).`, 1},
		{`So \(\omega - \omega^2 = 1 + \omega^2\).`, 1},
		{`So \(\omega + \omega^2 = -1\).`, 0},
		{`So \(2 + 3 = 6\) and \(\omega = \omega\).`, 0},
		{`If \(\omega = 1\), the sum is 3.`, 0},
		{`When \(\omega^2 = 1\) the value changes.`, 0},
		{`Note \(\omega^2 = \bar{\omega}\).`, 0},
		{`Note \(\omega = \frac{-1 + i\sqrt{3}}{2}\).`, 0},
		{`Then \(\omega^n = 1\).`, 0},
		{`Then \(\omega^2 = x\).`, 0},
		{`Then \(\omega^2 + \omega + 1 = 0 \quad \text{and} \quad \omega^3 = 1\).`, 0},
		{`Then \(\omega^2 + \omega + 1 = 0 \text{ and } \omega^3 = 1\).`, 0},
		{`Then \(\omega^4 = \omega, \omega^5 = \omega^2\).`, 0},
		{`Then \(\omega^4 = \omega; \omega^5 = \omega^2\).`, 0},
		{`Then \(\omega_1 = \omega^2\).`, 0},
		{`Then \(\omega' = \omega^2\).`, 0},
		{`Then \(2\omega_1 + \omega = 3\).`, 0},
		{`Then \(f(\omega) = \omega^2\).`, 0},
		{`Then \(\Omega = \omega^2\).`, 0},
		{`Then \(\omega^{-1} = \omega^2\).`, 0},
		{`Then \(\omega^{-1} = \omega\).`, 1},
		{`We have \(\omega^2 \approx -0.5\).`, 0},
		{"Next \\[ \\begin{pmatrix} 1 & \\omega \\\\ 0 & 1 \\end{pmatrix}^2 = \\begin{pmatrix} 1 & 2\\omega \\\\ 0 & 1 \\end{pmatrix} \\]", 0},
		{"Next \\[ \\begin{pmatrix} 1 & \\omega \\\\ 0 & 1 \\end{pmatrix}^2 = \\begin{pmatrix} 1 & \\omega \\\\ 0 & 1 \\end{pmatrix} \\]", 1},
		{"Next \\[ \\mathbf{M}^2 = \\begin{pmatrix} -\\omega^2 & -\\omega \\\\ 1 & 0 \\end{pmatrix} \\begin{pmatrix} -\\omega^2 & -\\omega \\\\ 1 & 0 \\end{pmatrix} = \\begin{pmatrix} 0 & 1 \\\\ -\\omega^2 & -\\omega \\end{pmatrix} \\]", 0},
		{"Next \\[ \\mathbf{M}^2 = \\begin{pmatrix} -\\omega^2 & -\\omega \\\\ 1 & 0 \\end{pmatrix} \\begin{pmatrix} -\\omega^2 & -\\omega \\\\ 1 & 0 \\end{pmatrix} = \\begin{pmatrix} \\omega - \\omega^2 & 1 \\\\ -\\omega^2 & -\\omega \\end{pmatrix} \\]", 1},
		{"Next \\[ \\begin{pmatrix} \\omega & 0 \\\\ \\omega - \\omega^2 & 1 \\end{pmatrix} = \\begin{pmatrix} \\omega & 0 \\\\ 1 + \\omega^2 & 1 \\end{pmatrix} \\]", 1},
		{"Next \\[ \\begin{pmatrix} \\omega & 0 \\\\ 1 + \\omega^2 & 1 \\end{pmatrix} = \\begin{pmatrix} \\omega & 0 \\\\ -\\omega & 1 \\end{pmatrix} \\]", 0},
	} {
		out := Read(1, declared, nil, c.text, "decide")
		n := 0
		for _, o := range out {
			if o.OnDisproof == obligation.Refuted && o.Prop != "" {
				n++
			}
		}
		if n != c.want {
			t.Errorf("%q: %d refutations, want %d: %+v", c.text, n, c.want, out)
		}
	}
	if out := Read(1, `A circle $\omega$ of radius 2.`, nil, `So \(\omega - \omega^2 = 1 + \omega^2\).`, "decide"); len(out) != 0 {
		t.Errorf("undeclared ω read: %+v", out)
	}
	if out := Read(1, declared, nil, `So \(\omega = -\frac{1}{2}\).`, "decide"); len(out) != 0 {
		t.Errorf("a value chosen for ω read: %+v", out)
	}
	if out := Read(2, declared, []string{`We'll begin with \(\omega = 1\).`}, `So \(\omega^2 = \omega\).`, "decide"); len(out) != 0 {
		t.Errorf("after a case ω = 1, read: %+v", out)
	}
	if out := Read(2, declared, []string{`Let \(\omega = 2\).`}, `So \(\omega^2 = 1\).`, "decide"); len(out) != 0 {
		t.Errorf("ω defined anew before, read: %+v", out)
	}
}

// FuzzRead: Read never panics, and every span lies in the text.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		`So \(\omega - \omega^2 = 1 + \omega^2\).`,
		`So \(\omega^{2009} = \omega^{-1}\) and \(\frac{1}{\omega^2 + \omega} = -1\).`,
		"Next \\[ \\begin{pmatrix} 1 & \\omega \\\\ 0 & 1 \\end{pmatrix}^2 = \\begin{pmatrix} 1 & \\omega \\\\ 0 & 1 \\end{pmatrix} \\]",
		`\(\omega^{ = \omega^{99999999} = (1+\omega)^{12} = \omega^{-} \)`,
		strings.Repeat(`\(\omega = `, 50),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, o := range Read(1, declared, nil, s, "decide") {
			if o.Span.Start < 0 || o.Span.End > len(s) || o.Span.Start > o.Span.End {
				t.Fatalf("span %+v out of %d bytes", o.Span, len(s))
			}
		}
	})
}
