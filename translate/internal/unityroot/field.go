package unityroot

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/symexpr"
)

// elem is a + b·ω, an element of Q(ω) with ω² + ω + 1 = 0. Every element
// has exactly one such form, since 1 and ω are linearly independent over
// Q (ω is not real).
type elem struct{ a, b *big.Rat }

// zero and one of the field.
func zero() elem { return elem{new(big.Rat), new(big.Rat)} }
func one() elem  { return elem{big.NewRat(1, 1), new(big.Rat)} }

// add returns x + y.
func (x elem) add(y elem) elem {
	return elem{new(big.Rat).Add(x.a, y.a), new(big.Rat).Add(x.b, y.b)}
}

// mul returns x·y: (a + bω)(c + dω) = ac − bd + (ad + bc − bd)ω, by ω² = −1 − ω.
func (x elem) mul(y elem) elem {
	ac := new(big.Rat).Mul(x.a, y.a)
	bd := new(big.Rat).Mul(x.b, y.b)
	ad := new(big.Rat).Mul(x.a, y.b)
	bc := new(big.Rat).Mul(x.b, y.a)
	re := new(big.Rat).Sub(ac, bd)
	im := new(big.Rat).Add(ad, bc)
	im.Sub(im, bd)
	return elem{re, im}
}

// inv returns 1/x, false for 0: the norm of a + bω is a² − ab + b² and its
// conjugate a + bω² = (a − b) − bω.
func (x elem) inv() (elem, bool) {
	n := new(big.Rat).Mul(x.a, x.a)
	n.Sub(n, new(big.Rat).Mul(x.a, x.b))
	n.Add(n, new(big.Rat).Mul(x.b, x.b))
	if n.Sign() == 0 {
		return elem{}, false
	}
	re := new(big.Rat).Sub(x.a, x.b)
	im := new(big.Rat).Neg(x.b)
	return elem{re.Quo(re, n), im.Quo(im, n)}, true
}

// equal reports x = y.
func (x elem) equal(y elem) bool { return x.a.Cmp(y.a) == 0 && x.b.Cmp(y.b) == 0 }

// big reports a coefficient past the bound on its size.
func (x elem) big() bool {
	for _, r := range []*big.Rat{x.a, x.b} {
		if r.Num().BitLen()+r.Denom().BitLen() > maxBits {
			return true
		}
	}
	return false
}

// String writes x as "a + bω".
func (x elem) String() string {
	switch {
	case x.b.Sign() == 0:
		return x.a.RatString()
	case x.a.Sign() == 0:
		return x.b.RatString() + "ω"
	}
	return fmt.Sprintf("%s + %sω", x.a.RatString(), x.b.RatString())
}

// fromCoeffs reduces Σ cₖ ωᵏ (lowest degree first) by ω³ = 1 and
// ω² = −1 − ω.
func fromCoeffs(cs []*big.Rat) elem {
	out := zero()
	for k, c := range cs {
		switch k % 3 {
		case 0:
			out.a.Add(out.a, c)
		case 1:
			out.b.Add(out.b, c)
		default:
			out.a.Sub(out.a, c)
			out.b.Sub(out.b, c)
		}
	}
	return out
}

// scalar reads s, an expression in ω alone (or a number), as an element
// of Q(ω); false for another name, notation symexpr does not read, a power
// too large, or a zero denominator. hasOmega reports that s names ω.
func scalar(s string) (v elem, hasOmega, ok bool) {
	w, has, ok := toW(s)
	if !ok {
		return elem{}, false, false
	}
	e, err := symexpr.Read(w)
	if err != nil {
		return elem{}, false, false
	}
	for _, n := range symexpr.Vars(e, map[string]bool{}, nil) {
		if n != "w" {
			return elem{}, false, false
		}
	}
	r, err := symexpr.ToRat(e)
	if err != nil {
		return elem{}, false, false
	}
	nc, err1 := r.Num().Coeffs("w")
	dc, err2 := r.Den().Coeffs("w")
	if err1 != nil || err2 != nil || len(nc) > maxDegree || len(dc) > maxDegree {
		return elem{}, false, false
	}
	d, ok := fromCoeffs(dc).inv()
	if !ok {
		return elem{}, false, false
	}
	v = fromCoeffs(nc).mul(d)
	if v.big() {
		return elem{}, false, false
	}
	return v, has, true
}

// toW rewrites \omega as the name w (in brackets, so "2\omega" and
// "\omega\omega" stay products) and a whole power of it, \omega^{2009}, as
// the power its exponent leaves modulo 3 (ω³ = 1). False for a text that
// has a "w" of its own or a power of anything else past maxPow.
func toW(s string) (string, bool, bool) {
	if strings.ContainsAny(s, "wW") {
		return "", false, false
	}
	var b strings.Builder
	has := false
	for i := 0; i < len(s); {
		if strings.HasPrefix(s[i:], `\omega`) {
			has = true
			i += len(`\omega`)
			if i < len(s) && (s[i] >= 'a' && s[i] <= 'z' || s[i] >= 'A' && s[i] <= 'Z' || s[i] == '_' || s[i] == '\'') {
				return "", false, false // another command, ω₁, ω′: another quantity
			}
			j := i
			for j < len(s) && s[j] == ' ' {
				j++
			}
			if j < len(s) && s[j] == '^' {
				n, end, ok := exponent(s, j+1)
				if !ok {
					return "", false, false
				}
				r := ((n % 3) + 3) % 3
				fmt.Fprintf(&b, "(w^%d)", r)
				i = end
				continue
			}
			b.WriteString("(w)")
			continue
		}
		if s[i] == '^' {
			n, _, ok := exponent(s, i+1)
			if !ok || n < -maxPow || n > maxPow {
				return "", false, false
			}
		}
		b.WriteByte(s[i])
		i++
	}
	return b.String(), has, true
}

// exponent reads a whole exponent at k: "2", "{12}", "{-1}"; the value and
// the offset after it. Anything else (a name, a fraction) is false.
func exponent(s string, k int) (int, int, bool) {
	for k < len(s) && s[k] == ' ' {
		k++
	}
	braced := k < len(s) && s[k] == '{'
	if braced {
		k++
		for k < len(s) && s[k] == ' ' {
			k++
		}
	}
	neg := false
	if braced && k < len(s) && s[k] == '-' {
		neg = true
		k++
	}
	n, digits := 0, 0
	for k < len(s) && s[k] >= '0' && s[k] <= '9' {
		if digits >= 6 {
			return 0, 0, false
		}
		n = n*10 + int(s[k]-'0')
		digits++
		k++
		if !braced {
			break // ^23 is 2 then 3
		}
	}
	if digits == 0 {
		return 0, 0, false
	}
	if braced {
		for k < len(s) && s[k] == ' ' {
			k++
		}
		if k >= len(s) || s[k] != '}' {
			return 0, 0, false
		}
		k++
	}
	if neg {
		n = -n
	}
	return n, k, true
}
