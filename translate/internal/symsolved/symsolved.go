// Package symsolved reads values that a step states for several names at
// once as the solution of the equations it has just written ("the
// intersection of x + y = 1 and y + z = 1: solving, we find x = 0, y = 1,
// z = 0", "b² + c² + d² = 16. Possible combinations: - b = 2, c = 2, d = 2",
// "this fits when B = 2 and R = 4"), and refutes a stated solution that
// fails one of those equations (docs/TRANSLATE.md, "Values stated for
// several names").
//
// The claim is the text's own: values said to solve, satisfy or fit
// equations make each of those equations true at the values, whatever the
// equations are worth. So a refutation is the closed instance of one
// equation at the stated values, false. What keeps it sound is which
// equations and which values count:
//   - values: a group of "name = number" that binds at least two names, all
//     to rational numbers, led by a cue that states them as the solution
//     ("we find", "solving", "gives", "possible combinations", "fits",
//     "satisfy") and no word that makes them a trial, a supposition or a
//     rejected branch (try, test, check, suppose, if, not, invalid, ...) in the
//     prose before them or in the rest of their sentence; bullets and "or"
//     alternatives after a group carry its cue;
//   - equations: those with one "=" whose names are all among the group's,
//     between the group and the previous group, within the group's own
//     sentence, or, when that sentence has none, the sentence before it;
//     every name of the group must appear in one of them. A step with
//     modular arithmetic, approximations or inequalities in that window is
//     left alone.
package symsolved

import (
	"fmt"
	"math/big"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/leanprm/leanprm/translate/internal/discourse"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
	"github.com/leanprm/leanprm/translate/obligation"
)

// Limits: a region's length, the regions of a step, the names of a group,
// the prose that may lead a group to its cue.
const (
	maxRegion  = 400
	maxRegions = 120
	maxNames   = 6
	maxLead    = 160
	maxPrev    = 20000
	maxLinks   = 8
)

var (
	// cueRE states the values that follow as the solution of what came
	// before.
	cueRE = regexp.MustCompile(`\b(?:solving|solve[sd]?|we (?:find|get|obtain|have)|(?:this |which |that )?gives?|giving|yields?|solutions? (?:is|are)|satisf(?:y|ies|ied|ying)|fits?\b|possible (?:combinations?|pairs?|triples?|solutions?|values?)|only (?:possible )?(?:pairs?|triples?|solutions?|combinations?)|valid (?:pairs?|triples?|solutions?))`)
	// windowVetoRE in an equation's window leaves the group alone: "=" may
	// not be equality over the rationals there, or the equations are
	// alternatives ("m - 1 = 1 or m - 1 = -1"), of which the values solve one.
	windowVetoRE = regexp.MustCompile(`(?i)\bmod\b|\bmodulo\b|\bremainder|\bcongruen|≡|\\equiv|\\pmod|\\bmod|≈|\\approx|\bapproximat|\bor\b|\beither\b|\bcases?\b|\bpossibilit|\balternativ|\\pm\b|±`)
	// cueStems are stems of which a match of cueRE or preCueRE holds one.
	cueStems = []string{"olv", "find", "get", "giv", "ield", "olution", "atisf", "fit", "ossible", "only", "valid", "btain", "have", "oot"}
	// sepRE is what joins two assignments of one group; altRE starts
	// another group of the same list ("or", a bullet, a new line).
	sepRE = regexp.MustCompile(`^[\s,]*(?:and\s*)?$`)
	altRE = regexp.MustCompile(`^[\s,;]*(?:\(?\s*(?:or|and)\s*|\n\s*(?:[-*•]|\d+[.)]|\\item)?\s*|;\s*)$`)
	// nameRE is a name a group may bind (isName reads it); numRE a value
	// it may take.
	nameRE = regexp.MustCompile(`^[A-Za-z]$`)
	numRE  = regexp.MustCompile(`^-?\s*(?:\d+(?:\.\d+)?|\\[dt]?frac\{\d+\}\{\d+\}|\d+\s*/\s*\d+)$`)
	// relRE counts the relations of an equation region.
	relRE = regexp.MustCompile(`[<>≤≥≠≈≡]|\\(?:le|ge|leq|geq|lt|gt|ne|neq|approx|equiv|sim|pm|mp)\b`)
	// splitRE splits a display into its equations.
	splitRE = regexp.MustCompile(`\\implies|\\Rightarrow|\\Longrightarrow|\\iff|\\quad|\\qquad|\\\\|&|\\text\{\s*(?:and|,)\s*\}`)
)

