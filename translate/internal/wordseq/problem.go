// Package wordseq decides a term of a sequence the problem defines in
// words (docs/TRANSLATE.md, "Terms of a sequence the problem defines in
// words"): the problem gives its first term and one rule from a term to
// the next, "A sequence starts with the term 2222. Each succeeding term is
// found by adding 1010 to the previous term", "the first term of a
// geometric sequence is 3 and its common ratio is 2", and a step states a
// term by its place, "the sixth term is 6262". The term is computed
// exactly; a step that writes another value is refuted. The problem must
// fix one sequence without doubt: one first term, one rule, no second
// sequence, no other term stated, no remainders or digits; the step's
// sentence must assert the value plainly (no supposition, hedge, rounding
// or correction), and a step or an earlier one that speaks of another
// sequence (differences, partial sums, a new sequence) or of the terms of
// an expression is not read.
package wordseq

import (
	"math/big"
	"regexp"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
)

// Limits: the problem and step read, the index of a term computed (an
// arithmetic sequence), the index of a term of a geometric sequence, the
// bits of a numerator or denominator computed.
const (
	maxText     = 6000
	maxIndex    = 100000
	maxGeoIndex = 400
	maxBits     = 2048
)

// Kind is how a term follows from the one before.
type Kind int

// The kinds of rule read.
const (
	None       Kind = iota // no sequence read
	Arithmetic             // the next term adds Step
	Geometric              // the next term multiplies by Step
)

// Seq is a sequence the problem defines in words: its first term and its
// rule. The zero Seq defines nothing.
type Seq struct {
	Kind  Kind
	First *big.Rat
	Step  *big.Rat
}

// numPat is a number as written in words or plain math (after
// mathtext.LowerPlain): a sign, digits with optional thousands commas, an
// optional decimal part.
const numPat = `(-|−)?\s?(\d{1,12}(?:,\d{3}){0,4}(?:\.\d{1,8})?)`

var (
	// firstRE is the first term: "starts with the term 2222", "begins at
	// 7", "starting from 43", "the first term is 5", "first term of the
	// sequence is 5", "first term of 5". Groups 1-2 or 3-4: the number.
	firstRE = regexp.MustCompile(`\b(?:starts|start|starting|begins|begin|beginning)\s+(?:with|at|from)\s+(?:the\s+(?:term|number|value)\s+)?` + numPat + `|\bfirst\s+term(?:\s+of\s+(?:the|this|an?)\s+(?:arithmetic\s+|geometric\s+)?(?:sequence|progression))?\s+(?:is|of|equals|=)\s+` + numPat)
	// addRE is an arithmetic rule: "adding 1010 to the previous term",
	// "subtracting 3 from the preceding term", "is 4 more than the previous
	// one", "being 4 less than the previous term", "the common difference is
	// 7", "a common difference of -2". Groups: the sign and number of
	// adding (1-2), of subtracting (3-4), of "more/less than" (5-6) and its
	// word (7), of the common difference (8-9).
	addRE = regexp.MustCompile(`\badd(?:ing|s)?\s+` + numPat + `\s+to\s+(?:the|each|every)\s+(?:previous|preceding|prior|last)\s+(?:term|number|one)\b` +
		`|\bsubtract(?:ing|s)?\s+` + numPat + `\s+from\s+(?:the|each|every)\s+(?:previous|preceding|prior|last)\s+(?:term|number|one)\b` +
		`|\b(?:is|being|are)\s+` + numPat + `\s+(more|greater|larger|less|smaller|fewer)\s+than\s+the\s+(?:previous|preceding|prior|last)\s+(?:term|number|one)\b` +
		`|\bcommon\s+difference\s+(?:is|of|equals|=)\s+` + numPat)
	// mulRE is a geometric rule: "multiplying the previous term by 3",
	// "is 3 times the previous term", "the common ratio is 2". Groups: the
	// number of multiplying (1-2), of "times" (3-4), of the common ratio
	// (5-6).
	mulRE = regexp.MustCompile(`\bmultiply(?:ing)?\s+the\s+(?:previous|preceding|prior|last)\s+(?:term|number|one)\s+by\s+` + numPat +
		`|\b(?:is|being|are)\s+` + numPat + `\s+times\s+the\s+(?:previous|preceding|prior|last)\s+(?:term|number|one)\b` +
		`|\bcommon\s+ratio\s+(?:is|of|equals|=)\s+` + numPat)
	// problemVetoRE in the problem: more than one sequence, a term stated
	// besides the first (it may contradict the rule read), a rule that
	// changes, a condition, a value meant modulo something.
	problemVetoRE = regexp.MustCompile(`\b(?:sequences|progressions|series|another|other|both|two\s+(?:arithmetic|geometric)|second\s+sequence|alternat\w*|otherwise|odd|even|remainder\w*|mod|modulo|digit\w*|divisible|last\s+term|nth\s+term|general\s+term|unknown|missing|if|suppose|assume|whether)\b|\b(?:second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d+(?:st|nd|rd|th))\s+term\s+(?:is|of|equals|=)|\?.*\?|≡|\\equiv|\\pmod|\\bmod`)
)

