package outcome

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/leanprm/leanprm/hybrid/outcome/internal/choice"
	"github.com/leanprm/leanprm/hybrid/outcome/internal/expr"
	"github.com/leanprm/leanprm/hybrid/outcome/internal/units"
	"github.com/leanprm/leanprm/translate/algebra"
)

// kind is the shape of a parsed answer.
type kind uint8

const (
	kBad      kind = iota // not understood; err says why
	kExpr                 // a number or an expression, maybe assigned (x = 5)
	kTuple                // ordered: (a, b), a vector, x = 1, y = 2
	kSet                  // unordered: {a, b}, a bare list, x = 1 or x = 2, a ± b
	kInterval             // a union of intervals
	kEmpty                // ∅, no solution
	kChoice               // a multiple-choice letter
	kText                 // words
	kEquation             // an equation that is not an assignment
)

// form is one answer, parsed and evaluated once. Values are immutable
// after parse, so a Grader caches and shares them.
type form struct {
	kind kind
	norm string
	err  error
	n    *expr.Node
	name string // the variable assigned (x = 5), "" when none
	// bound: the variable of a function written f(t) = …, renamed when two functions
	// are compared
	bound string
	paren bool // a tuple written in parentheses: "(a, b)" may be an open interval
	// bare: a set written as a bare comma list ("1, 2"), which may also be read as the
	// tuple in the order written; a set in braces, "x = 1 or x = 2", a ± b are sets only
	bare bool
	// approx: written as an approximation (≈ 3.14, 0.333...): a decimal
	// that only starts the value.
	approx bool
	// unit: the unit a kExpr's number is written in (nil for a bare number), and dim the
	// dimension of its value, which val holds in the dimension's base unit (2.5 m and
	// 250 cm are both 5/2 in metres; 30° is π/6 radians).
	unit *units.Unit
	dim  units.Dim
	// comma: for "3,5", the number it is with a decimal comma (the form is the list)
	comma *form
	// noun: words after the number that are no unit ("22 apples"), compared as words
	noun  string
	elems []*form
	ivs   []interval
	text  string
	vocab string
	// the value of a kExpr: inf is ±1 for ±∞; val when it has no free
	// variable, r when it has (valErr/rErr say why not).
	inf     int
	hasVar  bool
	val     num
	valErr  error
	r       algebra.Rat
	rErr    error
	lhs     *expr.Node // kEquation
	mixed   bool       // contains a mixed number (2\frac12 read as 5/2)
	decTok  *expr.Token
	decNeg  bool
	lhsForm *form
	rhsForm *form
	valStr  string // val.String(), computed once
}

// unitWordsOf applies the words after an answer that change its value: a multiplier
// ("1.5 million"), then a unit ("cm", "square feet", "km/h", "percent", "degrees"), which
// wraps the tree in a UnitOf node; words that are no unit are returned as the answer's noun.
func unitWordsOf(n *expr.Node, words []string) (*expr.Node, []string) {
	i := 0
	for i < len(words) && expr.Multipliers[strings.ToLower(words[i])] != 0 {
		n = &expr.Node{Kind: expr.Mul, Kids: []*expr.Node{n, {Kind: expr.Number, Tok: &expr.Token{Kind: expr.NumberToken, Text: fmt.Sprint(expr.Multipliers[strings.ToLower(words[i])])}}}}
		i++
	}
	words = words[i:]
	if len(words) == 0 {
		return n, nil
	}
	// the longest run of words that is a unit ("3 pairs of shoes": pairs); the words after
	// it are the noun
	for k := len(words); k > 0; k-- {
		if _, ok := units.Parse(words[:k]); ok {
			return withUnit(n, strings.Join(words[:k], " ")), words[k:]
		}
	}
	return n, words
}

// withUnit puts a unit on the value a tree states: the right side of an assignment (x = 5
// cm), the whole expression otherwise; nil after a list, a tuple or a set, where a unit is
// not read.
func withUnit(n *expr.Node, unit string) *expr.Node {
	switch n.Kind {
	case expr.Relation:
		if n.Text == "=" && len(n.Kids) == 2 {
			rhs := withUnit(n.Kids[1], unit)
			if rhs == nil {
				return nil
			}
			c := *n
			c.Kids = []*expr.Node{n.Kids[0], rhs}
			return &c
		}
	case expr.List, expr.Or, expr.Group, expr.Matrix, expr.Union, expr.PlusMinus, expr.EmptySet:
		if n.Kind != expr.Group || len(n.Kids) != 1 {
			return nil
		}
	}
	return &expr.Node{Kind: expr.UnitOf, Text: unit, Kids: []*expr.Node{n}}
}

