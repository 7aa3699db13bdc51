// Package expsample decides a rewriting of an expression whose exponents
// hold a name, which the symbolic reader refuses ("symbolic exponent")
// (docs/TRANSLATE.md, "Rewritings with a name in an exponent"): "we can
// rewrite \(8(8^x)\) as: \[2^3 \cdot 2^{x} = 2^{61}\]" says 8·8^x = 2³·2^x
// for every x, and "\[ V_k = a_k^3 = \left(5 (\sqrt{3})^{k-1}\right)^3 =
// 125 \cdot 3^{k-1} \]" says the last two members agree for every k. Both
// sides are evaluated exactly with the name set to 1, 2, 3 and 4; a point
// where both are rational and differ refutes the rewriting (an identity
// that fails at one point is false), as the closed equality at that
// point. Only a single name, positive bases and these two forms are read:
// "rewrite / write / express E as F" with E and F in math, and the links
// of an "=" chain that starts from a lone name, from its third member on
// (the first link defines the name, the second may be an equation). A
// sentence that supposes, tests, hedges or denies is left alone.
package expsample

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/arith"
	"github.com/leanprm/leanprm/translate/internal/listcond"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
	"github.com/leanprm/leanprm/translate/obligation"
)

// Limits: the step read, the claims of a step, the math regions looked
// at and an expression's bytes.
const (
	maxText    = 20000
	maxOut     = 4
	maxRegions = 64
	maxExpr    = 200
)

var (
	// expNameRE is an exponent that holds a name: "^x", "^{k-1}", "^{3+x}".
	expNameRE = regexp.MustCompile(`\^(?:[A-Za-z]|\{[^{}]*[A-Za-z][^{}]*\})`)
	// headRE is a lone name, optionally subscripted: the head of a chain.
	headRE = regexp.MustCompile(`^\s*[A-Za-z](?:_\{?[A-Za-z0-9]{1,3}\}?)?\s*$`)
	// verbRE ends the prose before the rewritten expression.
	verbRE = regexp.MustCompile(`\b(?:rewrite|rewritten|rewriting|write|written|writing|express|expressed|expressing)\s+(?:(?:the|this|our|it)\s+(?:expression|left\s+side|term|product)?\s*)?$`)
	// asRE follows the rewritten expression: "as", "as:".
	asRE = regexp.MustCompile(`^\s*as\s*:?\s*$`)
	// vetoRE in the sentence: supposed, tested, hedged or denied.
	vetoRE = regexp.MustCompile(`\b(?:if|suppose|supposing|assume|assuming|would|could|should|might|try|trying|test|testing|check|checking|whether|cannot|not|no|never|wrong|incorrect|mistake\w*|instead|approximately|roughly)\b|n't\b|\?|≈|\\approx`)
	// otherRel marks a line with a relation other than "=".
	otherRel = []string{"<", ">", `\le`, `\ge`, `\ne`, "≤", "≥", "≠", `\approx`, "≈", `\pm`, "±", `\equiv`, `\pmod`, `\implies`, `\Rightarrow`, `\quad`, `\text`, ","}
)

// region is a math region: its inner text's bytes and the index after its
// closer.
type region struct{ s, e, after int }

