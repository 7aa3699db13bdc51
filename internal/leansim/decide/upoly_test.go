package decide

import (
	"math/big"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestToUpoly(t *testing.T) {
	x := bvar("x")
	p := x.mul(x).mul(x).sub(x.mul(bconst(big.NewRat(2, 1)))).add(bconst(big.NewRat(1, 3))) // x^3 - 2x + 1/3
	u, err := toUpoly(p, "x")
	require.NoError(t, err)
	var got []string
	for _, c := range u {
		got = append(got, c.RatString())
	}
	assert.Equal(t, []string{"1/3", "-2", "0", "1"}, got)
}

func TestRationalRoots(t *testing.T) {
	r := func(a, b int64) *big.Rat { return big.NewRat(a, b) }
	// 6x^2 - 5x + 1 = (2x - 1)(3x - 1)
	p := upoly{r(1, 1), r(-5, 1), r(6, 1)}
	var got []string
	roots, complete := p.rationalRoots()
	assert.True(t, complete)
	for _, x := range roots {
		got = append(got, x.RatString())
	}
	assert.ElementsMatch(t, []string{"1/2", "1/3"}, got)
	// x^3 - 2x: the root 0 and two irrational ones.
	q := upoly{r(0, 1), r(-2, 1), r(0, 1), r(1, 1)}
	roots, complete = q.rationalRoots()
	assert.True(t, complete)
	require.Len(t, roots, 1)
	assert.Equal(t, "0", roots[0].RatString())
	// Coefficients too large to enumerate: not complete.
	big1 := new(big.Rat).SetInt64(1_000_000_007)
	_, complete = upoly{big1, r(0, 1), r(1, 1)}.rationalRoots()
	assert.False(t, complete)
	assert.True(t, inRadical(upoly{r(0, 1), r(1, 1)}, upoly{r(0, 1), r(0, 1), r(1, 1)}), "x in rad(x^2)")
	assert.False(t, inRadical(upoly{r(-2, 1), r(1, 1)}, upoly{r(6, 1), r(-5, 1), r(1, 1)}), "x-2 not in rad((x-2)(x-3))")
}
