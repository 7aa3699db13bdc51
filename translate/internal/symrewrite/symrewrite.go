// Package symrewrite decides an expression written alone and then
// rewritten (docs/TRANSLATE.md, "Expressions written alone and
// rewritten"): a math region that holds one expression and no relation,
// followed by words that name a rewriting of it and nothing else
// ("Combine like terms:", "This simplifies to", "which can be rewritten
// as", "can be factored as") and a region that holds another expression.
// The text asserts that the second is the first written another way:
// over the same names, an identity of rational functions; with no name, an
// equality of two numbers. The first region may end the previous step when
// the step opens with the words and the second.
//
// The symbolic reader reads relations only ("A = B"); a lone expression is
// no line of its own there, so these claims were not read at all.
//
// Sound only when the second expression is the whole first one rewritten:
// the words are a closed list of phrases whose object is the expression
// itself (an object such as "the numerator", "the first two terms" or
// "inside the brackets", a substitution, a case, a test or any other word
// leaves the pair alone); the two are written with the same names (a value
// put in for a name, "2x + 1 simplifies to 7", is no rewriting); a name
// bound to a number earlier in the chain is held at that number, so a
// rewriting that holds at the chain's value is never refuted; and the
// sentences of both expressions say nothing that makes the claim
// supposed, tested, rejected or conditional.
package symrewrite

import (
	"fmt"
	"math/big"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/leanprm/leanprm/translate/algebra"
	"github.com/leanprm/leanprm/translate/internal/arith"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
	"github.com/leanprm/leanprm/translate/internal/symimp"
	"github.com/leanprm/leanprm/translate/obligation"
)

// Limits: the words between two expressions, an expression's length, the
// regions of a step read, the pairs decided in a step, the points tried.
const (
	maxGap     = 160
	maxExpr    = 400
	maxRegions = 96
	maxPairs   = 8
	maxPoints  = 48
	// maxSubst bounds the parts tried by substituted, and the numbers.
	maxSubst, maxSubstNums = 64, 4
	// maxSentence bounds the sentence read before an expression.
	maxSentence = 600
)

// exprVetoRE refuses a region that is no single expression: a relation, a
// list, words, a boxed answer, an ellipsis, a plus-minus.
var exprVetoRE = regexp.MustCompile(`[=<>≤≥≠≈≡,;&|]|\\\\|\\(?:le|ge|leq|geq|lt|gt|ne|neq|approx|equiv|implies|Rightarrow|rightarrow|iff|to|in|sim|cong|mid|quad|qquad|text|mathrm|mbox|boxed|pm|mp|cdots|ldots|dots|infty)\b`)

// beforeVetoRE is a word in the sentence of the first expression that
// makes the pair something else than asserted: a supposition, a test, a
// rejection, a condition, an approximation.
var beforeVetoRE = regexp.MustCompile(`\b(?:if|suppose|supposing|assume|assuming|would|were|should|could|might|not|no|never|incorrect\w*|wrong\w*|mistake\w*|errors?|instead|check\w*|verify\w*|test\w*|try|trying|cases?|when|whenever|where|unless|only|approximately|roughly|about|mod|modulo|round\w*|nearest|floor|ceil\w*|remainder|quotient|integer|whole|claim\w*|seems?|appears?)\b|≈|\\approx`)

// afterVetoRE is a word in the rest of the second expression's sentence
// that makes the rewriting something else: those above, a goal ("so that
// it becomes"), a rejection ("but"), a condition or a fact it rests on
// ("since", "for x ≠ 0", "using").
var afterVetoRE = regexp.MustCompile(beforeVetoRE.String() + `|\b(?:want|need|needs|goal|so that|such that|in order|but|however|actually|since|because|given|using|from|with|for|large|small)\b|≠|\\neq?\b`)

// nextVetoRE is a word in the sentence after the second expression's that
// may take the rewriting back ("This simplifies to 2x. Wait, that is
// wrong.").
var nextVetoRE = regexp.MustCompile(`\b(?:wrong|incorrect\w*|mistake\w*|errors?|not|cannot|can't|isn't|doesn't|wait|oops|actually|however|but|recheck\w*|re-?examin\w*|reconsider\w*|re-?evaluat\w*|correct\w*|revisit\w*)\b`)

