// Package substint decides a claim that a value put into an equation gives no whole value for
// the other name (docs/TRANSLATE.md, "A value put into an equation said to give no integer"):
// "substituting \(a = -2\) back into \(ab = 4\) doesn't give an integer value for \(b\)". The
// equation must hold the two names and nothing else; the value put in is closed. The claim is
// refuted by a certificate: a whole number for the other name at which the equation holds
// exactly with the value put in (the root of the equation's linear part, checked on the whole
// equation). A claim that the value gives an integer, an equation in more names, a value or an
// equation with "≈", and a sentence that asks, supposes or hedges are left alone.
package substint

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/arith"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
	"github.com/leanprm/leanprm/translate/obligation"
)

// Limits: the step read, the claims of a step, the text after a verb read.
const (
	maxText  = 20000
	maxOut   = 4
	maxAfter = 300
)

var (
	// claimRE is the claim after "substitut…" or "plug…": group 1 the name, group 2 its value,
	// group 3 the equation, group 4 the name asked for.
	claimRE = regexp.MustCompile(`^(?i:substituting|substitute|plugging|plug|putting|put)\s+\\\(\s*([A-Za-z])\s*=\s*([^=$\\]{1,40}|-?\\frac\{\d{1,9}\}\{\d{1,9}\})\s*\\\)\s+(?i:back\s+)?(?i:into|in)\s+\\\(([^$]{1,80}?)\\\)\s*,?\s+` +
		`(?i:does\s+not|doesn't|do\s+not|don't|will\s+not|won't|cannot|can't|does\s+not\s+ever|fails\s+to)\s+(?i:give|yield|produce)\s+(?i:an?\s+)?(?i:integer|whole(?:\s+number)?)\s+(?i:value\s+|solution\s+)?(?i:for)\s+\\\(\s*([A-Za-z])\s*\\\)\s*[.,;]`)
	// vetoRE marks a sentence that asks, supposes or hedges.
	vetoRE = mathtext.NewWordMatcher([]string{"if", "suppose", "assume", "whether", "?", "roughly", "about", "might", "may", "perhaps"}, []string{"approx"}, nil)
)

// Read returns the refutations of the claims in text that a value put into an equation gives no
// whole value for the other name.
func Read(step int, text, tactic string) []obligation.Obligation {
	if len(text) > maxText || !strings.Contains(text, "integer") && !strings.Contains(text, "whole") {
		return nil
	}
	var out []obligation.Obligation
	for _, verb := range []string{"ubstitut", "lug", "utting", "ut \\("} {
		for _, i := range mathtext.Indexes(text, verb, maxOut) {
			s := i - 1
			if s < 0 || len(out) >= maxOut {
				continue
			}
			if o, ok := readAt(step, text, s, tactic); ok {
				out = append(out, o)
			}
		}
	}
	return out
}

// readAt reads the claim whose verb starts at text[s].
func readAt(step int, text string, s int, tactic string) (obligation.Obligation, bool) {
	if s > 0 && mathtext.IsASCIILetter(text[s-1]) {
		return obligation.Obligation{}, false
	}
	m := claimRE.FindStringSubmatchIndex(text[s:min(len(text), s+maxAfter)])
	if m == nil {
		return obligation.Obligation{}, false
	}
	e := s + m[1]
	name, other := text[s+m[2]:s+m[3]], text[s+m[8]:s+m[9]]
	if name == other || vetoRE.MatchString(strings.ToLower(mathtext.SentenceAround(text, s, e))) {
		return obligation.Obligation{}, false
	}
	vx, err := symexpr.Read(text[s+m[4] : s+m[5]])
	if err != nil || len(symexpr.Vars(vx, map[string]bool{}, nil)) > 0 {
		return obligation.Obligation{}, false
	}
	v, err := symexpr.Eval(vx, nil)
	if err != nil {
		return obligation.Obligation{}, false
	}
	eq := text[s+m[6] : s+m[7]]
	if strings.Count(eq, "=") != 1 || strings.ContainsAny(eq, "<>,;") || strings.Contains(eq, `\approx`) {
		return obligation.Obligation{}, false
	}
	k := strings.IndexByte(eq, '=')
	l, errL := symexpr.Read(eq[:k])
	r, errR := symexpr.Read(eq[k+1:])
	if errL != nil || errR != nil {
		return obligation.Obligation{}, false
	}
	vars := symexpr.Vars(r, map[string]bool{}, symexpr.Vars(l, map[string]bool{}, nil))
	if !sameNames(vars, name, other) {
		return obligation.Obligation{}, false
	}
	w, ok := wholeRoot(l, r, name, other, v)
	if !ok {
		return obligation.Obligation{}, false
	}
	at := fmt.Sprintf("%s = %s, %s = %s", name, v.RatString(), other, w.String())
	o := obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, s, e), Kind: obligation.KindClosedValue}
	o.Expr = fmt.Sprintf("%s at %s gives no integer %s", eq, name+" = "+v.RatString(), other)
	o.Note = "a value put into an equation said to give no integer value for the other name"
	lt := symexpr.Render{}.Term(subst(l, name, other, v, w))
	rt := symexpr.Render{}.Term(subst(r, name, other, v, w))
	o.Prop = lt + " = " + rt
	o.OnProof, o.OnDisproof = obligation.Refuted, obligation.Unknown
	o.WhyProof = fmt.Sprintf("the equation holds at %s: %s is a whole value for %s", at, w.String(), other)
	o.Lean, o.LeanNeg = arith.Declarations(o.Prop, tactic)
	return o, true
}

// sameNames reports whether vars are the two names a and b.
func sameNames(vars []string, a, b string) bool {
	return len(vars) == 2 && (vars[0] == a && vars[1] == b || vars[0] == b && vars[1] == a)
}

// wholeRoot is a whole value w of other at which l = r holds with name = v: the root of the
// line through the equation's differences at other = 0 and 1, kept only when it is whole and
// the whole equation holds there.
func wholeRoot(l, r *symexpr.Expr, name, other string, v *big.Rat) (*big.Int, bool) {
	f := func(y *big.Rat) (*big.Rat, bool) {
		at := map[string]*big.Rat{name: v, other: y}
		a, err1 := symexpr.Eval(l, at)
		b, err2 := symexpr.Eval(r, at)
		if err1 != nil || err2 != nil {
			return nil, false
		}
		return a.Sub(a, b), true
	}
	f0, ok0 := f(new(big.Rat))
	f1, ok1 := f(big.NewRat(1, 1))
	if !ok0 || !ok1 {
		return nil, false
	}
	slope := new(big.Rat).Sub(f1, f0)
	if slope.Sign() == 0 {
		return nil, false
	}
	y := new(big.Rat).Quo(new(big.Rat).Neg(f0), slope)
	if !y.IsInt() || y.Num().BitLen() > 64 {
		return nil, false
	}
	fy, ok := f(y)
	if !ok || fy.Sign() != 0 {
		return nil, false
	}
	return new(big.Int).Set(y.Num()), true
}

// subst is e with name and other replaced by their values.
func subst(e *symexpr.Expr, name, other string, v *big.Rat, w *big.Int) *symexpr.Expr {
	e = symexpr.Substitute(e, name, symexpr.RatExpr(v))
	return symexpr.Substitute(e, other, symexpr.RatExpr(new(big.Rat).SetInt(w)))
}
