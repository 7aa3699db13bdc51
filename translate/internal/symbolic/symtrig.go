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
// 2\sin x\cos x, \cos(\pi - x) = -\cos x) and powers with a name in the
// exponent ((\frac{1}{4})^{3^n} = (\frac{1}{2})^{2 \cdot 3^n}): a link
// with one on either side is decided as an identity, after the tangent
// half-angle substitution (symexpr.TrigIdentity) or with each power read
// as powers of primes (symexpr.ExpIdentity); P is the polynomial
// identity of both sides times their denominators. It holds: verified.
// It fails: refuted only when the text claims an identity in the same
// names — the sides differ by a nonzero constant (no value makes them
// equal), or the link continues an "=" chain an earlier link of which
// held, or the prose before the line names an identity ("identity", "for
// all/any/every", and for powers "partial fractions") and no equation —
// and not when a veto or a supposition is in the sentence; otherwise
// left alone: "\sin^2 x = \frac{1}{4}", "2^x = 8" and "3(2^{3k} + 9) =
// 2^{6k} + 9" (after "simplify") are equations. The links the walk decides
// here are taken out of the line, which the other readers then read as
// before.

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

// identityCueRE is prose that says the next line holds for every value;
// rewriteWordRE prose that says it rewrites an expression.
var (
	identityCueRE = regexp.MustCompile(`\bidentit(?:y|ies)\b|\bfor (?:all|any|every)\b`)
	partialFracRE = regexp.MustCompile(`\bpartial fractions?\b`)
)

// special is one kind of link decided here.
type special struct {
	has    func(*symexpr.Expr) bool
	decide func(a, b *symexpr.Expr) (specialCert, error)
	cue    *regexp.Regexp // besides identityCueRE
	taken  string         // the reason a member is taken out of the line
}

type specialCert struct {
	L, R  *symexpr.Expr
	Holds bool
	Diff  algebra.Rat
	Note  string
}

var (
	trigKind = special{
		has: symexpr.HasTrigOfName,
		decide: func(a, b *symexpr.Expr) (specialCert, error) {
			c, err := symexpr.TrigIdentity(a, b)
			return specialCert(c), err
		},
		taken: "a trigonometric function of a name (read as an identity in it)",
	}
	expKind = special{
		has: symexpr.HasExpOfName,
		decide: func(a, b *symexpr.Expr) (specialCert, error) {
			c, err := symexpr.ExpIdentity(a, b)
			return specialCert(c), err
		},
		cue:   partialFracRE,
		taken: "a power with a name in its exponent (read as an identity in it)",
	}
)

// specialLine decides the links of a line that have one of kind's
// expressions on either side, and takes those members out.
func (w *symWalk) specialLine(ln symLine, ms []symMember, kind special) {
	has := false
	for _, m := range ms {
		has = has || kind.has(m.e)
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
	before := strings.ToLower(ln.rawProse + " " + sentenceBefore(w.text, ln.ps))
	cue := (identityCueRE.MatchString(before) || kind.cue != nil && kind.cue.MatchString(before)) &&
		equationWordRE.FindString(before) == "" // "solve the equation for all x" is no identity
	for k := 0; k+1 < len(ms); k++ {
		A, B := ms[k], ms[k+1]
		if A.e == nil || B.e == nil || !kind.has(A.e) && !kind.has(B.e) {
			continue
		}
		o, holds, why := w.t.specialLink(w.step, w.text, A, B, kind, specialContext{chain: chain, link: k, cue: cue, doubt: doubt, rewrote: rewrote})
		rewrote = rewrote || holds
		if why != "" {
			w.add(nil, &obligation.Skipped{Span: mathtext.SpanOf(w.text, A.s, B.e2), Reason: why})
			continue
		}
		w.add(o, nil)
	}
	for k := range ms {
		if kind.has(ms[k].e) {
			ms[k].e, ms[k].why = nil, kind.taken
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

type specialContext struct {
	rewrote bool
	chain   bool
	link    int
	cue     bool
	doubt   string
}

// specialLink is the obligation for A = B, or the reason it is left alone.
func (t *Reader) specialLink(step int, text string, A, B symMember, kind special, c specialContext) (o *obligation.Obligation, holds bool, why string) {
	out, in := map[string]bool{}, map[string]bool{}
	symexpr.NamesOutsideTrig(A.e, out, in)
	symexpr.NamesOutsideTrig(B.e, out, in)
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
	cert, err := kind.decide(A.e, B.e)
	if err != nil {
		return nil, false, "cannot rewrite: " + err.Error()
	}
	holds = cert.Holds
	if !symexpr.HasVar(cert.L) && !symexpr.HasVar(cert.R) {
		// "\sin^2 x + \cos^2 x - 1 = 0": no name is left to state it for
		return nil, holds, "both sides are numbers once rewritten"
	}
	// A rewriting keeps its names; sides in other names are equations
	// ("\frac{a}{\sin A} = \frac{b}{\sin B}") or values put in.
	sameNames := namesBut(A.e, "π") == namesBut(B.e, "π")
	both := kind.has(A.e) && kind.has(B.e) && sameNames
	refutable := false
	switch {
	case holds:
	case both && constant(cert.Diff) && A.e.Op != 'v' && B.e.Op != 'v':
		refutable = true // no value of the names makes them equal
	case both && c.chain && c.link > 0 && c.rewrote:
		refutable = true // a rewriting continued: an earlier link held as one
	case both && !c.chain && c.cue:
		refutable = true // stated as an identity
	default:
		return nil, false, "an equation may be meant, not an identity"
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
