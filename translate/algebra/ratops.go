package algebra

import (
	"math/big"
	"math/bits"
)

// Rational arithmetic with a shortcut for integers. big.Rat normalises every product and
// sum by a gcd of numerator and denominator, even when both operands are integers (its
// denominator 1 is stored as a word, so the gcd runs and allocates), and Cmp scales both
// numerators by the other's denominator. These helpers compute an integer result on the
// numerators alone and leave the denominator at its zero value, which big.Rat reads as 1:
// the value is the one big.Rat computes. Each returns a new big.Rat and changes no argument
// (addToQ excepted).

// copyQ returns a new big.Rat equal to x.
func copyQ(x *big.Rat) *big.Rat {
	z := new(big.Rat)
	if x.IsInt() {
		z.Num().Set(x.Num())
		return z
	}
	return z.Set(x)
}

// intQ returns n as a new big.Rat.
func intQ(n int64) *big.Rat {
	if n > 0 && uint64(big.Word(n)) == uint64(n) {
		return wordQ(big.Word(n), false)
	}
	z := new(big.Rat)
	z.Num().SetInt64(n)
	return z
}

// negQ returns −x.
func negQ(x *big.Rat) *big.Rat {
	z := new(big.Rat)
	if x.IsInt() {
		z.Num().Neg(x.Num())
		return z
	}
	return z.Neg(x)
}

// MulQ returns x·y.
func MulQ(x, y *big.Rat) *big.Rat {
	if x.IsInt() && y.IsInt() {
		if a, b := x.Num().Bits(), y.Num().Bits(); len(a) == 1 && len(b) == 1 {
			if hi, lo := bits.Mul(uint(a[0]), uint(b[0])); hi == 0 {
				return wordQ(big.Word(lo), x.Num().Sign() != y.Num().Sign())
			}
		}
	}
	z := new(big.Rat)
	if x.IsInt() && y.IsInt() {
		z.Num().Mul(x.Num(), y.Num())
		return z
	}
	return z.Mul(x, y)
}

// AddQ returns x + y.
func AddQ(x, y *big.Rat) *big.Rat {
	if x.IsInt() && y.IsInt() && x.Num().Sign() == y.Num().Sign() {
		if a, b := x.Num().Bits(), y.Num().Bits(); len(a) == 1 && len(b) == 1 {
			if sum, carry := bits.Add(uint(a[0]), uint(b[0]), 0); carry == 0 {
				return wordQ(big.Word(sum), x.Num().Sign() < 0)
			}
		}
	}
	z := new(big.Rat)
	if x.IsInt() && y.IsInt() {
		z.Num().Add(x.Num(), y.Num())
		return z
	}
	return z.Add(x, y)
}

// SubQ returns x − y.
func SubQ(x, y *big.Rat) *big.Rat {
	z := new(big.Rat)
	if x.IsInt() && y.IsInt() {
		z.Num().Sub(x.Num(), y.Num())
		return z
	}
	return z.Sub(x, y)
}

// CmpQ is x.Cmp(y).
func CmpQ(x, y *big.Rat) int {
	if x.IsInt() && y.IsInt() {
		return x.Num().Cmp(y.Num())
	}
	return x.Cmp(y)
}

// RatWord is a big.Rat with the storage of a numerator of one word: a whole
// number of one word takes no allocation of its own (wordQ, ParseQInto).
type RatWord struct {
	r big.Rat
	w [1]big.Word
}

// wordQ returns the whole number w (−w when neg), w ≠ 0, as a new big.Rat
// in one allocation.
func wordQ(w big.Word, neg bool) *big.Rat {
	z := new(RatWord)
	z.w[0] = w
	n := z.r.Num().SetBits(z.w[:])
	if neg {
		n.Neg(n)
	}
	return &z.r
}

// ParseQ is new(big.Rat).SetString(s): a string of at most 18 ASCII digits is read as an
// int64 (the same value, without SetString's reader and gcd).
func ParseQ(s string) (*big.Rat, bool) {
	if n, ok := digitsInt64(s); ok && n != 0 && uint64(big.Word(n)) == uint64(n) {
		return wordQ(big.Word(n), false), true // one allocation, not two
	}
	return ParseQInto(new(RatWord), s)
}

// ParseQInto is ParseQ reading into z, a zero RatWord (one a caller allocates
// with something else): the same value (z's big.Rat, true), or (nil, false) for
// a spelling it cannot read.
func ParseQInto(z *RatWord, s string) (*big.Rat, bool) {
	if n, ok := digitsInt64(s); ok {
		if uint64(big.Word(n)) == uint64(n) {
			z.w[0] = big.Word(n)
			z.r.Num().SetBits(z.w[:]) // n in z's own word (0: no word)
		} else {
			z.r.Num().SetInt64(n)
		}
		return &z.r, true
	}
	return z.r.SetString(s)
}

// digitsInt64 reads s when it is 1 to 18 ASCII digits.
func digitsInt64(s string) (int64, bool) {
	if len(s) == 0 || len(s) > 18 {
		return 0, false
	}
	var n int64 // 18 digits at most: below 2^63, no overflow
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int64(s[i]-'0')
	}
	return n, true
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
