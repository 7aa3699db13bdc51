// Package tuplesat decides the ordered pairs or triples of whole numbers
// that a step lists as the ones that satisfy "the equation" (docs/
// TRANSLATE.md, "Tuples said to satisfy the problem's equation"): "we
// have the following ordered pairs that satisfy the equation: \((5,
// 3)\), \((7, 2)\)", where the problem asks for the pairs \((x, y)\)
// with \(x^2 - 8x + y^2 + 4y = 5\). The equation is the one the sentence
// writes after "equation", else the problem's only equation in the names
// of the problem's (or the sentence's) tuple of names, "(x, y)"; each
// tuple is evaluated there exactly. A tuple that fails is refuted only
// when it also fails every equation in exactly those names that the
// step or the step before writes (the chain may call another, equivalent
// or not, "the equation"). Only failing tuples make obligations: the
// equation at the tuple, a closed equality. A sentence that supposes,
// tests, hedges or denies, a list with an ellipsis or with more after it,
// names the tuple does not fix and a problem with two equations in the
// names are left alone.
package tuplesat

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/arith"
	"github.com/leanprm/leanprm/translate/internal/listcond"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
	"github.com/leanprm/leanprm/translate/obligation"
)

// Limits: the step and the problem read, the claims of a step, the tuples
// of a list, a member's digits and an equation's length.
const (
	maxText    = 20000
	maxProblem = 8000
	maxOut     = 4
	maxTuples  = 24
	maxDigits  = 9
	maxExpr    = 200
	maxCues    = 4
)

var (
	// cueRE is the claim's head in the lowered plain text: a noun of
	// tuples, then (within the clause) "satisfy the equation".
	cueRE = regexp.MustCompile(`\b(?:pairs|triples|triplets|tuples|solutions)\b[^.:;?!]{0,60}?\bsatisf(?:y|ies|ying)\s+(?:the|this|our)\s+(?:given\s+|original\s+|above\s+)?equation\b`)
	// vetoRE in the sentence: supposed, tested, hedged, denied or excepted.
	vetoRE = regexp.MustCompile(`\b(?:if|suppose|supposing|assume|assuming|would|could|should|might|may|try|trying|test|testing|check|checking|verify|verifying|whether|candidate|candidates|possible|possibly|potential|cannot|not|no|none|neither|nor|except|excluding|exclude|besides|other|wrong|incorrect|mistake\w*|approximately|roughly|also|only if)\b|\?|≈|\\approx|n't\b`)
	// namesRE is a tuple of one-letter names, "(x, y)", "(a,b,c)".
	namesRE = regexp.MustCompile(`\(\s*([a-zA-Z])\s*,\s*([a-zA-Z])\s*(?:,\s*([a-zA-Z])\s*)?(?:,\s*([a-zA-Z])\s*)?\)`)
	// headRE opens the list after the cue: a verb or a colon, blanks.
	headRE = regexp.MustCompile(`^(?:\s*(?:are|is|as follows|below))?\s*:?\s*`)
)

// Read returns the refutations of the tuples the step lists as the ones
// satisfying the equation.
func Read(step int, problem, prev, text, tactic string) []obligation.Obligation {
	if len(text) > maxText || len(problem) > maxProblem || !strings.Contains(text, "satisf") || !strings.Contains(text, "equation") {
		return nil
	}
	low := mathtext.LowerPlain(text)
	// cueRE starts with one of its nouns, as it is
	if !mathtext.HasAny(low, "pairs", "triples", "triplets", "tuples", "solutions") {
		return nil
	}
	var out []obligation.Obligation
	for _, m := range cueRE.FindAllStringIndex(low, maxCues) {
		s := listcond.SentenceStart(low, m[0])
		e := listcond.SentenceEnd(low, m[1])
		if vetoRE.MatchString(low[s:e]) {
			continue
		}
		out = append(out, readClaim(step, problem, prev, text, m[1], s, e, tactic)...)
		if len(out) >= maxOut {
			return out[:maxOut]
		}
	}
	return out
}

