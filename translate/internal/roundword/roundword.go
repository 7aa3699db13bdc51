// Package roundword decides a rounding stated in words (docs/TRANSLATE.md,
// "A rounding stated in words"): "… = 161.7. Rounding to the nearest
// whole number, the time is 161 minutes." states that 161 is 161.7
// rounded to the nearest whole number, which it is not.
//
// Sound only where the text fixes both numbers: the sentence opens with
// the rounding ("Rounding to the nearest whole number", "Rounded to the
// nearest tenth, …"; never "round up", "round down", a ceiling or a
// floor), the value rounded is the number that ends the text right before
// that sentence, written as a result ("= 161.7", "≈ 26518.93", "is 161.7
// minutes"), and the rest of the sentence holds one number, the rounded
// value, a multiple of the unit. A decimal rounded stands for any value
// within one unit of its last place (it may be a rounding itself, as
// every decimal is in docs/TRANSLATE.md, "Approximations"), so the claim
// is refuted only when the two differ by more than half the unit plus
// that radius: no convention of rounding to the nearest explains it.
// Proving the bound shows only that a rounding could explain the value,
// so nothing is verified this way.
package roundword

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/arith"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/obligation"
)

// Limits: the claims of a step, the words read before and after the cue.
const (
	maxClaims = 4
	maxBefore = 160
	maxAfter  = 200
)

// cueRE is the sentence's opening up to "nearest", after the end of the
// sentence or display before it: the rounding itself, with nothing that
// makes it up, down, supposed or asked.
var cueRE = regexp.MustCompile(`(?i)(?:^|[.!?;:]|\$\$|\\\]|\n)\s*((?:(?:so|then|thus|finally|now|hence|therefore|and),?\s+)?(?:rounding|rounded)(?:\s+(?:this|it|that|the\s+(?:result|answer|value|time|total)))?\s+(?:off\s+)?to\s+the\s+nearest\s+)$`)

// unitRE is the unit after "nearest" and the mark that ends the cue.
var unitRE = regexp.MustCompile(`^(whole number|whole|integer|tenth|hundredth|thousandth)\s*(?:,|:)`)

// units are the units of unitRE as powers of ten.
var units = map[string]*big.Rat{"whole number": big.NewRat(1, 1), "whole": big.NewRat(1, 1), "integer": big.NewRat(1, 1),
	"tenth": big.NewRat(1, 10), "hundredth": big.NewRat(1, 100), "thousandth": big.NewRat(1, 1000)}

// numRE is a number as written: digits with thousands separators ("26,518",
// "19{,}404") and a decimal part.
var numRE = regexp.MustCompile(`\d{1,3}(?:(?:,|\{,\})\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`)

// valueEndRE is the text before the sentence, ending with the value
// rounded written as the result of a computation ("= 161.7", "≈ 26518.93",
// "\approx 12.5", "= \frac{35}{2}"), an optional unit word after it, math
// marks and the full stop.
var valueEndRE = regexp.MustCompile(`(=|≈|\\approx)\s*(?:\\\$|\$|\{)?\s*(-?)(?:(\d{1,3}(?:(?:,|\{,\})\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)|\\d?frac\{(\d{1,9})\}\{(\d{1,9})\})(?:\s*(?:\\[)\]]|\$\$|\$|\}|\.|,))*(?:\s*[a-z]+(?:\s*(?:\\[)\]]|\$\$|\$|\.))*)?\s*$`)

// vetoRE is a word of the sentence after the cue that makes the value
// supposed, tested, wrong, or of something else.
var vetoRE = regexp.MustCompile(`(?i)\b(?:if|suppose|assum\w*|would|could|might|should|not|no|never|wrong|incorrect|mistake\w*|check\w*|verify|instead|but|however|up|down|ceil\w*|floor|and|or|plus|minus|times|both|whether)\b|[?=+×*/^%]|\\(?:times|cdot|frac|div|pm)`)

// sentenceEndRE ends a sentence.
var sentenceEndRE = regexp.MustCompile(`[.!?;](?:\s+|$)`)

// Read returns the obligations of the step's roundings stated in words;
// prev is the step before, whose end is the value rounded by a rounding
// that opens this step.
func Read(step int, prev, text, tactic string) []obligation.Obligation {
	if !strings.Contains(text, "nearest") || !strings.Contains(text, "ound") {
		return nil // the cheap test first
	}
	var out []obligation.Obligation
	for _, i := range mathtext.Indexes(text, "nearest ", 4*maxClaims) {
		if o := claim(step, prev, text, i, i+len("nearest "), tactic); o != nil && len(out) < maxClaims {
			out = append(out, *o)
		}
	}
	return out
}

