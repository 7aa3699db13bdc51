package mathtext

import (
	"math"
	"strings"
	"unicode/utf8"
)

// kind is the kind of a token.
type kind uint8

const (
	kNum  kind = iota // numeric literal
	kVar              // single-letter variable (math mode, or glued to a digit)
	kWord             // a word: a unit in a run, a run terminator otherwise
	kOp               // + - * / ^
	kLP               // ( or a math group {
	kRP               // ) or }
	kPct              // %
	kEq               // = (op is '~' for ≈)
	kFrac             // \frac
	kSqrt             // \sqrt
	kBad              // something a run cannot contain (\sin, subscripts, ...)
	kSoft             // end of a math display: ends a run, an "=" may continue it
	kHard             // sentence punctuation: ends a run and any chain
)

type token struct {
	kind kind
	op   byte    // operator byte for kOp, '~' for approximate kEq
	val  float64 // kNum value, kWord number-word value (NaN if none), kVar letter index
	dec  int8    // decimals written in a kNum literal
	unit bool    // kWord may serve as a unit (multi-letter, outside math)
	of   bool    // kWord is "of" (turns "50% of 30" into a product)
	hash uint64  // kWord: hash of the lower-cased word, for labels
}

// wordOps maps words that stand for operators.
var wordOps = map[string]byte{
	"times": '*', "plus": '+', "minus": '-', "multiplied": '*', "divided": '/',
	"equals": '=', "equal": '=',
}

// numberWords maps number words to values; they count as numbers for support
// checks but never take part in arithmetic.
var numberWords = map[string]float64{
	"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
	"seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
	"thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17,
	"eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40,
	"fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
	"hundred": 100, "thousand": 1000, "million": 1e6, "twice": 2, "double": 2,
	"triple": 3, "half": 0.5, "quarter": 0.25, "dozen": 12, "third": 3,
	"fourth": 4, "fifth": 5, "tenth": 10,
}

// textCommands are LaTeX commands whose braced argument is prose.
var textCommands = map[string]bool{
	"text": true, "textbf": true, "textit": true, "mathrm": true, "mbox": true,
	"operatorname": true, "textrm": true, "mathbf": true, "emph": true, "textnormal": true,
}

// transparentCommands have a braced argument that is read as is.
var transparentCommands = map[string]bool{
	"boxed": true, "fbox": true, "displaystyle": true, "left": true, "right": true,
	"big": true, "Big": true, "bigg": true, "Bigg": true, "bigl": true, "bigr": true,
	"mathit": true,
}

// braceKind records what a closing brace must emit.
type braceKind uint8

const (
	braceGroup braceKind = iota // emits kRP
	braceText                   // prose argument: leave text mode
	braceSkip                   // transparent: emit nothing
)

// scanner turns text into tokens. It is reused across calls to avoid
// allocation; the zero value is ready.
type scanner struct {
	toks   []token
	braces []braceKind
	word   []byte
	// modular is set when the text works modulo something (\pmod, \equiv,
	// "mod"): its "=" may then be congruences.
	modular bool
}

func (s *scanner) emit(t token) { s.toks = append(s.toks, t) }

