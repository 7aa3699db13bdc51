// Package listcond decides the values a sentence lists for a name against
// a condition it states for them (docs/TRANSLATE.md, "Values listed
// against a condition stated with them"). Two forms are read:
//
//   - the values of a name that make an expression in it a perfect square,
//     a prime or an integer, or that satisfy a relation written in math:
//     "The values of \(k\) that make \(k(10 - k)\) a perfect square are
//     \(k = 1, 2, 3\)" states that 3·7 = 21 is a perfect square;
//   - values listed for a name right after conditions on it that the same
//     line states alone: "\(A \equiv 2 \pmod{3}\) and \(A \neq 8\).
//     Possible values for \(A\) are 2, 5, 8." lists the excluded 8
//     (conds.go).
//
// Each listed value is one the sentence asserts meets the condition, so a
// value that does not makes the sentence false whichever of the two is
// wrong. Only whole numbers are read as values, a list with an ellipsis
// is left alone, and a sentence that supposes, tests, excludes or
// corrects ("if", "check", "but", "not", "except", …) is left alone. Only
// false values are sent (as certificates the exact checker verifies);
// values that meet the condition make no obligation.
package listcond

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"

	"github.com/leanprm/leanprm/translate/algebra"
	"github.com/leanprm/leanprm/translate/internal/arith"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
	"github.com/leanprm/leanprm/translate/obligation"
)

// Limits: the step read, the values of a list, the refutations of a
// step, the length of an expression and of a value's digits.
const (
	maxText   = 20000
	maxValues = 24
	maxOut    = 8
	maxExpr   = 200
	maxDigits = 9
)

var (
	// makeRE leads the first form in mathtext.LowerPlain's text: group 1
	// is the name, group 2 the verb, or group 3 "for which" or "such that"
	// (the expression is then followed by "is").
	makeRE = regexp.MustCompile(`\bvalues?\s+of\s+([a-z])\s+(?:(?:that|which)\s+(makes?|gives?|satisf(?:y|ies))|(for\s+which|such\s+that))\s+`)
	// propRE is what the expression is made after it, and "are"/"is":
	// group 1 the property, group 2 a divisor.
	propRE = regexp.MustCompile(`^\s*(a\s+perfect\s+square|(?:a\s+)?prime(?:\s+number)?|an\s+integer|divisible\s+by\s+(\d{1,9}))\s+(?:are|is)\s+`)
	// isRE is the "is" after the expression of "for which" and "such that".
	isRE = regexp.MustCompile(`^\s*is\s+`)
	// areRE follows a relation the values satisfy.
	areRE = regexp.MustCompile(`^\s*(?:are|is)\s+`)
	// wordVetoRE in the sentence: supposed, tested, excluded or corrected;
	// vetoRE also a sample (an ellipsis).
	wordVetoRE = regexp.MustCompile(`\b(?:if|suppose|assume|assuming|would|could|should|might|check|checking|test|testing|try|trying|whether|wrong|incorrect|mistake|but|however|except|excluding|exclude|not|no|cannot|otherwise|instead|discard|reject|remove|eliminate|fails?|candidates?|approximately|about|etc)\b|\?`)
	vetoRE     = regexp.MustCompile(wordVetoRE.String() + `|\\ldots|\\dots|\\cdots|\.\.\.|…`)
)

// Read returns the refutations of step's values listed against a
// condition stated with them.
func Read(step int, text, tactic string) []obligation.Obligation {
	if len(text) > maxText {
		return nil
	}
	// The cheap tests: "value(s) of", "values for" and "can be" are found
	// by plain search, the verbs and the conditions looked for near them.
	var makes, leads bool
	for _, i := range mathtext.Indexes(text, "alue", 4*maxOut) {
		w := text[i:min(len(text), i+nearAhead)]
		of := strings.HasPrefix(w, "alues of") || strings.HasPrefix(w, "alue of")
		makes = makes || of && (strings.Contains(w, "mak") || strings.Contains(w, "giv") || strings.Contains(w, "satisf") || strings.Contains(w, " which") || strings.Contains(w, "such"))
		leads = leads || of || strings.HasPrefix(w, "alues for")
	}
	leads = leads || strings.Contains(text, "can be")
	conds := leads && hasCondMark(text)
	counts := leads && (strings.Contains(text, "dots") || strings.Contains(text, "...") || strings.Contains(text, "…")) &&
		(strings.Contains(text, "gives") || strings.Contains(text, "here are"))
	if !makes && !conds && !counts {
		return nil
	}
	low := mathtext.LowerPlain(text)
	var out []obligation.Obligation
	if makes {
		out = readMake(step, text, low, tactic, out)
	}
	if conds || counts {
		ls := leadsOf(low)
		if conds {
			out = readConds(step, text, low, tactic, ls, out)
		}
		if counts {
			out = readCount(step, text, low, tactic, ls, out)
		}
	}
	return out
}

