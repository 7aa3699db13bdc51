package symbolic

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"

	"github.com/leanprm/leanprm/translate/algebra"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
	"github.com/leanprm/leanprm/translate/internal/symimp"
	"github.com/leanprm/leanprm/translate/obligation"
)

// Equations rewritten in several unknowns. The
// transformation rule (obligation.KindImplication) reads one unknown only, because
// equations in several unknowns listed one after another are usually a
// system. Two readings stay precise when the text marks a rewriting of the
// same equation:
//
//   - the same closed right side (or left side) on both lines, with a
//     rewriting cue between them ("expand the cube and simplify",
//     "simplifying this gives", "combine like terms"): the other sides
//     are one expression rewritten, obligation.KindIdentity ∀ names, L₁ = L₂, under
//     the leading-terms rule of symLink (omnimath-340, -260);
//   - the left minus the right sides differing by a nonzero constant,
//     with an operation cue ("add 12 to both sides"): the two equations
//     share no solution, so the second is no rearrangement of the first;
//     the identity A.l - A.r = B.l - B.r is refuted at a witness, as in
//     one unknown (olympiadbench-371).
//
// A case, an assumption, a possible rejection, a list or a system named
// in the words between the lines keeps the pair alone.

// andOpRE is "and" before an operation word.
var andOpRE = regexp.MustCompile(`\band (simplif|combin|expand|collect|rearrang|rewrit)`)

// eqRewriteCueRE marks a rewriting of an expression inside an equation.
var eqRewriteCueRE = newWordMatcher([]string{"foil"}, []string{"expand", "simplif", "combin", "collect", "rewrit", "distribut"}, []string{"like terms"})

// eqMoveCueRE marks an operation on both sides of an equation.
var eqMoveCueRE = newWordMatcher([]string{"add", "adding", "moving", "move", "bring", "bringing"}, []string{"subtract", "rearrang", "simplif", "combin", "collect", "expand"}, nil)

// eqSubstRE marks words after which a rewritten side may use other
// equations of the system.
var eqSubstRE = newWordMatcher(nil, []string{"substitut", "plug", "replac", "using", "use", "eliminat", "solv", "equation"}, []string{"we know", "from the"})

// equationRewrite decides line B (two members) after line A (two members)
// of the same math text when a reading above applies, or returns nil.
func (t *Reader) equationRewrite(step int, text string, A, B []symMember, proseA, prose, hypo, veto string) *obligation.Obligation {
	// "from both sides" names an operation, not a list, and so does "and"
	// between operations ("expand the cube and simplify").
	if prose = strings.ReplaceAll(prose, "both sides", "sides"); strings.Contains(prose, "and ") { // andOpRE's one literal
		prose = andOpRE.ReplaceAllString(prose, "$1")
	}
	proseA = strings.ReplaceAll(proseA, "both sides", "sides")
	if hypo != "" || veto != "" || symimp.ListCue(prose) || symimp.Alt(mathtext.TailWords(prose, 24)) || eqSubstRE.MatchString(prose) ||
		symimp.Alt(mathtext.TailWords(proseA, 24)) || symimp.Alt(strings.ToLower(after(text, B[1].e2, 24))) {
		return nil // a line of a list ("… or …") is no rewriting of its neighbour
	}
	vars := map[string]bool{}
	for _, m := range append(append([]symMember{}, A...), B...) {
		if m.e == nil || symexpr.HasCertFn(m.e) || symexpr.HasRoot(m.e) || m.def {
			return nil
		}
		for _, v := range symexpr.Vars(m.e, map[string]bool{}, nil) {
			vars[v] = true
		}
	}
	if len(vars) < 2 {
		return nil // one unknown: obligation.KindImplication's
	}
	same := func(x, y *symexpr.Expr) bool {
		vx, okx := constValue(x)
		vy, oky := constValue(y)
		return okx && oky && vx.Cmp(vy) == 0
	}
	var l, r *symexpr.Expr
	var s, e int
	var other *symexpr.Expr // the side both lines share
	// Adjacent lines with no word between them are read too, but only
	// when the leading terms cancel as a rewriting's do: a system written
	// line by line seldom has that ("x + y = 10", "2x - y = 10").
	cue := eqRewriteCueRE.MatchString(prose)
	// A comma between two math regions lists them ("we obtain $…$, $…$").
	adjacent := strings.Trim(prose, " .:$\\[]()\n") == ""
	switch {
	case (cue || adjacent) && same(A[1].e, B[1].e) && symexpr.HasVar(A[0].e) && symexpr.HasVar(B[0].e):
		l, r, s, e, other = A[0].e, B[0].e, A[0].s, B[0].e2, A[1].e
	case (cue || adjacent) && same(A[0].e, B[0].e) && symexpr.HasVar(A[1].e) && symexpr.HasVar(B[1].e):
		l, r, s, e, other = A[1].e, B[1].e, A[1].s, B[1].e2, A[0].e
	default:
		return t.equationMoved(step, text, A, B, prose)
	}
	if isNamePower(l) || isNamePower(r) {
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
	// The same unknowns once terms cancel ("(… + d) - (… + d)"): a side
	// that gains or loses one used another equation.
	ratVars := func(q algebra.Rat) string {
		return strings.Join(sortedCopy(unionVars(q.Num().Vars(), q.Den().Vars())), ",")
	}
	if ratVars(L) != ratVars(R) || !cue && !L.Equal(R) && !symexpr.LeadCancels(l, r, L, R) {
		return nil
	}
	if v, ok := constValue(other); ok && v.Sign() == 0 && !R.Num().IsZero() {
		// "6x + 6y - 6z - 6 = 0 … divide everything by 2 … 3x + 3y - 3z - 3
		// = 0": against zero, a side scaled by a nonzero number is the same
		// equation, not a rewriting of the side.
		if !L.Equal(R) && scaledBy(L, R) {
			return nil
		}
	}
	o := &obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, s, e), Kind: obligation.KindIdentity, OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
	o.Expr = symexpr.Plain(l) + " = " + symexpr.Plain(r)
	o.Note = "the two equations have the same other side: this side is rewritten"
	if !t.identityDecls(o, l, r, nil) {
		return nil
	}
	return o
}

