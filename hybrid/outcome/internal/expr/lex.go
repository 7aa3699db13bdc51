package expr

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/leanprm/leanprm/hybrid/outcome/internal/units"
)

func isUnit(w string) bool { _, ok := units.Lookup(w); return ok }

// TokenKind is the kind of one token of an answer.
type TokenKind uint8

// The kinds of Token.
const (
	EOFToken    TokenKind = iota
	NumberToken           // a number literal: text holds the digits without separators
	IdentToken            // one variable: a letter or a Greek name
	WordToken             // a word of two or more letters that is not math (a unit, prose)
	FuncToken             // sin, cos, tan, sec, csc, cot, log, ln, exp
	OpToken               // an operator or bracket: text holds it
	FracToken             // \frac, \dfrac, \tfrac, \cfrac
	SqrtToken             // \sqrt
	BinomToken            // \binom
	PiToken
	InfinityToken
	EmptySetToken // ∅, \emptyset, \varnothing
	MatrixToken
)

// Token is one token of an answer. Text holds a number's digits, a
// variable's or word's letters, a function's name or an operator.
type Token struct {
	Kind TokenKind
	Text string
	// for numbers: the repeating block (0.1\overline{6}: "6"), the
	// exponent of scientific notation, and whether the literal had a
	// decimal point.
	Rep     string
	Exp     string
	Dot     bool
	spaced  bool // whitespace came before this token
	pos     int
	Approx  bool // a number followed by "..." or \ldots
	matrows [][]string
}

// lexer turns an answer into tokens. It never fails on odd input: an
// unknown command is an error the parser reports as "not supported".
type lexer struct {
	s    string
	i    int
	toks []Token
	err  error
}

var cmdOps = map[string]string{
	"cdot": "*", "times": "*", "ast": "*", "div": "/", "pm": "±", "mp": "∓",
	"le": "≤", "leq": "≤", "leqslant": "≤", "ge": "≥", "geq": "≥", "geqslant": "≥",
	"lt": "<", "gt": ">", "neq": "≠", "ne": "≠", "cup": "∪", "cap": "∩", "in": "∈",
	"circ": "°", "degree": "°", "%": "%", "{": "\\{", "}": "\\}", "lbrace": "\\{", "rbrace": "\\}",
	"langle": "(", "rangle": ")", "lvert": "|", "rvert": "|", "vert": "|", "mid": "|",
	"ldots": "…", "cdots": "…", "dots": "…", "approx": "≈", "lor": "or", "land": "and", "wedge": "and", "vee": "or",
	"setminus": "\\", "to": "→", "rightarrow": "→", "implies": "→", "Rightarrow": "→", "colon": ":",
}

// skipped commands: spacing, sizing and style that change nothing.
var cmdSkip = map[string]bool{
	"left": true, "right": true, "big": true, "Big": true, "bigg": true, "Bigg": true,
	"bigl": true, "bigr": true, "Bigl": true, "Bigr": true, "displaystyle": true, "textstyle": true,
	",": true, ";": true, ":": true, "!": true, " ": true, "quad": true, "qquad": true,
	"(": true, ")": true, "[": true, "]": true, "limits": true, "nolimits": true, "scriptstyle": true, "hline": true,
}

// cmdText commands take a braced argument read as text.
var cmdText = map[string]bool{
	"text": true, "textbf": true, "textit": true, "mathrm": true, "mathbf": true, "mbox": true,
	"textrm": true, "mathit": true, "operatorname": true, "textnormal": true, "emph": true, "textsf": true,
	"mathsf": true, "boldsymbol": true, "bm": true, "mathbb": true, "mathcal": true, "hbox": true,
}

var funcs = map[string]bool{"arcsin": true, "arccos": true, "arctan": true, "sin": true, "cos": true, "tan": true, "sec": true, "csc": true, "cot": true, "log": true, "ln": true, "exp": true, "lg": true}

