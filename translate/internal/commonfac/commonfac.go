// Package commonfac decides claims in words that two whole numbers share a
// factor or share none, and that one is a factor of another
// (docs/TRANSLATE.md, "Common factors in words"):
// "20 and 16 have no common factors other than 1", "\(9\) and \(28\) share
// no common prime factor", "14 and 35 have a common factor of 7", "12 and
// 25 share a common divisor greater than 1". "No common factor (other than
// 1)" says the greatest common divisor is 1; "a common factor of d" says d
// divides both; "a common factor greater than 1" says the greatest common
// divisor is not 1; "6 is (not) a factor of 40", "7 is a divisor of 42"
// and "6 is a common factor of 12 and 20" say that one divides the other
// (or both).
//
// Only two numbers that are the subject of their clause are read: a list
// ("4, 9 and 25 have no common factor", pairwise or together?), a number
// that is an operand ("2 · 20 and 16"), a claim that goes on ("no common
// factor other than 1 and 2", "no common factor with 9") and a sentence
// that supposes, asks, tests, sets a condition or calls the claim wrong are
// left alone. Only false claims make obligations, each with a certificate:
// a common divisor above 1 (a = g·q, b = g·r), Bézout's a·x + b·y = 1, or a
// remainder (a = d·q + r with 0 < r < d).
package commonfac

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/obligation"
)

// Limits: the step read, a sentence read, the claims of a step, the digits
// of a number.
const (
	maxText     = 20000
	maxSentence = 600
	maxOut      = 4
	maxDigits   = 30
)

var (
	// noneRE reads "a and b have no common factor(s) [other than 1]" on a
	// flattened sentence. Groups: a, b.
	noneRE = regexp.MustCompile(`(\d+)\s+and\s+(\d+)\s+(?:(?:have|share)\s+no|(?:do\s+not|don't)\s+(?:have|share)\s+any)\s+common\s+(?:prime\s+)?(?:factors?|divisors?)` +
		`(?:\s*\(?\s*(?:other\s+than|besides|except(?:\s+for)?|apart\s+from|but|greater\s+than|larger\s+than|bigger\s+than|exceeding)\s+(?:1|one)\b\)?)?`)
	// someRE reads "a and b have (share) a common factor of d", "… a common
	// factor greater than 1". Groups: a, b, d (absent for "greater than 1").
	someRE = regexp.MustCompile(`(\d+)\s+and\s+(\d+)\s+(?:have|share)\s+(?:a\s+)?common\s+(?:prime\s+)?(?:factor|divisor)\s+(?:(?:of\s+)?(\d+)|(?:greater|larger|bigger)\s+than\s+(?:1|one)\b)`)
	// factorRE reads "d is (not) a factor of n", "d is a divisor of n",
	// "d is a common factor of a and b". Groups: d, "not", "common", n, b.
	factorRE = regexp.MustCompile(`(\d+)\s+is\s+(not\s+)?(?:also\s+)?a\s+(common\s+)?(?:factor|divisor)\s+of\s+(\d+)(?:\s+and\s+(\d+))?`)
	// vetoRE in the sentence without the claim: supposed, asked, tested,
	// a condition, or called wrong.
	vetoRE = regexp.MustCompile(`\b(?:if|suppose|supposing|assume|assuming|would|could|should|might|must|need|needs|want|whether|check|checking|test|testing|try|trying|verify|such\s+that|so\s+that|unless|when|wrong|incorrect|incorrectly|mistake|error|false|not\s+true|claim|claims|claimed|polynomials?|gaussian|base|binary|modulo|mod)\b|\?`)
)

// Read returns the refutations of the false claims in words about the
// common factors of two whole numbers in the step's sentences.
func Read(step int, text, tactic string) []obligation.Obligation {
	if len(text) > maxText || !strings.Contains(text, "ommon ") && !strings.Contains(text, "factor of") && !strings.Contains(text, "divisor of") {
		return nil
	}
	var out []obligation.Obligation
	done := 0 // the end of the last sentence read
	var next cueScan
	for i := 0; i < len(text) && len(out) < maxOut; {
		i = next.after(text, i)
		if i < 0 {
			break
		}
		if i < done {
			continue
		}
		s, e := mathtext.SentenceSpan(text, i, maxSentence, ".?", true)
		done = e
		if e-s > maxSentence {
			continue
		}
		flat, at := mathtext.FlattenLower(text, s, e)
		if !strings.Contains(flat, "factor") && !strings.Contains(flat, "divisor") {
			continue
		}
		for _, c := range claims(flat) {
			if len(out) >= maxOut {
				break
			}
			rest := flat[:c.s] + " " + flat[c.e:]
			if vetoRE.MatchString(rest) {
				continue
			}
			if o, ok := decide(step, text, at, c, tactic); ok {
				out = append(out, o)
			}
		}
	}
	return out
}

// cues are the words one of which every claim holds.
var cues = []string{"ommon ", "factor of", "divisor of"}

