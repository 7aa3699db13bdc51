// Package factclaim decides closed "=" chains with fractions, factorials and
// binomial coefficients written in LaTeX in prose, outside any math delimiters
// (docs/TRANSLATE.md, "Fractions, factorials and binomials written in prose"):
// "the probability is \frac{1}{2} \times \frac{1}{3} = \frac{1}{5}", "there are
// \binom{5}{2} = 10 ways", "10! / (6! (10-6)!) = 210", "4C2 = 4! / (2! * 2!) =
// 6". The arithmetic reader refuses "!", \frac and \binom there, and the
// symbolic reader, which evaluates them, reads math mode only. A formula is a
// maximal run of digits, operators, brackets, braces, "!", "=" and a few
// commands (\binom, \frac, \cdot, \times, \div, \left, \right), or the links
// after a name standing alone ("\theta = \frac{7}{14} = \frac{1}{2}"); every
// member of its chain must be a closed expression (no names, no decimals, no
// roots), and each link with a fraction, a factorial or a binomial on one side
// is one obligation, decided exactly. A run glued to letters, next to a
// single-letter word or an operator word ("2 x 3! = 12", "5 times 4! = 120"),
// holding "!=", ending in "!" before the end of a sentence (an exclamation
// mark), a link whose right side goes on from the left side's value (a
// running computation, "\frac{1}{2} + \frac{1}{4} = \frac{3}{4} + \frac{1}{8}"),
// and a sentence that supposes, tests, hedges or denies are left alone or
// decided without refuting.
package factclaim

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/leanprm/leanprm/translate/internal/arith"
	"github.com/leanprm/leanprm/translate/internal/listcond"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
	"github.com/leanprm/leanprm/translate/obligation"
)

// Limits: the step read, the obligations of a step, a formula's bytes and
// its members.
const (
	maxText    = 20000
	maxOut     = 6
	maxRun     = 300
	maxMembers = 8
)

// commands are the LaTeX commands a formula may hold.
var commands = []string{`\binom`, `\dbinom`, `\tbinom`, `\frac`, `\dfrac`, `\tfrac`, `\cdot`, `\times`, `\div`, `\left`, `\right`}

// opWords before or after a formula make it an operand of more arithmetic
// said in words ("5 times 4! = 120"), not a whole claim.
var opWords = map[string]bool{
	"times": true, "plus": true, "minus": true, "over": true, "by": true, "of": true, "divided": true,
	"multiplied": true, "squared": true, "cubed": true, "than": true, "per": true, "percent": true,
	"mod": true, "modulo": true, "choose": true, "to": true, "factorial": true, "power": true,
	"sqrt": true, "root": true, "log": true, "ln": true, "exp": true, "sin": true, "cos": true, "tan": true,
}

// vetoRE in the sentence: supposed, tested, hedged, denied or said to be wrong.
var vetoRE = regexp.MustCompile(`\b(?:if|suppose|supposing|assume|assuming|would|could|should|might|let's|lets|try|test|testing|check|checking|whether|wrong|incorrect\w*|mistake\w*|erroneous\w*|false\w*|error|not|no|never|instead|approximately|about|roughly|around|nearly|estimate\w*)\b|\?|≈|\\approx|\\neq|\\ne\b|~`)

// spacedRE finds numbers side by side with only blanks between ("3 628
// 800", a label "(2) 5! = 120"): not one expression.
var spacedRE = regexp.MustCompile(`[0-9]\s+[0-9(]|^\([0-9]+\)\s`)

// calmWords are the hypothetical words (mathtext.HypotheticalWords) that
// do not make a closed value doubtful: a case, a quantifier, a solution.
var calmWords = mathtext.Set("for", "each", "every", "any", "some", "such", "least", "most", "between",
	"solutions", "solution", "roots", "root", "or", "either", "when", "whenever", "case", "cases", "until",
	"consider", "considering", "evaluate", "evaluating", "satisfy", "satisfies", "possible", "possibly")

// doubtWord is the first word of the sentence that doubts, rejects or
// supposes its claims (mathtext.DoubtWords, HypotheticalWords but the
// calm ones) or puts them in modular arithmetic, where "=" may stand for
// "≡" (mathtext.ModularWords); "" when there is none.
func doubtWord(sent string) string {
	prev := ""
	for _, w := range strings.FieldsFunc(sent, func(r rune) bool { return !(r >= 'a' && r <= 'z' || r == '\'' || r == '’') }) {
		own := w == "claimed" && prev == "as" // "= 3/5, as claimed": the writer's own claim
		prev = w
		if !own && (mathtext.DoubtWords[w] || mathtext.ModularWords[w] || mathtext.HypotheticalWords[w] && !calmWords[w]) {
			return w
		}
	}
	if mathtext.BaseNamed(sent) {
		return "base" // "in base 8, \frac{10}{2} = 4": numerals of another base
	}
	// "… must hold", "… would be needed", "At first I got …"
	return mathtext.Unclaimed(sent, len(sent))
}

