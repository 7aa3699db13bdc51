package listrange

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/internal/testutil/obltest"
)

// TestRead: only a value outside the range is refuted, with the list and
// the range in its span; lists of another name, numbers that are part of
// something larger and two ranges for one name are not read.
func TestRead(t *testing.T) {
	obls := Read(0, `\(x\) can be -3, 1, or 5 (since \(-2 \le x \le 4\)).`, "decide")
	require.Len(t, obls, 2)
	assert.Equal(t, "-2 ≤ -3 ≤ 4", obls[0].Expr)
	assert.Equal(t, "-2 ≤ 5 ≤ 4", obls[1].Expr)
	assert.Equal(t, `x\) can be -3, 1, or 5 (since \(-2 \le x \le 4`, obls[0].Span.Text)
	assert.Equal(t, "(-(2 : Rat)) ≤ (-(3 : Rat)) ∧ (-(3 : Rat)) ≤ (4 : Rat)", obls[0].Prop)
	for _, text := range []string{
		`\(x\) can be 1, 2^3 (since \(0 \le x \le 4\)).`,
		`\(x\) can be 1, 9 (since \(0 \le x \le 4\) and \(5 \le x \le 9\)).`,
		`\(y\) can be 1, 9 (since \(0 \le x \le 4\)).`,
		`\(x\) can be 1.5 or 9 (since \(0 \le x \le 4\)).`,
		`\(x\) can be 1, 9 (since \(5 \le x \le 4\)).`,
	} {
		assert.Empty(t, Read(0, text, "decide"), text)
	}
}

func FuzzRead(f *testing.F) {
	for _, s := range []string{
		`- \(a\) can be 0, 3, 6, or 9 (since \(0 \leq a \leq 8\)).`,
		`The possible values of k are 1, 2 and 30, as 1 < k < 8.`,
		`j can be 2, 4 with 2 < j < 9`, "can be -", `\le`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		obltest.Shape(t, text, Read(0, text, "decide"))
	})
}

// TestMayRange checks that mayRange rules out only texts rangeRE does not match.
func TestMayRange(t *testing.T) {
	for _, s := range []string{`1 \le x \le 5`, `1 \leq x\leq 5`, "1 < x < 5", "1≤x≤5", "1 ≤ n < 10", `1 \leqq x \le 5`, `1 \left x \le 5`, `0 \le_x x`, "1 < xy < 5", "x < 5", "1<\tx\n<2", `\le`, "<"} {
		if rangeRE.MatchString(s) && !mayRange(s) {
			t.Errorf("mayRange(%q) = false, but rangeRE matches", s)
		}
	}
	if mayRange("x < 5 and y > 2") {
		t.Errorf("mayRange of one relation = true")
	}
}
