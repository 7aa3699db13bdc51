package linsolved

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestParseLinear: sides in plain text read as a·x + b, and what is refused.
func TestParseLinear(t *testing.T) {
	for _, c := range []struct{ s, a, b string }{
		{"280 - 2.8x", "-14/5", "280"},
		{"(3/4)*x", "3/4", "0"},
		{"$40 - $12 - $3x", "-3", "28"},
		{"1,750x + 2,250", "1750", "2250"},
		{"x * 8", "8", "0"},
		{"(459 * 5) / 255", "0", "9"},
		{"8 + 8 + 16 + (16 + x)", "1", "48"},
		{"-x × 16 ÷ 4", "-4", "0"},
	} {
		n, err := parseSide(c.s, map[string]bool{})
		require.NoError(t, err, c.s)
		f, ok := linear(n)
		require.True(t, ok, c.s)
		assert.Equal(t, c.a, f.a.RatString(), c.s)
		assert.Equal(t, c.b, f.b.RatString(), c.s)
	}
	for _, s := range []string{"2/9x", "6/2(1+2)", "x * x", "3 / x", "1,23", "1.2.3", "25%", "ab + 1", "(1 + 2", "1,000.5.5"} {
		n, err := parseSide(s, map[string]bool{})
		if err == nil {
			_, ok := linear(n)
			assert.False(t, ok, s)
		}
	}
}

// TestRead: the claim, its span and its reason.
func TestRead(t *testing.T) {
	got := Read(1, "We are given the total, so we can write: 52 - 4.5y = 16.", "Solving for y, we get: y = 10.", "norm_num", "grind")
	require.Len(t, got, 1)
	assert.Equal(t, "y = 10", got[0].Span.Text)
	assert.Contains(t, got[0].WhyDisproof, "the left side is 7, the right side 16")
	assert.Empty(t, Read(1, "So we can write: 52 - 4.5y = 16.", "Solving for y, we get: y = 8.", "norm_num", "grind"))
	got = Read(1, "Simplifying, we get: 50 - 20 - 2z = 10.", "Subtracting 30 from both sides, we get: -2z = -40.", "norm_num", "grind")
	require.Len(t, got, 1)
	assert.Equal(t, "-2z = -40", got[0].Span.Text)
	assert.Contains(t, got[0].LeanNeg, "¬(")
}
