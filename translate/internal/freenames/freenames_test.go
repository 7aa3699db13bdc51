package freenames

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/translate/internal/symexpr"
)

// tiedIn reads text alone (as a problem) and reports whether it ties n.
func tiedIn(text, n string) bool {
	return !Problem(text, nil).Free([]string{n}, Ties{}, 0, 0)
}

func TestReadTies(t *testing.T) {
	cases := []struct {
		text, name string
		tied       bool
	}{
		// Identities, terms, inequalities and bounds tie nothing.
		{`Expanding, \((x + 1)^2 = x^2 + 2x + 1\).`, "x", false},
		{`We look at \(x^2 + 3x\) and at \(\frac{1}{x}\).`, "x", false},
		{`Here \(0 < x < 1\) and \(x \neq 2\).`, "x", false},
		{`The product \(\prod_{m=1}^{n} (m + 1)\) has n factors.`, "m", false},
		{"\\begin{align*} (a + b)^2 &= a^2 + 2ab + b^2 \\\\ &= b^2 + 2ab + a^2 \\end{align*}", "a", false},
		{`To solve the problem we expand \((y + 1)^2\).`, "y", false},
		// Equations, values, congruences, memberships, approximations tie.
		{`We get \(x^2 + 2x = 8\).`, "x", true},
		{`So \(x = 5\).`, "x", true},
		{`Then \((x + 1)^2 = x^2 + 1\).`, "x", true},
		{`Let \(s = a + b\).`, "a", true},
		{`Then \(n \equiv 2 \pmod{5}\).`, "n", true},
		{`Take \(k \in \{1, 2, 3\}\).`, "k", true},
		{`So \(t \approx 1.41\).`, "t", true},
		{`We find \(0 < x = 2\).`, "x", true},
		{"\\begin{align*} (a + b)^2 &= a^2 + 2ab + b^2 \\\\ &= 5 \\end{align*}", "a", true},
		{`The vertex is at \((x = 3)\).`, "x", true},
		// Subscripts: the letter and each form of the subscripted name.
		{`Here \(x_1 = 4\).`, "x_1", true},
		{`Here \(x_{1} = 4\).`, "x_1", true},
		{`Here \(x = 4\).`, "x_1", true},
		{`Here \(y_2 = 4\).`, "x_1", false},
		{`Here \(\omega^3 = 1\).`, "omega", true},
		// Words: a root, a solution, a condition.
		{`Let \(\omega\) be a cube root of unity.`, "omega", true},
		{`The number \(r\) is a zero of the polynomial.`, "r", true},
		{`Find \(n\) such that \(n^2 + 1\) is prime.`, "n", true},
		{`The pair \((p, q)\) satisfies both conditions.`, "p", true},
		// A value given in words after the name.
		{`Now \(x\) is 2 here.`, "x", true},
		{`So \(n\) equals \(-5\).`, "n", true},
		{`So \(n\) is even.`, "n", false},
		// An unknown to solve for, not a name of any value.
		{`Let \(x\) be the width of the garden.`, "x", true},
		{`Here \(n\) denotes the number of coins.`, "n", true},
		{`Let \(x\) be a real number.`, "x", false},
		// Relations written outside math.
		{"We get 2x + 3 = 11, so x = 4.", "x", true},
		{"The total is 5 + 3 = 8 apples.", "x", false},
		// Words in \text are no names.
		{`\(\text{Area} = 12\)`, "r", false},
	}
	for _, c := range cases {
		assert.Equal(t, c.tied, tiedIn(c.text, c.name), "%q %s", c.text, c.name)
	}
}

// TestReadDefsSubstituted: a function the problem defines is put in, so its
// definition and its rewritings tie nothing.
func TestReadDefsSubstituted(t *testing.T) {
	body, err := symexpr.Read("m^2 + m + 1")
	require.NoError(t, err)
	defs := map[string]*symexpr.Def{"f": {Param: "m", Body: body, Step: -1}}
	l := Problem(`For a positive integer \(m\), let \(f(m) = m^2 + m + 1\).`, defs)
	assert.True(t, l.Free([]string{"m"}, Ties{}, 0, 0))
	l = l.With(`So \(f(m) = m^2 + m + 1 = \frac{m^3 - 1}{m - 1}\).`, defs)
	assert.True(t, l.Free([]string{"m"}, Ties{}, 0, 0))
	l = l.With(`Then \(f(m) = 7\).`, defs)
	assert.False(t, l.Free([]string{"m"}, Ties{}, 0, 0))
}

