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