func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// scan tokenizes text into s.toks.
func (s *scanner) scan(text string) {
	s.toks = s.toks[:0]
	s.braces = s.braces[:0]
	s.modular = false
	math := false // inside $..$, \(..\) or \[..\]
	textArg := 0  // depth of \text{..} arguments (prose inside math)
	inMath := func() bool { return math && textArg == 0 }
	n := len(text)
	for i := 0; i < n; {
		c := text[i]
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '~':
			i++
		case c == '\n':
			// Inline math never spans a line in practice; resetting here
			// bounds the damage of a currency "$" read as a math opener.
			s.emit(token{kind: kSoft})
			math = false
			textArg = 0
			s.braces = s.braces[:0]
			i++
		case isDigit(c) || c == '.' && i+1 < n && isDigit(text[i+1]):
			j, v, dec := scanNumber(text, i)
			num := token{kind: kNum, val: v, dec: int8(dec)}
			if strings.HasPrefix(text[j:], "...") || strings.HasPrefix(text[j:], "\\ldots") ||
				strings.HasPrefix(text[j:], "\\dots") || strings.HasPrefix(text[j:], "…") {
				num.op = '~' // truncated: "0.736..."
			}
			s.emit(num)
			// A letter glued to a number: an ordinal suffix, a variable
			// (3x) or a unit (5cm).
			if j < n && isLetter(text[j]) {
				k := j
				for k < n && isLetter(text[k]) {
					k++
				}
				suf := text[j:k]
				switch {
				case suf == "st" || suf == "nd" || suf == "rd" || suf == "th":
					// An ordinal ("6th") is a position, not a quantity.
					s.toks[len(s.toks)-1] = token{kind: kWord, val: v, unit: true}
				case suf == "x" && !inMath() && nextIsDigit(text, k):
					s.emit(token{kind: kOp, op: '*'}) // "2x3"
				case k-j == 1 || inMath() && k-j <= 3:
					// "3x", and in math "2bx" = 2·b·x.
					for q := j; q < k; q++ {
						s.emit(token{kind: kVar, val: float64(letterIndex(text[q]))})
					}
				case inMath():
					s.emit(token{kind: kBad})
				default:
					s.emit(token{kind: kWord, val: math64NaN(), unit: true}) // "5cm"
				}
				j = k
			}
			i = j
		case isLetter(c):
			j := i
			for j < n && isLetter(text[j]) {
				j++
			}
			s.letters(text[i:j], inMath())
			i = j
		case c == '\\':
			i = s.command(text, i, &math, &textArg)
		case c == '$':
			if i+1 < n && text[i+1] == '$' {
				s.emit(token{kind: kSoft})
				math = !math
				i += 2
				continue
			}
			if !math && i+1 < n && (isDigit(text[i+1]) || text[i+1] == '.') && !mathAhead(text, i+1) {
				i++ // currency sign
				continue
			}
			s.emit(token{kind: kSoft})
			math = !math
			textArg = 0
			i++
		case c == '{':
			if inMath() {
				s.braces = append(s.braces, braceGroup)
				s.emit(token{kind: kLP})
			} else {
				s.braces = append(s.braces, braceSkip)
			}
			i++
		case c == '}':
			if len(s.braces) > 0 {
				b := s.braces[len(s.braces)-1]
				s.braces = s.braces[:len(s.braces)-1]
				switch b {
				case braceGroup:
					s.emit(token{kind: kRP})
				case braceText:
					if textArg > 0 {
						textArg--
					}
				}
			}
			i++
		case c == '(' || c == '[':
			if k := len(s.toks); k > 0 && s.toks[k-1].kind == kVar && i > 0 && isLetter(text[i-1]) && isFuncLetter(text[i-1]) {
				// "f(x)": a function application, which a run cannot
				// evaluate; "a(x + b)" stays a product.
				s.toks[k-1] = token{kind: kBad}
			}
			s.emit(token{kind: kLP})
			i++
		case c == ')' || c == ']':
			s.emit(token{kind: kRP})
			i++
		case c == '+' || c == '*' || c == '/' || c == '^':
			s.emit(token{kind: kOp, op: c})
			i++
		case c == '-':
			if atLineStart(text, i) && i+1 < n && text[i+1] == ' ' {
				s.emit(token{kind: kSoft}) // a list bullet
				i++
				continue
			}
			if i+1 < n && text[i+1] == '-' {
				s.emit(token{kind: kHard})
				for i < n && text[i] == '-' {
					i++
				}
				continue
			}
			s.emit(token{kind: kOp, op: '-'})
			i++
		case c == '=':
			s.emit(token{kind: kEq})
			for i < n && text[i] == '=' {
				i++
			}
		case c == '%':
			s.emit(token{kind: kPct})
			i++
		case c == '<' || c == '>' || c == ',' || c == ';' || c == ':' || c == '?' || c == '|' || c == '&':
			// "&" is an align column; "&=" stays a continuation.
			if c == '&' {
				s.emit(token{kind: kSoft})
			} else {
				s.emit(token{kind: kHard})
			}
			i++
		case c == '.':
			s.emit(token{kind: kHard})
			i++
		case c == '!':
			if inMath() {
				s.emit(token{kind: kBad})
			} else {
				s.emit(token{kind: kHard})
			}
			i++
		case c == '\'' && !inMath():
			// "Adam's", "can't": skip the apostrophe and its suffix.
			i++
			for i < n && isLetter(text[i]) {
				i++
			}
		case c == '_' || c == '\'':
			s.emit(token{kind: kBad})
			i++
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRuneInString(text[i:])
			switch r {
			case '×', '·', '∙', '⋅':
				s.emit(token{kind: kOp, op: '*'})
			case '÷', '∕':
				s.emit(token{kind: kOp, op: '/'})
			case '−', '–':
				s.emit(token{kind: kOp, op: '-'})
			case '≈':
				s.emit(token{kind: kEq, op: '~'})
			case '²':
				s.emit(token{kind: kOp, op: '^'})
				s.emit(token{kind: kNum, val: 2})
			case '³':
				s.emit(token{kind: kOp, op: '^'})
				s.emit(token{kind: kNum, val: 3})
			case '≠', '≤', '≥', '→', '⇒', '…', '√', 'π', '∞':
				s.emit(token{kind: kHard})
			default:
				if r == utf8.RuneError || !isSpaceRune(r) {
					s.emit(token{kind: kBad})
				}
			}
			i += size
		default:
			// Quotes, '#', '@' and other punctuation end a run.
			s.emit(token{kind: kHard})
			i++
		}
	}
}

