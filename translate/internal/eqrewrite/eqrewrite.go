// Package eqrewrite decides an equation the text says it rewrote from the
// equation just before it (docs/TRANSLATE.md, "Equations rewritten from
// the one before"): "\(4x + 4y - 4x^2 - 4y^2 = 2\), which is equivalent to
// \((2x - 1)^2 + (2y - 1)^2 = 2\)". Expanding, simplifying, rearranging or
// restating an equation keeps every solution of it, so a point with
// positive rational coordinates where the first equation holds and the
// second fails refutes the rewriting. Only the cue words of a rewriting
// between the two ("expanding", "simplifies to", "rearranging", "is
// equivalent to") make one; a sentence that substitutes, uses another
// fact, supposes, tests, hedges or works modulo a number is left alone,
// as are equations in one name (the symbolic reader's), in a name the
// first does not have, identities, and equations with functions,
// subscripts, radicals or anything symexpr cannot read as a rational
// function. Only refutations make obligations: the closed equality of the
// second equation's sides at the point, with a note naming the point and
// the first equation's value there.
package eqrewrite

import (
	"fmt"
	"math/big"
	"regexp"
	"slices"
	"strings"

	"github.com/leanprm/leanprm/translate/algebra"
	"github.com/leanprm/leanprm/translate/internal/arith"
	"github.com/leanprm/leanprm/translate/internal/listcond"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
	"github.com/leanprm/leanprm/translate/obligation"
)

// Limits: the step read, a math region read, the prose between two
// equations, the names of a pair, the points tried, the root candidates of
// one polynomial, the refutations of a step.
const (
	maxText   = 20000
	maxMath   = 300
	maxProse  = 120
	maxNames  = 4
	maxPoints = 120
	maxCands  = 400
	maxOut    = 2
)

var (
	// cueRE ends the prose between the two equations: the second is the
	// first rewritten.
	cueRE = regexp.MustCompile(`(?:\bexpanding(?: this| it| the \w+ side| both sides)?(?: out)?|\bafter expanding|\bmultiplying (?:this |it )?out|\b(?:this|which|it) (?:simplifies|expands|rearranges|reduces) to|\bsimplifying(?: this| it)?|\brearranging(?: this| it| terms)?|\b(?:this|which|it) is equivalent to|\bequivalently)\s*(?:,\s*)?(?:(?:we|this|which) (?:get|gets|obtain|have|gives|yields)\s*|gives(?: us)?\s*|yields\s*)?:?\s*$`)
	// hedgeRE in the sentences of the two: a supposition, a test, a
	// hedge, a rejection, a congruence.
	hedgeRE = regexp.MustCompile(`\b(?:if|suppose|supposing|assume|assuming|would|could|should|might|let's|lets|try|test\w*|check\w*|whether|wrong|incorrect|mistake\w*|not|no|never|instead|approximately|about|roughly|mod|modulo|congruen\w*)\b|\?|≈|\\approx|\\equiv|\\pmod|\\neq`)
	// opRE in the prose between the two or after the second: another fact
	// put in, or an operation that is no rewriting.
	opRE = regexp.MustCompile(`\b(?:substitut\w*|plug\w*|using|use|given|since|because|known|recall\w*|apply\w*|from|and|adding|add|subtract\w*|combin\w*|squar\w*|roots?|cub\w*|divid\w*|multiply\w*|log\w*|for|when|where|case)\b`)
	// kindRE is a clause that only names the kind of number a name is
	// ("where m is an integer"): no fact from elsewhere. Any other "where"
	// clause ("where t is the number of teams") may bring one.
	kindRE = regexp.MustCompile(`\bwhere\s+[a-z](?:\s*(?:,|and)\s*[a-z])*\s+(?:is|are)\s+(?:an?\s+|some\s+|also\s+)?(?:(?:positive|negative|nonnegative|non-negative|nonzero|non-zero)\s+)?(?:integers?|real\s+numbers?|whole\s+numbers?|natural\s+numbers?|rational\s+numbers?)\b`)
	// reasonRE right after the second equation: the reason it holds,
	// another fact.
	reasonRE = regexp.MustCompile(`^[\s)$\]]*[,;]?\s*(?:\(|by\b|since\b|because\b|using\b|as\b|given\b|from\b|where\b|with\b|substitut|plug|for\b|when\b|if\b|in\b|mod)`)
	// wholeRE says the names may be whole numbers: a witness then has
	// whole coordinates.
	wholeRE = regexp.MustCompile(`\b(?:integers?|digits?|natural|whole|divisib\w*|divides|primes?|multiples?|even|odd|remainders?)\b|\\mathbb`)
	// grid is the values tried for the names held fixed.
	grid = []*big.Rat{big.NewRat(1, 1), big.NewRat(2, 1), big.NewRat(1, 2), big.NewRat(3, 1), big.NewRat(1, 3), big.NewRat(3, 2), big.NewRat(4, 1), big.NewRat(5, 1)}
)

