package symdefs

import (
	"math/big"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
)

func TestReadProblemConds(t *testing.T) {
	conds := func(problem string) []string {
		var out []string
		for _, c := range readProblemConds(problem) {
			if c.l == nil {
				out = append(out, c.name+" raw")
				continue
			}
			out = append(out, c.name)
		}
		return out
	}
	// One name, read: a polynomial, a rational function, each link of a chain.
	assert.Equal(t, []string{"x"}, conds(`If $x^2 - x - 1 = 0$, what is $x^3$?`))
	assert.Equal(t, []string{"x"}, conds(`Let $x$ be positive with \(x - \frac{1}{x} = 3.\) Find $x$.`))
	assert.Equal(t, []string{"k", "k"}, conds(`Suppose $2k + 1 = k^2 - 2 = 7$.`))
	// Conditions listed in one formula, cut at commas, "\quad" and "and".
	assert.Equal(t, []string{"a", "b"}, conds(`Given $a^2 = 2a + 3, \quad b^3 = 8$.`))
	assert.Equal(t, []string{"p", "q"}, conds(`Given $p + 1 = 4 \text{ and } q - 2 = 5$.`))
	// Not a condition on one name: several names, a definition's dummy, another relation.
	assert.Empty(t, conds(`If $x + y = 10$ and $xy = 21$, find $x^2 + y^2$.`))
	assert.Empty(t, conds(`Let $f(x) = x^2 + 1$ and $a_n = 2n + 3$ and $a_{n+1} = a_n + 2$.`))
	assert.Empty(t, conds(`Find all $x$ with $x^2 \le 4$ and $x \neq 1$ and $2x \geq 1 = 1$.`))
	assert.Empty(t, conds(`Ten apples cost 3 dollars = 300 cents.`), "prose, not math")
	// A condition the reader cannot read, where one name stands alone.
	assert.Equal(t, []string{"z raw"}, conds(`Let $\sqrt{z} + \sqrt[3]{z} = 12$.`))
	assert.Empty(t, conds(`Let $\sqrt{z} + \sqrt[3]{w} = 12$.`), "two names: a system")
}

func TestOutside(t *testing.T) {
	cp := ReadChainProblem(`If $x^2 - 5x + 6 = 0$ and $\sqrt{z} = \sqrt[3]{z} + 1$, find $x$.`)
	assert.Empty(t, cp.Outside("x", big.NewRat(2, 1)), "a root of the condition")
	assert.Contains(t, cp.Outside("x", big.NewRat(0, 1)), "condition on x (x^2 - 5 * x + 6 = 0)")
	assert.Empty(t, cp.Outside("y", big.NewRat(0, 1)), "no condition on y")
	assert.Contains(t, cp.Outside("z", big.NewRat(1, 1)), "condition on z")
	assert.NotEqual(t, cp.Key(), ReadChainProblem(`If $x^2 - 5x + 7 = 0$, find $x$.`).Key(), "the conditions are part of the context's key")
}

// FuzzReadProblemConds: any problem text is read without a panic, in bounded output, and
// every condition names one name that the checks can take.
func FuzzReadProblemConds(f *testing.F) {
	for _, s := range []string{`If $x^2 - x - 1 = 0$, what is $x^3$?`, `$a = b = c$`, `\(x = \)`, `$$f(x) = 2, x = 3; y^2 = 1$$`,
		`$\sqrt{z} + \sqrt[3]{z} = 12$`, `$= = =$`, `$x = 1{,}000\,000.$`, "$x\xff = 2$"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		conds := readProblemConds(s)
		if len(conds) > maxProblemConds {
			t.Fatalf("%d conditions", len(conds))
		}
		cp := ChainProblem{conds: conds}
		for _, c := range conds {
			if c.name == "" || (c.l == nil) != (c.r == nil) || !utf8.ValidString(c.name) && !strings.Contains(s, c.name) {
				t.Fatalf("condition %+v", c)
			}
			_ = cp.Outside(c.name, big.NewRat(3, 2))
		}
	})
}
