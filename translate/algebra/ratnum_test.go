package algebra

import (
	"math/big"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPow10(t *testing.T) {
	for e, want := range map[int]*big.Rat{0: big.NewRat(1, 1), 3: big.NewRat(1000, 1), -2: big.NewRat(1, 100)} {
		assert.Equal(t, 0, Pow10(e).Cmp(want), "10^%d = %s", e, Pow10(e))
	}
	// 10^e · 10^-e = 1 well past int64.
	assert.Equal(t, 0, new(big.Rat).Mul(Pow10(40), Pow10(-40)).Cmp(big.NewRat(1, 1)))
}

func TestPowNat(t *testing.T) {
	tests := []struct {
		x    *big.Rat
		e    int
		want *big.Rat
	}{
		{big.NewRat(-2, 3), 3, big.NewRat(-8, 27)}, // odd power keeps the sign
		{big.NewRat(-2, 3), 2, big.NewRat(4, 9)},
		{big.NewRat(5, 7), 0, big.NewRat(1, 1)},
		{new(big.Rat), 0, big.NewRat(1, 1)},
		{new(big.Rat), 4, new(big.Rat)},
	}
	for _, tt := range tests {
		got := PowNat(tt.x, tt.e)
		assert.Equal(t, 0, got.Cmp(tt.want), "%s^%d = %s", tt.x, tt.e, got)
	}
}

// TestRationalRoot: a root comes back exactly when it is rational; otherwise an error, never an
// approximation. Each expected root r is checked as r^k = x.
func TestRationalRoot(t *testing.T) {
	roots := []struct {
		x *big.Rat
		k int
	}{
		{big.NewRat(8, 27), 3}, {big.NewRat(49, 4), 2}, {new(big.Rat), 5}, {big.NewRat(1, 1), 7},
		{new(big.Rat).SetFrac(new(big.Int).Exp(big.NewInt(12345), big.NewInt(9), nil), big.NewInt(512)), 9},
	}
	for _, tt := range roots {
		r, err := RationalRoot(tt.x, tt.k)
		require.NoError(t, err, "%s, %d", tt.x, tt.k)
		assert.True(t, r.Sign() >= 0)
		assert.Equal(t, 0, PowNat(r, tt.k).Cmp(tt.x), "root %d of %s is %s", tt.k, tt.x, r)
	}
	refused := []struct {
		x   *big.Rat
		k   int
		err error
	}{
		{big.NewRat(2, 1), 2, errIrrational},
		{big.NewRat(4, 3), 2, errIrrational}, // the numerator alone is a square
		{big.NewRat(9, 1), 3, errIrrational},
		{big.NewRat(4, 1), 1, errIrrational}, // an index below 2 is no root
		{big.NewRat(-8, 1), 3, errNegativeRoot},
		{big.NewRat(-4, 1), 2, errNegativeRoot},
	}
	for _, tt := range refused {
		r, err := RationalRoot(tt.x, tt.k)
		assert.ErrorIs(t, err, tt.err, "%s, %d", tt.x, tt.k)
		assert.Nil(t, r)
	}
}
