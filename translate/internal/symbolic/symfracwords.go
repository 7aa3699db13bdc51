package symbolic

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/leanprm/leanprm/translate/internal/arith"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/obligation"
)

// wordOpRE reads a computation in words with its value: "half of 48 is
// 24", "a third of $27 is $9", "20% of 50 is 12", "twice 7 is 14", "3 more
// than 5 is 8", "4 less than 10 equals 6".
var wordOpRE = regexp.MustCompile(`(?i)\b(?:(half|a half|one half|a third|one third|a quarter|one quarter|a fourth|one fourth|a fifth|one fifth|a tenth|one tenth)\s+of|(\d{1,4}(?:\.\d{1,3})?)\s*(?:%|\\%|percent)\s+of|(twice|double|triple)|(\d{1,9})\s+(more|less|fewer)\s+than)\s+\$?(\d{1,3}(?:,\d{3}){0,3}(?:\.\d{1,4})?|\d{1,12}(?:\.\d{1,4})?)\s+(?:is|equals|is\s+equal\s+to)\s+\$?(\d{1,3}(?:,\d{3}){0,3}(?:\.\d{1,4})?|\d{1,12}(?:\.\d{1,4})?)`)

var fractionOf = map[string]int64{"half": 2, "a half": 2, "one half": 2, "a third": 3, "one third": 3, "a quarter": 4,
	"one quarter": 4, "a fourth": 4, "one fourth": 4, "a fifth": 5, "one fifth": 5, "a tenth": 10, "one tenth": 10}

// wordOpClaims reads computations in words (wordOpRE). Each is a closed
// claim decided exactly; a value written with fewer places than the exact
// result needs, and within the rounding of its last place, is left alone
// (a rounding), and so is a whole number against a value that is not whole
// (a count that may be rounded).
// lower is text lower-cased.
func (t *Reader) wordOpClaims(step int, text, lower string) []obligation.Obligation {
	if !strings.Contains(lower, " of ") && !strings.Contains(lower, "twice") && !strings.Contains(lower, "double") &&
		!strings.Contains(lower, "triple") && !strings.Contains(lower, " than ") {
		return nil
	}
	var out []obligation.Obligation
	for _, m := range wordOpMatches(text) {
		if !valueEnds(text, m[1]) || m[0] > 0 && mathtext.IsDigit(text[m[0]-1]) || modifiedAfter(text, m[1]) ||
			m[8] >= 0 && strings.HasSuffix(strings.TrimRight(strings.ToLower(text[:m[8]]), ` $\(`), " of") { // "a multiple of 7 less than 50"

			continue
		}
		group := func(k int) string {
			if m[2*k] < 0 {
				return ""
			}
			return strings.ReplaceAll(text[m[2*k]:m[2*k+1]], ",", "")
		}
		n, ok1 := new(big.Rat).SetString(group(6))
		v, ok2 := new(big.Rat).SetString(group(7))
		if !ok1 || !ok2 {
			continue
		}
		var lhs *big.Rat
		var term, expr string
		nt := ratTerm(n)
		switch {
		case group(1) != "":
			d := fractionOf[strings.ToLower(strings.Join(strings.Fields(group(1)), " "))]
			lhs = new(big.Rat).Quo(n, big.NewRat(d, 1))
			term, expr = fmt.Sprintf("%s / (%d : Rat)", nt, d), fmt.Sprintf("%s / %d", n.RatString(), d)
		case group(2) != "":
			p, _ := new(big.Rat).SetString(group(2))
			lhs = new(big.Rat).Mul(new(big.Rat).Quo(p, big.NewRat(100, 1)), n)
			term, expr = fmt.Sprintf("%s / (100 : Rat) * %s", ratTerm(p), nt), fmt.Sprintf("%s%% of %s", group(2), group(6))
		case group(3) != "":
			k := map[string]int64{"twice": 2, "double": 2, "triple": 3}[strings.ToLower(group(3))]
			lhs = new(big.Rat).Mul(n, big.NewRat(k, 1))
			term, expr = fmt.Sprintf("(%d : Rat) * %s", k, nt), fmt.Sprintf("%d * %s", k, n.RatString())
		default:
			a, _ := new(big.Rat).SetString(group(4))
			op := "+"
			lhs = new(big.Rat).Add(n, a)
			if w := strings.ToLower(group(5)); w != "more" {
				op = "-"
				lhs = new(big.Rat).Sub(n, a)
			}
			term, expr = fmt.Sprintf("%s %s %s", nt, op, ratTerm(a)), fmt.Sprintf("%s %s %s", n.RatString(), op, a.RatString())
		}
		if lhs.Cmp(v) != 0 && roundingOf(lhs, v, group(7)) {
			continue
		}
		o := &obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, m[0], m[1]), Kind: obligation.KindEquality,
			OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
		o.Expr = expr + " = " + v.RatString()
		o.Prop = term + " = " + ratTerm(v)
		o.Lean, o.LeanNeg = arith.Declarations(o.Prop, t.Tactic)
		o.WhyProof = fmt.Sprintf("%s is %s", expr, lhs.RatString())
		o.WhyDisproof = fmt.Sprintf("%s is %s, not %s", expr, lhs.RatString(), v.RatString())
		sentence := strings.ToLower(mathtext.SentenceAround(text, m[0], m[1]))
		if veto := closedClaimVeto(sentence); veto != "" {
			o.OnDisproof, o.Note = obligation.Unknown, fmt.Sprintf("the sentence may be rejecting or supposing the claim (%q)", veto)
		}
		out = append(out, *o)
	}
	return out
}

