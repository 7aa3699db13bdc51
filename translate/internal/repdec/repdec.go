// Package repdec decides a repeating decimal stated as the value of a
// closed number (docs/TRANSLATE.md, "Repeating decimals"): "\(\frac{5}{11}
// = 0.\overline{45}\)" and "the decimal expansion of \(\frac{2}{37}\) is
// \(0.\overline{054}\)" each say that a fraction and a repeating decimal
// are one number. A repeating decimal is exact notation: 0.1\overline{6}
// is 1/10 + 6/90 = 1/6, no rounding of it, so the claim is decided with
// rationals alone.
//
// Two forms are read, both in math only: a link of an "=" chain between a
// member that is a repeating decimal alone (the repeating block in
// \overline{…} or \bar{…}, right after the decimal point or after the
// digits that do not repeat) and a neighbouring member that is closed,
// rational and written without a decimal point; and a repeating decimal
// said in words to be the decimal expansion (representation, form) of a
// closed value written in math just before it. A piece with another
// relation (≈, ≡, <, …), a percent sign after the decimal, a member with
// a name, and a sentence that supposes, tests, corrects, denies or
// approximates are left alone. Only false claims make obligations; true
// ones are left to the other readers.
package repdec

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

// Limits: the step read, a math region read, the claims of a step, the
// members of a chain, the digits of a decimal.
const (
	maxText    = 20000
	maxRegion  = 1500
	maxOut     = 4
	maxMembers = 8
	maxDigits  = 60
)

var (
	// otherRelRE marks a piece with another relation, a congruence, a
	// membership or an approximation: its "=" may not be an equality of values.
	otherRelRE = regexp.MustCompile(`<|>|\\[lg]eq?\b|\\[lg]eqslant\b|\\neq?\b|\\approx|\\equiv|\\sim|\\simeq|\\cong|\\to\b|\\in\b|\\subset|\\pmod|\\bmod|\\mod\b|\\mid|\\propto|≤|≥|≠|≈|≡|%|\\ldots|\\cdots|\.\.\.|…`)
	// vetoRE in the sentence: supposed, tested, corrected, denied or approximated.
	vetoRE = regexp.MustCompile(`\b(?:if|suppose|supposing|assume|assuming|would|could|should|might|check|checking|test|testing|try|trying|whether|wrong|incorrect|incorrectly|mistake|error|not|no|instead|approximately|approx|about|roughly|around|nearly|almost|close|estimate|estimated|round|rounded|rounding|truncated|truncate)\b|\?|≈|\\approx`)
	// expansionBeforeRE ends the words before a value whose decimal
	// expansion is named: "the decimal expansion of".
	expansionBeforeRE = regexp.MustCompile(`\bdecimal (?:expansion|representation|form|equivalent) of\s*$`)
	// expansionAfterRE is the words after a value that name its decimal
	// form: "as a decimal", "in decimal form".
	expansionAfterRE = regexp.MustCompile(`^\s*(?:as a (?:repeating )?decimal|in decimal (?:form|notation)|written as a (?:repeating )?decimal)\s*,?\s*(?:is|equals)\s*$`)
	// isRE is the words between a value named and its expansion.
	isRE = regexp.MustCompile(`^\s*(?:is|equals|is equal to)\s*$`)
	// decimalRE is a decimal point or a thousands comma between digits.
	decimalRE = regexp.MustCompile(`\d\s*[.,]\s*\d|\.\s*\d`)
)

// Read returns the refutations of the repeating decimals the step states
// as the value of a closed number; none when otherBase (the problem or a
// step so far names a base other than ten, OtherBase): a repeating
// expansion there may be written in that base.
func Read(step int, text string, otherBase bool, tactic string) []obligation.Obligation {
	if otherBase || len(text) > maxText || !hasBar(text) || OtherBase(text) {
		return nil
	}
	var out []obligation.Obligation
	rgs := mathtext.TextRegions(text)
	for k, rg := range rgs {
		if len(out) >= maxOut {
			break
		}
		if rg.E-rg.S > maxRegion || !hasBar(text[rg.S:rg.E]) {
			continue
		}
		if vetoRE.MatchString(strings.ToLower(mathtext.SentenceAround(text, rg.OS, rg.CE))) {
			continue
		}
		if k > 0 {
			if o, ok := readWords(step, text, rgs[k-1], rg, tactic); ok {
				out = append(out, o)
				continue
			}
		}
		for _, p := range mathtext.ClaimPieces(text, rg.S, rg.E, hasBar) {
			if o, ok := decidePiece(step, text, p[0], p[1], tactic); ok && len(out) < maxOut {
				out = append(out, o)
			}
		}
	}
	return out
}

// baseRE is a base named with its number or name ("base 5", "base-$b$",
// "base \\(k\\)"), a radix, or a number system other than ten by name.
var baseRE = regexp.MustCompile(`\bbase[\s~\-]*(?:\$|\\\(|\{)*\s*(\d+|[a-z]|two|three|four|five|six|seven|eight|nine|eleven|twelve|sixteen)\b|\bradix\b|\b(?:binary|ternary|quaternary|quinary|senary|septenary|octal|nonary|duodecimal|hexadecimal|sexagesimal)\b`)

