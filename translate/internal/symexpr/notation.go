package symexpr

import (
	"regexp"
	"strings"
)

// Kind is one kind of link the symbolic reader decides as an identity
// (docs/TRANSLATE.md, "Notation"); a closed kind (π) is decided as a
// closed claim.
type Kind struct {
	Has    func(*Expr) bool
	Decide func(a, b *Expr) (Cert, error)
	cue    *regexp.Regexp // besides identityCueRE
	Closed bool
	Taken  string // the reason a member is taken out of its line
}

var (
	identityCueRE = regexp.MustCompile(`\bidentit(?:y|ies)\b|\bfor (?:all|any|every)\b`)
	partialFracRE = regexp.MustCompile(`\bpartial fractions?\b`)
)

func hasPi(e *Expr) bool { return HasName(e, "π") }

// HasName reports the name n in e.
func HasName(e *Expr, n string) bool {
	if e == nil {
		return false
	}
	return e.Op == 'v' && e.Name == n || HasName(e.L, n) || HasName(e.R, n)
}

// The kinds: trigonometric functions of a name, powers of names, π alone.
var (
	TrigKind = Kind{Has: HasTrigOfName, Decide: TrigIdentity,
		Taken: "a trigonometric function of a name (read as an identity in it)"}
	ExpKind = Kind{Has: HasExpOfName, Decide: ExpIdentity, cue: partialFracRE,
		Taken: "a power with a name in its exponent (read as an identity in it)"}
	PiKind = Kind{Has: hasPi, Decide: PiIdentity, Closed: true,
		Taken: "a claim in π alone (read as an identity in π)"}
)

// Cue reports prose (lower case, before a line) that states the line as
// an identity: "identity", "for all/any/every", and for powers "partial
// fractions".
func (k Kind) Cue(before string) bool {
	return identityCueRE.MatchString(before) || k.cue != nil && k.cue.MatchString(before)
}

// Link is where a link stands: in an "=" chain (at link, after a link
// that held: rewrote), and after a cue.
type Link struct {
	Chain, Rewrote, Cue bool
	Index               int
}

// DecideLink decides a = b of kind k: the certificate, whether a failure
// is refutable (the text claims an identity in the same names: the sides
// a constant apart, a rewriting chain after a held link, or a cue; a
// closed kind always), or the reason it is left alone.
func (k Kind) DecideLink(a, b *Expr, at Link) (c Cert, refutable bool, why string) {
	out, in := map[string]bool{}, map[string]bool{}
	NamesOutsideTrig(a, out, in)
	NamesOutsideTrig(b, out, in)
	for x := range in {
		if out[x] {
			return Cert{}, false, "the angle's name also stands outside a trigonometric function"
		}
	}
	switch {
	case out["π"] && !k.Closed:
		return Cert{}, false, "π outside a trigonometric function beside a name"
	case Plain(a) == Plain(b):
		return Cert{}, false, "both sides are written the same"
	}
	c, err := k.Decide(a, b)
	if err != nil {
		return Cert{}, false, "cannot rewrite: " + err.Error()
	}
	if !HasVar(c.L) && !HasVar(c.R) {
		// "\sin^2 x + \cos^2 x - 1 = 0": no name is left to state it for
		return c, false, "both sides are numbers once rewritten"
	}
	// A rewriting keeps its names; sides in other names are equations
	// ("\frac{a}{\sin A} = \frac{b}{\sin B}") or values put in.
	both := k.Has(a) && k.Has(b) && NamesBut(a, "π") == NamesBut(b, "π")
	switch {
	case c.Holds || k.Closed:
		return c, true, ""
	case both && Constant(c.Diff) && a.Op != 'v' && b.Op != 'v':
		return c, true, "" // no value of the names makes them equal
	case both && at.Chain && at.Index > 0 && at.Rewrote:
		return c, true, "" // a rewriting continued: an earlier link held as one
	case both && !at.Chain && at.Cue:
		return c, true, "" // stated as an identity
	}
	return c, false, "an equation may be meant, not an identity"
}

// SentenceBefore is the text of the sentence before i, up to i.
func SentenceBefore(text string, i int) string {
	s := text[max(0, i-200):i]
	if k := strings.LastIndexByte(s, '\n'); k >= 0 {
		s = s[k+1:]
	}
	if k := strings.LastIndex(s, ". "); k >= 0 {
		s = s[k+2:]
	}
	return s
}
