// Package legendre decides claims in words about the primes that divide
// the factorial of a whole number (docs/TRANSLATE.md, "Powers dividing a
// factorial"): "942! is divisible by 15^{278}", "7^5 divides 30!", "25!
// ends in 6 zeros", "the exponent of 3 in 20! is 8", "the largest power of
// 2 dividing 10! is 2^8". The exponent of a prime p in n! is Legendre's
// sum ⌊n/p⌋ + ⌊n/p²⌋ + …, computed without n!: a power m^k divides n!
// when each prime of m, to its power in m times k, does.
//
// A count said with "has" ("20! has 4 factors of 5") may be a part or a
// lower bound and is refuted only when it is too large; a count named as
// the number, the exponent, the largest power or the trailing zeros of n!
// is exact, and must end its clause ("… is 20." and not "… is 20 plus 4").
// A sentence that supposes, asks, tests or sets a condition ("if", "such
// that", "whether", "check") or names a base (trailing zeros in base 7 are
// factors of 7) is not read, nor a double factorial. Only
// false claims make obligations.
package legendre

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/obligation"
)

// Limits: the step read, a sentence read, the claims of a step, the
// factorial's argument, a divisor's base and exponent.
const (
	maxText     = 20000
	maxSentence = 600
	maxOut      = 4
	maxN        = 10_000_000
	maxBase     = 1_000_000_000
	maxExp      = 1_000_000
)

var (
	// The claims, on a sentence flattened to lower case without math
	// delimiters or braces ("\(15^{278}\)" is "15^278").
	divisibleRE = regexp.MustCompile(`(\d+)\s*!\s+(?:is|are)\s+(not\s+)?(?:(?:exactly|evenly|also|indeed|clearly)\s+)?divisible\s+by\s+(\d+)(?:\s*\^\s*(\d+))?`)
	dividesRE   = regexp.MustCompile(`(\d+)(?:\s*\^\s*(\d+))?\s+(does\s+not\s+divide|doesn't\s+divide|divides)\s+(\d+)\s*!`)
	hasRE       = regexp.MustCompile(`(\d+)\s*!\s+(?:has|contains)\s+(exactly\s+)?(\d+)\s+(?:(?:factors|powers|copies)\s+of\s+(\d+)|(trailing\s+zeroe?s|zeroe?s\s+at\s+the\s+end))`)
	endsRE      = regexp.MustCompile(`(\d+)\s*!\s+ends\s+(?:in|with)\s+(?:exactly\s+)?(\d+)\s+zeroe?s`)
	numberRE    = regexp.MustCompile(`(?:number\s+of\s+(?:factors\s+of\s+(\d+)\s+(?:in|of)|(trailing\s+zeroe?s\s+(?:in|of)|zeroe?s\s+at\s+the\s+end\s+of))|(?:exponent|power)\s+of\s+(\d+)\s+(?:in|of))\s+(?:the\s+prime\s+factori[sz]ation\s+of\s+)?(\d+)\s*!\s+is\s+(\d+)\s*(?:[.,;:)]|$)`)
	largestRE   = regexp.MustCompile(`(?:highest|largest|greatest)\s+power\s+of\s+(\d+)\s+(?:that\s+divides|which\s+divides|dividing|in)\s+(\d+)\s*!\s+is\s+(\d+)\s*\^\s*(\d+)`)
	// vetoRE in the sentence: supposed, asked, tested, a condition or
	// another base.
	vetoRE = regexp.MustCompile(`\b(?:if|suppose|supposing|assume|assuming|would|could|should|might|must|need|needs|want|whether|check|checking|test|testing|try|trying|verify|such\s+that|so\s+that|in\s+order|unless|when|wrong|incorrect|incorrectly|mistake|error|approximately|about|roughly|base|binary|octal|hexadecimal)\b|\?`)
)