// ratioNext reports a ratio or a time glued to the run: a colon between
// digits right after it ("\frac{3}{4} = 3:4") or right before it ("1:2 =
// \frac{1}{3}"), where the run holds only part of a number pair.
func ratioNext(text string, s, e int) bool {
	if e+1 < len(text) && text[e] == ':' && mathtext.IsDigit(text[e+1]) && e > 0 && mathtext.IsDigit(text[e-1]) {
		return true
	}
	return s > 1 && text[s-1] == ':' && mathtext.IsDigit(text[s-2]) && mathtext.IsDigit(text[s])
}

// laterRE in the sentence after the claim takes it back.
var laterRE = regexp.MustCompile(`\b(?:wrong|incorrect\w*|false|not true|mistake\w*|error|oops|wait|actually|recheck\w*|re-check\w*)\b`)

// Read returns the obligations of the step's closed "=" chains with a
// factorial or a binomial written outside math delimiters.
func Read(step int, text, tactic string) []obligation.Obligation {
	if len(text) > maxText || strings.IndexByte(text, '=') < 0 || !claimByte(text) {
		return nil // a claim is a run holding "=" and one of "!CP\\"
	}
	regions := newRegionScan(text) // the regions of mathtext.TextRegions, in turn
	cur, has := regions.next()     // the first region that does not close before i
	var out []obligation.Obligation
	var plain string
	for i := 0; i < len(text) && len(out) < maxOut; {
		for has && cur.CE <= i {
			cur, has = regions.next()
		}
		if has && i >= cur.OS {
			i = cur.CE // math mode: the symbolic reader's
			continue
		}
		n := formulaByte(text, i)
		if n == 0 {
			i++
			continue
		}
		end := len(text)
		if has {
			end = cur.OS
		}
		s, e := i, runEnd(text, i, end)
		i = e
		if e-s > maxRun || strings.IndexByte(text[s:e], '=') < 0 {
			continue // trimRun keeps a part of the run, which must hold "="
		}
		s, e, ok := trimRun(text, s, e)
		if !ok || !whole(text, s, e) || ratioNext(text, s, e) {
			continue
		}
		if plain == "" {
			plain = mathtext.LowerPlain(text)
		}
		stop := listcond.SentenceEnd(plain, e)
		veto := vetoRE.FindString(plain[listcond.SentenceStart(plain, s):stop])
		if veto == "" {
			veto = doubtWord(plain[listcond.SentenceStart(plain, s):stop])
		}
		if veto == "" {
			// "… = \frac{1}{5}. Wait, that is wrong.": the sentence after rejects it.
			veto = laterRE.FindString(plain[stop:listcond.SentenceEnd(plain, min(stop+1, len(plain)))])
		}
		if veto == "" {
			a := e
			for a < len(text) && text[a] == ' ' {
				a++
			}
			if w := strings.ToLower(wordAfter(text, a)); w != "" && mathtext.Convertible[mathtext.Singular(w)] {
				// "\frac{1}{2} = 50 cents": a unit after the value may convert it
				veto = w
			}
		}
		for _, o := range links(step, text, s, e, veto, tactic) {
			if len(out) < maxOut {
				out = append(out, o)
			}
		}
	}
	if len(out) > 0 && mathtext.ResidueRing(text) != "" {
		// "In \mathbb{Z}_7, \frac{8}{2} = 11": "=" is equality of residues.
		// Looked at last, since it only vetoes.
		return nil
	}
	return out
}

// claimByte reports one of "!CP\\" in text: strings.ContainsAny(text,
// "!CP\\") with vector searches instead of one pass byte by byte.
func claimByte(text string) bool {
	return strings.IndexByte(text, '\\') >= 0 || strings.IndexByte(text, '!') >= 0 || strings.IndexByte(text, 'C') >= 0 || strings.IndexByte(text, 'P') >= 0
}

