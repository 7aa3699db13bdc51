package program

import (
	"errors"
	"fmt"
	"math"
	"math/big"
)

// call evaluates a call of a pure builtin after its '('.
func (ev *evaluator) call(name string) (value, error) {
	switch name {
	case "int", "float", "abs", "round", "min", "max", "sum":
	default:
		return value{}, fmt.Errorf("a call of %q is not evaluated", name)
	}
	vs, list, err := ev.args()
	if err != nil {
		return value{}, err
	}
	if list && name != "sum" && name != "min" && name != "max" {
		return value{}, fmt.Errorf("%s of a list is not evaluated", name)
	}
	switch name {
	case "min", "max":
		if len(vs) == 0 || len(vs) == 1 && !list {
			return value{}, fmt.Errorf("%s needs two or more values", name)
		}
		return extreme(vs, name == "max"), nil
	case "sum":
		if !list {
			return value{}, errors.New("sum of anything but a list literal is not evaluated")
		}
		return sum(vs)
	case "round":
		if len(vs) == 2 {
			return round(vs[0], vs[1])
		}
	}
	if len(vs) != 1 {
		return value{}, fmt.Errorf("%s takes one argument here", name)
	}
	v := vs[0]
	switch name {
	case "int":
		return toInt(v)
	case "float":
		out := value{q: v.q, float: true, f: v.f, known: v.known}
		if v.known && !v.float {
			out.f, err = toFloat(v.i)
		}
		return out, err
	case "abs":
		out := v
		out.q = new(big.Rat).Abs(v.q)
		if v.known && v.float {
			out.f = math.Abs(v.f)
		} else if v.known {
			out.i = new(big.Int).Abs(v.i)
		}
		return out, nil
	}
	return round1(v)
}

// toInt is int(x): toward zero.
func toInt(v value) (value, error) {
	out := value{q: new(big.Rat).SetInt(trunc(v.q)), known: v.known}
	switch {
	case !v.known:
	case v.float:
		if err := finite(v.f); err != nil {
			return value{}, err
		}
		out.i = trunc(new(big.Rat).SetFloat64(v.f))
	default:
		out.i = v.i
	}
	return out, nil
}

// round1 is round(x): the nearest integer, ties to even (CPython rounds
// the double's own binary value so).
func round1(v value) (value, error) {
	out := value{q: roundHalfEven(v.q, 0), known: v.known}
	switch {
	case !v.known:
	case v.float:
		if err := finite(v.f); err != nil {
			return value{}, err
		}
		out.i = roundHalfEven(v.py(), 0).Num()
	default:
		out.i = v.i
	}
	return out, nil
}

// round is round(x, n): x rounded to n decimals, ties to even; a float
// stays a float (CPython rounds the double's exact value correctly, then
// reads the decimal back to the nearest double), an int an int.
func round(v, nd value) (value, error) {
	if nd.float || !nd.known || !nd.q.IsInt() || nd.q.Num().Cmp(nd.i) != 0 {
		return value{}, errors.New("round with digits that are not an exact int")
	}
	if !nd.i.IsInt64() || nd.i.Int64() > 30 || nd.i.Int64() < -30 {
		return value{}, errors.New("round to more than 30 digits is not evaluated")
	}
	n := int(nd.i.Int64())
	out := value{q: roundHalfEven(v.q, n), float: v.float, known: v.known}
	switch {
	case !v.known:
	case v.float:
		if err := finite(v.f); err != nil {
			return value{}, err
		}
		out.f, _ = roundHalfEven(v.py(), n).Float64()
	case n >= 0:
		out.i = v.i
	default:
		out.i = roundHalfEven(v.py(), n).Num()
	}
	return out, checkRat(out.q)
}

// extreme is min or max: each reading picks its first extreme value, as
// Python does (Python compares ints and floats exactly).
func extreme(vs []value, isMax bool) value {
	better := func(a, b *big.Rat) bool {
		if isMax {
			return a.Cmp(b) > 0
		}
		return a.Cmp(b) < 0
	}
	ex, py := vs[0], vs[0]
	known := true
	for _, v := range vs {
		known = known && v.known
	}
	for _, v := range vs[1:] {
		if better(v.q, ex.q) {
			ex = v
		}
		if known && better(v.py(), py.py()) {
			py = v
		}
	}
	out := py
	out.q, out.known = ex.q, known
	return out
}

// sum is sum([…]) from the int 0. With floats it is known only when
// every partial sum is exact: Python 3.12 sums floats with compensation,
// earlier versions plainly, and both agree then.
func sum(vs []value) (value, error) {
	acc := intValue(new(big.Int))
	for _, v := range vs {
		next, err := binary("+", acc, v)
		if err != nil {
			return value{}, err
		}
		if next.known && next.float && next.py().Cmp(new(big.Rat).Add(acc.py(), v.py())) != 0 {
			next.known = false
		}
		acc = next
	}
	return acc, nil
}
