// Package symcand reads candidate values listed for an equation in several
// names that the step has just stated: "the pairs must satisfy \(A^2 + R^2
// = 20\) … \((A, R) = (1, 4)\)", "\[b^2 + c^2 + d^2 = 16\] Possible
// combinations: - \(b = 2, c = 2, d = 2\)", "if \(BR = 10\) and \(B + R - 1
// = 5\) … this fits when \(B = 2\) and \(R = 4\)". Each listed assignment of
// every name of the equations is the claim that it solves them (issue 29;
// docs/TRANSLATE.md "Candidate values of several names"). The reader is
// linear in the step and bounded: at most maxPieces pieces of math are read.
package symcand

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

const (
	maxPieces = 120 // pieces of math read in one step
	maxIntro  = 400 // bytes from the equations to their first candidate
	maxClause = 200 // bytes of a candidate's clause read for a veto
)

// piece is one relation of a math region: an equation in two names or
// more, or an assignment of numbers to names (one or a tuple).
type piece struct {
	s, e  int // its span in the step
	l, r  *symexpr.Expr
	names []string            // the equation's names, or the assigned ones in order
	vals  map[string]*big.Rat // an assignment's values; nil for an equation
}

// Read returns the claims of the step text (with its tokens) that a listed
// assignment solves the equations stated before it. tactic closes the
// closed declarations.
func Read(step int, text string, toks []mathtext.Tok, tactic string) []obligation.Obligation {
	if modularRE.MatchString(strings.ToLower(text)) {
		return nil // "=" may stand for a congruence
	}
	ps := pieces(text, mathtext.MathRegions(text, toks))
	var out []obligation.Obligation
	var group []piece // the equations of the latest sentence that stated one
	for i := 0; i < len(ps); i++ {
		p := ps[i]
		if p.vals == nil {
			if len(group) > 0 && sentenceEnds(text[group[len(group)-1].e:p.s]) {
				group = group[:0]
			}
			group = append(group, p)
			continue
		}
		// A run of assignments joined by nothing but commas and "and".
		run := p
		run.vals = clone(p.vals)
		run.names = slices.Clone(p.names)
		j := i + 1
		for ; j < len(ps) && ps[j].vals != nil && joined(text[run.e:ps[j].s]) && !overlaps(run.names, ps[j].names); j++ {
			for _, n := range ps[j].names {
				run.vals[n] = ps[j].vals[n]
			}
			run.names = append(run.names, ps[j].names...)
			run.e = ps[j].e
		}
		i = j - 1
		next := len(text)
		if j < len(ps) {
			next = ps[j].s
		}
		if o := claim(step, text, group, run, next, tactic); o != nil {
			out = append(out, *o)
		}
	}
	return out
}

// claim is the obligation that run solves the equations of group in its
// names, or nil when the text does not claim it.
func claim(step int, text string, group []piece, run piece, next int, tactic string) *obligation.Obligation {
	if len(group) == 0 {
		return nil
	}
	if run.s-group[len(group)-1].e > maxIntro {
		return nil
	}
	intro := strings.ToLower(text[group[len(group)-1].e:run.s])
	if vetoRE.MatchString(intro) {
		return nil
	}
	// The word that the values solve the equations: between them, or
	// before the first equation in its sentence ("The solutions of … are …").
	lead := strings.ToLower(text[max(0, group[0].s-maxClause):group[0].s])
	if k := lastSentenceEnd(lead); k >= 0 {
		lead = lead[k+1:]
	}
	if !claimRE.MatchString(intro) && !claimRE.MatchString(lead) {
		return nil
	}
	clause := text[run.e:min(next, run.e+maxClause)]
	if k := sentenceEnd(clause); k >= 0 {
		clause = clause[:k]
	}
	if vetoRE.MatchString(strings.ToLower(clause)) {
		return nil
	}
	var eqs []piece
	var covered []string
	for _, g := range group {
		if subset(g.names, run.names) {
			eqs = append(eqs, g)
			covered = union(covered, g.names)
		}
	}
	if len(eqs) == 0 || len(covered) != len(run.names) {
		return nil // a name no equation holds: another condition chose it
	}
	pick, holds := eqs[len(eqs)-1], true
	var lv, rv *big.Rat
	for k := len(eqs) - 1; k >= 0; k-- { // the equation nearest the values first
		g := eqs[k]
		a, err1 := symexpr.Eval(g.l, run.vals)
		b, err2 := symexpr.Eval(g.r, run.vals)
		if err1 != nil || err2 != nil {
			return nil // a denominator zero there
		}
		if a.Cmp(b) != 0 {
			pick, holds, lv, rv = g, false, a, b
			break
		}
		lv, rv = a, b
	}
	return obligationFor(step, text, pick, run, holds, lv, rv, tactic)
}