// Read returns the refutations of the claims about powers dividing a
// factorial in the step's sentences.
func Read(step int, text, tactic string) []obligation.Obligation {
	if len(text) > maxText || strings.IndexByte(text, '!') < 0 || !hasCue(text) {
		return nil
	}
	var out []obligation.Obligation
	done := 0 // the end of the last sentence read
	for i := 0; i < len(text) && len(out) < maxOut; i++ {
		if text[i] != '!' || i < done || !factorialMark(text, i) {
			continue
		}
		s, e := mathtext.SentenceSpan(text, i, maxSentence, ".?", false)
		done = e
		if e-s > maxSentence {
			continue
		}
		flat, at := mathtext.FlattenLower(text, s, e)
		if !hasCue(flat) || vetoRE.MatchString(flat) {
			continue
		}
		for _, c := range claims(flat) {
			if len(out) >= maxOut {
				break
			}
			if o, ok := decide(step, text, at, c, tactic); ok {
				out = append(out, o)
			}
		}
	}
	return out
}

// hasCue reports a word that every claim holds.
func hasCue(s string) bool {
	return strings.Contains(s, "divi") || strings.Contains(s, "zero") || strings.Contains(s, "factors of") ||
		strings.Contains(s, "power of") || strings.Contains(s, "powers of") || strings.Contains(s, "copies of") ||
		strings.Contains(s, "exponent of")
}

// factorialMark reports a "!" after a digit (spaces and a closing brace
// between allowed) that is no double factorial and no "!=".
func factorialMark(text string, i int) bool {
	if i+1 < len(text) && (text[i+1] == '!' || text[i+1] == '=') || i > 0 && text[i-1] == '!' {
		return false
	}
	j := i - 1
	for j >= 0 && (text[j] == ' ' || text[j] == '}') {
		j--
	}
	return j >= 0 && text[j] >= '0' && text[j] <= '9'
}

// Kinds of claim: a power divides n! (or does not), a count that may be
// a part or a lower bound, an exact count.
const (
	divides = iota
	atLeast
	exact
)

// claim is one claim read in a flattened sentence: n!, the divisor m^k (a
// prime p when a count), the count said, and where it is (flattened
// offsets).
type claim struct {
	kind    int
	n, m, k int64
	not     bool
	zeros   bool
	s, e    int
	said    int64
}

// claims reads every claim of a flattened sentence.
func claims(flat string) []claim {
	var out []claim
	num := func(m []int, g int) (int64, bool) {
		if m[2*g] < 0 {
			return 0, false
		}
		v, err := strconv.ParseInt(flat[m[2*g]:m[2*g+1]], 10, 64)
		return v, err == nil
	}
	one := func(m []int, g int) int64 {
		if v, ok := num(m, g); ok {
			return v
		}
		return 1
	}
	for _, m := range divisibleRE.FindAllStringSubmatchIndex(flat, -1) {
		n, ok1 := num(m, 1)
		b, ok2 := num(m, 3)
		if ok1 && ok2 {
			out = append(out, claim{kind: divides, n: n, m: b, k: one(m, 4), not: m[4] >= 0, s: m[0], e: m[1]})
		}
	}
	for _, m := range dividesRE.FindAllStringSubmatchIndex(flat, -1) {
		b, ok1 := num(m, 1)
		n, ok2 := num(m, 4)
		if ok1 && ok2 {
			out = append(out, claim{kind: divides, n: n, m: b, k: one(m, 2), not: flat[m[6]:m[7]] != "divides", s: m[0], e: m[1]})
		}
	}
	for _, m := range hasRE.FindAllStringSubmatchIndex(flat, -1) {
		n, ok1 := num(m, 1)
		said, ok2 := num(m, 3)
		p, okp := num(m, 4)
		zeros := m[10] >= 0
		if !ok1 || !ok2 || !okp && !zeros {
			continue
		}
		kind := atLeast
		if m[4] >= 0 || zeros {
			kind = exact
		}
		out = append(out, claim{kind: kind, n: n, m: p, said: said, zeros: zeros, s: m[0], e: m[1]})
	}
	for _, m := range endsRE.FindAllStringSubmatchIndex(flat, -1) {
		n, ok1 := num(m, 1)
		said, ok2 := num(m, 2)
		if ok1 && ok2 {
			out = append(out, claim{kind: exact, n: n, said: said, zeros: true, s: m[0], e: m[1]})
		}
	}
	for _, m := range numberRE.FindAllStringSubmatchIndex(flat, -1) {
		n, ok1 := num(m, 4)
		said, ok2 := num(m, 5)
		p, okp := num(m, 1)
		if !okp {
			p, okp = num(m, 3)
		}
		zeros := m[4] >= 0
		if ok1 && ok2 && (okp || zeros) {
			out = append(out, claim{kind: exact, n: n, m: p, said: said, zeros: zeros, s: m[0], e: m[1]})
		}
	}
	for _, m := range largestRE.FindAllStringSubmatchIndex(flat, -1) {
		p, ok1 := num(m, 1)
		n, ok2 := num(m, 2)
		p2, ok3 := num(m, 3)
		said, ok4 := num(m, 4)
		if ok1 && ok2 && ok3 && ok4 && p == p2 {
			out = append(out, claim{kind: exact, n: n, m: p, said: said, s: m[0], e: m[1]})
		}
	}
	kept := out[:0]
	for _, c := range out {
		if leftOK(flat, c.s) && rightOK(flat, c.e) {
			kept = append(kept, c)
		}
	}
	return kept
}

