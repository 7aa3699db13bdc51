package listcond

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/internal/testutil/obltest"
)

// TestReadMake: a listed value that lacks the property or fails the
// relation is one certificate; values that have it, a fraction, another
// name and an expression in two names are left alone.
func TestReadMake(t *testing.T) {
	obls := Read(0, `The values of \(m\) that make \(m(12 - m)\) a perfect square are \(m = 2, 3, 4, 6\).`, "decide")
	require.Len(t, obls, 3)
	assert.Equal(t, "m * (12 - m) at m = 2 is a perfect square", obls[0].Expr)
	assert.Equal(t, "(2 : Rat) * ((12 : Rat) - (2 : Rat)) = (20 : Rat) ∧ (4 : Rat) * (4 : Rat) < (20 : Rat) ∧ (20 : Rat) < (5 : Rat) * (5 : Rat)", obls[0].Prop)
	assert.Equal(t, "m * (12 - m) at m = 4 is a perfect square", obls[2].Expr)
	obls = Read(0, `The values of \(n\) which make \(n^2 + 1\) a prime number are 1, 2, 3 and 4.`, "decide")
	require.Len(t, obls, 1)
	assert.Equal(t, "(3 : Rat) ^ 2 + (1 : Rat) = (10 : Rat) ∧ (2 : Rat) * (5 : Rat) = (10 : Rat) ∧ (1 : Rat) < (2 : Rat) ∧ (2 : Rat) < (10 : Rat)", obls[0].Prop)
	obls = Read(0, `The values of \(x\) that satisfy \(x^2 - 5x + 4 < 0\) are 2, 3 and 4.`, "decide")
	require.Len(t, obls, 1)
	assert.Equal(t, "(4 : Rat) ^ 2 - (5 : Rat) * (4 : Rat) + (4 : Rat) < (0 : Rat)", obls[0].Prop)
	obls = Read(0, `The values of \(a\) that satisfy \(a \equiv 4 \pmod{5}\) are 4, 9 and 13.`, "decide")
	require.Len(t, obls, 1)
	assert.Equal(t, "((13 : Rat)) - ((4 : Rat)) = (5 : Rat) * (1 : Rat) + (4 : Rat) ∧ (0 : Rat) < (4 : Rat) ∧ (4 : Rat) < (5 : Rat)", obls[0].Prop)
	obls = Read(0, `The values of \(n\) for which \(n^2 + 2\) is divisible by 3 are 1, 2 and 3.`, "decide")
	require.Len(t, obls, 1)
	assert.Equal(t, "(3 : Rat) ^ 2 + (2 : Rat) = (11 : Rat) ∧ (11 : Rat) = (3 : Rat) * (3 : Rat) + (2 : Rat) ∧ (0 : Rat) < (2 : Rat) ∧ (2 : Rat) < (3 : Rat)", obls[0].Prop)
	obls = Read(0, `The values of \(x\) that make \(x/2\) an integer are 2, 3.`, "decide")
	require.Len(t, obls, 1)
	assert.Equal(t, "(3 : Rat) / (2 : Rat) = ((3 : Rat) / (2 : Rat)) ∧ (1 : Rat) < ((3 : Rat) / (2 : Rat)) ∧ ((3 : Rat) / (2 : Rat)) < (2 : Rat)", obls[0].Prop)
	for _, s := range []string{
		`The values of \(m\) that make \(m(12 - m)\) a perfect square are \(m = 0, 6, 12\).`,
		`The values of \(n\) such that \(n^2 + 1\) is prime are 1, 2 and 4.`,
		`The values of \(n\) for which \(n^2 + 2\) is divisible by 3 are 1, 2, 4 and 5.`,
		`The values of \(n\) for which \(n^2 + 2\) is divisible by 0 are 1 and 3.`,
		`The values of \(n\) for which \(n^2 + 2\) divides 3 are 1 and 3.`,
		`The values of \(m\) that make \(m(12 - m)\) a perfect square are \(m = 3, 5, \ldots\).`,
		`If the values of \(m\) that make \(m(12 - m)\) a perfect square are 2 and 3, then`,
		`The values of \(m\) that make \(m(12 - k)\) a perfect square are 2 and 3.`,
		`The values of \(m\) that make \(m/4\) a perfect square are 2 and 3.`,
		`The values of \(m\) that make \(m(12 - m)\) a perfect square are 2x and 3.`,
		`The values of \(n\) that make \(n^2 + 1\) a prime are 1, 2 and 4.`,
		`The values of \(x\) that satisfy \(1 < x < 5\) are 2, 3 and 4.`,
		`The values of \(m\) that make \(m(12 - m)\) a perfect square are not 2 and 3.`,
	} {
		assert.Empty(t, Read(0, s, "decide"), s)
	}
}

