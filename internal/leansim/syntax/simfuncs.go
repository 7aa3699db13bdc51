package syntax

import "math/big"

// Func is a function the simulator can elaborate and compute.
type Func struct {
	Params []Type
	Result Type
	Eval   func(args []*big.Rat) *big.Rat
}

var one = big.NewRat(1, 1)

func natOf(r *big.Rat) *big.Int { return new(big.Int).Set(r.Num()) }

// Funcs are core functions on Nat and Int, by full name.
var Funcs = map[string]Func{
	"Nat.succ": {[]Type{TypeNat}, TypeNat, func(a []*big.Rat) *big.Rat { return new(big.Rat).Add(a[0], one) }},
	"Nat.pred": {[]Type{TypeNat}, TypeNat, func(a []*big.Rat) *big.Rat {
		if a[0].Sign() == 0 {
			return new(big.Rat)
		}
		return new(big.Rat).Sub(a[0], one)
	}},
	"Nat.gcd": {[]Type{TypeNat, TypeNat}, TypeNat, func(a []*big.Rat) *big.Rat {
		return new(big.Rat).SetInt(new(big.Int).GCD(nil, nil, natOf(a[0]), natOf(a[1])))
	}},
	"Nat.lcm": {[]Type{TypeNat, TypeNat}, TypeNat, func(a []*big.Rat) *big.Rat {
		x, y := natOf(a[0]), natOf(a[1])
		if x.Sign() == 0 || y.Sign() == 0 {
			return new(big.Rat)
		}
		g := new(big.Int).GCD(nil, nil, x, y)
		return new(big.Rat).SetInt(new(big.Int).Mul(new(big.Int).Quo(x, g), y))
	}},
	"Int.natAbs": {[]Type{TypeInt}, TypeNat, func(a []*big.Rat) *big.Rat { return new(big.Rat).Abs(a[0]) }},
	"Int.toNat": {[]Type{TypeInt}, TypeNat, func(a []*big.Rat) *big.Rat {
		if a[0].Sign() < 0 {
			return new(big.Rat)
		}
		return new(big.Rat).Set(a[0])
	}},
	"Int.ofNat": {[]Type{TypeNat}, TypeInt, func(a []*big.Rat) *big.Rat { return new(big.Rat).Set(a[0]) }},
}