var greek = map[string]bool{
	"alpha": true, "beta": true, "gamma": true, "delta": true, "epsilon": true, "varepsilon": true, "zeta": true,
	"eta": true, "theta": true, "vartheta": true, "iota": true, "kappa": true, "lambda": true, "mu": true, "nu": true,
	"xi": true, "rho": true, "sigma": true, "tau": true, "phi": true, "varphi": true, "chi": true, "psi": true, "omega": true,
	"Gamma": true, "Delta": true, "Theta": true, "Lambda": true, "Xi": true, "Sigma": true, "Phi": true, "Psi": true, "Omega": true,
}

// Lex turns an answer into tokens. It fails with ErrUnsupported on a
// character or command it does not read, and with ErrTooLarge past the
// package's bounds; the tokens read so far come back with the error.
func Lex(s string) ([]Token, error) {
	l := &lexer{s: s, toks: make([]Token, 0, len(s)/3+2)}
	l.run()
	return l.toks, l.err
}

func (l *lexer) emit(t Token) { l.toks = append(l.toks, t) }

// IsDigit reports whether c is an ASCII digit.
func IsDigit(c byte) bool { return c >= '0' && c <= '9' }

// IsLetter reports whether c is an ASCII letter.
func IsLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func (l *lexer) run() {
	spaced := false
	for l.i < len(l.s) && l.err == nil {
		if len(l.toks) > 4*MaxBytes {
			l.err = fmt.Errorf("%w: too many tokens", ErrTooLarge)
			return
		}
		c := l.s[l.i]
		start := len(l.toks)
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '~':
			l.i++
			spaced = true
			continue
		case IsDigit(c) || c == '.' && l.i+1 < len(l.s) && IsDigit(l.s[l.i+1]):
			l.number()
		case c == '\\':
			l.command()
		case IsLetter(c):
			l.letters()
		case c == '$':
			l.i++
			if l.i < len(l.s) && IsDigit(l.s[l.i]) && !strings.Contains(l.s[l.i:], "$") {
				l.emit(Token{Kind: OpToken, Text: "$"}) // a dollar sign before a number
				break
			}
			continue // a math delimiter
		case c == '!' && strings.HasPrefix(l.s[l.i:], "!!"):
			l.i += 2
			l.emit(Token{Kind: OpToken, Text: "!!"})
		case c == '.' && strings.HasPrefix(l.s[l.i:], "..."):
			l.i += 3
			l.emit(Token{Kind: OpToken, Text: "…"})
		case strings.ContainsRune("+-*/^_()[]{},=<>!%|;:'", rune(c)):
			l.i++
			l.emit(Token{Kind: OpToken, Text: string(c)})
		case c == '.' || c == '?' || c == '&' || c == '"':
			l.i++ // a full stop ends a sentence; '&' aligns; neither is math
			if c == '&' {
				l.emit(Token{Kind: OpToken, Text: ","})
			}
		case c < utf8.RuneSelf:
			l.err = fmt.Errorf("%w: the character %q", ErrUnsupported, c)
		default:
			l.unicode()
		}
		if len(l.toks) > start {
			l.toks[start].spaced = spaced
			if l.toks[start].pos == 0 {
				l.toks[start].pos = l.i
			}
		}
		spaced = false
	}
}

var uniOps = map[rune]string{
	'×': "*", '·': "*", '⋅': "*", '÷': "/", '−': "-", '–': "-", '≤': "≤", '≥': "≥", '≠': "≠",
	'∪': "∪", '∩': "∩", '∈': "∈", '°': "°", '±': "±", '…': "…", '≈': "≈", '⩽': "≤", '⩾': "≥", '→': "→",
	'（': "(", '）': ")", '，': ",", '：': ":",
}