// cueScan finds the cues in a text left to right, each text byte looked at
// once for each cue: it remembers where each cue occurs next.
type cueScan struct {
	at   [3]int // the next occurrence of each cue at or after from[c], or -1
	from [3]int // where each cue's search started, plus one (0: not yet)
}

// after is the offset just past the first cue that starts at or after i,
// or -1.
func (c *cueScan) after(text string, i int) int {
	best := -1
	for k, cue := range cues {
		if c.from[k] == 0 || c.at[k] >= 0 && c.at[k] < i {
			j := strings.Index(text[i:], cue)
			if j >= 0 {
				j += i
			}
			c.at[k], c.from[k] = j, i+1
		}
		if j := c.at[k]; j >= 0 && (best < 0 || j+len(cue) < best) {
			best = j + len(cue)
		}
	}
	return best
}

// Kinds of claim: no common factor, a common factor d, some common factor,
// d divides a, d does not divide a.
const (
	none = iota
	divisorOf
	some
	factorOf
	notFactorOf
)

// claim is one claim read in a flattened sentence: its kind, the two
// numbers, the common factor said (divisorOf) and where it is (flattened
// offsets).
type claim struct {
	kind    int
	a, b, d string
	s, e    int
}

// claims reads every claim of a flattened sentence whose numbers stand
// alone.
func claims(flat string) []claim {
	var out []claim
	// noneRE and someRE hold "common" as it is, and start with no literal
	// the matcher could look for: without the word, neither is run
	if !strings.Contains(flat, "common") {
		return factorClaims(flat, out)
	}
	for _, m := range noneRE.FindAllStringSubmatchIndex(flat, 4) {
		out = append(out, claim{kind: none, a: flat[m[2]:m[3]], b: flat[m[4]:m[5]], s: m[0], e: m[1]})
	}
	for _, m := range someRE.FindAllStringSubmatchIndex(flat, 4) {
		c := claim{kind: some, a: flat[m[2]:m[3]], b: flat[m[4]:m[5]], s: m[0], e: m[1]}
		if m[6] >= 0 {
			c.kind, c.d = divisorOf, flat[m[6]:m[7]]
		}
		out = append(out, c)
	}
	return factorClaims(flat, out)
}

// factorClaims appends to out the claims factorRE reads in flat, and
// keeps of them all those whose numbers stand alone (claims).
func factorClaims(flat string, out []claim) []claim {
	for _, m := range factorRE.FindAllStringSubmatchIndex(flat, 4) {
		common, pair := m[6] >= 0, m[10] >= 0
		c := claim{kind: factorOf, d: flat[m[2]:m[3]], a: flat[m[8]:m[9]], s: m[0], e: m[1]}
		switch {
		case common != pair:
			continue // "a common factor of 12" or "a factor of 12 and 18": read neither
		case common && m[4] >= 0:
			continue
		case common:
			c.kind, c.b = divisorOf, flat[m[10]:m[11]]
		case m[4] >= 0:
			c.kind = notFactorOf
		}
		if c.b == "" {
			c.b = c.a
		}
		out = append(out, c)
	}
	kept := out[:0]
	for _, c := range out {
		if leftOK(flat, c.s) && rightOK(flat, c.e) {
			kept = append(kept, c)
		}
	}
	return kept
}

// leftOK reports that the first number opens its clause: the sentence
// opens there, or a word (no command), an opening bracket, a colon or a
// comma after a word is before it. A comma after a number (a list) or an
// operator is not.
func leftOK(flat string, s int) bool {
	j := s - 1
	for j >= 0 && flat[j] == ' ' {
		j--
	}
	if j < 0 {
		return true
	}
	switch c := flat[j]; {
	case c == '(' || c == ':':
		return true
	case c == ',':
		k := j - 1
		for k >= 0 && flat[k] == ' ' {
			k--
		}
		return k >= 0 && flat[k] >= 'a' && flat[k] <= 'z' // "however, 4 is …"; a number before: a list
	case c >= 'a' && c <= 'z':
		if j == s-1 {
			return false // glued to a word
		}
		for j >= 0 && flat[j] >= 'a' && flat[j] <= 'z' {
			j--
		}
		return j < 0 || flat[j] != '\\'
	}
	return false
}

// rightOK reports that the claim ends its clause: the sentence ends, or
// punctuation, or a word that opens another clause comes next. "… other
// than 1 and 2", "… with 9", "… of 4 · 3" go on and are not read.
func rightOK(flat string, e int) bool {
	rest := strings.TrimLeft(flat[e:], " ")
	if rest == "" {
		return true
	}
	switch rest[0] {
	case '.', ',', ';', ')':
		if len(rest) > 1 && rest[1] >= '0' && rest[1] <= '9' {
			return false // a decimal or a list goes on
		}
		if rest[0] == ',' {
			r := strings.TrimLeft(rest[1:], " ")
			return !strings.HasPrefix(r, "and ") && !strings.HasPrefix(r, "or ") && (r == "" || r[0] < '0' || r[0] > '9')
		}
		return true
	}
	if strings.HasPrefix(rest, "and ") {
		r := strings.TrimLeft(rest[4:], " ")
		if r == "" || r[0] >= '0' && r[0] <= '9' {
			return false // a list goes on
		}
		for _, w := range []string{"themselves", "itself", "them", "one", "each", "their", "its", "of "} {
			if strings.HasPrefix(r, w) {
				return false // "other than 1 and themselves", "a factor of 7 and of 3"
			}
		}
	}
	for _, w := range []string{"so ", "which ", "because ", "since ", "hence ", "thus ", "therefore ", "as ", "and ", "then "} {
		if strings.HasPrefix(rest, w) {
			return true
		}
	}
	return false
}