type bound struct {
	inf    int // -1, +1 for ±∞, 0 for a value
	v      num
	closed bool
}

type interval struct{ lo, hi bound }

// closed vocabularies: two different words of one are different answers.
var vocab = map[string]string{
	"yes": "yes/no", "no": "yes/no", "true": "true/false", "false": "true/false",
	"even": "even/odd", "odd": "even/odd",
}

// qualifiers after a number change what it says ("5 or more", "at
// least 3"): such an answer is not understood rather than read as 5.
var qualifiers = map[string]bool{
	"more": true, "less": true, "fewer": true, "than": true, "times": true, "not": true, "least": true,
	"most": true, "only": true, "about": true, "approximately": true, "nearly": true, "almost": true,
	"over": true, "under": true, "minus": true, "plus": true, "each": true, "every": true, "remainder": true,
	"left": true, "remaining": true, "extra": true, "ago": true, "later": true, "earlier": true, "before": true,
	"after": true, "off": true, "discount": true, "increase": true, "decrease": true, "loss": true, "profit": true,
}

// allReals are ways of writing the set of all real numbers.
var allReals = map[string]bool{
	"\\mathbb{R}": true, "\\mathbb R": true, "ℝ": true, "x \\in \\mathbb{R}": true, "all real numbers": true,
	"\\text{all real numbers}": true, "(-\\infty, \\infty)": true, "\\mathbb{R} ": true,
}

// special are answers that are values of their own: distinct from each other, from no
// solution and from every number.
var special = map[string]string{
	"infinitely many": "infinitely many", "infinitely many solutions": "infinitely many", "infinite": "infinitely many",
	"infinitely many values": "infinitely many", "infinite solutions": "infinitely many", "an infinite number": "infinitely many",
	"infinitely many real solutions": "infinitely many", "there are infinitely many solutions": "infinitely many",
	"undefined": "undefined", "does not exist": "undefined", "dne": "undefined", "not defined": "undefined",
	"the limit does not exist": "undefined", "it is undefined": "undefined",
}

// emptyWords: answers that state there is no solution.
var emptyWords = map[string]bool{
	"no solution": true, "no solutions": true, "none": true, "no real solutions": true, "no real solution": true,
	"empty set": true, "the empty set": true, "no such": true, "there is no solution": true, "no real roots": true,
}

// parse reads one answer. It never fails: an answer it does not
// understand is a kBad form whose err says why.
func parse(raw string) *form {
	f := parseText(raw)
	if f.kind == kBad && f.text == "" && utf8.ValidString(raw) {
		// the whole text, for "identical as written" (norm is cut short)
		f.text = strip(raw)
	}
	return f
}