// mulWordRE and addWordRE are words of the other kind of rule than the
// one read (a product or a ratio beside an addition, a sum or a
// difference beside a multiplication): the problem may alternate or
// combine them.
var (
	mulWordRE = regexp.MustCompile(`\b(?:times|multipl\w*|ratio|twice|double\w*|triple\w*|half|halv\w*|divid\w*|square\w*|product)\b`)
	addWordRE = regexp.MustCompile(`\b(?:more|less|greater|smaller|fewer|add\w*|subtract\w*|difference|plus|minus)\b`)
)

// ProblemSeq reads the sequence the problem defines in words, or the zero
// Seq when it defines none without doubt: exactly one first term and
// exactly one rule, in a problem that speaks of one sequence
// ("sequence" or "progression") and of its terms.
func ProblemSeq(problem string) Seq {
	if len(problem) > maxText || !strings.Contains(problem, "term") && !strings.Contains(problem, "number") {
		return Seq{}
	}
	low := mathtext.LowerPlain(problem)
	if !strings.Contains(low, "sequence") && !strings.Contains(low, "progression") {
		return Seq{}
	}
	if problemVetoRE.MatchString(low) {
		return Seq{}
	}
	first, ok := single(firstRE, low, 2)
	if !ok {
		return Seq{}
	}
	add, okA := single(addRE, low, 4)
	mul, okM := single(mulRE, low, 3)
	switch {
	case okA && mul == nil && !hasMatch(mulRE, low):
		if strings.Contains(low, "geometric") || mulWordRE.MatchString(low) {
			return Seq{}
		}
		return Seq{Kind: Arithmetic, First: first, Step: add}
	case okM && add == nil && !hasMatch(addRE, low):
		if strings.Contains(low, "arithmetic") || addWordRE.MatchString(low) {
			return Seq{}
		}
		return Seq{Kind: Geometric, First: first, Step: mul}
	}
	return Seq{}
}

// hasMatch reports whether re matches low anywhere.
func hasMatch(re *regexp.Regexp, low string) bool { return re.MatchString(low) }

// single is the one value re's matches in low give, its number read from
// whichever of its groups matched (pairs of sign and number, nPairs of
// them); ok only when re matches, every match gives a number and all give
// the same one. The rule of addRE's "less than" alternative and of its
// subtraction is negated.
func single(re *regexp.Regexp, low string, nPairs int) (*big.Rat, bool) {
	var got *big.Rat
	for _, m := range re.FindAllStringSubmatchIndex(low, 4) {
		v, ok := valueOf(low, m, nPairs, re == addRE)
		if !ok || got != nil && got.Cmp(v) != 0 {
			return nil, false
		}
		got = v
	}
	return got, got != nil
}

// valueOf reads the number of match m: the first of its pairs of groups
// (sign, digits) that matched. For an arithmetic rule (arith), a
// subtraction and a "less/smaller/fewer than" give the negated number.
func valueOf(low string, m []int, nPairs int, arith bool) (*big.Rat, bool) {
	g := 1 // group index of the first pair's sign
	for p := 0; p < nPairs; p++ {
		sign, num := g+2*p, g+2*p+1
		if arith && p >= 3 {
			num, sign = num+1, sign+1 // the "more/less" word sits between
		}
		if m[2*num] < 0 {
			continue
		}
		v, ok := parseNum(low[m[2*num]:m[2*num+1]])
		if !ok {
			return nil, false
		}
		if m[2*sign] >= 0 {
			v.Neg(v)
		}
		if arith && (p == 1 || p == 2 && lessWord(low[m[14]:m[15]])) {
			v.Neg(v)
		}
		return v, true
	}
	return nil, false
}

// lessWord reports a word that makes "… than the previous term" a
// decrease.
func lessWord(w string) bool { return w == "less" || w == "smaller" || w == "fewer" }

// parseNum reads digits with optional thousands commas and a decimal
// part as an exact rational.
func parseNum(s string) (*big.Rat, bool) {
	v, ok := new(big.Rat).SetString(strings.ReplaceAll(s, ",", ""))
	return v, ok
}

// Term is the n-th term (n ≥ 1) of s, exactly; ok false when n is out of
// the limits or the value grows too large.
func (s Seq) Term(n int) (*big.Rat, bool) {
	if s.Kind == None || n < 1 {
		return nil, false
	}
	k := big.NewRat(int64(n-1), 1)
	switch s.Kind {
	case Arithmetic:
		if n > maxIndex {
			return nil, false
		}
		return new(big.Rat).Add(s.First, new(big.Rat).Mul(k, s.Step)), true
	case Geometric:
		if n > maxGeoIndex {
			return nil, false
		}
		num := new(big.Int).Exp(s.Step.Num(), big.NewInt(int64(n-1)), nil)
		den := new(big.Int).Exp(s.Step.Denom(), big.NewInt(int64(n-1)), nil)
		if num.BitLen() > maxBits || den.BitLen() > maxBits {
			return nil, false
		}
		p := new(big.Rat).SetFrac(num, den)
		return p.Mul(p, s.First), true
	}
	return nil, false
}
