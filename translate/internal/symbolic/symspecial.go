package symbolic

import (
	"fmt"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
	"github.com/leanprm/leanprm/translate/internal/symimp"
	"github.com/leanprm/leanprm/translate/obligation"
)

// Trigonometric functions of a name, powers with a name in the exponent
// and claims in π alone (symexpr.Kind): each link with one on either side
// is decided as an identity, P being the polynomial identity of both
// sides times their denominators; the members are then taken out of the
// line, which the other readers read as before.

// specialLine decides the links of a line that have one of kind's
// expressions on either side, and takes those members out.
func (w *symWalk) specialLine(ln symLine, ms []symMember, kind symexpr.Kind) {
	has := false
	for _, m := range ms {
		has = has || kind.Has(m.e)
	}
	if !has {
		return
	}
	sentence := w.sentence(ln.ps, ln.pe)
	sent := symimp.Neutral(sentence)
	var doubt string
	switch {
	case kind.Closed && w.st.Doubt != "":
		doubt = w.st.Doubt // as closedRational
	case kind.Closed:
		doubt = closedClaimVeto(sentence)
	default: // as symLink: a sentence that may reject its claims, or states a case
		doubt = vetoRE.FindString(sent)
		if doubt == "" {
			doubt = vetoRE.FindString(strings.ToLower(restOfLine(w.text, ms[len(ms)-1].e2, 120)))
		}
		if doubt == "" {
			doubt = hypotheticalRE.FindString(sent)
		}
	}
	before := strings.ToLower(ln.rawProse + " " + symexpr.SentenceBefore(w.text, ln.ps))
	// "solve the equation for all x" is no identity
	at := symexpr.Link{Chain: len(ms) >= 3 || ln.cont, Cue: kind.Cue(before) && equationWordRE.FindString(before) == ""}
	for k := 0; k+1 < len(ms); k++ {
		A, B := ms[k], ms[k+1]
		if A.e == nil || B.e == nil || !kind.Has(A.e) && !kind.Has(B.e) {
			continue
		}
		at.Index = k
		c, refutable, why := kind.DecideLink(A.e, B.e, at)
		at.Rewrote = at.Rewrote || c.Holds && why == ""
		span := mathtext.SpanOf(w.text, A.s, B.e2)
		if why != "" {
			w.add(nil, &obligation.Skipped{Span: span, Reason: why})
			continue
		}
		o := &obligation.Obligation{Step: w.step, Span: span, Kind: obligation.KindIdentity, OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
		o.Expr = symexpr.Plain(A.e) + " = " + symexpr.Plain(B.e)
		if !refutable || doubt != "" {
			o.OnDisproof = obligation.Unknown
			if doubt != "" {
				o.Note = fmt.Sprintf("the sentence may not assert the claim (%q)", doubt)
			}
		}
		if !w.t.identityDecls(o, c.L, c.R, nil) {
			w.add(nil, &obligation.Skipped{Span: span, Reason: "no point where every denominator is nonzero was found"})
			continue
		}
		o.WhyProof, o.WhyDisproof = c.Note+": "+o.WhyProof, c.Note+": "+o.WhyDisproof
		w.add(o, nil)
	}
	val := kind.Atoms(len(ms), func(k int) *symexpr.Expr { return ms[k].e }) // the value of sin θ as a name (symexpr/atoms.go)
	for k := range ms {
		if kind.Has(ms[k].e) {
			ms[k].e, ms[k].why = val(k)
		}
	}
}
