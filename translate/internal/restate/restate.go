// Package restate decides a value the text states twice, once as the
// result of a computation and once restated in the same unit right after
// it (docs/TRANSLATE.md, "Values restated"): "= 0.0056 kb/s (or 5.6
// kb/s)" says that 0.0056 kb/s and 5.6 kb/s are one quantity, which they
// are not. And a percentage of a group that the problem states, restated
// by a step with another value (percent.go).
//
// Sound only where the text fixes both numbers: the first value is the
// result of an "=" or "≈" (never an operand, since the number is the whole
// side), the restatement is a parenthesis opened by "or" that holds one
// number and the same unit word and nothing else, and the sentence
// neither supposes, hedges, nor corrects. Either value may be rounded (a
// decimal stands for anything within one unit of its last place, a whole
// number for anything within one), so the claim is refuted only when the
// two differ by more than both radii together; a restatement within them is
// left unknown, never verified.
package restate

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/arith"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/obligation"
)

// Limits: the claims of a step, the text read before a cue.
const (
	maxClaims = 4
	maxBefore = 120
	maxAfter  = 80
)

const (
	// numPat is a number as written: thousands separators, a decimal part.
	numPat = `(\d{1,3}(?:,\d{3})+(?:\.\d{1,30})?|\d{1,30}(?:\.\d{1,30})?)`
	// unitPat is a unit word of two letters or more ("kb/s", "miles"), or a
	// percent sign; a single letter may be a name ("3 x").
	unitPat = `(\\?%|[A-Za-z]{2,16}(?:/[A-Za-z]{1,16})?)?`
	cur     = `(\\\$|\$)?`
)

var (
	// beforeRE ends the text before "(or ": the value as the result of a
	// computation, with its unit.
	beforeRE = regexp.MustCompile(`(?:=|≈|\\approx)\s*` + cur + `\s*` + numPat + `\s*` + unitPat + `\s*$`)
	// afterRE is the parenthesis: "(or", one number, the unit, ")".
	afterRE = regexp.MustCompile(`^\(or\s+` + cur + `\s*` + numPat + `\s*` + unitPat + `\s*\)`)
	// vetoRE in the sentence: the values are supposed, hedged, alternatives
	// or corrected.
	vetoRE = regexp.MustCompile(`(?i)\b(?:if|suppose|supposing|assum\w*|would|could|might|may|maybe|perhaps|either|whether|between|least|most|wrong|incorrect|mistake\w*|not|instead|actually|correct\w*|depend\w*|range|possibl\w*)\b`)
	// sentenceEndRE ends a sentence.
	sentenceEndRE = regexp.MustCompile(`[.!?;](?:\s|$)|\n`)
)

// Read returns the obligations of the step's values restated in the same
// unit in a parenthesis.
func Read(step int, text, tactic string) []obligation.Obligation {
	if !strings.Contains(text, "(or ") {
		return nil // the cheap test first
	}
	var out []obligation.Obligation
	for _, i := range mathtext.Indexes(text, "(or ", 4*maxClaims) {
		if len(out) >= maxClaims {
			break
		}
		if o := paren(step, text, i, tactic); o != nil {
			out = append(out, *o)
		}
	}
	return out
}

// paren reads the restatement whose "(or " is at text[i:].
func paren(step int, text string, i int, tactic string) *obligation.Obligation {
	from := max(0, i-maxBefore)
	bm := beforeRE.FindStringSubmatchIndex(text[from:i])
	am := afterRE.FindStringSubmatchIndex(text[i:min(len(text), i+maxAfter)])
	if bm == nil || am == nil {
		return nil
	}
	sub := func(m []int, base, k int) string {
		if m[2*k] < 0 {
			return ""
		}
		return text[base+m[2*k] : base+m[2*k+1]]
	}
	acur, alit, aunit := sub(bm, from, 1) != "", sub(bm, from, 2), unitName(sub(bm, from, 3))
	bcur, blit, bunit := sub(am, i, 1) != "", sub(am, i, 2), unitName(sub(am, i, 3))
	if acur != bcur || aunit != bunit || aunit == "" && !acur {
		return nil // another unit, or no unit: a conversion or another quantity
	}
	start, end := from+bm[0], i+am[1]
	sStart := 0
	if locs := sentenceEndRE.FindAllStringIndex(text[max(0, start-maxBefore):start], -1); len(locs) > 0 {
		sStart = max(0, start-maxBefore) + locs[len(locs)-1][1]
	} else if start > maxBefore {
		sStart = start - maxBefore
	}
	sEnd := min(len(text), end+maxAfter)
	if loc := sentenceEndRE.FindStringIndex(text[end:sEnd]); loc != nil {
		sEnd = end + loc[0]
	}
	if vetoRE.MatchString(text[sStart:sEnd]) {
		return nil
	}
	a, ra, ok1 := parse(alit)
	b, rb, ok2 := parse(blit)
	if !ok1 || !ok2 {
		return nil
	}
	t := new(big.Rat).Add(ra, rb)
	d := new(big.Rat).Abs(new(big.Rat).Sub(a, b))
	unit := aunit
	if acur {
		unit = "$"
	}
	o := &obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, start, end), Kind: obligation.KindRoundingBound, OnProof: obligation.Unknown, OnDisproof: obligation.Refuted}
	o.Expr = fmt.Sprintf("%s %s restated as %s %s", alit, unit, blit, unit)
	as, bs, ts := lit(a), lit(b), lit(t)
	o.Prop = fmt.Sprintf("%s - %s ≤ %s ∧ %s - %s ≤ %s", as, bs, ts, bs, as, ts)
	o.Lean, o.LeanNeg = arith.Declarations(o.Prop, tactic)
	o.Note = fmt.Sprintf("%s and %s are one quantity in the same unit (%s), the second in a parenthesis opened by \"or\" after the first as a result; either may be a rounding (within %s together); proving it shows only that a rounding could explain the two", alit, blit, unit, arith.RatString(t))
	o.WhyProof = "a rounding could make the two values one"
	o.WhyDisproof = fmt.Sprintf("%s %s and %s %s differ by %s, more than rounding either explains (%s)", alit, unit, blit, unit, arith.RatString(d), arith.RatString(t))
	return o
}

// unitName is a unit as compared: a percent sign with or without its
// backslash.
func unitName(u string) string {
	return strings.TrimPrefix(u, `\`)
}

// parse reads a number as written, thousands separators dropped, with its
// radius: one unit of its last decimal place, or 1 for a whole number.
func parse(s string) (x, radius *big.Rat, ok bool) {
	s = strings.ReplaceAll(s, ",", "")
	x, ok = new(big.Rat).SetString(s)
	if !ok {
		return nil, nil, false
	}
	radius = big.NewRat(1, 1)
	if k := strings.IndexByte(s, '.'); k >= 0 {
		radius = new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(len(s)-k-1)), nil))
	}
	return x, radius, true
}

// lit writes x as the dialect reads a number.
func lit(x *big.Rat) string {
	if x.IsInt() {
		return "(" + x.Num().String() + " : Rat)"
	}
	return "((" + x.Num().String() + " : Rat) / (" + x.Denom().String() + " : Rat))"
}