// OtherBase reports a base other than ten named in text: "base 5",
// "base-\\(b\\)", "in binary", "a radix". "base 10" and "base ten" are
// not another base. Plain search first: most texts never say "base" nor
// name a number system.
func OtherBase(text string) bool {
	if len(text) > maxText {
		return true // not read: as if it named one
	}
	low := strings.ToLower(text)
	if !mathtext.HasAny(low, "base", "radix", "binary", "ary", "octal", "decimal", "sexagesimal") {
		return false
	}
	for _, m := range baseRE.FindAllStringSubmatch(low, -1) {
		if m[1] != "10" {
			return true
		}
	}
	return false
}

// hasBar reports an \overline or a \bar command in s.
func hasBar(s string) bool {
	return strings.Contains(s, `\overline`) || strings.Contains(s, `\bar`)
}

// member is one side of an "=" chain: where it is and its text.
type member struct {
	s, e int
	raw  string
}

// decidePiece reads text[s:e] as an "=" chain and refutes the first
// false link between a repeating decimal and a closed rational member.
func decidePiece(step int, text string, s, e int, tactic string) (obligation.Obligation, bool) {
	if otherRelRE.MatchString(text[s:e]) {
		return obligation.Obligation{}, false
	}
	var ms []member
	for _, m := range mathtext.EqualsMembers(text, s, e) {
		ms = append(ms, member{s: m[0], e: m[1], raw: text[m[0]:m[1]]})
	}
	if len(ms) < 2 || len(ms) > maxMembers {
		return obligation.Obligation{}, false
	}
	for k := 0; k+1 < len(ms); k++ {
		a, b := ms[k], ms[k+1]
		if !hasBar(a.raw) && !hasBar(b.raw) {
			continue
		}
		va, ok := closedValue(a.raw)
		if !ok {
			continue
		}
		vb, ok := closedValue(b.raw)
		if !ok || va.Cmp(vb) == 0 {
			continue
		}
		return refutation(step, text, a.s, b.e, a.raw, b.raw, va, vb, tactic), true
	}
	return obligation.Obligation{}, false
}

// readWords reads "the decimal expansion of \(X\) is \(D\)" and "\(X\) as
// a decimal is \(D\)": val is X's region, dec D's, alone in its math.
func readWords(step int, text string, val, dec mathtext.Region, tactic string) (obligation.Obligation, bool) {
	d, ok := Parse(text[dec.S:dec.E])
	if !ok || val.E-val.S > maxRegion {
		return obligation.Obligation{}, false
	}
	between := strings.ToLower(text[val.CE:dec.OS])
	if len(between) > 80 {
		return obligation.Obligation{}, false
	}
	lead := strings.ToLower(text[max(0, val.OS-80):val.OS])
	switch {
	case isRE.MatchString(between) && expansionBeforeRE.MatchString(lead):
	case expansionAfterRE.MatchString(between):
	default:
		return obligation.Obligation{}, false
	}
	raw := text[val.S:val.E]
	if otherRelRE.MatchString(raw) || strings.Contains(raw, "=") {
		return obligation.Obligation{}, false
	}
	v, ok := closedValue(raw)
	if !ok || v.Cmp(d.Val) == 0 {
		return obligation.Obligation{}, false
	}
	return refutation(step, text, val.OS, dec.CE, raw, d.Text, v, d.Val, tactic), true
}

// closedValue reads a member closed and rational, its repeating
// decimals replaced by their values as fractions; a member with a decimal
// point left after that (a terminating decimal, perhaps a rounding) or a
// bar not over the digits of a repeating decimal is not read.
func closedValue(raw string) (*big.Rat, bool) {
	s := strings.TrimRight(strings.TrimSpace(raw), ".,")
	s, ok := substitute(s)
	if !ok || s == "" || hasBar(s) || decimalRE.MatchString(s) {
		return nil, false
	}
	e, err := symexpr.Read(s)
	if err != nil || len(symexpr.Vars(e, map[string]bool{}, nil)) > 0 {
		return nil, false
	}
	v, err := symexpr.EvalSurd(e)
	if err != nil {
		return nil, false
	}
	r, ok := v.Rat()
	if !ok || r.Num().BitLen()+r.Denom().BitLen() > 1024 {
		return nil, false
	}
	return r, true
}

