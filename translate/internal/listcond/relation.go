package listcond

import (
	"fmt"
	"github.com/leanprm/leanprm/translate/internal/dialect"
	"math/big"
	"regexp"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/arith"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
	"github.com/leanprm/leanprm/translate/obligation"
)

// relOps are the relations a condition may state, as written and in the
// dialect.
var relOps = map[string]string{
	"=": "=", "<": "<", ">": ">", `\lt`: "<", `\gt`: ">", `\le`: "≤", `\leq`: "≤", `\leqslant`: "≤",
	`\ge`: "≥", `\geq`: "≥", `\geqslant`: "≥", `\ne`: "≠", `\neq`: "≠", "≤": "≤", "≥": "≥", "≠": "≠", `\equiv`: "≡", "≡": "≡",
}

// splitRel splits src at its one relation; false when it has none or
// more than one (a chain).
func splitRel(src string) (l, op, r string, ok bool) {
	at, n := -1, 0
	var w string
	for i := 0; i < len(src); i++ {
		c := src[i]
		tok := ""
		switch {
		case c == '\\':
			j := i + 1
			for j < len(src) && (src[j] >= 'a' && src[j] <= 'z' || src[j] >= 'A' && src[j] <= 'Z') {
				j++
			}
			tok = src[i:j]
		case c == '=' || c == '<' || c == '>':
			tok = src[i : i+1]
		case strings.HasPrefix(src[i:], "≤"), strings.HasPrefix(src[i:], "≥"), strings.HasPrefix(src[i:], "≠"), strings.HasPrefix(src[i:], "≡"):
			tok = src[i : i+len("≤")]
		}
		if tok == "" {
			continue
		}
		if d, isRel := relOps[tok]; isRel {
			at, w, op = i, tok, d
			n++
		}
		i += len(tok) - 1
	}
	if n != 1 {
		return "", "", "", false
	}
	return src[:at], op, src[at+len(w):], true
}

// modRE is the modulus written after a congruence's right side.
var modRE = regexp.MustCompile(`^(.*?)\s*(?:\\pmod\s*\{\s*(\d{1,9})\s*\}|\\pmod\s*(\d{1,9})|\(\s*\\?(?:b?mod)\s*\{?\s*(\d{1,9})\s*\}?\s*\))\s*$`)

// relCond is "satisfy src", src one relation in the name.
func relCond(src, name string) (cond, bool) {
	ls, op, rs, ok := splitRel(src)
	if !ok {
		return cond{}, false
	}
	var mod *big.Int
	if op == "≡" {
		m := modRE.FindStringSubmatch(rs)
		if m == nil {
			return cond{}, false
		}
		rs = m[1]
		mod, _ = new(big.Int).SetString(m[2]+m[3]+m[4], 10)
		if mod.Sign() <= 0 {
			return cond{}, false
		}
	}
	l, errL := symexpr.Read(ls)
	r, errR := symexpr.Read(rs)
	if errL != nil || errR != nil {
		return cond{}, false
	}
	if !onlyName(l, name) || !onlyName(r, name) || !symexpr.HasName(l, name) && !symexpr.HasName(r, name) {
		return cond{}, false
	}
	return cond{name: name, check: func(step int, text string, s int, v value, tactic string) (obligation.Obligation, bool) {
		lv, lt, okL := at(l, name, v.n)
		rv, rt, okR := at(r, name, v.n)
		if !okL || !okR {
			return obligation.Obligation{}, false
		}
		if mod != nil {
			return congruence(step, text, s, v, name, src, lt, rt, lv, rv, mod, tactic)
		}
		if dialect.Compare(lv, rv, op) {
			return obligation.Obligation{}, false
		}
		kind := obligation.KindInequality
		if op == "=" {
			kind = obligation.KindEquality
		}
		o := newObl(step, text, s, v.e, kind)
		o.Expr = fmt.Sprintf("%s %s %s at %s = %s", symexpr.Plain(l), op, symexpr.Plain(r), name, v.n)
		o.Prop = lt + " " + op + " " + rt
		o.OnProof, o.OnDisproof = obligation.Verified, obligation.Refuted
		o.WhyProof = fmt.Sprintf("%s satisfies %s", v.n, src)
		o.WhyDisproof = fmt.Sprintf("%s is listed for %s, but there %s is %s and %s is %s", v.n, name, symexpr.Plain(l), lv.RatString(), symexpr.Plain(r), rv.RatString())
		o.Note = "a value listed for " + name + " against the relation the same sentence states it satisfies"
		o.Lean, o.LeanNeg = arith.Declarations(o.Prop, tactic)
		return o, true
	}}, true
}

// onlyName reports an expression with no name but name.
func onlyName(e *symexpr.Expr, name string) bool {
	for _, v := range symexpr.Vars(e, map[string]bool{}, nil) {
		if v != name {
			return false
		}
	}
	return true
}

// congruence refutes lv ≡ rv (mod m) by a certificate: lv − rv = m·q + s
// with 0 < s < m. A difference that is not whole is left alone.
func congruence(step int, text string, s int, v value, name, src, lt, rt string, lv, rv *big.Rat, m *big.Int, tactic string) (obligation.Obligation, bool) {
	d := new(big.Rat).Sub(lv, rv)
	if !d.IsInt() {
		return obligation.Obligation{}, false
	}
	q, rem := new(big.Int).DivMod(d.Num(), m, new(big.Int)) // Euclidean: 0 ≤ rem < m
	if rem.Sign() == 0 {
		return obligation.Obligation{}, false
	}
	o := newObl(step, text, s, v.e, obligation.KindClosedValue)
	o.Expr = fmt.Sprintf("%s at %s = %s", src, name, v.n)
	o.Prop = fmt.Sprintf("(%s) - (%s) = %s * %s + %s ∧ (0 : Rat) < %s ∧ %s < %s", lt, rt, intTerm(m), intTerm(q), intTerm(rem), intTerm(rem), intTerm(rem), intTerm(m))
	o.OnProof, o.OnDisproof = obligation.Refuted, obligation.Unknown
	o.WhyProof = fmt.Sprintf("%s is listed for %s, but there the two sides differ by %s, which leaves %s on division by %s", v.n, name, d.RatString(), rem, m)
	o.Note = "a value listed for " + name + " against the congruence stated with it; P is a certificate that the difference is not a multiple of the modulus"
	o.Lean, o.LeanNeg = arith.Declarations(o.Prop, tactic)
	return o, true
}
