package wordseq

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/listcond"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/obligation"
)

// Limits on a step: the occurrences of "term" looked at, the bytes
// before one searched for its ordinal and after it for the value, the
// claims read.
const (
	maxTerms  = 24
	maxBefore = 48
	maxAfter  = 120
	maxClaims = 4
)

// ordinals are the ordinals in words read, by their place.
var ordinals = map[string]int{
	"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
	"ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14,
	"fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18, "nineteenth": 19, "twentieth": 20,
}

var (
	// ordinalRE ends the text before "term": "the sixth ", "the 12th ",
	// "the 7-th ". Group 1 is the ordinal in words, group 2 the number.
	ordinalRE = regexp.MustCompile(`(?:^|[^a-z0-9_])the\s+(?:([a-z]{5,11})|(\d{1,6})(?:st|nd|rd|th|-th))\s+$`)
	// valueRE starts at "term": "term is 6262", "term of the sequence =
	// 7", "term: -3", "term equals 1.5". Groups 1-2: the sign and number.
	valueRE = regexp.MustCompile(`^term(?:\s+of\s+(?:the|this|our|that)\s+(?:arithmetic\s+|geometric\s+)?(?:sequence|progression))?\s*(?:is|=|:|equals|is\s+equal\s+to)\s*` + numPat)
	// sentenceVetoRE in the claim's sentence: it supposes, tests, asks,
	// hedges, rounds, denies or corrects, counts the terms another way, or
	// speaks of a sum or a pair (whose own terms may be meant).
	sentenceVetoRE = regexp.MustCompile(`\b(?:if|suppose\w*|assum\w*|let's\s+say|say|case|example|would|could|should|might|may|maybe|perhaps|try\w*|test\w*|check\w*|verify\w*|whether|not|no|never|isn't|wasn't|approx\w*|about|around|roughly|nearly|almost|estimat\w*|round\w*|wrong|incorrect\w*|mistake\w*|error|instead|actually|correct\w*|rather|wait|recheck\w*|re-?evaluat\w*|expect\w*|should|new|another|other|different|index\w*|zeroth|0th|count\w*|mod|modulo|remainder\w*|digit\w*|last|sum|sums|product|products|pair|addend\w*|both|together)\b|n't\b|\?|≈|\\approx|≡|\\equiv`)
	// contextVetoRE in the step or an earlier one: another sequence (of
	// differences, of partial sums, a new one) or terms of an expression.
	contextVetoRE = regexp.MustCompile(`\b(?:(?:new|another|other|second|auxiliary|different)\s+sequence|sequence\s+of\s+(?:differences|partial|sums)|differences|partial\s+sums?|subsequence\w*|expression\w*|expand\w*|expansion\w*|binomial\w*|polynomial\w*|coefficient\w*|numerator\w*|denominator\w*|summand\w*|series|reindex\w*|zero-based|zeroth|0th)\b`)
)

// notAfter are the words that, written just before "the", make the term
// part of a larger expression ("twice the sixth term", "the square of
// the sixth term").
var notAfter = mathtext.Set("of", "than", "times", "twice", "thrice", "by", "to", "from", "plus", "minus", "half", "with", "as", "in", "at", "after", "before", "between")

// claim is a term stated by its place: the bytes from "the" to the end
// of the value, the place, the value and its decimal places.
type claim struct {
	s, e     int
	n        int
	val      *big.Rat
	decimals int
}

// Read returns the obligations of the step's terms of the problem's
// sequence stated by their place: each term's exact value against the
// value written. prior are the chain's earlier steps.
func Read(step int, problem string, prior []string, text, tactic string) []obligation.Obligation {
	if len(text) > maxText || !strings.Contains(text, "term") || !termAfterBlank(text) {
		return nil
	}
	low := mathtext.LowerPlain(text)
	claims := findClaims(low)
	if len(claims) == 0 {
		return nil
	}
	seq := ProblemSeq(problem)
	if seq.Kind == None || contextVetoRE.MatchString(low) {
		return nil
	}
	for _, p := range prior {
		if len(p) > maxText || strings.Contains(p, "sequence") && contextVetoRE.MatchString(strings.ToLower(p)) {
			return nil
		}
	}
	var out []obligation.Obligation
	for _, c := range claims {
		if sentenceVetoRE.MatchString(low[listcond.SentenceStart(low, c.s):listcond.SentenceEnd(low, c.e)]) {
			continue
		}
		truth, ok := seq.Term(c.n)
		if !ok || !decidable(truth, c.val, c.decimals) {
			continue
		}
		out = append(out, obligationFor(step, text, c, truth, seq, tactic))
	}
	return out
}