// region is one math region of a step read as an expression.
type region struct {
	s, e   int // the content, trimmed
	os, ce int // with its marks
	x      *symexpr.Expr
	names  []string // the names written, sorted
	plain  string   // the content with no spaces, to spot a copy
	op     bool     // more than a lone number or name
	head   string   // "R" of "R = … = E": the expression E named (x is E's)
	links  int      // the "=" signs of a named region
	cont   bool     // "= E": continues the expression before it
	alone  bool     // stands as an expression of its own (standalone)
}

// Read returns the obligations of the step's expressions stated to be the
// expression before them rewritten. prev is the previous step's text ("" for
// none); consts are the names bound to one number before the step; a doubt
// about the step (the arithmetic reader's) keeps a false rewriting of
// numbers undecided, and so does modular arithmetic in the chain any false
// rewriting.
func Read(step int, prev, text string, prevToks, toks []mathtext.Tok, consts map[string]*big.Rat, doubt string, modular bool, tactic, idTactic string) []obligation.Obligation {
	rs := mathtext.MathRegions(text, toks)
	if len(rs) == 0 || len(rs) > maxRegions {
		return nil
	}
	var out []obligation.Obligation
	// Regions are read only when the words before one make a pair: most
	// never are.
	read1 := make([]*region, len(rs))
	done := make([]bool, len(rs))
	get := func(k int) *region {
		if !done[k] {
			done[k] = true
			if read1[k] = read(text, rs[k]); read1[k] != nil {
				read1[k].alone = standalone(text, rs, k)
			}
		}
		return read1[k]
	}
	var pr []mathtext.Region // the previous step's, read only for a pair that may open the step
	for k, r := range rs {
		if len(out) >= maxPairs {
			break
		}
		fromPrev := k == 0
		cont := strings.HasPrefix(strings.TrimSpace(text[r.S:r.E]), "=")
		var gap, aText string
		var aos int
		switch {
		case !fromPrev:
			gap, aText, aos = text[rs[k-1].CE:r.OS], text, rs[k-1].OS
		case prev == "" || r.OS >= maxGap || !cont && !symimp.LowerHasAny(text[:r.OS], cueStems...):
			// a gap from the previous step is longer than text[:r.OS] and
			// holds marks (markRE) before it: a cue's stem only there, and
			// with none (or a gap too long for any) no pair
			continue
		default:
			pr = mathtext.MathRegions(prev, prevToks)
			if len(pr) == 0 || len(pr) > maxRegions || !markRE.MatchString(prev[pr[len(pr)-1].CE:]) {
				continue
			}
			gap, aText, aos = prev[pr[len(pr)-1].CE:]+"\n"+text[:r.OS], prev, pr[len(pr)-1].OS
		}
		isCue, isCont := !cont && cue(gap), cont && contGap(gap)
		isLabel := !fromPrev && !cont && !isCue && labelled(text, aos, gap)
		if !isCue && !isCont && !isLabel {
			continue
		}
		var a *region
		if fromPrev {
			if a = read(prev, pr[len(pr)-1]); a != nil {
				a.alone = standalone(prev, pr, len(pr)-1)
			}
		} else {
			a = get(k - 1)
		}
		b := get(k)
		if a == nil || b == nil {
			continue
		}
		// a term-by-term rewriting shows the terms of a whole expression,
		// whatever the words before it call it
		byTerm, sameTerms := termwise(gap, a, b)
		if b.cont != cont || !isLabel && !a.alone || isCue && (byTerm && !sameTerms || !byTerm && !whole(aText, a, gap)) {
			continue
		}
		if o := decide(step, text, aText, fromPrev, a, b, gap, consts, doubt, modular, tactic, idTactic); o != nil {
			out = append(out, *o)
		}
	}
	return out
}

