package outcome

import (
	"errors"
	"fmt"
	"math/big"
	"strings"

	"github.com/leanprm/leanprm/hybrid/outcome/internal/expr"
	"github.com/leanprm/leanprm/translate/algebra"
)

// Bounds that keep hostile answers from costing unbounded time or memory.
const (
	// MaxAnswerBytes bounds an answer (and a gold answer) after extraction:
	// longer ones are unknown.
	MaxAnswerBytes = expr.MaxBytes
	// maxDepth bounds the nesting of an answer's expression.
	maxDepth = expr.MaxDepth
	// maxDigits bounds the digits of one number.
	maxDigits = expr.MaxDigits
	// maxPowBits bounds the size of an exact power's numerator and denominator.
	maxPowBits = 1 << 14
	// maxPiPow bounds the power of π in a value.
	maxPiPow = 16
	// maxTerms bounds the terms of a value (π powers times radicals).
	maxTerms = 64
	// maxElems bounds the elements of a tuple, list or set.
	maxElems = expr.MaxElems
)

// errUnsupported marks a form the grader does not decide; errTooLarge a
// value past the bounds. Neither is ever a verdict other than unknown.
var (
	errUnsupported = expr.ErrUnsupported
	errTooLarge    = expr.ErrTooLarge
)

// pterm is c·π^k.
type pterm struct {
	k int
	c algebra.Surd
}

// real is Σ c_k·π^k, a Laurent polynomial in π with coefficients in the
// field of square and cube roots over Q (algebra.Surd), terms sorted by k,
// every c_k nonzero. Because π is transcendental over the algebraic
// numbers, such a sum is zero only when every coefficient is, and
// algebra.Surd's form is canonical, so two reals are equal exactly when
// their term lists are: equality and inequality are both decided
// structurally, never numerically.
//
// A rational value, the common case, is held as q alone (ts nil), never
// as terms: every operation normalizes its result so, and a q is never
// modified once made (values share it).
type real struct {
	q  *big.Rat
	ts []pterm
}

func realRat(r *big.Rat) real {
	if r.Sign() == 0 {
		return real{}
	}
	return real{q: r}
}

func realSurd(s algebra.Surd) real {
	if r, ok := s.Rat(); ok {
		return realRat(r)
	}
	return real{ts: []pterm{{0, s}}}
}

func realPi() real { return real{ts: []pterm{{1, algebra.SurdFromInt(1)}}} }

// normReal puts a term list in the canonical form: a rational as q.
func normReal(ts []pterm) real {
	switch {
	case len(ts) == 0:
		return real{}
	case len(ts) == 1 && ts[0].k == 0:
		return realSurd(ts[0].c)
	}
	return real{ts: ts}
}

// terms returns a as a term list (a rational as one term).
func (a real) terms() []pterm {
	if a.q != nil {
		return []pterm{{0, algebra.SurdFromRat(a.q)}}
	}
	return a.ts
}

func (a real) isZero() bool { return a.q == nil && len(a.ts) == 0 }

// rat returns a as a rational number when it is one. The result is shared:
// the caller must not modify it.
func (a real) rat() (*big.Rat, bool) {
	switch {
	case a.q != nil:
		return a.q, true
	case len(a.ts) == 0:
		return new(big.Rat), true
	}
	return nil, false
}

// surd returns a as an algebraic number when it has no π.
func (a real) surd() (algebra.Surd, bool) {
	switch {
	case a.q != nil:
		return algebra.SurdFromRat(a.q), true
	case len(a.ts) == 0:
		return algebra.Surd{}, true
	case len(a.ts) == 1 && a.ts[0].k == 0:
		return a.ts[0].c, true
	}
	return algebra.Surd{}, false
}

func (a real) hasPi() bool {
	for _, t := range a.ts {
		if t.k != 0 {
			return true
		}
	}
	return false
}

func (a real) equal(b real) bool {
	if a.q != nil || b.q != nil {
		return a.q != nil && b.q != nil && a.q.Cmp(b.q) == 0
	}
	if len(a.ts) != len(b.ts) {
		return false
	}
	for i := range a.ts {
		if a.ts[i].k != b.ts[i].k || !a.ts[i].c.Equal(b.ts[i].c) {
			return false
		}
	}
	return true
}

func (a real) add(b real) real {
	switch {
	case a.isZero():
		return b
	case b.isZero():
		return a
	case a.q != nil && b.q != nil:
		return realRat(new(big.Rat).Add(a.q, b.q))
	}
	x, y := a.terms(), b.terms()
	out := make([]pterm, 0, len(x)+len(y))
	i, j := 0, 0
	for i < len(x) || j < len(y) {
		switch {
		case j == len(y) || (i < len(x) && x[i].k < y[j].k):
			out = append(out, x[i])
			i++
		case i == len(x) || y[j].k < x[i].k:
			out = append(out, y[j])
			j++
		default:
			if c := x[i].c.Add(y[j].c); !c.IsZero() {
				out = append(out, pterm{x[i].k, c})
			}
			i++
			j++
		}
	}
	return normReal(out)
}

func (a real) neg() real {
	if a.q != nil {
		return real{q: new(big.Rat).Neg(a.q)}
	}
	out := make([]pterm, len(a.ts))
	for i, t := range a.ts {
		out[i] = pterm{t.k, t.c.Neg()}
	}
	return real{ts: out}
}

func (a real) sub(b real) real { return a.add(b.neg()) }