func parseText(raw string) *form {
	if !utf8.ValidString(raw) {
		return &form{kind: kBad, norm: "", err: fmt.Errorf("%w: not valid UTF-8", errUnsupported)}
	}
	if len(raw) > MaxAnswerBytes {
		return &form{kind: kBad, norm: truncate(raw, 80), err: fmt.Errorf("%w: an answer of %d bytes (the limit is %d)", errTooLarge, len(raw), MaxAnswerBytes)}
	}
	s := strip(raw)
	if s == "" {
		return &form{kind: kBad, norm: "", err: fmt.Errorf("%w: an empty answer", errUnsupported)}
	}
	if f := fastNumber(s); f != nil {
		return f
	}
	if decimalComma(s) {
		// "3,5": the list {3, 5}, or 3.5 with a decimal comma; compare keeps both in mind
		f := parseText(strings.Replace(s, ",", ", ", 1))
		f.comma = fastNumber(strings.Replace(s, ",", ".", 1))
		return f
	}
	if allReals[s] {
		iv := interval{lo: bound{inf: -1}, hi: bound{inf: 1}}
		return &form{kind: kInterval, ivs: []interval{iv}, norm: renderIntervals([]interval{iv})}
	}
	if c, ok := choice.Letter(s); ok {
		return &form{kind: kChoice, text: c, norm: "(" + c + ")"}
	}
	if c, rest, ok := choice.WithValue(s); ok {
		v := parseText(rest)
		if v.kind != kBad && v.kind != kChoice {
			return &form{kind: kChoice, text: c, norm: "(" + c + ") " + v.norm, elems: []*form{v}}
		}
	}
	toks, lexErr := expr.Lex(s)
	if f := wordsForm(s, toks, lexErr); f != nil {
		return f
	}
	if lexErr != nil {
		return &form{kind: kBad, norm: truncate(s, 200), err: lexErr}
	}
	n, words, err := expr.ParseTokens(toks)
	if err != nil {
		return &form{kind: kBad, norm: truncate(s, 200), err: err}
	}
	for _, u := range words {
		if qualifiers[strings.ToLower(u)] {
			return &form{kind: kBad, norm: truncate(s, 200), err: fmt.Errorf("%w: the words %q change the answer", errUnsupported, strings.Join(words, " "))}
		}
	}
	n, words = unitWordsOf(n, words)
	if n == nil {
		return &form{kind: kBad, norm: truncate(s, 200), err: fmt.Errorf("%w: a unit after a list", errUnsupported)}
	}
	f := build(n, 0)
	if f.kind == kBad && f.norm == "" {
		f.norm = truncate(s, 200)
	}
	if len(words) > 0 {
		u := normNoun(words)
		if f.kind != kExpr && u != "" {
			return &form{kind: kBad, norm: truncate(s, 200), err: fmt.Errorf("%w: words after a list", errUnsupported)}
		}
		f.noun = u
		if u != "" {
			f.norm += " " + u
		}
	}
	return f
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := n
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + "…"
}

// strip removes what wraps an answer: math delimiters, \boxed, a final
// full stop, "x \approx" is kept.
func strip(s string) string {
	for range 8 {
		before := s
		s = strings.TrimSpace(s)
		if !strings.HasSuffix(s, "...") {
			s = strings.TrimRight(s, ".。 \t\n")
		}
		for _, p := range [][2]string{{"$$", "$$"}, {"$", "$"}, {"\\(", "\\)"}, {"\\[", "\\]"}, {"**", "**"}} {
			if len(s) >= len(p[0])+len(p[1]) && strings.HasPrefix(s, p[0]) && strings.HasSuffix(s, p[1]) {
				s = s[len(p[0]) : len(s)-len(p[1])]
			}
		}
		for _, cmd := range []string{"\\boxed", "\\fbox", "\\framebox"} {
			if strings.HasPrefix(s, cmd) {
				if arg, next, ok := expr.Braced(s, len(cmd)); ok && strings.TrimSpace(s[next:]) == "" {
					s = arg
				}
			}
		}
		if s == before {
			break
		}
	}
	return s
}

// wordsForm recognises an answer made of words: text, a closed
// vocabulary, or a statement that there is no solution.
func wordsForm(s string, toks []expr.Token, lexErr error) *form {
	words := 0
	var parts []string
	if lexErr == nil {
		for _, t := range toks {
			switch {
			case t.Kind == expr.WordToken:
				words++
				parts = append(parts, strings.ToLower(t.Text))
			case t.Kind == expr.IdentToken && len(t.Text) == 1:
				parts = append(parts, strings.ToLower(t.Text))
			case t.Kind == expr.OpToken && (t.Text == "," || t.Text == "'" || t.Text == "-" || t.Text == ":" || t.Text == "or" || t.Text == "and"):
				if t.Text == "or" || t.Text == "and" {
					parts = append(parts, t.Text)
				}
			default:
				return nil
			}
		}
	} else {
		// text the lexer does not read (punctuation, other scripts)
		for _, r := range s {
			if r < utf8.RuneSelf && (expr.IsDigit(byte(r)) || strings.ContainsRune("+*/^=<>\\{}", r)) {
				return nil
			}
		}
		words = 1
		parts = strings.Fields(strings.ToLower(s))
	}
	if words == 0 {
		return nil
	}
	text := strings.Join(parts, " ")
	if v, ok := expr.WordsNumber(parts); ok {
		return buildExpr(&expr.Node{Kind: expr.Number, Tok: &expr.Token{Kind: expr.NumberToken, Text: v.RatString()}})
	}
	if special[text] != "" {
		return &form{kind: kText, text: special[text], vocab: "special", norm: special[text]}
	}
	if text == "all real numbers" || text == "all reals" || text == "r" && strings.Contains(s, "mathbb") {
		iv := interval{lo: bound{inf: -1}, hi: bound{inf: 1}}
		return &form{kind: kInterval, ivs: []interval{iv}, norm: renderIntervals([]interval{iv})}
	}
	if emptyWords[text] {
		return &form{kind: kEmpty, norm: "∅"}
	}
	return &form{kind: kText, text: text, vocab: vocab[text], norm: text}
}

