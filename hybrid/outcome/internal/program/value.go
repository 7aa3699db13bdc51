package program

import (
	"errors"
	"math"
	"math/big"
)

// MaxBits bounds a number's numerator and denominator, exact or Python's.
const MaxBits = 1024

// maxExp bounds an exponent.
const maxExp = 4096

var errTooLarge = errors.New("a number past the size limit")

// value is one Python value carried twice: q is its exact value; float,
// f and i are what Python holds (a double f when float, else the int i).
// known is false when Python's bits are not reproduced here (a float
// power or sum whose rounding this reader does not fix).
type value struct {
	q     *big.Rat
	float bool
	f     float64
	i     *big.Int
	known bool
}

func intValue(i *big.Int) value {
	return value{q: new(big.Rat).SetInt(i), i: i, known: true}
}

// py is Python's value as an exact rational (a double is a dyadic
// rational).
func (v value) py() *big.Rat {
	if v.float {
		return new(big.Rat).SetFloat64(v.f)
	}
	return new(big.Rat).SetInt(v.i)
}

func checkRat(q *big.Rat) error {
	if q.Num().BitLen() > MaxBits || q.Denom().BitLen() > MaxBits {
		return errTooLarge
	}
	return nil
}

func checkInt(i *big.Int) error {
	if i.BitLen() > MaxBits {
		return errTooLarge
	}
	return nil
}

// toFloat is Python's float(int): correctly rounded, an error past the
// largest double.
func toFloat(i *big.Int) (float64, error) {
	f, _ := new(big.Rat).SetInt(i).Float64()
	if math.IsInf(f, 0) {
		return 0, errors.New("an int too large to convert to float")
	}
	return f, nil
}

func (v value) asFloat() (float64, error) {
	if v.float {
		return v.f, nil
	}
	return toFloat(v.i)
}

func finite(f float64) error {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return errors.New("a float overflow (inf or nan)")
	}
	return nil
}

var errZeroDiv = errors.New("a division by zero")

// floorDiv is Python's integer // and %: the quotient rounded toward
// negative infinity and a remainder with the divisor's sign.
func floorDiv(a, b *big.Int) (q, r *big.Int) {
	q, r = new(big.Int).QuoRem(a, b, new(big.Int))
	if r.Sign() != 0 && r.Sign() != b.Sign() {
		q.Sub(q, big.NewInt(1))
		r.Add(r, b)
	}
	return q, r
}

// floatDivMod is CPython's float divmod (Objects/floatobject.c,
// _float_div_mod), step for step.
func floatDivMod(vx, wx float64) (floordiv, mod float64) {
	mod = math.Mod(vx, wx)
	div := float64(float64(vx-mod) / wx)
	if mod != 0 {
		if (wx < 0) != (mod < 0) {
			mod = float64(mod + wx)
			div = float64(div - 1.0)
		}
	} else {
		mod = math.Copysign(0, wx)
	}
	if div != 0 {
		floordiv = math.Floor(div)
		if float64(div-floordiv) > 0.5 {
			floordiv = float64(floordiv + 1.0)
		}
	} else {
		floordiv = math.Copysign(0, vx/wx)
	}
	return floordiv, mod
}

// ratFloor is ⌊q⌋.
func ratFloor(q *big.Rat) *big.Int {
	z, _ := floorDiv(q.Num(), q.Denom())
	return z
}

// exactPow is a^e over Q for an integer e, bounded.
func exactPow(a *big.Rat, e *big.Rat) (*big.Rat, error) {
	if !e.IsInt() {
		return nil, errors.New("a power with an exponent that is not an integer")
	}
	n := e.Num()
	if !n.IsInt64() || n.Int64() > maxExp || n.Int64() < -maxExp {
		return nil, errTooLarge
	}
	k := n.Int64()
	if k < 0 && a.Sign() == 0 {
		return nil, errZeroDiv
	}
	m := k
	if m < 0 {
		m = -m
	}
	if int64(max(a.Num().BitLen(), a.Denom().BitLen()))*m > 2*MaxBits {
		return nil, errTooLarge
	}
	num := new(big.Int).Exp(a.Num(), big.NewInt(m), nil)
	den := new(big.Int).Exp(a.Denom(), big.NewInt(m), nil)
	if k < 0 {
		num, den = den, num
	}
	r := new(big.Rat).SetFrac(num, den)
	return r, checkRat(r)
}