// mathAhead reports whether the text from i to the next "$" on the same line
// looks like math ("$1 - 6\cos x = 1$") rather than a price ("$43, and").
func mathAhead(text string, i int) bool {
	for j := i; j < len(text); j++ {
		switch text[j] {
		case '$', '\n':
			return text[j] == '$' && strings.ContainsAny(text[i:j], "\\^_{")
		}
	}
	return false
}

func isFuncLetter(c byte) bool {
	switch c {
	case 'f', 'g', 'h', 'p', 'q', 'F', 'G', 'H', 'P', 'Q':
		return true
	}
	return false
}

// atLineStart reports whether only spaces precede text[i] on its line.
func atLineStart(text string, i int) bool {
	for j := i - 1; j >= 0; j-- {
		switch text[j] {
		case ' ', '\t':
			continue
		case '\n':
			return true
		}
		return false
	}
	return true
}

func nextIsDigit(text string, i int) bool {
	for i < len(text) && text[i] == ' ' {
		i++
	}
	return i < len(text) && isDigit(text[i])
}

func isSpaceRune(r rune) bool {
	return r == '\u00a0' || r == '\u2009' || r == '\u202f' || r == '\u2003' || r == '\u2002'
}

func math64NaN() float64 { return math.NaN() }

func letterIndex(c byte) int {
	if c >= 'a' && c <= 'z' {
		return int(c - 'a')
	}
	return 26 + int(c-'A')
}