func (l *lexer) unicode() {
	r, n := utf8.DecodeRuneInString(l.s[l.i:])
	l.i += n
	switch r {
	case 'π':
		l.emit(Token{Kind: PiToken})
	case '∞':
		l.emit(Token{Kind: InfinityToken})
	case '∅':
		l.emit(Token{Kind: EmptySetToken})
	case '√':
		l.emit(Token{Kind: SqrtToken})
	case '²', '³':
		l.emit(Token{Kind: OpToken, Text: "^"})
		l.emit(Token{Kind: NumberToken, Text: map[rune]string{'²': "2", '³': "3"}[r]})
	case '\u00a0', '\u2009', '\u202f', '\u2002', '\u2003':
		// spaces
	default:
		if op, ok := uniOps[r]; ok {
			l.emit(Token{Kind: OpToken, Text: op})
			return
		}
		if greekRune(r) {
			l.emit(Token{Kind: IdentToken, Text: string(r)})
			return
		}
		l.err = fmt.Errorf("%w: the character %q", ErrUnsupported, r)
	}
}

func greekRune(r rune) bool { return r >= 'α' && r <= 'ω' && r != 'π' || r >= 'Α' && r <= 'Ω' }

// separator reports the length of a thousands separator at s[i:] that is
// followed by exactly three digits and then no further digit: ",", "\,",
// "{,}", "\!", "\ ", "~" or one space.
func separatorAt(s string, i int) int {
	for _, sep := range []string{",", "{,}", "\\,", "\\!", "\\ ", " ", "~", "\\;", "'"} {
		if !strings.HasPrefix(s[i:], sep) {
			continue
		}
		j := i + len(sep)
		if j+3 <= len(s) && IsDigit(s[j]) && IsDigit(s[j+1]) && IsDigit(s[j+2]) && (j+3 == len(s) || !IsDigit(s[j+3])) {
			return len(sep)
		}
	}
	return 0
}

func (l *lexer) number() {
	s := l.s
	var b strings.Builder
	start := l.i
	for l.i < len(s) && IsDigit(s[l.i]) {
		b.WriteByte(s[l.i])
		l.i++
	}
	// thousands separators: only after a first group of 1 to 3 digits, and
	// only with the same separator throughout ("1,000,000", "1\,000").
	if n := l.i - start; n >= 1 && n <= 3 {
		sepKind := ""
		for {
			k := separatorAt(s, l.i)
			if k == 0 {
				break
			}
			sep := s[l.i : l.i+k]
			if sepKind != "" && sep != sepKind {
				break
			}
			if sep == "'" && sepKind == "" && b.Len() == 0 {
				break
			}
			sepKind = sep
			l.i += k
			b.WriteString(s[l.i : l.i+3])
			l.i += 3
		}
	}
	t := Token{Kind: NumberToken}
	if l.i < len(s) && s[l.i] == '.' && (l.i+1 < len(s) && (IsDigit(s[l.i+1]) || strings.HasPrefix(s[l.i+1:], "\\overline") || strings.HasPrefix(s[l.i+1:], "\\dot") || parenDigits(s, l.i+1) > 0)) {
		t.Dot = true
		b.WriteByte('.')
		l.i++
		for l.i < len(s) && IsDigit(s[l.i]) {
			b.WriteByte(s[l.i])
			l.i++
		}
		if !l.repeating(&t, &b) {
			return
		}
	} else if l.i < len(s) && s[l.i] == '.' && l.i+1 < len(s) && s[l.i+1] == '.' {
		// "3..." handled below as an ellipsis
	}
	// scientific notation 1.5e-3 / 2E5, only when no letter follows
	if l.i+1 < len(s) && (s[l.i] == 'e' || s[l.i] == 'E') {
		j := l.i + 1
		if j < len(s) && (s[j] == '-' || s[j] == '+') {
			j++
		}
		k := j
		for k < len(s) && IsDigit(s[k]) {
			k++
		}
		if k > j && (k == len(s) || !IsLetter(s[k])) {
			t.Exp = s[l.i+1 : k]
			l.i = k
		}
	}
	t.Text = b.String()
	if len(t.Text)+len(t.Rep) > MaxDigits || len(t.Exp) > 6 {
		l.err = fmt.Errorf("%w: a number of more than %d digits", ErrTooLarge, MaxDigits)
		return
	}
	// an ellipsis right after the digits: the decimal goes on, repeating the block its
	// digits show repeated, else as an approximation
	for _, el := range []string{"...", "…", "\\ldots", "\\cdots", "\\dots"} {
		if strings.HasPrefix(s[l.i:], el) && t.Dot && t.Rep == "" && t.Exp == "" {
			l.i += len(el)
			if text, rep, ok := VisiblePeriod(t.Text); ok {
				t.Text, t.Rep = text, rep
			} else {
				t.Approx = true
			}
			break
		}
	}
	l.emit(t)
}