// group is values stated for several names: the names in order, their
// values, where they stand, and whether a cue leads them.
type group struct {
	names  []string
	values map[string]*big.Rat
	s, e   int // from the first assignment's region to the last one's, with their marks
	vs, ve int // the same without the marks: the claim's span
	cued   bool
	lead   string // the prose before it, lower case ("" when longer than maxLead)
	head   int    // the first group of its list (bullets, "or" alternatives)
}

// equation is an equation with one "=" read from a region.
type equation struct {
	s, e  int
	l, r  *symexpr.Expr
	names map[string]bool
}

// Found is a refutation and where its values stand in the step.
type Found struct {
	Obligation obligation.Obligation
	Values     obligation.Span
}

// sameScope reports every equation of the system in the scope of the
// list's first group (discourse: a case, a bullet, a trial). A list whose
// groups are themselves heads ("- b = 4, c = 0, d = 0" read as a case
// "b = 4,") stands in the scope of the line before it.
func sameScope(text string, dr *discourse.Reading, sys []equation, first group) bool {
	q := first.s
	if dr.InHead(first.vs) {
		q = strings.LastIndexByte(text[:first.s], '\n')
	}
	for _, e := range sys {
		if q <= e.e || dr.Scope(e.s) != dr.Scope(q) {
			return false
		}
	}
	return true
}

// Read returns the refutations of values that the step states for several
// names as the solution of equations before them in the step that they fail.
// prev is the step before ("" for none): a step that opens with the values
// solves the equations of the last sentence before it.
func Read(step int, prev string, prevToks []mathtext.Tok, text string, toks []mathtext.Tok, dr *discourse.Reading, tactic string) []Found {
	if strings.Count(text, "=") < 2 {
		return nil // an equation and a value at least
	}
	if !mathtext.HasAny(text, cueStems...) {
		return nil
	}
	// A cue before an equation ("the solutions of") needs one of these
	// words; the cues before values are read on the prose before each.
	pre := strings.Contains(text, "olution") || strings.Contains(text, "oot")
	rs := mathtext.MathRegions(text, toks)
	if len(rs) > maxRegions {
		return nil
	}
	groups, eqRegions := readRegions(text, rs)
	if !slices.ContainsFunc(groups, func(g group) bool { return g.cued || pre && g.lead != "" }) {
		return nil // no values a cue could state
	}
	var eqs []equation
	for _, r := range eqRegions {
		eqs = append(eqs, readEquations(text, r)...)
	}
	var out []Found
	var prevEqs []equation // the previous step's, read once when needed
	prevRead := false
	cue := make([]bool, len(groups)) // a list's groups share its first group's cue
	var memo vetoMemo                // and its window
	for gi, g := range groups {
		cue[gi] = g.cued
		if g.head != gi {
			cue[gi] = cue[g.head]
		}
		if g.head != gi && !cue[gi] || vetoed(text, g.e) {
			continue
		}
		// The equations are those before the list's first group.
		prevEnd := 0
		for k := g.head - 1; k >= 0; k-- {
			if len(groups[k].names) > 1 { // a value bound alone is no solution stated before
				prevEnd = groups[k].e
				break
			}
		}
		sys := system(&memo, text, eqs, g, groups[g.head].s, prevEnd)
		here := sys != nil // the equations stand in this step
		switch {
		case sys == nil && g.head == 0:
			if !prevRead {
				prevEqs, prevRead = readAll(prev, prevToks), true
			}
			sys = fromPrev(&memo, prev, prevEqs, text, eqs, dr, g, groups[0])
		case sys != nil && !sameScope(text, dr, sys, groups[g.head]):
			sys = nil
		}
		if sys == nil {
			continue
		}
		if !cue[gi] {
			// "the solutions to the equation E are x = 2 and x = -1": the cue
			// before the equation, nothing against it after.
			cue[gi] = here && g.lead != "" && !vetoWords(g.lead) && preCued(text, sys[0].s)
		}
		if !cue[gi] {
			continue
		}
		if o := decide(step, text, g, sys, tactic); o != nil {
			out = append(out, Found{Obligation: *o, Values: o.Span})
		}
	}
	return out
}

// preCueRE before an equation states the values after it as its
// solutions.
var preCueRE = regexp.MustCompile(`\b(?:solutions?|roots?) (?:to|of)\b`)