// standalone reports whether region k of text stands as an expression of
// its own: a display, or inline math with no other math region before it
// in its sentence ("… and $2a \cdot a$ is $2a^2$. So the expression
// simplifies to …": $2a^2$ is one product of a computation, not the
// expression simplified).
func standalone(text string, rs []mathtext.Region, k int) bool {
	if rs[k].Display || k == 0 {
		return true
	}
	before, ok := sentenceBefore(text, rs[k].OS)
	return ok && rs[k-1].CE <= rs[k].OS-len(before)
}

// read reads region r of text as one expression, or returns nil.
func read(text string, r mathtext.Region) *region {
	s, e := r.S, r.E
	for s < e && strings.ContainsRune(" \t\n\r", rune(text[s])) {
		s++
	}
	for e > s && strings.ContainsRune(" \t\n\r.,:;", rune(text[e-1])) {
		e--
	}
	body := text[s:e]
	if body == "" || len(body) > maxExpr {
		return nil
	}
	head, links, cont := "", strings.Count(body, "="), false
	switch {
	case links == 1 && body[0] == '=':
		// "\[ = 2a^0 + a^2 - 1 \]" after an expression: its continuation
		cont, links, s = true, 0, s+1
		for s < e && strings.ContainsRune(" \t\n\r", rune(text[s])) {
			s++
		}
		body = text[s:e]
	case links > 0:
		// "R = PN = (450 - 5n)(500 + 10n)": the last member, named R
		i, j := strings.IndexByte(body, '='), strings.LastIndexByte(body, '=')
		if m := headRE.FindStringSubmatch(body[:i]); m != nil {
			head, s = m[1]+strings.ToLower(strings.Join(strings.Fields(m[2]), " ")), s+j+1
			for s < e && strings.ContainsRune(" \t\n\r", rune(text[s])) {
				s++
			}
			body = text[s:e]
		}
	}
	if body == "" || exprVetoRE.MatchString(body) {
		return nil
	}
	src := body
	if strings.ContainsAny(src, "[]") && !strings.Contains(src, `\sqrt[`) {
		src = squareRE.Replace(src) // "1001001[(1010101 + 989899) - …]": square brackets group
	}
	x, info, err := symexpr.ReadDefsInfo(src, nil)
	if err != nil || x == nil || info.Ambig {
		return nil
	}
	g := &region{s: s, e: e, os: r.OS, ce: r.CE, x: x, plain: strings.Join(strings.Fields(body), ""), head: head, links: links, cont: cont}
	g.names = symexpr.Vars(x, map[string]bool{}, nil)
	sort.Strings(g.names)
	g.op = x.Op != 'n' && x.Op != 'v' && !(x.Op == '~' && x.L != nil && (x.L.Op == 'n' || x.L.Op == 'v'))
	return g
}

// squareRE reads square brackets as round ones.
var squareRE = strings.NewReplacer("[", "(", "]", ")")

// headRE is a lone name before "=", "R " or "x_{n} ", or a quantity named
// in words, "\text{Total Score} ".
var headRE = regexp.MustCompile(`^\s*(?:([A-Za-z](?:_\{?[A-Za-z0-9]{1,3}\}?)?)|\\(?:text|mathrm)\{\s*([A-Za-z][A-Za-z' ]{1,40})\s*\})\s*$`)

// paired reports whether a and b are a pair the reader decides: two
// expressions written alone, or, across a step boundary, the same name
// given an expression at the end of one step and another, with one "=",
// at the start of the next ("R = (450 - 5n)(500 + 10n)", "Expanding this
// equation gives: R = 225000 + 4000n - 50n^2"). Within a step, lines
// with the same left side are the symbolic reader's (sameLeftSide).
func paired(a, b *region, fromPrev bool) bool {
	if a.head == "" && b.head == "" {
		return true
	}
	return fromPrev && a.head == b.head && b.links == 1 && !slices.Contains(a.names, a.head) && !slices.Contains(b.names, b.head)
}

