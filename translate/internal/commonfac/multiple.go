package commonfac

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/obligation"
)

// Claims in words that the multiples of one whole number are multiples of
// others (docs/TRANSLATE.md, "Common multiples in words"): "multiples of a
// are (common) multiples of (both) b and c" says that b and c divide a;
// "the common multiples of b and c are (the) multiples of a" says that a
// divides lcm(b, c); "n is a common multiple of b and c" (or "a multiple of
// both b and c") says that b and c divide n. Only a set that no word
// restricts is read ("even multiples of 5 are multiples of 10" is true), and
// only a claim that ends its clause; a sentence that supposes, asks, tests,
// negates or calls a claim wrong is left alone.
var (
	// allMultRE reads "multiples of a are [also] [common] multiples of
	// [both] b [and c]". Groups: a, b, c.
	allMultRE = regexp.MustCompile(`\bmultiples\s+of\s+(\d+)\s+are\s+(?:also\s+|all\s+|always\s+)?(?:common\s+)?multiples\s+of\s+(?:both\s+)?(\d+)(?:\s*,?\s+and\s+(\d+))?`)
	// commonMultRE reads "common multiples of [both] b and c are [also]
	// [the] multiples of a". Groups: b, c, a.
	commonMultRE = regexp.MustCompile(`\bcommon\s+multiples\s+of\s+(?:both\s+)?(\d+)\s+and\s+(\d+)\s+are\s+(?:also\s+|all\s+|always\s+|exactly\s+|precisely\s+|just\s+|the\s+)*multiples\s+of\s+(\d+)`)
	// isMultRE reads "n is [also] a common multiple of [both] b and c" and
	// "n is [also] a multiple of both b and c". Groups: n, b, c.
	isMultRE = regexp.MustCompile(`(\d+)\s+is\s+(?:also\s+)?a\s+(?:common\s+multiple\s+of\s+(?:both\s+)?|multiple\s+of\s+both\s+)(\d+)\s+and\s+(\d+)`)
	// multVetoRE in the sentence without the claim: supposed, asked, tested,
	// negated, a condition, called wrong, or another kind of number.
	multVetoRE = regexp.MustCompile(`\b(?:if|suppose|supposing|assume|assuming|would|could|should|might|whether|check|checking|test|testing|try|trying|verify|unless|when|only|not|never|wrong|incorrect|incorrectly|mistake|error|false|claim|claims|claimed|polynomials?|gaussian|base|binary|modulo|mod)\b|n't|\?`)
)

// setOpeners are the words that may stand right before a set of multiples
// read: none restricts it.
var setOpeners = []string{"since", "because", "as", "all", "the", "so", "thus", "hence", "therefore", "and", "that", "now", "here", "then", "also", "note", "recall", "clearly", "indeed"}

// ReadMultiples returns the refutations of the false claims in words about
// the multiples of whole numbers in the step's sentences.
func ReadMultiples(step int, text, tactic string) []obligation.Obligation {
	if len(text) > maxText || !strings.Contains(text, "multiple") {
		return nil
	}
	var out []obligation.Obligation
	done := 0
	for i := 0; i < len(text) && len(out) < maxOut; {
		j := strings.Index(text[i:], "multiple")
		if j < 0 {
			break
		}
		i += j + len("multiple")
		if i < done {
			continue
		}
		s, e := mathtext.SentenceSpan(text, i-1, maxSentence, ".?", true)
		done = e
		if e-s > maxSentence {
			continue
		}
		flat, at := mathtext.FlattenLower(text, s, e)
		for _, c := range multClaims(flat) {
			if len(out) >= maxOut {
				break
			}
			if multVetoRE.MatchString(flat[:c.s] + " " + flat[c.e:]) {
				continue
			}
			if o, ok := decideMultiple(step, text, at, c, tactic); ok {
				out = append(out, o)
			}
		}
	}
	return out
}

// Kinds of claim about multiples: b and c divide a (divides), a divides
// lcm(b, c) (lcmOf).
const (
	divides = iota
	lcmOf
)

// multClaim is one claim about multiples in a flattened sentence: its
// kind, the numbers (c may be empty) and where it is.
type multClaim struct {
	kind    int
	a, b, c string
	s, e    int
}