// findClaims lists the terms stated by their place in low (the step
// after mathtext.LowerPlain): "the sixth term is 6262", a value that
// stands alone (not the first number of an expression).
func findClaims(low string) []claim {
	var out []claim
	from := 0
	for k := 0; k < maxTerms && len(out) < maxClaims; k++ {
		j := strings.Index(low[from:], "term")
		if j < 0 {
			break
		}
		t := from + j
		from = t + 4
		if t == 0 || !blank(low[t-1]) || !theBefore(low, t) {
			continue // ordinalRE ends in \s+$: "determine", "midterm" have no ordinal
		}
		om := ordinalRE.FindStringSubmatchIndex(low[max(0, t-maxBefore):t])
		if om == nil {
			continue
		}
		base := max(0, t-maxBefore)
		n := 0
		if om[2] >= 0 {
			n = ordinals[low[base+om[2]:base+om[3]]]
		} else if v, err := fmt.Sscan(low[base+om[4]:base+om[5]], &n); err != nil || v != 1 {
			n = 0
		}
		if n < 1 {
			continue
		}
		s := base + om[0] + strings.Index(low[base+om[0]:], "the") // past the rune before "the"
		if notAfter[lastWord(low[:s])] {
			continue
		}
		vm := valueRE.FindStringSubmatchIndex(low[t:min(len(low), t+maxAfter)])
		if vm == nil {
			continue
		}
		e := t + vm[1]
		if !standsAlone(low, e) {
			continue
		}
		num := low[t+vm[4] : t+vm[5]]
		val, ok := parseNum(num)
		if !ok {
			continue
		}
		if vm[2] >= 0 {
			val.Neg(val)
		}
		dec := 0
		if d := strings.IndexByte(num, '.'); d >= 0 {
			dec = len(num) - d - 1
		}
		out = append(out, claim{s: s, e: e, n: n, val: val, decimals: dec})
	}
	return out
}

// lastWord is the last word of s (letters only), "" when s ends in
// something else before its trailing spaces.
func lastWord(s string) string {
	s = strings.TrimRight(s, " \t\n")
	i := len(s)
	for i > 0 && s[i-1] >= 'a' && s[i-1] <= 'z' {
		i--
	}
	return s[i:]
}

// standsAlone reports whether the value ending at e is the whole claim:
// the text ends, or punctuation or a connecting word follows (not an
// operator, a unit, a name or "more than").
func standsAlone(low string, e int) bool {
	rest := strings.TrimLeft(low[e:], " \t")
	if rest == "" {
		return true
	}
	if strings.IndexByte(".,;!)\n", rest[0]) >= 0 {
		return !(rest[0] == '.' && len(rest) > 1 && mathtext.IsDigit(rest[1]))
	}
	w := rest
	if i := strings.IndexFunc(rest, func(r rune) bool { return r < 'a' || r > 'z' }); i >= 0 {
		w = rest[:i]
	}
	switch w {
	case "and", "so", "while", "which", "since", "because", "thus", "hence", "then", "whereas":
		return true
	}
	return false
}

// decidable reports whether the written value, with its decimal places,
// can only mean the exact term: the term is whole, or it has at most as
// many decimal places as the value shows, or the value lies a unit of its
// last place or more from it (no rounding nor truncation gives it).
func decidable(truth, val *big.Rat, decimals int) bool {
	if truth.IsInt() {
		return true
	}
	unit := new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(decimals)), nil))
	if new(big.Rat).Mul(truth, unit).IsInt() {
		return decimals > 0
	}
	diff := new(big.Rat).Sub(truth, val)
	return diff.Abs(diff).Mul(diff, unit).Cmp(big.NewRat(1, 1)) >= 0
}

// obligationFor is the claim c against the term's exact value truth.
func obligationFor(step int, text string, c claim, truth *big.Rat, seq Seq, tactic string) obligation.Obligation {
	o := obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, c.s, c.e), Kind: obligation.KindEquality,
		OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
	rule := "adds " + seq.Step.RatString()
	if seq.Kind == Geometric {
		rule = "multiplies by " + seq.Step.RatString()
	}
	def := fmt.Sprintf("the problem's sequence starts at %s and each term %s", seq.First.RatString(), rule)
	o.Expr = fmt.Sprintf("term %d = %s (%s)", c.n, c.val.RatString(), def)
	o.Prop = listcond.RatTerm(truth) + " = " + listcond.RatTerm(c.val)
	o.Lean = "example : " + o.Prop + " := by " + tactic
	o.LeanNeg = "example : ¬(" + o.Prop + ") := by " + tactic
	fact := fmt.Sprintf("term %d of the sequence is %s", c.n, truth.RatString())
	o.Note = "a term of a sequence the problem defines in words: " + def
	o.WhyProof = fact
	o.WhyDisproof = fact + ", not " + c.val.RatString()
	return o
}

// blank reports a byte of \s in a pattern: [\t\n\f\r ].
// theBefore reports whether ordinalRE may match low[:t]: its ordinal
// holds no blank, so it is the word before the blanks that end low[:t],
// and its "the" ends right before the blanks before that word.
func theBefore(low string, t int) bool {
	e := t
	for e > 0 && blank(low[e-1]) {
		e--
	}
	s := e
	for s > 0 && !blank(low[s-1]) {
		s--
	}
	k := s
	for k > 0 && blank(low[k-1]) {
		k--
	}
	return k < s && strings.HasSuffix(low[:k], "the")
}

func blank(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}

// termAfterBlank is the plain test before the text is lowered: findClaims
// reads only a "term" (in the lowered text) right after a blank, and
// mathtext.LowerPlain makes a blank of blanks and math marks only ("$",
// "\(", "\]", …), so a "term" there is one in the text in any ASCII case
// after a byte that is no ASCII letter nor digit.
func termAfterBlank(text string) bool {
	for i := 1; i+4 <= len(text); i++ {
		if text[i]|0x20 == 't' && text[i+1]|0x20 == 'e' && text[i+2]|0x20 == 'r' && text[i+3]|0x20 == 'm' &&
			!mathtext.IsASCIILetter(text[i-1]) && !mathtext.IsDigit(text[i-1]) {
			return true
		}
	}
	return false
}
