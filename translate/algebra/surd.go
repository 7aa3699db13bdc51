package algebra

import (
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strings"
)

// Bounds of Surd: hostile input gets ErrTooLarge instead of a hang.
const (
	// MaxRadicandPrime bounds the primes of a radical: a radicand is
	// factored by trial division up to it, and a radical of a larger prime
	// is refused.
	MaxRadicandPrime = 1_000_000
	// MaxRadicandBits bounds the numerator and denominator of a radicand.
	MaxRadicandBits = 2048
	// MaxSurdTerms bounds the terms of an argument or result of Pow and
	// Div.
	MaxSurdTerms = 64
	// MaxSurdPow bounds |n| in Pow and the index of Root.
	MaxSurdPow = 64
	// MaxDivDim bounds the radical monomials a divisor of several terms
	// generates under multiplication: the dimension over Q of the subfield
	// in which Inv's conjugates and 1/s lie.
	MaxDivDim = 64
)

// ErrNotReal reports an even root of a negative number.
var ErrNotReal = errors.New("algebra: not a real number")

// pe is one prime p raised to e/6 with 0 < e < 6.
type pe struct {
	p uint32
	e uint8
}

// mono is a radical monomial ∏ p^(e/6): primes strictly increasing,
// exponents in 1..5. The empty mono is 1. A mono is a positive real.
type mono []pe

// monoEqual reports whether a and b are the same monomial.
func monoEqual(a, b mono) bool { return slices.Equal(a, b) }

// class sorts monomials for reading: 1, square roots, cube roots, √·∛
// products, other sixth roots.
func (m mono) class() int {
	sq, cb := false, false
	for _, x := range m {
		switch x.e {
		case 3:
			sq = true
		case 2, 4:
			cb = true
		default:
			return 4
		}
	}
	switch {
	case sq && cb:
		return 3
	case cb:
		return 2
	case sq:
		return 1
	}
	return 0
}

func cmpInt(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// key encodes a mono for map lookups (5 bytes per factor, fixed width, so
// distinct monos have distinct keys).
func (m mono) key() string {
	b := make([]byte, 0, 5*len(m))
	for _, f := range m {
		b = append(b, byte(f.p>>24), byte(f.p>>16), byte(f.p>>8), byte(f.p), f.e)
	}
	return string(b)
}

// mulMono returns a·b as f·m with f a positive integer (the primes whose
// exponents reached a whole power) and m canonical.
func mulMono(a, b mono) (*big.Int, mono) {
	f := big.NewInt(1)
	out := make(mono, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case j == len(b) || (i < len(a) && a[i].p < b[j].p):
			out = append(out, a[i])
			i++
		case i == len(a) || b[j].p < a[i].p:
			out = append(out, b[j])
			j++
		default:
			e := a[i].e + b[j].e
			if e >= 6 {
				e -= 6
				f.Mul(f, big.NewInt(int64(a[i].p)))
			}
			if e > 0 {
				out = append(out, pe{a[i].p, e})
			}
			i, j = i+1, j+1
		}
	}
	return f, out
}

// invMono returns 1/m as m'/f: 1/p^(e/6) = p^((6−e)/6)/p.
func invMono(m mono) (*big.Int, mono) {
	f := big.NewInt(1)
	out := make(mono, len(m))
	for i, x := range m {
		f.Mul(f, big.NewInt(int64(x.p)))
		out[i] = pe{x.p, 6 - x.e}
	}
	return f, out
}

// radicand returns ∏ p^e, so that m = radicand^(1/6).
func (m mono) radicand() *big.Int {
	r, f := big.NewInt(1), new(big.Int)
	for _, x := range m {
		f.SetUint64(uint64(x.p))
		for i := uint8(0); i < x.e; i++ {
			r.Mul(r, f)
		}
	}
	return r
}

// sterm is a nonzero rational times a radical monomial.
type sterm struct {
	c *big.Rat
	m mono
}

// Surd is an exact real number of the field generated over Q by the square
// and cube roots of rationals: a sum Σ qᵢ·mᵢ of nonzero rationals qᵢ times
// distinct radical monomials mᵢ = ∏ pⱼ^(eⱼ/6) (pⱼ prime, 0 < eⱼ < 6),
// sorted for reading: the rational term, square roots, cube roots, then
// the rest, each by radicand. See the package documentation for why this form is
// canonical. Values are immutable; the zero value is 0.
type Surd struct {
	ts []sterm
}

