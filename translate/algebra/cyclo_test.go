package algebra

import (
	"math/big"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCyclotomicPolynomials(t *testing.T) {
	for _, tt := range []struct {
		n    int
		want []int64
	}{
		{4, []int64{1, 0, 1}},         // x² + 1
		{12, []int64{1, 0, -1, 0, 1}}, // x⁴ − x² + 1
		{8, []int64{1, 0, 0, 0, 1}},   // x⁴ + 1
		{20, []int64{1, 0, -1, 0, 1, 0, -1, 0, 1}},
	} {
		assert.Equal(t, tt.want, cyclotomic(tt.n), "Φ_%d", tt.n)
	}
	for _, n := range []int{36, 60, 180, 360, 120, 84} {
		c := cyclotomic(n)
		assert.Len(t, c, totient(n)+1, "degree of Φ_%d", n)
		assert.Equal(t, int64(1), c[len(c)-1], "Φ_%d is monic", n)
	}
}

func TestCycloValues(t *testing.T) {
	half := big.NewRat(1, 2)
	f, err := NewCycloField(360) // ζ = e^{2πi/360}: k is the angle in degrees
	require.NoError(t, err)
	one := f.FromRat(big.NewRat(1, 1))
	r := func(x Cyclo) *big.Rat {
		q, ok := x.Rat()
		require.True(t, ok, "rational")
		return q
	}
	assert.Equal(t, half, r(f.Sin(30)))
	assert.Equal(t, half, r(f.Cos(60)))
	assert.Equal(t, big.NewRat(-1, 1), r(f.Cos(180)))
	assert.True(t, f.Sin(0).IsZero())
	for _, k := range []int{1, 7, 20, 47, 100, 359} {
		s, c := f.Sin(k), f.Cos(k)
		assert.True(t, s.Mul(s).Add(c.Mul(c)).Equal(one), "sin² + cos² at %d°", k)
		assert.True(t, f.Sin(2*k).Equal(s.Mul(c).Add(s.Mul(c))), "sin 2θ at %d°", k)
	}
	_, ok := f.Sin(1).Rat()
	assert.False(t, ok, "sin 1° is irrational")
	// product to sum: sin 6° sin 42° = (cos 36° − cos 48°)/2, not (cos 6° − cos 48°)/2
	lhs := f.Sin(6).Mul(f.Sin(42))
	assert.True(t, lhs.Equal(f.Cos(36).Sub(f.Cos(48)).Mul(f.FromRat(half))))
	assert.False(t, lhs.Equal(f.Cos(6).Sub(f.Cos(48)).Mul(f.FromRat(half))))
	// cos 36° = (1 + √5)/4
	r5, err := f.SqrtPrime(5)
	require.NoError(t, err)
	assert.True(t, f.Cos(36).Equal(one.Add(r5).Mul(f.FromRat(big.NewRat(1, 4)))))
	for _, p := range []int{2, 3, 5} {
		s, err := f.SqrtPrime(p)
		require.NoError(t, err)
		assert.Equal(t, big.NewRat(int64(p), 1), r(s.Mul(s)), "√%d squared", p)
	}
	r2, _ := f.SqrtPrime(2)
	assert.True(t, f.Sin(45).Equal(r2.Mul(f.FromRat(half))), "√2 is the positive root")
	r3, _ := f.SqrtPrime(3)
	assert.True(t, f.Cos(30).Equal(r3.Mul(f.FromRat(half))), "√3 is the positive root")
	_, err = f.SqrtPrime(7)
	assert.ErrorIs(t, err, ErrUnsupported)
	g, err := NewCycloField(28)
	require.NoError(t, err)
	s7, err := g.SqrtPrime(7)
	require.NoError(t, err)
	assert.Equal(t, big.NewRat(7, 1), func() *big.Rat { q, _ := s7.Mul(s7).Rat(); return q }())
	_, err = NewCycloField(30)
	assert.ErrorIs(t, err, ErrUnsupported, "no i in the field")
	_, err = NewCycloField(1260)
	assert.ErrorIs(t, err, ErrTooLarge)
}
