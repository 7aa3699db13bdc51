package algebra

import (
	"errors"
	"fmt"
	"math/big"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// MaxPowDegree bounds the total degree of a result of Pow, MaxPowTerms the
// number of its terms, and MaxPowWork the term products of one
// multiplication step inside Pow: hostile input such as (x+y+z)^100000 gets
// an error instead of exhausting memory.
const (
	MaxPowDegree = 256
	MaxPowTerms  = 20000
	MaxPowWork   = 1 << 22
)

// ErrTooLarge reports that a result would pass one of the documented bounds.
var ErrTooLarge = errors.New("algebra: result too large")

// ErrDivByZero reports a division by the zero polynomial.
var ErrDivByZero = errors.New("algebra: division by the zero polynomial")

// factor is one variable raised to a positive exponent.
type factor struct {
	v string
	e uint
}

// term is coef times the product of its factors, which are sorted by
// variable name with distinct names and positive exponents; coef is nonzero.
type term struct {
	coef *big.Rat
	fs   []factor
}

func (t term) degree() uint {
	var d uint
	for _, f := range t.fs {
		d += f.e
	}
	return d
}

// monoKey is a canonical, unambiguous encoding of the monomial: each name
// is length-prefixed, so no choice of names can make two different
// monomials share a key (and be wrongly merged).
func monoKey(fs []factor) string {
	b := make([]byte, 0, 16*len(fs))
	for _, f := range fs {
		b = strconv.AppendInt(b, int64(len(f.v)), 10)
		b = append(b, ':')
		b = append(b, f.v...)
		b = strconv.AppendUint(b, uint64(f.e), 10)
		b = append(b, ';')
	}
	return string(b)
}

// monoLess orders monomials: higher total degree first, then
// lexicographically by (variable, exponent) with a larger exponent of an
// earlier variable first (graded lexicographic order).
func monoLess(a, b []factor) bool {
	da, db := term{fs: a}.degree(), term{fs: b}.degree()
	if da != db {
		return da > db
	}
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i].v != b[i].v {
			return a[i].v < b[i].v
		}
		if a[i].e != b[i].e {
			return a[i].e > b[i].e
		}
	}
	return len(a) > len(b)
}

// Poly is a multivariate polynomial over Q. Values are immutable: every
// operation returns a new Poly and never changes its arguments. The zero
// value is the zero polynomial.
//
// Normal form: no term has a zero coefficient, no two terms share a
// monomial, and terms are sorted by monoLess; so two equal polynomials have
// identical term lists.
type Poly struct {
	ts []term
}

// Const returns the constant polynomial c.
func Const(c *big.Rat) Poly {
	if c.Sign() == 0 {
		return Poly{}
	}
	return Poly{ts: []term{{coef: copyQ(c)}}}
}

// Int returns the constant polynomial n.
func Int(n int64) Poly {
	if n == 0 {
		return Poly{}
	}
	return Poly{ts: []term{{coef: intQ(n)}}}
}

// Var returns the polynomial consisting of the variable name.
func Var(name string) Poly {
	v := &varTerm{f: [1]factor{{v: name, e: 1}}}
	v.t[0] = term{coef: intQ(1), fs: v.f[:]}
	return Poly{ts: v.t[:]}
}

// varTerm is Var's term and factor, allocated together.
type varTerm struct {
	t [1]term
	f [1]factor
}

// fewTerms is the most terms normalize merges by comparing factors rather
// than through a map of monomial keys.
const fewTerms = 16

// normalize builds the normal form from arbitrary terms (whose factors are
// already canonical): it merges equal monomials, drops zeros and sorts.
func normalize(ts []term) Poly {
	if len(ts) == 1 {
		// one term: nothing to merge or sort (a product of monomials, a
		// number times a number)
		if ts[0].coef.Sign() == 0 {
			return Poly{}
		}
		return Poly{ts: []term{{coef: ts[0].coef, fs: ts[0].fs}}}
	}
	return mergeTerms(ts, len(ts) > fewTerms)
}

