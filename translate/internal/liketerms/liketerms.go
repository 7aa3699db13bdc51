// Package liketerms decides a link of an "=" chain in math that collects
// like terms of one monomial (docs/TRANSLATE.md, "Like terms of one
// monomial collected"): "\(3x + 5x = 9x\)", "\frac{4b^3 + 23b^3}{23} =
// \frac{29b^3}{23}". One side is a sum of at least two terms, each a
// number times the same power of the same name (the sum may stand over a
// number), the other one such term that is no lone name or power of one
// ("b^3 = …" defines or solves). The two sides are the same multiple of
// the monomial exactly when the coefficients agree, so a link whose
// coefficients differ is false as an identity; as an equation it would
// hold only where the monomial is 0, which no writer collecting terms
// means. Only false links make obligations: the identity, refuted at the
// name equal to 1. A sentence that supposes, tests, hedges or denies, and
// a line with another relation, are left alone.
package liketerms

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/listcond"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
	"github.com/leanprm/leanprm/translate/obligation"
)

// Limits: the step read, the claims of a step, the math regions looked
// at, a member's bytes and the summands of a side.
const (
	maxRegion   = 2000 // the bytes a math region may take: the closer is looked for no further
	maxText     = 20000
	maxOut      = 4
	maxRegions  = 64
	maxMember   = 160
	maxSummands = 8
)

var (
	// vetoRE in the sentence: supposed, tested, hedged or denied.
	vetoRE = regexp.MustCompile(`\b(?:if|suppose|supposing|assume|assuming|let|would|could|should|might|try|trying|test|testing|check|checking|whether|cannot|not|no|never|wrong|incorrect|mistake\w*|instead|approximately|roughly)\b|n't\b|\?|≈|\\approx`)
	// otherRel marks a piece with a relation other than "=".
	otherRel = []string{"<", ">", `\le`, `\ge`, `\ne`, `\lt`, `\gt`, "≤", "≥", "≠", `\equiv`, `\approx`, "≈", `\pm`, "±", `\mid`, `\pmod`, `\cdot\cdot`}
)

// term is a number times a power of a name: coef·name^deg.
type term struct {
	coef *big.Rat
	name string
	deg  int
}

// Read returns the refutations of the step's links that collect like
// terms of one monomial with a wrong coefficient.
func Read(step int, text, tactic, idTactic string) []obligation.Obligation {
	if len(text) > maxText || !strings.Contains(text, "=") || !strings.ContainsAny(text, "+-") {
		return nil
	}
	var out []obligation.Obligation
	var low string
	regions := 0
	for i := 0; i < len(text) && len(out) < maxOut && regions < maxRegions; i++ {
		if text[i] != '$' && text[i] != '\\' {
			continue
		}
		inner, from, after, ok := mathAt(text, i)
		if !ok {
			continue
		}
		regions++
		if strings.IndexByte(inner, '=') < 0 || !strings.ContainsAny(inner, "+-") || !repeatedLetter(inner) {
			i = after - 1
			continue // the plain test before the cuts: no letter written thrice
		}
		for _, link := range links(inner, from) {
			if len(out) >= maxOut {
				break
			}
			o, bad := decide(step, text, link, tactic, idTactic)
			if !bad {
				continue
			}
			if low == "" {
				low = mathtext.LowerPlain(text)
			}
			if vetoRE.MatchString(low[listcond.SentenceStart(low, o.Span.Start):listcond.SentenceEnd(low, o.Span.End)]) {
				continue
			}
			out = append(out, o)
		}
		i = after - 1
	}
	return out
}

// openers are the marks that open math, each with its closer.
var openers = [][2]string{{`\[`, `\]`}, {`\(`, `\)`}, {"$$", "$$"}, {"$", "$"}}

// mathAt reads the math that opens at i: its inner text, where the inner
// text starts and the index after the closer.
func mathAt(text string, i int) (inner string, from, after int, ok bool) {
	for _, oc := range openers {
		if !strings.HasPrefix(text[i:], oc[0]) {
			continue
		}
		from = i + len(oc[0])
		end := strings.Index(text[from:min(len(text), from+maxRegion)], oc[1])
		if end < 0 {
			return "", 0, 0, false
		}
		return text[from : from+end], from, from + end + len(oc[1]), true
	}
	return "", 0, 0, false
}

