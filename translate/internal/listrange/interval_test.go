package listrange

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReadIntervals(t *testing.T) {
	got := Read(0, `We take the integers in the range $(4, 9.5)$. These integers are $5, 6, 7,$ and $8$.`, "norm_num")
	require.Len(t, got, 1)
	assert.Equal(t, "the number of integers in (4, 19/2) = 4", got[0].Expr)
	assert.Equal(t, "example : ¬((5 : Rat) = (4 : Rat)) := by norm_num", got[0].LeanNeg)
	assert.Contains(t, got[0].WhyDisproof, "leaves out 9")
	got = Read(0, `The integers in [-1, 2) are -1, 0, 1 and 2.`, "norm_num")
	require.Len(t, got, 1)
	assert.Equal(t, "-1 ≤ 2 < 2", got[0].Expr)
	assert.Empty(t, Read(0, `The integers in [-1, 2) are -1, 0 and 1.`, "norm_num"))
	assert.Empty(t, Read(0, `The odd integers in (0, 6) are 1, 3 and 5.`, "norm_num"))
	assert.Empty(t, Read(0, `The integers in (0, 100) are 1, 2 and so on.`, "norm_num"))
}

// FuzzIntervals: the integers of an interval listed are read with spans inside the text, as
// closed negations.
func FuzzIntervals(f *testing.F) {
	f.Add(`We take the integers in the range $(4, 12.25)$. These integers are $5, 6, 7, 8, 9, 10,$ and $11$.`)
	f.Add(`The integers in [-1, 2) are -1, 0, 1 and 2. all integers in (1,3]: 2, 3;`)
	f.Add(strings.Repeat("the integers in (1, 9) are 2, 3 and 4. ", 30))
	f.Fuzz(func(t *testing.T, text string) {
		for _, o := range Read(0, text, "norm_num") {
			if o.Span.Start < 0 || o.Span.End > len(text) || o.Span.Start >= o.Span.End {
				t.Fatalf("span %v outside the text", o.Span)
			}
			if !strings.HasPrefix(o.LeanNeg, "example : ¬(") || o.Prop == "" {
				t.Fatalf("not a closed negation: %q", o.LeanNeg)
			}
		}
	})
}
