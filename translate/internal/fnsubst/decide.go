package fnsubst

import (
	"fmt"
	"math/big"
	"sort"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
	"github.com/leanprm/leanprm/translate/obligation"
)

// The decision: whether a line is the equation at the values up to a
// factor, and the obligation that refutes it.

// split groups a polynomial by its monomials in the quantities that are
// not known coefficients: each group's coefficient is a polynomial in the
// known ones.
func split(p poly, kn map[string]bool) map[string]poly {
	out := map[string]poly{}
	for _, t := range p {
		var outer, inner []factor
		for _, f := range t.m {
			if kn[f.sym] {
				inner = append(inner, f)
			} else {
				outer = append(outer, f)
			}
		}
		k := monoKey(outer)
		g := out[k]
		if g == nil {
			g = poly{}
			out[k] = g
		}
		g[monoKey(inner)] = term{c: t.c, m: inner}
	}
	return out
}

// mismatch reports that no factor makes c·p0 equal p1, whatever values
// the known coefficients take: a monomial with a numeric coefficient on
// one side that the other lacks altogether, or the same monomials with
// numbers for coefficients in two ratios ("+ x f(-x)" for "- x f(-x)").
func mismatch(p0, p1 poly, kn map[string]bool) bool {
	g0, g1 := split(p0, kn), split(p1, kn)
	numeric := func(g poly) bool { _, ok := g.constant(); return ok && len(g) > 0 }
	p1Numeric := false
	for _, g := range g1 {
		if numeric(g) {
			p1Numeric = true
		}
	}
	for k, g := range g1 {
		if numeric(g) && len(g0[k]) == 0 {
			return true
		}
	}
	for k, g := range g0 {
		if numeric(g) && len(g1[k]) == 0 && p1Numeric {
			return true
		}
	}
	// the same monomials, every coefficient a number, in no one ratio
	if len(g0) != len(g1) {
		return false
	}
	for k := range g0 {
		if len(g1[k]) == 0 {
			return false // another support: a factor may have moved it
		}
	}
	var c *big.Rat
	for _, k := range sortedGroups(g0) {
		g, h := g0[k], g1[k]
		a, okA := g.constant()
		b, okB := h.constant()
		if !okA || !okB || len(g) == 0 || len(h) == 0 {
			continue // a coefficient with known values in it
		}
		r := new(big.Rat).Quo(b, a)
		if c != nil && c.Cmp(r) != 0 {
			return true
		}
		c = r
	}
	return false
}

