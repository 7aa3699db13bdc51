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

// A comparison said of the value just written: "\(\frac{7}{4}\), which is
// less than 1", "\(5x + 2 = \frac{9}{2}\) (which is greater than 5)". The
// math is read as for the other properties, or as "E = V" with V closed and
// every name of E given one closed value by earlier math of the step
// ("\(x = -2\)") at which E is V: the name is then known, so the clause is
// about the value E takes. The object is a number in prose or closed
// inline math.

var (
	// cmpRE is the comparison after a math closer: group 1 the closer,
	// group 2 "(" or ",", group 3 "not", group 4 the comparison word,
	// group 5 "or equal to", group 6 a number in prose, group 7 the
	// inside of an inline math object, group 8 what ends it.
	cmpRE = regexp.MustCompile(`(?i)^(\\\)|\\\]|\$)\s*(\(|,)\s*which\s+is\s+(?:(?:also|indeed|clearly|still|strictly)\s+)?(not\s+)?` +
		`(less|smaller|greater|larger|bigger)\s+than\s+(or\s+equal\s+to\s+)?` +
		`(?:(-?\d{1,12}(?:\.\d{1,12})?)|\\\(([^$()]{1,80}?)\\\))[ \t]*(\)|[.,;:!\n]|$)`)
	// cmpVetoRE is a word of the sentence that tests, hedges or rejects
	// the comparison.
	cmpVetoRE = mathtext.NewWordMatcher([]string{"wrong", "incorrect", "mistake", "error", "false", "recheck", "revisit", "wait",
		"about", "roughly", "around", "nearly", "almost", "estimate", "estimated", "?"}, []string{"approx"}, nil)
	// bindRE is inline math that gives a lone name one value: group 1
	// the name, group 2 the value.
	bindRE = regexp.MustCompile(`^\s*([A-Za-z](?:_\{?[A-Za-z0-9]{1,4}\}?)?)\s*=\s*([^=]{1,80})$`)
)

// maxBind bounds the inline math read for the values names are given.
const maxBind = 64

// cmpAt is the refutation of the comparison cmpRE reads at text[c:], a
// math closer, and whether the comparison is false.
func cmpAt(step int, text string, c int, tactic string) (obligation.Obligation, bool) {
	m := cmpRE.FindStringSubmatchIndex(text[c:min(len(text), c+maxClause)])
	if m == nil {
		return obligation.Obligation{}, false
	}
	for g := range m {
		if m[g] >= 0 {
			m[g] += c
		}
	}
	bracket := text[m[4]:m[5]] == "("
	if bracket != (text[m[16]:m[17]] == ")") {
		return obligation.Obligation{}, false
	}
	start, inner, ok := mathBefore(text, m[2], text[m[2]:m[3]])
	if !ok {
		return obligation.Obligation{}, false
	}
	e, v, ok := valueOf(inner)
	if !ok {
		if e, v, ok = boundValue(inner, text[:start]); !ok {
			return obligation.Obligation{}, false
		}
	}
	var w *big.Rat
	unit := places(inner)
	if m[12] >= 0 {
		w, ok = algebra.ParseQ(text[m[12]:m[13]])
		unit = coarser(unit, places(text[m[12]:m[13]]))
	} else {
		var we *symexpr.Expr
		if we, ok = closed(text[m[14]:m[15]]); ok {
			w, ok = evalOK(we)
		}
		unit = coarser(unit, places(text[m[14]:m[15]]))
	}
	if !ok || cmpVetoRE.MatchString(strings.ToLower(mathtext.SentenceAround(text, start, m[17]))) {
		return obligation.Obligation{}, false
	}
	if unit != nil && new(big.Rat).Abs(new(big.Rat).Sub(v, w)).Cmp(unit) <= 0 {
		return obligation.Obligation{}, false // a decimal may be a rounding of the other side
	}
	less := strings.EqualFold(text[m[8]:m[9]], "less") || strings.EqualFold(text[m[8]:m[9]], "smaller")
	rel := map[[2]bool]string{{true, false}: "<", {true, true}: "≤", {false, false}: ">", {false, true}: "≥"}[[2]bool{less, m[10] >= 0}]
	if m[6] >= 0 {
		rel = map[string]string{"<": "≥", "≤": ">", ">": "≤", "≥": "<"}[rel]
	}
	if holds(v.Cmp(w), rel) {
		return obligation.Obligation{}, false
	}
	o := obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, start, m[17]), Kind: obligation.KindInequality}
	o.Expr = fmt.Sprintf("%s %s %s", v.RatString(), rel, w.RatString())
	o.Note = "a comparison said of the value the math just before it ends with"
	o.Prop = symexpr.Render{}.Term(e) + " = " + listcond.RatTerm(v) + " ∧ " + listcond.RatTerm(v) + " " + rel + " " + listcond.RatTerm(w)
	o.OnProof, o.OnDisproof = obligation.Verified, obligation.Refuted
	o.WhyProof = fmt.Sprintf("%s %s %s", v.RatString(), rel, w.RatString())
	word := strings.ToLower(text[m[8]:m[9]])
	if m[6] >= 0 {
		word = "not " + word
	}
	o.WhyDisproof = fmt.Sprintf("%s is said to be %s than %s%s", v.RatString(), word, orEqual(m[10] >= 0), w.RatString())
	o.Lean, o.LeanNeg = arith.Declarations(o.Prop, tactic)
	return o, true
}

