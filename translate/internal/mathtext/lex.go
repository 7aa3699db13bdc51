package mathtext

import (
	"math/big"
	"regexp"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/leanprm/leanprm/translate/algebra"
)

// The lexer turns a step into tokens. It knows three things a reader of
// mixed prose and LaTeX knows: where math mode starts and ends (\( \),
// \[ \], $ $, $$ $$, math environments), that a dollar sign before a
// number outside math mode is money, and which marks are operators. It
// never decides whether a claim is checkable: tokens it cannot read
// become tPoison, which makes the side of a relation they sit in
// unusable without splitting it.

// TokKind is what a token is.
type TokKind uint8

const (
	TNum    TokKind = iota + 1
	TVar            // a one-letter name (math mode), or a name candidate (prose, decided later)
	TOp             // + - * / ^
	TRel            // = ≠ < > ≤ ≥ ≈
	TOpen           // ( [ {
	TClose          // ) ] }
	TFrac           // \frac \dfrac \tfrac
	TSqrt           // \sqrt √
	TWord           // a prose word, lower-cased
	TSep            // a boundary no claim crosses
	TPoison         // something that makes the enclosing side unreadable
	tBoxed          // \boxed{…} and other groups left alone
)

// Tok is a token of a step. Its fields are ordered by size, so that the
// small ones share a word: a step's tokens and runs are most of the bytes
// translate allocates.
type Tok struct {
	S, E        int    // byte span in the step
	Text        string // operator, relation, bracket, word, separator kind or poison reason
	Src         string // the source spelling of an operator ("÷", "x", "\\times", "of")
	Num         *NumLit
	K           TokKind
	Math        bool // inside math mode
	SpaceBefore bool // whitespace (or a math boundary) before it
}

// NumLit is a numeric literal as written.
type NumLit struct {
	Val      *big.Rat
	Canon    string // decimal spelling for Lean, e.g. "0.5" for ".5", "1234" for "1,234"
	Dec      int    // digits after the point as shown
	IntLit   bool   // no point, no exponent
	Percent  bool
	Currency bool
	Ellipsis bool // followed by ... (a truncated expansion)
}

// Separator kinds.
const (
	SepSentence = "sentence"
	sepClause   = "clause"
	SepMath     = "math"
	sepArrow    = "arrow"
	SepQuestion = "question"
	SepColon    = "colon"
	SepNewline  = "newline"
)

type lexer struct {
	s           string
	base        int // offset of s in the step (for \text{} contents)
	toks        []Tok
	math        bool
	close       string // what ends the current math region: `\)`, `\]`, "$", "$$", or `\end{env}`
	dollarClose int
	sp          bool
	lineStart   bool
	maxDigits   int
}

// boxedNumberRE matches a boxed answer that is one plain number, money
// or not: \boxed{43000}, \boxed{\$1,250.50}, \boxed{-3}.
var boxedNumberRE = regexp.MustCompile(`^\s*(\\\$|\$)?\s*-?[0-9][0-9,]*(\.[0-9]+)?\s*$`)

func Lex(s string, maxDigits int) []Tok {
	// The tokens are read into a scratch slice kept between calls and copied
	// out at their exact length: a step holds about one token in five of its
	// bytes, and a slice sized for the worst case up front (one in two) was a
	// fifth of all the bytes translate allocated.
	var out []Tok
	WithTokens(s, maxDigits, func(toks []Tok) {
		out = make([]Tok, len(toks))
		copy(out, toks)
	})
	return out
}

// WithTokens calls f with the tokens Lex reads from s, in a scratch slice
// that is reused once f returns: f must keep no token slice (it may keep
// the tokens' strings and numbers). A caller that only reads the tokens
// once (a problem's moduli) so takes no copy of them.
func WithTokens(s string, maxDigits int, f func([]Tok)) {
	scratch := tokScratch.Get().(*[]Tok)
	l := &lexer{s: s, lineStart: true, maxDigits: maxDigits, toks: (*scratch)[:0]}
	l.run(0, len(s))
	f(l.toks)
	if cap(l.toks) <= maxScratchToks {
		clear(l.toks) // the pool holds no step's text
		*scratch = l.toks[:0]
		tokScratch.Put(scratch)
	}
}