// readClaim reads the list after the cue ending at at, in the sentence
// [s, e), and refutes its failing tuples.
func readClaim(step int, problem, prev, text string, at, s, e int, tactic string) []obligation.Obligation {
	stated, after := inlineEquation(text, at, e)
	h := headRE.FindStringIndex(text[after:e])
	tuples, ok := readTuples(text, after+h[1], e)
	if !ok {
		return nil
	}
	names := namesOf(text[s:at], len(tuples[0].vals))
	if names == nil {
		names = namesOf(problem, len(tuples[0].vals))
	}
	if names == nil {
		return nil
	}
	var eqs []equation
	if stated != "" {
		q, ok := readEquation(stated, names)
		if !ok {
			return nil
		}
		eqs = []equation{q}
	} else {
		found := equationsIn(problem, names)
		if len(found) != 1 {
			return nil // none, or several: "the equation" is not fixed
		}
		eqs = append(found, equationsIn(prev+"\n"+text[:s], names)...)
	}
	var out []obligation.Obligation
	for _, t := range tuples {
		if o, bad := refute(step, text, eqs, names, t, tactic); bad {
			out = append(out, o)
		}
		if len(out) >= maxOut {
			break
		}
	}
	return out
}

// tuple is a listed tuple of whole numbers and its bytes in the text.
type tuple struct {
	vals []*big.Int
	s, e int
}

// equation is an equation in the names, its sides read.
type equation struct {
	src  string
	l, r *symexpr.Expr
}

// refute evaluates every equation at t: when each is defined there and
// fails, the first is the refutation; a tuple that satisfies any of them,
// or leaves one undefined, is left alone.
func refute(step int, text string, eqs []equation, names []string, t tuple, tactic string) (obligation.Obligation, bool) {
	at := map[string]*big.Rat{}
	terms := map[string]string{}
	for i, n := range names {
		v := new(big.Rat).SetInt(t.vals[i])
		at[n], terms[n] = v, listcond.RatTerm(v)
	}
	var lv0, rv0 *big.Rat
	for i, q := range eqs {
		lv, errL := symexpr.Eval(q.l, at)
		rv, errR := symexpr.Eval(q.r, at)
		if errL != nil || errR != nil || lv.Cmp(rv) == 0 {
			return obligation.Obligation{}, false
		}
		if i == 0 {
			lv0, rv0 = lv, rv
		}
	}
	q := eqs[0]
	rd := symexpr.Render{Names: terms}
	tup := tupleString(t.vals)
	o := obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, t.s, t.e), Kind: obligation.KindEquality,
		OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
	o.Expr = fmt.Sprintf("%s = %s at (%s) = %s", symexpr.Plain(q.l), symexpr.Plain(q.r), strings.Join(names, ", "), tup)
	o.Prop = rd.Term(q.l) + " = " + rd.Term(q.r)
	o.WhyProof = fmt.Sprintf("%s satisfies %s", tup, q.src)
	o.WhyDisproof = fmt.Sprintf("%s is listed as satisfying %s, but there the left side is %s and the right side is %s", tup, q.src, lv0.RatString(), rv0.RatString())
	o.Note = "a tuple listed as satisfying the equation, evaluated at its values"
	o.Lean, o.LeanNeg = arith.Declarations(o.Prop, tactic)
	return o, true
}

// tupleString writes the values as a tuple, "(5, 3)".
func tupleString(vals []*big.Int) string {
	parts := make([]string, len(vals))
	for i, v := range vals {
		parts[i] = v.String()
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// namesOf is the one tuple of distinct one-letter names of arity n in
// src, "(x, y)"; nil when there is none or there are two different ones.
func namesOf(src string, n int) []string {
	var got []string
	for _, m := range namesRE.FindAllStringSubmatch(src, 16) {
		var names []string
		for _, g := range m[1:] {
			if g != "" {
				names = append(names, g)
			}
		}
		if len(names) != n || !distinct(names) {
			continue
		}
		if got != nil && strings.Join(got, ",") != strings.Join(names, ",") {
			return nil
		}
		got = names
	}
	return got
}

// distinct reports names with no repeat and none of e, i (constants).
func distinct(names []string) bool {
	seen := map[string]bool{}
	for _, n := range names {
		if seen[n] || n == "e" || n == "i" {
			return false
		}
		seen[n] = true
	}
	return true
}