// mergeTerms is normalize for two or more terms: equal monomials are found
// by their key (byKey), or by comparing their factors (the same test:
// monoKey is one to one).
func mergeTerms(ts []term, byKey bool) Poly {
	var idx map[string]int
	if byKey {
		idx = make(map[string]int, len(ts))
	}
	out := make([]term, 0, len(ts))
	for _, t := range ts {
		i := -1
		if idx != nil {
			k := monoKey(t.fs)
			if j, ok := idx[k]; ok {
				i = j
			} else {
				idx[k] = len(out)
			}
		} else {
			i = slices.IndexFunc(out, func(o term) bool { return slices.Equal(o.fs, t.fs) })
		}
		if i >= 0 {
			// a new number: the terms' coefficients are shared, never changed
			out[i].coef = AddQ(out[i].coef, t.coef)
			continue
		}
		out = append(out, t)
	}
	kept := out[:0]
	for _, t := range out {
		if t.coef.Sign() != 0 {
			kept = append(kept, t)
		}
	}
	// the monomials are distinct: any sort gives the one order
	slices.SortFunc(kept, func(a, b term) int {
		switch {
		case monoLess(a.fs, b.fs):
			return -1
		case monoLess(b.fs, a.fs):
			return 1
		}
		return 0
	})
	if len(kept) == 0 {
		return Poly{}
	}
	return Poly{ts: kept}
}

// pow is the one-term polynomial t^n for n ≥ 1: the coefficient's
// numerator and denominator raised once each, every exponent times n (the
// order of the factors is kept). Pow has checked the degree.
func (t term) pow(n uint) Poly {
	e := new(big.Int).SetUint64(uint64(n))
	coef := new(big.Rat)
	if t.coef.IsInt() {
		coef.Num().Exp(t.coef.Num(), e, nil)
	} else {
		num := new(big.Int).Exp(t.coef.Num(), e, nil)
		coef.SetFrac(num, new(big.Int).Exp(t.coef.Denom(), e, nil))
	}
	fs := make([]factor, len(t.fs))
	for i, f := range t.fs {
		fs[i] = factor{v: f.v, e: f.e * n}
	}
	return Poly{ts: []term{{coef: coef, fs: fs}}}
}

// mulFactors multiplies two canonical monomials.
func mulFactors(a, b []factor) []factor {
	out := make([]factor, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i].v == b[j].v:
			out = append(out, factor{a[i].v, a[i].e + b[j].e})
			i++
			j++
		case a[i].v < b[j].v:
			out = append(out, a[i])
			i++
		default:
			out = append(out, b[j])
			j++
		}
	}
	out = append(out, a[i:]...)
	return append(out, b[j:]...)
}

// Add returns p + q: the two normal forms merged in their order (as
// normalize would sort them), the coefficients of a monomial in both added
// and a zero sum dropped.
func (p Poly) Add(q Poly) Poly {
	a, b := p.ts, q.ts
	ts := make([]term, 0, len(a)+len(b))
	for len(a) > 0 && len(b) > 0 {
		switch {
		case monoLess(a[0].fs, b[0].fs):
			ts, a = append(ts, a[0]), a[1:]
		case monoLess(b[0].fs, a[0].fs):
			ts, b = append(ts, b[0]), b[1:]
		default:
			// a new number: the terms' coefficients are shared, never changed
			if c := AddQ(a[0].coef, b[0].coef); c.Sign() != 0 {
				ts = append(ts, term{coef: c, fs: a[0].fs})
			}
			a, b = a[1:], b[1:]
		}
	}
	ts = append(append(ts, a...), b...)
	if len(ts) == 0 {
		return Poly{}
	}
	return Poly{ts: ts}
}

// Neg returns -p.
func (p Poly) Neg() Poly {
	ts := make([]term, len(p.ts))
	for i, t := range p.ts {
		ts[i] = term{coef: negQ(t.coef), fs: t.fs}
	}
	return Poly{ts: ts}
}