func sortedGroups(g map[string]poly) []string {
	out := make([]string, 0, len(g))
	for k := range g {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// proportional reports b = c·M·a for a number c and a monomial M (maybe
// with negative exponents): the same equation, its terms moved, maybe
// divided by a name or a value.
func proportional(a, b poly) bool {
	if len(a) != len(b) || len(a) == 0 {
		return false
	}
	ka, kb := a.keys(), b.keys()
	// the ratio of the monomials that sort first under their shift
	shift := func(m []factor, by map[string]int) string {
		e := map[string]int{}
		for _, f := range m {
			e[f.sym] += f.exp
		}
		for s, d := range by {
			e[s] += d
		}
		var fs []factor
		for s, x := range e {
			if x < 0 {
				return "!"
			}
			if x > 0 {
				fs = append(fs, factor{s, x})
			}
		}
		sort.Slice(fs, func(i, j int) bool { return fs[i].sym < fs[j].sym })
		return monoKey(fs)
	}
	for _, kb0 := range kb {
		ta, tb := a[ka[0]], b[kb0]
		by := map[string]int{}
		for _, f := range tb.m {
			by[f.sym] += f.exp
		}
		for _, f := range ta.m {
			by[f.sym] -= f.exp
		}
		c := new(big.Rat).Quo(tb.c, ta.c)
		ok := true
		for _, k := range ka {
			t := a[k]
			u, hit := b[shift(t.m, by)]
			if !hit || new(big.Rat).Mul(c, t.c).Cmp(u.c) != 0 {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// obligationFor writes the identity c·p0 = p1 over the names and values
// read as quantities, refuted at a point where it fails.
func obligationFor(step int, text string, line *equation, p0, p1 poly, kn map[string]bool, tactic, idTactic string) (obligation.Obligation, bool) {
	// the ratio most monomials share, 1 when none is shared
	c, best := big.NewRat(1, 1), 0
	count := map[string]int{}
	for _, k := range p1.keys() {
		if t, ok := p0[k]; ok {
			r := new(big.Rat).Quo(p1[k].c, t.c)
			count[r.RatString()]++
			if n := count[r.RatString()]; n > best {
				c, best = r, n
			}
		}
	}
	lhs := p0.scale(c)
	syms := map[string]bool{}
	for _, p := range []poly{lhs, p1} {
		for _, t := range p {
			for _, f := range t.m {
				syms[f.sym] = true
			}
		}
	}
	order := sortedKeys(syms)
	vars := map[string]string{}
	binders := make([]string, len(order))
	for i, s := range order {
		vars[s] = fmt.Sprintf("v%d", i+1)
		binders[i] = vars[s]
	}
	L, R := toExpr(lhs), toExpr(p1)
	at, ok := point(lhs, p1, order)
	if !ok {
		return obligation.Obligation{}, false
	}
	lits := map[string]string{}
	plainAt := map[string]*big.Rat{}
	var shown []string
	for _, s := range order {
		lits[s] = "(" + at[s].RatString() + " : Rat)"
		plainAt[s] = at[s]
		shown = append(shown, s+" = "+at[s].RatString())
	}
	a, errA := symexpr.Eval(L, plainAt)
	b, errB := symexpr.Eval(R, plainAt)
	if errA != nil || errB != nil || a.Cmp(b) == 0 {
		return obligation.Obligation{}, false
	}
	o := obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, line.s, line.e), Kind: obligation.KindIdentity, OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
	o.Expr = symexpr.Plain(L) + " = " + symexpr.Plain(R)
	rd := symexpr.Render{Names: vars}
	o.Prop = rd.Term(L) + " = " + rd.Term(R)
	if len(binders) == 0 {
		return obligation.Obligation{}, false
	}
	o.Lean = "example : ∀ (" + strings.Join(binders, " ") + " : Rat), " + o.Prop + " := by " + idTactic
	pt := symexpr.Render{Names: lits}
	o.LeanNeg = "example : ¬(" + pt.Term(L) + " = " + pt.Term(R) + ") := by " + tactic
	var quantities []string
	for _, s := range order {
		if strings.IndexByte(s, '(') > 0 {
			quantities = append(quantities, s)
		}
	}
	o.Note = "each value of the function read as a quantity of its own: " + strings.Join(quantities, ", ")
	if len(kn) > 0 {
		o.Note += "; the values at numbers written before taken as unknown coefficients"
	}
	o.WhyProof = "the line is the equation with its terms moved"
	o.WhyDisproof = fmt.Sprintf("no number and no factor makes the one side the other; at %s the left side is %s, the right side %s", strings.Join(shown, ", "), a.RatString(), b.RatString())
	return o, true
}

// point finds values of the quantities where l and r differ.
func point(l, r poly, order []string) (map[string]*big.Rat, bool) {
	primes := []int64{2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37}
	for try := 0; try < 6; try++ {
		at := map[string]*big.Rat{}
		for i, s := range order {
			at[s] = big.NewRat(primes[(i+try)%len(primes)]+int64(try), int64(1+try%2))
		}
		a, okA := value(l, at)
		b, okB := value(r, at)
		if okA && okB && a.Cmp(b) != 0 {
			return at, true
		}
	}
	return nil, false
}

// value is p at the point.
func value(p poly, at map[string]*big.Rat) (*big.Rat, bool) {
	sum := new(big.Rat)
	for _, t := range p {
		v := new(big.Rat).Set(t.c)
		for _, f := range t.m {
			x, ok := at[f.sym]
			if !ok {
				return nil, false
			}
			for k := 0; k < f.exp; k++ {
				v.Mul(v, x)
			}
		}
		sum.Add(sum, v)
	}
	return sum, true
}

// toExpr is p as a sum of its terms, each quantity a name.
func toExpr(p poly) *symexpr.Expr {
	var out *symexpr.Expr
	for _, k := range p.keys() {
		t := p[k]
		var m *symexpr.Expr
		for _, f := range t.m {
			v := &symexpr.Expr{Op: 'v', Name: f.sym}
			if f.exp > 1 {
				v = &symexpr.Expr{Op: '^', L: v, Exp: f.exp}
			}
			if m == nil {
				m = v
			} else {
				m = &symexpr.Expr{Op: '*', L: m, R: v}
			}
		}
		c := t.c
		neg := out != nil && c.Sign() < 0
		if neg {
			c = new(big.Rat).Neg(c)
		}
		switch {
		case m == nil:
			m = symexpr.RatExpr(c)
		case c.Cmp(big.NewRat(1, 1)) != 0:
			m = &symexpr.Expr{Op: '*', L: symexpr.RatExpr(c), R: m}
		}
		switch {
		case out == nil:
			out = m
		case neg:
			out = &symexpr.Expr{Op: '-', L: out, R: m}
		default:
			out = &symexpr.Expr{Op: '+', L: out, R: m}
		}
	}
	if out == nil {
		return symexpr.RatExpr(new(big.Rat))
	}
	return out
}