// exact applies op to the exact values.
func exact(op string, a, b *big.Rat) (*big.Rat, error) {
	r := new(big.Rat)
	switch op {
	case "+":
		r.Add(a, b)
	case "-":
		r.Sub(a, b)
	case "*":
		r.Mul(a, b)
	case "/", "//", "%":
		if b.Sign() == 0 {
			return nil, errZeroDiv
		}
		r.Quo(a, b)
		if op != "/" {
			fl := new(big.Rat).SetInt(ratFloor(r))
			if op == "//" {
				r = fl
			} else {
				r.Sub(a, fl.Mul(fl, b))
			}
		}
	case "**":
		return exactPow(a, b)
	}
	return r, checkRat(r)
}

// binary applies a Python binary operator to both readings.
func binary(op string, a, b value) (value, error) {
	q, err := exact(op, a.q, b.q)
	if err != nil {
		return value{}, err
	}
	v := value{q: q, known: a.known && b.known}
	if !v.known {
		return v, nil
	}
	if !a.float && !b.float && op != "/" && !(op == "**" && b.i.Sign() < 0) {
		v.i, err = intOp(op, a.i, b.i)
		return v, err
	}
	v.float = true
	fa, err := a.asFloat()
	if err != nil {
		return value{}, err
	}
	if op == "/" && !a.float && !b.float {
		if b.i.Sign() == 0 {
			return value{}, errZeroDiv
		}
		v.f, _ = new(big.Rat).SetFrac(a.i, b.i).Float64() // int / int is correctly rounded
		return v, finite(v.f)
	}
	fb, err := b.asFloat()
	if err != nil {
		return value{}, err
	}
	switch op {
	case "+":
		v.f = float64(fa + fb)
	case "-":
		v.f = float64(fa - fb)
	case "*":
		v.f = float64(fa * fb)
	case "/", "//", "%":
		if fb == 0 {
			return value{}, errZeroDiv
		}
		switch op {
		case "/":
			v.f = float64(fa / fb)
		case "//":
			v.f, _ = floatDivMod(fa, fb)
		default:
			_, v.f = floatDivMod(fa, fb)
		}
	case "**":
		return floatPow(v, fa, fb)
	}
	return v, finite(v.f)
}

func intOp(op string, a, b *big.Int) (*big.Int, error) {
	r := new(big.Int)
	switch op {
	case "+":
		r.Add(a, b)
	case "-":
		r.Sub(a, b)
	case "*":
		r.Mul(a, b)
	case "//", "%":
		if b.Sign() == 0 {
			return nil, errZeroDiv
		}
		q, m := floorDiv(a, b)
		if op == "//" {
			r = q
		} else {
			r = m
		}
	case "**":
		if !b.IsInt64() || b.Int64() > maxExp || int64(a.BitLen())*b.Int64() > 2*MaxBits {
			return nil, errTooLarge
		}
		r.Exp(a, b, nil)
	}
	return r, checkInt(r)
}

// floatPow is Python's float ** for an integer-valued exponent, known
// only when the exact power of the double is itself a double (then every
// C library's pow returns it).
func floatPow(v value, fa, fb float64) (value, error) {
	if fb != math.Trunc(fb) {
		return value{}, errors.New("a power with an exponent that is not an integer")
	}
	if fa == 0 && fb < 0 {
		return value{}, errZeroDiv
	}
	base := value{float: true, f: fa}.py()
	p, err := exactPow(base, new(big.Rat).SetFloat64(fb))
	if err != nil {
		return value{}, err
	}
	f, exactly := p.Float64()
	v.f, v.known = f, exactly
	return v, finite(f)
}

// roundHalfEven rounds q to a multiple of 10^-n, ties to even.
func roundHalfEven(q *big.Rat, n int) *big.Rat {
	scale := new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(abs(n))), nil))
	x := new(big.Rat).Set(q)
	if n >= 0 {
		x.Mul(x, scale)
	} else {
		x.Quo(x, scale)
	}
	fl := ratFloor(x)
	frac := new(big.Rat).Sub(x, new(big.Rat).SetInt(fl))
	switch frac.Cmp(big.NewRat(1, 2)) {
	case 1:
		fl.Add(fl, big.NewInt(1))
	case 0:
		if fl.Bit(0) == 1 {
			fl.Add(fl, big.NewInt(1))
		}
	}
	r := new(big.Rat).SetInt(fl)
	if n >= 0 {
		return r.Quo(r, scale)
	}
	return r.Mul(r, scale)
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// trunc is q rounded toward zero.
func trunc(q *big.Rat) *big.Int {
	return new(big.Int).Quo(q.Num(), q.Denom())
}
