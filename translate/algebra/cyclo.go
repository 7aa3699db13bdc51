package algebra

import (
	"fmt"
	"math/big"
)

// Cyclotomic fields: exact values of trigonometric functions at any
// rational multiple of π, and square roots of rationals, as elements of
// Q(ζ) with ζ = e^{2πi/n}. cos(2πk/n) = (ζ^k + ζ^{-k})/2 and sin(2πk/n) =
// (ζ^k − ζ^{-k})/(2i) with i = ζ^{n/4}; √2 = ζ^{n/8} + ζ^{-n/8}, and √p
// for an odd prime p is its Gauss sum Σ (a/p)·ζ_p^a (times −i when p ≡ 3
// mod 4). The n-th cyclotomic polynomial Φ_n is irreducible over Q and is
// the minimal polynomial of ζ, so every element has exactly one form
// c₀ + c₁ζ + … + c_{d−1}ζ^{d−1} with d = φ(n): two values are equal
// exactly when their forms are.

// MaxCycloDegree bounds φ(n), the degree of a field (φ(360) = 96).
const MaxCycloDegree = 144

// maxCycloOrder bounds n.
const maxCycloOrder = 1440

// CycloField is Q(ζ) for ζ = e^{2πi/n}.
type CycloField struct {
	n   int
	phi []int64 // Φ_n, lowest degree first, monic, degree d
}

// Cyclo is an element of a CycloField: Σ num[j]·ζ^j / den, den > 0,
// reduced modulo Φ_n (len(num) = φ(n)). Values are immutable.
type Cyclo struct {
	f   *CycloField
	num []*big.Int
	den *big.Int
}

// NewCycloField returns Q(e^{2πi/n}); n must be a positive multiple of 4
// (so that i is in the field) with φ(n) ≤ MaxCycloDegree.
func NewCycloField(n int) (*CycloField, error) {
	if n < 4 || n%4 != 0 || n > maxCycloOrder {
		return nil, fmt.Errorf("%w: cyclotomic field of order %d", ErrUnsupported, n)
	}
	if d := totient(n); d > MaxCycloDegree {
		return nil, fmt.Errorf("%w: cyclotomic field of degree %d", ErrTooLarge, d)
	}
	return &CycloField{n: n, phi: cyclotomic(n)}, nil
}

// Order is n.
func (f *CycloField) Order() int { return f.n }

// Degree is φ(n), the number of coefficients of an element.
func (f *CycloField) Degree() int { return len(f.phi) - 1 }

// totient is Euler's φ(n).
func totient(n int) int {
	r := n
	for p := 2; p*p <= n; p++ {
		if n%p == 0 {
			for n%p == 0 {
				n /= p
			}
			r -= r / p
		}
	}
	if n > 1 {
		r -= r / n
	}
	return r
}

// cyclotomic returns Φ_n = ∏_{d|n} (x^d − 1)^{μ(n/d)}: the factors with
// μ = 1 multiplied out first, then those with μ = −1 divided out exactly.
func cyclotomic(n int) []int64 {
	var primes []int
	for p, m := 2, n; m > 1; p++ {
		if p*p > m {
			primes = append(primes, m)
			break
		}
		if m%p == 0 {
			primes = append(primes, p)
			for m%p == 0 {
				m /= p
			}
		}
	}
	var mul, div []int
	for s := 0; s < 1<<len(primes); s++ {
		d, odd := n, false
		for j, p := range primes {
			if s&(1<<j) != 0 {
				d /= p
				odd = !odd
			}
		}
		if odd {
			div = append(div, d)
		} else {
			mul = append(mul, d)
		}
	}
	c := []int64{1}
	for _, d := range mul { // c·(x^d − 1)
		out := make([]int64, len(c)+d)
		for i, v := range c {
			out[i] -= v
			out[i+d] += v
		}
		c = out
	}
	for _, d := range div { // c / (x^d − 1), exact: c[i] = q[i−d] − q[i], so q[i] = q[i−d] − c[i]
		q := make([]int64, len(c)-d)
		for i := range q {
			q[i] = -c[i]
			if i >= d {
				q[i] += q[i-d]
			}
		}
		c = q
	}
	return c
}

// reduce returns the form of Σ num[j]ζ^j / den modulo Φ_n.
func (f *CycloField) reduce(num []*big.Int, den *big.Int) Cyclo {
	d := f.Degree()
	var t, p big.Int
	for i := len(num) - 1; i >= d; i-- {
		c := num[i]
		if c.Sign() == 0 {
			continue
		}
		for j := 0; j < d; j++ {
			if f.phi[j] != 0 {
				t.Mul(c, p.SetInt64(f.phi[j]))
				num[i-d+j].Sub(num[i-d+j], &t)
			}
		}
		c.SetInt64(0)
	}
	out := make([]*big.Int, d)
	g := new(big.Int).Set(den)
	for j := range out {
		if j < len(num) {
			out[j] = num[j]
		} else {
			out[j] = new(big.Int)
		}
		if out[j].Sign() != 0 {
			g.GCD(nil, nil, g, out[j])
		}
	}
	if g.Sign() < 0 {
		g.Neg(g)
	}
	dd := new(big.Int).Set(den)
	if g.Cmp(big.NewInt(1)) != 0 {
		for j := range out {
			out[j].Quo(out[j], g)
		}
		dd.Quo(dd, g)
	}
	if dd.Sign() < 0 {
		dd.Neg(dd)
		for j := range out {
			out[j].Neg(out[j])
		}
	}
	return Cyclo{f: f, num: out, den: dd}
}