func (a real) mul(b real) (real, error) {
	switch {
	case a.isZero() || b.isZero():
		return real{}, nil
	case a.q != nil && b.q != nil:
		return realRat(new(big.Rat).Mul(a.q, b.q)), nil
	}
	var out real
	for _, x := range a.terms() {
		for _, y := range b.terms() {
			k := x.k + y.k
			if k > maxPiPow || k < -maxPiPow {
				return real{}, fmt.Errorf("%w: a power of π past %d", errTooLarge, maxPiPow)
			}
			c := x.c.Mul(y.c)
			if c.Len() > algebra.MaxSurdTerms {
				return real{}, fmt.Errorf("%w: too many radicals", errTooLarge)
			}
			out = out.add(normReal([]pterm{{k, c}}))
		}
	}
	if len(out.ts) > maxTerms {
		return real{}, fmt.Errorf("%w: too many terms", errTooLarge)
	}
	return out, nil
}

// inv returns 1/a when a has one power of π (a Surd divisor of several
// radicals is fine: algebra inverts it exactly).
func (a real) inv() (real, error) {
	switch {
	case a.q != nil:
		return real{q: new(big.Rat).Inv(a.q)}, nil
	case len(a.ts) == 0:
		return real{}, fmt.Errorf("%w: division by zero", errUnsupported)
	case len(a.ts) == 1:
		c, err := a.ts[0].c.Inv()
		if err != nil {
			return real{}, fmt.Errorf("%w: %v", errUnsupported, err)
		}
		return normReal([]pterm{{-a.ts[0].k, c}}), nil
	}
	return real{}, fmt.Errorf("%w: division by a sum with π", errUnsupported)
}

// sign returns the sign of a π-free real; ok is false when a has π.
func (a real) sign() (int, bool) {
	if a.q != nil {
		return a.q.Sign(), true
	}
	s, ok := a.surd()
	if !ok {
		return 0, false
	}
	return s.Sign(), true
}

func (a real) String() string {
	if r, ok := a.rat(); ok {
		return ratString(r)
	}
	var b strings.Builder
	for i := len(a.ts) - 1; i >= 0; i-- { // highest power of π first
		t := a.ts[i]
		s := t.c.String()
		if i < len(a.ts)-1 {
			if strings.HasPrefix(s, "-") && t.c.Len() == 1 {
				b.WriteString(" - ")
				s = s[1:]
			} else {
				b.WriteString(" + ")
			}
		}
		if t.k == 0 {
			b.WriteString(s)
			continue
		}
		pi := "π"
		if t.k != 1 {
			pi = fmt.Sprintf("π^%d", t.k)
		}
		switch {
		case s == "1":
			b.WriteString(pi)
		case s == "-1":
			b.WriteString("-" + pi)
		case t.c.Len() > 1:
			b.WriteString("(" + s + ")·" + pi)
		default:
			b.WriteString(s + "·" + pi)
		}
	}
	return b.String()
}

// num is an exact complex number re + im·i.
type num struct{ re, im real }

func numRat(r *big.Rat) num { return num{re: realRat(r)} }

func (a num) isReal() bool          { return a.im.isZero() }
func (a num) equal(b num) bool      { return a.re.equal(b.re) && a.im.equal(b.im) }
func (a num) add(b num) num         { return num{a.re.add(b.re), a.im.add(b.im)} }
func (a num) neg() num              { return num{a.re.neg(), a.im.neg()} }
func (a num) sub(b num) num         { return a.add(b.neg()) }
func (a num) rat() (*big.Rat, bool) { return a.realRat() }
func (a num) realRat() (*big.Rat, bool) {
	if !a.isReal() {
		return nil, false
	}
	return a.re.rat()
}

func (a num) mul(b num) (num, error) {
	if a.isReal() && b.isReal() {
		r, err := a.re.mul(b.re)
		return num{re: r}, err
	}
	ac, err1 := a.re.mul(b.re)
	bd, err2 := a.im.mul(b.im)
	ad, err3 := a.re.mul(b.im)
	bc, err4 := a.im.mul(b.re)
	if err := errors.Join(err1, err2, err3, err4); err != nil {
		return num{}, err
	}
	return num{ac.sub(bd), ad.add(bc)}, nil
}

func (a num) inv() (num, error) {
	if a.isReal() {
		r, err := a.re.inv()
		return num{re: r}, err
	}
	// 1/(x+yi) = (x-yi)/(x²+y²)
	xx, err1 := a.re.mul(a.re)
	yy, err2 := a.im.mul(a.im)
	if err := errors.Join(err1, err2); err != nil {
		return num{}, err
	}
	d, err := xx.add(yy).inv()
	if err != nil {
		return num{}, err
	}
	return num{re: a.re, im: a.im.neg()}.mul(num{re: d})
}

func (a num) String() string {
	if a.isReal() {
		return a.re.String()
	}
	im := a.im.String()
	if len(a.im.ts) > 1 {
		im = "(" + im + ")"
	}
	switch im {
	case "1":
		im = ""
	case "-1":
		im = "-"
	}
	if a.re.isZero() {
		return im + "i"
	}
	if strings.HasPrefix(im, "-") {
		return a.re.String() + " - " + im[1:] + "i"
	}
	return a.re.String() + " + " + im + "i"
}

// ratString renders a rational as a decimal when it terminates within 12
// places (0.75, 2.5), else as a fraction (1/3).
func ratString(r *big.Rat) string {
	if r.IsInt() {
		return r.Num().String()
	}
	d := new(big.Int).Set(r.Denom())
	places := 0
	for _, p := range []int64{2, 5} {
		bp := big.NewInt(p)
		n := 0
		for {
			q, rem := new(big.Int).QuoRem(d, bp, new(big.Int))
			if rem.Sign() != 0 {
				break
			}
			d = q
			n++
		}
		places = max(places, n)
	}
	if d.Cmp(big.NewInt(1)) != 0 {
		return r.RatString()
	}
	if places > 12 {
		return r.RatString()
	}
	return r.FloatString(places)
}