// preCued reports preCueRE in the sentence before the equation at, with
// nothing that makes it a trial or a doubt.
func preCued(text string, at int) bool {
	p := strings.ToLower(text[sentenceStart(text, at):at])
	return len(p) <= maxLead && preCueRE.MatchString(p) && !vetoWords(p)
}

// readRegions reads the step's regions as groups of values and
// equations, in order; a group's cue is settled here.
func readRegions(text string, rs []mathtext.Region) ([]group, []mathtext.Region) {
	var groups []group
	var eqs []mathtext.Region // the regions that may hold equations, read when needed (readAllEquations)
	var cur *group            // the group being built
	last := 0                 // the end of the last region read
	var lastNames []string    // the names of the last tuple, for bare tuples after it
	for _, r := range rs {
		if r.E-r.S > maxRegion {
			cur, last = nil, r.CE
			continue
		}
		body := strings.TrimSpace(strings.TrimRight(strings.TrimSpace(text[r.S:r.E]), ".,;:"))
		between := text[last:r.OS]
		names, vals, ok := assignments(body, lastNames)
		if !ok {
			eqs = append(eqs, r)
			cur, last = nil, r.CE
			continue
		}
		if len(names) > 1 && strings.HasPrefix(body, "(") {
			lastNames = names
		}
		switch {
		case cur != nil && sepRE.MatchString(between) && !overlaps(cur, names) && len(cur.names)+len(names) <= maxNames:
			cur.names = append(cur.names, names...)
			for k, v := range vals {
				cur.values[k] = v
			}
			cur.e, cur.ve = r.CE, trimEnd(text, r.S, r.E)
		default:
			cued, head := false, len(groups)
			lead := strings.ToLower(between)
			switch {
			case len(groups) > 0 && groups[len(groups)-1].e == last && altRE.MatchString(between):
				prev := groups[len(groups)-1]
				cued, head = prev.cued, prev.head // a list goes on
			case len(lead) <= maxLead:
				cued = mathtext.HasAny(lead, cueStems...) && cueRE.MatchString(lead) && !vetoWords(lead)
			}
			if len(lead) > maxLead {
				lead = ""
			}
			groups = append(groups, group{names: names, values: vals, s: r.OS, e: r.CE, vs: trimStart(text, r.S, r.E), ve: trimEnd(text, r.S, r.E), cued: cued, lead: lead, head: head})
			cur = &groups[len(groups)-1]
		}
		last = r.CE
	}
	return groups, eqs
}

// overlaps reports a name of names the group binds already.
func overlaps(g *group, names []string) bool {
	for _, n := range names {
		if _, ok := g.values[n]; ok {
			return true
		}
	}
	return false
}

// assignments reads a region that only binds names to numbers: "x = 0",
// "b = 4, c = 0, d = 0", "(A, R) = (1, 4)", or a bare tuple "(4, 1)" after
// a tuple of as many names.
func assignments(body string, tupleNames []string) ([]string, map[string]*big.Rat, bool) {
	vals := map[string]*big.Rat{}
	var names []string
	if strings.HasPrefix(body, "(") {
		lhs, rhs, found := strings.Cut(body, "=")
		if !found {
			if len(tupleNames) == 0 {
				return nil, nil, false
			}
			lhs, rhs = "", body
		}
		var ns []string
		if lhs != "" {
			ns = tuple(lhs)
			if ns == nil || strings.Contains(rhs, "=") {
				return nil, nil, false
			}
			for _, n := range ns {
				if !isName(n) {
					return nil, nil, false
				}
			}
		} else {
			ns = tupleNames
		}
		vs := tuple(rhs)
		if len(vs) != len(ns) || len(ns) < 2 {
			return nil, nil, false
		}
		for i, n := range ns {
			v, ok := number(vs[i])
			if !ok || vals[n] != nil {
				return nil, nil, false
			}
			vals[n] = v
		}
		return ns, vals, true
	}
	for _, part := range strings.Split(body, ",") {
		part = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(part), "and "))
		n, v, found := strings.Cut(part, "=")
		n = strings.TrimSpace(n)
		if !found || !isName(n) || vals[n] != nil {
			return nil, nil, false
		}
		x, ok := number(v)
		if !ok {
			return nil, nil, false
		}
		vals[n] = x
		names = append(names, n)
	}
	return names, vals, len(names) > 0
}