// decide makes the obligation A = B, b stated to be a rewritten.
func decide(step int, text, aText string, fromPrev bool, a, b *region, gap string, consts map[string]*big.Rat, doubt string, modular bool, tactic, idTactic string) *obligation.Obligation {
	if !a.op || a.plain == b.plain || !paired(a, b, fromPrev) || strings.Join(a.names, ",") != strings.Join(b.names, ",") {
		return nil
	}
	before, ok := sentenceBefore(aText, a.os)
	if !ok || beforeVetoRE.MatchString(strings.ToLower(before)) || afterVetoRE.MatchString(strings.ToLower(sentenceAfter(text, b.ce))) ||
		nextVetoRE.MatchString(strings.ToLower(nextSentence(text, b.ce))) {
		return nil
	}
	span := mathtext.SpanOf(text, b.s, b.e)
	if !fromPrev {
		span = mathtext.SpanOf(text, a.s, b.e)
	}
	o := &obligation.Obligation{Step: step, Span: span, OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
	o.Expr = symexpr.Plain(a.x) + " = " + symexpr.Plain(b.x)
	words := strings.Join(strings.Fields(strings.Trim(gap, " \t\n\r.,:;!")), " ")
	switch {
	case len(a.names) == 0 && (symexpr.HasNumberRoot(a.x) || symexpr.HasNumberRoot(b.x)):
		if !radicals(o, a.x, b.x, tactic, idTactic) {
			return nil
		}
	case len(a.names) == 0:
		if !closed(o, a.x, b.x, tactic) {
			return nil
		}
	case !identity(o, a.x, b.x, a.names, consts, tactic, idTactic):
		return nil
	}
	o.Note = fmt.Sprintf("the second expression is stated to be the first rewritten (%q)", words)
	switch {
	case modular:
		// "=" may stand for "≡": a rewriting false over Q may hold modulo the chain's modulus
		o.OnDisproof, o.Note = obligation.Unknown, o.Note+"; modular arithmetic in the chain: \"=\" may stand for \"≡\""
	case doubt != "" && len(a.names) == 0:
		// the arithmetic reader's doubt about the step holds back a claim
		// of numbers, as it does the symbolic reader's closed claims
		o.OnDisproof, o.Note = obligation.Unknown, o.Note+"; the step may be rejecting its claims ("+doubt+")"
	}
	return o
}

// closed fills o as the equality of two numbers.
func closed(o *obligation.Obligation, l, r *symexpr.Expr, tactic string) bool {
	a, errA := symexpr.Eval(l, nil)
	b, errB := symexpr.Eval(r, nil)
	if errA != nil || errB != nil {
		return false
	}
	o.Kind = obligation.KindEquality
	rd := symexpr.Render{}
	o.Prop = rd.Term(l) + " = " + rd.Term(r)
	o.Lean, o.LeanNeg = arith.Declarations(o.Prop, tactic)
	o.WhyProof = "both sides are " + a.RatString()
	o.WhyDisproof = fmt.Sprintf("the left side is %s, the right side %s", a.RatString(), b.RatString())
	return true
}

// radicals fills o as the equality of two numbers with square or cube
// roots, each root of a prime read as a quantity of its own (as the
// symbolic reader decides a link with roots of numbers, symexpr.RadSides):
// the claim holds exactly when the two sides, polynomials in those
// quantities, are the same polynomial.
func radicals(o *obligation.Obligation, l, r *symexpr.Expr, tactic, idTactic string) bool {
	_, _, c, err := symexpr.RadSides(l, r)
	if err != nil {
		return false
	}
	seen := map[string]bool{}
	atoms := symexpr.Vars(c.R, seen, symexpr.Vars(c.L, seen, nil))
	if len(atoms) == 0 {
		return closed(o, l, r, tactic)
	}
	sort.Strings(atoms)
	if !identity(o, c.L, c.R, atoms, nil, tactic, idTactic) {
		return false
	}
	o.WhyProof, o.WhyDisproof = c.Note+": "+o.WhyProof, c.Note+": "+o.WhyDisproof
	return true
}

// identity fills o as ∀ names, denominators ≠ 0 → l = r. A name bound to a
// number is held at it: the refuting point must be one the chain allows.
func identity(o *obligation.Obligation, l, r *symexpr.Expr, names []string, consts map[string]*big.Rat, tactic, idTactic string) bool {
	L, errL := symexpr.ToRat(l)
	R, errR := symexpr.ToRat(r)
	if errL != nil || errR != nil {
		return false
	}
	holds := L.Equal(R)
	if !holds && substituted(l, r, R) {
		return false // a part replaced by a number the text may know ("A + M + C = 12")
	}
	divs := divisors(l, r)
	at, av, bv, ok := point(names, divs, l, r, consts, !holds)
	if !ok {
		return false // no point off the denominators, or the rewriting holds at the chain's values
	}
	vs := make(map[string]string, len(names))
	lits := make(map[string]string, len(names))
	binders := make([]string, len(names))
	for i, n := range names {
		vs[n] = fmt.Sprintf("v%d", i+1)
		lits[n] = lit(at[n])
		binders[i] = vs[n]
	}
	rd, cd := symexpr.Render{Names: vs}, symexpr.Render{Names: lits}
	var hyps, chyps []string
	for _, d := range divs {
		hyps = append(hyps, rd.Term(d)+" ≠ (0 : Rat)")
		chyps = append(chyps, cd.Term(d)+" ≠ (0 : Rat)")
	}
	o.Kind = obligation.KindIdentity
	o.Prop = strings.Join(append(hyps, rd.Term(l)+" = "+rd.Term(r)), " → ")
	o.Lean = "example : ∀ (" + strings.Join(binders, " ") + " : Rat), " + o.Prop + " := by " + idTactic
	o.LeanNeg = "example : ¬(" + strings.Join(append(chyps, cd.Term(l)+" = "+cd.Term(r)), " → ") + ") := by " + tactic
	cond := ""
	if len(divs) > 0 {
		cond = " wherever the denominators are nonzero"
	}
	o.WhyProof = fmt.Sprintf("%s = %s for every value of %s%s", symexpr.Plain(l), symexpr.Plain(r), strings.Join(names, ", "), cond)
	o.WhyDisproof = fmt.Sprintf("at %s the left side is %s, the right side %s", pointString(names, at), av.RatString(), bv.RatString())
	return true
}

// divisors are the distinct denominators of l and r.
func divisors(l, r *symexpr.Expr) []*symexpr.Expr {
	var out []*symexpr.Expr
	seen := map[string]bool{}
	for _, d := range symexpr.Divisors(r, symexpr.Divisors(l, nil)) {
		if k := symexpr.Plain(d); !seen[k] && symexpr.HasVar(d) {
			seen[k] = true
			out = append(out, d)
		}
	}
	return out
}

// witnesses are the values a free name takes in turn.
var witnesses = []int64{2, 3, 5, -1, 7, 1, -2, 11, 4, -3, 13, 6}

// point looks for values of the names, those in consts held at their
// value, where every divisor is nonzero and, when differ is set, the two
// sides differ; it returns them and the two sides' values.
func point(names []string, divs []*symexpr.Expr, l, r *symexpr.Expr, consts map[string]*big.Rat, differ bool) (map[string]*big.Rat, *big.Rat, *big.Rat, bool) {
	for i := range maxPoints {
		at := make(map[string]*big.Rat, len(names))
		for k, n := range names {
			if v, ok := consts[n]; ok {
				at[n] = v
				continue
			}
			at[n] = big.NewRat(witnesses[(i+k*(1+i/len(witnesses)))%len(witnesses)], 1)
		}
		if !symexpr.AllInRange(at) || !nonzero(divs, at) {
			continue
		}
		a, errA := symexpr.Eval(l, at)
		b, errB := symexpr.Eval(r, at)
		if errA != nil || errB != nil || differ && a.Cmp(b) == 0 {
			continue
		}
		return at, a, b, true
	}
	return nil, nil, nil, false
}

func nonzero(divs []*symexpr.Expr, at map[string]*big.Rat) bool {
	for _, d := range divs {
		if v, err := symexpr.Eval(d, at); err != nil || v.Sign() == 0 {
			return false
		}
	}
	return true
}

// lit writes x as a Lean rational literal.
func lit(x *big.Rat) string {
	a := new(big.Rat).Abs(x)
	s := "(" + a.Num().String() + " : Rat)"
	if !a.IsInt() {
		s = "((" + a.Num().String() + " : Rat) / (" + a.Denom().String() + " : Rat))"
	}
	if x.Sign() < 0 {
		return "(-" + s + ")"
	}
	return s
}

func pointString(names []string, at map[string]*big.Rat) string {
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = n + " = " + at[n].RatString()
	}
	return strings.Join(parts, ", ")
}

