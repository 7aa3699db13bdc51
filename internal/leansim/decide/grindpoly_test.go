package decide

import (
	"errors"
	"math/big"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestBpolyIsZero(t *testing.T) {
	x, y := bvar("x"), bvar("y")
	two := bconst(big.NewRat(2, 1))
	sq := func(p *bpoly) *bpoly { return p.mul(p) }
	tests := []struct {
		name string
		p    *bpoly
		zero bool
	}{
		{"square of a sum", sq(x.add(y)).sub(x.mul(x).add(two.mul(x).mul(y)).add(y.mul(y))), true},
		{"missing middle term", sq(x.add(bOne)).sub(x.mul(x).add(bOne)), false},
		// Zero on {0, 1} in x but of degree 2: the grid follows the degree bound.
		{"x² - x", x.mul(x).sub(x), false},
		{"cancels by degree bound", x.mul(y).sub(y.mul(x)), true},
		{"constant", bconst(big.NewRat(1, 3)), false},
		{"zero constant", bconst(new(big.Rat)), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.p.isZero()
			require.NoError(t, err)
			assert.Equal(t, tt.zero, got)
		})
	}
}

// A grid beyond maxGridPoints is not decided: "not simulated", never a guess.
func TestBpolyTooLargeIsNotSimulated(t *testing.T) {
	p := bOne
	for _, v := range []string{"a", "b", "c", "d"} {
		q, err := bvar(v).add(bOne).pow(10)
		require.NoError(t, err)
		p = p.mul(q)
	}
	_, err := p.isZero()
	var frag *ErrGrindFragment
	require.True(t, errors.As(err, &frag), "%v", err)

	_, err = bvar("x").pow(maxGrindDegree + 1)
	require.True(t, errors.As(err, &frag), "%v", err)
}

// The rational-function sum keeps a common denominator as written and cross-multiplies
// otherwise, as the obligations' divisors are read.
func TestBfracAdd(t *testing.T) {
	x := bvar("x")
	half := fracOf(bOne)
	r, err := half.div(fracOf(x))
	require.NoError(t, err)
	s := r.add(r) // 1/x + 1/x: denominator x kept
	assert.Equal(t, uint(1), s.den.deg["x"])
	u := r.add(fracOf(bOne)) // 1/x + 1: denominators differ
	assert.Equal(t, uint(1), u.den.deg["x"])
	assert.Equal(t, big.NewRat(3, 2), new(big.Rat).Quo(u.num.eval(map[string]*big.Rat{"x": big.NewRat(2, 1)}), u.den.eval(map[string]*big.Rat{"x": big.NewRat(2, 1)})))

	_, err = fracOf(bOne).div(fracOf(x.sub(x)))
	var frag *ErrGrindFragment
	require.True(t, errors.As(err, &frag), "division by the zero polynomial is not simulated")
}
