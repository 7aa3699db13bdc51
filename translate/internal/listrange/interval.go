package listrange

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/obligation"
)

// The integers of an interval listed (docs/TRANSLATE.md, "Values listed against a range stated
// with them"): "the integers in the range \((4, 12.25)\). These integers are 5, 6, 7, 8, 9, 10
// and 11" lists what it says are all the integers of the interval, so a listed value outside it
// and an integer of it left out both make the text false. The interval is written with its
// brackets ("(a, b)", "[a, b]", "(a, b]", "[a, b)": open or closed ends, whole or decimal
// numbers), the list right after it ("are", ":", "These integers are", "They are") is whole
// numbers alone that end their clause, and neither sentence supposes, excludes or corrects.

var (
	// intervalRE is "integers in the range (a, b)" in mathtext.LowerPlain's text.
	intervalRE = regexp.MustCompile(`\bintegers\s+(?:that\s+(?:lie|are)\s+)?(?:in|within|inside)\s+(?:the\s+)?(?:(?:open|closed|half-open)\s+)?(?:range|interval)?\s*([(\[])\s*(-?\d{1,9}(?:\.\d{1,6})?)\s*,\s*(-?\d{1,9}(?:\.\d{1,6})?)\s*([)\]])`)
	// listIntroRE leads the list right after the interval.
	listIntroRE = regexp.MustCompile(`^\s*(?:(?:[.;:,]\s*)?(?:these|the|such|those)\s+integers\s+(?:are|is)|[.;,]?\s*they\s+are|are|:)\s+`)
)

// intervalCue reports whether intervalRE may match low: an "integers"
// with blanks after it and then "that", "in" or "within" (which "inside"
// starts with), as the pattern has them.
func intervalCue(low string) bool {
	for at := 0; ; {
		i := strings.Index(low[at:], "integers")
		if i < 0 {
			return false
		}
		at += i + len("integers")
		j := at
		for j < len(low) && strings.IndexByte(" \t\n\f\r", low[j]) >= 0 {
			j++
		}
		if w := low[j:]; j > at && (strings.HasPrefix(w, "that") || strings.HasPrefix(w, "in") || strings.HasPrefix(w, "within")) {
			return true
		}
	}
}

// readIntervals returns the refutations of the integers of an interval listed wrongly.
func readIntervals(step int, text, tactic string) []obligation.Obligation {
	if len(text) > maxText || !strings.Contains(text, "integers") || !strings.ContainsAny(text, "([") {
		return nil
	}
	low := mathtext.LowerPlain(text)
	if !intervalCue(low) {
		return nil
	}
	var out []obligation.Obligation
	for _, m := range intervalRE.FindAllStringSubmatchIndex(low, maxOut) {
		intro := listIntroRE.FindStringIndex(low[m[1]:])
		if intro == nil || !wholeSet(low, m[0]) {
			continue
		}
		vals, ok := list(low, m[1]+intro[1])
		if !ok || !endsList(low, vals[len(vals)-1].e) {
			continue
		}
		lo, okLo := new(big.Rat).SetString(low[m[4]:m[5]])
		hi, okHi := new(big.Rat).SetString(low[m[6]:m[7]])
		if !okLo || !okHi || lo.Cmp(hi) >= 0 {
			continue
		}
		loOpen, hiOpen := low[m[2]:m[3]] == "(", low[m[8]:m[9]] == ")"
		first, last, ok := integersOf(lo, hi, loOpen, hiOpen)
		if !ok || vetoRE.MatchString(low[sentenceStart(low, m[0]):sentenceEnd(low, m[1])]) ||
			vetoRE.MatchString(low[sentenceStart(low, vals[0].s):sentenceEnd(low, vals[len(vals)-1].e)]) {
			continue
		}
		out = append(out, intervalClaims(step, text, m[0], vals, lo, hi, loOpen, hiOpen, first, last, tactic)...)
	}
	return out
}

// wholeSet reports "the integers" or "all integers" at i: not a part of them ("the even
// integers", "positive integers").
func wholeSet(low string, i int) bool {
	before := strings.TrimRight(low[:i], " \t")
	j := len(before)
	for j > 0 && before[j-1] >= 'a' && before[j-1] <= 'z' {
		j--
	}
	return before[j:] == "the" || before[j:] == "all"
}

