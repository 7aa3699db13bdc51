package fnsubst

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/leanprm/leanprm/internal/testutil/obltest"
)

const addProblem = `Find all functions $f:\mathbb{R}\to\mathbb{R}$ with $f(x + y) = f(x) + f(y) + 3xy$ for all real $x, y$.`

// TestDeclaredFns: the letters a problem declares as functions.
func TestDeclaredFns(t *testing.T) {
	for _, c := range []struct{ problem, want string }{
		{addProblem, "f"},
		{`Find all polynomials $P$ in two variables with $P(x, y) = P(y, x)$.`, "P"},
		{`The injective function $g(x)$ satisfies $g(x)g(y) = g(x + y)$.`, "g"},
		{`Let $f : \mathbb{Z} \to \mathbb{Z}$ and $h\colon \mathbb{Z}\to\mathbb{Z}$ be functions.`, "fh"},
		{`Let $x(x + 1) = 6$. Find $x$.`, ""},
		{`Find $\sin(x)$ for the function of the figure.`, ""},
	} {
		assert.Equal(t, c.want, declaredFns(c.problem), c.problem)
	}
}

// TestParseSide: what one side reads as, and what it refuses.
func TestParseSide(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`f(x + y) + y f(y)`, "f(x + y) + f(y)*y"},
		{`2 \times 7.5 [f(1007.5 + 7.5) + f(1007.5 - 7.5)]`, "15*f(1000) + 15*f(1015)"},
		{`\frac{f(2x)}{2} - xf(x)`, "1/2*f(2*x) + -f(x)*x"},
		{`f\left( \frac{x}{2} \right)^2`, "f(1/2*x)^2"},
		{`P(xz - yt, xt + yz)`, "P(-t*y + x*z, t*x + y*z)"},
	} {
		n := parseSide(c.in, "fP")
		if assert.NotNil(t, n, c.in) {
			p, ok := eval(n, nil)
			assert.True(t, ok, c.in)
			assert.Equal(t, c.want, p.canon(), c.in)
		}
	}
	for _, in := range []string{`f^{-1}(x)`, `a_1 + f(x)`, `f(x)!`, `\sin(x)`, `f(x) / f(y)`, `f`, `x^{20}`, `1,000`, `f(x) + `} {
		n := parseSide(in, "f")
		if n != nil {
			_, ok := eval(n, nil)
			assert.False(t, ok, in)
		}
	}
}

// TestProportionalAndMismatch: a line the equation at the values makes, up
// to a number and a monomial, and one no factor makes.
func TestProportionalAndMismatch(t *testing.T) {
	read := func(s string) poly {
		k := strings.IndexByte(s, '=')
		q := &equation{l: parseSide(s[:k], "f"), r: parseSide(s[k+1:], "f")}
		p, ok := q.diff(nil, map[string]bool{})
		if !ok {
			t.Fatalf("not read: %s", s)
		}
		return p
	}
	assert.True(t, proportional(read(`f(x) = f(x) f(1)`), read(`f(x) f(1) - f(x) = 0`)))
	assert.True(t, proportional(read(`x f(x) = x`), read(`f(x) = 1`)))
	assert.False(t, proportional(read(`f(x) = 2f(x) + 1`), read(`f(x) = 1`)))
	kn := map[string]bool{"f(0)": true}
	assert.True(t, mismatch(read(`f(f(x) + x) = f(x)`), read(`f(f(x)) = f(x)`), kn))
	assert.True(t, mismatch(read(`f(0) = f(x) - x f(-x)`), read(`f(0) = f(x) + x f(-x)`), kn))
	// a known value as a coefficient: "f(x) = f(x) f(0)" becomes "f(x) = 0" when f(0) = 0
	assert.False(t, mismatch(read(`f(x) = f(x) f(0)`), read(`f(x) = 0`), kn))
}