// sentenceBefore is the text of the sentence before position i, from
// the last sentence end or line break; ok is false when it is longer than
// maxSentence (so the step is read in linear time: such a sentence is
// never one that states an expression to rewrite).
func sentenceBefore(text string, i int) (string, bool) {
	from := max(strings.LastIndexByte(text[:i], '\n')+1, i-maxSentence)
	if locs := sentenceEndRE.FindAllStringIndex(text[from:i], -1); len(locs) > 0 {
		return text[from+locs[len(locs)-1][1] : i], true
	}
	return text[from:i], from > i-maxSentence || from == 0 || text[from-1] == '\n'
}

// nextSentence is the sentence after the one that holds position i, within
// 2·maxSentence bytes.
func nextSentence(text string, i int) string {
	rest := text[i:min(len(text), i+2*maxSentence)]
	loc := sentenceEndRE.FindStringIndex(rest)
	if loc == nil {
		return ""
	}
	rest = rest[loc[1]:]
	if end := sentenceEndRE.FindStringIndex(rest); end != nil {
		rest = rest[:end[0]]
	}
	return rest
}

// sentenceAfter is the rest of the sentence from position i, up to maxSentence
// bytes: to a sentence end, or to a line break that a small letter does
// not follow ("\[ 2r \]" then "which is not …" on the next line goes on).
func sentenceAfter(text string, i int) string {
	rest := text[i:min(len(text), i+maxSentence)]
	if loc := sentenceEndRE.FindStringIndex(rest); loc != nil {
		rest = rest[:loc[0]]
	}
	if loc := lineBreakRE.FindStringIndex(rest); loc != nil {
		rest = rest[:loc[0]]
	}
	return rest
}

