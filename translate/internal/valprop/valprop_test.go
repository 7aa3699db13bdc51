package valprop

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/internal/testutil/obltest"
	"github.com/leanprm/leanprm/translate/obligation"
)

// TestRead: a false property of the value just written is one obligation
// whose span runs from the math to the property; true ones, math with a
// name inside an expression, a property followed by more words and
// "not prime" make none.
func TestRead(t *testing.T) {
	for _, c := range []struct{ text, expr, prop string }{
		{`So \(\tau(36) = 10\), which is a perfect square.`, "10 is square", "(10 : Rat) = (10 : Rat) ∧ (3 : Rat) * (3 : Rat) < (10 : Rat) ∧ (10 : Rat) < (4 : Rat) * (4 : Rat)"},
		{`For \(k = 2\), \(s = 5\) (not positive).`, "5 is not positive", "(5 : Rat) = (5 : Rat) ∧ (5 : Rat) ≤ (0 : Rat)"},
		{`Then \(y = \frac{12}{4}\) (which is not an integer).`, "3 is not integer", "(12 : Rat) / (4 : Rat) = (3 : Rat) ∧ (3 : Rat) = (3 : Rat)"},
		{`The sum is \(3 + 6 = 9\), which is even.`, "9 is even", "(9 : Rat) = (9 : Rat) ∧ (9 : Rat) = (2 : Rat) * (4 : Rat) + (1 : Rat)"},
		{`We get \(m = -3\) (a positive integer).`, "-3 is posint", "(-(3 : Rat)) = (-(3 : Rat)) ∧ (-(3 : Rat)) ≤ (0 : Rat)"},
		{`We get $n = 91$, which is prime.`, "91 is prime", "(91 : Rat) = (91 : Rat) ∧ (7 : Rat) * (13 : Rat) = (91 : Rat) ∧ (1 : Rat) < (7 : Rat) ∧ (7 : Rat) < (91 : Rat)"},
		{`The remainder is 12, which is a perfect square.`, "12 is square", "(12 : Rat) = (12 : Rat) ∧ (3 : Rat) * (3 : Rat) < (12 : Rat) ∧ (12 : Rat) < (4 : Rat) * (4 : Rat)"},
		{`Then x = 2.5, which is an integer.`, "5/2 is integer", "(5 : Rat) / (2 : Rat) = ((5 : Rat) / (2 : Rat)) ∧ (2 : Rat) < ((5 : Rat) / (2 : Rat)) ∧ ((5 : Rat) / (2 : Rat)) < (3 : Rat)"},
	} {
		obls := Read(0, c.text, "decide")
		if assert.Len(t, obls, 1, c.text) {
			assert.Equal(t, c.expr, obls[0].Expr)
			assert.Equal(t, c.prop, obls[0].Prop)
		}
	}
	require.Len(t, Read(0, `Here \(x = 2\), which is odd, and \(y = 7\) (even).`, "decide"), 2)
	for _, s := range []string{
		`So \(\tau(36) = 9\), which is a perfect square.`,
		`For \(k = 2\), \(s = -5\) (not positive).`,
		`Then \(3^{k-1} = 20\), which is not an integer.`,
		`Then \(x^2 = 20\), which is not a perfect square.`,
		`We get \(n = 97\), which is not prime.`,
		`We get \(n = 8\), which is positive when scaled.`,
		`We get \(n = 8\) (odd case) and \(n = 7\) (odd`,
		`We get \(n = 8, 9\), which is odd.`,
		`We get \(n \le 8\), which is odd.`,
		`So \(t = \frac{3}{2}\), which is odd.`,
		`The remainder is 16, which is a perfect square.`,
		`We add 2 + 14, which is a perfect square.`,
		`So 2^3, which is odd.`,
		`So (12), which is odd.`,
		`Step 3, which is positive.`,
	} {
		assert.Empty(t, Read(0, s, "decide"), s)
	}
}