// decide refutes a false claim: the obligation and whether one was made.
func decide(step int, text string, at []int, c claim, tactic string) (obligation.Obligation, bool) {
	if len(c.a) > maxDigits || len(c.b) > maxDigits || len(c.d) > maxDigits {
		return obligation.Obligation{}, false
	}
	a, ok1 := new(big.Int).SetString(c.a, 10)
	b, ok2 := new(big.Int).SetString(c.b, 10)
	if !ok1 || !ok2 || a.Sign() == 0 || b.Sign() == 0 {
		return obligation.Obligation{}, false
	}
	x, y := new(big.Int), new(big.Int)
	g := new(big.Int).GCD(x, y, a, b)
	one := big.NewInt(1)
	o := obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, at[c.s], at[c.e-1]+1), Kind: obligation.KindCongruence,
		OnProof: obligation.Refuted, OnDisproof: obligation.Unknown, WhyDisproof: "the certificate does not hold"}
	switch c.kind {
	case none:
		if g.Cmp(one) == 0 {
			return obligation.Obligation{}, false // true as said
		}
		o.Expr = fmt.Sprintf("gcd(%s, %s) = 1", a, b)
		o.Prop = fmt.Sprintf("(%s : Rat) = (%s : Rat) * (%s : Rat) ∧ (%s : Rat) = (%s : Rat) * (%s : Rat) ∧ (1 : Rat) < (%s : Rat)",
			a, g, new(big.Int).Quo(a, g), b, g, new(big.Int).Quo(b, g), g)
		o.WhyProof = fmt.Sprintf("%s divides both %s and %s", g, a, b)
	case some:
		if g.Cmp(one) != 0 {
			return obligation.Obligation{}, false
		}
		o.Expr = fmt.Sprintf("gcd(%s, %s) > 1", a, b)
		o.Prop = fmt.Sprintf("(%s : Rat) * %s + (%s : Rat) * %s = (1 : Rat)", a, intTerm(x), b, intTerm(y))
		o.WhyProof = fmt.Sprintf("%s·%s + %s·%s = 1: no common divisor but 1", a, x, b, y)
	case notFactorOf:
		d, ok := new(big.Int).SetString(c.d, 10)
		if !ok || d.Sign() == 0 {
			return obligation.Obligation{}, false
		}
		q, r := new(big.Int).QuoRem(a, d, new(big.Int))
		if r.Sign() != 0 {
			return obligation.Obligation{}, false // true as said
		}
		o.Expr = fmt.Sprintf("%s does not divide %s", d, a)
		o.Prop = fmt.Sprintf("(%s : Rat) = (%s : Rat) * (%s : Rat)", a, d, q)
		o.WhyProof = fmt.Sprintf("%s = %s·%s", a, d, q)
	default:
		d, ok := new(big.Int).SetString(c.d, 10)
		if !ok || d.Cmp(one) <= 0 {
			return obligation.Obligation{}, false
		}
		n := a
		if new(big.Int).Rem(a, d).Sign() == 0 {
			n = b
		}
		q, r := new(big.Int).QuoRem(n, d, new(big.Int))
		if r.Sign() == 0 {
			return obligation.Obligation{}, false // d divides both: true as said
		}
		o.Expr = fmt.Sprintf("%s divides %s and %s", d, a, b)
		if c.kind == factorOf {
			o.Expr = fmt.Sprintf("%s divides %s", d, a)
		}
		o.Prop = fmt.Sprintf("(%s : Rat) = (%s : Rat) * (%s : Rat) + (%s : Rat) ∧ (0 : Rat) < (%s : Rat) ∧ (%s : Rat) < (%s : Rat)",
			n, d, q, r, r, r, d)
		o.WhyProof = fmt.Sprintf("%s leaves the remainder %s when divided by %s", n, r, d)
	}
	o.Note = "P is a certificate against the claim: a common divisor above 1, Bézout's identity with whole coefficients, or a nonzero remainder"
	o.Lean = "example : " + o.Prop + " := by " + tactic
	o.LeanNeg = "example : ¬(" + o.Prop + ") := by " + tactic
	return o, true
}

// intTerm writes a whole number as a rational term of the dialect, a
// negative one as a negation.
func intTerm(n *big.Int) string {
	if n.Sign() < 0 {
		return "(-(" + new(big.Int).Neg(n).String() + " : Rat))"
	}
	return "(" + n.String() + " : Rat)"
}
