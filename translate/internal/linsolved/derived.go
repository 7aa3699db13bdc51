package linsolved

import (
	"fmt"
	"math/big"
	"regexp"
	"slices"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
	"github.com/leanprm/leanprm/translate/obligation"
)

var (
	// deriveRE in the prose before an equation names an operation done to
	// the equation just before.
	deriveRE = regexp.MustCompile(`\b(?:simplif\w*|combin\w*|rearrang\w*|subtract\w*|add|adding|multipl\w*|divid\w*|expand\w*|distribut\w*|collect\w*|isolat\w*|both sides)\b`)
	// otherRE makes the equation another one than a derivation: one set
	// up, written from what is given, substituted into, or one of several.
	otherRE = regexp.MustCompile(`\b(?:set|sets|setting|form|forming|write|writing|written|given|know|knowing|new|another|second|other|next|first|substitut\w*|plug\w*|replac\w*|each|system|equations)\b`)
)

// derived refutes the linear equation that ends body when the text
// derives it from the one that ends eqText ("We can simplify this
// equation to: 56 + x = 51" after "… = 51" whose solution is 3) and it
// fails at that equation's solution. The two equations must hold the same
// decimals ("0.1x - $100 = $200" then "0.1x = $1100"): a decimal made or
// dropped may be a rounding.
func derived(step int, text string, at int, body, eqText, idTactic, tactic string) *obligation.Obligation {
	l2, r2, name, start, ok := tailEquation(body)
	if !ok {
		return nil
	}
	prose := strings.ToLower(body[:start])
	prose = prose[len(stepLabelRE.FindString(prose)):]
	if len(prose) > maxLead || !deriveRE.MatchString(prose) || otherRE.MatchString(prose) {
		return nil
	}
	l1, r1, ok := readEquation(eqText, name)
	if !ok || !slices.Equal(decimals(l1, decimals(r1, nil)), decimals(l2, decimals(r2, nil))) {
		return nil // a decimal made or dropped: the derivation may round
	}
	f1l, ok1 := linear(l1)
	f1r, ok2 := linear(r1)
	f2l, ok3 := linear(l2)
	f2r, ok4 := linear(r2)
	if !ok1 || !ok2 || !ok3 || !ok4 {
		return nil
	}
	a1 := new(big.Rat).Sub(f1l.a, f1r.a)
	a2 := new(big.Rat).Sub(f2l.a, f2r.a)
	if a1.Sign() == 0 || a2.Sign() == 0 {
		return nil // a name that cancels: the symbolic reader's
	}
	sol := new(big.Rat).Quo(new(big.Rat).Sub(f1r.b, f1l.b), a1)
	e1l, e1r, e2l, e2r := expr(l1), expr(r1), expr(l2), expr(r2)
	v := symexpr.RatExpr(sol)
	c2l, c2r := symexpr.Substitute(e2l, name, v), symexpr.Substitute(e2r, name, v)
	lv, err1 := symexpr.Eval(c2l, nil)
	rv, err2 := symexpr.Eval(c2r, nil)
	if err1 != nil || err2 != nil || lv.Cmp(rv) == 0 {
		return nil
	}
	rd := symexpr.Render{Names: map[string]string{name: "v1"}}
	cd := symexpr.Render{}
	c1l, c1r := symexpr.Substitute(e1l, name, v), symexpr.Substitute(e1r, name, v)
	o := &obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, at+start, at+len(body)), Kind: obligation.KindImplication, OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
	o.Expr = symexpr.Plain(e1l) + " = " + symexpr.Plain(e1r) + " ⇒ " + symexpr.Plain(e2l) + " = " + symexpr.Plain(e2r)
	o.Prop = rd.Term(e1l) + " = " + rd.Term(e1r) + " → " + rd.Term(e2l) + " = " + rd.Term(e2r)
	o.Lean = "example : ∀ (v1 : Rat), " + o.Prop + " := by " + idTactic
	o.LeanNeg = "example : ¬(" + cd.Term(c1l) + " = " + cd.Term(c1r) + " → " + cd.Term(c2l) + " = " + cd.Term(c2r) + ") := by " + tactic
	o.Note = "the equation is derived from the one just before it, in plain text"
	o.WhyProof = "every solution of the first equation solves the second"
	o.WhyDisproof = fmt.Sprintf("%s = %s solves the first equation, but there the second has %s on the left and %s on the right", name, sol.RatString(), lv.RatString(), rv.RatString())
	return o
}

// decimals appends the decimals of the side, each as its value and the
// unit of its last place, and returns them sorted.
func decimals(n *node, out []string) []string {
	if n == nil {
		return out
	}
	if n.op == 'n' && n.ulp != nil {
		out = append(out, n.num.RatString()+"|"+n.ulp.RatString())
	}
	out = decimals(n.r, decimals(n.l, out))
	slices.Sort(out)
	return out
}