// readMake reads the first form.
func readMake(step int, text, low, tactic string, out []obligation.Obligation) []obligation.Obligation {
	for _, m := range near(makeRE, low, "value", 0) {
		if len(out) >= maxOut {
			break
		}
		s, e := SentenceStart(low, m[0]), SentenceEnd(low, m[1])
		name := text[m[2]:m[3]]
		verbEnd := m[5]
		if m[4] < 0 {
			verbEnd = m[7]
		}
		inner, after, ok := mathAt(text, verbEnd, e)
		if !ok || vetoRE.MatchString(low[s:e]) {
			continue
		}
		var prop string
		var div *big.Int
		if m[4] < 0 {
			p := isRE.FindStringIndex(low[after:e])
			if p == nil {
				continue
			}
			after += p[1]
		}
		if m[4] >= 0 && strings.HasPrefix(low[m[4]:m[5]], "satisf") {
			p := areRE.FindStringIndex(low[after:e])
			if p == nil {
				continue
			}
			after += p[1]
		} else {
			p := propRE.FindStringSubmatchIndex(low[after:e])
			if p == nil {
				continue
			}
			prop = strings.Join(strings.Fields(low[after+p[2]:after+p[3]]), " ")
			if p[4] >= 0 {
				div, _ = new(big.Int).SetString(low[after+p[4]:after+p[5]], 10)
				if div.Sign() == 0 {
					continue
				}
			}
			after += p[1]
		}
		vals, ok := values(text, low, after, e, name)
		if !ok {
			continue
		}
		var c cond
		if prop != "" {
			c, ok = propCond(inner, name, prop, div)
		} else {
			c, ok = relCond(inner, name)
		}
		if !ok {
			continue
		}
		for _, v := range vals {
			if len(out) >= maxOut {
				break
			}
			if o, bad := c.check(step, text, m[0], v, tactic); bad {
				out = append(out, o)
			}
		}
	}
	return out
}

// near is re's matches in low around each place anchor stands, at most
// maxOut, not overlapping: re runs on a window of nearBack bytes before
// the anchor (back) and nearAhead after it, never on the whole step.
func near(re *regexp.Regexp, low, anchor string, back int) [][]int {
	var out [][]int
	done := 0
	for _, i := range mathtext.Indexes(low, anchor, 4*maxOut) {
		lo, hi := max(done, i-back), min(len(low), i+nearAhead)
		if i < done {
			continue
		}
		m := re.FindStringSubmatchIndex(low[lo:hi])
		if m == nil || m[0] > i-lo || m[1] <= i-lo || lo > 0 && m[0] == 0 && mathtext.IsASCIILetter(low[lo-1]) {
			continue
		}
		for g := range m {
			if m[g] >= 0 {
				m[g] += lo
			}
		}
		out = append(out, m)
		done = m[1]
		if len(out) >= maxOut {
			break
		}
	}
	return out
}

// nearAhead bounds the text after an anchor a lead is read in.
const nearAhead = 120

// value is one listed whole number and where it ends in the text.
type value struct {
	n *big.Int
	e int
}

// values reads the whole numbers listed from low[at:end], each in or out
// of math, each optionally led by "name =", joined by commas, "or" and
// "and"; false when a number is part of something larger ("3x", "3^2",
// "3.5") or the list is empty.
func values(text, low string, at, end int, name string) ([]value, bool) {
	var vals []value
	lname := strings.ToLower(name)
	i := at
	for len(vals) < maxValues {
		i = skipJoin(low, i, end)
		if j := skipBlank(low, i, end); strings.HasPrefix(low[j:end], lname) {
			if k := skipBlank(low, j+len(lname), end); k < end && low[k] == '=' {
				i = skipBlank(low, k+1, end)
			}
		}
		j := i
		if j < end && low[j] == '-' {
			j++
		}
		k := j
		for k < end && mathtext.IsDigit(low[k]) {
			k++
		}
		if k == j || k-j > maxDigits {
			break
		}
		if k < end && glued(low, k, end) {
			return nil, false
		}
		n, ok := new(big.Int).SetString(low[i:k], 10)
		if !ok {
			return nil, false
		}
		vals = append(vals, value{n: n, e: k})
		i = k
	}
	return vals, len(vals) > 0
}

