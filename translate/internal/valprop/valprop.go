// Package valprop decides a property said of the value just written
// (docs/TRANSLATE.md, "A property said of the value just written"):
// "\(d(24) = 8\), which is a perfect square", "\(t = 2\) (not positive)",
// "\(x = -\frac{87}{6}\) (which is not an integer)". The relative clause
// or the bracket right after inline math is about the value that math ends
// with, when the math is that value alone or a chain of "=" whose members
// are closed, a lone name or a function at whole numbers ("d(24)"); math
// with a name inside an expression ("\(3^{k-1} = 20\), which is not an
// integer": the clause is about k) is not read.
//
// The properties read are positive, negative, nonnegative, (a) positive
// integer, even, odd, an integer, a whole number, a perfect square and
// prime, each with an optional "not", and nothing after them but a
// clause mark or the bracket's end ("which is positive when x > 1" is not
// read). Only false claims make obligations: the value's sign as a
// relation, or a certificate the exact checker verifies (a remainder by
// 2, a floor, the squares around the value, a factor). "Not prime" has no
// certificate and is left alone. A comparison with a number ("which is
// less than 1") is read too (cmp.go), also after "E = V" whose names earlier
// math of the step gives values.
package valprop

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"

	"github.com/leanprm/leanprm/translate/algebra"
	"github.com/leanprm/leanprm/translate/internal/arith"
	"github.com/leanprm/leanprm/translate/internal/listcond"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
	"github.com/leanprm/leanprm/translate/obligation"
)

// Limits: the step read, the claims of a step, the math read.
const (
	maxText = 20000
	maxOut  = 8
	maxMath = 200
	// maxClause bounds the text after a math closer the property is
	// looked for in.
	maxClause = 160
)

var (
	// propRE is the property after a math closer: group 1 the closer,
	// group 2 "(" or ",", group 3 "not", group 4 the property, group 5
	// what ends it.
	propRE = regexp.MustCompile(`(?i)^(\\\)|\\\]|\$|\d)\s*(\(|,)\s*(?:which\s+is\s+)?(?:(?:also|indeed|clearly|still)\s+)?(not\s+)?` +
		`(an?\s+positive\s+integer|an?\s+negative\s+integer|positive\s+integer|negative\s+integer|positive|negative|non-?negative|` +
		`an?\s+even\s+(?:number|integer)|even|an?\s+odd\s+(?:number|integer)|odd|an\s+integer|integer|an?\s+whole\s+number|` +
		`an?\s+perfect\s+square|perfect\s+square|an?\s+prime(?:\s+number)?|prime)[ \t]*(\)|[.,;:!\n]|$)`)
	// nameRE is a lone name, optionally subscripted.
	nameRE = regexp.MustCompile(`^\s*[A-Za-z](?:_\{?[A-Za-z0-9]{1,4}\}?)?\s*$`)
	// fnRE is a function at whole numbers: "d(24)", "\phi(10)", "f(2, 3)".
	fnRE = regexp.MustCompile(`^\s*\\?[A-Za-z]{1,8}\s*(?:\\left)?\(\s*-?\d{1,9}(?:\s*,\s*-?\d{1,9})*\s*(?:\\right)?\)\s*$`)
	// otherRelRE marks math with another relation or several values.
	otherRelRE = regexp.MustCompile(`<|>|\\[lg]eq?\b|\\neq?\b|\\approx|\\equiv|\\pm|\\mp|\\sim|\\to|\\in\b|≤|≥|≠|≈|,|;|\\quad|\\text|\\mathrm`)
)

