// Package closednote decides closed claims written in notation the
// arithmetic reader skips (docs/TRANSLATE.md, "Closed claims in absolute
// values, numerals in a base and sums with an ellipsis"): absolute values
// whose bars pair without doubt ("\(|-3 + 5| = 8\)", "\left| 4 - 9
// \right|"), numerals with a numeral base as subscript ("\(1121_3 =
// 42\)", "\(3.5_{10} = 6.5\)"), sums and products of a progression
// written with an ellipsis ("\(1 + 2 + 3 + \cdots + 10 = 50\)"), and
// logarithms written \lg or of a decimal ("\lg 1000 = 2", "\log_{10}
// 0.01 = 2"), which the symbolic reader does not read.
//
// A link of an "=" chain in math is read when one of its two members
// holds such notation and both are closed: each piece of notation is
// replaced by its exact value and the member is read and evaluated as
// the symbolic reader's expression (package symexpr), over the rationals.
// Only false links make obligations: the exact values of both sides, with
// the reason. Left alone: a member with a name, a bar that may mean
// "divides" or a set-builder bar, nested bars, a subscript that is no
// numeral base or a digit the base does not have, an ellipsis whose
// pattern is not fixed by its terms, math with another relation (≈, <,
// ≡, ±), sides a rounding of a written decimal explains, a link that
// holds once the bare numerals are read in a base the step or the
// problem names, and a sentence that supposes, tests, hedges or denies.
package closednote

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/arith"
	"github.com/leanprm/leanprm/translate/internal/listcond"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/obligation"
)

// Limits: the step read, the claims of a step, the math regions read, a
// region's length, the members of a chain.
const (
	maxText    = 20000
	maxOut     = 4
	maxRegions = 64
	maxRegion  = 600
	maxMembers = 8
)

var (
	// vetoRE in the claim's sentence (lower case): supposed, tested,
	// hedged, denied, or "=" that may mean a congruence.
	vetoRE = regexp.MustCompile(`\b(?:if|suppose|supposing|assume|assuming|would|could|should|might|let's|lets|try|trying|test|testing|check|checking|verify|verifying|whether|wrong|incorrect|mistake\w*|error|false|not|no|never|instead|approximately|approximate|about|roughly|around|nearly|estimate\w*|mod|modulo|congruent|contradiction|impossible|remainder|remainders|quotient|plug\w*|substitut\w*|equation|equations|becomes|satisf\w*|lhs|rhs|left-hand|right-hand|left side|right side)\b|\?|≈|\\approx|\\neq|\\equiv|\\pmod`)
	// trialRE in the step before: a value plugged into an equation, whose
	// sides the step may go on computing ("we plug in -7: |-7 - 3| = 2(-7)
	// + 4". "That simplifies to |-10| = -14 + 4.").
	trialRE = regexp.MustCompile(`\b(?:plug\w*|substitut\w*|check\w*|verif\w*|test\w*|satisf\w*|original equation|both sides)\b`)
	// afterRE in the sentence after the claim: words that reject it.
	afterRE = regexp.MustCompile(`\b(?:wrong|incorrect|mistake\w*|error|false|not true|impossible|contradiction)\b`)
)

// Read returns the refutations of the step's false closed links written
// in absolute values, numerals in a base, progressions with an ellipsis
// or logarithms written \lg or of a decimal;
// problem names the bases the bare numerals may be written in, and a
// step prev that plugs a value in leaves the step alone.
func Read(step int, problem, prev, text, tactic string) []obligation.Obligation {
	if len(text) > maxText || len(prev) > maxText || strings.IndexByte(text, '=') < 0 || !hasNotation(text) {
		return nil // a link's members are split at "=" (members)
	}
	var bases []int // named bases, read at the first link with notation
	basesRead := false
	var out []obligation.Obligation
	var low string
	for _, r := range regions(text) {
		if len(out) >= maxOut {
			break
		}
		for _, seg := range segments(text, r[0], r[1]) {
			if len(out) >= maxOut {
				break
			}
			ms := members(text, seg[0], seg[1])
			if len(ms) < 2 || len(ms) > maxMembers {
				continue
			}
			for k := 0; k+1 < len(ms) && len(out) < maxOut; k++ {
				a, b := ms[k], ms[k+1]
				sa, sb := text[a[0]:a[1]], text[b[0]:b[1]]
				if !hasNotation(sa) && !hasNotation(sb) {
					continue
				}
				if !basesRead {
					bases, basesRead = namedBases(problem, text), true
				}
				va, vb, ok := falseLink(sa, sb, bases)
				if !ok {
					continue
				}
				if low == "" {
					if trialRE.MatchString(mathtext.LowerPlain(prev)) {
						return nil // a step after one that plugs a value in is left alone (asked at its first false link)
					}
					low = mathtext.LowerPlain(text)
				}
				if vetoed(low, a[0], b[1]) {
					continue
				}
				out = append(out, refutation(step, text, a[0], b[1], sa, sb, va, vb, tactic))
			}
		}
	}
	return out
}

