package symcyclo

import (
	"errors"
	"math"
	"math/big"

	"github.com/leanprm/leanprm/translate/algebra"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
)

// frac is num/den, den nonzero: a value is kept as a fraction so that no
// element is ever inverted.
type frac struct{ num, den algebra.Cyclo }

var errDivZero = errors.New("a division by zero")

// maxWork bounds the products of one claim, each counted as φ(n)² steps.
const maxWork = 2_000_000

// evaluator evaluates closed trees in f within maxWork.
type evaluator struct {
	f    *algebra.CycloField
	work int
}

var errWork = errors.New("too much work to evaluate")

// mul is x·y, counted.
func (ev *evaluator) mul(x, y algebra.Cyclo) (algebra.Cyclo, error) {
	d := ev.f.Degree()
	ev.work += d * d
	if ev.work > maxWork {
		return algebra.Cyclo{}, errWork
	}
	return x.Mul(y), nil
}

// fmul is the product of x and y as fractions.
func (ev *evaluator) fmul(x, y frac) (frac, error) {
	n, err := ev.mul(x.num, y.num)
	if err != nil {
		return frac{}, err
	}
	d, err := ev.mul(x.den, y.den)
	return frac{n, d}, err
}

// fadd is x + y, or x - y with sign -1.
func (ev *evaluator) fadd(x, y frac, sign int) (frac, error) {
	a, err := ev.mul(x.num, y.den)
	if err != nil {
		return frac{}, err
	}
	b, err := ev.mul(y.num, x.den)
	if err != nil {
		return frac{}, err
	}
	d, err := ev.mul(x.den, y.den)
	if sign < 0 {
		return frac{a.Sub(b), d}, err
	}
	return frac{a.Add(b), d}, err
}

// eval evaluates the closed tree e.
func (ev *evaluator) eval(e *symexpr.Expr) (frac, error) {
	f := ev.f
	one := f.FromRat(big.NewRat(1, 1))
	switch e.Op {
	case 'n':
		return frac{f.FromRat(e.Num), one}, nil
	case 't':
		return trig(f, e.Name, e.Num)
	case 'r':
		x, err := ev.eval(e.L)
		if err != nil {
			return frac{}, err
		}
		return sqrt(f, x)
	case '~':
		x, err := ev.eval(e.L)
		if err != nil {
			return frac{}, err
		}
		return frac{x.num.Neg(), x.den}, nil
	case '^':
		x, err := ev.eval(e.L)
		if err != nil {
			return frac{}, err
		}
		k := e.Exp
		if k < 0 {
			if x.num.IsZero() {
				return frac{}, errDivZero
			}
			x, k = frac{x.den, x.num}, -k
		}
		out := frac{one, one}
		for ; k > 0; k-- {
			if out, err = ev.fmul(out, x); err != nil {
				return frac{}, err
			}
		}
		return out, nil
	case '+', '-', '*', '/':
	default:
		return frac{}, errors.New("a value this reader does not compute")
	}
	x, err := ev.eval(e.L)
	if err != nil {
		return frac{}, err
	}
	y, err := ev.eval(e.R)
	if err != nil {
		return frac{}, err
	}
	switch e.Op {
	case '+':
		return ev.fadd(x, y, 1)
	case '-':
		return ev.fadd(x, y, -1)
	case '*':
		return ev.fmul(x, y)
	}
	if y.num.IsZero() {
		return frac{}, errDivZero
	}
	return ev.fmul(x, frac{y.den, y.num})
}

// trig is fn(q·π): with ζ^k = e^{iqπ}, k = n·q/2.
func trig(f *algebra.CycloField, fn string, q *big.Rat) (frac, error) {
	kq := new(big.Rat).Mul(q, big.NewRat(int64(f.Order()), 2))
	if !kq.IsInt() || !kq.Num().IsInt64() {
		return frac{}, errors.New("an angle outside the field")
	}
	k := int(new(big.Int).Mod(kq.Num(), big.NewInt(int64(f.Order()))).Int64())
	var s, c algebra.Cyclo // each computed only when fn needs it
	if fn != "cos" && fn != "sec" {
		s = f.Sin(k)
	}
	if fn != "sin" && fn != "csc" {
		c = f.Cos(k)
	}
	one := f.FromRat(big.NewRat(1, 1))
	var x frac
	switch fn {
	case "sin":
		x = frac{s, one}
	case "cos":
		x = frac{c, one}
	case "tan":
		x = frac{s, c}
	case "cot":
		x = frac{c, s}
	case "sec":
		x = frac{one, c}
	case "csc":
		x = frac{one, s}
	default:
		return frac{}, errors.New("a function this reader does not compute")
	}
	if x.den.IsZero() {
		return frac{}, errDivZero
	}
	return x, nil
}

// sqrt is the square root of a rational x = a/b (lowest terms), √(ab)/b,
// when the primes of ab's square-free part have their roots in f.
func sqrt(f *algebra.CycloField, x frac) (frac, error) {
	q, ok := x.ratio()
	if !ok {
		return frac{}, errors.New("the square root of an irrational value")
	}
	if q.Sign() < 0 {
		return frac{}, errors.New("the square root of a negative number")
	}
	ab := new(big.Int).Mul(q.Num(), q.Denom())
	if ab.BitLen() > 32 {
		return frac{}, errors.New("a large radicand")
	}
	v, s := ab.Int64(), int64(1)
	root := f.FromRat(big.NewRat(1, 1))
	for p := int64(2); p*p <= v; p++ {
		for v%(p*p) == 0 {
			v /= p * p
			s *= p
		}
		if v%p == 0 {
			r, err := f.SqrtPrime(int(p))
			if err != nil {
				return frac{}, err
			}
			root, v = root.Mul(r), v/p
		}
	}
	if v > 1 {
		if v > 1440 {
			return frac{}, errors.New("a radicand with a large prime")
		}
		r, err := f.SqrtPrime(int(v))
		if err != nil {
			return frac{}, err
		}
		root = root.Mul(r)
	}
	scale := new(big.Rat).SetFrac(big.NewInt(s), q.Denom())
	return frac{root.Mul(f.FromRat(scale)), f.FromRat(big.NewRat(1, 1))}, nil
}

// ratio returns x when it is rational: num = r·den for the ratio r of
// their first nonzero coefficients of den.
func (x frac) ratio() (*big.Rat, bool) {
	nc, dc := x.num.Coeffs(), x.den.Coeffs()
	for j, d := range dc {
		if d.Sign() != 0 {
			r := new(big.Rat).Quo(nc[j], d)
			return r, x.num.Equal(x.den.Mul(x.num.Field().FromRat(r)))
		}
	}
	return nil, false
}

// value is a floating estimate of x, used only to leave a claim alone
// (never to decide one), and whether x is rational.
func (x frac) value() (float64, bool) {
	_, r := x.ratio()
	return estimate(x.num) / estimate(x.den), r
}

// estimate is the real part of Σ cⱼζ^j; NaN when a coefficient is too
// large for the sum to be trusted to 1/100.
func estimate(x algebra.Cyclo) float64 {
	n := float64(x.Field().Order())
	var s float64
	for j, c := range x.Coeffs() {
		if c.Num().BitLen() > 40 || c.Denom().BitLen() > 40 {
			return math.NaN()
		}
		v, _ := c.Float64()
		s += v * math.Cos(2*math.Pi*float64(j)/n)
	}
	return s
}
