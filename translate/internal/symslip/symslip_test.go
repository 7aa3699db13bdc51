package symslip

import (
	"math/big"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/translate/internal/symexpr"
)

// TestSlip: a product written out against a collected right side with one
// monomial wrong is a slip; a true product, an equation with fewer terms or
// two terms apart, a side that is no product and a quotient are not.
func TestSlip(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{`(m+n\sqrt{6})^2`, `m^2 + 6mn\sqrt{6} + 6n^2`, true},
		{`(u+v)^3`, `u^3 + 3u^2v + 3uv^2 + 2v^3`, true},
		{`(a+b)(a-b)`, `a^2 - 2b^2`, true},
		{`(2p)(q+r)`, `2pq + 3pr`, true},
		{`(5ac)(6ab)`, `30a^2b^2c`, true},                      // the coefficient kept, a power lost
		{`(5ac)(6ab)`, `11a^2bc`, true},                        // the powers kept, the coefficient wrong
		{`(m+n\sqrt{6})^2`, `m^2 + 2mn\sqrt{6} + 6n^2`, false}, // holds
		{`(a+b)^2`, `a^2 + b^2`, false},                        // fewer terms: an equation
		{`(a+b)^2`, `a^2 + 3ab + 2b^2`, false},                 // two terms apart
		{`(a+b)^2`, `a^2 + 2ab + b^2 + 1`, false},              // a constant apart: other rules
		{`a^2 + ab`, `a^2 + 2ab`, false},                       // no product on the left
		{`(a+b)^2`, `(a + 3b)a + b^2`, false},                  // the right side not collected
		{`xy`, `2xy`, false},                                   // no coefficients multiplied
		{`(2x)(3y)`, `6x^2y^2`, true},                          // the coefficient kept, powers doubled
		{`(2x)(3y)`, `5x^2y`, false},                           // coefficient and powers both wrong
		{`\frac{a+b}{c}`, `a + 2b`, false},                     // a quotient
	} {
		a, err := symexpr.Read(c.a)
		require.NoError(t, err, c.a)
		b, err := symexpr.Read(c.b)
		require.NoError(t, err, c.b)
		L, R, _, err := symexpr.LinkRats(a, b)
		require.NoError(t, err, c.a)
		assert.Equal(t, c.want, Slip(a, b, L, R), "%s = %s", c.a, c.b)
	}
}

// TestFree: a name bound to a number leaves the pair alone.
func TestFree(t *testing.T) {
	consts := map[string]*big.Rat{"a": big.NewRat(0, 1)}
	assert.False(t, Free([]string{"a", "b"}, consts))
	assert.True(t, Free([]string{"b", "c"}, consts))
	assert.True(t, Free([]string{"b"}, nil))
}
