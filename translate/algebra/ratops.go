package algebra

import "math/big"

// Coefficient arithmetic with a shortcut for integers. big.Rat normalises every product and
// sum by a gcd of numerator and denominator, even when both operands are integers (its
// denominator 1 is stored as a word, so the gcd runs and allocates); these helpers compute
// an integer result on the numerators alone and leave the denominator at its zero value,
// which big.Rat reads as 1. The value is the same big.Rat value either way.

// copyQ returns a new big.Rat equal to x.
func copyQ(x *big.Rat) *big.Rat {
	z := new(big.Rat)
	if x.IsInt() {
		z.Num().Set(x.Num())
		return z
	}
	return z.Set(x)
}

// mulQ returns a new big.Rat equal to x·y.
func mulQ(x, y *big.Rat) *big.Rat {
	z := new(big.Rat)
	if x.IsInt() && y.IsInt() {
		z.Num().Mul(x.Num(), y.Num())
		return z
	}
	return z.Mul(x, y)
}

// addToQ sets z to z + x.
func addToQ(z, x *big.Rat) {
	if z.IsInt() && x.IsInt() {
		// z's denominator is 1 already
		z.Num().Add(z.Num(), x.Num())
		return
	}
	z.Add(z, x)
}