// SurdFromRat returns the rational r as a Surd.
func SurdFromRat(r *big.Rat) Surd {
	if r.Sign() == 0 {
		return Surd{}
	}
	return Surd{ts: []sterm{{c: new(big.Rat).Set(r)}}}
}

// SurdFromInt returns the integer n as a Surd.
func SurdFromInt(n int64) Surd { return SurdFromRat(big.NewRat(n, 1)) }

// Root returns the real n-th root of x: √x, ∛x (negative for x < 0), the
// sixth root, and for any other 1 ≤ n ≤ MaxSurdPow the root when it lies
// in the field (⁴√16 = 2, ⁴√4 = √2, ⁴√(9/4) = √6/2). An even root of a
// negative x is ErrNotReal; n < 1, and a root outside the field (⁴√2,
// ⁵√3), ErrUnsupported; n > MaxSurdPow or a radicand past the bounds
// (MaxRadicandBits, a prime factor past MaxRadicandPrime that does not
// leave the root) ErrTooLarge.
func Root(x *big.Rat, n int) (Surd, error) {
	switch {
	case n < 1:
		return Surd{}, fmt.Errorf("%w: root of index %d", ErrUnsupported, n)
	case n > MaxSurdPow:
		return Surd{}, fmt.Errorf("%w: root of index %d passes %d", ErrTooLarge, n, MaxSurdPow)
	}
	switch x.Sign() {
	case 0:
		return Surd{}, nil
	case -1:
		if n%2 == 0 {
			return Surd{}, fmt.Errorf("%w: root of index %d of %v", ErrNotReal, n, x.RatString())
		}
		r, err := Root(new(big.Rat).Neg(x), n)
		return r.Neg(), err
	}
	if x.Num().BitLen() > MaxRadicandBits || x.Denom().BitLen() > MaxRadicandBits {
		return Surd{}, fmt.Errorf("%w: radicand of more than %d bits", ErrTooLarge, MaxRadicandBits)
	}
	coef := big.NewRat(1, 1)
	exps := map[uint32]int{} // p -> exponent in sixths, of either sign
	for sign, part := range []*big.Int{x.Num(), x.Denom()} {
		pps, rest := factorSmall(part)
		if rest.Cmp(big.NewInt(1)) != 0 {
			// every prime of rest passes the bound: its root must be an integer
			r, ok := exactRoot(rest, uint(n))
			if !ok {
				return Surd{}, fmt.Errorf("%w: radicand %s has a prime factor past %d", ErrTooLarge, shortRat(x), MaxRadicandPrime)
			}
			if sign == 0 {
				coef.Mul(coef, new(big.Rat).SetInt(r))
			} else {
				coef.Quo(coef, new(big.Rat).SetInt(r))
			}
		}
		for _, pp := range pps {
			// p^(k/n) = p^(e/6) with e = 6k/n, when that is whole
			if 6*int(pp.k)%n != 0 {
				return Surd{}, fmt.Errorf("%w: root of index %d of %s is not in the field of square and cube roots", ErrUnsupported, n, shortRat(x))
			}
			e := 6 * int(pp.k) / n
			if sign == 1 {
				e = -e
			}
			exps[pp.p] += e
		}
	}
	var m mono
	for p, e := range exps {
		whole := floorDiv(e, 6)
		if r := e - 6*whole; r != 0 {
			m = append(m, pe{p, uint8(r)})
		}
		pw := new(big.Int).Exp(big.NewInt(int64(p)), big.NewInt(int64(abs(whole))), nil)
		if whole >= 0 {
			coef.Mul(coef, new(big.Rat).SetInt(pw))
		} else {
			coef.Quo(coef, new(big.Rat).SetInt(pw))
		}
	}
	slices.SortFunc(m, func(a, b pe) int { return cmpInt(int64(a.p), int64(b.p)) })
	return Surd{ts: []sterm{{c: coef, m: m}}}, nil
}

// shortRat renders r for an error message, by its size when it is long.
func shortRat(r *big.Rat) string {
	if s := r.RatString(); len(s) <= 40 {
		return s
	}
	return fmt.Sprintf("of %d/%d bits", r.Num().BitLen(), r.Denom().BitLen())
}

