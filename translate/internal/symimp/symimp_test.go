package symimp

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/translate/internal/symexpr"
)

func line(t *testing.T, l, r string) Line {
	t.Helper()
	a, err := symexpr.Read(l)
	require.NoError(t, err)
	b, err := symexpr.Read(r)
	require.NoError(t, err)
	return NewLine(a, b)
}

// TestRefute: a witness only when every point found on the first
// equation fails the second; a second equation that holds on one factor
// of the first, or follows by scaling, has none. Cases written for this
// test.
func TestRefute(t *testing.T) {
	w, ok := Refute(line(t, "2p + 3q", "12"), line(t, "p + 3q", "6"))
	require.True(t, ok)
	l, r := w.Left, w.Right
	assert.NotEqual(t, 0, l.Cmp(r), "the second equation fails at the witness")
	for _, c := range [][4]string{
		{"(a - b)(a + b)", "(a - b)c", "a + b", "c"}, // one factor kept
		{"6ab", "2bx", "3a", "x"},                    // a name divided out
		{"2p + 3q", "12", "4p + 6q", "24"},           // scaled
		{"x^2 + y^2", "-1", "x", "y"},                // no rational point
	} {
		_, ok := Refute(line(t, c[0], c[1]), line(t, c[2], c[3]))
		assert.False(t, ok, "%s = %s ⇒ %s = %s", c[0], c[1], c[2], c[3])
	}
}

// TestProseOK: the operation must be named in the sentence leading to the
// equation; lists, numbered equations and substitutions keep the pair
// alone.
func TestProseOK(t *testing.T) {
	for _, p := range []string{"which simplifies to:", "multiply both sides by 20 to eliminate fractions:", "rearrange the equation. we have:", `\quad \rightarrow \quad`} {
		assert.True(t, ProseOK(p, false), p)
	}
	for _, p := range []string{"the mean is 20. to find it we add them and divide by 3. so, we have:", "subtracting equation 2 from equation 1 gives:",
		"substituting, this simplifies to", "adding these equations gives", "so"} {
		assert.False(t, ProseOK(p, false), p)
	}
}

// TestRecomputed: the second line restates the first with its right side
// computed and its left side scaled by c ≠ 1; a true restatement, a right
// side that is no computation, names that differ or a zero value are no
// such pair. Cases written for this test.
func TestRecomputed(t *testing.T) {
	assert.True(t, Recomputed(line(t, "(uv + w) + (uw + v)", "3 + 8"), line(t, "2(uv + uw + v + w)", "11")))
	assert.True(t, Recomputed(line(t, "(4p + 2q) + (2p + 4q)", "9 \\cdot 2"), line(t, "p + q", "18")))
	for _, c := range [][4]string{
		{"(uv + w) + (uw + v)", "3 + 8", "uv + uw + v + w", "11"},    // the same left side
		{"uv + w", "11", "2uv + 2w", "11"},                           // a number, not a computation
		{"(uv + w) + (uw + v)", "3 + 8", "2(uv + uw + v)", "11"},     // another name set
		{"(uv + w) + (uw + v)", "3 - 3", "2(uv + uw + v + w)", "0"},  // zero: 2·0 = 0
		{"(uv + w) + (uw + v)", "3 + 8", "2(uv + uw + v + w)", "12"}, // another value
		{"x + x", "1 + 1", "x", "2"},                                 // one name
	} {
		assert.False(t, Recomputed(line(t, c[0], c[1]), line(t, c[2], c[3])), "%s = %s, %s = %s", c[0], c[1], c[2], c[3])
	}
}
