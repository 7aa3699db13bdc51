// Package listrange decides the values a sentence lists for a name
// against the range the same sentence states for it (docs/TRANSLATE.md,
// "Values listed against a range stated with them"): "\(a\) can be 0, 3,
// 6, or 9 (since \(0 \leq a \leq 8\))" states 9 ≤ 8. The list and the
// range are both asserted in one sentence, so a listed value outside the
// range makes the sentence false whichever of the two is wrong. Only a
// list in a form that states values of the name ("a can be …", "the
// (possible) values of a are …") and a range with whole
// numbers at both ends ("0 \le a \le 8", "1 < a < 10") are read; values
// inside the range are left alone (the list may still be wrong: that is
// not read here). A sentence that supposes, excludes or corrects ("if",
// "but", "not", "only", "except", "however", …) is left alone.
package listrange

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/obligation"
)

const (
	maxText   = 20000 // longer steps are not read
	maxValues = 32    // values read a list
	maxOut    = 8     // refutations a step
)

var (
	// rangeRE is "L ≤ a ≤ U" in mathtext.LowerPlain's text: whole numbers at both ends.
	rangeRE = regexp.MustCompile(`(-?\d{1,9})\s*(\\leq?\b|\\le\b|≤|<)\s*([a-z])\s*(\\leq?\b|\\le\b|≤|<)\s*(-?\d{1,9})`)
	// listLeadRE leads a list of values of a name: group 1 or 2 is the name.
	listLeadRE = regexp.MustCompile(`\b([a-z])\s+can\s+be\s+|\b(?:possible\s+)?values?\s+(?:of|for)\s+([a-z])\s+(?:are|is)\s+`)
	// vetoRE in the sentence: supposed, excluded, corrected or asked.
	vetoRE = regexp.MustCompile(`\b(?:if|suppose|assume|assuming|would|could|should|not|no|but|only|except|excluding|exclude|excluded|however|instead|check|test|try|whether|wrong|incorrect|mistake|otherwise|neither|nor|cannot|too|exceeds?|exceeding|invalid|discard|reject|false|impossible|fails?|violates?|contradicts?|drop|dropped|remove|removed|eliminate|eliminated|rule|ruled|out|outside|beyond|larger|greater|above|over)\b|\?|\\neq|≠`)
)

// Read returns the refutations of step's values listed outside the range
// their sentence states.
func Read(step int, text, tactic string) []obligation.Obligation {
	out := readIntervals(step, text, tactic) // interval.go
	if len(text) > maxText || !mathtext.HasAny(text, "can be", "valu") || !hasLE(text) {
		return out
	}
	low := mathtext.LowerPlain(text)
	done := -1 // the end of the last sentence read
	for _, r := range rangeMatches(low, 4*maxOut) {
		if r[0] < done || len(out) >= maxOut {
			continue
		}
		s, e := sentenceStart(low, r[0]), sentenceEnd(low, r[1])
		out = sentence(step, text, low, s, e, tactic, out)
		done = e
	}
	return out
}

// hasLE reports "≤", "<", or \le or \leq as a command (not \left).
func hasLE(text string) bool {
	if strings.Contains(text, "≤") || strings.IndexByte(text, '<') >= 0 {
		return true
	}
	for i := 0; ; {
		k := strings.Index(text[i:], `\le`)
		if k < 0 {
			return false
		}
		i += k + 3
		if strings.HasPrefix(text[i:], "q") {
			i++
		}
		if i >= len(text) || !mathtext.IsASCIILetter(text[i]) {
			return true
		}
	}
}

// sentence reads low[s:e], one sentence.
func sentence(step int, text, low string, s, e int, tactic string, out []obligation.Obligation) []obligation.Obligation {
	sent := low[s:e]
	ranges := rangeRE.FindAllStringSubmatchIndex(sent, 4)
	if len(ranges) == 0 || vetoRE.MatchString(sent) {
		return out
	}
	for _, m := range listLeadRE.FindAllStringSubmatchIndex(sent, 4) {
		name := ""
		for g := 1; g <= 2; g++ {
			if m[2*g] >= 0 {
				name = sent[m[2*g]:m[2*g+1]]
			}
		}
		lo, hi, loStrict, hiStrict, ok := rangeOf(sent, ranges, name)
		if !ok {
			continue
		}
		vals, ok := list(sent, m[1])
		if !ok {
			continue
		}
		for _, v := range vals {
			if len(out) >= maxOut {
				return out
			}
			below := v.n < lo || loStrict && v.n == lo
			above := v.n > hi || hiStrict && v.n == hi
			if !below && !above {
				continue
			}
			out = append(out, refutation(step, text, s+min(m[0], v.s), s+max(v.e, lastRangeEnd(ranges, name, sent)), name, v.n, lo, hi, loStrict, hiStrict, tactic))
		}
	}
	return out
}