// boundValue reads inner as "E = V": V closed, E holding names that math
// of before gives one closed value each, and E at those values equal to
// V. It returns V and its value.
func boundValue(inner, before string) (*symexpr.Expr, *big.Rat, bool) {
	if otherRelRE.MatchString(inner) || strings.Count(inner, "=") != 1 {
		return nil, nil, false
	}
	k := strings.IndexByte(inner, '=')
	lhs, err := symexpr.Read(inner[:k])
	if err != nil || symexpr.HasRoot(lhs) {
		return nil, nil, false
	}
	names := symexpr.Vars(lhs, map[string]bool{}, nil)
	e, ok := closed(inner[k+1:])
	if !ok || len(names) == 0 {
		return nil, nil, false
	}
	v, ok := evalOK(e)
	if !ok {
		return nil, nil, false
	}
	at := bindings(before)
	for _, n := range names {
		if at[n] == nil {
			return nil, nil, false
		}
	}
	lv, err := symexpr.Eval(lhs, at)
	if err != nil || lv.Cmp(v) != 0 {
		return nil, nil, false
	}
	return e, v, true
}

// bindings are the names the inline math \( … \) of text gives one closed
// value each; a name given two values is left out (nil).
func bindings(text string) map[string]*big.Rat {
	at := map[string]*big.Rat{}
	seen := map[string]bool{}
	for i, n := 0, 0; n < maxBind; n++ {
		k := strings.Index(text[i:], `\(`)
		if k < 0 {
			break
		}
		s := i + k + 2
		j := strings.Index(text[s:], `\)`)
		if j < 0 {
			break
		}
		i = s + j + 2
		if j > 100 {
			continue
		}
		m := bindRE.FindStringSubmatch(text[s : s+j])
		if m == nil {
			continue
		}
		name, err := symexpr.Read(m[1])
		if err != nil {
			continue
		}
		vs := symexpr.Vars(name, map[string]bool{}, nil)
		e, ok := closed(m[2])
		if len(vs) != 1 || !ok {
			continue
		}
		v, ok := evalOK(e)
		if !ok {
			continue
		}
		if seen[vs[0]] && (at[vs[0]] == nil || at[vs[0]].Cmp(v) != 0) {
			at[vs[0]] = nil
			continue
		}
		seen[vs[0]], at[vs[0]] = true, v
	}
	return at
}

// evalOK is e's value.
func evalOK(e *symexpr.Expr) (*big.Rat, bool) {
	v, err := symexpr.Eval(e, nil)
	return v, err == nil
}

// places is the unit of the last place of the shortest decimal in s, or
// nil when s shows none.
func places(s string) *big.Rat {
	var unit *big.Rat
	for i := 0; i < len(s); i++ {
		if s[i] != '.' || i == 0 || !mathtext.IsDigit(s[i-1]) {
			continue
		}
		d := 0
		for i+1+d < len(s) && mathtext.IsDigit(s[i+1+d]) {
			d++
		}
		if d == 0 {
			continue
		}
		u := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(min(d, 30))), nil))
		unit = coarser(unit, u)
		i += d
	}
	return unit
}

// coarser is the larger of two units (the coarser precision), nil when
// both are nil.
func coarser(a, b *big.Rat) *big.Rat {
	if a == nil {
		return b
	}
	if b == nil || a.Cmp(b) >= 0 {
		return a
	}
	return b
}

// orEqual is "or equal to " when the comparison allows equality.
func orEqual(eq bool) string {
	if eq {
		return "or equal to "
	}
	return ""
}
