package algebra

import (
	"errors"
	"fmt"
	"math/big"
	"sync"
)

// Bounds of the integer functions: hostile input such as 100000! or
// C(10^18, 10^9) gets ErrTooLarge instead of exhausting time or memory.
const (
	// MaxFactorial is the largest n whose n! Factorial computes.
	MaxFactorial = 2000
	// MaxBinomialK bounds min(k, n−k) in Binomial, which is the number of
	// factors it multiplies.
	MaxBinomialK = 2000
	// MaxLogBits bounds the bits of a numerator or denominator IntLog
	// examines; past it IntLog reports no exact value.
	MaxLogBits = 4096
	// MaxLogPowBits bounds the bits of the powers CmpLog compares: enough
	// for five decimals of r with x and b up to 2^20.
	MaxLogPowBits = 1 << 20
)

// ErrUndefined reports a value that does not exist: tan(π/2), (−1)!, a
// residue modulo 0.
var ErrUndefined = errors.New("algebra: undefined value")

// ErrUnsupported reports an input outside what this package decides
// exactly (a root index other than 2, 3 or 6, sin(π/7), a binomial with a
// negative top). It says nothing about the value.
var ErrUnsupported = errors.New("algebra: unsupported")

// Factorial returns n! for 0 ≤ n ≤ MaxFactorial; n < 0 is ErrUndefined
// and n > MaxFactorial ErrTooLarge.
func Factorial(n *big.Int) (*big.Int, error) {
	switch {
	case n.Sign() < 0:
		return nil, fmt.Errorf("%w: factorial of negative %v", ErrUndefined, n)
	case n.Cmp(big.NewInt(MaxFactorial)) > 0:
		return nil, fmt.Errorf("%w: %v! passes %d!", ErrTooLarge, n, MaxFactorial)
	}
	return new(big.Int).MulRange(1, n.Int64()), nil
}

// Binomial returns C(n, k) for n ≥ 0: the number of k-subsets of an
// n-set, so 0 when k < 0 or k > n. A negative n (the generalized binomial)
// is ErrUnsupported; min(k, n−k) > MaxBinomialK or an n past int64 is
// ErrTooLarge.
func Binomial(n, k *big.Int) (*big.Int, error) {
	if n.Sign() < 0 {
		return nil, fmt.Errorf("%w: binomial with negative top %v", ErrUnsupported, n)
	}
	if k.Sign() < 0 || k.Cmp(n) > 0 {
		return new(big.Int), nil
	}
	if !n.IsInt64() {
		return nil, fmt.Errorf("%w: binomial top %v", ErrTooLarge, n)
	}
	nn, kk := n.Int64(), k.Int64()
	if kk > nn-kk {
		kk = nn - kk
	}
	if kk > MaxBinomialK {
		return nil, fmt.Errorf("%w: C(%v, %v) multiplies %d factors, more than %d", ErrTooLarge, n, k, kk, MaxBinomialK)
	}
	return new(big.Int).Binomial(nn, kk), nil
}

// GCD returns the greatest common divisor of its arguments, which is
// nonnegative; GCD() and GCD(0, 0) are 0.
func GCD(xs ...*big.Int) *big.Int {
	g := new(big.Int)
	for _, x := range xs {
		g.GCD(nil, nil, g, x)
	}
	return g
}

// LCM returns the least common multiple of its arguments, which is
// nonnegative; it is 0 when an argument is 0, and LCM() is 1.
func LCM(xs ...*big.Int) *big.Int {
	l := big.NewInt(1)
	for _, x := range xs {
		if x.Sign() == 0 {
			return new(big.Int)
		}
		g := new(big.Int).GCD(nil, nil, l, x)
		l.Mul(l, new(big.Int).Quo(new(big.Int).Abs(x), g))
	}
	return l
}

// Mod returns the mathematical residue r of a modulo m: 0 ≤ r < |m| and
// m divides a − r (so Mod(−7, 3) = 2, Mod(7, −3) = 1). m = 0 is
// ErrUndefined.
func Mod(a, m *big.Int) (*big.Int, error) {
	if m.Sign() == 0 {
		return nil, fmt.Errorf("%w: %v mod 0", ErrUndefined, a)
	}
	return new(big.Int).Mod(a, m), nil // Euclidean: 0 ≤ r < |m|
}

