package wordcmp

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/arith"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/obligation"
)

// A difference said in words between closed numbers (docs/TRANSLATE.md, "Differences in words
// between numbers"): "7.5 pounds is half a pound more than 15 pounds", "37 is 20 greater than
// 17", "12 is 3 less than 15". The words state A = B + D (more, greater, larger, …) or A = B − D
// (less, fewer, smaller, …), every side a number written alone with at most one unit word, the
// same unit on every side that has one. The claim is read only where a comparison in words is
// (its subject begins its clause, its object ends it, its sentence neither supposes, tests nor
// rejects), and a decimal side may stand for a rounded value: a claim false by less than the
// units of the decimals' last places is left alone.

// differRE is the claim up to "than", matched at the end of a window that ends right after
// " than ": the subject A, its unit, the difference D, its unit, the comparative.
var differRE = regexp.MustCompile(`(?i)(?:^|[\s(:,])(` + plainNum + `)(\s+[a-z]{1,15})?\s+(?:is|are|was)\s+(?:(?:exactly|just|only|precisely)\s+)?(` +
	plainNum + `|half\s+an?|one|two|three|four|five|six|seven|eight|nine|ten)(\s+[a-z]{1,15})?\s+(more|greater|larger|bigger|higher|longer|taller|older|heavier|less|fewer|smaller|lower|shorter|younger|lighter)\s+than\s+$`)

// plainNum is a whole number (with groups of three after commas) or a decimal.
const plainNum = `\d{1,3}(?:,\d{3})+|\d{1,12}(?:\.\d{1,6})?`

// objectNumRE is the object B right after "than", with its unit word.
var objectNumRE = regexp.MustCompile(`^(` + plainNum + `)(\s+[a-z]{1,15})?`)

// differWindow is how far before " than " the claim is read.
const differWindow = 120

// smallWords are the differences written as words.
var smallWords = map[string]int64{"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}

// notUnit are words after a number that make it part of more than a count of one unit.
var notUnit = mathtext.Set("times", "percent", "dozen", "dozens", "hundred", "hundreds", "thousand", "thousands", "million",
	"millions", "billion", "billions", "and", "or", "of", "per", "plus", "minus", "more", "less", "fewer", "squared", "cubed",
	"is", "are", "was", "than", "greater", "larger", "smaller", "to", "in", "out", "over", "by", "divided", "multiplied")

// lessWords subtract the difference; the other comparatives add it.
var lessWords = mathtext.Set("less", "fewer", "smaller", "lower", "shorter", "younger", "lighter")

// readDiffer returns the step's differences in words between numbers, decided.
func readDiffer(step int, text, tactic string) []obligation.Obligation {
	var out []obligation.Obligation
	for _, i := range mathtext.Indexes(text, " than ", maxClaims) {
		w, from := mathtext.Window(text, i-differWindow, i+len(" than "))
		if !mayDiffer(w) {
			continue
		}
		m := differRE.FindStringSubmatchIndex(w)
		if m == nil {
			continue
		}
		for j := range m {
			if m[j] >= 0 {
				m[j] += from
			}
		}
		if o := differAt(step, text, m, tactic); o != nil {
			out = append(out, *o)
		}
	}
	return out
}

// differWords are the comparatives of differRE.
var differWords = mathtext.Set("more", "greater", "larger", "bigger", "higher", "longer", "taller", "older", "heavier",
	"less", "fewer", "smaller", "lower", "shorter", "younger", "lighter")

// mayDiffer is the plain test before differRE on a window w that ends
// with " than ": every match holds a digit (its subject is a number) and
// its comparative as the whole word between blanks (\s) right before the
// blanks before that "than", so a window without a digit, or with a word
// there that is none of differWords in any ASCII case, makes no match. A
// word with a byte outside ASCII is let through ((?i) folds "ſ" to "s").
func mayDiffer(w string) bool {
	if !strings.ContainsAny(w, "0123456789") {
		return false
	}
	if !strings.HasSuffix(w, " than ") {
		return true
	}
	e := len(w) - len(" than ")
	for e > 0 && isBlank(w[e-1]) {
		e--
	}
	s := e
	for s > 0 && !isBlank(w[s-1]) {
		s--
	}
	for i := s; i < e; i++ {
		if w[i] >= 0x80 {
			return true
		}
	}
	return differWords[strings.ToLower(w[s:e])]
}

// differAt reads the difference whose words differRE matched at m (offsets in text).
func differAt(step int, text string, m []int, tactic string) *obligation.Obligation {
	s := m[2]
	if s > 0 && (mathtext.IsDigit(text[s-1]) || mathtext.IsASCIILetter(text[s-1]) || strings.ContainsRune(".,$-/^", rune(text[s-1]))) {
		return nil // the window cut a number, or the number is part of more ("$7.5", "1/2", "-3")
	}
	if !standsAlone(text, s) && !afterCommaAnd(text, s) {
		return nil
	}
	ob := objectNumRE.FindStringSubmatchIndex(text[m[1]:])
	if ob == nil {
		return nil
	}
	if ob[4] >= 0 && clauseWords[strings.ToLower(strings.TrimSpace(text[m[1]+ob[4]:m[1]+ob[5]]))] {
		ob = ob[:4] // "than 9 so …": the word begins the next clause
	}
	oe := m[1] + ob[1]
	if len(ob) == 4 {
		oe = m[1] + ob[3]
	}
	if !endsClause(text, oe) || oe < len(text) && (text[oe] == '.' && oe+1 < len(text) && mathtext.IsDigit(text[oe+1])) {
		return nil
	}
	if !sameUnit([]string{group(text, m, 2), group(text, m, 4), group(text[m[1]:], ob, 2)}) {
		return nil
	}
	a, aUnit := ratOf(group(text, m, 1))
	d, dUnit := diffOf(group(text, m, 3))
	b, bUnit := ratOf(text[m[1]+ob[2] : m[1]+ob[3]])
	if a == nil || d == nil || b == nil || veto(text, s, oe) {
		return nil
	}
	less := lessWords[strings.ToLower(group(text, m, 5))]
	want := new(big.Rat).Add(b, d)
	op := "+"
	if less {
		want, op = new(big.Rat).Sub(b, d), "-"
	}
	if a.Cmp(want) != 0 {
		slack := new(big.Rat).Add(aUnit, new(big.Rat).Add(bUnit, dUnit))
		if gap := new(big.Rat).Abs(new(big.Rat).Sub(a, want)); gap.Cmp(slack) <= 0 {
			return nil // the decimals may be rounded
		}
	}
	expr := fmt.Sprintf("%s %s %s", b.RatString(), op, d.RatString())
	o := &obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, s, oe), Kind: obligation.KindEquality,
		OnProof: obligation.Verified, OnDisproof: obligation.Refuted,
		Note: "a difference in words between numbers: \"A is D more than B\" states A = B + D, \"less\" A = B - D"}
	o.Expr = a.RatString() + " = " + expr
	o.Prop = ratTerm(a) + " = " + ratTerm(b) + " " + op + " " + ratTerm(d)
	o.WhyProof = fmt.Sprintf("%s is %s", expr, want.RatString())
	o.WhyDisproof = fmt.Sprintf("%s is %s, not %s", expr, want.RatString(), a.RatString())
	o.Lean, o.LeanNeg = arith.Declarations(o.Prop, tactic)
	return o
}