// equation is one math region read as L = R.
type equation struct {
	s, e  int // the region
	l, r  *symexpr.Expr
	L, R  algebra.Rat
	names []string
}

// Read returns the refutations of the step's equations rewritten wrongly
// from the equation before them; before are the steps before it, toks
// the step's tokens.
func Read(step int, problem string, before []string, text string, toks []mathtext.Tok, tactic string) []obligation.Obligation {
	if len(text) > maxText || strings.IndexByte(text, '=') < 0 || !hasCue(text) {
		return nil
	}
	regs := mathtext.MathRegions(text, toks)
	if len(regs) < 2 {
		return nil
	}
	var low string
	var out []obligation.Obligation
	ps, pe := -1, -1 // the region of the equation before, trimmed
	for _, g := range regs {
		if len(out) >= maxOut {
			break
		}
		if strings.IndexByte(text[g.S:g.E], '=') < 0 {
			continue // a name or a term between two equations
		}
		s, e := trim(text, g.S, g.E)
		if ps >= 0 && s-pe <= maxProse+8 {
			if low == "" {
				low = mathtext.LowerPlain(text)
			}
			// Only a pair with a cue between is read.
			or := restated(low, pe, s)
			if or || cueBetween(between(low, pe, s)) {
				a, b := readEquation(text[ps:pe], ps, pe), readEquation(text[s:e], s, e)
				if a != nil && b != nil && (!or || orPair(text, low, a, b)) {
					if o, ok := decide(step, problem, before, text, low, a, b, tactic); ok {
						out = append(out, o)
					}
				}
			}
		}
		ps, pe = s, e
	}
	return out
}

// cueStems are words every match of cueRE holds, one of each of its
// alternatives: "expand" (expanding, expands to), "multiplying",
// "simplif", "rearrang", "reduces to" and "equivalent".
var cueStems = []string{"expand", "multiplying", "simplif", "rearrang", "reduces to", "equivalent"}

// cueBetween reports that the prose b between two equations ends with a
// cue of a rewriting (cueRE), with the stems searched first: cueRE,
// unanchored at its start, is tried at every byte of b.
func cueBetween(b string) bool {
	return mathtext.HasAny(b, cueStems...) && cueRE.MatchString(b)
}

// between is the prose between two math regions, trimmed of blanks,
// math marks and punctuation.
func between(low string, e, s int) string {
	b := strings.TrimSpace(strings.Trim(low[e:s], " \n\t$()[]\\"))
	return strings.TrimSpace(strings.TrimLeft(b, ".,;: "))
}

// trim trims the region [s, e) of text of blanks, spacing commands and a
// final comma or point.
func trim(text string, s, e int) (int, int) {
	for changed := true; changed && s < e; {
		changed = false
		for _, w := range []string{" ", "\n", "\t", `\quad`, `\qquad`, `\;`, `\,`, `\!`} {
			if strings.HasPrefix(text[s:e], w) {
				s, changed = s+len(w), true
			}
			if strings.HasSuffix(text[s:e], w) {
				e, changed = e-len(w), true
			}
		}
		if s < e && (text[e-1] == ',' || text[e-1] == '.') {
			e, changed = e-1, true
		}
	}
	return s, e
}