// TestReadConds: a value listed against the conditions its line states
// alone before it; a value that meets them, a condition on more than the
// name, and a list the line goes on to correct are left alone.
func TestReadConds(t *testing.T) {
	obls := Read(0, "So:\n- \\(C \\equiv 1 \\pmod{4}\\) and \\(C \\neq 9\\). Possible values for \\(C\\) are 1, 5, 9.\n- next", "decide")
	require.Len(t, obls, 1)
	assert.Equal(t, "C ≠ 9 at C = 9", obls[0].Expr)
	assert.Equal(t, "(9 : Rat) ≠ (9 : Rat)", obls[0].Prop)
	obls = Read(0, `Since \(d \equiv 3 \pmod{5}\), the possible values of \(d\) are 3, 8 and 12.`, "decide")
	require.Len(t, obls, 1)
	assert.Equal(t, "d ≡ 3 (mod 5) at d = 12", obls[0].Expr)
	for _, s := range []string{
		`- \(C \equiv 1 \pmod{4}\) and \(C \neq 9\). Possible values for \(C\) are 1, 5.`,
		`- \(2 + C \equiv 1 \pmod{4}\). Possible values for \(C\) are 1, 5, 9.`,
		`- \(C \neq 9\). Possible values for \(C\) are 1, 5, 9. We drop 9.`,
		`We know \(C \neq 9\). Possible values for \(C\) are 1, 5, 9.`,
		`- \(C \neq 9\) and \(D \neq 2\). Possible values for \(D\) are 1, 5, 9.`,
		`- \(C \neq 9 + D\). Possible values for \(C\) are 1, 5, 9.`,
	} {
		assert.Empty(t, Read(0, s, "decide"), s)
	}
}

// FuzzRead: hostile steps never panic and spans lie in the step.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		`The values of \(m\) that make \(m(12 - m)\) a perfect square are \(m = 2, 3, 4, 6\).`,
		`The values of \(x\) that satisfy \(x \equiv 1 \pmod{3}\) are 1, 2`,
		"- \\(C \\equiv 1 \\pmod{4}\\) and \\(C \\neq 9\\). Possible values for \\(C\\) are 1, 5, 9.\n",
		`values of k that make $k$ an integer are`, `\equiv`, "values of a that satisfy $",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		obltest.Shape(t, text, Read(0, text, "decide"))
	})
}

// TestReadCount: a count stated right after a list written with ellipses
// is refuted when the list, written out, holds another number of values;
// a right count, a list that does not run one way, an ellipsis off the
// step and a count the next sentence hedges are left alone.
func TestReadCount(t *testing.T) {
	obls := Read(0, `So the possible values for \(m\) are \(-9, -8, \ldots, -2, 3, 5, \ldots, 15\). This gives us 20 possible values.`, "decide")
	require.Len(t, obls, 1)
	assert.Equal(t, "(15 : Rat) = (20 : Rat)", obls[0].Prop)
	obls = Read(0, `The values of \(q\) are 2, 4, ..., 30. So there are 16 such values.`, "decide")
	require.Len(t, obls, 1)
	assert.Equal(t, "(15 : Rat) = (16 : Rat)", obls[0].Prop)
	for _, s := range []string{
		`So the possible values for \(m\) are \(-9, -8, \ldots, -2, 3, 5, \ldots, 15\). This gives us 15 possible values.`,
		`The values of \(q\) are 2, 4, ..., 30. So there are 15 such values.`,
		`The values of \(q\) are 2, 4, ..., 31. So there are 16 such values.`,
		`The values of \(q\) are 2, 4, ..., 30, 1. So there are 16 such values.`,
		`The values of \(q\) are 2, 4, 6. So there are 16 such values.`,
		`The values of \(q\) are 2, 4, ..., 30. If so, there are 16 such values.`,
		`The values of \(q\) are 2, 4, ..., 30 and more. So there are 16 such values.`,
	} {
		assert.Empty(t, Read(0, s, "decide"), s)
	}
}