// rangeOf is the one range sent states for name; false when it states
// none or more than one.
func rangeOf(sent string, ranges [][]int, name string) (lo, hi int64, loStrict, hiStrict, ok bool) {
	n := 0
	for _, r := range ranges {
		if sent[r[6]:r[7]] != name {
			continue
		}
		n++
		if !parseInt(sent[r[2]:r[3]], &lo) || !parseInt(sent[r[10]:r[11]], &hi) {
			return 0, 0, false, false, false
		}
		loStrict, hiStrict = sent[r[4]:r[5]] == "<", sent[r[8]:r[9]] == "<"
	}
	return lo, hi, loStrict, hiStrict, n == 1 && lo <= hi
}

func lastRangeEnd(ranges [][]int, name, sent string) int {
	e := 0
	for _, r := range ranges {
		if sent[r[6]:r[7]] == name {
			e = r[1]
		}
	}
	return e
}

func parseInt(s string, v *int64) bool {
	b, ok := new(big.Int).SetString(s, 10)
	if !ok || !b.IsInt64() {
		return false
	}
	*v = b.Int64()
	return true
}

// value is one listed value and where it stands in the sentence.
type value struct {
	n    int64
	s, e int
}

// list reads the whole numbers listed from sent[at:], joined by commas,
// "or" and "and": it stops at the first other word or mark, and is false
// when a number is part of something larger ("3x", "3^2", "3.5", "3/4").
func list(sent string, at int) ([]value, bool) {
	var vals []value
	i := at
	for len(vals) < maxValues {
		i = skipJoin(sent, i)
		j := i
		if j < len(sent) && sent[j] == '-' {
			j++
		}
		k := j
		for k < len(sent) && sent[k] >= '0' && sent[k] <= '9' {
			k++
		}
		if k == j || k-j > 9 {
			break
		}
		if k < len(sent) && (strings.IndexByte("^_./x*", sent[k]) >= 0 && !(sent[k] == '.' && (k+1 >= len(sent) || sent[k+1] == ' ' || sent[k+1] == '\n')) || sent[k] >= 'a' && sent[k] <= 'z' || sent[k] == '\\' && !strings.HasPrefix(sent[k:], `\}`)) {
			return nil, false
		}
		var v int64
		if !parseInt(sent[i:k], &v) {
			return nil, false
		}
		vals = append(vals, value{n: v, s: i, e: k})
		i = k
	}
	return vals, len(vals) > 0
}

// skipJoin skips blanks, commas and the words "or" and "and".
func skipJoin(sent string, i int) int {
	for i < len(sent) {
		switch {
		case sent[i] == ' ' || sent[i] == ',' || sent[i] == '\t':
			i++
		case strings.HasPrefix(sent[i:], "or "):
			i += 3
		case strings.HasPrefix(sent[i:], "and "):
			i += 4
		default:
			return i
		}
	}
	return i
}

func refutation(step int, text string, s, e int, name string, v, lo, hi int64, loStrict, hiStrict bool, tactic string) obligation.Obligation {
	rel := func(strict bool) string {
		if strict {
			return "<"
		}
		return "≤"
	}
	o := obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, s, e), Kind: obligation.KindInequality,
		OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
	o.Expr = fmt.Sprintf("%d %s %d %s %d", lo, rel(loStrict), v, rel(hiStrict), hi)
	o.Prop = fmt.Sprintf("%s %s %s ∧ %s %s %s", ratTerm(lo), rel(loStrict), ratTerm(v), ratTerm(v), rel(hiStrict), ratTerm(hi))
	o.Lean = "example : " + o.Prop + " := by " + tactic
	o.LeanNeg = "example : ¬(" + o.Prop + ") := by " + tactic
	o.Note = fmt.Sprintf("a value listed for %s against the range the same sentence states for it", name)
	o.WhyProof = fmt.Sprintf("%d lies in the range stated for %s", v, name)
	o.WhyDisproof = fmt.Sprintf("%d is listed for %s, outside the range %d %s %s %s %d stated in the same sentence", v, name, lo, rel(loStrict), name, rel(hiStrict), hi)
	return o
}

func ratTerm(v int64) string {
	if v < 0 {
		return fmt.Sprintf("(-(%d : Rat))", -v)
	}
	return fmt.Sprintf("(%d : Rat)", v)
}

// sentenceStart is where the sentence holding s starts: after ". ",
// "! ", "? ", a line break, or at the start.
func sentenceStart(low string, s int) int {
	for i := s - 1; i >= 0; i-- {
		if low[i] == '\n' || (low[i] == ' ' || low[i] == '\n') && i > 0 && (low[i-1] == '.' || low[i-1] == '!' || low[i-1] == '?') {
			return i + 1
		}
	}
	return 0
}

// sentenceEnd is where the sentence from s ends: after ". ", "! ", "? ",
// a line break, or at the end.
func sentenceEnd(low string, s int) int {
	for i := s; i < len(low); i++ {
		if low[i] == '\n' || (low[i] == '.' || low[i] == '!' || low[i] == '?') && (i+1 >= len(low) || low[i+1] == ' ' || low[i+1] == '\n') {
			return i + 1
		}
	}
	return len(low)
}
