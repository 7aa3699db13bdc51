package symbolic

import (
	"errors"
	"fmt"
	"slices"

	"github.com/leanprm/leanprm/translate/algebra"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
	"github.com/leanprm/leanprm/translate/obligation"
)

// Claims in π and numbers alone ("\frac{19404\pi}{120\pi} = 161.7" aside,
// "(\frac{\pi}{4})^2 + (\frac{\pi}{4})^2 = \frac{\pi^2}{8}"). π is
// transcendental (Lindemann), so a rational function of π with rational
// coefficients is zero only when it is zero as a rational function: the
// claim A(π) = B(π) holds exactly when A = B holds for every value of π,
// and the obligation is that identity, decided like any other. A side
// without π set against a side that varies with π ("2\pi r = 31") is an
// approximation of π, never decided; π beside other names is left alone.

var errPiBeside = errors.New("not a symbolic expression: π beside other names")

// piBeside reports π and another name in e.
func piBeside(e *symexpr.Expr) bool {
	out := map[string]bool{}
	symexpr.NamesOutsideTrig(e, out, map[string]bool{})
	return len(out) > 1 && out["π"]
}

// piOnly reports members whose only name is π, one of them at least.
func piOnly(ms []symMember) bool {
	seen := false
	for _, m := range ms {
		for _, v := range symexpr.Vars(m.e, map[string]bool{}, nil) {
			if v != "π" {
				return false
			}
			seen = true
		}
	}
	return seen
}

// dropPiBeside leaves alone the members that mention π on a line with
// other names: π is no unknown to solve for nor a name of an identity.
func dropPiBeside(ms []symMember) {
	if piOnly(ms) {
		return
	}
	for k := range ms {
		if slices.Contains(symexpr.Vars(ms[k].e, map[string]bool{}, nil), "π") {
			ms[k].e, ms[k].why = nil, errPiBeside.Error()
		}
	}
}

// piLine decides the links of a line in π alone.
func (w *symWalk) piLine(ln symLine, ms []symMember) {
	w.st.last, w.st.lastHead = nil, nil
	for k := 0; k+1 < len(ms); k++ {
		A, B := ms[k], ms[k+1]
		if A.e == nil || B.e == nil {
			continue
		}
		o, why := w.t.piLink(w.step, w.text, A, B, ln.sentence, w.st)
		if why != "" {
			w.add(nil, &obligation.Skipped{Span: mathtext.SpanOf(w.text, A.s, B.e2), Reason: why})
			continue
		}
		w.add(o, nil)
	}
}

// piLink is the obligation for A = B in π, or the reason it is left alone.
func (t *Reader) piLink(step int, text string, A, B symMember, sentence string, st *State) (*obligation.Obligation, string) {
	L, err := symexpr.ToRat(A.e)
	if err != nil {
		return nil, "cannot normalise: " + err.Error()
	}
	R, err := symexpr.ToRat(B.e)
	if err != nil {
		return nil, "cannot normalise: " + err.Error()
	}
	constant := func(x algebra.Rat) bool {
		return x.Num().Degree() == 0 && x.Den().Degree() == 0 || constRatio(x.Num(), x.Den(), "π")
	}
	if symexpr.HasVar(A.e) != symexpr.HasVar(B.e) && !L.Equal(R) && (!constant(L) || !constant(R)) {
		return nil, "a number against an expression in π: an approximation of π may be meant"
	}
	if symexpr.Plain(A.e) == symexpr.Plain(B.e) {
		return nil, "both sides are written the same"
	}
	o := &obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, A.s, B.e2), Kind: obligation.KindIdentity, OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
	o.Expr = symexpr.Plain(A.e) + " = " + symexpr.Plain(B.e)
	switch {
	case st.Doubt != "":
		o.OnDisproof, o.Note = obligation.Unknown, "the step may be rejecting its claims ("+st.Doubt+")"
	case closedClaimVeto(sentence) != "":
		o.OnDisproof, o.Note = obligation.Unknown, fmt.Sprintf("the sentence may be rejecting the claim (%q)", closedClaimVeto(sentence))
	}
	if !t.identityDecls(o, A.e, B.e, nil) {
		return nil, "no point where every denominator is nonzero was found"
	}
	const why = "π is transcendental, so a claim in π alone holds exactly when it holds for every value of π: "
	o.WhyProof, o.WhyDisproof = why+o.WhyProof, why+o.WhyDisproof
	return o, ""
}