// IntLog returns log_b x when it is a rational number, with true: log_2 8 =
// 3, log_4 8 = 3/2, log_8 4 = 2/3, log_{1/2} 4 = −2, log_b 1 = 0. It
// returns false when log_b x is irrational, when it is undefined (b ≤ 0,
// b = 1, x ≤ 0), and when a numerator or denominator has more than
// MaxLogBits bits; false never claims the value is irrational, only that
// no exact value was found.
//
// Method: write b = c^k and x = d^j with k, j maximal (c, d positive
// rationals that are no perfect powers). If log_b x = s/t then
// c^(k·s) = d^(j·t), so the prime exponent vectors of c and d are
// parallel; a rational that is no perfect power has a vector whose entries
// have gcd 1, hence c = d (log = j/k) or c = 1/d (log = −j/k), and any other
// pair has no rational log.
func IntLog(b, x *big.Rat) (*big.Rat, bool) {
	if b.Sign() <= 0 || x.Sign() <= 0 || b.Cmp(big.NewRat(1, 1)) == 0 {
		return nil, false
	}
	if x.Cmp(big.NewRat(1, 1)) == 0 {
		return new(big.Rat), true
	}
	c, k, ok := perfectPowerBase(b)
	if !ok {
		return nil, false
	}
	d, j, ok := perfectPowerBase(x)
	if !ok {
		return nil, false
	}
	switch {
	case c.Cmp(d) == 0:
		return new(big.Rat).SetFrac64(j, k), true
	case new(big.Rat).Mul(c, d).Cmp(big.NewRat(1, 1)) == 0:
		return new(big.Rat).SetFrac64(-j, k), true
	}
	return nil, false
}

// CmpLog returns −1, 0 or +1 as log_b x <, =, > r, exactly, also when
// log_b x is irrational (log_5 49 = 2.41812… < 2.64): with r = s/t (t > 0),
// log_b x − r has the sign of x^t − b^s when b > 1 and the opposite sign
// when b < 1. A caller decides "log_5 49 ≈ 2.42" by comparing with the two
// ends of the rounding interval. b ≤ 0, b = 1 or x ≤ 0 is ErrUndefined;
// powers past MaxLogPowBits bits are ErrTooLarge.
func CmpLog(b, x, r *big.Rat) (int, error) {
	if b.Sign() <= 0 || x.Sign() <= 0 || b.Cmp(big.NewRat(1, 1)) == 0 {
		return 0, fmt.Errorf("%w: log base %s of %s", ErrUndefined, b.RatString(), x.RatString())
	}
	s, t := r.Num(), r.Denom()
	xt, err := ratPowBounded(x, t)
	if err != nil {
		return 0, err
	}
	bs, err := ratPowBounded(b, new(big.Int).Abs(s))
	if err != nil {
		return 0, err
	}
	if s.Sign() < 0 {
		bs.Inv(bs)
	}
	c := xt.Cmp(bs)
	if b.Cmp(big.NewRat(1, 1)) < 0 {
		c = -c
	}
	return c, nil
}

// ratPowBounded returns x^e for e ≥ 0, or ErrTooLarge when the result
// would pass MaxLogPowBits bits.
func ratPowBounded(x *big.Rat, e *big.Int) (*big.Rat, error) {
	bits := new(big.Int).Mul(e, big.NewInt(int64(max(x.Num().BitLen(), x.Denom().BitLen()))))
	if bits.Cmp(big.NewInt(MaxLogPowBits)) > 0 {
		return nil, fmt.Errorf("%w: power %s^%v passes %d bits", ErrTooLarge, shortRat(x), e, MaxLogPowBits)
	}
	num := new(big.Int).Exp(new(big.Int).Abs(x.Num()), e, nil)
	if x.Sign() < 0 && e.Bit(0) == 1 {
		num.Neg(num)
	}
	return new(big.Rat).SetFrac(num, new(big.Int).Exp(x.Denom(), e, nil)), nil
}

// perfectPowerBase writes a positive rational r ≠ 1 as c^k with k maximal;
// false when r is too large to examine.
func perfectPowerBase(r *big.Rat) (*big.Rat, int64, bool) {
	num, den := new(big.Int).Set(r.Num()), new(big.Int).Set(r.Denom())
	if num.BitLen() > MaxLogBits || den.BitLen() > MaxLogBits {
		return nil, 0, false
	}
	k := int64(1)
	for _, q := range smallPrimes() {
		// a q-th power of an integer ≥ 2 has at least q+1 bits
		if int(q) >= max(num.BitLen(), den.BitLen()) {
			break
		}
		for {
			rn, okn := exactRoot(num, uint(q))
			if !okn {
				break
			}
			rd, okd := exactRoot(den, uint(q))
			if !okd {
				break
			}
			num, den, k = rn, rd, k*int64(q)
		}
	}
	return new(big.Rat).SetFrac(num, den), k, true
}

