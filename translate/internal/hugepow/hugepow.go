// Package hugepow decides a power of 0, 1 or −1 whose exponent is too
// large to compute, stated with a value (docs/TRANSLATE.md, "Powers of 0,
// 1 and −1 with an exponent too large to compute"): "\(0^{(5^{6431564})} =
// 1\)" is false, as 0 raised to any positive whole power is 0. The
// exponent is read as a sum, product or power of positive whole numbers,
// never computed: it is positive, and its parity follows from its parts
// (a power has the parity of its base), which fixes (−1)^E. Only false
// claims make obligations, the closed equality of the power's value and
// the stated one, with a note saying where the value comes from. A base
// with a minus sign outside brackets ("-1^{…}" is −(1^{…})), an exponent
// with a name, a zero, a fraction or a minus sign, a value followed by more
// of an expression and a sentence that supposes, tests or hedges are left
// alone.
package hugepow

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/arith"
	"github.com/leanprm/leanprm/translate/internal/listcond"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/obligation"
)

// Limits: the step read, the claims of a step, the exponent's length and
// its depth of brackets, a literal's digits.
const (
	maxText   = 20000
	maxOut    = 4
	maxExpLen = 120
	maxDepth  = 8
	maxDigits = 12
)

var (
	// powRE is the claim from its base on: the base (1), the exponent
	// between braces (2), the stated value (3).
	powRE = regexp.MustCompile(`^(\(-1\)|\\left\(-1\\right\)|0|1)\^\{([0-9(){}\s+*^\\a-z]{1,120})\}\s*=\s*(-?\d{1,12}(?:\.\d{1,12})?)`)
	// afterRE follows the value: the end of the math or the clause, or
	// another "=".
	afterRE = regexp.MustCompile(`^\s*(?:$|\\\)|\\\]|\$|[.,;:!]|=|\\quad|\\text|\\\\|\n)`)
	// vetoRE in the sentence: supposed, tested, hedged or denied.
	vetoRE = regexp.MustCompile(`\b(?:if|suppose|supposing|assume|assuming|would|could|should|might|let's|lets|try|test|testing|check|checking|whether|wrong|incorrect|mistake\w*|not|no|never|instead|approximately|about|roughly)\b|\?|≈|\\approx|\\neq`)
)

// Read returns the refutations of the step's powers of 0, 1 and −1 with
// a huge exponent stated with a wrong value.
func Read(step int, text, tactic string) []obligation.Obligation {
	if len(text) > maxText || !strings.Contains(text, "^{") {
		return nil
	}
	var out []obligation.Obligation
	var plain string
	for _, at := range mathtext.Indexes(text, "^{", 8*maxOut) {
		if len(out) >= maxOut {
			break
		}
		s := baseStart(text, at)
		if s < 0 || !opens(text, s) {
			continue
		}
		m := powRE.FindStringSubmatchIndex(text[s:min(len(text), s+200)])
		if m == nil || !afterRE.MatchString(text[s+m[1]:]) {
			continue
		}
		exp, ok := readExp(text[s+m[4] : s+m[5]])
		if !ok || !exp.huge {
			continue
		}
		val, ok := new(big.Rat).SetString(text[s+m[6] : s+m[7]])
		if !ok {
			continue
		}
		base := text[s+m[2] : s+m[3]]
		want, why := value(base, exp)
		if want.Cmp(val) == 0 {
			continue
		}
		if plain == "" {
			plain = mathtext.LowerPlain(text)
		}
		if vetoRE.MatchString(plain[listcond.SentenceStart(plain, s):listcond.SentenceEnd(plain, s+m[1])]) {
			continue
		}
		o := obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, s, s+m[1]), Kind: obligation.KindEquality,
			OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
		o.Expr = fmt.Sprintf("%s^{%s} = %s", baseName(base), exp.src, val.RatString())
		o.Prop = listcond.RatTerm(want) + " = " + listcond.RatTerm(val)
		o.WhyProof = "both sides are " + want.RatString()
		o.WhyDisproof = fmt.Sprintf("%s, not %s", why, val.RatString())
		o.Note = "a power of 0, 1 or -1 with an exponent too large to compute: its value from the exponent's sign and parity"
		o.Lean, o.LeanNeg = arith.Declarations(o.Prop, tactic)
		out = append(out, o)
	}
	return out
}

// baseStart is where the base before "^{" at starts: "0", "1" or "(-1)"
// (also with \left( \right)); -1 when the text before is no such base.
func baseStart(text string, at int) int {
	for _, b := range []string{`\left(-1\right)`, "(-1)", "0", "1"} {
		if strings.HasSuffix(text[:at], b) {
			s := at - len(b)
			if len(b) == 1 && s > 0 && (mathtext.IsDigit(text[s-1]) || text[s-1] == '.' || text[s-1] == '-' || text[s-1] == '}' || text[s-1] == ')' || isLetter(text[s-1])) {
				return -1 // "10^{…}", "0.1^{…}", "-1^{…}", "x1^{…}": another base
			}
			return s
		}
	}
	return -1
}

// opens reports that the power at s is a whole side: what comes before
// it, past blanks, opens the math, the text or a link ("=", ":", ",").
func opens(text string, s int) bool {
	t := strings.TrimRight(text[:s], " \t\n")
	switch {
	case t == "":
		return true
	case strings.HasSuffix(t, `\(`), strings.HasSuffix(t, `\[`), strings.HasSuffix(t, "$"):
		return true
	}
	c := t[len(t)-1]
	return c == '=' || c == ':' || c == ','
}

// baseName is the base as the claim writes it.
func baseName(base string) string {
	if strings.Contains(base, "-1") {
		return "(-1)"
	}
	return base
}

// value is the power's value and the reason for it.
func value(base string, exp expInfo) (*big.Rat, string) {
	switch {
	case base == "0":
		return new(big.Rat), "0 raised to a positive whole power is 0"
	case base == "1":
		return big.NewRat(1, 1), "1 raised to any whole power is 1"
	case exp.odd:
		return big.NewRat(-1, 1), "-1 raised to an odd power is -1"
	}
	return big.NewRat(1, 1), "-1 raised to an even power is 1"
}

// isLetter reports an ASCII letter.
func isLetter(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}