// Read returns the refutations of the step's rewritings with a name in an
// exponent that fail at a point.
func Read(step int, text, tactic string) []obligation.Obligation {
	if len(text) > maxText || !hasExpName(text) {
		return nil
	}
	regs := regions(text)
	var pairs [][2][2]int
	for k, r := range regs {
		// "rewrite \(E\) as \[F = …\]"
		if k+1 < len(regs) && between(text, r.after, regs[k+1].s, asRE) && between(text, max(0, r.s-60), r.s, verbRE) {
			f := regs[k+1]
			if ms := members(text, f.s, f.e); ms != nil {
				pairs = append(pairs, [2][2]int{{r.s, r.e}, ms[0]})
			} else if !strings.Contains(text[f.s:f.e], "=") {
				pairs = append(pairs, [2][2]int{{r.s, r.e}, {f.s, f.e}})
			}
		}
		// "V_k = a_k^3 = E = F": links from the third member on
		for _, line := range mathtext.DisplayLines(text, r.s, r.e) {
			ms := members(text, line[0], line[1])
			if len(ms) < 4 || !headRE.MatchString(text[ms[0][0]:ms[0][1]]) {
				continue
			}
			for i := 2; i+1 < len(ms); i++ {
				pairs = append(pairs, [2][2]int{ms[i], ms[i+1]})
			}
		}
	}
	var out []obligation.Obligation
	var low string
	for _, p := range pairs {
		if len(out) >= maxOut {
			break
		}
		o, bad := decide(step, text, p[0], p[1], tactic)
		if !bad {
			continue
		}
		if low == "" {
			low = mathtext.LowerPlain(text)
		}
		if vetoRE.MatchString(low[listcond.SentenceStart(low, p[0][0]):listcond.SentenceEnd(low, p[1][1])]) {
			continue
		}
		out = append(out, o)
	}
	return out
}

// decide samples the two expressions a and b at the name equal to 1, 2, 3
// and 4: the first point where both are rational and differ refutes the
// rewriting.
func decide(step int, text string, a, b [2]int, tactic string) (obligation.Obligation, bool) {
	as, bs := strings.TrimSpace(text[a[0]:a[1]]), strings.TrimSpace(text[b[0]:b[1]])
	as, bs = strings.TrimRight(as, ". "), strings.TrimRight(bs, ". ")
	if as == "" || bs == "" || len(as) > maxExpr || len(bs) > maxExpr || !expNameRE.MatchString(as) || !expNameRE.MatchString(bs) {
		return obligation.Obligation{}, false
	}
	name, ok := oneName(as + " " + bs)
	if !ok || strings.Contains(as+bs, "(-") || strings.Contains(as+bs, "-1)^") {
		return obligation.Obligation{}, false // a negative base: (−1)^k may vanish on a parity
	}
	for v := int64(1); v <= 4; v++ {
		ea, errA := symexpr.Read(substitute(as, name, v))
		eb, errB := symexpr.Read(substitute(bs, name, v))
		if errA != nil || errB != nil {
			return obligation.Obligation{}, false
		}
		va, okA := ratValue(ea)
		vb, okB := ratValue(eb)
		if !okA || !okB || va.Cmp(vb) == 0 {
			continue // irrational or undefined there, or equal
		}
		s, e := a[0]+strings.Index(text[a[0]:a[1]], as), b[0]+strings.Index(text[b[0]:b[1]], bs)+len(bs)
		o := obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, s, e), Kind: obligation.KindEquality,
			OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
		o.Expr = fmt.Sprintf("%s = %s at %s = %d", symexpr.Plain(ea), symexpr.Plain(eb), name, v)
		o.Prop = symexpr.Render{}.Term(ea) + " = " + symexpr.Render{}.Term(eb)
		if symexpr.HasRoot(ea) || symexpr.HasRoot(eb) {
			// the dialect writes no radical: the values at the point, computed
			// in Q(√, ∛), stand for the two sides
			o.Prop = listcond.RatTerm(va) + " = " + listcond.RatTerm(vb)
		}
		o.WhyProof = fmt.Sprintf("both sides are %s at %s = %d", va.RatString(), name, v)
		o.WhyDisproof = fmt.Sprintf("%s is rewritten as %s for every %s, but at %s = %d the first is %s and the second %s", as, bs, name, name, v, va.RatString(), vb.RatString())
		o.Note = "a rewriting with a name in an exponent, sampled at whole values of the name: one point where the two differ refutes it"
		o.Lean, o.LeanNeg = arith.Declarations(o.Prop, tactic)
		return o, true
	}
	return obligation.Obligation{}, false
}

// ratValue is e's exact value when it is rational (roots allowed inside:
// (√3)² is 3); false when it is irrational or undefined.
func ratValue(e *symexpr.Expr) (*big.Rat, bool) {
	v, err := symexpr.EvalSurd(e)
	if err != nil {
		return nil, false
	}
	return v.Rat()
}

