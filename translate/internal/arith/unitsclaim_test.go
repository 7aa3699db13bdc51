package arith

import (
	"math/big"
	"testing"
)

// TestRoundPlaces: rounding to significant places, to the nearest (half
// away from zero) and toward zero, on both signs.
func TestRoundPlaces(t *testing.T) {
	for _, c := range []struct {
		n     int64
		s     int
		trunc bool
		want  int64
	}{
		{57108249, 1, false, 60000000}, {57108249, 1, true, 50000000}, {57108249, 3, false, 57100000},
		{57108249, 4, false, 57110000}, {57108249, 8, false, 57108249}, {57108249, 12, true, 57108249},
		{-1250, 2, false, -1300}, {-1250, 2, true, -1200}, {1249, 2, false, 1200}, {9999, 1, false, 10000},
	} {
		if got := roundPlaces(big.NewInt(c.n), c.s, c.trunc); got.Cmp(big.NewInt(c.want)) != 0 {
			t.Errorf("roundPlaces(%d, %d, %v) = %s, want %d", c.n, c.s, c.trunc, got, c.want)
		}
	}
}