// FromRat returns the rational q in f.
func (f *CycloField) FromRat(q *big.Rat) Cyclo {
	num := []*big.Int{new(big.Int).Set(q.Num())}
	return f.reduce(num, new(big.Int).Set(q.Denom()))
}

// Zeta returns ζ^k (any integer k).
func (f *CycloField) Zeta(k int) Cyclo {
	k %= f.n
	if k < 0 {
		k += f.n
	}
	num := newInts(max(k+1, f.Degree()))
	num[k].SetInt64(1)
	return f.reduce(num, big.NewInt(1))
}

// newInts returns n zero big.Ints, one allocation for all of them.
func newInts(n int) []*big.Int {
	ints, out := make([]big.Int, n), make([]*big.Int, n)
	for j := range out {
		out[j] = &ints[j]
	}
	return out
}

// Cos returns cos(2π·k/n).
func (f *CycloField) Cos(k int) Cyclo {
	return f.Zeta(k).Add(f.Zeta(-k)).Mul(f.FromRat(big.NewRat(1, 2)))
}

// Sin returns sin(2π·k/n) = (ζ^k − ζ^{-k})·(−i)/2.
func (f *CycloField) Sin(k int) Cyclo {
	return f.Zeta(k).Sub(f.Zeta(-k)).Mul(f.Zeta(-f.n / 4)).Mul(f.FromRat(big.NewRat(1, 2)))
}

// SqrtPrime returns the positive square root of the prime p when it lies
// in f: √2 needs 8 | n, an odd p needs p | n.
func (f *CycloField) SqrtPrime(p int) (Cyclo, error) {
	if p == 2 {
		if f.n%8 != 0 {
			return Cyclo{}, fmt.Errorf("%w: √2 is not in Q(ζ_%d)", ErrUnsupported, f.n)
		}
		return f.Zeta(f.n / 8).Add(f.Zeta(-f.n / 8)), nil
	}
	if p < 3 || f.n%p != 0 || !isSmallPrime(p) {
		return Cyclo{}, fmt.Errorf("%w: √%d is not in Q(ζ_%d)", ErrUnsupported, p, f.n)
	}
	step := f.n / p
	g := f.FromRat(new(big.Rat))
	for a := 1; a < p; a++ {
		z := f.Zeta(a * step)
		if legendre(a, p) == 1 {
			g = g.Add(z)
		} else {
			g = g.Sub(z)
		}
	}
	if p%4 == 3 { // g = i√p
		g = g.Mul(f.Zeta(-f.n / 4))
	}
	return g, nil
}

func isSmallPrime(p int) bool {
	for d := 2; d*d <= p; d++ {
		if p%d == 0 {
			return false
		}
	}
	return p > 1
}

// legendre is the Legendre symbol (a/p) for an odd prime p not dividing a.
func legendre(a, p int) int {
	r, b, e := 1, a%p, (p-1)/2
	for ; e > 0; e >>= 1 {
		if e&1 == 1 {
			r = r * b % p
		}
		b = b * b % p
	}
	if r == 1 {
		return 1
	}
	return -1
}

// Field is the field of x.
func (x Cyclo) Field() *CycloField { return x.f }

// Add returns x + y (both of one field).
func (x Cyclo) Add(y Cyclo) Cyclo { return x.lin(y, 1) }

// Sub returns x − y.
func (x Cyclo) Sub(y Cyclo) Cyclo { return x.lin(y, -1) }

// Neg returns −x.
func (x Cyclo) Neg() Cyclo { return x.f.FromRat(new(big.Rat)).Sub(x) }

func (x Cyclo) lin(y Cyclo, sign int) Cyclo {
	num := newInts(len(x.num))
	var b big.Int
	for j, a := range num {
		a.Mul(x.num[j], y.den)
		b.Mul(y.num[j], x.den)
		if sign < 0 {
			a.Sub(a, &b)
		} else {
			a.Add(a, &b)
		}
	}
	return x.f.reduce(num, new(big.Int).Mul(x.den, y.den))
}

// Mul returns x·y.
func (x Cyclo) Mul(y Cyclo) Cyclo {
	d := len(x.num)
	num := newInts(max(2*d-1, d))
	var t big.Int
	for i, a := range x.num {
		if a.Sign() == 0 {
			continue
		}
		for j, b := range y.num {
			if b.Sign() != 0 {
				num[i+j].Add(num[i+j], t.Mul(a, b))
			}
		}
	}
	return x.f.reduce(num, new(big.Int).Mul(x.den, y.den))
}

// IsZero reports x = 0.
func (x Cyclo) IsZero() bool {
	for _, c := range x.num {
		if c.Sign() != 0 {
			return false
		}
	}
	return true
}

// Equal reports x = y.
func (x Cyclo) Equal(y Cyclo) bool { return x.Sub(y).IsZero() }

// Rat returns x when it is rational.
func (x Cyclo) Rat() (*big.Rat, bool) {
	for _, c := range x.num[1:] {
		if c.Sign() != 0 {
			return nil, false
		}
	}
	return new(big.Rat).SetFrac(x.num[0], x.den), true
}

// Coeffs returns the coefficients of x's form, lowest power of ζ first.
func (x Cyclo) Coeffs() []*big.Rat {
	out := make([]*big.Rat, len(x.num))
	for j, c := range x.num {
		out[j] = new(big.Rat).SetFrac(c, x.den)
	}
	return out
}