// lineBreakRE is a line break before anything but a small letter.
var lineBreakRE = regexp.MustCompile(`\n[ \t]*[^a-z \t\n]`)

// substituted reports that r is l with one of its parts that holds a name
// replaced by a number that r holds and l does not: "(A + 1)(M + 1)(C + 1)
// - (A + M + C) - 1" rewritten "(A + 1)(M + 1)(C + 1) - 12 - 1" where the
// problem gives A + M + C = 12. Such a step uses a relation the pair does
// not show; it is left alone, not refuted. R is r read.
func substituted(l, r *symexpr.Expr, R algebra.Rat) bool {
	inL := map[string]bool{}
	numbers(l, func(v string) { inL[v] = true })
	var fresh []*symexpr.Expr
	numbers(r, func(v string) {
		if !inL[v] && len(fresh) < maxSubstNums {
			inL[v] = true
			n, _ := new(big.Rat).SetString(v)
			fresh = append(fresh, &symexpr.Expr{Op: 'n', Num: n})
		}
	})
	if len(fresh) == 0 {
		return false
	}
	var parts []*symexpr.Expr
	var walk func(e *symexpr.Expr)
	walk = func(e *symexpr.Expr) {
		if e == nil || len(parts) >= maxSubst {
			return
		}
		if e != l && symexpr.HasVar(e) {
			parts = append(parts, e)
		}
		walk(e.L)
		walk(e.R)
	}
	walk(l)
	// each candidate is compared with r at one point first (cheap), and
	// read as a rational function only when the two agree there
	at := map[string]*big.Rat{}
	seen := map[string]bool{}
	for i, v := range symexpr.Vars(r, seen, symexpr.Vars(l, seen, nil)) {
		at[v] = big.NewRat(witnesses[i%len(witnesses)]*7+3, 5)
	}
	rv, errR := symexpr.Eval(r, at)
	pv := partValues{at: at, vals: map[*symexpr.Expr]*symexpr.Expr{}}
	for _, p := range parts {
		for _, c := range fresh {
			for _, with := range []*symexpr.Expr{c, {Op: '~', L: c}} {
				if errR == nil && !pv.agrees(l, p, with, rv) {
					continue
				}
				x := replaced(l, p, with)
				if xr, err := symexpr.ToRat(x); err == nil && xr.Equal(R) {
					return true
				}
			}
		}
	}
	return false
}