// Read returns the refutations of the properties step says of the value
// its math just wrote.
func Read(step int, text, tactic string) []obligation.Obligation {
	if len(text) > maxText {
		return nil
	}
	out := readEach(step, text, tactic)
	if !strings.Contains(text, "which is") && !strings.Contains(text, ") (") && !strings.Contains(text, "$ (") {
		return out
	}
	for i := 0; i < len(text) && len(out) < maxOut; {
		k := strings.IndexAny(text[i:], "$)]")
		if k < 0 {
			break
		}
		c, next := i+k, i+k+1
		i = next
		if text[c] != '$' && (c == 0 || text[c-1] != '\\') {
			continue
		}
		if text[c] != '$' {
			c--
		}
		j := next
		for j < len(text) && (text[j] == ' ' || text[j] == '\t') {
			j++
		}
		if j >= len(text) || text[j] != '(' && text[j] != ',' {
			continue // the cheap test: most math is followed by neither
		}
		if o, ok := claimAt(step, text, c, tactic); ok {
			out = append(out, o)
		} else if o, ok := cmpAt(step, text, c, tactic); ok {
			out = append(out, o)
		}
	}
	// A number written in prose: "we only have 8, which is a perfect square".
	for _, w := range mathtext.Indexes(text, "which is", maxOut) {
		c := w
		for c > 0 && (text[c-1] == ' ' || text[c-1] == '\t') {
			c--
		}
		if c == 0 || text[c-1] != ',' {
			continue
		}
		for c--; c > 0 && (text[c-1] == ' ' || text[c-1] == '\t'); c-- {
		}
		if c == 0 || !mathtext.IsDigit(text[c-1]) || len(out) >= maxOut {
			continue
		}
		c--
		if o, ok := claimAt(step, text, c, tactic); ok {
			out = append(out, o)
		}
	}
	return out
}

// proseNumber is the number in prose whose last digit is text[c]: where
// it starts and its value. It must stand alone: after a blank that
// follows a word or "=", not in math, and be a whole number or a decimal
// ("2^3", "x + 3", "§3", "3.2.1" are not read).
func proseNumber(text string, c int) (int, *symexpr.Expr, bool) {
	s := c
	for s > 0 && (mathtext.IsDigit(text[s-1]) || text[s-1] == '.' && s > 1 && mathtext.IsDigit(text[s-2])) {
		s--
	}
	if s > 0 && text[s-1] == '-' {
		s--
	}
	if s == 0 || text[s-1] != ' ' || c-s > 12 || strings.Count(text[s:c+1], ".") > 1 {
		return 0, nil, false
	}
	b := s - 1
	for b > 0 && text[b-1] == ' ' {
		b--
	}
	if b == 0 || !(mathtext.IsASCIILetter(text[b-1]) || text[b-1] == '=') {
		return 0, nil, false
	}
	if strings.Count(text[:s], "$")%2 == 1 || strings.LastIndex(text[:s], `\(`) > strings.LastIndex(text[:s], `\)`) {
		return 0, nil, false // inside math
	}
	v, ok := algebra.ParseQ(text[s : c+1])
	if !ok {
		return 0, nil, false
	}
	return s, symexpr.RatExpr(v), true
}

// claimAt is claim for the property propRE reads at text[c:], a math
// closer or the last digit of a number.
func claimAt(step int, text string, c int, tactic string) (obligation.Obligation, bool) {
	m := propRE.FindStringSubmatchIndex(text[c:min(len(text), c+maxClause)])
	if m == nil {
		return obligation.Obligation{}, false
	}
	for g := range m {
		if m[g] >= 0 {
			m[g] += c
		}
	}
	return claim(step, text, m, tactic)
}

// claim is the refutation of the property that propRE's match m says of
// the value its math ends with, and whether the property is false.
func claim(step int, text string, m []int, tactic string) (obligation.Obligation, bool) {
	bracket := text[m[4]:m[5]] == "("
	end := text[m[10]:m[11]]
	if bracket != (end == ")") || !bracket && !strings.Contains(strings.ToLower(text[m[4]:m[8]]), "which") {
		return obligation.Obligation{}, false // "(which is odd." or ", odd)": not one clause
	}
	var s int
	var e *symexpr.Expr
	var v *big.Rat
	if mathtext.IsDigit(text[m[2]]) {
		var ok bool
		if s, e, ok = proseNumber(text, m[2]); !ok || bracket {
			return obligation.Obligation{}, false
		}
		var err error
		if v, err = symexpr.Eval(e, nil); err != nil {
			return obligation.Obligation{}, false
		}
	} else {
		start, inner, ok := mathBefore(text, m[2], text[m[2]:m[3]])
		if !ok {
			return obligation.Obligation{}, false
		}
		if e, v, ok = valueOf(inner); !ok {
			return obligation.Obligation{}, false
		}
		s = start
	}
	return decide(step, text, s, m[9], e, v, key(text[m[8]:m[9]]), m[6] >= 0, tactic)
}

