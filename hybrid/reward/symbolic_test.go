package reward

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

const expand = "Expand $(x+5)(x+3)$."

// A relation between different expressions over the problem's names is symbolic work: an
// untraced answer after it, in a chain that reasons in the problem's words, earns the fourth
// band of the floor share, as after numeric work, where a bare answer earns the first (no step
// is about the problem) and the same relation without the problem's words the first too.
func TestSymbolicRelationIsWork(t *testing.T) {
	c := Constants{FloorShare: 0.1, IdleCost: 0.1, RepeatCost: 0.5}
	const sums = "Let $a$ and $b$ satisfy $a + b = 5$ and $a - b = 3$. Find $a$."
	w := Measure(chainOf(sums, 0.9, "Adding the two equations they satisfy, $(a + b) + (a - b) = 2a$.", "\\boxed{4}"), 0.9)
	assert.Equal(t, WhySymbolic, w.Steps[0].Why)
	assert.False(t, w.Steps[0].Work, "symbolic work is not traced work")
	assert.False(t, w.Derived)
	assert.InDelta(t, band(0.1, 3, 0.9, 1), w.ValueWith(c), 1e-12)
	terse := Measure(chainOf(sums, 0.9, "Adding them, $(a + b) + (a - b) = 2a$.", "\\boxed{4}"), 0.9)
	assert.Equal(t, WhySymbolic, terse.Steps[0].Why)
	assert.InDelta(t, band(0.1, 0, 0.9, 1), terse.ValueWith(c), 1e-12)
	bare := Measure(chainOf(sums, 0.9, "\\boxed{4}"), 0.9)
	assert.InDelta(t, band(0.1, 0, 0.9, 1), bare.ValueWith(c), 1e-12)
}

// Identities, relations over names the problem does not use (a copied example's), numbers
// alone and the problem's own relations are not symbolic work.
func TestSymbolicRelationRejects(t *testing.T) {
	for _, tc := range []struct{ problem, step string }{
		{expand, "$x^2 + 10x + 25 + 0 = x^2 + 10x + 25$."},
		{expand, "$y = -2x + 0 = y = -2x$."},
		{expand, "$(y+5)(y+3) = y(y+3) + 5(y+3)$."},
		{expand, "$3 + 4 = 7$."},
		{expand, "$x = x$."},
		{"Let $f(x) = x^2 + 2x + 1$. Find $f(1)$.", "We have f(x) = x^2 + 2x + 1."},
		{natalia, "So a + b = c."},
	} {
		w := Measure(chainOf(tc.problem, 0.9, tc.step, "\\boxed{4}"), 0.9)
		assert.NotEqual(t, WhySymbolic, w.Steps[0].Why, "%s: %s", tc.problem, tc.step)
	}
	line := "Find the line through $(0, 0)$ and $(1, -2)$ in the form $y = mx + b$."
	early := Measure(chainOf(line, 0.9, "The answer is y = -2x.", "\\boxed{y = -2x}"), 0.9)
	assert.NotEqual(t, WhySymbolic, early.Steps[0].Why, "the final answer written out is not symbolic work")
	work := Measure(chainOf(line, 0.9, "The slope is m = (y - 0)/(x - 0).", "\\boxed{y = -2x}"), 0.9)
	assert.Equal(t, WhySymbolic, work.Steps[0].Why)
}

// Arithmetic whose only operands from the problem are 0 and 1 works on nothing: "1 + 1 = 2"
// is not grounded even where the problem writes a 1.
func TestOneAndZeroGroundNothing(t *testing.T) {
	w := Measure(chainOf("Tom has 1 red ball and 14 blue balls. How many balls does he have?", 0.9,
		"1 + 1 = 2.", "14 + 1 = 15.", "\\boxed{15}"), 0.9)
	assert.Equal(t, []string{WhyUngrounded, WhyWork, WhyNoRelation}, whys(w))
	assert.True(t, w.Derived)
}

func TestMathNames(t *testing.T) {
	assert.Equal(t, map[string]bool{"f": true, "x": true, "b": true, "g": true, "a": true},
		mathNames(`Let $f(x) = x^2 + 2bx$ and \(g(x) = 2a\), a \text{line} here.`, true))
	assert.Equal(t, map[string]bool{"y": true}, mathNames(`\frac{y}{2}`, false))
	assert.Empty(t, mathNames("A plain sentence with a word.", true))
	assert.Empty(t, mathNames("She pays $5 and $10 for them.", true), "prose between dollar amounts")
	assert.Equal(t, map[string]bool{"v": true}, mathNames(`$\operatorname{proj} v$`, true))
}

// Hostile steps (long relation chains, many formulas, unclosed delimiters) are read in
// bounded time: the check reads at most maxSymbolic bytes of a clause and compares at most
// maxSides sides.
func TestSymbolicHostileInput(t *testing.T) {
	long := strings.Repeat("x = ", 50_000) + "y"
	chain := strings.Repeat("$a+b = c+d$ \n", 20_000)
	start := time.Now()
	w := Measure(chainOf("Let $a$, $b$, $c$, $d$, $x$, $y$ be reals with $a < b$. Find $a$.", 0.9, long, chain, strings.Repeat("$", 100_000), "\\boxed{1}"), 0.9)
	assert.Less(t, time.Since(start), 5*time.Second)
	assert.NotEqual(t, WhySymbolic, w.Steps[0].Why, "a clause longer than maxSymbolic")
	k := newKnown("Let $a$, $b$, $c$, $d$ be reals. Find $a$.")
	assert.True(t, k.relates("a + b = 2c + d = 3d"))
	assert.False(t, k.relates("a + b = 2c + d = 3d = 4d = 5d = 6d = 7d = 8d = 9d"), "more than maxSides sides")
	assert.Equal(t, WhySymbolic, w.Steps[1].Why, "a + b = c + d over the problem's names")
	assert.Len(t, relationSides("a = b = c"), 3)
	assert.Nil(t, relationSides("no relation here"))
}