// parenDigits returns the length of "(digits)" at s[i:], or 0.
func parenDigits(s string, i int) int {
	if i >= len(s) || s[i] != '(' {
		return 0
	}
	j := i + 1
	for j < len(s) && IsDigit(s[j]) {
		j++
	}
	if j == i+1 || j >= len(s) || s[j] != ')' {
		return 0
	}
	return j + 1 - i
}

// repeating reads the repeating block written after a decimal's digits: \overline{…},
// \dot{d} (or a block from \dot{a}…\dot{b}), or digits in parentheses, 0.1(6). It reports
// false, with l.err set, on a mark without digits.
func (l *lexer) repeating(t *Token, b *strings.Builder) bool {
	s := l.s
	if k := parenDigits(s, l.i); k > 0 {
		t.Rep, l.i = s[l.i+1:l.i+k-1], l.i+k
		return true
	}
	for _, cmd := range []string{"\\overline", "\\dot"} {
		if !strings.HasPrefix(s[l.i:], cmd) {
			continue
		}
		rep, next := markedDigits(s, l.i+len(cmd))
		if rep == "" {
			l.err = fmt.Errorf("%w: a repeating decimal without digits", ErrUnsupported)
			return false
		}
		l.i = next
		if cmd == "\\dot" { // \dot{1}4\dot{2}: the block runs from the first dot to the second
			j := l.i
			for j < len(s) && IsDigit(s[j]) {
				j++
			}
			if strings.HasPrefix(s[j:], "\\dot") {
				if last, after := markedDigits(s, j+len("\\dot")); len(last) == 1 {
					rep, l.i = rep+s[l.i:j]+last, after
				}
			}
		}
		t.Rep = rep
		return true
	}
	return true
}

// markedDigits reads the digits of a repeating mark's argument at s[j:]: {digits} or one digit.
func markedDigits(s string, j int) (string, int) {
	for j < len(s) && s[j] == ' ' {
		j++
	}
	if j < len(s) && s[j] == '{' {
		k := j + 1
		for k < len(s) && IsDigit(s[k]) {
			k++
		}
		if k < len(s) && s[k] == '}' && k > j+1 {
			return s[j+1 : k], k + 1
		}
		return "", j
	}
	if j < len(s) && IsDigit(s[j]) {
		return s[j : j+1], j + 1
	}
	return "", j
}

// VisiblePeriod reads a decimal written before an ellipsis ("0.1666", "0.142857142857") as a
// repeating decimal when its last digits show the period: one digit written three times or
// more, or a longer block twice or more, the shortest such block. It returns the digits
// before the period and the period.
func VisiblePeriod(text string) (string, string, bool) {
	dot := strings.IndexByte(text, '.')
	if dot < 0 {
		return "", "", false
	}
	frac := text[dot+1:]
	for k := 1; 2*k <= len(frac); k++ {
		need := 2
		if k == 1 {
			need = 3
		}
		if need*k > len(frac) {
			continue
		}
		block := frac[len(frac)-k:]
		n := 1
		for end := len(frac) - k; end-k >= 0 && frac[end-k:end] == block; end -= k {
			n++
		}
		if n >= need {
			return text[:len(text)-n*k], block, true
		}
	}
	return "", "", false
}

func skipSpaces(s string, i int) int {
	for i < len(s) && s[i] == ' ' {
		i++
	}
	return i
}

// Braced returns the text of a {…} group at s[i:] (after spaces) and the
// index after it; ok is false when there is none or it does not close.
func Braced(s string, i int) (string, int, bool) {
	for i < len(s) && s[i] == ' ' {
		i++
	}
	if i >= len(s) || s[i] != '{' {
		return "", i, false
	}
	depth := 0
	for j := i; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return s[i+1 : j], j + 1, true
			}
		}
	}
	return "", i, false
}