// hasNotation is the plain search for the notation read: a bar, a digit
// before "_", an ellipsis, \lg, \log with a decimal. The marks are looked
// for in one pass over s, each where its first byte is.
func hasNotation(s string) bool {
	for i := 0; i < len(s); i++ {
		if !notationFirst[s[i]] {
			continue
		}
		switch s[i] {
		case '|':
			return true
		case 'v':
			if strings.HasPrefix(s[i:], "vert") {
				return true
			}
		case '\\':
			if r := s[i:]; strings.HasPrefix(r, `\cdots`) || strings.HasPrefix(r, `\ldots`) || strings.HasPrefix(r, `\dots`) {
				return true
			}
		case '.':
			if strings.HasPrefix(s[i:], "...") {
				return true
			}
		case 0xE2: // the first byte of "…"
			if strings.HasPrefix(s[i:], "…") {
				return true
			}
		case '_':
			if i > 0 && mathtext.IsDigit(s[i-1]) {
				return true
			}
		}
	}
	// a logarithm to base 10 written \lg, or a logarithm of a decimal
	// (the symbolic reader reads neither)
	return strings.Contains(s, `\lg`) && lgRE.MatchString(s) || strings.Contains(s, `\log`) && decimals(s) > 0
}

// notationFirst marks the first bytes of the marks hasNotation looks for.
var notationFirst = func() (t [256]bool) {
	for _, c := range []byte("|v\\._") {
		t[c] = true
	}
	t[0xE2] = true // "…"
	return t
}()

// lgRE is the command \lg.
var lgRE = regexp.MustCompile(`\\lg\b`)

// falseLink evaluates both members in every reading of their bare
// numerals (base ten, then each named base): the values in base ten when
// the link fails in all readings that read both members, and a written
// decimal's rounding does not explain the difference.
func falseLink(sa, sb string, bases []int) (*big.Rat, *big.Rat, bool) {
	va, oka := value(sa, 10)
	vb, okb := value(sb, 10)
	if !oka || !okb || va.Cmp(vb) == 0 {
		return nil, nil, false
	}
	if d := decimals(sa + " " + sb); d > 0 {
		tol := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(d)), nil))
		if new(big.Rat).Abs(new(big.Rat).Sub(va, vb)).Cmp(tol) <= 0 {
			return nil, nil, false // a rounding of the written decimal
		}
	}
	for _, b := range bases {
		xa, oka := value(sa, b)
		xb, okb := value(sb, b)
		if oka && okb && xa.Cmp(xb) == 0 {
			return nil, nil, false // the link holds with its numerals in base b
		}
	}
	return va, vb, true
}

// decimals is the most digits after a decimal point in s (at most 12).
func decimals(s string) int {
	best := 0
	for i := 1; i+1 < len(s); i++ {
		if s[i] != '.' || !mathtext.IsDigit(s[i-1]) || !mathtext.IsDigit(s[i+1]) {
			continue
		}
		j := i + 1
		for j < len(s) && mathtext.IsDigit(s[j]) {
			j++
		}
		best = max(best, min(j-i-1, 12))
		i = j - 1
	}
	return best
}

// vetoed reports a sentence that supposes, tests, hedges or denies the
// claim at low[s:e], or a next sentence that rejects it.
func vetoed(low string, s, e int) bool {
	st, en := listcond.SentenceStart(low, s), listcond.SentenceEnd(low, e)
	if vetoRE.MatchString(low[st:en]) {
		return true
	}
	return afterRE.MatchString(mathtext.ThroughNextSentence(low[en:min(len(low), en+300)]))
}

// refutation is the obligation of the false link text[s:e], sa = sb with
// values va and vb.
func refutation(step int, text string, s, e int, sa, sb string, va, vb *big.Rat, tactic string) obligation.Obligation {
	o := obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, s, e), Kind: obligation.KindEquality,
		OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
	o.Expr = squeeze(sa) + " = " + squeeze(sb)
	o.Prop = listcond.RatTerm(va) + " = " + listcond.RatTerm(vb)
	o.WhyProof = "both sides are " + va.RatString()
	o.WhyDisproof = fmt.Sprintf("the left side is %s, the right side %s", va.RatString(), vb.RatString())
	o.Note = "a closed claim in " + what(sa+" "+sb) + ": each piece of notation replaced by its exact value"
	o.Lean, o.LeanNeg = arith.Declarations(o.Prop, tactic)
	return o
}

// what names the notation in s.
func what(s string) string {
	var w []string
	if strings.Contains(s, "|") || strings.Contains(s, "vert") {
		w = append(w, "absolute values")
	}
	if mathtext.HasAny(s, `\cdots`, `\ldots`, `\dots`, "...", "…") {
		w = append(w, "a progression with an ellipsis")
	}
	if numeralRE.MatchString(s) {
		w = append(w, "numerals in a base")
	}
	if strings.Contains(s, `\lg`) || strings.Contains(s, `\log`) {
		w = append(w, "logarithms")
	}
	if len(w) == 0 {
		return "notation"
	}
	return strings.Join(w, " and ")
}

// squeeze is s with its runs of blanks made one space.
func squeeze(s string) string { return strings.Join(strings.Fields(s), " ") }