// oneName is the one name the expressions hold; false when they hold
// none, two, or a command's letters aside a name ("\sqrt" is no name).
func oneName(src string) (string, bool) {
	name := ""
	for i := 0; i < len(src); i++ {
		c := src[i]
		if c == '\\' {
			for i+1 < len(src) && mathtext.IsASCIILetter(src[i+1]) {
				i++
			}
			continue
		}
		if !mathtext.IsASCIILetter(c) {
			continue
		}
		if i+1 < len(src) && mathtext.IsASCIILetter(src[i+1]) {
			return "", false // a word or two names side by side
		}
		if name != "" && string(c) != name {
			return "", false
		}
		name = string(c)
	}
	return name, name != "" && name != "e" && name != "i"
}

// substitute writes the name as the bracketed value: "2^{k-1}" at 3 is
// "2^{(3)-1}", "8^x" is "8^{(3)}".
func substitute(src, name string, v int64) string {
	val := fmt.Sprintf("(%d)", v)
	var b strings.Builder
	for i := 0; i < len(src); i++ {
		c := src[i]
		if c == '\\' {
			j := i + 1
			for j < len(src) && mathtext.IsASCIILetter(src[j]) {
				j++
			}
			b.WriteString(src[i:j])
			i = j - 1
			continue
		}
		if string(c) == name {
			if i > 0 && src[i-1] == '^' {
				b.WriteString("{" + val + "}")
			} else {
				b.WriteString(val)
			}
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// openers are the marks that open math, each with its closer.
var openers = [][2]string{{`\[`, `\]`}, {`\(`, `\)`}, {"$$", "$$"}, {"$", "$"}}

// regions lists the step's math regions, at most maxRegions.
func regions(text string) []region {
	var out []region
	for i := 0; i < len(text) && len(out) < maxRegions; i++ {
		if text[i] != '$' && text[i] != '\\' {
			continue
		}
		for _, oc := range openers {
			if !strings.HasPrefix(text[i:], oc[0]) {
				continue
			}
			from := i + len(oc[0])
			end := strings.Index(text[from:], oc[1])
			if end < 0 {
				return out
			}
			out = append(out, region{s: from, e: from + end, after: from + end + len(oc[1])})
			i = from + end + len(oc[1]) - 1
			break
		}
	}
	return out
}

// hasExpName reports a "^" followed by a letter or by braces that hold
// one: the plain test that comes before any pattern.
func hasExpName(s string) bool {
	for i := strings.IndexByte(s, '^'); i >= 0 && i+1 < len(s); {
		c := s[i+1]
		if mathtext.IsASCIILetter(c) {
			return true
		}
		if c == '{' {
			for j := i + 2; j < len(s) && j < i+40 && s[j] != '}' && s[j] != '{'; j++ {
				if mathtext.IsASCIILetter(s[j]) && s[j-1] != '\\' && !mathtext.IsASCIILetter(s[j-1]) {
					return true
				}
			}
		}
		k := strings.IndexByte(s[i+1:], '^')
		if k < 0 {
			return false
		}
		i += 1 + k
	}
	return false
}

// between reports that the prose from s to the opener of the math whose
// inner text starts at e matches re.
func between(text string, s, e int, re *regexp.Regexp) bool {
	e -= closerLen(text, e)
	return s <= e && re.MatchString(mathtext.LowerPlain(text[s:e]))
}

// closerLen is the length of the opener that ends right before s (the
// inner text's start), so the prose before it can be cut.
func closerLen(text string, s int) int {
	for _, oc := range openers {
		if strings.HasSuffix(text[:s], oc[0]) {
			return len(oc[0])
		}
	}
	return 0
}

// members splits [s, e) at its "=" outside brackets; nil when it holds
// none or another relation.
func members(text string, s, e int) [][2]int {
	if strings.IndexByte(text[s:e], '=') < 0 || mathtext.HasAny(mathtext.DropSizing(text[s:e]), otherRel...) {
		return nil
	}
	if ms := mathtext.EqualsMembers(text, s, e); len(ms) > 1 {
		return ms
	}
	return nil
}