// tokScratch holds the slices Lex reads tokens into; maxScratchToks is the
// largest it keeps, so that one huge step does not pin its memory.
var tokScratch = sync.Pool{New: func() any { s := make([]Tok, 0, 256); return &s }}

const maxScratchToks = 1 << 14

func (l *lexer) emit(t Tok) {
	t.SpaceBefore = t.SpaceBefore || l.sp
	t.Math = l.math
	t.S += l.base
	t.E += l.base
	l.toks = append(l.toks, t)
	l.sp = false
	l.lineStart = false
}

func (l *lexer) sep(s, e int, kind string) {
	l.emit(Tok{K: TSep, S: s, E: e, Text: kind})
	l.sp = true
}

// open marks the separator just emitted as the start of math mode.
func (l *lexer) open() { l.toks[len(l.toks)-1].Src = "open" }

func (l *lexer) poison(s, e int, why string) {
	l.emit(Tok{K: TPoison, S: s, E: e, Text: why})
}

func IsDigit(b byte) bool { return b >= '0' && b <= '9' }

func IsASCIILetter(b byte) bool { return (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') }

func (l *lexer) at(i int) byte {
	if i >= 0 && i < len(l.s) {
		return l.s[i]
	}
	return 0
}

var mathEnvs = map[string]bool{
	"align": true, "align*": true, "equation": true, "equation*": true, "gather": true,
	"gather*": true, "multline": true, "multline*": true, "eqnarray": true, "eqnarray*": true,
	"displaymath": true, "math": true, "alignat": true, "alignat*": true, "flalign": true, "flalign*": true,
}

// innerEnvs only structure math already open.
var innerEnvs = map[string]bool{"aligned": true, "split": true, "gathered": true, "alignedat": true}

func (l *lexer) run(i, end int) {
	for i < end {
		c := l.s[i]
		// The end of the current math region.
		if l.math && l.close != "" && l.closesHere(i) {
			n := len(l.close)
			l.sep(i, i+n, SepMath)
			l.math = false
			l.close = ""
			i += n
			continue
		}
		switch {
		case c == ' ' || c == '\t' || c == '\r':
			l.sp = true
			i++
		case c == '\n':
			if !l.math {
				l.sep(i, i+1, SepNewline)
				l.lineStart = true
			}
			l.sp = true
			i++
		case IsDigit(c) || (c == '.' && IsDigit(l.at(i+1)) && !IsDigit(l.at(i-1)) && (!IsASCIILetter(l.at(i-1)) || l.at(i-1) == 'x' || l.at(i-1) == 'X')):
			i = l.number(i, false)
		case c == '\\':
			i = l.command(i)
		case c == '$':
			i = l.dollar(i)
		case c < utf8.RuneSelf && IsASCIILetter(c):
			i = l.letters(i)
		case c >= utf8.RuneSelf:
			i = l.unicode(i)
		default:
			i = l.punct(i)
		}
	}
}

func (l *lexer) closesHere(i int) bool {
	switch l.close {
	case "$":
		return i == l.dollarClose
	case "$$":
		return strings.HasPrefix(l.s[i:], "$$")
	default:
		return strings.HasPrefix(l.s[i:], l.close)
	}
}

// dollar handles $: display math, inline math by the pandoc rule (an
// opening $ has a non-space after it; a closing $ has a non-space before
// it and no digit after it), or money.
func (l *lexer) dollar(i int) int {
	if l.math {
		// A stray $ inside another math region.
		l.poison(i, i+1, "stray $")
		return i + 1
	}
	if strings.HasPrefix(l.s[i:], "$$") {
		if j := strings.Index(l.s[i+2:], "$$"); j >= 0 {
			l.sep(i, i+2, SepMath)
			l.open()
			l.math, l.close = true, "$$"
			return i + 2
		}
		l.sep(i, i+2, sepClause)
		return i + 2
	}
	if j := l.inlineClose(i); j > 0 {
		l.sep(i, i+1, SepMath)
		l.open()
		l.math, l.close, l.dollarClose = true, "$", j
		return i + 1
	}
	// Money: $12, $ 12, $.50
	if k, ok := l.money(i, i+1); ok {
		return k
	}
	l.sep(i, i+1, sepClause)
	return i + 1
}

// money lexes the amount after a dollar sign that starts at i and ends
// at after; ok is false when no number follows.
func (l *lexer) money(i, after int) (int, bool) {
	j := after
	for j < len(l.s) && l.s[j] == ' ' && j-after < 2 {
		j++
	}
	if !IsDigit(l.at(j)) && !(l.at(j) == '.' && IsDigit(l.at(j+1))) {
		return 0, false
	}
	start := len(l.toks)
	k := l.number(j, true)
	if len(l.toks) > start && l.toks[start].K == TNum {
		l.toks[start].S = i + l.base
	}
	return k, true
}

func (l *lexer) inlineClose(i int) int {
	if i+1 >= len(l.s) {
		return -1
	}
	if r, _ := utf8.DecodeRuneInString(l.s[i+1:]); unicode.IsSpace(r) {
		return -1
	}
	words := 0
	for j := i + 1; j < len(l.s) && j-i < 1500; j++ {
		switch c := l.s[j]; {
		case c == '\\':
			j++ // skip the escaped character (\$ is money inside math)
			words = 0
		case c == '\n' && l.at(j+1) == '\n':
			return -1
		case c == '$':
			if !unicode.IsSpace(rune(l.s[j-1])) && !IsDigit(l.at(j+1)) {
				return j
			}
			return -1
		case IsASCIILetter(c):
			k := j
			for k < len(l.s) && IsASCIILetter(l.s[k]) {
				k++
			}
			if k-j >= 2 && (j == 0 || l.s[j-1] != '\\') {
				words++
				if words >= 3 {
					return -1 // prose between two dollar signs: money, not math
				}
			}
			j = k - 1
		case c == ' ':
		default:
			words = 0
		}
	}
	return -1
}

// number lexes a literal with thousands separators, decimals, a leading
// point (.5), scientific notation (prose only), a trailing ellipsis and a
// percent sign.
func (l *lexer) number(i int, currency bool) int {
	s := l.s
	start := i
	// b is the canonical spelling once it is not s[start:j] (a separator
	// dropped, a 0 before a leading point); nil while it is, so that most
	// numbers take their spelling from the step without a copy.
	var b []byte
	j := i
	for j < len(s) && IsDigit(s[j]) {
		j++
	}
	digits := j - i
	intDigits := digits
	bad := ""
	// Thousands separators: 1,234 or 1{,}234, groups of exactly three
	// after a first group of one to three digits.
	for {
		sepLen := 0
		if l.at(j) == ',' {
			sepLen = 1
		} else if strings.HasPrefix(s[j:], "{,}") {
			sepLen = 3
		}
		if sepLen == 0 || !IsDigit(l.at(j+sepLen)) {
			break
		}
		k := j + sepLen
		for k < len(s) && IsDigit(s[k]) {
			k++
		}
		if k-(j+sepLen) == 3 && intDigits >= 1 && intDigits <= 3 {
			if b == nil {
				b = append(make([]byte, 0, 32), s[start:j]...)
			}
			b = append(b, s[j+sepLen:k]...)
			digits += 3
			j = k
			continue
		}
		if sepLen == 1 {
			// 1,5 or 1,2345: a European decimal or a list without spaces.
			bad = "comma between digits that is not a thousands separator"
			j = k
		}
		break
	}
	dec := 0
	intLit := true
	if l.at(j) == '.' && IsDigit(l.at(j+1)) {
		intLit = false
		if b == nil && j == start {
			b = append(make([]byte, 0, 32), '0')
		}
		k := j + 1
		for k < len(s) && IsDigit(s[k]) {
			k++
		}
		dec = k - j - 1
		digits += dec
		if b != nil {
			b = append(b, s[j:k]...)
		}
		j = k
	}
	canon := s[start:j]
	if b != nil {
		canon = string(b)
	}
	sci := false
	if !l.math && (l.at(j) == 'e' || l.at(j) == 'E') {
		k := j + 1
		if l.at(k) == '+' || l.at(k) == '-' {
			k++
		}
		m := k
		for m < len(s) && IsDigit(s[m]) {
			m++
		}
		if m > k && m-k <= 3 && !IsASCIILetter(l.at(m)) && (l.at(j+1) == '+' || l.at(j+1) == '-' || !intLit) {
			canon += s[j:m]
			j = m
			sci = true
			intLit = false
		}
	}
	box := &numBox{lit: NumLit{Canon: canon, Dec: dec, IntLit: intLit, Currency: currency}}
	lit := &box.lit
	if bad == "" && digits > l.maxDigits {
		bad = "number too long"
	}
	// Ellipsis right after a decimal: 0.333...
	if strings.HasPrefix(s[j:], "...") || strings.HasPrefix(s[j:], "…") {
		lit.Ellipsis = true
		if strings.HasPrefix(s[j:], "...") {
			j += 3
		} else {
			j += len("…")
		}
	} else {
		for _, cmd := range []string{`\ldots`, `\dots`, `\cdots`} {
			if strings.HasPrefix(s[j:], cmd) && !IsASCIILetter(l.at(j+len(cmd))) {
				lit.Ellipsis = true
				j += len(cmd)
				break
			}
		}
	}
	if lit.Ellipsis && lit.Dec == 0 {
		bad = "ellipsis after a whole number"
	}
	if l.at(j) == '%' {
		lit.Percent = true
		j++
	} else if strings.HasPrefix(s[j:], `\%`) {
		lit.Percent = true
		j += 2
	}
	if bad != "" {
		l.poison(start, j, bad)
		return j
	}
	v, ok := algebra.ParseQInto(&box.val, canon)
	if !ok {
		l.poison(start, j, "unreadable number")
		return j
	}
	if sci {
		// Scientific literals are rewritten: the dialect has none.
		lit.Canon = RatDecimal(v)
		if lit.Canon == "" {
			l.poison(start, j, "unreadable number")
			return j
		}
		lit.Dec = DecimalsOf(lit.Canon)
	}
	lit.Val = v
	// A repeating decimal, 0.(3) or 0.1(6) or 0.\overline{3}: not the
	// value of the digits shown, and not a product.
	if rep := l.repeating(j, dec > 0); rep > j {
		l.poison(start, rep, "a repeating decimal")
		return rep
	}
	// A symbol or a letter of another script glued to the number (6π,
	// 5‰, 2½, 0.3̅): the number is not the value written.
	if r, n := utf8.DecodeRuneInString(s[j:]); j < len(s) && r >= utf8.RuneSelf && gluedSuffix(r) {
		k := j + n
		for k < len(s) {
			r2, n2 := utf8.DecodeRuneInString(s[k:])
			if r2 < utf8.RuneSelf || !unicode.IsLetter(r2) && !unicode.Is(unicode.Mn, r2) {
				break
			}
			k += n2
		}
		l.poison(start, k, "a number glued to "+s[j:k])
		return k
	}
	// Letters glued to the number.
	if !lit.Percent && IsASCIILetter(l.at(j)) {
		k := j
		for k < len(s) && IsASCIILetter(s[k]) {
			k++
		}
		word := s[j:k]
		next := k
		for next < len(s) && s[next] == ' ' {
			next++
		}
		switch {
		case (word == "x" || word == "X") && !l.math && (IsDigit(l.at(next)) || l.at(next) == '$' || l.at(next) == '(' ||
			l.at(next) == '.' && IsDigit(l.at(next+1))):
			l.emit(Tok{K: TNum, S: start, E: j, Num: lit})
			l.emit(Tok{K: TOp, S: j, E: k, Text: "*", Src: "x"})
			return k
		case k-j == 1 && !IsDigit(l.at(k)):
			// 2x: a coefficient; the letter is lexed on its own.
			l.emit(Tok{K: TNum, S: start, E: j, Num: lit})
			return j
		default:
			l.poison(start, k, "number glued to letters")
			return k
		}
	}
	if IsDigit(l.at(j)) || l.at(j) == '.' && IsDigit(l.at(j+1)) {
		// 1.2.3 and the like
		k := j
		for k < len(s) && (IsDigit(s[k]) || s[k] == '.') {
			k++
		}
		l.poison(start, k, "unreadable number")
		return k
	}
	l.emit(Tok{K: TNum, S: start, E: j, Num: lit})
	return j
}

// repeating returns the end of a repeating-decimal mark at j ("(3)"
// after a decimal, ".(3)" or ".\overline{…}" after a whole number), or j.
func (l *lexer) repeating(j int, decimal bool) int {
	s := l.s
	k := j
	if !decimal {
		if l.at(k) != '.' {
			return j
		}
		k++
	}
	for _, cmd := range []string{`\overline`, `\dot`} {
		if strings.HasPrefix(s[k:], cmd) && !IsASCIILetter(l.at(k+len(cmd))) {
			if e := l.groupEnd(k + len(cmd)); e > k+len(cmd) {
				return e
			}
			return len(s)
		}
	}
	if l.at(k) != '(' || !IsDigit(l.at(k+1)) {
		return j
	}
	m := k + 1
	for m < len(s) && IsDigit(s[m]) {
		m++
	}
	if l.at(m) != ')' {
		return j
	}
	return m + 1
}

// gluedSuffix reports a non-ASCII rune that, glued to a number, changes
// what the number stands for: a letter (π, θ, α, µ), a combining mark
// (an overline), a vulgar fraction (2½ is a mixed number), per mille and
// per ten thousand, primes (5′ is feet or minutes). Operators, relations,
// powers, degrees, quotes and dashes are not.
func gluedSuffix(r rune) bool {
	switch r {
	case '‰', '‱', '′', '″', '‴':
		return true
	}
	if _, _, ok := vulgarFraction(r); ok {
		return true
	}
	return unicode.IsLetter(r) || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Me, r)
}

// vulgarFraction is the value of a Unicode vulgar fraction (½ ⅓ ¾ …).
func vulgarFraction(r rune) (num, den int64, ok bool) {
	switch r {
	case '½':
		return 1, 2, true
	case '⅓':
		return 1, 3, true
	case '⅔':
		return 2, 3, true
	case '¼':
		return 1, 4, true
	case '¾':
		return 3, 4, true
	case '⅕':
		return 1, 5, true
	case '⅖':
		return 2, 5, true
	case '⅗':
		return 3, 5, true
	case '⅘':
		return 4, 5, true
	case '⅙':
		return 1, 6, true
	case '⅚':
		return 5, 6, true
	case '⅐':
		return 1, 7, true
	case '⅛':
		return 1, 8, true
	case '⅜':
		return 3, 8, true
	case '⅝':
		return 5, 8, true
	case '⅞':
		return 7, 8, true
	case '⅑':
		return 1, 9, true
	case '⅒':
		return 1, 10, true
	case '↉':
		return 0, 3, true
	}
	return 0, 0, false
}

// vulgar emits a vulgar fraction at [i, j) as \frac{num}{den}: a
// fraction, so that "2 ½" stays a mixed number and is left alone.
func (l *lexer) vulgar(i, j int, num, den int64) {
	lit := func(v int64) *NumLit {
		c := big.NewInt(v).String()
		return &NumLit{Val: new(big.Rat).SetInt64(v), Canon: c, IntLit: true}
	}
	l.emit(Tok{K: TFrac, S: i, E: j, Src: "vulgar"})
	for _, v := range []int64{num, den} {
		l.emit(Tok{K: TOpen, S: i, E: j, Text: "{"})
		l.emit(Tok{K: TNum, S: i, E: j, Num: lit(v)})
		l.emit(Tok{K: TClose, S: i, E: j, Text: "}"})
	}
}

func DecimalsOf(canon string) int {
	if k := strings.IndexByte(canon, '.'); k >= 0 {
		return len(canon) - k - 1
	}
	return 0
}

func (l *lexer) letters(i int) int {
	s := l.s
	j := i
	for j < len(s) && IsASCIILetter(s[j]) {
		j++
	}
	if l.math {
		if j-i == 1 {
			// Subscripted names: x_1, x_{12}.
			name := s[i:j]
			k := j
			if l.at(k) == '_' {
				if IsDigit(l.at(k + 1)) {
					name += "_" + s[k+1:k+2]
					k += 2
				} else if l.at(k+1) == '{' {
					m := k + 2
					for m < len(s) && IsDigit(s[m]) {
						m++
					}
					if m > k+2 && l.at(m) == '}' {
						name += "_" + s[k+2:m]
						k = m + 1
					}
				}
			}
			l.emit(Tok{K: TVar, S: i, E: k, Text: name})
			return k
		}
		l.emit(Tok{K: TWord, S: i, E: j, Text: strings.ToLower(s[i:j])})
		return j
	}
	// Prose: a word may carry apostrophes and inner hyphens (two-thirds, Sue's).
	for j < len(s) {
		if (s[j] == '\'' || s[j] == '-') && IsASCIILetter(l.at(j+1)) {
			j += 2
			for j < len(s) && IsASCIILetter(s[j]) {
				j++
			}
			continue
		}
		if strings.HasPrefix(s[j:], "’") && IsASCIILetter(l.at(j+len("’"))) {
			j += len("’")
			for j < len(s) && IsASCIILetter(s[j]) {
				j++
			}
			continue
		}
		break
	}
	if IsDigit(l.at(j)) {
		// Words glued to digits (A1, 3rd handled by number): not math.
		k := j
		for k < len(s) && (IsDigit(s[k]) || IsASCIILetter(s[k])) {
			k++
		}
		l.poison(i, k, "letters glued to digits")
		return k
	}
	l.emit(Tok{K: TWord, S: i, E: j, Text: strings.ToLower(s[i:j])})
	return j
}

// numBox is a literal and its value, allocated together: a step holds
// about one number in twenty of its bytes.
type numBox struct {
	lit NumLit
	val algebra.RatWord
}

// RatDecimal spells x as a finite decimal ("12.5", "-0.25"), or "" when
// it has none.
func RatDecimal(x *big.Rat) string {
	d := new(big.Int).Set(x.Denom())
	// The denominator must be 2^a 5^b.
	k := 0
	two, five := big.NewInt(2), big.NewInt(5)
	rem := new(big.Int)
	for {
		q, r := new(big.Int).QuoRem(d, two, rem)
		if r.Sign() != 0 {
			break
		}
		d = q
		k++
	}
	m := 0
	for {
		q, r := new(big.Int).QuoRem(d, five, rem)
		if r.Sign() != 0 {
			break
		}
		d = q
		m++
	}
	if d.Cmp(big.NewInt(1)) != 0 {
		return ""
	}
	places := k
	if m > places {
		places = m
	}
	return x.FloatString(places)
}