// FuzzRead: hostile steps never panic and spans lie in the step.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		`So \(\tau(36) = 10\), which is a perfect square.`, `\(t = 2\) (not positive)`,
		`$x = -\frac{87}{6}$ (which is not an integer)`, `\) (`, `$ (odd)`, `\[ 2 + 2 = 4 \], which is even`,
		`With \(b = 2\), \(3b - 4 = 2\), which is less than 1.`, `\(\frac{9}{4}\) (which is not greater than or equal to \(3\))`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		obltest.Shape(t, text, Read(0, text, "decide"))
	})
}

// TestReadEach: a property said of each number of the list just written
// is refuted by the first number that lacks it; a true property, a list
// with an ellipsis or a name, and a sentence that does not start right
// after the list make none.
func TestReadEach(t *testing.T) {
	obls := Read(0, "Take the set: \\[ 3, 5, 9, 11 \\] Each element of this set is a prime number.", "decide")
	if assert.Len(t, obls, 1) {
		assert.Equal(t, "9 is prime", obls[0].Expr)
	}
	obls = Read(0, `Take \(4, 16, 20\). Every term in the list is a perfect square.`, "decide")
	if assert.Len(t, obls, 1) {
		assert.Equal(t, "20 is square", obls[0].Expr)
	}
	for _, s := range []string{
		"Take the set: \\[ 3, 5, 7, 11 \\] Each element of this set is a prime number.",
		"Take the set: \\[ 3, 5, \\ldots, 9 \\] Each element of this set is a prime number.",
		"Take the set: \\[ 3, x, 9 \\] Each element of this set is a prime number.",
		"Take \\( 3, 5, 9 \\) and 7. Each element of this set is a prime number.",
		"Take the set: \\[ 3, 5, 9 \\] Each element of this set is a prime factor of 45.",
	} {
		assert.Empty(t, Read(0, s, "decide"), s)
	}
}

// TestReadCmp: a false comparison said of the value just written is
// refuted, also after math "E = V" whose names earlier math gives values at
// which E is V; true ones, unknown names, decimals within a unit of the last
// place and hedged sentences make none.
func TestReadCmp(t *testing.T) {
	for _, c := range []struct{ text, expr string }{
		{`So \(\frac{9}{4}\), which is less than 2.`, "9/4 < 2"},
		{`So \(\frac{9}{4}\) (which is not greater than 2).`, "9/4 ≤ 2"},
		{`Since \(y = 3\), the base \(2y - 1 = 5\), which is smaller than 4, so it fails.`, "5 < 4"},
		{`Then \(q = 7 - 12 = -5\), which is greater than or equal to \(\frac{1}{2}\).`, "-5 ≥ 1/2"},
		{`If \(m = 2\), then \(m^2 + 1 = 5\), which is larger than 9.`, "5 > 9"},
		{`So \(r = \frac{1}{2}\), which is greater than 0.7.`, "1/2 > 7/10"},
	} {
		obls := Read(0, c.text, "decide")
		if assert.Len(t, obls, 1, c.text) {
			assert.Equal(t, c.expr, obls[0].Expr, c.text)
			assert.Equal(t, obligation.Refuted, obls[0].OnDisproof)
		}
	}
	for _, s := range []string{
		`So \(\frac{9}{4}\), which is greater than 2.`,
		`Then \(2y - 1 = 5\), which is smaller than 4.`,
		`Since \(y = 4\), the base \(2y - 1 = 5\), which is smaller than 4.`,
		`Since \(y = 3\), \(y = 4\), the base \(2y - 1 = 5\), which is smaller than 4.`,
		`So \(r = \frac{69}{100}\), which is greater than 0.7.`,
		`So \(\frac{9}{4}\), which is roughly less than 2.`,
		`So \(\frac{9}{4}\), which is less than 2?`,
		`So \(\frac{9}{4}\), which is less than 2 times the rest.`,
		`So \(\frac{9}{4}\), which is less than 2 (wrong).`,
		`So \(\frac{9}{4}\), which is less than \(x\).`,
		`So \(x < 3\), which is less than 2.`,
	} {
		assert.Empty(t, Read(0, s, "decide"), s)
	}
}