// isName is nameRE.MatchString(n): one ASCII letter and nothing else.
func isName(n string) bool { return len(n) == 1 && mathtext.IsASCIILetter(n[0]) }

// tuple splits "(a, b, c)" into its members, nil when s is no tuple.
func tuple(s string) []string {
	s = strings.TrimSpace(s)
	s = strings.TrimPrefix(strings.TrimSuffix(s, `\right)`), `\left(`)
	if !strings.HasPrefix(s, "(") || !strings.HasSuffix(s, ")") {
		return nil
	}
	s = s[1 : len(s)-1]
	if strings.ContainsAny(s, "()") {
		return nil
	}
	parts := strings.Split(s, ",")
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	return parts
}

// number reads a rational number written plainly. A decimal with more
// than one digit after its point may be rounded ("x = 1.41"): it is not
// read.
func number(s string) (*big.Rat, bool) {
	s = strings.TrimSpace(s)
	if !numRE.MatchString(s) {
		return nil, false
	}
	if i := strings.IndexByte(s, '.'); i >= 0 && len(s)-i-1 > 1 {
		return nil, false
	}
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimSpace(strings.TrimPrefix(s, "-"))
	if rest, ok := strings.CutPrefix(s, `\`); ok {
		rest = rest[strings.IndexByte(rest, '{')+1:]
		num, den, _ := strings.Cut(rest, "}{")
		s = num + "/" + strings.TrimSuffix(den, "}")
	}
	s = strings.ReplaceAll(s, " ", "")
	v, ok := new(big.Rat).SetString(s)
	if !ok {
		return nil, false
	}
	if neg {
		v.Neg(v)
	}
	return v, true
}

// readEquations reads the equations of a region: each part (split at
// implication arrows and spacing) with one "=" and no other relation,
// both sides read.
func readEquations(text string, r mathtext.Region) []equation {
	var out []equation
	for _, part := range splitKeep(text[r.S:r.E]) {
		s, e := r.S+part.s, r.S+part.e
		p := strings.TrimSpace(strings.TrimRight(strings.TrimSpace(text[s:e]), ".,;:"))
		if !strings.Contains(p, "=") || strings.Count(p, "=") > maxLinks || relRE.MatchString(p) || strings.Contains(p, `\text`) || strings.ContainsAny(p, "%$") {
			continue
		}
		// A chain "a = 2b = 3c" claims each link.
		members := strings.Split(p, "=")
		sides := make([]*symexpr.Expr, len(members))
		for k, m := range members {
			sides[k] = side(m)
		}
		for k := 0; k+1 < len(sides); k++ {
			l, r := sides[k], sides[k+1]
			if l == nil || r == nil {
				continue
			}
			names := map[string]bool{}
			for _, v := range append(symexpr.Vars(l, map[string]bool{}, nil), symexpr.Vars(r, map[string]bool{}, nil)...) {
				names[v] = true
			}
			if len(names) == 0 || isAssignment(l, r) {
				continue
			}
			out = append(out, equation{s: s, e: e, l: l, r: r, names: names})
		}
	}
	return out
}

type span struct{ s, e int }

// splitKeep splits a region's body at the separators of splitRE.
func splitKeep(body string) []span {
	var out []span
	at := 0
	if !strings.ContainsAny(body, `\&`) {
		return append(out, span{at, len(body)}) // each separator holds one or the other
	}
	for _, m := range splitRE.FindAllStringIndex(body, -1) {
		out = append(out, span{at, m[0]})
		at = m[1]
	}
	return append(out, span{at, len(body)})
}

// isAssignment reports "x = 3" read as an equation.
func isAssignment(l, r *symexpr.Expr) bool {
	return l.Op == 'v' && (r.Op == 'n' || r.Op == '~' && r.L != nil && r.L.Op == 'n')
}

// side reads one side of an equation, nil when it is not read exactly.
func side(s string) *symexpr.Expr {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil
	}
	e, wide, _, err := symexpr.ReadMember(s, nil, symexpr.Mode{ExpNames: true})
	if err != nil || wide != nil {
		return nil
	}
	return e
}

// vetoed reports a word that makes the group no stated solution in the
// rest of its sentence (outside math).
func vetoed(text string, end int) bool {
	rest := text[end:]
	if i := strings.IndexAny(rest, ".!?\n"); i >= 0 {
		rest = rest[:i]
	}
	return vetoWords(strings.ToLower(rest))
}

// system is the equations the group's values are stated to solve, nil when
// they are not settled: those in the window of the group's list (from the
// start of the sentence of its first group, or the end of the group before
// the list, to that first group; the sentence before when that has none)
// whose names are all the group's, covering every name of the group.
func system(memo *vetoMemo, text string, eqs []equation, g group, listStart, prevEnd int) []equation {
	start := sentenceStart(text, listStart)
	from := max(start, prevEnd)
	sys, veto := within(memo, text, eqs, g, from, listStart)
	if veto {
		return nil
	}
	if len(sys) == 0 && from == start && start > 0 {
		before := sentenceStart(text, start-1)
		if before < prevEnd {
			return nil
		}
		if sys, veto = within(memo, text, eqs, g, before, start); veto {
			return nil
		}
	}
	if len(sys) == 0 || !covers(sys, g) {
		return nil
	}
	return sys
}

// fromPrev is the system of the step's first list of values when the step
// opens with it (nothing but prose, in no case, before it in its first
// sentence): the equations of the previous step's last sentence.
func fromPrev(memo *vetoMemo, prev string, peqs []equation, text string, eqs []equation, dr *discourse.Reading, g, first group) []equation {
	if prev == "" || len(prev) > maxPrev || sentenceStart(text, first.s) != 0 || dr.Scope(first.vs) != 0 || dr.InHead(first.vs) {
		return nil
	}
	if len(eqs) > 0 && eqs[0].s < first.s || strings.Contains(text[:first.s], "=") || memo.vetoed(text, 0, first.s) {
		return nil // an equation before the values, or "=" that may not be equality
	}
	end := len(prev)
	for end > 0 && isSpace(prev[end-1]) {
		end--
	}
	sys, veto := within(memo, prev, peqs, g, sentenceStart(prev, end), end)
	if veto || len(sys) == 0 || !covers(sys, g) {
		return nil
	}
	return sys
}

// readAll is the equations of a step ("" and a step past the limits have
// none).
func readAll(text string, toks []mathtext.Tok) []equation {
	if text == "" || len(text) > maxPrev {
		return nil
	}
	rs := mathtext.MathRegions(text, toks)
	if len(rs) > maxRegions {
		return nil
	}
	var out []equation
	for _, r := range rs {
		if r.E-r.S <= maxRegion {
			out = append(out, readEquations(text, r)...)
		}
	}
	return out
}

// covers reports every name of the group in some equation of sys.
func covers(sys []equation, g group) bool {
	covered := map[string]bool{}
	for _, e := range sys {
		for n := range e.names {
			covered[n] = true
		}
	}
	return len(covered) == len(g.names)
}

// within is the equations between from and to whose names the group
// binds, and whether the window's text vetoes reading "=" as equality.
func within(memo *vetoMemo, text string, eqs []equation, g group, from, to int) ([]equation, bool) {
	if memo.vetoed(text, from, to) {
		return nil, true
	}
	var out []equation
	for _, e := range eqs {
		if e.s < from || e.e > to {
			continue
		}
		all := true
		for n := range e.names {
			if _, ok := g.values[n]; !ok {
				all = false
			}
		}
		if all {
			out = append(out, e)
		}
	}
	return out, false
}

// sentenceStart is where the sentence holding position at starts: after
// the last ". ", "! ", "? " or blank line before it outside math.
func sentenceStart(text string, at int) int {
	for i := at - 1; i > 0; i-- {
		c := text[i-1]
		if (c == '.' || c == '!' || c == '?') && isSpace(text[i]) && !digitAround(text, i-1) {
			return i
		}
		if c == '\n' && text[i] == '\n' {
			return i
		}
	}
	return 0
}

// digitAround reports a decimal point ("3.5") at i.
func digitAround(text string, i int) bool {
	return i > 0 && i+1 < len(text) && text[i-1] >= '0' && text[i-1] <= '9' && text[i+1] >= '0' && text[i+1] <= '9'
}

// decide evaluates each equation of the system at the group's values and
// refutes the first that fails; nil when all hold or one cannot be
// evaluated.
func decide(step int, text string, g group, sys []equation, tactic string) *obligation.Obligation {
	bad := -1
	var badL, badR *symexpr.Expr
	var a, b *big.Rat
	for i := range sys {
		if len(g.names) == 1 && !symexpr.HasExpOfName(sys[i].l) && !symexpr.HasExpOfName(sys[i].r) {
			return nil // one name in a polynomial equation: the symbolic reader's (symSolution)
		}
		cl, ok1 := closeAt(sys[i].l, g.values)
		cr, ok2 := closeAt(sys[i].r, g.values)
		if !ok1 || !ok2 {
			return nil
		}
		l, err1 := symexpr.Eval(cl, nil)
		r, err2 := symexpr.Eval(cr, nil)
		if err1 != nil || err2 != nil {
			return nil
		}
		if bad < 0 && l.Cmp(r) != 0 {
			bad, badL, badR, a, b = i, cl, cr, l, r
		}
	}
	if bad < 0 {
		return nil
	}
	var at []string
	for _, n := range g.names {
		at = append(at, n+" = "+g.values[n].RatString())
	}
	where := strings.Join(at, ", ")
	rd := symexpr.Render{}
	o := &obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, g.vs, g.ve), Kind: obligation.KindSolution, OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
	eq := symexpr.Plain(sys[bad].l) + " = " + symexpr.Plain(sys[bad].r)
	o.Expr = fmt.Sprintf("%s at %s", eq, where)
	o.Prop = rd.Term(badL) + " = " + rd.Term(badR)
	o.Lean = "example : " + o.Prop + " := by " + tactic
	o.LeanNeg = "example : ¬(" + o.Prop + ") := by " + tactic
	o.Note = fmt.Sprintf("the values %s are stated as the solution of the equations before them in the step (%s)", where, eq)
	o.WhyProof = fmt.Sprintf("at %s both sides are %s", where, a.RatString())
	o.WhyDisproof = fmt.Sprintf("the stated values fail the equation: at %s the left side is %s, the right side %s", where, a.RatString(), b.RatString())
	return o
}

// closeAt is e with each name written as its value (symexpr.Substitute)
// and each power whose exponent then has no name folded to a power of a
// whole exponent (symexpr.FoldPowers); ok=false when a name has no value,
// such an exponent is no small whole number, or e holds more than the
// field's operations.
func closeAt(e *symexpr.Expr, at map[string]*big.Rat) (*symexpr.Expr, bool) {
	for name, v := range at {
		e = symexpr.Substitute(e, name, symexpr.RatExpr(v))
	}
	if symexpr.HasVar(e) {
		return nil, false
	}
	return symexpr.FoldPowers(e)
}

// trimStart and trimEnd are a region's content without its spaces.
func trimStart(text string, s, e int) int {
	for s < e && isSpace(text[s]) {
		s++
	}
	return s
}

func trimEnd(text string, s, e int) int {
	for e > s && isSpace(text[e-1]) {
		e--
	}
	return e
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// vetoMemo keeps the answers of windowVetoRE for the windows of one step
// (and of the step before it) read so far: the groups of a list share
// their window.
type vetoMemo struct{ wins []vetoWindow }

// vetoWindow is one window, text[from:to], and its answer.
type vetoWindow struct {
	text     string
	from, to int
	veto     bool
}

// vetoed reports windowVetoRE in text[from:to].
func (m *vetoMemo) vetoed(text string, from, to int) bool {
	for _, w := range m.wins {
		if w.from == from && w.to == to && w.text == text {
			return w.veto
		}
	}
	veto := windowVeto(text[from:to])
	m.wins = append(m.wins, vetoWindow{text, from, to, veto})
	return veto
}

// windowVeto reports windowVetoRE in s. An ASCII s is read word by word
// instead (the pattern's words have no letter whose case folds beyond
// ASCII, and its signs are not ASCII); any other s by the pattern.
func windowVeto(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return windowVetoRE.MatchString(s)
		}
	}
	low := strings.ToLower(s)
	if mathtext.HasAny(low, `\equiv`, `\pmod`, `\bmod`, `\approx`) {
		return true
	}
	for i := 0; i < len(low); {
		if !isWordChar(low[i]) {
			if strings.HasPrefix(low[i:], `\pm`) && (i+3 == len(low) || !isWordChar(low[i+3])) {
				return true
			}
			i++
			continue
		}
		j := i
		for j < len(low) && isWordChar(low[j]) {
			j++
		}
		w := low[i:j]
		switch w {
		case "mod", "modulo", "or", "either", "case", "cases":
			return true
		}
		for _, p := range []string{"remainder", "congruen", "approximat", "possibilit", "alternativ"} {
			if strings.HasPrefix(w, p) {
				return true
			}
		}
		i = j
	}
	return false
}

// isWordChar reports a byte of \w (ASCII letters, digits and "_").
func isWordChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}
