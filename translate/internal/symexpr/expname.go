package symexpr

import (
	"errors"
	"fmt"
	"math/big"
	"sort"
	"strings"

	"github.com/leanprm/leanprm/translate/algebra"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
)

// Powers with a name in the exponent: 2^n, 3^{x+2}, \left(\frac{1}{2}\right)^{2 \cdot 3^n},
// 2^{2^n}. The base must be a positive rational. Such a power has no
// value at a point, so the usual evaluators refuse it (errExpOfName);
// ExpIdentity decides an equation between trees with them by writing
// each as a product of powers of primes, p^{c·M} for each monomial M of
// the exponent, and reading p^{M} as a quantity of its own: a constant
// term of the exponent gives a number, and a coefficient that is no
// whole number is refused (3^{n/2} beside 3^n would need one name for
// both). The quantities p^{M} for distinct pairs (p, M) are
// exponentials of functions (M·log p) that are linearly independent over
// Q modulo constants, hence algebraically independent of one another and
// of the names themselves (Lindemann–Weierstrass, functional form): an
// equation that fails as an identity of rational functions in them fails
// for some value of the names.

var errExpOfName = errors.New("a power with a name in its exponent has no value at a point")

// expMaxBase bounds a base's numerator and denominator (trial division
// to its square root); expMaxPower the power of one quantity.
const (
	expMaxBase  = 1_000_000_000
	expMaxPower = 256
)

// expOfName reads the exponent after '^' when it has a name, returning
// the power of base (nil, with nothing consumed, when the exponent has
// no name or the mode does not read such powers).
func (r *sreader) expOfName(base *Expr) *Expr {
	if !r.expNames && r.idx == "" || r.i >= len(r.s) {
		return nil
	}
	start := r.i
	var x *Expr
	switch c := r.s[r.i]; {
	case c == '{':
		end := mathtext.MatchBrace(r.s, r.i, len(r.s))
		if end < 0 || !hasLetter(r.s[r.i+1:end]) {
			return nil
		}
		r.i++
		x = r.expr()
		r.skip()
		if r.i >= len(r.s) || r.s[r.i] != '}' {
			r.fail("an unclosed exponent")
		}
		r.i++
	case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		x = r.name()
	default:
		return nil
	}
	if !HasVar(x) {
		r.i = start
		return nil
	}
	if !r.expNames {
		// in a sum: only the index, which is put in (2^k at k = 3)
		if vs := Vars(x, map[string]bool{}, nil); len(vs) != 1 || vs[0] != r.idx {
			r.fail("an exponent that is not a number")
		}
	}
	if HasVar(base) || HasTrigOfName(base) {
		r.fail("a power with names in the base and the exponent")
	}
	if v, err := Eval(base, nil); err != nil || v.Sign() <= 0 {
		r.fail("a power with a name in the exponent of a base that is not a positive rational")
	}
	return r.node(&Expr{Op: 'X', L: base, R: x})
}

// hasLetter reports an ASCII letter outside a command name.
func hasLetter(s string) bool {
	for k := 0; k < len(s); k++ {
		switch c := s[k]; {
		case c == '\\':
			for k+1 < len(s) && (s[k+1] >= 'a' && s[k+1] <= 'z' || s[k+1] >= 'A' && s[k+1] <= 'Z') {
				k++
			}
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			return true
		}
	}
	return false
}

// closedExponent is the value of an exponent without names, a small
// whole number.
func closedExponent(x *Expr) (int, error) {
	v, err := Eval(x, nil)
	if err != nil {
		return 0, err
	}
	if !v.IsInt() || !v.Num().IsInt64() || abs(int(v.Num().Int64())) > symMaxExp {
		return 0, errors.New("an exponent that is not a small whole number")
	}
	return int(v.Num().Int64()), nil
}

// HasExpOfName reports a power with a name in its exponent in e.
func HasExpOfName(e *Expr) bool {
	if e == nil {
		return false
	}
	return e.Op == 'X' && HasVar(e.R) || HasExpOfName(e.L) || HasExpOfName(e.R)
}