// veto reports a word in the claim's sentence that supposes, tests, hedges or rejects it.
func veto(text string, s, e int) bool { return vetoOf(sentenceWithout(text, s, e)) != "" }

// group is text's submatch k of m, or "".
func group(text string, m []int, k int) string {
	if 2*k+1 >= len(m) || m[2*k] < 0 {
		return ""
	}
	return text[m[2*k]:m[2*k+1]]
}

// afterCommaAnd reports a subject at s after ", and" that follows a word: a new clause ("since
// he can only remove whole toys, and 7.5 pounds is …"), not the last item of a list of numbers.
func afterCommaAnd(text string, s int) bool {
	before := strings.TrimRight(text[:s], " \t")
	if !strings.HasSuffix(strings.ToLower(before), " and") {
		return false
	}
	before = strings.TrimRight(before[:len(before)-len(" and")], " \t")
	if !strings.HasSuffix(before, ",") {
		return false
	}
	before = before[:len(before)-1]
	return before != "" && mathtext.IsASCIILetter(before[len(before)-1])
}

// sameUnit reports unit words that name one unit (singular or plural), any of them absent, and
// none of them a word that makes its number part of more.
func sameUnit(units []string) bool {
	var first string
	for _, u := range units {
		u = strings.ToLower(strings.TrimSpace(u))
		if u == "" {
			continue
		}
		if notUnit[u] {
			return false
		}
		if first == "" {
			first = u
			continue
		}
		if stem(u) != stem(first) {
			return false
		}
	}
	return true
}

// stem is a unit word without its plural ending.
func stem(u string) string {
	for _, suf := range []string{"es", "s"} {
		if t, ok := strings.CutSuffix(u, suf); ok && len(t) > 2 {
			if suf == "es" && !strings.HasSuffix(t, "ch") && !strings.HasSuffix(t, "sh") && !strings.HasSuffix(t, "x") {
				continue
			}
			return t
		}
	}
	return u
}

// ratOf is the number a side writes, with the unit of its last place (0 for a whole number).
func ratOf(s string) (*big.Rat, *big.Rat) {
	r, ok := new(big.Rat).SetString(strings.ReplaceAll(s, ",", ""))
	if !ok {
		return nil, nil
	}
	unit := new(big.Rat)
	if p := strings.IndexByte(s, '.'); p >= 0 {
		unit.SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(len(s)-p-1)), nil))
	}
	return r, unit
}

// diffOf is the difference the words write: a number, "half a", or a small number in words.
func diffOf(s string) (*big.Rat, *big.Rat) {
	low := strings.ToLower(strings.Join(strings.Fields(s), " "))
	if strings.HasPrefix(low, "half") {
		return big.NewRat(1, 2), new(big.Rat)
	}
	if n, ok := smallWords[low]; ok {
		return big.NewRat(n, 1), new(big.Rat)
	}
	return ratOf(s)
}