// wordOpMatches runs wordOpRE only around each " is " and " equals " of
// the text (a window of 48 bytes before and 40 after it), at most 16
// matches: the pattern is costly to try at every position of a long step.
func wordOpMatches(text string) [][]int {
	var out [][]int
	last := -1
	is, eq := strings.Index(text, " is "), strings.Index(text, " equals ") // the first of each at from or after
	for from := 0; from < len(text) && len(out) < 16; {
		is, eq = nextAt(text, from, " is ", is), nextAt(text, from, " equals ", eq)
		k := is
		if k < 0 || eq >= 0 && eq < k {
			k = eq
		}
		if k < 0 {
			break
		}
		from = k + 3
		lo, hi := max(0, k-48), min(len(text), k+40)
		for lo > 0 && !utf8.RuneStart(text[lo]) {
			lo--
		}
		w := text[lo:hi]
		if !strings.Contains(w, " of ") && !strings.Contains(w, " than ") && !mathtext.HasAny(strings.ToLower(w), "twice", "double", "triple") ||
			!mathtext.DigitThenWord(w, "is", "equals") {
			continue
		}
		for _, m := range wordOpRE.FindAllStringSubmatchIndex(w, 4) {
			if m[0]+lo <= last || m[0] == 0 && lo > 0 && (mathtext.IsASCIILetter(text[lo-1]) || mathtext.IsDigit(text[lo-1])) {
				continue // seen, or the window cut a word
			}
			for j := range m {
				if m[j] >= 0 {
					m[j] += lo
				}
			}
			last = m[0]
			out = append(out, m)
		}
	}
	return out
}

// nextAt is the index of the first w in text at from or after, given at,
// the first found before (-1: none left), searched again only once passed.
func nextAt(text string, from int, w string, at int) int {
	if at < 0 || at >= from {
		return at
	}
	if j := strings.Index(text[from:], w); j >= 0 {
		return from + j
	}
	return -1
}

// roundingOf reports whether the shown value v (as written: shown) may be
// x rounded: a whole number within 1 of a value that is not whole, or a
// decimal within one unit of its last place.
func roundingOf(x, v *big.Rat, shown string) bool {
	d := new(big.Rat).Sub(x, v)
	d.Abs(d)
	places := 0
	if i := strings.IndexByte(shown, '.'); i >= 0 {
		places = len(shown) - i - 1
	}
	if places == 0 {
		return !x.IsInt() && d.Cmp(big.NewRat(1, 1)) < 0
	}
	unit := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(places)), nil))
	return d.Cmp(unit) < 0
}

// ratTerm spells a non-negative rational as a dialect term.
func ratTerm(x *big.Rat) string {
	if x.IsInt() {
		return "(" + x.Num().String() + " : Rat)"
	}
	return "((" + x.Num().String() + " : Rat) / (" + x.Denom().String() + " : Rat))"
}

// modifiedAfter reports a value followed by a word that changes it ("2
// dozen", "3 thousand", "17 R 5").
func modifiedAfter(text string, i int) bool {
	rest := strings.TrimLeft(text[i:], " ")
	j := 0
	for j < len(rest) && mathtext.IsASCIILetter(rest[j]) {
		j++
	}
	return j > 0 && mathtext.Modifiers[strings.ToLower(rest[:j])]
}