// formulaBytes are the bytes that are a formula token alone: digits,
// blanks, operators, brackets, "!" and "=".
var formulaBytes = func() (t [256]bool) {
	for _, c := range []byte("0123456789 +-*/()!^{}=") {
		t[c] = true
	}
	return t
}()

// formulaByte is the length of the formula token at text[i] (a byte, a
// command or a multi-byte sign), 0 when none starts there.
func formulaByte(text string, i int) int {
	c := text[i]
	switch {
	case formulaBytes[c]:
		return 1
	case c == '.' && i > 0 && mathtext.IsDigit(text[i-1]) && i+1 < len(text) && mathtext.IsDigit(text[i+1]):
		return 1 // a decimal point
	case (c == 'C' || c == 'P') && i > 0 && mathtext.IsDigit(text[i-1]) && i+1 < len(text) && mathtext.IsDigit(text[i+1]):
		return 1 // "4C2", "6P2"
	case c == '\\':
		for _, cmd := range commands {
			if strings.HasPrefix(text[i:], cmd) && (i+len(cmd) >= len(text) || !mathtext.IsASCIILetter(text[i+len(cmd)])) {
				return len(cmd)
			}
		}
	}
	if c < utf8.RuneSelf {
		return 0 // every sign below opens with a byte outside ASCII
	}
	for _, sign := range []string{"×", "·", "÷", "−"} {
		if strings.HasPrefix(text[i:], sign) {
			return len(sign)
		}
	}
	return 0
}

// runEnd is the end of the formula run from i, looking no further than end.
func runEnd(text string, i, end int) int {
	for i < end {
		n := formulaByte(text, i)
		if n == 0 {
			break
		}
		i += n
	}
	return min(i, end)
}

// trimRun drops blanks around the run, a full stop after it and closing
// brackets it does not open; ok reports a run that can be a claim: it
// starts with a digit, a bracket or a command, holds "=" (never "!=" or
// "=="), and a factorial or a binomial.
func trimRun(text string, s, e int) (int, int, bool) {
	for s < e && text[s] == ' ' {
		s++
	}
	for e > s && (text[e-1] == ' ' || text[e-1] == '.' && !(e < len(text) && mathtext.IsDigit(text[e]))) {
		e--
	}
	depth := 0
	for k := s; k < e; k++ {
		switch text[k] {
		case '(':
			depth++
		case ')':
			depth--
		}
	}
	for depth < 0 && e > s && text[e-1] == ')' {
		e--
		depth++
	}
	for e > s && (text[e-1] == ' ' || text[e-1] == '(' && e-1 > s && text[e-2] == ' ' && wordBracket(text, e-1)) {
		e-- // "= \frac{2}{9} (girls)": a bracket of words after the claim
	}
	for e > s && text[e-1] == ' ' {
		e--
	}
	if e > s && text[s] == '(' && s > 0 && mathtext.IsASCIILetter(text[s-1]) {
		// "f(0) = 2 + \frac{5}{3} + 1 = …": a function's value, then the links
		if k := strings.IndexByte(text[s:e], '='); k > 0 && funcHead(text, s+k) == s {
			s += k
		}
	}
	if e > s && text[s] == '=' && (named(text, s) || funcHead(text, s) >= 0) {
		s++ // "\theta = \frac{7}{14} = …": the links after the name
		for s < e && text[s] == ' ' {
			s++
		}
	}
	if e <= s || !(mathtext.IsDigit(text[s]) || text[s] == '(' || text[s] == '\\') {
		return s, e, false
	}
	r := text[s:e]
	if spacedRE.MatchString(r) {
		return s, e, false
	}
	if !strings.Contains(r, "=") || strings.Contains(r, "!=") || strings.Contains(r, "==") || strings.Contains(r, "!!") {
		return s, e, false
	}
	return s, e, strings.ContainsAny(r, "!\\CP")
}

// funcHead is where the bracket of a function's value before the "=" at
// s opens ("f(0) =", "g(-2) ="): a closing bracket, past blanks, whose
// opening one, within 40 bytes, follows one letter standing alone and
// holds no "="; -1 when there is none.
func funcHead(text string, s int) int {
	b := s
	for b > 0 && text[b-1] == ' ' {
		b--
	}
	if b == 0 || text[b-1] != ')' {
		return -1
	}
	depth := 0
	for k := b - 1; k >= 0 && k >= b-40; k-- {
		switch text[k] {
		case ')':
			depth++
		case '(':
			depth--
		case '=':
			return -1
		}
		if depth == 0 {
			if k > 0 && mathtext.IsASCIILetter(text[k-1]) && (k == 1 || !mathtext.IsASCIILetter(text[k-2]) && !mathtext.IsDigit(text[k-2]) && text[k-2] != '\\') {
				return k
			}
			return -1
		}
	}
	return -1
}

