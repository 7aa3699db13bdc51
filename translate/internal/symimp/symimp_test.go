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
