package wordcmp

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/arith"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/obligation"
)

// A closed value said to lie between two others (docs/TRANSLATE.md, "Comparisons in words
// between closed values"): "\(45\) is between \(40\) and \(44\)", and in a list of candidates
// checked one by one, "Fifth, \(45\): This number is between \(40\) and \(44\)". Whether the
// ends are meant to be included or not, the value lies between the smaller and the larger end,
// both included: P is that, and it is refuted when the value lies outside. A value strictly
// inside proves either reading and is verified; a value at an end is left unverified (the
// text may mean the ends excluded).

// betweenRE is the relation between the subject and the first end.
var betweenRE = regexp.MustCompile(`(?i)\s+(?:is|lies|falls)\s+(?:(?:strictly|still|also|clearly|indeed|actually)\s+)?between\s+`)

// anaphorRE is the subject "this number" after "<value>:" that names it.
var anaphorRE = regexp.MustCompile(`(?i):\s*(?:this|the)\s+(?:number|value|integer)\s*$`)

// anaphorAt is where the subject that ends at i is read: before "<value>: This number", the
// value; else i.
func anaphorAt(text string, i int) int {
	if !strings.Contains(text[max(0, i-40):i], ":") {
		return i
	}
	if a := anaphorRE.FindStringIndex(text[max(0, i-40):i]); a != nil {
		return max(0, i-40) + a[0]
	}
	return i
}

// lastObject reads the side after the words join matches at text[e:], which must end its clause.
func lastObject(text string, e int, join *regexp.Regexp) (side, bool) {
	j := join.FindStringIndex(text[e:])
	if j == nil {
		return side{}, false
	}
	o, ok := objectAt(text, e+j[1])
	return o, ok && endsClause(text, o.e)
}

// sentenceWithout is the lower-cased sentence of the claim text[s:e] with the claim taken out:
// the words that may suppose, test or reject it.
func sentenceWithout(text string, s, e int) string {
	sentence := strings.ToLower(mathtext.SentenceAround(text, s, e))
	return strings.Replace(sentence, strings.ToLower(text[s:e]), " ", 1)
}

// andRE joins the two ends.
var andRE = regexp.MustCompile(`^\s+and\s+`)

// readBetween returns the step's claims that a closed value lies between two others. The pattern
// runs only on the words around each "between" (found by plain search).
func readBetween(step int, text, tactic string) []obligation.Obligation {
	var out []obligation.Obligation
	for _, i := range mathtext.Indexes(text, "between", maxClaims) {
		w, from := mathtext.Window(text, i-betweenWindow, i+len("between")+4)
		for _, m := range betweenRE.FindAllStringIndex(w, -1) {
			if from+m[1] > i+len("between") { // the match of this "between"
				if o := betweenAt(step, text, []int{from + m[0], from + m[1]}, tactic); o != nil {
					out = append(out, *o)
				}
				break
			}
		}
	}
	return out
}

// betweenWindow is how far before "between" the words of betweenRE are read.
const betweenWindow = 40

// betweenAt reads the claim whose relation betweenRE matched at m.
func betweenAt(step int, text string, m []int, tactic string) *obligation.Obligation {
	subj, ok := subjectBefore(text, anaphorAt(text, m[0]))
	if !ok || !standsAlone(text, subj.s) {
		return nil
	}
	lo, ok := objectAt(text, m[1])
	if !ok {
		return nil
	}
	hi, ok := lastObject(text, lo.e, andRE)
	if !ok || vetoOf(sentenceWithout(text, subj.s, hi.e)) != "" || mayRound(subj, lo) || mayRound(subj, hi) {
		return nil
	}
	x, okX := subj.val.Rat()
	a, okA := lo.val.Rat()
	b, okB := hi.val.Rat()
	if !okX || !okA || !okB {
		return nil
	}
	if a.Cmp(b) > 0 {
		a, b = b, a
	}
	inside, atEnd := a.Cmp(x) <= 0 && x.Cmp(b) <= 0, a.Cmp(x) == 0 || x.Cmp(b) == 0
	o := &obligation.Obligation{
		Step:       step,
		Span:       mathtext.SpanOf(text, subj.s, hi.e),
		Kind:       obligation.KindInequality,
		Expr:       fmt.Sprintf("%s ≤ %s ≤ %s", arith.RatString(a), arith.RatString(x), arith.RatString(b)),
		Prop:       ratTerm(a) + " ≤ " + ratTerm(x) + " ∧ " + ratTerm(x) + " ≤ " + ratTerm(b),
		OnProof:    obligation.Verified,
		OnDisproof: obligation.Refuted,
		Note:       "a comparison in words: a value said to lie between two others, the ends included (the reading that asks least)",
	}
	if atEnd {
		o.OnProof = obligation.Unknown // the text may mean the ends excluded
	}
	verb := "lies"
	if !inside {
		verb = "does not lie"
	}
	o.WhyProof = fmt.Sprintf("%s %s between %s and %s", arith.RatString(x), verb, arith.RatString(a), arith.RatString(b))
	o.WhyDisproof = o.WhyProof
	o.Lean, o.LeanNeg = arith.Declarations(o.Prop, tactic)
	return o
}
