package eqrewrite

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/leanprm/leanprm/internal/testutil/obltest"
	"github.com/leanprm/leanprm/translate/algebra"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
)

// read runs Read on text with its tokens, with a problem and a step
// before.
func read(problem, prev, text string) []string {
	var out []string
	for _, o := range Read(0, problem, []string{prev}, text, mathtext.Lex(text, 30), "decide") {
		out = append(out, o.Expr)
	}
	return out
}

// TestRead: a wrong rewriting is refuted at a point of the first
// equation (and of the equations stated before it); a true one, a
// substitution of a stated fact and a hedged one make none.
func TestRead(t *testing.T) {
	for _, c := range []struct{ problem, prev, text, expr string }{
		{"", "", `We have $4q - 4p^2 = 1$ and $4p - 4q^2 = 1$. Adding, $4p + 4q - 4p^2 - 4q^2 = 2$, which is equivalent to $(2p - 1)^2 + (2q - 1)^2 = 2.$`,
			"at p = 1/2, q = 1/2: (2 * p - 1)^2 + (2 * q - 1)^2 = 2"},
		{"", "", `Thus \(9w - 3 = 3z\). Simplifying gives us \(3w = z\).`, "at w = 2/3, z = 1: 3 * w = z"},
		{"Find all positive integers w and z.", "", `Thus \(9w - 3 = 3z\). Simplifying gives us \(3w = z\).`, "at w = 1, z = 2: 3 * w = z"},
		{"", `We found \(z = 5\).`, `Thus \(9w - 3 = 3z\). This simplifies to \(3w = z\).`, "at w = 2, z = 5: 3 * w = z"},
		{"", "", `Adding them yields $4p + 4q - 4p^2 - 4q^2 = 2$, or $(2p - 1)^2 + (2q - 1)^2 = 2$.`,
			"at p = 1/2, q = 1/2: (2 * p - 1)^2 + (2 * q - 1)^2 = 2"},
	} {
		assert.Equal(t, []string{c.expr}, read(c.problem, c.prev, c.text), c.text)
	}
	for _, c := range []struct{ problem, prev, text string }{
		{"", "", `Thus \(9w - 3 = 3z\). Simplifying gives us \(3w - 1 = z\).`},
		{"", `Here \(wz = 2\).`, `Thus \(w^2 + z^2 = 9 - 2wz\), which simplifies to \(w^2 + z^2 = 5\).`},
		{"Given that \\(w z = 2\\), find w + z.", "", `Thus \(w^2 + z^2 = 9 - 2wz\), which simplifies to \(w^2 + z^2 = 5\).`},
		{"", `Here \(\sqrt{w} = z\).`, `Thus \(w + z = 6\), which simplifies to \(z^2 + z = 6\).`},
		{"", "", `If \(9w - 3 = 3z\), then simplifying gives us \(3w = z\).`},
		{"", "", `Thus \(9w - 3 = 3z \pmod{4}\). Simplifying gives us \(3w = z\).`},
		{"", "", `Adding them yields $4p + 4q - 4p^2 - 4q^2 = 2$ or $(2p - 1)^2 + (2q - 1)^2 = 2$.`},
		{"", "", `So $p^2 + q^2 = 1$, or $p^2 + q^2 = 4$.`},
		{"", "", `So $3p - q = 1$, or $2p - q = 5$.`},
		{"", "", `Thus \(9w - 3 = 3z\). Simplifying gives us \(3w = z\) (using \(z = 3w - 1\) twice).`},
	} {
		assert.Empty(t, read(c.problem, c.prev, c.text), c.text)
	}
}

// TestInSpan: a combination of the basis with rational coefficients is
// in its span; another polynomial is not.
func TestInSpan(t *testing.T) {
	x, y := algebra.Var("x"), algebra.Var("y")
	a := x.Mul(x).Add(y.Mul(y)).Sub(algebra.Int(9)).Add(algebra.Int(2).Mul(x).Mul(y)) // x² + y² + 2xy - 9
	b := x.Mul(y).Sub(algebra.Int(2))                                                 // xy - 2
	target := x.Mul(x).Add(y.Mul(y)).Sub(algebra.Int(5))                              // x² + y² - 5
	assert.True(t, inSpan(target, []algebra.Poly{a, b}))
	assert.False(t, inSpan(target, []algebra.Poly{a}))
	assert.False(t, inSpan(target.Add(x), []algebra.Poly{a, b}))
}

// FuzzRead: hostile steps never panic and spans lie in the step.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		`Thus \(9w - 3 = 3z\). Simplifying gives us \(3w = z\).`,
		`So \(2u + 4v = 10\), which is equivalent to \(u + 4v = 5\).`,
		"\\[ 5x - 2y = 3x + 4 \\]\nRearranging, we get:\n\\[ 2x + 2y = 4 \\]",
		`\(\frac{a}{b} = \frac{}{}\), which simplifies to \(a^{99} = b^{99}\)`,
		`\(x^{1000000}y = 1\). Expanding, \(xy = 1\).`, `\(=\), which simplifies to \(=\)`,
		`Adding them yields $4p + 4q - 4p^2 - 4q^2 = 2$, or $(2p - 1)^2 + (2q - 1)^2 = 2$.`, `$=$, or $=$, or \(x^2y=\)`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		obltest.Shape(t, text, Read(0, text, []string{text, text}, text, mathtext.Lex(text, 30), "decide"))
	})
}