// multClaims reads every claim about multiples of a flattened sentence
// whose sets no word restricts and which ends its clause.
func multClaims(flat string) []multClaim {
	var out []multClaim
	// each pattern holds words as it is and starts with no literal the
	// matcher could look for, so it runs only on a sentence with them:
	// allMultRE "multiples" twice, commonMultRE "common", isMultRE
	// "common" or "both"
	var all, common, isMult [][]int
	hasCommon := strings.Contains(flat, "common")
	if i := strings.Index(flat, "multiples"); i >= 0 && strings.Contains(flat[i+len("multiples"):], "multiples") {
		all = allMultRE.FindAllStringSubmatchIndex(flat, 4)
	}
	if hasCommon {
		common = commonMultRE.FindAllStringSubmatchIndex(flat, 4)
	}
	if hasCommon || strings.Contains(flat, "both") {
		isMult = isMultRE.FindAllStringSubmatchIndex(flat, 4)
	}
	for _, m := range all {
		c := multClaim{kind: divides, a: flat[m[2]:m[3]], b: flat[m[4]:m[5]], s: m[0], e: m[1]}
		if m[6] >= 0 {
			c.c = flat[m[6]:m[7]]
		}
		if openSet(flat, m[0]) {
			out = append(out, c)
		}
	}
	for _, m := range common {
		c := multClaim{kind: lcmOf, b: flat[m[2]:m[3]], c: flat[m[4]:m[5]], a: flat[m[6]:m[7]], s: m[0], e: m[1]}
		if openSet(flat, m[0]) {
			out = append(out, c)
		}
	}
	for _, m := range isMult {
		c := multClaim{kind: divides, a: flat[m[2]:m[3]], b: flat[m[4]:m[5]], c: flat[m[6]:m[7]], s: m[0], e: m[1]}
		if leftOK(flat, m[0]) {
			out = append(out, c)
		}
	}
	kept := out[:0]
	for _, c := range out {
		if rightOK(flat, c.e) {
			kept = append(kept, c)
		}
	}
	return kept
}

// openSet reports that the set of multiples starting at s is not
// restricted: the sentence opens there, or punctuation or a word of
// setOpeners is right before it.
func openSet(flat string, s int) bool {
	j := s
	for j > 0 && flat[j-1] == ' ' {
		j--
	}
	if j == 0 {
		return true
	}
	switch flat[j-1] {
	case ',', '(', ':', ';':
		return true
	}
	k := j
	for k > 0 && flat[k-1] >= 'a' && flat[k-1] <= 'z' {
		k--
	}
	if k == j || k > 0 && flat[k-1] != ' ' && flat[k-1] != ',' && flat[k-1] != '(' {
		return false
	}
	for _, w := range setOpeners {
		if flat[k:j] == w {
			return true
		}
	}
	return false
}

// decideMultiple refutes a false claim about multiples with a certificate:
// a nonzero remainder of a divides claim, or a common multiple of b and c
// (their lcm) that a does not divide.
func decideMultiple(step int, text string, at []int, c multClaim, tactic string) (obligation.Obligation, bool) {
	if len(c.a) > maxDigits || len(c.b) > maxDigits || len(c.c) > maxDigits {
		return obligation.Obligation{}, false
	}
	nums := make([]*big.Int, 0, 3)
	for _, s := range []string{c.a, c.b, c.c} {
		if s == "" {
			continue
		}
		n, ok := new(big.Int).SetString(s, 10)
		if !ok || n.Sign() == 0 {
			return obligation.Obligation{}, false
		}
		nums = append(nums, n)
	}
	a, b := nums[0], nums[1]
	o := obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, at[c.s], at[c.e-1]+1), Kind: obligation.KindCongruence,
		OnProof: obligation.Refuted, OnDisproof: obligation.Unknown, WhyDisproof: "the certificate does not hold"}
	switch c.kind {
	case lcmOf:
		cc := nums[2]
		l := new(big.Int).Mul(b, cc)
		l.Quo(l, new(big.Int).GCD(nil, nil, b, cc))
		q, r := new(big.Int).QuoRem(l, a, new(big.Int))
		if r.Sign() == 0 {
			return obligation.Obligation{}, false // true as said
		}
		o.Expr = fmt.Sprintf("%s divides every common multiple of %s and %s", a, b, cc)
		o.Prop = fmt.Sprintf("(%s : Rat) = (%s : Rat) * (%s : Rat) ∧ (%s : Rat) = (%s : Rat) * (%s : Rat) ∧ (%s : Rat) = (%s : Rat) * (%s : Rat) + (%s : Rat) ∧ (0 : Rat) < (%s : Rat) ∧ (%s : Rat) < (%s : Rat)",
			l, b, new(big.Int).Quo(l, b), l, cc, new(big.Int).Quo(l, cc), l, a, q, r, r, r, a)
		o.WhyProof = fmt.Sprintf("%s is a common multiple of %s and %s and leaves the remainder %s when divided by %s", l, b, cc, r, a)
	default:
		d := b
		if new(big.Int).Rem(a, b).Sign() == 0 && len(nums) == 3 {
			d = nums[2]
		}
		q, r := new(big.Int).QuoRem(a, d, new(big.Int))
		if r.Sign() == 0 {
			return obligation.Obligation{}, false // every divisor divides: true as said
		}
		o.Expr = fmt.Sprintf("%s divides %s", d, a)
		o.Prop = fmt.Sprintf("(%s : Rat) = (%s : Rat) * (%s : Rat) + (%s : Rat) ∧ (0 : Rat) < (%s : Rat) ∧ (%s : Rat) < (%s : Rat)",
			a, d, q, r, r, r, d)
		o.WhyProof = fmt.Sprintf("%s leaves the remainder %s when divided by %s: %s is not a multiple of %s", a, r, d, a, d)
	}
	o.Note = "P is a certificate against the claim: a nonzero remainder of a number said to be a multiple, or a common multiple that is not a multiple of the number said"
	o.Lean = "example : " + o.Prop + " := by " + tactic
	o.LeanNeg = "example : ¬(" + o.Prop + ") := by " + tactic
	return o, true
}
