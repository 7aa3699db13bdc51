// Package plusminus decides equalities between closed values written
// with a plus-minus sign (docs/TRANSLATE.md, "Equalities written with
// ±"): "\frac{1 \pm \sqrt{7753}}{6} = \frac{1 \pm 88}{6}",
// "\pm \frac{1}{\sqrt{2}} = \pm \frac{\sqrt{2}}{2}". Two members of an
// "=" chain that each hold exactly one ± (or ∓) state two equalities, one
// for each sign read the same way on both sides: the upper signs
// together, the lower signs together. The claim is false when either is.
//
// Only closed members are read (no name: "x = \frac{1 \pm 88}{6}" names
// its solutions, and a member with a name may be an equation). A member
// with a decimal may be a rounding, and a sentence that supposes, tests,
// corrects or approximates is not read. Only false claims make
// obligations; true ones are left to the other readers.
package plusminus

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"

	"github.com/leanprm/leanprm/translate/algebra"
	"github.com/leanprm/leanprm/translate/internal/arith"
	"github.com/leanprm/leanprm/translate/internal/listcond"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
	"github.com/leanprm/leanprm/translate/obligation"
)

// Limits: the step read, a math region read, the claims of a step, the
// members of a chain, the radical monomials of a side.
const (
	maxText    = 20000
	maxRegion  = 1500
	maxOut     = 4
	maxMembers = 8
	maxTerms   = 8
)

var (
	// otherRelRE marks a piece with another relation, a congruence, a
	// membership or an approximation: its "=" may not be an equality of values.
	otherRelRE = regexp.MustCompile(`<|>|\\[lg]eq?\b|\\[lg]eqslant\b|\\neq?\b|\\approx|\\equiv|\\sim|\\simeq|\\cong|\\to\b|\\in\b|\\subset|\\pmod|\\bmod|\\mod\b|\\mid|\\propto|≤|≥|≠|≈|≡|!`)
	// decimalRE is a decimal point or a thousands comma between digits:
	// a region with one is not read (a rounding, or a comma that is no
	// separator).
	decimalRE = regexp.MustCompile(`\d\s*[.,]\s*\d|\.\s*\d`)
	// vetoRE in the sentence: supposed, tested, corrected or approximated.
	vetoRE = regexp.MustCompile(`\b(?:if|suppose|assume|assuming|would|could|should|might|check|checking|test|testing|try|trying|whether|wrong|incorrect|incorrectly|mistake|error|not|instead|approximately|approx|about|roughly|around|nearly|almost|estimate|estimated|round|rounded|rounding)\b|\?`)
)

// Read returns the refutations of the equalities written with ± in the
// step's math.
func Read(step int, text, tactic string) []obligation.Obligation {
	if len(text) > maxText || !hasSign(text) {
		return nil
	}
	var out []obligation.Obligation
	for _, rg := range mathtext.TextRegions(text) {
		if len(out) >= maxOut {
			break
		}
		// a piece is a part of its region that ends before a separator
		// (no letter), so it holds no more signs than the region: a region
		// with fewer than two has no piece to read
		if rg.E-rg.S > maxRegion || signs(text[rg.S:rg.E]) < 2 || decimalRE.MatchString(text[rg.S:rg.E]) {
			continue
		}
		pieces := mathtext.ClaimPieces(text, rg.S, rg.E, func(p string) bool { return signs(p) >= 2 })
		// the sentence's veto only after the pieces (no piece, nothing to veto)
		if len(pieces) == 0 || vetoRE.MatchString(strings.ToLower(mathtext.SentenceAround(text, rg.OS, rg.CE))) {
			continue
		}
		for _, p := range pieces {
			if o, ok := decidePiece(step, text, p[0], p[1], tactic); ok && len(out) < maxOut {
				out = append(out, o)
			}
		}
	}
	return out
}

// hasSign reports a \pm or \mp command in s (\pmod and \pmb are others).
func hasSign(s string) bool {
	return signAt(s, `\pm`) >= 0 || signAt(s, `\mp`) >= 0
}

// signAt is the first index of the command cmd in s, not followed by a letter.
func signAt(s, cmd string) int {
	for off := 0; off < len(s); {
		k := strings.Index(s[off:], cmd)
		if k < 0 {
			return -1
		}
		k += off
		if e := k + len(cmd); e >= len(s) || !mathtext.IsASCIILetter(s[e]) {
			return k
		}
		off = k + len(cmd)
	}
	return -1
}

// signs counts the ± and ∓ commands of s.
func signs(s string) int {
	n := 0
	for _, cmd := range []string{`\pm`, `\mp`} {
		for off := 0; off < len(s); {
			k := signAt(s[off:], cmd)
			if k < 0 {
				break
			}
			n++
			off += k + len(cmd)
		}
	}
	return n
}

// member is one side of an "=" chain: where it is and its text.
type member struct {
	s, e int
	raw  string
}