// TestRead: a wrong line is refuted with its span, a right one is not, and
// the rewriting that brings in a new value is refuted.
func TestRead(t *testing.T) {
	text := `Setting \(y = 0\) in the given equation, we get \[f(x) = f(x) + f(0) + 3x.\]`
	obls := Read(1, addProblem, []string{"Let us begin."}, text, "decide", "grind")
	if assert.Len(t, obls, 1) {
		assert.Equal(t, "f(x) = f(x) + f(0) + 3x", obls[0].Span.Text)
		assert.Equal(t, "refuted", string(obls[0].OnDisproof))
		assert.Contains(t, obls[0].LeanNeg, "¬(")
	}
	assert.Empty(t, Read(1, addProblem, nil, `Setting \(y = 0\) in the given equation, we get \[f(x) = f(x) + f(0).\]`, "decide", "grind"))
	text = `Substituting \(x = 1\) and \(y = 2\) into the original equation: \[f(1 + 2) = f(1) + f(2) + 6\] \[f(3) = f(1) + f(4) + 6\]`
	obls = Read(0, addProblem, nil, text, "decide", "grind")
	if assert.Len(t, obls, 1) {
		assert.Equal(t, "f(3) = f(1) + f(4) + 6", obls[0].Span.Text)
		assert.Contains(t, obls[0].WhyDisproof, "f(4)")
	}
}

// TestReadForms: a chain computed under a form the step tries is refuted
// at its first false link after a true one, not at its last link, and not
// when the problem gives the function itself.
func TestReadForms(t *testing.T) {
	text := `Let's assume \(f(x) = 2x + c\). Then \[f(x + y) = 2(x + y) + c = 2x + 2y + 2c = 2x + 2y + 2c + 0.\]`
	obls := ReadForms(0, addProblem, nil, text, "decide", "grind")
	if assert.Len(t, obls, 1) {
		assert.Equal(t, "2(x + y) + c = 2x + 2y + 2c", strings.TrimSpace(obls[0].Span.Text))
		assert.Contains(t, obls[0].Note, "f(x) = c + 2 * x")
	}
	assert.Empty(t, ReadForms(0, addProblem, nil, `Let's assume \(f(x) = 2x + c\). Then \[f(0) = 2 \cdot 0 + c = 1.\]`, "decide", "grind"))
	assert.Empty(t, ReadForms(0, `Let $f(x) = 2x + 1$ be a function with $f(f(x)) = 7$.`, nil, `Assume \(f(x) = 2x + c\). Then \[f(x + y) = 2(x + y) + c = 2x + 2y + 2c = 2x + 2y + 2c + 0.\]`, "decide", "grind"))
}

// TestSideLines: two lines in a row under a tried form, one side kept and
// the other rewritten wrongly, refute the second; a value given to a name
// before, or a line that is the form itself, leaves them alone.
func TestSideLines(t *testing.T) {
	text := "Check \\(f(x) = 3x\\): \\[ f(x + y) = f(x) + f(y) + 3xy, \\] \\[ 3x + 3y = 3x + 3y + 3xy + 1. \\]"
	obls := ReadForms(0, addProblem, nil, text, "decide", "grind")
	if assert.Len(t, obls, 1) {
		assert.Equal(t, "3x + 3y = 3x + 3y + 3xy + 1", obls[0].Span.Text)
		assert.Contains(t, obls[0].WhyDisproof, "keeps one side")
	}
	assert.Empty(t, ReadForms(0, addProblem, nil, "Check \\(f(x) = 3x\\): \\[ f(x + y) = f(x) + f(y) + 3xy, \\] \\[ 3x + 3y = 3x + 3y + 3xy. \\]", "decide", "grind"))
	assert.Empty(t, ReadForms(0, addProblem, nil, "With \\(f(x) = 3x + c\\) and \\(c = 0\\): \\[ f(x + y) = 3x + 3y + c, \\] \\[ f(x + y) = 3x + 3y. \\]", "decide", "grind"))
}

// FuzzRead: hostile steps never panic and spans lie in the step.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		`Setting \(y = 0\) in the given equation, we get \[f(x) = f(x) + f(0) + 3x.\]`,
		`Substituting \(x = 1\) and \(y = 2\) into the original equation: \[f(1 + 2) = f(1) + f(2) + 6\] \[f(3) = f(1) + f(4) + 6\]`,
		`Let \(x = y = 1\): \(f(2) = 2f(1) + 3\)`, `setting $x=0$: $f(f(0)) = f(0)^2$`, `put \( y = -x \) we get \( f(\frac{x}{2}) = 1 \)`,
		`\(`, `setting \(y=\) we get \(f(=)\)`, `Assume \(f(x) = 2x + c\). Then \[f(x + y) = 2(x + y) + c = 2x + 2y + 2c = 2x + 2y + 2c + 0.\]`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		obltest.Shape(t, text, Read(0, addProblem, nil, text, "decide", "grind"))
		obltest.Shape(t, text, Read(1, addProblem, []string{text}, text, "decide", "grind"))
		obltest.Shape(t, text, ReadForms(0, addProblem, nil, text, "decide", "grind"))
	})
}