// glued reports a number at low[:k] that goes on past k: a letter, an
// operator, a decimal point or a command other than the end of math.
func glued(low string, k, end int) bool {
	c := low[k]
	switch {
	case c >= 'a' && c <= 'z', strings.IndexByte("^_/*!", c) >= 0:
		return true
	case c == '.':
		return k+1 < end && mathtext.IsDigit(low[k+1])
	case c == '\\':
		return !strings.HasPrefix(low[k:], `\}`)
	}
	return false
}

// skipJoin skips blanks, commas and the words "or" and "and".
func skipJoin(low string, i, end int) int {
	for i < end {
		switch {
		case low[i] == ' ' || low[i] == ',' || low[i] == '\t' || low[i] == '\n':
			i++
		case strings.HasPrefix(low[i:end], "or "):
			i += 3
		case strings.HasPrefix(low[i:end], "and "):
			i += 4
		default:
			return i
		}
	}
	return i
}

func skipBlank(low string, i, end int) int {
	for i < end && (low[i] == ' ' || low[i] == '\t') {
		i++
	}
	return i
}

// mathAt is the inline math that starts at text[i:] after blanks, \( … \)
// or $ … $, and where it ends; false when none starts there or it runs
// past end.
func mathAt(text string, i, end int) (inner string, after int, ok bool) {
	i = skipBlank(text, i, end)
	open, close := `\(`, `\)`
	if strings.HasPrefix(text[i:end], "$") && !strings.HasPrefix(text[i:end], "$$") {
		open, close = "$", "$"
	} else if !strings.HasPrefix(text[i:end], open) {
		return "", 0, false
	}
	s := i + len(open)
	k := strings.Index(text[s:end], close)
	if k < 0 || k > maxExpr {
		return "", 0, false
	}
	return text[s : s+k], s + k + len(close), true
}

// cond is a condition on the values of one name.
type cond struct {
	name string
	// check is the refutation of the value v listed at text[s:v.e], and
	// whether v fails the condition.
	check func(step int, text string, s int, v value, tactic string) (obligation.Obligation, bool)
}

// readExpr reads a math expression in the name alone.
func readExpr(src, name string) (*symexpr.Expr, bool) {
	e, err := symexpr.Read(src)
	if err != nil {
		return nil, false
	}
	vs := symexpr.Vars(e, map[string]bool{}, nil)
	return e, len(vs) == 1 && vs[0] == name
}

// at is e's value and its dialect Term at name = v.
func at(e *symexpr.Expr, name string, v *big.Int) (*big.Rat, string, bool) {
	x := new(big.Rat).SetInt(v)
	r, err := symexpr.Eval(e, map[string]*big.Rat{name: x})
	if err != nil {
		return nil, "", false
	}
	return r, symexpr.Render{Names: map[string]string{name: RatTerm(x)}}.Term(e), true
}

// propCond is "makes src a perfect square / a prime / an integer".
func propCond(src, name, prop string, div *big.Int) (cond, bool) {
	e, ok := readExpr(src, name)
	if !ok {
		return cond{}, false
	}
	return cond{name: name, check: func(step int, text string, s int, v value, tactic string) (obligation.Obligation, bool) {
		r, term, ok := at(e, name, v.n)
		if !ok {
			return obligation.Obligation{}, false
		}
		cert, why, bad := PropCert(r, propKey(prop), div)
		if !bad {
			return obligation.Obligation{}, false
		}
		o := newObl(step, text, s, v.e, obligation.KindClosedValue)
		o.Expr = fmt.Sprintf("%s at %s = %s is %s", symexpr.Plain(e), name, v.n, prop)
		o.Prop = term + " = " + RatTerm(r) + " ∧ " + cert
		o.OnProof, o.OnDisproof = obligation.Refuted, obligation.Unknown
		o.WhyProof = fmt.Sprintf("%s is listed for %s, but %s = %s there: %s", v.n, name, symexpr.Plain(e), r.RatString(), why)
		o.Note = "a value listed for " + name + " against the property the same sentence states for it; P is a certificate that the value lacks it"
		o.Lean, o.LeanNeg = arith.Declarations(o.Prop, tactic)
		return o, true
	}}, true
}

// propKey is the property's key word: "perfect", "prime", "integer" or
// "divisible".
func propKey(prop string) string {
	for _, w := range strings.Fields(prop) {
		if w != "a" && w != "an" {
			return w
		}
	}
	return ""
}