// leftOK reports that nothing before a claim's first number makes it an
// operand ("2 \cdot 10! is divisible by …" is about 2·10!): the sentence
// opens there, or a word (no command) or a comma, colon or semicolon is
// before it.
func leftOK(flat string, s int) bool {
	j := s - 1
	for j >= 0 && flat[j] == ' ' {
		j--
	}
	if j < 0 {
		return true
	}
	switch c := flat[j]; {
	case c == ',' || c == ':' || c == ';':
		return true
	case c >= 'a' && c <= 'z':
		for j >= 0 && flat[j] >= 'a' && flat[j] <= 'z' {
			j--
		}
		return j < 0 || flat[j] != '\\'
	}
	return false
}

// rightOK reports that nothing after a claim's last number makes it an
// operand ("… divisible by 2^3 \cdot 5"): the sentence ends there, or
// punctuation, or a word after a space.
func rightOK(flat string, e int) bool {
	if e > 0 && strings.ContainsRune(".,;:)", rune(flat[e-1])) {
		return true // the pattern ended on punctuation
	}
	j := e
	for j < len(flat) && flat[j] == ' ' {
		j++
	}
	if j == len(flat) {
		return true
	}
	switch c := flat[j]; {
	case c == '.' || c == ',' || c == ';' || c == ':' || c == ')':
		return true
	case c >= 'a' && c <= 'z':
		return j > e
	}
	return false
}