// decidePiece reads text[s:e] as an "=" chain and refutes the first
// false link between two members with one sign each.
func decidePiece(step int, text string, s, e int, tactic string) (obligation.Obligation, bool) {
	piece := text[s:e]
	if otherRelRE.MatchString(piece) {
		return obligation.Obligation{}, false
	}
	var ms []member
	for _, m := range mathtext.EqualsMembers(text, s, e) {
		ms = append(ms, member{s: m[0], e: m[1], raw: text[m[0]:m[1]]})
	}
	if len(ms) < 2 || len(ms) > maxMembers {
		return obligation.Obligation{}, false
	}
	for k := 0; k+1 < len(ms); k++ {
		A, B := ms[k], ms[k+1]
		if signs(A.raw) != 1 || signs(B.raw) != 1 {
			continue
		}
		if o, bad, ok := link(step, text, A, B, tactic); ok && bad {
			return o, true
		} else if !ok {
			return obligation.Obligation{}, false // an unread link: the rest of the chain is not read
		}
	}
	return obligation.Obligation{}, false
}

// branch is the member with the upper (up) or the lower sign.
func branch(raw string, up bool) string {
	plus, minus := "+", "-"
	if !up {
		plus, minus = "-", "+"
	}
	r := strings.NewReplacer(`\pm`, plus, `\mp`, minus)
	return r.Replace(raw)
}

// link decides A = B for both signs: the obligation, whether the claim
// is false, and whether both members were read.
func link(step int, text string, A, B member, tactic string) (obligation.Obligation, bool, bool) {
	var conj, plain, why []string
	bad := false
	for _, up := range []bool{true, false} {
		a, ea, ok := value(branch(A.raw, up))
		if !ok {
			return obligation.Obligation{}, false, false
		}
		b, eb, ok := value(branch(B.raw, up))
		if !ok {
			return obligation.Obligation{}, false, false
		}
		if a.Len() > maxTerms || b.Len() > maxTerms || nearWhole(ea, b) || nearWhole(eb, a) {
			return obligation.Obligation{}, false, false
		}
		rads, ca, cb := a.Coefficients(b)
		for i := range rads {
			if ca[i].Num().BitLen()+ca[i].Denom().BitLen() > 1024 || cb[i].Num().BitLen()+cb[i].Denom().BitLen() > 1024 {
				return obligation.Obligation{}, false, false
			}
			conj = append(conj, listcond.RatTerm(ca[i])+" = "+listcond.RatTerm(cb[i]))
		}
		if !a.Equal(b) {
			bad = true
		}
		sign := "upper"
		if !up {
			sign = "lower"
		}
		plain = append(plain, symexpr.Plain(ea)+" = "+symexpr.Plain(eb))
		why = append(why, fmt.Sprintf("with the %s sign the left side is %s, the right side %s", sign, a, b))
	}
	o := obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, A.s, B.e), Kind: obligation.KindClosedValue,
		OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
	o.Expr = strings.Join(plain, " ∧ ")
	o.Prop = strings.Join(conj, " ∧ ")
	o.Lean, o.LeanNeg = arith.Declarations(o.Prop, tactic)
	o.Note = "an equality written with ±: one equality for each sign, read the same way on both sides; P is a certificate: the coefficients of each radical on both sides, computed exactly"
	o.WhyProof = "both signs give equal sides"
	o.WhyDisproof = strings.Join(why, "; ")
	return o, bad, true
}

// value reads a member closed and evaluates it with its radicals.
func value(s string) (algebra.Surd, *symexpr.Expr, bool) {
	s = strings.TrimRight(strings.TrimSpace(s), ".")
	if s == "" {
		return algebra.Surd{}, nil, false
	}
	if strings.HasPrefix(s, "+") {
		s = s[1:] // the upper sign in front: "\pm \frac{1}{2}"
	}
	e, err := symexpr.Read(s)
	if err != nil || len(symexpr.Vars(e, map[string]bool{}, nil)) > 0 {
		return algebra.Surd{}, nil, false
	}
	v, err := symexpr.EvalSurd(e)
	if err != nil {
		return algebra.Surd{}, nil, false
	}
	return v, e, true
}

// nearWhole reports a side written as a whole number (or its negation)
// within 1 of an irrational other side: it may be its floor or ceiling.
func nearWhole(e *symexpr.Expr, other algebra.Surd) bool {
	if _, rat := other.Rat(); rat {
		return false
	}
	n := e
	if n.Op == '~' {
		n = n.L
	}
	if n == nil || n.Op != 'n' {
		return false
	}
	v := new(big.Rat).Set(n.Num)
	if e != n {
		v.Neg(v)
	}
	one := big.NewRat(1, 1)
	return other.CmpRat(new(big.Rat).Sub(v, one)) > 0 && other.CmpRat(new(big.Rat).Add(v, one)) < 0
}