// PropCert is a certificate that r lacks prop ("perfect" square,
// "prime", "integer", "divisible" by div), in the dialect, why in words,
// and whether r lacks it; a fraction said to be a square, a prime or
// divisible is left alone.
func PropCert(r *big.Rat, prop string, div *big.Int) (cert, why string, bad bool) {
	switch {
	case prop == "integer" && r.IsInt(), prop != "integer" && !r.IsInt():
		return "", "", false
	case prop == "divisible":
		q, rem := new(big.Int).DivMod(r.Num(), div, new(big.Int)) // div > 0: 0 ≤ rem < div
		if rem.Sign() == 0 {
			return "", "", false
		}
		return fmt.Sprintf("%s = %s * %s + %s ∧ (0 : Rat) < %s ∧ %s < %s", intTerm(r.Num()), intTerm(div), intTerm(q), intTerm(rem), intTerm(rem), intTerm(rem), intTerm(div)),
			fmt.Sprintf("%s leaves %s on division by %s", r.Num(), rem, div), true
	case prop == "integer":
		f := new(big.Int).Div(r.Num(), r.Denom()) // the floor: Denom > 0
		f1 := new(big.Int).Add(f, big.NewInt(1))
		return fmt.Sprintf("%s < %s ∧ %s < %s", intTerm(f), RatTerm(r), RatTerm(r), intTerm(f1)),
			fmt.Sprintf("%s lies strictly between %s and %s", r.RatString(), f, f1), true
	}
	n := r.Num()
	if prop == "prime" {
		if n.Cmp(big.NewInt(2)) < 0 {
			return fmt.Sprintf("%s < (2 : Rat)", intTerm(n)), fmt.Sprintf("%s is less than 2", n), true
		}
		a := algebra.LeastFactor(n, maxTrial)
		if a == nil {
			return "", "", false
		}
		b := new(big.Int).Quo(n, a)
		return fmt.Sprintf("%s * %s = %s ∧ (1 : Rat) < %s ∧ %s < %s", intTerm(a), intTerm(b), intTerm(n), intTerm(a), intTerm(a), intTerm(n)),
			fmt.Sprintf("%s = %s·%s is not prime", n, a, b), true
	}
	if n.Sign() < 0 {
		return fmt.Sprintf("%s < (0 : Rat)", intTerm(n)), fmt.Sprintf("%s is negative", n), true
	}
	q := new(big.Int).Sqrt(n)
	if new(big.Int).Mul(q, q).Cmp(n) == 0 {
		return "", "", false
	}
	q1 := new(big.Int).Add(q, big.NewInt(1))
	return fmt.Sprintf("%s * %s < %s ∧ %s < %s * %s", intTerm(q), intTerm(q), intTerm(n), intTerm(n), intTerm(q1), intTerm(q1)),
		fmt.Sprintf("%s² < %s < %s²", q, n, q1), true
}

// maxTrial bounds the trial division of a composite certificate.
const maxTrial = 1 << 20

func newObl(step int, text string, s, e int, kind obligation.Kind) obligation.Obligation {
	return obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, s, e), Kind: kind}
}

func intTerm(n *big.Int) string { return RatTerm(new(big.Rat).SetInt(n)) }

// RatTerm is r as a dialect Term: a whole number, or a quotient of two.
func RatTerm(r *big.Rat) string {
	if r.Sign() < 0 {
		return "(-" + RatTerm(new(big.Rat).Neg(r)) + ")"
	}
	if r.IsInt() {
		return "(" + r.Num().String() + " : Rat)"
	}
	return "((" + r.Num().String() + " : Rat) / (" + r.Denom().String() + " : Rat))"
}

// SentenceStart is where the sentence holding s starts: after ". ",
// "! ", "? ", a line break, or at the start.
func SentenceStart(low string, s int) int {
	for i := s - 1; i >= 0; i-- {
		if low[i] == '\n' || low[i] == ' ' && i > 0 && strings.IndexByte(".!?", low[i-1]) >= 0 && !(i > 1 && mathtext.IsDigit(low[i-2]) && low[i-1] == '.' && i+1 < len(low) && mathtext.IsDigit(low[i+1])) {
			return i + 1
		}
	}
	return 0
}

// SentenceEnd is where the sentence from s ends: after ". ", "! ", "? ",
// a line break, or at the end.
func SentenceEnd(low string, s int) int {
	for i := s; i < len(low); i++ {
		if low[i] == '\n' || strings.IndexByte(".!?", low[i]) >= 0 && (i+1 >= len(low) || low[i+1] == ' ' || low[i+1] == '\n') {
			return i + 1
		}
	}
	return len(low)
}
