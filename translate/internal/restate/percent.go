package restate

import (
	"fmt"
	"math/big"
	"regexp"
	"slices"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/obligation"
)

// A percentage of a group restated from the problem (docs/TRANSLATE.md,
// "Values restated"): the problem says "30% of the watermelons were ready
// for harvest", a step "20% of the 120 watermelons are ready for harvest".
// The problem fixes the value only where it states one percentage of that
// group (a noun it names in no other percentage), with the same verb of
// being and the same words after it; a step that says the same of the same
// group with another percentage contradicts it, unless its sentence moves
// to another time, another part of the group or a total ("now", "after",
// "remaining", "in total"), supposes, or corrects.

// maxFacts bounds the problem's percentages read.
const maxFacts = 16

// pctRE is a percentage of a group and what is said of it: "30% of the
// watermelons were ready for harvest" (the step may count the group: "of
// the 120 watermelons"). Groups 1 the percentage, 2 the count, 3 the
// noun, 4 the verb, 5 the words after it (at most six, all compared, and
// read only when what follows them is no word: whole).
var pctRE = regexp.MustCompile(`(\d{1,3}(?:\.\d{1,6})?)\s*(?:\\%|%|\s+percent)\s+of\s+(?:the|his|her|their|its)\s+(?:(\d{1,3}(?:,\d{3})*|\d{1,9})\s+)?([a-z]{3,20})\s+(is|are|was|were)\s+([a-z]{2,20}(?:\s+[a-z]{2,20}){0,5})\b`)

// pctVetoRE in the step's sentence: another time (also a day, a month, a
// season), another part of the
// group, a total, a supposition or a correction.
var pctVetoRE = regexp.MustCompile(`(?i)\b(?:if|suppose|supposing|assum\w*|would|could|might|should|not|no|never|wrong|incorrect|mistake\w*|misread\w*|instead|actually|rather|but|however|total|totals|altogether|overall|combined|cumulative\w*|remaining|remain\w*|left|rest|other|another|additional|more|less|fewer|now|then|later|after|before|by|until|since|next|second|third|new|again|also|each|every|only|than|still|first|last|initial\w*|final\w*|originally|original|today|tomorrow|yesterday|morning|afternoon|evening|night|day|days|week|weeks|month|months|year|years|hour|hours|spring|summer|fall|autumn|winter|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december)\b`)

// pctScopeRE before the phrase in its sentence, or after it up to the next
// mark: the percentage may be of the group somewhere else ("In class B,
// 50% of the students are girls").
var pctScopeRE = regexp.MustCompile(`\b(?:in|on|at|for|among|within|during|from|per|across|inside|outside|between|under|over|with|without|to)\b`)

// Facts is what the problem fixes of its groups' percentages: the key
// "noun|verb words" to the value, one per noun.
type Facts struct {
	vals map[string]*big.Rat
	key  string
}

// Key is the facts as a string, for a cache key.
func (f Facts) Key() string { return f.key }

// ProblemFacts reads the percentages of groups the problem states.
func ProblemFacts(problem string) Facts {
	if !strings.Contains(problem, "%") && !strings.Contains(problem, "percent") {
		return Facts{}
	}
	low := mathtext.ASCIILower(problem)
	byNoun := map[string][]string{}
	vals := map[string]*big.Rat{}
	for _, m := range pctRE.FindAllStringSubmatchIndex(low, maxFacts) {
		noun := low[m[6]:m[7]]
		k := factKey(noun, low[m[10]:m[11]])
		byNoun[noun] = append(byNoun[noun], k)
		v, ok := new(big.Rat).SetString(low[m[2]:m[3]])
		if !ok || !whole(low, m[11]) {
			v = nil // what is said of the group goes on: not fixed
		}
		vals[k] = v
	}
	var keys []string
	for _, ks := range byNoun {
		if len(ks) != 1 {
			for _, k := range ks {
				delete(vals, k) // two percentages of one group: which is meant is open
			}
			continue
		}
		if vals[ks[0]] == nil {
			delete(vals, ks[0])
			continue
		}
		keys = append(keys, ks[0]+"="+vals[ks[0]].RatString())
	}
	if len(vals) == 0 {
		return Facts{}
	}
	slices.Sort(keys)
	return Facts{vals: vals, key: strings.Join(keys, ";")}
}

