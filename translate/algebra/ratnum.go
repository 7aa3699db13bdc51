package algebra

import (
	"errors"
	"math/big"
)

// Powers and roots of rational numbers, exact and unbounded: the caller bounds the sizes it
// feeds them (the translator's readers check their limits first).

var (
	// errIrrational: the root exists in the reals but is not rational (√2), or the index is
	// below 2. Its text is what the translator's readers have always reported.
	errIrrational = errors.New("root is not rational")
	// errNegativeRoot: a root of a negative number, which a reader may mean as a complex root.
	errNegativeRoot = errors.New("root of a negative number (not real, or one of several complex roots)")
)

// Pow10 returns 10^e, for any sign of e.
func Pow10(e int) *big.Rat {
	p := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(abs(e))), nil)
	if e >= 0 {
		return new(big.Rat).SetInt(p)
	}
	return new(big.Rat).SetFrac(big.NewInt(1), p)
}

// PowNat returns x^e for e ≥ 0 (x^0 = 1, 0^0 included: a caller that means otherwise checks
// first).
func PowNat(x *big.Rat, e int) *big.Rat {
	if x.IsInt() {
		// the denominator 1 to any power is 1 (MulQ's shortcut)
		z := new(big.Rat)
		z.Num().Exp(x.Num(), big.NewInt(int64(e)), nil)
		return z
	}
	n := new(big.Int).Exp(x.Num(), big.NewInt(int64(e)), nil)
	d := new(big.Int).Exp(x.Denom(), big.NewInt(int64(e)), nil)
	return new(big.Rat).SetFrac(n, d)
}

// RationalRoot returns the k-th root of x ≥ 0 when it is rational; an error when it is not,
// when k < 2, or when x < 0 (whatever k: even roots of negatives are not real, and an odd one
// may stand for a complex root in the text, "the cube roots of -1").
func RationalRoot(x *big.Rat, k int) (*big.Rat, error) {
	if k < 2 {
		return nil, errIrrational
	}
	if x.Sign() < 0 {
		return nil, errNegativeRoot
	}
	n, okn := exactRoot(x.Num(), uint(k))
	d, okd := exactRoot(x.Denom(), uint(k))
	if !okn || !okd {
		return nil, errIrrational
	}
	return new(big.Rat).SetFrac(n, d), nil
}