// links are the pairs of adjacent "=" members of the math inner, which
// starts at byte base of the text: [left start, left end, right start,
// right end] in the text.
func links(inner string, base int) [][4]int {
	var out [][4]int
	prev := 0
	cuts := append(cutsOf(inner), []int{len(inner), len(inner)})
	for _, c := range cuts {
		piece := inner[prev:c[0]]
		if strings.IndexByte(piece, '=') >= 0 && !mathtext.HasAny(mathtext.DropSizing(piece), otherRel...) {
			out = append(out, pieceLinks(piece, base+prev)...)
		}
		prev = c[1]
	}
	return out
}

// pieceLinks splits a piece at its "=" outside brackets and pairs the
// members.
func pieceLinks(piece string, base int) [][4]int {
	members := mathtext.EqualsMembers(piece, 0, len(piece))
	var out [][4]int
	for k := 0; k+1 < len(members); k++ {
		a, b := members[k], members[k+1]
		out = append(out, [4]int{base + a[0], base + a[1], base + b[0], base + b[1]})
	}
	return out
}

// decide reads the link and refutes it when it collects like terms with
// a wrong coefficient.
func decide(step int, text string, link [4]int, tactic, idTactic string) (obligation.Obligation, bool) {
	ls, rs := trimMember(text[link[0]:link[1]]), trimMember(text[link[2]:link[3]])
	if ls == "" || rs == "" || len(ls) > maxMember || len(rs) > maxMember || !oneLetterThrice(ls, rs) {
		return obligation.Obligation{}, false
	}
	l, errL := symexpr.Read(ls)
	r, errR := symexpr.Read(rs)
	if errL != nil || errR != nil {
		return obligation.Obligation{}, false
	}
	lt, okL := summands(l)
	rt, okR := summands(r)
	if !okL || !okR {
		return obligation.Obligation{}, false
	}
	sum, one := lt, rt
	if len(lt) == 1 {
		sum, one = rt, lt
	}
	if len(sum) < 2 || len(one) != 1 || lone(one[0], ls, rs, len(lt) == 1) {
		return obligation.Obligation{}, false
	}
	total := new(big.Rat)
	for _, t := range sum {
		if t.name != one[0].name || t.deg != one[0].deg {
			return obligation.Obligation{}, false
		}
		total.Add(total, t.coef)
	}
	if total.Cmp(one[0].coef) == 0 {
		return obligation.Obligation{}, false
	}
	s, e := link[0]+strings.Index(text[link[0]:link[1]], strings.TrimSpace(text[link[0]:link[1]])), link[3]
	for e > s && (text[e-1] == ' ' || text[e-1] == '.' || text[e-1] == '\n') {
		e--
	}
	return obligationFor(step, text, s, e, l, r, one[0].name, tactic, idTactic), true
}

// repeatedLetter reports a letter outside commands written three times
// at least in s.
func repeatedLetter(s string) bool {
	var n [128]int
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '\\' {
			for i+1 < len(s) && mathtext.IsASCIILetter(s[i+1]) {
				i++
			}
			continue
		}
		if mathtext.IsASCIILetter(c) {
			if n[c]++; n[c] >= 3 {
				return true
			}
		}
	}
	return false
}

// oneLetterThrice reports a link with one letter only outside commands,
// written three times at least: two like terms and their sum. It reads
// the two sides in turn, as one text with a blank between (a command
// ends at the end of a side).
func oneLetterThrice(sides ...string) bool {
	var letter byte
	n := 0
	for _, s := range sides {
		for i := 0; i < len(s); i++ {
			c := s[i]
			if c == '\\' {
				for i+1 < len(s) && mathtext.IsASCIILetter(s[i+1]) {
					i++
				}
				continue
			}
			if !mathtext.IsASCIILetter(c) {
				continue
			}
			if letter != 0 && c != letter {
				return false
			}
			letter = c
			n++
		}
	}
	return n >= 3
}

// lone reports a single side that is the bare name or its power, with no
// coefficient written: "b^3 = \frac{4b^3 + 23b^3}{23}" solves for b^3.
func lone(t term, ls, rs string, leftOne bool) bool {
	src := rs
	if leftOne {
		src = ls
	}
	src = strings.TrimSpace(src)
	return t.coef.Cmp(big.NewRat(1, 1)) == 0 && !strings.Contains(src, `\frac`) && !strings.Contains(src, "/")
}