// letters handles a run of ASCII letters.
func (s *scanner) letters(w string, mathMode bool) {
	if mathMode {
		if len(w) <= 3 {
			// "x", "bx" (b·x), "abc".
			for i := 0; i < len(w); i++ {
				s.emit(token{kind: kVar, val: float64(letterIndex(w[i]))})
			}
			return
		}
		// Multi-letter identifiers in math mode are unknown functions or
		// names; a run that contains one cannot be evaluated.
		s.emit(token{kind: kBad})
		return
	}
	if len(w) == 1 && w != "a" && w != "A" && w != "I" && w != "x" {
		// A lone letter in prose is a name ("D - 8 = 52"), not a unit.
		s.emit(token{kind: kVar, val: float64(letterIndex(w[0]))})
		return
	}
	s.word = s.word[:0]
	for i := 0; i < len(w); i++ {
		c := w[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		s.word = append(s.word, c)
	}
	if op, ok := wordOps[string(s.word)]; ok {
		if op == '=' {
			s.emit(token{kind: kEq})
		} else {
			s.emit(token{kind: kOp, op: op})
		}
		return
	}
	if string(s.word) == "mod" || string(s.word) == "modulo" {
		s.modular = true
	}
	if string(s.word) == "by" && len(s.toks) > 0 && s.toks[len(s.toks)-1].kind == kOp {
		return // "divided by", "multiplied by"
	}
	if string(s.word) == "x" {
		// "2 x 3": multiplication; decided by the evaluator's context.
		s.emit(token{kind: kOp, op: 'x'})
		return
	}
	v, isNum := numberWords[string(s.word)]
	if !isNum {
		v = math.NaN()
	}
	h := uint64(14695981039346656037)
	for _, c := range s.word {
		h ^= uint64(c)
		h *= 1099511628211
	}
	s.emit(token{kind: kWord, val: v, unit: true, of: string(s.word) == "of", hash: h})
}

// command handles a backslash sequence starting at text[i] and returns the
// index after it.
func (s *scanner) command(text string, i int, math *bool, textArg *int) int {
	n := len(text)
	if i+1 >= n {
		return i + 1
	}
	c := text[i+1]
	if !isLetter(c) {
		switch c {
		case '(', '[':
			*math = true
			*textArg = 0
			s.emit(token{kind: kSoft})
		case ')', ']':
			*math = false
			*textArg = 0
			s.emit(token{kind: kSoft})
		case '%':
			s.emit(token{kind: kPct})
		case '{':
			s.emit(token{kind: kHard})
		case '\\':
			s.emit(token{kind: kSoft}) // line break in an aligned display
		}
		// "\$", "\,", "\;", "\!", "\ " are spacing or currency.
		return i + 2
	}
	j := i + 1
	for j < n && isLetter(text[j]) {
		j++
	}
	name := text[i+1 : j]
	switch name {
	case "times", "cdot", "ast":
		s.emit(token{kind: kOp, op: '*'})
	case "div":
		s.emit(token{kind: kOp, op: '/'})
	case "frac", "dfrac", "tfrac":
		s.emit(token{kind: kFrac})
	case "sqrt":
		if j < n && text[j] == '[' {
			s.emit(token{kind: kBad})
		} else {
			s.emit(token{kind: kSqrt})
		}
	case "pmod", "bmod", "mod", "equiv":
		s.modular = true
		s.emit(token{kind: kHard})
	case "approx":
		s.emit(token{kind: kEq, op: '~'})
	case "pi":
		s.emit(token{kind: kNum, val: math64Pi, dec: 20})
	case "circ":
		// "90^\circ": a degree sign; drop the dangling "^". Elsewhere it is
		// an operation the problem defines.
		if k := len(s.toks); k > 0 && s.toks[k-1].kind == kOp && s.toks[k-1].op == '^' {
			s.toks = s.toks[:k-1]
		} else {
			s.emit(token{kind: kBad})
		}
	case "neq", "ne", "le", "leq", "ge", "geq", "lt", "gt", "implies", "Rightarrow",
		"rightarrow", "to", "iff", "pm", "mp", "cdots", "ldots", "dots",
		"infty", "in", "subset", "cup", "cap", "forall", "exists", "quad", "qquad":
		s.emit(token{kind: kHard})
	case "begin", "end":
		// \begin{aligned}: skip the environment name.
		if j < n && text[j] == '{' {
			for j < n && text[j] != '}' {
				j++
			}
			if j < n {
				j++
			}
		}
		s.emit(token{kind: kSoft})
	default:
		if textCommands[name] {
			if j < n && text[j] == '{' {
				s.braces = append(s.braces, braceText)
				*textArg++
				return j + 1
			}
			return j
		}
		if transparentCommands[name] {
			if j < n && text[j] == '{' {
				s.braces = append(s.braces, braceSkip)
				return j + 1
			}
			return j
		}
		// An unknown command (\sin, \log, \binom) cannot be evaluated,
		// in math or in LaTeX that lost its delimiters.
		s.emit(token{kind: kBad})
	}
	return j
}

const math64Pi = math.Pi

// scanNumber reads a decimal literal with optional thousands separators
// ("1,234,567") starting at text[i]. It returns the end index, the value and
// the number of decimals written.
func scanNumber(text string, i int) (int, float64, int) {
	n := len(text)
	var mant float64
	j := i
	for j < n {
		c := text[j]
		if isDigit(c) {
			if mant < 1e300 { // keep absurdly long digit strings finite
				mant = mant*10 + float64(c-'0')
			}
			j++
			continue
		}
		// A comma followed by exactly three digits is a thousands separator.
		if c == ',' && j > i && j+3 < n && isDigit(text[j+1]) && isDigit(text[j+2]) &&
			isDigit(text[j+3]) && (j+4 >= n || !isDigit(text[j+4])) {
			j++
			continue
		}
		break
	}
	dec := 0
	if j+1 < n && text[j] == '.' && isDigit(text[j+1]) {
		j++
		for j < n && isDigit(text[j]) {
			if dec < 18 {
				mant = mant*10 + float64(text[j]-'0')
				dec++
			}
			j++
		}
	}
	return j, mant / pow10[dec], dec
}

var pow10 = [...]float64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18}
