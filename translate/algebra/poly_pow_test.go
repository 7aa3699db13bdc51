package algebra

import (
	"math/big"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestPowOfOneTermMatchesRepeatedProduct: Pow's one-term fast path (a
// number, or a monomial with its coefficient) gives the polynomial that
// multiplying n times gives, signs and fractions included.
func TestPowOfOneTermMatchesRepeatedProduct(t *testing.T) {
	bases := []Poly{
		Int(3), Int(-2), Const(big.NewRat(-5, 7)), Var("x"),
		Const(big.NewRat(2, 3)).Mul(Var("x")).Mul(Var("y")).Mul(Var("y")),
		Int(-1).Mul(Var("b")).Mul(Var("a")),
	}
	for _, b := range bases {
		for n := uint(0); n <= 9; n++ {
			want := Int(1)
			for i := uint(0); i < n; i++ {
				want = want.Mul(b)
			}
			got, err := b.Pow(n)
			require.NoError(t, err)
			require.True(t, got.Equal(want), "(%s)^%d: got %s, want %s", b, n, got, want)
		}
	}
	_, err := Var("x").Mul(Var("y")).Pow(200)
	require.ErrorIs(t, err, ErrTooLarge, "degree 400 passes the bound")
}
