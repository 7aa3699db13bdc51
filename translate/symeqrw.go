package translate

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/leanprm/leanprm/translate/algebra"
)

// Equations rewritten in several unknowns (issue 12, fourth pass). The
// transformation rule (KindImplication) reads one unknown only, because
// equations in several unknowns listed one after another are usually a
// system. Two readings stay precise when the text marks a rewriting of the
// same equation:
//
//   - the same closed right side (or left side) on both lines, with a
//     rewriting cue between them ("expand the cube and simplify",
//     "simplifying this gives", "combine like terms"): the other sides
//     are one expression rewritten, KindIdentity ∀ names, L₁ = L₂, under
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
func (t *Translator) equationRewrite(step int, text string, A, B []symMember, proseA, prose, hypo, veto string) *Obligation {
	// "from both sides" names an operation, not a list, and so does "and"
	// between operations ("expand the cube and simplify").
	prose = andOpRE.ReplaceAllString(strings.ReplaceAll(prose, "both sides", "sides"), "$1")
	proseA = strings.ReplaceAll(proseA, "both sides", "sides")
	if hypo != "" || veto != "" || listRE.MatchString(prose) || altRE.MatchString(tailWords(prose, 24)) || eqSubstRE.MatchString(prose) ||
		altRE.MatchString(tailWords(proseA, 24)) || altRE.MatchString(strings.ToLower(after(text, B[1].e2, 24))) {
		return nil // a line of a list ("… or …") is no rewriting of its neighbour
	}
	vars := map[string]bool{}
	for _, m := range append(append([]symMember{}, A...), B...) {
		if m.e == nil || hasCertFn(m.e) || hasRoot(m.e) || m.def {
			return nil
		}
		for _, v := range symVars(m.e, map[string]bool{}, nil) {
			vars[v] = true
		}
	}
	if len(vars) < 2 {
		return nil // one unknown: KindImplication's
	}
	same := func(x, y *sexpr) bool {
		vx, okx := constValue(x)
		vy, oky := constValue(y)
		return okx && oky && vx.Cmp(vy) == 0
	}
	var l, r *sexpr
	var s, e int
	switch {
	case eqRewriteCueRE.MatchString(prose) && same(A[1].e, B[1].e) && hasVar(A[0].e) && hasVar(B[0].e):
		l, r, s, e = A[0].e, B[0].e, A[0].s, B[0].e2
	case eqRewriteCueRE.MatchString(prose) && same(A[0].e, B[0].e) && hasVar(A[1].e) && hasVar(B[1].e):
		l, r, s, e = A[1].e, B[1].e, A[1].s, B[1].e2
	default:
		return t.equationMoved(step, text, A, B, prose)
	}
	if isNamePower(l) || isNamePower(r) {
		return nil
	}
	L, err := symToRat(l)
	if err != nil {
		return nil
	}
	R, err := symToRat(r)
	if err != nil {
		return nil
	}
	// The same unknowns once terms cancel ("(… + d) - (… + d)"): a side
	// that gains or loses one used another equation.
	ratVars := func(q algebra.Rat) string {
		return strings.Join(sortedCopy(unionVars(q.Num().Vars(), q.Den().Vars())), ",")
	}
	if ratVars(L) != ratVars(R) {
		return nil
	}
	o := &Obligation{Step: step, Span: spanOf(text, s, e), Kind: KindIdentity, OnProof: Verified, OnDisproof: Refuted}
	o.Expr = symString(l) + " = " + symString(r)
	o.Note = "the two equations have the same other side: this side is rewritten"
	if !t.identityDecls(o, l, r, nil) {
		return nil
	}
	return o
}

// equationMoved is the second reading: A.l - A.r and B.l - B.r differ by
// a nonzero constant, after an operation cue.
func (t *Translator) equationMoved(step int, text string, A, B []symMember, prose string) *Obligation {
	if !eqMoveCueRE.MatchString(prose) {
		return nil
	}
	for _, m := range []symMember{A[0], A[1], B[0], B[1]} {
		if m.e.op == 'v' {
			return nil // a lone name: a definition or an assignment ("y = 2x + 1")
		}
	}
	lhs := &sexpr{op: '-', l: A[0].e, r: A[1].e}
	rhs := &sexpr{op: '-', l: B[0].e, r: B[1].e}
	L, err := symToRat(lhs)
	if err != nil || L.Den().Degree() > 0 {
		return nil
	}
	R, err := symToRat(rhs)
	if err != nil || R.Den().Degree() > 0 {
		return nil
	}
	d := L.Sub(R)
	if d.Num().Degree() != 0 || d.Den().Degree() != 0 || L.Equal(R) {
		return nil
	}
	o := &Obligation{Step: step, Span: spanOf(text, A[0].s, B[1].e2), Kind: KindIdentity, OnProof: Verified, OnDisproof: Refuted}
	o.Expr = symString(lhs) + " = " + symString(rhs)
	if !t.identityDecls(o, lhs, rhs, nil) {
		return nil
	}
	o.whyDisproof = fmt.Sprintf("the equation is not a rearrangement of the one before (the two differ by a nonzero constant, so they share no solution): %s", o.whyDisproof)
	return o
}

// tailWords is the last n bytes of s without a word cut at its start
// ("expand" cut to "and" is no conjunction).
func tailWords(s string, n int) string {
	if len(s) <= n {
		return s
	}
	t := s[len(s)-n:]
	if isWordByte(s[len(s)-n-1]) && isWordByte(t[0]) {
		if i := strings.IndexFunc(t, func(r rune) bool { return r > 127 || !isWordByte(byte(r)) }); i >= 0 {
			return t[i:]
		}
		return ""
	}
	return t
}