// preCues are a comma and "or" right before a math region, and the stems
// of the cue words.
var preCues = []string{", or $", `, or \(`, `, or \[`, "xpand", "implif", "earrang", "quivalent", "ultiplying out", "educes to"}

// hasCue is the literal pre-check: a cue word's stem in the step, or a
// comma and "or" right before a math region (one HasAny, which marks the
// step's byte pairs once, costs less than a search for each).
func hasCue(text string) bool {
	return mathtext.HasAny(text, preCues...)
}

// readEquation reads the math src at [s, e) as one equation of two
// rational functions in at most maxNames names, at least two of them;
// nil when it is not one.
func readEquation(src string, s, e int) *equation {
	if len(src) > maxMath || strings.Count(src, "=") != 1 || strings.ContainsAny(src, "<>_|!,;") {
		return nil
	}
	if !plainCommands(src) || strings.ContainsAny(src, "&'{}") && !braced(src) {
		return nil
	}
	if nameBeforeBracket(src) {
		return nil // f(x): a function, or a product written without a sign
	}
	i := strings.IndexByte(src, '=')
	ls, rs := strings.TrimSpace(src[:i]), strings.TrimRight(strings.TrimSpace(src[i+1:]), ".")
	if ls == "" || rs == "" {
		return nil
	}
	l, err := symexpr.Read(ls)
	if err != nil {
		return nil
	}
	r, err := symexpr.Read(rs)
	if err != nil {
		return nil
	}
	L, err := symexpr.ToRat(l)
	if err != nil {
		return nil
	}
	R, err := symexpr.ToRat(r)
	if err != nil {
		return nil
	}
	seen := map[string]bool{}
	names := symexpr.Vars(r, seen, symexpr.Vars(l, seen, nil))
	if len(names) < 2 || len(names) > maxNames {
		return nil
	}
	for _, n := range names {
		if len(n) != 1 || !mathtext.IsASCIILetter(n[0]) || n == "i" || n == "e" {
			return nil // a constant or a name symexpr made of more than a letter
		}
	}
	return &equation{s: s, e: e, l: l, r: r, L: L, R: R, names: names}
}

// nameBeforeBracket reports a letter right before "(": "f(x)", "x(y+1)".
func nameBeforeBracket(src string) bool {
	for i := 1; i < len(src); i++ {
		if src[i] == '(' && mathtext.IsASCIILetter(src[i-1]) && !strings.HasSuffix(src[:i], `\left`) {
			return true
		}
	}
	return false
}

// decide refutes b as a rewriting of a: the prose between them ends in a
// cue, neither it nor the two sentences veto, and a point satisfies a but
// not b.
func decide(step int, problem string, before []string, text, low string, a, b *equation, tactic string) (obligation.Obligation, bool) {
	ss := listcond.SentenceStart(low, a.s)
	se := listcond.SentenceEnd(low, b.e)
	if hedgeRE.MatchString(low[ss:se]) || reasonRE.MatchString(low[b.e:se]) {
		return obligation.Obligation{}, false
	}
	if opRE.MatchString(kindRE.ReplaceAllString(between(low, a.e, b.s), " ")) {
		return obligation.Obligation{}, false
	}
	da, db := a.L.Sub(a.R), b.L.Sub(b.R)
	if !slices.Equal(ratVars(da), ratVars(db)) {
		return obligation.Obligation{}, false // a name put in or taken out (a value substituted)
	}
	if da.Num().IsZero() || db.Num().IsZero() {
		return obligation.Obligation{}, false // an identity, not an equation
	}
	if da.Num().Degree() != db.Num().Degree() {
		return obligation.Obligation{}, false // a root taken, a factor chosen or cancelled: not a rewriting
	}
	if sharedLoneName(a, b) {
		return obligation.Obligation{}, false // "y = 2x + 1", "y = 2x + 3": lines of a family, maybe
	}
	if multiple(db.Num(), da.Num()) {
		return obligation.Obligation{}, false // the same equation scaled: no point tells them apart (most rewritings)
	}
	ctx, ok := context(a.names, append(append([]string{problem}, before...), text[:a.s])...)
	if !ok {
		return obligation.Obligation{}, false
	}
	whole := wholeRE.MatchString(low) || wholeRE.MatchString(strings.ToLower(problem))
	for _, t := range before {
		whole = whole || wholeRE.MatchString(strings.ToLower(t))
	}
	pt, ok := witness(a, b, ctx, whole)
	if !ok && len(ctx) > 0 {
		// No point of the first equation and the context refutes it: one
		// of the first alone does, unless the second follows from the two
		// by adding multiples of equations (a value or relation put in).
		basis := []algebra.Poly{da.Num()}
		for _, l := range ctx {
			basis = append(basis, l.L.Sub(l.R).Num())
		}
		if inSpan(db.Num(), basis) {
			return obligation.Obligation{}, false
		}
		pt, ok = witness(a, b, nil, whole)
	}
	if !ok {
		return obligation.Obligation{}, false
	}
	lv, _ := evalAt(b.L, pt)
	rv, _ := evalAt(b.R, pt)
	o := obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, b.s, b.e), Kind: obligation.KindEquality,
		OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
	at := pointString(a.names, pt)
	o.Expr = fmt.Sprintf("at %s: %s = %s", at, symexpr.Plain(b.l), symexpr.Plain(b.r))
	o.Prop = listcond.RatTerm(lv) + " = " + listcond.RatTerm(rv)
	o.WhyProof = "both sides are " + lv.RatString()
	o.WhyDisproof = fmt.Sprintf("at %s the left side is %s, the right side %s", at, lv.RatString(), rv.RatString())
	o.Note = fmt.Sprintf("an equation said to rewrite %s = %s, which holds at %s, where this one does not", symexpr.Plain(a.l), symexpr.Plain(a.r), at)
	o.Lean, o.LeanNeg = arith.Declarations(o.Prop, tactic)
	return o, true
}