// equationMoved is the second reading: A.l - A.r and B.l - B.r differ by
// a nonzero constant, after an operation cue.
func (t *Reader) equationMoved(step int, text string, A, B []symMember, prose string) *obligation.Obligation {
	if !eqMoveCueRE.MatchString(prose) {
		return nil
	}
	for _, m := range []symMember{A[0], A[1], B[0], B[1]} {
		if m.e.Op == 'v' {
			return nil // a lone name: a definition or an assignment ("y = 2x + 1")
		}
	}
	lhs := &symexpr.Expr{Op: '-', L: A[0].e, R: A[1].e}
	rhs := &symexpr.Expr{Op: '-', L: B[0].e, R: B[1].e}
	L, err := symexpr.ToRat(lhs)
	if err != nil || L.Den().Degree() > 0 {
		return nil
	}
	R, err := symexpr.ToRat(rhs)
	if err != nil || R.Den().Degree() > 0 {
		return nil
	}
	d := L.Sub(R)
	if d.Num().Degree() != 0 || d.Den().Degree() != 0 || L.Equal(R) {
		return nil
	}
	o := &obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, A[0].s, B[1].e2), Kind: obligation.KindIdentity, OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
	o.Expr = symexpr.Plain(lhs) + " = " + symexpr.Plain(rhs)
	if !t.identityDecls(o, lhs, rhs, nil) {
		return nil
	}
	o.WhyDisproof = fmt.Sprintf("the equation is not a rearrangement of the one before (the two differ by a nonzero constant, so they share no solution): %s", o.WhyDisproof)
	return o
}

// sameLeftRE is a left side that names one quantity and is no unknown
// being solved for: a subscripted or longer name ("SA_{\text{cube}}",
// "V_{new}") or an expression; a lone letter ("x", "y") is left alone, as
// it may be one root after another or one line of a family.
var loneLetterRE = regexp.MustCompile(`^\\?[A-Za-z]+$`)