// mathBefore is the inline math that closer (at c) ends: its start and
// its inside.
func mathBefore(text string, c int, closer string) (int, string, bool) {
	open := map[string]string{`\)`: `\(`, `\]`: `\[`, "$": "$"}[closer]
	lo := max(0, c-maxMath)
	k := strings.LastIndex(text[lo:c], open)
	if k < 0 {
		return 0, "", false
	}
	s := lo + k
	if open == "$" && (s > 0 && text[s-1] == '$' || c+1 < len(text) && text[c+1] == '$') {
		return 0, "", false // display $$ … $$: its end is not c
	}
	inner := text[s+len(open) : c]
	if strings.Contains(inner, `\(`) || strings.Contains(inner, `\)`) || strings.Contains(inner, "$") {
		return 0, "", false
	}
	return s, inner, true
}

// valueOf is the value inner ends with: its last member read closed, the
// other members closed, lone names or functions at whole numbers.
func valueOf(inner string) (*symexpr.Expr, *big.Rat, bool) {
	if otherRelRE.MatchString(inner) {
		return nil, nil, false
	}
	members := strings.Split(inner, "=")
	last := members[len(members)-1]
	e, ok := closed(last)
	if !ok {
		return nil, nil, false
	}
	for _, mem := range members[:len(members)-1] {
		if _, ok := closed(mem); !ok && !nameRE.MatchString(mem) && !fnRE.MatchString(mem) {
			return nil, nil, false
		}
	}
	v, err := symexpr.Eval(e, nil)
	if err != nil {
		return nil, nil, false
	}
	return e, v, true
}

// closed reads s as an expression with no name.
func closed(s string) (*symexpr.Expr, bool) {
	if strings.TrimSpace(s) == "" {
		return nil, false
	}
	e, err := symexpr.Read(s)
	if err != nil || len(symexpr.Vars(e, map[string]bool{}, nil)) > 0 || symexpr.HasRoot(e) {
		return nil, false
	}
	return e, true
}

// key names the property: "positive", "negative", "nonnegative",
// "posint", "negint", "even", "odd", "integer", "square", "prime".
func key(prop string) string {
	f := strings.Fields(strings.ToLower(prop))
	if f[0] == "a" || f[0] == "an" {
		f = f[1:]
	}
	switch {
	case len(f) > 1 && f[1] == "integer" && (f[0] == "positive" || f[0] == "negative"):
		return f[0][:3] + "int"
	case f[0] == "whole":
		return "integer"
	case f[0] == "perfect":
		return "square"
	case strings.HasPrefix(f[0], "non"):
		return "nonnegative"
	}
	return f[0]
}