func floorDiv(a, b int) int {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

func abs(a int) int {
	if a < 0 {
		return -a
	}
	return a
}

// normSurd builds the canonical form from terms with canonical monomials:
// it merges equal monomials, drops zeros and sorts. The coefficients are
// copied, never aliased.
func normSurd(ts []sterm) Surd {
	idx := make(map[string]int, len(ts))
	out := make([]sterm, 0, len(ts))
	for _, t := range ts {
		k := t.m.key()
		if i, ok := idx[k]; ok {
			out[i].c.Add(out[i].c, t.c)
			continue
		}
		idx[k] = len(out)
		out = append(out, sterm{c: new(big.Rat).Set(t.c), m: t.m})
	}
	kept := out[:0]
	for _, t := range out {
		if t.c.Sign() != 0 {
			kept = append(kept, t)
		}
	}
	if len(kept) == 0 {
		return Surd{}
	}
	if len(kept) == 1 {
		return Surd{ts: kept}
	}
	// order by class, then radicand (distinct monomials have distinct
	// radicands ∏ p^e, e < 6)
	type keyed struct {
		class int
		r     *big.Int
		t     sterm
	}
	ks := make([]keyed, len(kept))
	for i, t := range kept {
		ks[i] = keyed{t.m.class(), t.m.radicand(), t}
	}
	slices.SortFunc(ks, func(a, b keyed) int {
		if a.class != b.class {
			return cmpInt(int64(a.class), int64(b.class))
		}
		return a.r.Cmp(b.r)
	})
	for i, k := range ks {
		kept[i] = k.t
	}
	return Surd{ts: kept}
}

// Len returns the number of terms (0 for zero, 1 for a nonzero rational).
func (s Surd) Len() int { return len(s.ts) }

// IsZero reports whether s is 0.
func (s Surd) IsZero() bool { return len(s.ts) == 0 }

// Add returns s + b.
func (s Surd) Add(b Surd) Surd {
	return normSurd(append(slices.Clip(s.ts), b.ts...))
}

// Neg returns −s.
func (s Surd) Neg() Surd {
	out := make([]sterm, len(s.ts))
	for i, t := range s.ts {
		out[i] = sterm{c: new(big.Rat).Neg(t.c), m: t.m}
	}
	return Surd{ts: out}
}

// Sub returns s − b.
func (s Surd) Sub(b Surd) Surd { return s.Add(b.Neg()) }

// Mul returns s·b. The result has at most s.Len()·b.Len() terms; Mul has
// no bound of its own, so a caller that multiplies in a loop checks Len.
func (s Surd) Mul(b Surd) Surd {
	out := make([]sterm, 0, len(s.ts)*len(b.ts))
	for _, x := range s.ts {
		for _, y := range b.ts {
			f, m := mulMono(x.m, y.m)
			c := new(big.Rat).Mul(x.c, y.c)
			out = append(out, sterm{c: c.Mul(c, new(big.Rat).SetInt(f)), m: m})
		}
	}
	return normSurd(out)
}

// Pow returns s^n for |n| ≤ MaxSurdPow (s^0 = 1, including 0^0, as for
// Poly). A negative n inverts s first (ErrDivByZero for 0); a result past
// MaxSurdTerms terms is ErrTooLarge.
func (s Surd) Pow(n int) (Surd, error) {
	if n > MaxSurdPow || n < -MaxSurdPow {
		return Surd{}, fmt.Errorf("%w: exponent %d passes %d", ErrTooLarge, n, MaxSurdPow)
	}
	base := s
	if n < 0 {
		inv, err := s.Inv()
		if err != nil {
			return Surd{}, err
		}
		base, n = inv, -n
	}
	acc := SurdFromInt(1)
	for ; n > 0; n >>= 1 {
		if n&1 == 1 {
			acc = acc.Mul(base)
			if acc.Len() > MaxSurdTerms {
				return Surd{}, fmt.Errorf("%w: power has more than %d terms", ErrTooLarge, MaxSurdTerms)
			}
		}
		if n > 1 {
			base = base.Mul(base)
			if base.Len() > MaxSurdTerms {
				return Surd{}, fmt.Errorf("%w: power has more than %d terms", ErrTooLarge, MaxSurdTerms)
			}
		}
	}
	return acc, nil
}

// Div returns s / b. It is ErrDivByZero when b is 0 and fails as Inv does.
func (s Surd) Div(b Surd) (Surd, error) {
	inv, err := b.Inv()
	if err != nil {
		return Surd{}, err
	}
	q := s.Mul(inv)
	if q.Len() > MaxSurdTerms {
		return Surd{}, fmt.Errorf("%w: quotient has more than %d terms", ErrTooLarge, MaxSurdTerms)
	}
	return q, nil
}

// Inv returns 1/s, exactly. The inverse of one term q·m is
// (1/(q·∏p))·m' with m' a monomial. A sum of several terms is multiplied
// by conjugates until one term is left, one prime p at a time (the
// largest in s):
//
//   - when some term has an odd exponent of p^(1/6), s = E + O with O the
//     terms of odd exponent, and s·(E − O) = E² − O² has only even ones
//     (the conjugate p^(1/6) ↦ −p^(1/6), which is real);
//   - when every exponent is even, s = S₀ + S₁ + S₂ grouped by exponent
//     0, 2, 4 (powers of ∛p), and s·(S₀² + S₁² + S₂² − S₀S₁ − S₁S₂ − S₀S₂)
//     = S₀³ + S₁³ + S₂³ − 3S₀S₁S₂ is free of p.
//
// Each product is the norm of s to a subfield, nonzero for a nonzero s,
// and every factor stays in the span of the monomials the terms of s
// generate: ErrTooLarge when that span passes MaxDivDim monomials or s
// passes MaxSurdTerms terms.
func (s Surd) Inv() (Surd, error) {
	switch {
	case len(s.ts) == 0:
		return Surd{}, fmt.Errorf("%w: division by 0", ErrDivByZero)
	case len(s.ts) > MaxSurdTerms:
		return Surd{}, fmt.Errorf("%w: divisor has more than %d terms", ErrTooLarge, MaxSurdTerms)
	case len(s.ts) > 1:
		if _, err := monoGroup(s); err != nil {
			return Surd{}, err
		}
	}
	acc := SurdFromInt(1)
	for len(s.ts) > 1 {
		p := uint32(0)
		for _, t := range s.ts {
			for _, x := range t.m {
				p = max(p, x.p)
			}
		}
		var parts [6][]sterm // terms by exponent of p
		for _, t := range s.ts {
			e := t.m.exp(p)
			parts[e] = append(parts[e], t)
		}
		var conj Surd
		odd := len(parts[1])+len(parts[3])+len(parts[5]) > 0
		if odd {
			conj = s
			for i := 1; i < 6; i += 2 {
				conj = conj.Sub(Surd{ts: parts[i]}).Sub(Surd{ts: parts[i]})
			}
		} else {
			s0, s1, s2 := normSurd(parts[0]), normSurd(parts[2]), normSurd(parts[4])
			conj = s0.Mul(s0).Add(s1.Mul(s1)).Add(s2.Mul(s2)).
				Sub(s0.Mul(s1)).Sub(s1.Mul(s2)).Sub(s0.Mul(s2))
		}
		next := s.Mul(conj)
		// the norm is nonzero and has dropped the odd exponents of p, or p
		if next.IsZero() || len(next.ts) > MaxDivDim || next.keeps(p, !odd) {
			return Surd{}, errors.New("algebra: internal: a norm in Inv is not reduced")
		}
		acc, s = acc.Mul(conj), next
	}
	t := s.ts[0]
	f, m := invMono(t.m)
	c := new(big.Rat).Mul(t.c, new(big.Rat).SetInt(f))
	inv := Surd{ts: []sterm{{c: c.Inv(c), m: m}}}
	return acc.Mul(inv), nil
}

// exp returns the exponent (in sixths) of p in m, 0 when p is absent.
func (m mono) exp(p uint32) uint8 {
	for _, x := range m {
		if x.p == p {
			return x.e
		}
	}
	return 0
}

// keeps reports whether a term of s has an odd exponent of p, or, with
// all, any exponent of p: what a norm step must have removed.
func (s Surd) keeps(p uint32, all bool) bool {
	for _, t := range s.ts {
		if e := t.m.exp(p); e%2 == 1 || (all && e != 0) {
			return true
		}
	}
	return false
}

// monoGroup returns the monomials generated by the terms of s under
// multiplication (exponent vectors modulo 6), the monomial 1 first, in a
// deterministic order; ErrTooLarge past MaxDivDim of them.
func monoGroup(s Surd) ([]mono, error) {
	basis := []mono{nil}
	seen := map[string]bool{"": true}
	for i := 0; i < len(basis); i++ {
		for _, t := range s.ts {
			_, m := mulMono(basis[i], t.m)
			if k := m.key(); !seen[k] {
				if len(basis) == MaxDivDim {
					return nil, fmt.Errorf("%w: divisor spans more than %d radical monomials", ErrTooLarge, MaxDivDim)
				}
				seen[k] = true
				basis = append(basis, m)
			}
		}
	}
	return basis, nil
}

// Equal reports whether s = b. The canonical form makes this a structural
// comparison.
func (s Surd) Equal(b Surd) bool {
	if len(s.ts) != len(b.ts) {
		return false
	}
	for i := range s.ts {
		if !monoEqual(s.ts[i].m, b.ts[i].m) || s.ts[i].c.Cmp(b.ts[i].c) != 0 {
			return false
		}
	}
	return true
}

// Rat returns s as a rational number, with false when s is irrational.
func (s Surd) Rat() (*big.Rat, bool) {
	switch {
	case len(s.ts) == 0:
		return new(big.Rat), true
	case len(s.ts) == 1 && len(s.ts[0].m) == 0:
		return new(big.Rat).Set(s.ts[0].c), true
	}
	return nil, false
}

// Sign returns −1, 0 or +1 as s is negative, zero or positive.
//
// Zero is read off the canonical form. Otherwise each monomial m = R^(1/6)
// (R = ∏ p^e an integer) is enclosed in [L, L+1]/2^k with
// L = ⌊(R·2^(6k))^(1/6)⌋ computed exactly on integers, the coefficients are
// scaled to integers, and the enclosure of the sum decides the sign once it
// excludes 0; k doubles until it does. A nonzero s has a nonzero value, and
// the enclosure's width Σ|aᵢ|/2^k shrinks to 0, so the loop ends.
func (s Surd) Sign() int {
	if len(s.ts) == 0 {
		return 0
	}
	pos, neg := 0, 0
	for _, t := range s.ts {
		if t.c.Sign() > 0 {
			pos++
		} else {
			neg++
		}
	}
	switch {
	case neg == 0:
		return 1
	case pos == 0:
		return -1
	}
	den := big.NewInt(1)
	for _, t := range s.ts {
		den = LCM(den, t.c.Denom())
	}
	a := make([]*big.Int, len(s.ts))
	r := make([]*big.Int, len(s.ts))
	for i, t := range s.ts {
		a[i] = new(big.Int).Mul(t.c.Num(), new(big.Int).Quo(den, t.c.Denom()))
		r[i] = t.m.radicand()
	}
	lo, hi, lb, x := new(big.Int), new(big.Int), new(big.Int), new(big.Int)
	for k := uint(64); ; k *= 2 {
		lo.SetInt64(0)
		hi.SetInt64(0)
		for i := range a {
			if len(s.ts[i].m) == 0 { // the monomial 1: exactly 2^k
				x.Lsh(a[i], k)
				lo.Add(lo, x)
				hi.Add(hi, x)
				continue
			}
			lb = iroot(iroot(x.Lsh(r[i], 6*k), 2), 3) // ⌊⌊√X⌋^(1/3)⌋ = ⌊X^(1/6)⌋
			x.Mul(a[i], lb)
			if a[i].Sign() > 0 {
				lo.Add(lo, x)
				hi.Add(hi, x.Add(x, a[i]))
			} else {
				hi.Add(hi, x)
				lo.Add(lo, x.Add(x, a[i]))
			}
		}
		switch {
		case lo.Sign() > 0:
			return 1
		case hi.Sign() < 0:
			return -1
		}
	}
}

// Cmp returns −1, 0 or +1 as s <, =, > b.
func (s Surd) Cmp(b Surd) int { return s.Sub(b).Sign() }

// CmpRat returns −1, 0 or +1 as s <, =, > r.
func (s Surd) CmpRat(r *big.Rat) int { return s.Sub(SurdFromRat(r)).Sign() }

// String renders s readably and stably: terms in canonical order, each a
// coefficient and a radical (3√2, √6/4, 2∛4, ⁶√32 for 2^(5/6), √2·∛3),
// joined by " + " and " - ": "1 + √2", "√6/4 - √2/4". The rendering is
// for people; code compares with Equal.
func (s Surd) String() string {
	if len(s.ts) == 0 {
		return "0"
	}
	var b strings.Builder
	for i, t := range s.ts {
		c := t.c
		switch {
		case i == 0 && c.Sign() < 0:
			b.WriteString("-")
		case i > 0 && c.Sign() < 0:
			b.WriteString(" - ")
		case i > 0:
			b.WriteString(" + ")
		}
		abs := new(big.Rat).Abs(c)
		if len(t.m) == 0 {
			b.WriteString(abs.RatString())
			continue
		}
		if !abs.Num().IsInt64() || abs.Num().Int64() != 1 {
			b.WriteString(abs.Num().String())
		}
		b.WriteString(t.m.String())
		if !abs.IsInt() {
			b.WriteString("/" + abs.Denom().String())
		}
	}
	return b.String()
}

// String renders a radical monomial: √A when every exponent is 1/2, ∛B
// when every one is a third, √A·∛B when both kinds occur, else ⁶√C.
func (m mono) String() string {
	sq, cb, six := big.NewInt(1), big.NewInt(1), false
	for _, x := range m {
		p := big.NewInt(int64(x.p))
		switch x.e {
		case 3:
			sq.Mul(sq, p)
		case 2:
			cb.Mul(cb, p)
		case 4:
			cb.Mul(cb, p.Mul(p, p))
		default:
			six = true
		}
	}
	if six {
		return "⁶√" + m.radicand().String()
	}
	one := big.NewInt(1)
	switch {
	case cb.Cmp(one) == 0:
		return "√" + sq.String()
	case sq.Cmp(one) == 0:
		return "∛" + cb.String()
	}
	return "√" + sq.String() + "·∛" + cb.String()
}

// PowRat returns x^e for a rational exponent e = s/t in lowest terms, as
// the real t-th root of x^s: 8^(2/3) = 4, 4^(−3/2) = 1/8, 2^(101/2) =
// 2^50·√2, (−8)^(1/3) = −2. It fails as Root does (ErrNotReal for
// (−4)^(1/2), ErrUnsupported for 2^(1/4)), with ErrDivByZero for 0 to a
// negative power, and with ErrTooLarge when x^s passes MaxRadicandBits
// bits. 0^0 = 1, as for Pow.
func PowRat(x, e *big.Rat) (Surd, error) {
	s, t := e.Num(), e.Denom()
	if x.Sign() == 0 {
		switch s.Sign() {
		case 0:
			return SurdFromInt(1), nil
		case -1:
			return Surd{}, fmt.Errorf("%w: 0^%s", ErrDivByZero, e.RatString())
		}
		return Surd{}, nil
	}
	if !t.IsInt64() || t.Int64() > MaxSurdPow {
		return Surd{}, fmt.Errorf("%w: root of index %v passes %d", ErrTooLarge, t, MaxSurdPow)
	}
	bits := new(big.Int).Mul(new(big.Int).Abs(s), big.NewInt(int64(max(x.Num().BitLen(), x.Denom().BitLen()))))
	if bits.Cmp(big.NewInt(MaxRadicandBits)) > 0 {
		return Surd{}, fmt.Errorf("%w: %s^%s passes %d bits", ErrTooLarge, shortRat(x), e.RatString(), MaxRadicandBits)
	}
	p, err := ratPowBounded(x, new(big.Int).Abs(s))
	if err != nil {
		return Surd{}, err
	}
	if s.Sign() < 0 {
		p.Inv(p)
	}
	return Root(p, int(t.Int64()))
}

// Coefficients returns the radical monomials of s and b together, those
// of s first, each in canonical order (rendered as in String: "1", "√3",
// "∛4"), with the
// coefficient of each in s and in b (0 where absent). As the canonical
// form is unique, s = b exactly when every pair of coefficients agrees:
// the certificate of a sum of radicals, whose powers are not rational.
func (s Surd) Coefficients(b Surd) (radicals []string, cs, cb []*big.Rat) {
	seen := map[string]int{}
	add := func(t sterm, side int) {
		k := t.m.key()
		i, ok := seen[k]
		if !ok {
			i = len(radicals)
			seen[k] = i
			name := "1"
			if len(t.m) > 0 {
				name = t.m.String()
			}
			radicals = append(radicals, name)
			cs, cb = append(cs, new(big.Rat)), append(cb, new(big.Rat))
		}
		if side == 0 {
			cs[i].Set(t.c)
		} else {
			cb[i].Set(t.c)
		}
	}
	for _, t := range s.ts {
		add(t, 0)
	}
	for _, t := range b.ts {
		add(t, 1)
	}
	return radicals, cs, cb
}