// normNoun renders the words after a number that are no unit, singular and lower case.
func normNoun(words []string) string {
	var kept []string
	for _, u := range words {
		l := strings.ToLower(u)
		if l == "us" { // US dollars
			continue
		}
		if len(l) > 3 && strings.HasSuffix(l, "s") && !strings.HasSuffix(l, "ss") {
			l = strings.TrimSuffix(l, "s")
		}
		kept = append(kept, l)
	}
	return strings.Join(kept, " ")
}

// fastNumber reads the commonest answer, a plain number (-1,234.50, $18),
// without the lexer and parser; anything else returns nil. It reads what
// the full path would.
func fastNumber(s string) *form {
	i := 0
	if strings.HasPrefix(s, "\\$") {
		i = 2
	} else if strings.HasPrefix(s, "$") {
		i = 1
	}
	neg := false
	if i < len(s) && s[i] == '-' {
		neg, i = true, i+1
	}
	start := i
	digits := 0
	for i < len(s) && expr.IsDigit(s[i]) {
		i++
		digits++
	}
	if digits == 0 || digits > 3 && i < len(s) && s[i] == ',' {
		return nil
	}
	var b []byte
	if i < len(s) && s[i] == ',' {
		b = append(b, s[start:i]...)
		for i < len(s) && s[i] == ',' {
			if i+4 > len(s) || !expr.IsDigit(s[i+1]) || !expr.IsDigit(s[i+2]) || !expr.IsDigit(s[i+3]) || i+4 < len(s) && expr.IsDigit(s[i+4]) {
				return nil
			}
			b = append(b, s[i+1:i+4]...)
			i += 4
		}
	}
	dot := false
	if i < len(s) && s[i] == '.' {
		if i+1 >= len(s) || !expr.IsDigit(s[i+1]) {
			return nil
		}
		dot = true
		j := i + 1
		for j < len(s) && expr.IsDigit(s[j]) {
			j++
		}
		if b != nil {
			b = append(b, s[i:j]...)
		}
		i = j
	}
	if i != len(s) || len(s) > maxDigits {
		return nil
	}
	text := s[start:i]
	if b != nil {
		text = string(b)
	}
	tok := &expr.Token{Kind: expr.NumberToken, Text: text, Dot: dot}
	r, err := literal(tok)
	if err != nil {
		return nil
	}
	if neg {
		r.Neg(r)
	}
	v := numRat(r)
	str := v.String()
	f := &form{kind: kExpr, n: &expr.Node{Kind: expr.Number, Tok: tok}, val: v, norm: str, valStr: str, decTok: tok, decNeg: neg}
	if i := strings.IndexByte(s, '$'); i >= 0 && i < start { // $18: dollars
		f.unit, f.dim, f.norm = &units.Dollar, units.Dollar.Dim, "$"+str
		f.n = &expr.Node{Kind: expr.UnitOf, Text: "$", Kids: []*expr.Node{f.n}}
	}
	return f
}

// decimalComma reports an answer that is two digit runs joined by a comma with no space
// ("3,5", "-0,25"), other than a thousands separator: a decimal comma or a list of two.
func decimalComma(s string) bool {
	s = strings.TrimPrefix(s, "-")
	i := strings.IndexByte(s, ',')
	if i <= 0 || i == len(s)-1 || len(s)-i-1 == 3 {
		return false
	}
	for j := 0; j < len(s); j++ {
		if j != i && !expr.IsDigit(s[j]) {
			return false
		}
	}
	return true
}
