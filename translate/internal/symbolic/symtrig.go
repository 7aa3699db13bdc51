package symbolic

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/leanprm/leanprm/translate/algebra"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
	"github.com/leanprm/leanprm/translate/obligation"
)

// Trigonometric functions of a name (\sin^2 x + \cos^2 x = 1, \sin 2x =
// 2\sin x\cos x, \cos(\pi - x) = -\cos x): a link with one on either side
// is decided as an identity in x by the tangent half-angle substitution
// (symexpr.TrigIdentity), P being the identity of rational functions it
// becomes. It holds: verified. It fails: refuted only when the text
// claims an identity — the two sides differ by a nonzero constant (no x
// makes them equal), or the link continues an "=" chain of rewritings (a
// link after the first, neither side constant), or the line stands
// after the word "identity" or "for all/any/every" — and otherwise left
// alone: "\sin^2 x = \frac{1}{4}" is an equation. A name that stands
// both inside and outside a trigonometric function ("\sin x = x") is
// left alone. The links the walk decides here are taken out of the line,
// which the other readers then read as before.

// trigWords are the functions read with a name in their argument.
var trigWords = []string{`\sin`, `\cos`, `\tan`, `\cot`, `\sec`, `\csc`}

// hasTrigWord is a cheap test for a trigonometric function in s.
func hasTrigWord(s string) bool {
	for _, w := range trigWords {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

// identityCueRE is prose that says the next line holds for every value.
var identityCueRE = regexp.MustCompile(`\bidentit(?:y|ies)\b|\bfor (?:all|any|every)\b`)

const whyTrigTaken = "a trigonometric function of a name (read as an identity in it)"

// trigLine decides the links of a line that have a trigonometric
// function of a name on either side, and takes those members out.
func (w *symWalk) trigLine(ln symLine, ms []symMember) {
	has := false
	for _, m := range ms {
		has = has || symexpr.HasTrigOfName(m.e)
	}
	if !has {
		return
	}
	sentence := strings.ToLower(sentenceAround(w.text, ln.ps, ln.pe))
	sent := symNeutral.Replace(sentence)
	// as symLink: a sentence that may reject its claims, or states a case
	doubt := vetoRE.FindString(sent)
	if doubt == "" && len(ms) > 0 {
		doubt = vetoRE.FindString(strings.ToLower(restOfLine(w.text, ms[len(ms)-1].e2, 120)))
	}
	if doubt == "" {
		doubt = hypotheticalRE.FindString(sent)
	}
	chain := len(ms) >= 3 || ln.cont
	rewrote := false // an earlier link of the line holds as an identity
	cue := identityCueRE.MatchString(strings.ToLower(ln.rawProse + " " + sentenceBefore(w.text, ln.ps)))
	for k := 0; k+1 < len(ms); k++ {
		A, B := ms[k], ms[k+1]
		if A.e == nil || B.e == nil || !symexpr.HasTrigOfName(A.e) && !symexpr.HasTrigOfName(B.e) {
			continue
		}
		o, holds, why := w.t.trigLink(w.step, w.text, A, B, trigContext{chain: chain, link: k, cue: cue, doubt: doubt, rewrote: rewrote})
		rewrote = rewrote || holds
		if why != "" {
			w.add(nil, &obligation.Skipped{Span: mathtext.SpanOf(w.text, A.s, B.e2), Reason: why})
			continue
		}
		w.add(o, nil)
	}
	for k := range ms {
		if symexpr.HasTrigOfName(ms[k].e) {
			ms[k].e, ms[k].why = nil, whyTrigTaken
		}
	}
}

// sentenceBefore is the text of the sentence before i, up to i.
func sentenceBefore(text string, i int) string {
	a := max(0, i-200)
	s := text[a:i]
	if k := strings.LastIndexByte(s, '\n'); k >= 0 {
		s = s[k+1:]
	}
	if k := strings.LastIndex(s, ". "); k >= 0 {
		s = s[k+2:]
	}
	return s
}

type trigContext struct {
	rewrote bool
	chain   bool
	link    int
	cue     bool
	doubt   string
}

// trigLink is the obligation for A = B, or the reason it is left alone.
func (t *Reader) trigLink(step int, text string, A, B symMember, c trigContext) (o *obligation.Obligation, holds bool, why string) {
	out, in := map[string]bool{}, map[string]bool{}
	symexpr.NamesOutsideTrig(A.e, out, in)
	symexpr.NamesOutsideTrig(B.e, out, in)
	// A rewriting keeps its names; sides in other names are equations
	// ("\frac{a}{\sin A} = \frac{b}{\sin B}") or values put in.
	sameNames := namesBut(A.e, "π") == namesBut(B.e, "π")
	for x := range in {
		if out[x] {
			return nil, false, "the angle's name also stands outside a trigonometric function"
		}
	}
	if out["π"] {
		return nil, false, "π outside a trigonometric function beside a name"
	}
	if symexpr.Plain(A.e) == symexpr.Plain(B.e) {
		return nil, false, "both sides are written the same"
	}
	cert, err := symexpr.TrigIdentity(A.e, B.e)
	if err != nil {
		return nil, false, "cannot rewrite: " + err.Error()
	}
	holds = cert.Holds
	both := symexpr.HasTrigOfName(A.e) && symexpr.HasTrigOfName(B.e) && sameNames
	refutable := false
	switch {
	case holds:
	case both && constant(cert.Diff) && A.e.Op != 'v' && B.e.Op != 'v':
		refutable = true // no value of the name makes them equal
	case both && c.chain && c.link > 0 && c.rewrote:
		refutable = true // a rewriting continued: an earlier link held as one
	case both && !c.chain && c.cue:
		refutable = true // stated as an identity
	default:
		return nil, false, "a trigonometric equation may be meant, not an identity"
	}
	o = &obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, A.s, B.e2), Kind: obligation.KindIdentity, OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
	o.Expr = symexpr.Plain(A.e) + " = " + symexpr.Plain(B.e)
	if !refutable || c.doubt != "" {
		o.OnDisproof = obligation.Unknown
		if c.doubt != "" {
			o.Note = fmt.Sprintf("the sentence may not assert the claim (%q)", c.doubt)
		}
	}
	if !t.identityDecls(o, cert.L, cert.R, nil) {
		return nil, false, "no point where every denominator is nonzero was found"
	}
	o.WhyProof, o.WhyDisproof = cert.Note+": "+o.WhyProof, cert.Note+": "+o.WhyDisproof
	return o, holds, ""
}

// namesBut lists the names of e but skip, sorted.
func namesBut(e *symexpr.Expr, skip string) string {
	var out []string
	for _, v := range symexpr.Vars(e, map[string]bool{}, nil) {
		if v != skip {
			out = append(out, v)
		}
	}
	return strings.Join(sortedCopy(out), ",")
}

// constant reports a rational function that takes one value wherever it
// is defined.
func constant(r algebra.Rat) bool {
	if r.Num().Degree() == 0 && r.Den().Degree() == 0 {
		return true
	}
	vs := r.Num().Vars()
	for _, v := range r.Den().Vars() {
		if !strings.Contains(strings.Join(vs, "\x00"), v) {
			vs = append(vs, v)
		}
	}
	return len(vs) == 1 && constRatio(r.Num(), r.Den(), vs[0])
}