// ExpIdentity rewrites a = b as above.
func ExpIdentity(a, b *Expr) (Cert, error) {
	ar := expNumbers{atoms: map[string]bool{}}
	va, err := evalTree[algebra.Rat](a, ar)
	if err != nil {
		return Cert{}, err
	}
	vb, err := evalTree[algebra.Rat](b, ar)
	if err != nil {
		return Cert{}, err
	}
	names := make([]string, 0, len(ar.atoms))
	for n := range ar.atoms {
		names = append(names, n)
	}
	sort.Strings(names)
	note := "each power with a name in its exponent read as powers of primes, " + strings.Join(names, ", ") + " as quantities of their own (distinct exponentials are algebraically independent); both sides times their denominators"
	return cert(va, vb, note)
}

// expNumbers are rational functions of the names and of the quantities
// p^{M} that powers of names are written in.
type expNumbers struct {
	ratFnNumbers
	atoms map[string]bool
}

var _ numbers[algebra.Rat] = expNumbers{}

func (ar expNumbers) expName(e *Expr) (algebra.Rat, error) {
	base, err := Eval(e.L, nil)
	if err != nil || base.Sign() <= 0 {
		return algebra.Rat{}, errors.New("a base that is not a positive rational")
	}
	x, err := evalTree[algebra.Rat](e.R, ar)
	if err != nil {
		return algebra.Rat{}, err
	}
	if x.Den().Degree() != 0 {
		return algebra.Rat{}, errors.New("an exponent with a name in a denominator")
	}
	d, err := x.Den().Eval(nil)
	if err != nil || d.Sign() == 0 {
		return algebra.Rat{}, errors.New("an exponent with no value")
	}
	primes, err := primePowers(base)
	if err != nil {
		return algebra.Rat{}, err
	}
	out := algebra.FromPoly(algebra.Int(1))
	for _, pk := range primes {
		for _, m := range x.Num().Monomials() {
			c := new(big.Rat).Quo(m.Coef, d)
			c.Mul(c, big.NewRat(pk.k, 1))
			if !c.IsInt() || !c.Num().IsInt64() || abs(int(c.Num().Int64())) > expMaxPower {
				return algebra.Rat{}, errors.New("a power of a prime that is no small whole power of one quantity")
			}
			n := int(c.Num().Int64())
			var f algebra.Rat
			if len(m.Vars) == 0 {
				f = algebra.FromPoly(algebra.Const(new(big.Rat).SetInt(big.NewInt(pk.p))))
			} else {
				atom := fmt.Sprintf("%d^{%s}", pk.p, monoString(m))
				ar.atoms[atom] = true
				f = algebra.FromPoly(algebra.Var(atom))
			}
			p, err := ar.pow(f, n)
			if err != nil {
				return algebra.Rat{}, err
			}
			out = out.Mul(p)
		}
	}
	return out, nil
}

// monoString writes the names of a monomial, "n", "n^2*x".
func monoString(m algebra.Monomial) string {
	parts := make([]string, len(m.Vars))
	for i, v := range m.Vars {
		parts[i] = v
		if m.Exps[i] > 1 {
			parts[i] += fmt.Sprintf("^%d", m.Exps[i])
		}
	}
	return strings.Join(parts, "*")
}

type primePower struct{ p, k int64 }

// primePowers factors a positive rational by trial division, with
// negative powers for the denominator's primes.
func primePowers(q *big.Rat) ([]primePower, error) {
	var out []primePower
	for sign, part := range []*big.Int{q.Num(), q.Denom()} {
		if !part.IsInt64() || part.Int64() > expMaxBase {
			return nil, errors.New("a base too large to factor")
		}
		n := part.Int64()
		for p := int64(2); p*p <= n; p++ {
			var k int64
			for n%p == 0 {
				n /= p
				k++
			}
			if k > 0 {
				if sign == 1 {
					k = -k
				}
				out = append(out, primePower{p, k})
			}
		}
		if n > 1 {
			k := int64(1)
			if sign == 1 {
				k = -1
			}
			out = append(out, primePower{n, k})
		}
	}
	return out, nil
}