// sameLeftSide decides "N = E₁" then "N = E₂" on consecutive lines with
// the same left side N written identically (olympiadbench-387, -185,
// omnimath-400): E₁ and E₂ are one value rewritten. Closed sides are
// compared exactly (a lone letter on the left is left alone: roots listed
// one per line); sides with names must hold the same unknowns once terms
// cancel and are an identity claim, read only after a rewriting cue or,
// when N is an expression rather than a name, between adjacent lines.
func (t *Reader) sameLeftSide(step int, text string, lhs string, A, B symMember, prose, sentence string, st *State) *obligation.Obligation {
	if A.e == nil || B.e == nil || A.def || B.def || A.bound || B.bound {
		return nil
	}
	prose = andOpRE.ReplaceAllString(prose, "$1")
	words := strings.TrimSpace(strings.Trim(prose, ".:$ \\[]()")) // a comma lists
	cue := eqRewriteCueRE.MatchString(prose)
	if !cue && words != "" || symimp.ListCue(prose) || symimp.Alt(mathtext.TailWords(prose, 24)) || eqSubstRE.MatchString(prose) ||
		closedClaimVeto(sentence) != "" || hypotheticalRE.MatchString(symimp.Neutral(sentence)) {
		return nil
	}
	lhs = strings.Join(strings.Fields(lhs), "")
	if lhs == "" || loneLetterRE.MatchString(lhs) && !strings.Contains(lhs, "_") {
		return nil
	}
	va, vb := symexpr.HasVar(A.e), symexpr.HasVar(B.e)
	switch {
	case !va && !vb:
		if strings.ContainsAny(lhs, "=<>") {
			return nil
		}
		return t.closedPair(step, text, A, B, sentence, st)
	case va && vb:
		// A name or its power ("m^2") may be two expressions for one
		// unknown set equal next ("comparing the two expressions").
		name := !strings.ContainsAny(lhs, "+-*/^()") && !strings.Contains(lhs, `\cdot`)
		if e, err := symexpr.Read(lhs); err == nil && isNamePower(e) {
			name = true
		}
		if name && !cue {
			return nil
		}
		L, err := symexpr.ToRat(A.e)
		if err != nil {
			return nil
		}
		R, err := symexpr.ToRat(B.e)
		if err != nil {
			return nil
		}
		ratVars := func(q algebra.Rat) string {
			return strings.Join(sortedCopy(unionVars(q.Num().Vars(), q.Den().Vars())), ",")
		}
		if ratVars(L) != ratVars(R) {
			return nil
		}
		o := &obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, A.s, B.e2), Kind: obligation.KindIdentity, OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
		o.Expr = symexpr.Plain(A.e) + " = " + symexpr.Plain(B.e)
		o.Note = "two lines give the same left side: the right sides are one value rewritten"
		if !t.identityDecls(o, A.e, B.e, nil) {
			return nil
		}
		return o
	}
	return nil
}

// closedPair decides two closed members as the closed lines of symClaims
// do.
func (t *Reader) closedPair(step int, text string, A, B symMember, sentence string, st *State) *obligation.Obligation {
	var o *obligation.Obligation
	switch {
	case symexpr.HasCertFn(A.e) || symexpr.HasCertFn(B.e):
		o = t.closedCert(step, text, A, B, sentence)
	case !symexpr.HasRoot(A.e) && !symexpr.HasRoot(B.e) && !symexpr.HasIntFn(A.e) && !symexpr.HasIntFn(B.e) && !symexpr.HasFracPow(A.e) && !symexpr.HasFracPow(B.e):
		o = t.closedRational(step, text, A, B, sentence, st)
	case symexpr.HasRoot(A.e) || symexpr.HasRoot(B.e) || symexpr.HasFracPow(A.e) || symexpr.HasFracPow(B.e):
		o = t.closedValue(step, text, A, B, sentence)
	default:
		o = t.closedExact(step, text, A, B, sentence)
	}
	if o != nil {
		o.Note = strings.TrimPrefix(o.Note+"; two lines give the same left side: the right sides are one value rewritten", "; ")
	}
	return o
}

// scaledBy reports whether a = c·b for a nonzero constant c: num(a)·den(b)
// is c times num(b)·den(a), with c read at a point where the latter is
// nonzero and the equality then checked as polynomials.
func scaledBy(a, b algebra.Rat) bool {
	p1 := a.Num().Mul(b.Den())
	p2 := b.Num().Mul(a.Den())
	if p1.IsZero() || p2.IsZero() {
		return false
	}
	names := unionVars(p1.Vars(), p2.Vars())
	for k := int64(1); k <= 8; k++ {
		at := map[string]*big.Rat{}
		for i, v := range names {
			at[v] = big.NewRat(k+int64(i)*7, 1)
		}
		y1, err1 := p1.Eval(at)
		y2, err2 := p2.Eval(at)
		if err1 != nil || err2 != nil || y2.Sign() == 0 {
			continue
		}
		c := new(big.Rat).Quo(y1, y2)
		return c.Sign() != 0 && p1.Sub(p2.Mul(algebra.Const(c))).IsZero()
	}
	return false
}