// substitute replaces each repeating decimal of s by its value as a
// fraction in brackets, "(\frac{p}{q})"; false when a bar follows digits
// that are not a whole decimal (a letter or a point before them).
func substitute(s string) (string, bool) {
	var b strings.Builder
	from := 0
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || !strings.HasPrefix(s[i:], `\overline`) && !strings.HasPrefix(s[i:], `\bar`) {
			continue
		}
		// the digits, the point and the whole digits before the bar
		j := i
		for j > from && mathtext.IsDigit(s[j-1]) {
			j--
		}
		if j == from || s[j-1] != '.' {
			return "", false
		}
		j--
		w := j
		for w > from && mathtext.IsDigit(s[w-1]) {
			w--
		}
		if w == j || w > 0 && (mathtext.IsASCIILetter(s[w-1]) || s[w-1] == '.' || s[w-1] == ',' || s[w-1] == '_' || s[w-1] == '^') {
			return "", false
		}
		k := strings.IndexByte(s[i:], '}')
		if k < 0 {
			return "", false
		}
		end := i + k + 1
		d, ok := Parse(s[w:end])
		if !ok || end < len(s) && (mathtext.IsDigit(s[end]) || mathtext.IsASCIILetter(s[end]) || s[end] == '.' || s[end] == '_' || s[end] == '^') {
			return "", false
		}
		b.WriteString(s[from:w])
		fmt.Fprintf(&b, `(\frac{%s}{%s})`, d.Val.Num(), d.Val.Denom())
		from = end
		i = end - 1
	}
	b.WriteString(s[from:])
	return b.String(), true
}

// refutation is the obligation that the members ra and rb (values va and
// vb) are equal, spanning text[s:e].
func refutation(step int, text string, s, e int, ra, rb string, va, vb *big.Rat, tactic string) obligation.Obligation {
	ra, rb = strings.TrimSpace(ra), strings.TrimSpace(rb)
	o := obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, s, e), Kind: obligation.KindEquality,
		OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
	o.Expr = ra + " = " + rb
	o.Prop = listcond.RatTerm(va) + " = " + listcond.RatTerm(vb)
	o.Lean, o.LeanNeg = arith.Declarations(o.Prop, tactic)
	o.Note = "a repeating decimal in an equality of closed numbers: the decimal is exact notation (the block under the bar repeats for ever), its value a rational computed exactly"
	o.WhyProof = "both sides are one rational"
	o.WhyDisproof = fmt.Sprintf("%s is %s, but %s is %s", ra, arith.RatString(va), rb, arith.RatString(vb))
	return o
}

// Decimal is a repeating decimal read: its text and exact value.
type Decimal struct {
	Text string
	Val  *big.Rat
}

// Parse reads s, trimmed of spaces and a final full stop or comma, as a
// repeating decimal alone: an optional minus sign, whole digits, a
// decimal point, the digits that do not repeat and the repeating block in
// \overline{…} or \bar{…}, nothing else.
func Parse(raw string) (Decimal, bool) {
	s := strings.TrimRight(strings.TrimSpace(raw), ".,")
	s = strings.TrimSpace(s)
	neg := false
	if strings.HasPrefix(s, "-") {
		neg, s = true, strings.TrimSpace(s[1:])
	}
	i := 0
	for i < len(s) && mathtext.IsDigit(s[i]) {
		i++
	}
	whole := s[:i]
	if whole == "" || i >= len(s) || s[i] != '.' {
		return Decimal{}, false
	}
	i++
	j := i
	for j < len(s) && mathtext.IsDigit(s[j]) {
		j++
	}
	fixed := s[i:j]
	rest := s[j:]
	var cmd string
	switch {
	case strings.HasPrefix(rest, `\overline`):
		cmd = `\overline`
	case strings.HasPrefix(rest, `\bar`):
		cmd = `\bar`
	default:
		return Decimal{}, false
	}
	rest = strings.TrimLeft(rest[len(cmd):], " ")
	if !strings.HasPrefix(rest, "{") || !strings.HasSuffix(rest, "}") {
		return Decimal{}, false
	}
	block := rest[1 : len(rest)-1]
	if block == "" || len(whole)+len(fixed)+len(block) > maxDigits {
		return Decimal{}, false
	}
	for k := 0; k < len(block); k++ {
		if !mathtext.IsDigit(block[k]) {
			return Decimal{}, false
		}
	}
	v := value(whole, fixed, block)
	if neg {
		v.Neg(v)
	}
	text := whole + "." + fixed + cmd + "{" + block + "}"
	if neg {
		text = "-" + text
	}
	return Decimal{Text: text, Val: v}, true
}

// value is whole.fixed(block repeating) exactly: whole + fixed/10^f +
// block/(10^f·(10^b − 1)).
func value(whole, fixed, block string) *big.Rat {
	ten := big.NewInt(10)
	w, _ := new(big.Int).SetString(whole, 10)
	v := new(big.Rat).SetInt(w)
	pf := new(big.Int).Exp(ten, big.NewInt(int64(len(fixed))), nil)
	if fixed != "" {
		f, _ := new(big.Int).SetString(fixed, 10)
		v.Add(v, new(big.Rat).SetFrac(f, pf))
	}
	b, _ := new(big.Int).SetString(block, 10)
	den := new(big.Int).Exp(ten, big.NewInt(int64(len(block))), nil)
	den.Sub(den, big.NewInt(1))
	den.Mul(den, pf)
	return v.Add(v, new(big.Rat).SetFrac(b, den))
}