// decide refutes a false claim: the obligation and whether one was made.
func decide(step int, text string, at []int, c claim, tactic string) (obligation.Obligation, bool) {
	if c.n < 2 || c.n > maxN || c.said > maxExp || c.kind == divides && (c.k < 1 || c.k > maxExp) {
		return obligation.Obligation{}, false
	}
	span := mathtext.SpanOf(text, at[c.s], at[c.e-1]+1)
	o := obligation.Obligation{Step: step, Span: span, OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
	switch {
	case c.kind == divides:
		if c.m < 2 || c.m > maxBase {
			return obligation.Obligation{}, false
		}
		fs := factor(c.m)
		var conj, why []string
		holds := true
		for _, f := range fs {
			v := Exponent(c.n, f.p)
			need := f.e * c.k
			conj = append(conj, fmt.Sprintf("(%d : Rat) ≤ (%d : Rat)", need, v))
			why = append(why, fmt.Sprintf("%d! has %d factors of %d (%s) and %d^%d needs %d", c.n, v, f.p, legendreText(c.n, f.p), c.m, c.k, need))
			holds = holds && v >= need
		}
		if holds != c.not {
			return obligation.Obligation{}, false // true as said
		}
		if c.not {
			if len(fs) != 1 {
				return obligation.Obligation{}, false // "not divisible" by several primes: a disjunction
			}
			f := fs[0]
			conj = []string{fmt.Sprintf("(%d : Rat) < (%d : Rat)", Exponent(c.n, f.p), f.e*c.k)}
			o.Expr = fmt.Sprintf("%d^%d does not divide %d!", c.m, c.k, c.n)
		} else {
			o.Expr = fmt.Sprintf("%d^%d divides %d!", c.m, c.k, c.n)
		}
		o.Kind = obligation.KindInequality
		o.Prop = strings.Join(conj, " ∧ ")
		o.WhyDisproof = strings.Join(why, "; ")
	default:
		p := c.m
		if c.zeros {
			p = 5 // the zeros that end n! are its factors of 5: it has more of 2
		}
		if p < 2 || p > maxBase || len(factor(p)) != 1 || factor(p)[0].e != 1 {
			return obligation.Obligation{}, false // a count of a prime only
		}
		v := Exponent(c.n, p)
		if c.kind == atLeast && c.said <= v || c.kind == exact && c.said == v {
			return obligation.Obligation{}, false
		}
		o.Kind = obligation.KindEquality
		if c.kind == atLeast {
			o.Kind = obligation.KindInequality
			o.Prop = fmt.Sprintf("(%d : Rat) ≤ (%d : Rat)", c.said, v)
		} else {
			o.Prop = fmt.Sprintf("(%d : Rat) = (%d : Rat)", v, c.said)
		}
		what := fmt.Sprintf("factors of %d", p)
		if c.zeros {
			what = "trailing zeros"
		}
		o.Expr = fmt.Sprintf("%d! has %d %s", c.n, c.said, what)
		o.WhyDisproof = fmt.Sprintf("%d! has %d %s (%s), not %d", c.n, v, what, legendreText(c.n, p), c.said)
	}
	o.Lean = "example : " + o.Prop + " := by " + tactic
	o.LeanNeg = "example : ¬(" + o.Prop + ") := by " + tactic
	o.Note = "a power dividing a factorial: the exponent of a prime p in n! is Legendre's sum ⌊n/p⌋ + ⌊n/p²⌋ + …, computed exactly"
	o.WhyProof = "as computed by Legendre's sum"
	return o, true
}

// Exponent is the exponent of the prime p in n!: ⌊n/p⌋ + ⌊n/p²⌋ + ….
func Exponent(n, p int64) int64 {
	var v int64
	for q := n / p; q > 0; q /= p {
		v += q
	}
	return v
}

// legendreText writes Legendre's sum for n and p: "⌊30/7⌋ + ⌊30/49⌋ = 4 + 0".
func legendreText(n, p int64) string {
	var terms, vals []string
	pk := p
	for k := 0; k < 8; k++ {
		terms = append(terms, fmt.Sprintf("⌊%d/%d⌋", n, pk))
		vals = append(vals, strconv.FormatInt(n/pk, 10))
		if n/pk == 0 || pk > n/p {
			break
		}
		pk *= p
	}
	return strings.Join(terms, " + ") + " = " + strings.Join(vals, " + ")
}

// primePower is a prime and its exponent in a number.
type primePower struct{ p, e int64 }

// factor is the prime factorization of 2 ≤ m ≤ maxBase, by trial division.
func factor(m int64) []primePower {
	var out []primePower
	for p := int64(2); p*p <= m; p++ {
		if m%p != 0 {
			continue
		}
		f := primePower{p: p}
		for m%p == 0 {
			m /= p
			f.e++
		}
		out = append(out, f)
	}
	if m > 1 {
		out = append(out, primePower{p: m, e: 1})
	}
	return out
}