// factKey is a group and what is said of it, the verb of being left out
// (its tense may differ between the problem and a step).
func factKey(noun, words string) string {
	return noun + "|" + strings.Join(strings.Fields(words), " ")
}

// ReadPercent returns the obligations of the step's percentages of a group
// that restate the problem's with another value.
func ReadPercent(step int, text string, f Facts, tactic string) []obligation.Obligation {
	if len(f.vals) == 0 || !strings.Contains(text, "%") && !strings.Contains(text, "percent") {
		return nil
	}
	low := mathtext.ASCIILower(text)
	var out []obligation.Obligation
	for _, m := range pctRE.FindAllStringSubmatchIndex(low, maxClaims) {
		k := factKey(low[m[6]:m[7]], low[m[10]:m[11]])
		want, ok := f.vals[k]
		if !ok || !whole(low, m[11]) {
			continue
		}
		said, ok := new(big.Rat).SetString(low[m[2]:m[3]])
		if !ok || said.Cmp(want) == 0 {
			continue
		}
		if m[2] > 0 && strings.ContainsRune(".,-_^{", rune(low[m[2]-1])) || m[2] > 0 && isDigitOrLetter(low[m[2]-1]) {
			continue // part of a longer number, a name or a power
		}
		s, e := sentence(low, m[0], m[1])
		if pctVetoRE.MatchString(low[s:m[0]]) || pctVetoRE.MatchString(low[m[1]:e]) || scoped(low, s, m[0], m[1], e) { // the phrase itself is the problem's
			continue
		}
		o := obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, m[0], m[1]), Kind: obligation.KindEquality,
			OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
		what := strings.ReplaceAll(k, "|", " that are ")
		o.Expr = fmt.Sprintf("the percentage of the %s = %s", what, low[m[2]:m[3]])
		o.Prop = fmt.Sprintf("%s = %s", lit(want), lit(said))
		o.Lean = "example : " + o.Prop + " := by " + tactic
		o.LeanNeg = "example : ¬(" + o.Prop + ") := by " + tactic
		o.Note = fmt.Sprintf("the problem states the percentage of the %s once: %s%%", what, want.RatString())
		o.WhyProof = "the problem states this percentage"
		o.WhyDisproof = fmt.Sprintf("the problem states %s%% of the %s, not %s%%", want.RatString(), what, low[m[2]:m[3]])
		out = append(out, o)
	}
	return out
}

// scoped reports pctScopeRE in text[s:start], or in text[end:e] before its
// first mark.
func scoped(text string, s, start, end, e int) bool {
	after := text[end:e]
	if k := strings.IndexAny(after, ",;:()[]$\\"); k >= 0 {
		after = after[:k]
	}
	return pctScopeRE.MatchString(text[s:start]) || pctScopeRE.MatchString(after)
}

// whole reports that what is said of a group, ending at text[e], ends
// there: the next mark after blanks is no letter ("ready for harvest, so"),
// so two phrases cut at the same length are never taken for one.
func whole(text string, e int) bool {
	for e < len(text) && (text[e] == ' ' || text[e] == '\t') {
		e++
	}
	return e == len(text) || !isDigitOrLetter(text[e])
}

// isDigitOrLetter reports c an ASCII digit or letter.
func isDigitOrLetter(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z'
}

// sentence is the clause around text[s:e]: from the end of the sentence,
// or line before it to the end of the one it is in. A full stop ends
// a sentence only before a blank or the end ("2.5 weeks" does not).
func sentence(text string, s, e int) (int, int) {
	from := max(0, s-maxBefore)
	for k := s - 1; k >= from; k-- {
		if ends(text, k) {
			from = k + 1
			break
		}
	}
	to := min(len(text), e+maxAfter)
	for k := e; k < to; k++ {
		if ends(text, k) {
			to = k
			break
		}
	}
	return from, to
}

// ends reports text[k] the end of a sentence or clause.
func ends(text string, k int) bool {
	switch text[k] {
	case '!', '?', ';', '\n':
		return true
	case '.':
		return k+1 == len(text) || text[k+1] == ' ' || text[k+1] == '\n'
	}
	return false
}
