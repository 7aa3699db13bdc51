package algebra

import (
	"fmt"
	"math/big"
)

// TrigPi returns fn(q·π) exactly for fn one of sin, cos, tan, sec, csc,
// cot, when the value lies in Q(√2, √3):
//
//   - every function at a multiple of π/12 (15°), from the values of sin
//     at 0, π/12, …, π/2 (0, (√6−√2)/4, 1/2, √2/2, √3/2, (√6+√2)/4, 1) and
//     the symmetries sin(π−θ) = sin θ, sin(θ+π) = −sin θ,
//     cos θ = sin(π/2−θ);
//   - tan and cot also at odd multiples of π/24 (7.5°), by the half-angle
//     identity tan(θ/2) = (1 − cos θ)/sin θ, whose sin θ is then nonzero:
//     tan(π/8) = √2 − 1, tan(π/24) = √6 − √3 + √2 − 2.
//
// A value that does not exist (tan(π/2), cot 0, csc π) is ErrUndefined;
// any other q or fn is ErrUnsupported, which says nothing of the value.
// For degrees the caller passes q = deg/180.
func TrigPi(fn string, q *big.Rat) (Surd, error) {
	switch fn {
	case "sin", "cos", "tan", "sec", "csc", "cot":
	default:
		return Surd{}, fmt.Errorf("%w: function %q", ErrUnsupported, fn)
	}
	m := new(big.Rat).Mul(q, big.NewRat(24, 1))
	if !m.IsInt() {
		return Surd{}, fmt.Errorf("%w: %s(%s·π) is not a multiple of π/24", ErrUnsupported, fn, q.RatString())
	}
	j := int(new(big.Int).Mod(m.Num(), big.NewInt(48)).Int64()) // q·π = j·π/24 modulo 2π
	if j%2 == 1 {
		if fn != "tan" && fn != "cot" {
			return Surd{}, fmt.Errorf("%w: %s(%s·π) is not in Q(√2, √3)", ErrUnsupported, fn, q.RatString())
		}
		k := j % 24 // θ = j·π/12, taken modulo 2π
		num, den := SurdFromInt(1).Sub(cosK(k)), sinK(k)
		if fn == "cot" {
			num, den = den, num
		}
		return num.Div(den)
	}
	k := j / 2
	sin, cos := sinK(k), cosK(k)
	var num, den Surd
	switch fn {
	case "sin":
		return sin, nil
	case "cos":
		return cos, nil
	case "tan":
		num, den = sin, cos
	case "cot":
		num, den = cos, sin
	case "sec":
		num, den = SurdFromInt(1), cos
	case "csc":
		num, den = SurdFromInt(1), sin
	}
	if den.IsZero() {
		return Surd{}, fmt.Errorf("%w: %s(%s·π)", ErrUndefined, fn, q.RatString())
	}
	return num.Div(den)
}

// sinK returns sin(k·π/12) for 0 ≤ k < 24.
func sinK(k int) Surd {
	switch {
	case k > 12:
		return sinK(k - 12).Neg()
	case k > 6:
		return sinK(12 - k)
	}
	r2, r3, r6 := mustRoot(2), mustRoot(3), mustRoot(6)
	quarter, half := SurdFromRat(big.NewRat(1, 4)), SurdFromRat(big.NewRat(1, 2))
	switch k {
	case 0:
		return Surd{}
	case 1:
		return r6.Sub(r2).Mul(quarter)
	case 2:
		return half
	case 3:
		return r2.Mul(half)
	case 4:
		return r3.Mul(half)
	case 5:
		return r6.Add(r2).Mul(quarter)
	}
	return SurdFromInt(1)
}

// cosK returns cos(k·π/12) = sin((6−k)·π/12) for 0 ≤ k < 24.
func cosK(k int) Surd { return sinK(((6-k)%24 + 24) % 24) }

// mustRoot returns √n for a small n, which cannot fail.
func mustRoot(n int64) Surd {
	r, err := Root(big.NewRat(n, 1), 2)
	if err != nil {
		panic(err)
	}
	return r
}