// decide is the refutation of "value is (not) prop", and whether the
// claim is false.
func decide(step int, text string, s, e int, ex *symexpr.Expr, v *big.Rat, prop string, neg bool, tactic string) (obligation.Obligation, bool) {
	val := symexpr.Render{}.Term(ex) + " = " + listcond.RatTerm(v)
	o := obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, s, e), Kind: obligation.KindClosedValue}
	not := ""
	if neg {
		not = "not "
	}
	o.Expr = fmt.Sprintf("%s is %s%s", v.RatString(), not, prop)
	o.Note = "a property said of the value the math just before it ends with"
	var cert, why string
	var bad bool
	switch prop {
	case "positive", "negative", "nonnegative":
		rel := map[string]string{"positive": ">", "negative": "<", "nonnegative": "≥"}[prop]
		if neg {
			rel = map[string]string{">": "≤", "<": "≥", "≥": "<"}[rel]
		}
		if holds(v.Sign(), rel) {
			return o, false
		}
		o.Kind, o.Prop = obligation.KindInequality, val+" ∧ "+listcond.RatTerm(v)+" "+rel+" (0 : Rat)"
		o.OnProof, o.OnDisproof = obligation.Verified, obligation.Refuted
		o.WhyProof = fmt.Sprintf("%s %s 0", v.RatString(), rel)
		o.WhyDisproof = fmt.Sprintf("%s is said to be %s%s", v.RatString(), not, prop)
		o.Lean, o.LeanNeg = arith.Declarations(o.Prop, tactic)
		return o, true
	case "posint", "negint":
		cert, why, bad = signedInt(v, prop == "posint", neg)
	case "even", "odd":
		cert, why, bad = parity(v, prop == "even" != neg)
	case "integer", "square", "prime":
		if !neg {
			k := prop
			if k == "square" {
				k = "perfect"
			}
			cert, why, bad = listcond.PropCert(v, k, nil)
		} else {
			cert, why, bad = has(v, prop)
		}
	}
	if !bad {
		return o, false
	}
	o.Prop = val + " ∧ " + cert
	o.OnProof, o.OnDisproof = obligation.Refuted, obligation.Unknown
	o.WhyProof = fmt.Sprintf("%s is said to be %s%s, but %s", v.RatString(), not, prop, why)
	o.Lean, o.LeanNeg = arith.Declarations(o.Prop, tactic)
	return o, true
}

func holds(sign int, rel string) bool {
	switch rel {
	case ">":
		return sign > 0
	case "<":
		return sign < 0
	case "≥":
		return sign >= 0
	}
	return sign <= 0 // ≤
}

func intTerm(n *big.Int) string { return listcond.RatTerm(new(big.Rat).SetInt(n)) }

// signedInt is a certificate against "v is a (not) positive / negative
// integer".
func signedInt(v *big.Rat, positive, neg bool) (string, string, bool) {
	want := 1
	if !positive {
		want = -1
	}
	is := v.IsInt() && v.Sign() == want
	switch {
	case is != neg:
		return "", "", false
	case neg:
		rel := map[bool]string{true: "<", false: ">"}[positive]
		return fmt.Sprintf("(0 : Rat) %s %s", rel, listcond.RatTerm(v)), fmt.Sprintf("%s is a whole number of that sign", v.RatString()), true
	case !v.IsInt():
		return listcond.PropCert(v, "integer", nil)
	}
	rel := map[bool]string{true: "≤", false: "≥"}[positive]
	return fmt.Sprintf("%s %s (0 : Rat)", listcond.RatTerm(v), rel), fmt.Sprintf("%s has the other sign", v.RatString()), true
}

// parity is a certificate that the whole number v is not even (wantEven)
// or not odd: v = 2q + r with r the other remainder. A fraction is left
// alone.
func parity(v *big.Rat, wantEven bool) (string, string, bool) {
	if !v.IsInt() {
		return "", "", false
	}
	q, r := new(big.Int).DivMod(v.Num(), big.NewInt(2), new(big.Int))
	if (r.Sign() == 0) == wantEven {
		return "", "", false
	}
	return fmt.Sprintf("%s = (2 : Rat) * %s + %s", intTerm(v.Num()), intTerm(q), intTerm(r)),
		fmt.Sprintf("%s leaves %s on division by 2", v.Num(), r), true
}

// has is a certificate that v has the property ("integer", "square") it
// is said not to have; primality has none.
func has(v *big.Rat, prop string) (string, string, bool) {
	if !v.IsInt() || prop == "prime" {
		return "", "", false
	}
	n := v.Num()
	if prop == "integer" {
		return fmt.Sprintf("%s = %s", listcond.RatTerm(v), intTerm(n)), fmt.Sprintf("%s is a whole number", n), true
	}
	if n.Sign() < 0 {
		return "", "", false
	}
	r := new(big.Int).Sqrt(n)
	if new(big.Int).Mul(r, r).Cmp(n) != 0 {
		return "", "", false
	}
	return fmt.Sprintf("%s * %s = %s", intTerm(r), intTerm(r), intTerm(n)), fmt.Sprintf("%s = %s²", n, r), true
}