// exactRoot returns the n-th root of x ≥ 0 when it is an integer.
func exactRoot(x *big.Int, n uint) (*big.Int, bool) {
	r := iroot(x, n)
	return r, new(big.Int).Exp(r, big.NewInt(int64(n)), nil).Cmp(x) == 0
}

// iroot returns ⌊x^(1/n)⌋ for x ≥ 0 and n ≥ 1, by Newton's iteration
// from above: y = ((n−1)·r + x / r^(n−1)) / n decreases strictly while r
// is above the root and stops at the floor.
func iroot(x *big.Int, n uint) *big.Int {
	if x.Sign() == 0 || n == 1 {
		return new(big.Int).Set(x)
	}
	if n == 2 {
		return new(big.Int).Sqrt(x)
	}
	// 2^⌈bits/n⌉ ≥ x^(1/n)
	r := new(big.Int).Lsh(big.NewInt(1), (uint(x.BitLen())+n-1)/n)
	bn, bn1 := big.NewInt(int64(n)), big.NewInt(int64(n-1))
	p, y := new(big.Int), new(big.Int)
	for {
		p.Exp(r, bn1, nil)
		y.Quo(x, p)
		y.Add(y, p.Mul(r, bn1))
		y.Quo(y, bn)
		if y.Cmp(r) >= 0 {
			return r
		}
		r.Set(y)
	}
}

// smallPrimes returns the primes up to MaxRadicandPrime in increasing
// order, computed once by a sieve (an immutable table, never written
// after the sync.OnceValue returns).
var smallPrimes = sync.OnceValue(func() []uint32 {
	composite := make([]bool, MaxRadicandPrime+1)
	ps := make([]uint32, 0, 78498)
	for i := 2; i <= MaxRadicandPrime; i++ {
		if composite[i] {
			continue
		}
		ps = append(ps, uint32(i))
		for j := i * i; j <= MaxRadicandPrime; j += i {
			composite[j] = true
		}
	}
	return ps
})

// primePower is p^k with p prime.
type primePower struct {
	p uint32
	k uint
}

// factorSmall splits n > 0 into its prime powers with p ≤
// MaxRadicandPrime and the cofactor left, whose prime factors all pass
// MaxRadicandPrime (1 when there is none).
func factorSmall(n *big.Int) ([]primePower, *big.Int) {
	var out []primePower
	rem := new(big.Int).Set(n)
	qq, rr, bp := new(big.Int), new(big.Int), new(big.Int)
	for _, p := range smallPrimes() {
		if rem.IsUint64() {
			return factorUint64(rem.Uint64(), out, p)
		}
		bp.SetUint64(uint64(p))
		var k uint
		for {
			qq.QuoRem(rem, bp, rr)
			if rr.Sign() != 0 {
				break
			}
			rem.Set(qq)
			k++
		}
		if k > 0 {
			out = append(out, primePower{p, k})
		}
	}
	return out, rem
}

// factorUint64 continues factorSmall on a remainder that fits in 64 bits,
// from the prime from on.
func factorUint64(rem uint64, out []primePower, from uint32) ([]primePower, *big.Int) {
	ps := smallPrimes()
	i := 0
	for i < len(ps) && ps[i] < from {
		i++
	}
	for ; i < len(ps) && rem > 1; i++ {
		p := uint64(ps[i])
		if p*p > rem { // rem is 1 or a prime
			break
		}
		var k uint
		for rem%p == 0 {
			rem /= p
			k++
		}
		if k > 0 {
			out = append(out, primePower{uint32(p), k})
		}
	}
	if rem > 1 && rem <= MaxRadicandPrime {
		out = append(out, primePower{uint32(rem), 1})
		rem = 1
	}
	return out, new(big.Int).SetUint64(rem)
}

// LeastFactor is the least factor above 1 of a composite n, found by trial
// division up to limit, or nil when n is prime, too large for an int64, or
// has no factor up to limit: a certificate that n is composite, n = a·(n/a).
func LeastFactor(n *big.Int, limit int64) *big.Int {
	if !n.IsInt64() || n.ProbablyPrime(20) {
		return nil
	}
	v := n.Int64()
	for d := int64(2); d <= limit && d*d <= v; d++ {
		if v%d == 0 {
			return big.NewInt(d)
		}
	}
	return nil
}