// claim reads the rounding whose "nearest " is text[i:j].
func claim(step int, prev, text string, i, j int, tactic string) *obligation.Obligation {
	from := max(0, i-maxBefore)
	cm := cueRE.FindStringSubmatchIndex(text[from:j])
	if cm == nil {
		return nil
	}
	start := from + cm[2]
	um := unitRE.FindStringSubmatchIndex(text[j:])
	if um == nil {
		return nil
	}
	uname := text[j+um[2] : j+um[3]]
	unit := units[uname]
	restStart := j + um[1]
	rest := text[restStart:min(len(text), restStart+maxAfter)]
	if loc := sentenceEndRE.FindStringIndex(rest); loc != nil {
		rest = rest[:loc[0]]
	} else if restStart+maxAfter < len(text) {
		return nil // a sentence too long to read
	}
	if vetoRE.MatchString(rest) {
		return nil
	}
	ys := numRE.FindAllStringIndex(rest, 2)
	if len(ys) != 1 || ys[0][0] > 0 && glued(rest[ys[0][0]-1], "-_^{\\") || ys[0][1] < len(rest) && glued(rest[ys[0][1]], "_^%") {
		return nil // no rounded value, several, or one glued to a name or a sign
	}
	ylit := strings.ReplaceAll(rest[ys[0][0]:ys[0][1]], "{,}", ",")
	y, ok := parse(ylit)
	if !ok || !multiple(y, unit) {
		return nil
	}
	before := text[max(0, start-maxBefore):start]
	if strings.TrimSpace(text[:start]) == "" {
		before = prev[max(0, len(prev)-maxBefore):] // the rounding opens the step
	}
	xm := valueEndRE.FindStringSubmatch(before)
	if xm == nil {
		return nil
	}
	xlit, x, radius, ok := value(xm)
	if !ok {
		return nil
	}
	t := new(big.Rat).Add(new(big.Rat).Quo(unit, big.NewRat(2, 1)), radius)
	d := new(big.Rat).Abs(new(big.Rat).Sub(x, y))
	if d.Cmp(new(big.Rat).Add(t, unit)) > 0 {
		return nil // farther than one unit past any rounding: the value may round something else
	}
	name := uname
	if name == "whole" {
		name = "whole number"
	}
	o := &obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, start, restStart+ys[0][1]), Kind: obligation.KindRoundingBound, OnProof: obligation.Unknown, OnDisproof: obligation.Refuted}
	o.Expr = fmt.Sprintf("%s rounded to the nearest %s = %s", xlit, name, ylit)
	xs, yt, ts := lit(x), lit(y), lit(t)
	o.Prop = fmt.Sprintf("%s - %s ≤ %s ∧ %s - %s ≤ %s", xs, yt, ts, yt, xs, ts)
	o.Lean, o.LeanNeg = arith.Declarations(o.Prop, tactic)
	o.Note = fmt.Sprintf("the value rounded is %s, the result that ends the text before the rounding; its rounding to the nearest %s lies within %s of it (half the unit, and %s for the value's own last place); proving it shows only that a rounding could explain the value", xlit, name, arith.RatString(t), arith.RatString(radius))
	o.WhyProof = "a rounding to the nearest " + name + " could give this value"
	o.WhyDisproof = fmt.Sprintf("%s rounded to the nearest %s is not %s: they differ by %s, more than half the unit and the value's own last place explain (%s)", xlit, name, ylit, arith.RatString(d), arith.RatString(t))
	return o
}

// value reads the value rounded from valueEndRE's match: a decimal, with
// the radius of its last place, or a fraction of whole numbers, exact.
func value(xm []string) (lit string, x, radius *big.Rat, ok bool) {
	if xm[3] == "" {
		x, ok = new(big.Rat).SetString(xm[4] + "/" + xm[5])
		if !ok || xm[5] == "0" {
			return "", nil, nil, false
		}
		lit, radius = xm[2]+xm[4]+"/"+xm[5], new(big.Rat)
	} else {
		lit = strings.ReplaceAll(xm[2]+xm[3], "{,}", ",")
		if x, ok = parse(lit); !ok {
			return "", nil, nil, false
		}
		radius = radiusOf(xm[3], xm[1] == "=")
	}
	if xm[2] == "-" && x.Sign() > 0 {
		x.Neg(x)
	}
	return lit, x, radius, true
}

// glued reports c a letter or one of marks: a number glued to it is part
// of a name, a power or a sign.
func glued(c byte, marks string) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || strings.IndexByte(marks, c) >= 0
}

// lit writes x as the dialect reads a number: a decimal when finite, else
// a quotient.
func lit(x *big.Rat) string {
	if x.IsInt() {
		return "(" + x.Num().String() + " : Rat)"
	}
	return "((" + x.Num().String() + " : Rat) / (" + x.Denom().String() + " : Rat))"
}

// thousandsSeps are the thousands separators parse drops.
var thousandsSeps = strings.NewReplacer("{,}", "", ",", "")

// parse reads a number as written, thousands separators dropped.
func parse(s string) (*big.Rat, bool) {
	s = thousandsSeps.Replace(s)
	return new(big.Rat).SetString(s)
}

// multiple reports y a whole multiple of unit.
func multiple(y, unit *big.Rat) bool {
	return new(big.Rat).Quo(y, unit).IsInt()
}

// radiusOf is the radius of a value written as lit: one unit of its last
// decimal place, or for a whole number nothing when it is the exact result
// of an "=" and its last place otherwise ("is 160", "≈ 160").
func radiusOf(lit string, exact bool) *big.Rat {
	if k := strings.IndexByte(lit, '.'); k >= 0 {
		return new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(len(lit)-k-1)), nil))
	}
	if exact {
		return new(big.Rat)
	}
	return big.NewRat(1, 1)
}