// named reports that the "=" at s follows a name standing alone: one
// letter or a command ("x", "\theta"), not a coefficient's ("2x") nor a
// power's or a subscript's.
func named(text string, s int) bool {
	b := s
	for b > 0 && text[b-1] == ' ' {
		b--
	}
	w := wordBefore(text, b)
	if w == "" {
		return false
	}
	k := b - len(w)
	if k > 0 && text[k-1] == '\\' {
		return len(w) > 1 && !opWords[w] // "\theta", not "\sin" alone
	}
	return len(w) == 1 && (k == 0 || text[k-1] == ' ' || text[k-1] == '\n')
}

// whole reports that text[s:e] stands alone: not glued to a letter, not
// next to a single-letter word (a name, or "x" for times) or an operator
// word, not after another mark ($, %, ≈, …), and, when it ends in "!",
// followed by what can follow a factorial and not a sentence.
func whole(text string, s, e int) bool {
	if s > 0 && mathtext.IsASCIILetter(text[s-1]) || e < len(text) && mathtext.IsASCIILetter(text[e]) {
		return false
	}
	// "3,628,800", "0.5": a number the run cuts.
	if s > 1 && (text[s-1] == ',' || text[s-1] == '.') && mathtext.IsDigit(text[s-2]) ||
		e+1 < len(text) && (text[e] == ',' || text[e] == '.') && mathtext.IsDigit(text[e+1]) {
		return false
	}
	b := s
	for b > 0 && text[b-1] == ' ' {
		b--
	}
	if b > 0 {
		c := text[b-1]
		switch {
		case mathtext.IsASCIILetter(c):
			if !plainWord(wordBefore(text, b)) {
				return false
			}
		case c == '=' && (named(text, b-1) || funcHead(text, b-1) >= 0):
		case strings.IndexByte(".,;:\n", c) < 0:
			return false
		}
	}
	a := e
	for a < len(text) && text[a] == ' ' {
		a++
	}
	if a < len(text) {
		c := text[a]
		switch {
		case mathtext.IsASCIILetter(c):
			w := wordAfter(text, a)
			if !plainWord(w) || a+len(w) < len(text) && strings.IndexByte("_^({[\\0123456789", text[a+len(w)]) >= 0 {
				return false // "\frac{27}{2} a_1": an expression goes on
			}
		case c == '(' && a > e && wordBracket(text, a):
		case strings.IndexByte(".,;:\n)", c) < 0:
			return false
		}
	}
	if text[e-1] == '!' {
		// "= 7!" ends a sentence with an exclamation mark as well as a
		// factorial: read only with a lower-case word or a comma after it.
		if a >= len(text) || !(text[a] >= 'a' && text[a] <= 'z' && a > e || strings.IndexByte(",;:)", text[a]) >= 0 && a == e) {
			return false
		}
	}
	return true
}

// wordBracket reports a bracket at i that opens words ("(girls)", "(one
// boy, one girl)"), not an expression ("(a_1 + 2)", "(x + 1)", "(abc)"):
// up to its closing bracket, within 80 bytes, only letters, blanks, commas
// and hyphens, and two words or one of four letters or more.
func wordBracket(text string, i int) bool {
	words, long, cur := 0, false, 0
	for k := i + 1; k < len(text) && k < i+80; k++ {
		c := text[k]
		switch {
		case mathtext.IsASCIILetter(c):
			cur++
			continue
		case c == ')':
			if cur > 0 {
				words++
				long = long || cur >= 4
			}
			return words >= 2 || long
		case c != ' ' && c != ',' && c != '-':
			return false
		}
		if cur > 0 {
			words++
			long = long || cur >= 4
		}
		cur = 0
	}
	return false
}

// plainWord reports a word that can stand next to a claim: not a
// single letter (but "a" and "I") and no operator word.
func plainWord(w string) bool {
	if len(w) == 1 {
		return w == "a" || w == "A" || w == "I"
	}
	l := strings.ToLower(w)
	return !opWords[l] && !mathtext.OpWords[l] && !mathtext.Modifiers[l] && !mathtext.SuffixOps[l]
}

// wordBefore is the word of ASCII letters that ends at b.
func wordBefore(text string, b int) string {
	k := b
	for k > 0 && b-k < 32 && mathtext.IsASCIILetter(text[k-1]) {
		k--
	}
	return text[k:b]
}