// pointString writes the point in the order of names.
func pointString(names []string, pt map[string]*big.Rat) string {
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = n + " = " + pt[n].RatString()
	}
	return strings.Join(parts, ", ")
}

// ratVars are the names r depends on as written (its numerator's and its
// denominator's), sorted: a name that cancels in an equation is not one of
// its names.
func ratVars(r algebra.Rat) []string {
	vs := append(r.Num().Vars(), r.Den().Vars()...)
	slices.Sort(vs)
	return slices.Compact(vs)
}

// allowed are the commands an equation read here may hold: fractions,
// sizing brackets, products and spacing.
var allowed = map[string]bool{"frac": true, "dfrac": true, "tfrac": true, "left": true, "right": true,
	"cdot": true, "times": true, "div": true, ",": true, ";": true, "!": true, " ": true}

// plainCommands reports every command of src allowed (a backslash
// followed by letters, or by one other character).
func plainCommands(src string) bool {
	for i := 0; i < len(src); i++ {
		if src[i] != '\\' {
			continue
		}
		j := i + 1
		for j < len(src) && mathtext.IsASCIILetter(src[j]) {
			j++
		}
		if j == i+1 && j < len(src) {
			j++
		}
		if !allowed[src[i+1:j]] {
			return false
		}
		i = j - 1
	}
	return true
}

// braced reports that src has no "&" or "'", and that its braces only
// follow a fraction or a power, or close one: "\frac{a}{b}", "x^{2}".
func braced(src string) bool {
	if strings.ContainsAny(src, "&'") {
		return false
	}
	depth := 0
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '{':
			if i == 0 || src[i-1] != '^' && src[i-1] != '}' && !strings.HasSuffix(src[:i], "frac") {
				return false
			}
			depth++
		case '}':
			if depth--; depth < 0 {
				return false
			}
		}
	}
	return depth == 0
}

// sharedLoneName reports a lone name as one side of both equations ("y =
// 2x + 1" then "y = 2x + 3"): the second may be another member of a
// family (of lines, of curves), not a rewriting of the first, as the
// symbolic reader holds too.
func sharedLoneName(a, b *equation) bool {
	for _, x := range []*symexpr.Expr{a.l, a.r} {
		if x.Op != 'v' {
			continue
		}
		for _, y := range []*symexpr.Expr{b.l, b.r} {
			if y.Op == 'v' && y.Name == x.Name {
				return true
			}
		}
	}
	return false
}