// TestFreeOutsideLine: the step's own pieces tie outside the line judged,
// not the line itself; a sentence's words tie inside it too.
func TestFreeOutsideLine(t *testing.T) {
	l := Problem("", nil)
	text := `Expanding, \[ (v + 1)^2 = v^2 + 3 = 3 + v^2 \] so \(v = 1\).`
	st := Read(text, nil)
	s := strings.Index(text, "(v + 1)")
	e := strings.Index(text, `\]`)
	assert.False(t, l.Free([]string{"v"}, st, s, e))
	text = `Expanding, \[ (v + 1)^2 = v^2 + 3 = 3 + v^2 \] as claimed.`
	st = Read(text, nil)
	assert.True(t, l.Free([]string{"v"}, st, s, e))
	text = `The root satisfies \[ (v + 1)^2 = v^2 + 3 = 3 + v^2 \] as claimed.`
	st = Read(text, nil)
	s = strings.Index(text, "(v + 1)")
	assert.False(t, l.Free([]string{"v"}, st, s, strings.Index(text, `\]`)))
}

// TestLedgerLimits: the zero Ledger and a text too long tie every name;
// With never writes the Ledger it starts from.
func TestLedgerLimits(t *testing.T) {
	assert.False(t, Ledger{}.Free([]string{"x"}, Ties{}, 0, 0))
	assert.Equal(t, "?", Ledger{}.Key())
	l := Problem(strings.Repeat("a ", MaxText), nil)
	assert.False(t, l.Free([]string{"x"}, Ties{}, 0, 0))
	assert.Equal(t, "*", l.Key())
	base := Problem(`So \(y = 2\).`, nil)
	next := base.With(`So \(x = 2\).`, nil)
	assert.Equal(t, "y", base.Key())
	assert.Equal(t, "y", next.Key(), "the key is the problem's")
	assert.True(t, base.Free([]string{"x"}, Ties{}, 0, 0))
	assert.False(t, next.Free([]string{"x"}, Ties{}, 0, 0))
	assert.False(t, base.With(strings.Repeat("b ", MaxText), nil).Free([]string{"x"}, Ties{}, 0, 0), "a step too long to read")
	assert.False(t, Problem("", nil).Free(nil, Ties{}, 0, 0), "no names: nothing to decide")
}

func TestCued(t *testing.T) {
	assert.True(t, Cued("We can factorize the numerator. So, ", " so, ", ". Then"))
	assert.True(t, Cued("To simplify the product, ", "", ""))
	assert.False(t, Cued("We have ", "", ""), "no rewriting named")
	assert.False(t, Cued("We expand. ", " since ab = 6, ", ""), "a fact brought in")
	assert.False(t, Cued("For small h we expand ", "", ""), "an approximation")
	assert.False(t, Cued("We expand ", "", " working modulo 2."), "a modulus after the line")
}

func TestNamesOf(t *testing.T) {
	got := namesOf(`\frac{x_{12} + \alpha}{y_3} \text{ apples } + \sin z`)
	for _, n := range []string{"x", "x_{12}", "alpha", "y", "y_3", "y_{3}", "z"} {
		assert.True(t, slices.Contains(got, n), "%s in %v", n, got)
	}
	for _, n := range []string{"a", "p", "s", "i", "n", "f", "r"} {
		assert.False(t, slices.Contains(got, n), "%s in %v", n, got)
	}
}

// FuzzRead: reading ties never panics, every piece lies within the text,
// and a Ledger built from it answers.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		`Expanding, \((x + 1)^2 = x^2 + 2x + 1\) and \(x = 5\).`,
		"\\begin{align*} a &= b + 1 \\\\ &= c \\end{align*} so 2x + 3 = 11 ≡ ≈ ∈ \\in \\infty",
		`Let \(\omega\) be a root of unity; \(\prod_{m=1}^{n} m = n!\), \(x_{1} = x_{\) \text{= 3} \(= \)`,
		`$$ \frac{a}{b} = \frac{b}{a} \implies a^2 = b^2 ⇒ a = b → c $$ \( ( ] { \) $x = $ $`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ties := Read(s, nil)
		for _, p := range ties.pieces {
			if p.s < 0 || p.s > p.e || p.e > len(s) || len(p.names) == 0 {
				t.Fatalf("piece %+v out of %q", p, s)
			}
		}
		l := Problem(s, nil).With(s, nil)
		_ = l.Free([]string{"x", "x_1"}, ties, 0, len(s))
		_ = l.Key()
		_ = Cued(s, s, s)
	})
}