func (l *lexer) command() {
	s := l.s
	j := l.i + 1
	for j < len(s) && IsLetter(s[j]) {
		j++
	}
	if j == l.i+1 && j < len(s) { // a one-character command: \, \{ \% \$
		_, n := utf8.DecodeRuneInString(s[j:])
		j += n
	}
	name := s[l.i+1 : j]
	l.i = j
	switch {
	case name == "":
		return
	case name == "$":
		if j := skipSpaces(s, l.i); j < len(s) && (IsDigit(s[j]) || s[j] == '.' || s[j] == '-') {
			l.emit(Token{Kind: OpToken, Text: "$"}) // \$5: dollars
		}
	case cmdSkip[name]:
		return
	case cmdText[name]:
		arg, next, ok := Braced(s, l.i)
		if !ok {
			return // \mathbf x: the next token stands alone
		}
		l.i = next
		sub, err := Lex(arg)
		if err != nil {
			l.err = err
			return
		}
		l.toks = append(l.toks, sub...)
	case name == "frac" || name == "dfrac" || name == "tfrac" || name == "cfrac":
		l.emit(Token{Kind: FracToken})
	case name == "sqrt":
		l.emit(Token{Kind: SqrtToken})
	case name == "binom" || name == "dbinom" || name == "tbinom" || name == "choose":
		l.emit(Token{Kind: BinomToken})
	case name == "pi":
		l.emit(Token{Kind: PiToken})
	case name == "infty" || name == "infin":
		l.emit(Token{Kind: InfinityToken})
	case name == "emptyset" || name == "varnothing":
		l.emit(Token{Kind: EmptySetToken})
	case funcs[name]:
		l.emit(Token{Kind: FuncToken, Text: name})
	case greek[name]:
		l.emit(Token{Kind: IdentToken, Text: name})
	case name == "begin":
		l.matrix()
	case name == "end":
		_, next, _ := Braced(s, l.i)
		l.i = next
	case name == "overline" || name == "dot":
		l.err = fmt.Errorf("%w: \\%s outside a decimal", ErrUnsupported, name)
	default:
		if op, ok := cmdOps[name]; ok {
			l.emit(Token{Kind: OpToken, Text: op})
			return
		}
		l.err = fmt.Errorf("%w: \\%s", ErrUnsupported, name)
	}
}

// matrix reads \begin{pmatrix} a & b \\ c & d \end{pmatrix} (any matrix
// or array environment) as one token holding its cells' text.
func (l *lexer) matrix() {
	env, next, ok := Braced(l.s, l.i)
	if !ok {
		l.err = fmt.Errorf("%w: \\begin without an environment", ErrUnsupported)
		return
	}
	end := "\\end{" + env + "}"
	k := strings.Index(l.s[next:], end)
	if k < 0 {
		l.err = fmt.Errorf("%w: \\begin{%s} without its \\end", ErrUnsupported, env)
		return
	}
	body := l.s[next : next+k]
	l.i = next + k + len(end)
	if strings.HasPrefix(env, "array") || env == "array" {
		if _, after, ok := Braced(body, 0); ok { // column spec
			body = body[after:]
		}
	}
	var rows [][]string
	for _, row := range strings.Split(body, "\\\\") {
		if strings.TrimSpace(row) == "" {
			continue
		}
		rows = append(rows, strings.Split(row, "&"))
	}
	l.emit(Token{Kind: MatrixToken, matrows: rows})
}

func (l *lexer) letters() {
	s := l.s
	j := l.i
	for j < len(s) && IsLetter(s[j]) {
		j++
	}
	w := s[l.i:j]
	l.i = j
	switch {
	case funcs[w]:
		l.emit(Token{Kind: FuncToken, Text: w})
	case w == "pi":
		l.emit(Token{Kind: PiToken})
	case w == "infinity" || w == "infty" || w == "inf":
		l.emit(Token{Kind: InfinityToken})
	case w == "sqrt":
		l.emit(Token{Kind: SqrtToken})
	case w == "or" || w == "and":
		l.emit(Token{Kind: OpToken, Text: w})
	case len(w) == 1:
		l.emit(Token{Kind: IdentToken, Text: w})
	case l.productOfLetters(w, j):
		for i := 0; i < len(w); i++ {
			l.emit(Token{Kind: IdentToken, Text: w[i : i+1]})
		}
	default:
		l.emit(Token{Kind: WordToken, Text: w})
	}
}

