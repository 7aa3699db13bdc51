package eqrewrite

import (
	"math/big"
	"strconv"
	"strings"

	"github.com/leanprm/leanprm/translate/algebra"
)

// maxMonomials bounds the monomials of a span test.
const maxMonomials = 200

// inSpan reports target a combination with rational coefficients of the
// polynomials of basis: the equation target = 0 follows from the basis's
// equations by adding multiples of them, as a substitution of a stated
// value or relation does. Too many monomials count as in the span.
func inSpan(target algebra.Poly, basis []algebra.Poly) bool {
	keys := map[string]int{}
	vec := func(p algebra.Poly) map[int]*big.Rat {
		out := map[int]*big.Rat{}
		for _, m := range p.Monomials() {
			var b strings.Builder
			for i, v := range m.Vars {
				b.WriteString(v + "^" + strconv.FormatUint(uint64(m.Exps[i]), 10) + "*")
			}
			k, ok := keys[b.String()]
			if !ok {
				k = len(keys)
				keys[b.String()] = k
			}
			out[k] = m.Coef
		}
		return out
	}
	// Rows in echelon form, each with its pivot.
	type row struct {
		pivot int
		v     map[int]*big.Rat
	}
	var rows []row
	reduce := func(v map[int]*big.Rat) map[int]*big.Rat {
		for _, r := range rows {
			c, ok := v[r.pivot]
			if !ok {
				continue
			}
			f := new(big.Rat).Quo(c, r.v[r.pivot])
			for k, x := range r.v {
				y := new(big.Rat).Mul(f, x)
				if cur, ok := v[k]; ok {
					y.Sub(cur, y)
				} else {
					y.Neg(y)
				}
				if y.Sign() == 0 {
					delete(v, k)
				} else {
					v[k] = y
				}
			}
		}
		return v
	}
	for _, p := range basis {
		v := reduce(vec(p))
		if len(keys) > maxMonomials {
			return true
		}
		for k := range v {
			rows = append(rows, row{pivot: k, v: v})
			break
		}
	}
	v := reduce(vec(target))
	return len(keys) > maxMonomials || len(v) == 0
}

// multiple reports p = c·q for a nonzero rational c: where q vanishes p
// does too, so no point of q's equation fails p's, and the point search
// is skipped.
func multiple(p, q algebra.Poly) bool {
	mp, mq := p.Monomials(), q.Monomials()
	if len(mp) == 0 || len(mq) == 0 || len(mp) != len(mq) {
		return false
	}
	cp, cq := algebra.Const(mp[0].Coef), algebra.Const(mq[0].Coef)
	return p.Mul(cq).Equal(q.Mul(cp))
}
