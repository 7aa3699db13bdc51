package translate

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// lastStep runs a chain with the exact checker and returns its last step.
func lastStep(t *testing.T, steps ...string) StepResult {
	t.Helper()
	tr, err := New(Options{})
	require.NoError(t, err)
	res, err := tr.Chain(context.Background(), "sym3", steps)
	require.NoError(t, err)
	require.NotEmpty(t, res.Steps)
	return res.Steps[len(res.Steps)-1]
}

// TestTrialWordsHedgeNoComputation: "test", "plug", "check", "correct"
// hedge whether a candidate fits, not the arithmetic written out to find
// it (omnimath-767); rejections still hold a computation back.
func TestTrialWordsHedgeNoComputation(t *testing.T) {
	cases := []struct {
		name, step string
		want       StepVerdict
	}{
		{"test, false sum", `We test some integer values of \(c\): For \(c = 12\): \[ 12^3 + 3 \cdot 12^2 + 1 = 1728 + 432 + 1 = 2017 \] This is correct, so \(c = 12\).`, StepRefuted},
		{"test, true sum", `We test some integer values of \(c\): For \(c = 12\): \[ 12^3 + 3 \cdot 12^2 + 1 = 1728 + 432 + 1 = 2161 \] This is correct, so \(c = 12\).`, StepVerified},
		{"plugging in, false product", `Plugging in n = 7 gives 7 * 8 = 54 handshakes.`, StepRefuted},
		{"checking, true product", `Checking: 7 * 8 = 56.`, StepVerified},
		{"a question keeps it", `Let's test: is 7 * 8 = 54?`, StepNone},
		{"a rejection keeps it", `We try 7 * 8 = 54, which is wrong.`, StepNone},
		{"a conditional keeps it", `If we test 7 * 8 = 54 then we are done.`, StepNone},
		{"the next sentence rejects it", `Checking: 7 * 8 = 54. That is not right.`, StepNone},
		{"an equation set up, false", `We can set up an equation based on the total mass: \[90(1) + 100(2) + 100(4) + 100(8) + 100(16) = 2920\]`, StepRefuted},
		{"an equation set up, true", `We can set up an equation based on the total mass: \[90(1) + 100(2) + 100(4) + 100(8) + 100(16) = 3090\]`, StepVerified},
		{"a contradiction from an equation", `The equation becomes 2 + 3 = 6. This is a contradiction.`, StepNone},
		{"an equation that is impossible", `The equation then reads 2 + 3 = 6, which is impossible.`, StepNone},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := lastStep(t, c.step)
			assert.Equal(t, c.want, s.Verdict, "%+v", s.Obligations)
		})
	}
}

// TestWrittenFractionNoFloor: a whole number ending an "=" chain against
// a member written with \frac is no floor (math-24); a lone quotient
// with a remainder keeps its tolerance.
func TestWrittenFractionNoFloor(t *testing.T) {
	cases := []struct {
		name, step string
		want       StepVerdict
	}{
		{"nested frac, false", `\[ y = \frac{1}{5 - \frac{5}{2}} = \frac{1}{\frac{5}{2}} = 1 \]`, StepRefuted},
		{"nested frac, true", `\[ y = \frac{1}{5 - \frac{5}{2}} = \frac{1}{\frac{5}{2}} = \frac{2}{5} \]`, StepVerified},
		{"chain of fractions, false", `\[ \frac{3}{4} + \frac{1}{4} \cdot 3 = \frac{6}{4} = 2 \]`, StepRefuted},
		{"lone quotient with a remainder", `Converting them: \( \frac{51}{5} = 10 \) full pens (with a remainder of 1).`, StepNone},
		{"a word after the whole number", `\( \frac{102}{10} = \frac{51}{5} = 10 \) full pens`, StepVerified},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := lastStep(t, c.step)
			assert.Equal(t, c.want, s.Verdict, "%+v %+v", s.Obligations, s.Skipped)
		})
	}
	// Prose division is no written fraction: never refuted here.
	s := lastStep(t, `So 100 - 49 = 51 / 5 = 10 pens.`)
	assert.NotEqual(t, StepRefuted, s.Verdict)
}

// TestFractionalPowers: x^{p/q} of a positive closed rational, q up to
// 12, is its real root of x^p (algebra.PowRat), decided when it lies in
// the field of square and cube roots; names, negative bases and other
// values are left alone.
func TestFractionalPowers(t *testing.T) {
	cases := []struct {
		name, step string
		want       StepVerdict
	}{
		{"8^{2/3} = 4", `\[ 8^{2/3} = 4 \]`, StepVerified},
		{"8^{2/3} = 2, false", `\[ 8^{2/3} = 2 \]`, StepRefuted},
		{"frac exponent", `\[ 27^{\frac{4}{3}} = 81 \]`, StepVerified},
		{"frac exponent, false", `\[ 27^{\frac{4}{3}} = 27 \]`, StepRefuted},
		{"negative exponent", `\[ 4^{-3/2} = \frac{1}{8} \]`, StepVerified},
		{"irrational value", `\[ 6^{2/3} = \sqrt[3]{36} \]`, StepVerified},
		{"irrational value, false", `\[ 6^{2/3} = \sqrt[3]{6} \]`, StepRefuted},
		{"half power, false", `\[ 18^{1/2} = 3\sqrt{3} \]`, StepRefuted},
		{"a name in the base", `\[ x^{2/3} = 4 \]`, StepNone},
		{"a negative base", `\[ (-8)^{2/3} = 4 \]`, StepNone},
		{"a fourth root", `\[ 16^{1/4} = 3 \]`, StepRefuted},
		{"a fourth root out of the field", `\[ 3^{1/4} = 1 \]`, StepNone},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := lastStep(t, c.step)
			assert.Equal(t, c.want, s.Verdict, "%+v %+v", s.Obligations, s.Skipped)
		})
	}
}

// TestProseEquals: "\(A\) is equal to \(B\)" between two math regions is
// A = B (omnimath-85); units, names and words around keep it apart.
func TestProseEquals(t *testing.T) {
	cases := []struct {
		name, step string
		want       StepVerdict
	}{
		{"is equal to, false", `- \(8 \times 10^{5}\) is equal to \(8,000,000\)`, StepRefuted},
		{"is equal to, true", `- \(8 \times 10^{5}\) is equal to \(800,000\)`, StepVerified},
		{"equals, false", `So \(3 \cdot 4\) equals \(13\).`, StepRefuted},
		{"equals, true", `So \(3 \cdot 4\) equals \(12\).`, StepVerified},
		{"a name on the left", `Then \(3x\) is equal to \(12\).`, StepNone},
		{"a unit after the right side", `\(2 \times 60\) equals \(12\) dozen`, StepNone},
		{"no computation on the left", `\(12\) is equal to \(13\) here`, StepNone},
		{"rejected", `But \(3 \cdot 4\) is not equal to \(13\).`, StepNone},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := lastStep(t, c.step)
			assert.Equal(t, c.want, s.Verdict, "%+v %+v", s.Obligations, s.Skipped)
		})
	}
}