// productOfLetters reports whether a short lower-case word (xy, abc) is a
// product of variables: it is no word or unit leanprm knows, and it
// touches math (a number or operator before it, an operator after it).
// A word standing alone ("red") stays a word.
func (l *lexer) productOfLetters(w string, end int) bool {
	if len(w) > 3 || strings.ToLower(w) != w || knownWords[w] || UnitWords[w] || isUnit(w) || NumberWords[w] != 0 || Multipliers[w] != 0 {
		return false
	}
	if n := len(l.toks); n > 0 {
		p := l.toks[n-1]
		if p.Kind == NumberToken || p.Kind == IdentToken || p.Kind == OpToken && strings.Contains("+-*/^=(,{", p.Text) {
			return true
		}
	}
	return end < len(l.s) && strings.IndexByte("^+-*/=)}", l.s[end]) >= 0
}

// knownWords are short English words that are never a product of letters.
var knownWords = map[string]bool{
	"a": true, "an": true, "the": true, "is": true, "it": true, "of": true, "to": true, "in": true, "on": true,
	"at": true, "by": true, "for": true, "not": true, "are": true, "was": true, "has": true, "but": true,
	"all": true, "any": true, "can": true, "yes": true, "no": true, "odd": true, "per": true, "and": true,
	"or": true, "be": true, "so": true, "if": true, "as": true, "we": true, "get": true, "its": true,
	"max": true, "min": true, "mod": true, "gcd": true, "lcm": true, "det": true, "deg": true, "arg": true,
}

// UnitWords are units of measurement: a number in one of them may be the
// gold's number in another, so a difference with a unit on one side only
// is not proven.
var UnitWords = map[string]bool{
	"cm": true, "mm": true, "km": true, "m": true, "kg": true, "mg": true, "g": true, "ft": true, "lb": true, "lbs": true,
	"oz": true, "hr": true, "hrs": true, "sec": true, "mph": true, "ml": true, "l": true, "gal": true, "qt": true,
	"pt": true, "yd": true, "mi": true, "in": true, "s": true, "h": true, "kph": true, "kmh": true,
	"cent": true, "cents": true, "minute": true, "minutes": true, "hour": true, "hours": true, "second": true,
	"seconds": true, "day": true, "days": true, "week": true, "weeks": true, "month": true, "months": true,
	"year": true, "years": true, "meter": true, "meters": true, "metre": true, "metres": true, "centimeter": true,
	"centimeters": true, "millimeter": true, "millimeters": true, "kilometer": true, "kilometers": true,
	"inch": true, "inches": true, "foot": true, "feet": true, "yard": true, "yards": true, "mile": true, "miles": true,
	"gram": true, "grams": true, "kilogram": true, "kilograms": true, "pound": true, "pounds": true, "ounce": true,
	"ounces": true, "liter": true, "liters": true, "litre": true, "litres": true, "milliliter": true,
	"milliliters": true, "gallon": true, "gallons": true, "quart": true, "quarts": true, "pint": true, "pints": true,
	"cup": true, "cups": true, "ton": true, "tons": true, "min": true, "mins": true, "dm": true, "ms": true,
	"minut": true, "hou": true, "centimet": true, "met": true, "kilomet": true, "mil": true, "gallo": true,
}

// NumberWords are answers written as one word ("five").
var NumberWords = map[string]int64{
	"zero": -1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
	"ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
	"seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
	"sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90, "hundred": 100,
}

// Multipliers scale the number before them ("1.5 million").
var Multipliers = map[string]int64{
	"hundred": 100, "thousand": 1000, "million": 1_000_000, "billion": 1_000_000_000, "trillion": 1_000_000_000_000,
}