// trimMember drops blanks and a final period or bracket mark.
func trimMember(s string) string {
	s = strings.TrimSpace(s)
	s = strings.TrimRight(s, ". ")
	return strings.TrimSpace(mathtext.DropSizing(s))
}

// summands reads e as a sum of like-able terms: each a number times a
// power of one name, the whole sum possibly over a number.
func summands(e *symexpr.Expr) ([]term, bool) {
	switch e.Op {
	case '+', '-':
		l, ok := summands(e.L)
		if !ok {
			return nil, false
		}
		r, ok := summands(e.R)
		if !ok || len(l)+len(r) > maxSummands {
			return nil, false
		}
		if e.Op == '-' {
			for i := range r {
				r[i].coef = new(big.Rat).Neg(r[i].coef)
			}
		}
		return append(l, r...), true
	case '/':
		d, ok := number(e.R)
		if !ok || d.Sign() == 0 {
			return nil, false
		}
		ts, ok := summands(e.L)
		if !ok {
			return nil, false
		}
		for i := range ts {
			ts[i].coef = new(big.Rat).Quo(ts[i].coef, d)
		}
		return ts, true
	}
	t, ok := monomial(e)
	if !ok {
		return nil, false
	}
	return []term{t}, true
}

// monomial reads e as a number times a power of one name.
func monomial(e *symexpr.Expr) (term, bool) {
	switch e.Op {
	case 'v':
		return term{coef: big.NewRat(1, 1), name: e.Name, deg: 1}, true
	case '^':
		if e.L != nil && e.L.Op == 'v' && e.Exp >= 1 {
			return term{coef: big.NewRat(1, 1), name: e.L.Name, deg: e.Exp}, true
		}
	case '~':
		t, ok := monomial(e.L)
		if ok {
			t.coef = new(big.Rat).Neg(t.coef)
		}
		return t, ok
	case '*':
		if c, ok := number(e.L); ok {
			t, ok := monomial(e.R)
			if ok {
				t.coef = new(big.Rat).Mul(c, t.coef)
			}
			return t, ok
		}
		if c, ok := number(e.R); ok {
			t, ok := monomial(e.L)
			if ok {
				t.coef = new(big.Rat).Mul(c, t.coef)
			}
			return t, ok
		}
	case '/':
		if d, ok := number(e.R); ok && d.Sign() != 0 {
			t, ok := monomial(e.L)
			if ok {
				t.coef = new(big.Rat).Quo(t.coef, d)
			}
			return t, ok
		}
	}
	return term{}, false
}

// number is the value of e when it holds no name.
func number(e *symexpr.Expr) (*big.Rat, bool) {
	if e == nil || symexpr.HasVar(e) {
		return nil, false
	}
	v, err := symexpr.Eval(e, nil)
	return v, err == nil
}

// obligationFor is the identity l = r in the one name, refuted at the
// name equal to 1, where the two sides are their coefficients.
func obligationFor(step int, text string, s, e int, l, r *symexpr.Expr, name, tactic, idTactic string) obligation.Obligation {
	one := big.NewRat(1, 1)
	av, _ := symexpr.Eval(l, map[string]*big.Rat{name: one})
	bv, _ := symexpr.Eval(r, map[string]*big.Rat{name: one})
	rd := symexpr.Render{Names: map[string]string{name: "v1"}}
	cd := symexpr.Render{Names: map[string]string{name: listcond.RatTerm(one)}}
	o := obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, s, e), Kind: obligation.KindIdentity,
		OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
	o.Expr = symexpr.Plain(l) + " = " + symexpr.Plain(r)
	o.Prop = rd.Term(l) + " = " + rd.Term(r)
	o.Lean = "example : ∀ (v1 : Rat), " + o.Prop + " := by " + idTactic
	o.LeanNeg = "example : ¬(" + cd.Term(l) + " = " + cd.Term(r) + ") := by " + tactic
	o.WhyProof = fmt.Sprintf("%s = %s for every value of %s", symexpr.Plain(l), symexpr.Plain(r), name)
	o.WhyDisproof = fmt.Sprintf("at %s = 1 the left side is %s, the right side %s", name, av.RatString(), bv.RatString())
	o.Note = "like terms of one monomial collected: the coefficients of the two sides differ"
	return o
}