// numbers calls f with each number written in e.
func numbers(e *symexpr.Expr, f func(string)) {
	if e == nil {
		return
	}
	if e.Op == 'n' && e.Num != nil {
		f(e.Num.RatString())
	}
	numbers(e.L, f)
	numbers(e.R, f)
}

// replaced is e with its part p (the node itself) replaced by c.
func replaced(e, p, c *symexpr.Expr) *symexpr.Expr {
	if e == nil {
		return nil
	}
	if e == p {
		return c
	}
	l, r := replaced(e.L, p, c), replaced(e.R, p, c)
	if l == e.L && r == e.R {
		return e
	}
	cp := *e
	cp.L, cp.R = l, r
	return &cp
}

// partValues evaluates l with one part replaced (replaced) at the point
// at, as symexpr.Eval does, for many parts: each part of l beside the
// replaced one is evaluated once, for all (vals holds its value as a
// number, nil when it has none), and only the operations above the
// replaced part are done again.
type partValues struct {
	at   map[string]*big.Rat
	vals map[*symexpr.Expr]*symexpr.Expr
}

// agrees reports symexpr.Eval(replaced(l, p, with), at) without an error
// and equal to rv.
func (pv *partValues) agrees(l, p, with *symexpr.Expr, rv *big.Rat) bool {
	x, _, ok := pv.rebuild(l, p, with)
	if !ok {
		return false // a part beside p has no value: nor has l with p replaced
	}
	v, err := symexpr.Eval(x, pv.at)
	return err == nil && v.Cmp(rv) == 0
}

// rebuild is e with p replaced by with, each part of it that does not
// hold p made its value (a number); in is whether e holds p, and ok is
// false when a part made a number has no value at the point. The
// operations above p are the arithmetic ones, whose value is their
// operands'; any other is kept whole, and read again by symexpr.Eval.
func (pv *partValues) rebuild(e, p, with *symexpr.Expr) (out *symexpr.Expr, in, ok bool) {
	if e == nil {
		return nil, false, true
	}
	if e == p {
		return with, true, true
	}
	l, inL, okL := pv.rebuild(e.L, p, with)
	r, inR, okR := pv.rebuild(e.R, p, with)
	arith := strings.IndexByte("+-*/", e.Op) >= 0 && e.L != nil && e.R != nil
	unary := (e.Op == '~' || e.Op == '^') && e.R == nil
	switch {
	case !inL && !inR:
		return e, false, true
	case !arith && !unary:
		return replaced(e, p, with), true, true // read whole, as Eval reads it
	}
	if arith && !inL {
		l, okL = pv.value(e.L)
	}
	if arith && !inR {
		r, okR = pv.value(e.R)
	}
	if !okL || !okR {
		return nil, true, false // an operand has no value: nor has the operation
	}
	cp := *e
	cp.L, cp.R = l, r
	return &cp, true, true
}

// value is e's value at the point as a number, read once; ok is false
// when e has none.
func (pv *partValues) value(e *symexpr.Expr) (*symexpr.Expr, bool) {
	n, seen := pv.vals[e]
	if !seen {
		if v, err := symexpr.Eval(e, pv.at); err == nil {
			n = &symexpr.Expr{Op: 'n', Num: v}
		}
		pv.vals[e] = n
	}
	return n, n != nil
}