// obligationFor writes the claim that run solves eq as a closed claim.
func obligationFor(step int, text string, eq, run piece, holds bool, lv, rv *big.Rat, tactic string) *obligation.Obligation {
	l, r := eq.l, eq.r
	var at []string
	for _, n := range run.names {
		c := symexpr.RatExpr(run.vals[n])
		l, r = symexpr.Substitute(l, n, c), symexpr.Substitute(r, n, c)
		at = append(at, n+" = "+run.vals[n].RatString())
	}
	where := strings.Join(at, ", ")
	rd := symexpr.Render{}
	prop := rd.Term(l) + " = " + rd.Term(r)
	o := &obligation.Obligation{
		Step: step, Span: mathtext.SpanOf(text, run.s, run.e), Kind: obligation.KindSolution,
		Expr:    symexpr.Plain(eq.l) + " = " + symexpr.Plain(eq.r) + " at " + where,
		Prop:    prop,
		Lean:    "example : " + prop + " := by " + tactic,
		LeanNeg: "example : ¬(" + prop + ") := by " + tactic,
		// A candidate that solves the equations proves no more: the list
		// may miss one, or the text may have asked for more conditions
		// than the equations the reader took ("fits when …").
		OnProof: obligation.Unknown, OnDisproof: obligation.Refuted,
		Note: "a candidate listed for the equation before it: one that solves it is not a claim the reader can verify (the list may be incomplete, or the text may have asked for more)",
	}
	o.WhyProof = fmt.Sprintf("at %s both sides are %s", where, lv.RatString())
	o.WhyDisproof = fmt.Sprintf("at %s the left side is %s, the right side %s", where, lv.RatString(), rv.RatString())
	if holds {
		o.WhyDisproof = ""
	}
	return o
}

var (
	// modularRE marks a step where "=" may stand for a congruence.
	modularRE = regexp.MustCompile(`\\(?:pmod|bmod|mod|equiv)\b|\bmod(?:ulo)?\b|\bremainders?\b|\bcongruen`)
	// claimRE says the assignments after it solve the equations before it.
	claimRE = regexp.MustCompile(`\b(?:satisf(?:y|ies|ied|ying)|solutions?|solves?|pairs|triples|quadruples|combinations|fits?)\b`)
	// vetoRE marks a test, a trial, a rejection or a condition the values fail.
	vetoRE = regexp.MustCompile(`\b(?:not|no|none|never|neither|nor|fail|fails|failed|doesn't|don't|isn't|aren't|can't|cannot|invalid|incorrect|wrong|impossible|but|however|except|exclud\w*|discard\w*|reject\w*|try|trying|tried|check|checking|test|testing|suppose|assume|guess|example|instance|if|whether|would|could)\b|\?|≠|\\neq?\b|\\nmid|✗|✘|❌`)
	// tupleRE is "(A, R) = (1, 4)": names, then as many numbers.
	tupleRE = regexp.MustCompile(`^\(\s*([A-Za-z](?:_\{?\d\}?)?(?:\s*,\s*[A-Za-z](?:_\{?\d\}?)?)+)\s*\)\s*=\s*\(\s*(-?\d+(?:\.\d+)?(?:\s*,\s*-?\d+(?:\.\d+)?)+)\s*\)$`)
)