// wordAfter is the word of ASCII letters that starts at a.
func wordAfter(text string, a int) string {
	k := a
	for k < len(text) && k-a < 32 && mathtext.IsASCIILetter(text[k]) {
		k++
	}
	return text[a:k]
}

// latex reports a member the arithmetic reader refuses: a factorial, a
// fraction or a binomial in LaTeX, or a count glued between numbers.
func latex(src string) bool {
	return strings.Contains(src, "!") || strings.Contains(src, "frac") || strings.Contains(src, "binom") || gluedRE.MatchString(src)
}

// gluedRE is a count written with its letter between numbers ("4C2").
var gluedRE = regexp.MustCompile(`[0-9][CP][0-9]`)

// carries reports a running computation: the right side b starts from the
// left side's value v and goes on ("\frac{1}{2} + \frac{1}{4} = \frac{3}{4}
// + \frac{1}{8}"), which is no claim that the two are equal.
func carries(b *symexpr.Expr, v *big.Rat) bool {
	for _, ops := range []string{"+-", "*/"} {
		x := b
		for x != nil && strings.IndexByte(ops, x.Op) >= 0 {
			x = x.L
		}
		if x == nil || x == b {
			continue
		}
		if w, err := symexpr.Eval(x, nil); err == nil && w.Cmp(v) == 0 {
			return true
		}
	}
	return false
}

// rounded reports a decimal written in src that v may round or truncate
// to: within one unit of its last place of the other side's value.
func rounded(src string, v, w *big.Rat) bool {
	i := strings.LastIndexByte(src, '.')
	if i < 0 {
		return false
	}
	d := 0
	for j := i + 1; j < len(src) && mathtext.IsDigit(src[j]); j++ {
		d++
	}
	unit := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(min(d, 30))), nil))
	diff := new(big.Rat).Sub(v, w)
	return diff.Abs(diff).Cmp(unit) <= 0
}

// links decides the links of the chain text[s:e] with a factorial or a
// binomial on one side; none when a member has a name or is unreadable.
func links(step int, text string, s, e int, veto, tactic string) []obligation.Obligation {
	ms := mathtext.EqualsMembers(text, s, e)
	if len(ms) < 2 || len(ms) > maxMembers {
		return nil
	}
	exprs := make([]*symexpr.Expr, len(ms))
	srcs := make([]string, len(ms))
	for k, m := range ms {
		src := strings.TrimSpace(text[m[0]:m[1]])
		if src == "" {
			return nil
		}
		x, err := symexpr.Read(src)
		if err != nil || symexpr.HasVar(x) {
			return nil
		}
		exprs[k], srcs[k] = x, src
	}
	var out []obligation.Obligation
	for k := 0; k+1 < len(exprs); k++ {
		A, B := exprs[k], exprs[k+1]
		if !latex(srcs[k]) && !latex(srcs[k+1]) {
			continue // the arithmetic reader's
		}
		a, err := symexpr.Eval(A, nil)
		if err != nil {
			continue
		}
		b, err := symexpr.Eval(B, nil)
		if err != nil {
			continue
		}
		if a.Cmp(b) != 0 && (carries(B, a) || rounded(srcs[k], b, a) || rounded(srcs[k+1], a, b)) {
			continue
		}
		rd := symexpr.Render{}
		prop := rd.Term(A) + " = " + rd.Term(B)
		if strings.Contains(prop, "!") {
			continue // an argument the product form does not spell
		}
		ls, le := ms[k][0], ms[k+1][1]
		for ls < le && text[ls] == ' ' {
			ls++
		}
		for le > ls && text[le-1] == ' ' {
			le--
		}
		o := obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, ls, le), Kind: obligation.KindClosedValue,
			OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
		o.Expr = symexpr.Plain(A) + " = " + symexpr.Plain(B)
		o.Prop = prop
		o.Note = "factorials and binomials written outside math delimiters, spelled as products"
		if veto != "" {
			o.OnDisproof, o.Note = obligation.Unknown, fmt.Sprintf("the sentence may be rejecting the claim (%q)", veto)
		}
		o.Lean, o.LeanNeg = arith.Declarations(o.Prop, tactic)
		o.WhyProof = "both sides are " + a.RatString()
		o.WhyDisproof = fmt.Sprintf("the left side is %s, the right side %s", a.RatString(), b.RatString())
		out = append(out, o)
	}
	return out
}