// Sub returns p - q.
func (p Poly) Sub(q Poly) Poly { return p.Add(q.Neg()) }

// Mul returns p * q. A product by one term keeps the other's order
// (monoLess is a monomial order) and has no two equal monomials and no zero
// coefficient: it is in normal form as built.
func (p Poly) Mul(q Poly) Poly {
	if len(p.ts) == 1 && len(q.ts) > 0 || len(q.ts) == 1 && len(p.ts) > 0 {
		m, o := p.ts[0], q.ts
		if len(p.ts) != 1 {
			m, o = q.ts[0], p.ts
		}
		ts := make([]term, len(o))
		for i, t := range o {
			ts[i] = mulTerms(m, t)
		}
		return Poly{ts: ts}
	}
	ts := make([]term, 0, len(p.ts)*len(q.ts))
	for _, a := range p.ts {
		for _, b := range q.ts {
			ts = append(ts, mulTerms(a, b))
		}
	}
	return normalize(ts)
}

// mulTerms multiplies two terms. A coefficient 1 or a term without factors
// shares the other term's coefficient or factors: terms never change theirs.
func mulTerms(a, b term) term {
	var t term
	switch {
	case isOneQ(a.coef):
		t.coef = b.coef
	case isOneQ(b.coef):
		t.coef = a.coef
	default:
		t.coef = MulQ(a.coef, b.coef)
	}
	switch {
	case len(a.fs) == 0 && len(b.fs) > 0:
		t.fs = b.fs
	case len(b.fs) == 0 && len(a.fs) > 0:
		t.fs = a.fs
	default:
		t.fs = mulFactors(a.fs, b.fs)
	}
	return t
}

// isOneQ reports whether x is 1.
func isOneQ(x *big.Rat) bool {
	return x.IsInt() && x.Num().IsInt64() && x.Num().Int64() == 1
}

// Pow returns p^n (p^0 = 1, including 0^0). It returns ErrTooLarge when the
// result's total degree would pass MaxPowDegree, its term count
// MaxPowTerms, or one step MaxPowWork; the degree is checked before any
// work is done.
func (p Poly) Pow(n uint) (Poly, error) {
	if n == 0 {
		return Int(1), nil
	}
	if p.IsZero() {
		return Poly{}, nil
	}
	if n == 1 {
		return p, nil
	}
	// Compare each factor first so d*n cannot overflow.
	if d := uint64(p.Degree()); d > 0 && (uint64(n) > MaxPowDegree || d > MaxPowDegree || d*uint64(n) > MaxPowDegree) {
		return Poly{}, fmt.Errorf("%w: degree %d^%d passes %d", ErrTooLarge, d, n, MaxPowDegree)
	}
	if p.Degree() == 0 && n > MaxPowDegree {
		return Poly{}, fmt.Errorf("%w: constant to the power %d passes %d", ErrTooLarge, n, MaxPowDegree)
	}
	if len(p.ts) == 1 {
		return p.ts[0].pow(n), nil
	}
	r := Int(1)
	for i := uint(0); i < n; i++ {
		if len(r.ts)*len(p.ts) > MaxPowWork {
			return Poly{}, fmt.Errorf("%w: a step would multiply %d by %d terms", ErrTooLarge, len(r.ts), len(p.ts))
		}
		r = r.Mul(p)
		if len(r.ts) > MaxPowTerms {
			return Poly{}, fmt.Errorf("%w: more than %d terms", ErrTooLarge, MaxPowTerms)
		}
	}
	return r, nil
}

// IsZero reports whether p is the zero polynomial.
func (p Poly) IsZero() bool { return len(p.ts) == 0 }