// endsList reports a list that ends its clause at e: the end, a line, or ".", ";", ")" (not a
// decimal point).
func endsList(low string, e int) bool {
	rest := strings.TrimLeft(low[e:], " \t")
	if rest == "" || rest[0] == '\n' || rest[0] == ';' || rest[0] == ')' {
		return true
	}
	return rest[0] == '.' && (len(rest) == 1 || rest[1] == ' ' || rest[1] == '\n')
}

// integersOf is the first and last integer of the interval, when it holds 1 to maxValues of them.
func integersOf(lo, hi *big.Rat, loOpen, hiOpen bool) (int64, int64, bool) {
	first := new(big.Int).Div(lo.Num(), lo.Denom()) // floor
	if !lo.IsInt() || loOpen {
		first.Add(first, big.NewInt(1))
	}
	last := new(big.Int).Div(hi.Num(), hi.Denom())
	if hi.IsInt() && hiOpen {
		last.Sub(last, big.NewInt(1))
	}
	if !first.IsInt64() || !last.IsInt64() {
		return 0, 0, false
	}
	f, l := first.Int64(), last.Int64()
	return f, l, l >= f && l-f < maxValues
}

// intervalClaims are the refutations of one list: a value outside the interval, and the count of
// the integers inside when one is left out.
func intervalClaims(step int, text string, s int, vals []value, lo, hi *big.Rat, loOpen, hiOpen bool, first, last int64, tactic string) []obligation.Obligation {
	iv := fmt.Sprintf("%s%s, %s%s", map[bool]string{true: "(", false: "["}[loOpen], lo.RatString(), hi.RatString(), map[bool]string{true: ")", false: "]"}[hiOpen])
	var out []obligation.Obligation
	seen := map[int64]bool{}
	e := vals[len(vals)-1].e
	for _, v := range vals {
		if v.n >= first && v.n <= last {
			seen[v.n] = true
			continue
		}
		rel := func(open bool) string {
			if open {
				return "<"
			}
			return "≤"
		}
		o := closedClaim(step, text, s, v.e, tactic, fmt.Sprintf("%s %s %d %s %s", lo.RatString(), rel(loOpen), v.n, rel(hiOpen), hi.RatString()),
			fmt.Sprintf("%s %s %s ∧ %s %s %s", bigTerm(lo), rel(loOpen), ratTerm(v.n), ratTerm(v.n), rel(hiOpen), bigTerm(hi)), obligation.KindInequality)
		o.WhyProof = fmt.Sprintf("%d lies in %s", v.n, iv)
		o.WhyDisproof = fmt.Sprintf("%d is listed among the integers in %s, outside it", v.n, iv)
		out = append(out, o)
	}
	if n := last - first + 1; int64(len(seen)) < n {
		var missing []string
		for k := first; k <= last; k++ {
			if !seen[k] {
				missing = append(missing, fmt.Sprint(k))
			}
		}
		o := closedClaim(step, text, s, e, tactic, fmt.Sprintf("the number of integers in %s = %d", iv, len(seen)),
			fmt.Sprintf("(%d : Rat) = (%d : Rat)", n, len(seen)), obligation.KindEquality)
		o.WhyProof = fmt.Sprintf("the integers in %s are %d to %d", iv, first, last)
		o.WhyDisproof = fmt.Sprintf("the integers in %s are %d to %d, %d of them; the list leaves out %s", iv, first, last, n, strings.Join(missing, ", "))
		out = append(out, o)
	}
	return out
}

// closedClaim is a closed claim of the list from s to e in the text.
func closedClaim(step int, text string, s, e int, tactic, expr, prop string, kind obligation.Kind) obligation.Obligation {
	o := obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, s, e), Kind: kind, Expr: expr, Prop: prop,
		OnProof: obligation.Verified, OnDisproof: obligation.Refuted,
		Note: "the integers of an interval listed: every listed value lies in it, and every integer of it is listed"}
	o.Lean = "example : " + o.Prop + " := by " + tactic
	o.LeanNeg = "example : ¬(" + o.Prop + ") := by " + tactic
	return o
}

// bigTerm spells a rational in the dialect.
func bigTerm(r *big.Rat) string {
	if r.IsInt() && r.Num().IsInt64() {
		return ratTerm(r.Num().Int64())
	}
	n := new(big.Int).Abs(r.Num())
	t := "((" + n.String() + " : Rat) / (" + r.Denom().String() + " : Rat))"
	if r.Sign() < 0 {
		t = "(-" + t + ")"
	}
	return t
}