// Equal reports whether p and q are the same polynomial.
func (p Poly) Equal(q Poly) bool {
	if len(p.ts) != len(q.ts) {
		return false
	}
	for i := range p.ts {
		a, b := p.ts[i], q.ts[i]
		if CmpQ(a.coef, b.coef) != 0 || len(a.fs) != len(b.fs) {
			return false
		}
		for j := range a.fs {
			if a.fs[j] != b.fs[j] {
				return false
			}
		}
	}
	return true
}

// Degree returns the total degree of p; the zero polynomial has degree 0.
func (p Poly) Degree() uint {
	if len(p.ts) == 0 {
		return 0
	}
	return p.ts[0].degree() // the normal form puts the highest degree first
}

// Terms returns the number of terms of p (0 for the zero polynomial).
func (p Poly) Terms() int { return len(p.ts) }

// DegreeIn returns the degree of p in the variable v.
func (p Poly) DegreeIn(v string) uint {
	var d uint
	for _, t := range p.ts {
		for _, f := range t.fs {
			if f.v == v && f.e > d {
				d = f.e
			}
		}
	}
	return d
}

// Vars returns the variables occurring in p, sorted.
func (p Poly) Vars() []string {
	seen := map[string]bool{}
	var vs []string
	for _, t := range p.ts {
		for _, f := range t.fs {
			if !seen[f.v] {
				seen[f.v] = true
				vs = append(vs, f.v)
			}
		}
	}
	sort.Strings(vs)
	return vs
}

// Eval evaluates p at the assignment; every variable of p must be assigned.
func (p Poly) Eval(at map[string]*big.Rat) (*big.Rat, error) {
	sum := new(big.Rat)
	for _, t := range p.ts {
		v := new(big.Rat).Set(t.coef)
		for _, f := range t.fs {
			x, ok := at[f.v]
			if !ok || x == nil {
				return nil, fmt.Errorf("algebra: variable %q has no value", f.v)
			}
			if f.e == 1 {
				v.Mul(v, x)
				continue
			}
			num := new(big.Int).Exp(x.Num(), new(big.Int).SetUint64(uint64(f.e)), nil)
			den := new(big.Int).Exp(x.Denom(), new(big.Int).SetUint64(uint64(f.e)), nil)
			v.Mul(v, new(big.Rat).SetFrac(num, den))
		}
		sum.Add(sum, v)
	}
	return sum, nil
}

// Subst returns p with every occurrence of the variable v replaced by q.
// It returns ErrTooLarge when a power of q passes the Pow bounds.
func (p Poly) Subst(v string, q Poly) (Poly, error) {
	r := Poly{}
	for _, t := range p.ts {
		rest := make([]factor, 0, len(t.fs))
		var e uint
		for _, f := range t.fs {
			if f.v == v {
				e = f.e
				continue
			}
			rest = append(rest, f)
		}
		qe, err := q.Pow(e)
		if err != nil {
			return Poly{}, err
		}
		r = r.Add(Poly{ts: []term{{coef: t.coef, fs: rest}}}.Mul(qe))
	}
	return r, nil
}

// String renders p deterministically, e.g. "x^2 - 2*x*y + 3/4"; the zero
// polynomial is "0".
func (p Poly) String() string {
	if len(p.ts) == 0 {
		return "0"
	}
	var b strings.Builder
	for i, t := range p.ts {
		c := new(big.Rat).Set(t.coef)
		neg := c.Sign() < 0
		if neg {
			c.Neg(c)
		}
		switch {
		case i == 0 && neg:
			b.WriteString("-")
		case i > 0 && neg:
			b.WriteString(" - ")
		case i > 0:
			b.WriteString(" + ")
		}
		one := c.Cmp(big.NewRat(1, 1)) == 0
		if !one || len(t.fs) == 0 {
			b.WriteString(c.RatString())
		}
		for j, f := range t.fs {
			if j > 0 || !one {
				b.WriteString("*")
			}
			b.WriteString(f.v)
			if f.e > 1 {
				fmt.Fprintf(&b, "^%d", f.e)
			}
		}
	}
	return b.String()
}
