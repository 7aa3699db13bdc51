package syntax

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Kind classifies a Token.
type Kind uint8

// Token kinds. Keywords are not a kind of their own: Lean reads `theorem` and `sorry` with the
// identifier reader and then looks them up in its token table, so the lexer returns them as
// Ident and the checks compare Text (the keyword) or Name (the identifier) as each rule needs.
const (
	Ident        Kind = iota + 1 // identifier or keyword, possibly dotted, possibly «escaped»
	Symbol                       // punctuation and operators
	Number                       // 12, 0x1F, 0b10, 0o7, 1.5e3
	String                       // "…" (its {…} parts, if any, follow it as tokens with Hole > 0)
	RawString                    // r"…", r#"…"#
	InterpString                 // "…" after s!, m!, f!, throwError…: its {…} parts are code
	Char                         // 'a', '\n'
	NameLit                      // `foo, `Foo.«bar»: a Name value, not a reference
	HashCommand                  // #eval, #print, #exit, …
)

var kindNames = [...]string{
	Ident: "identifier", Symbol: "symbol", Number: "number", String: "string",
	RawString: "raw string", InterpString: "interpolated string", Char: "character",
	NameLit: "name literal", HashCommand: "command",
}

func (k Kind) String() string { return enumName(kindNames[:], uint8(k), "Kind") }

// enumName is names[k], or typ(k) for a value without a name.
func enumName(names []string, k uint8, typ string) string {
	if int(k) < len(names) && names[k] != "" {
		return names[k]
	}
	return fmt.Sprintf("%s(%d)", typ, k)
}

// Token is one lexeme of Lean source. Comments (including doc comments, which Lean parses as
// tokens but which carry no code) and whitespace are not tokens.
type Token struct {
	Kind Kind
	// Text is the exact source text of the token, Src[Off:End].
	Text string
	// Name holds the components of an Ident or NameLit with guillemets removed: `«sorry»` and
	// `sorry` both have Name ["sorry"]; `Nat.«add»` has ["Nat", "add"].
	Name []string
	// Escaped reports that some component was written «…». An escaped word is never a
	// keyword for Lean (`«theorem»` is an identifier), so keyword matching requires !Escaped.
	Escaped bool
	// Off and End are byte offsets into the lexed text.
	Off, End int
	// Line is 1-based; Col is 0-based and counts Unicode code points, like REPL positions.
	Line, Col int
	// Glued reports that no whitespace or comment separates this token from the previous one
	// in the same stream (the first token of an interpolation hole counts as glued to it).
	Glued bool
	// Hole is the nesting depth of string interpolation holes the token sits in; 0 is
	// ordinary code.
	Hole int
}

// IsWord reports whether t is the unescaped single-component word w, i.e. the keyword w when w
// is one (`theorem`, `open`, `sorry`, …).
func (t Token) IsWord(w string) bool {
	return t.Kind == Ident && !t.Escaped && len(t.Name) == 1 && t.Name[0] == w
}

// FullName is the dotted identifier with guillemets removed.
func (t Token) FullName() string { return strings.Join(t.Name, ".") }

// ProblemKind classifies a Problem. The lexer only says what it saw; what a problem means (verify
// rejects a candidate proof for any of them) is for the caller to decide.
type ProblemKind uint8

// Problem kinds.
const (
	// InvalidUTF8: the text is not valid UTF-8 (tools disagree on what it says).
	InvalidUTF8 ProblemKind = iota + 1
	// NULByte: a NUL byte (tools disagree on where the text ends).
	NULByte
	// BidiControl: a bidirectional control character (the text displays differently from how
	// it is read).
	BidiControl
	// InvisibleChar: an invisible or control character, or a non-ASCII space, in code.
	InvisibleChar
	// Malformed: a construct that is unterminated, badly escaped, badly formed or ambiguous.
	Malformed
)

var problemKindNames = [...]string{
	InvalidUTF8: "invalid UTF-8", NULByte: "NUL byte", BidiControl: "bidirectional control",
	InvisibleChar: "invisible character", Malformed: "malformed",
}

func (k ProblemKind) String() string { return enumName(problemKindNames[:], uint8(k), "ProblemKind") }

// Problem is a construct the lexer could not read with confidence: Lean might read such text
// differently from us.
type Problem struct {
	Kind      ProblemKind
	Msg       string
	Line, Col int
}

func (p Problem) String() string { return fmt.Sprintf("%d:%d: %s", p.Line, p.Col, p.Msg) }

// Lexed is the result of Lex.
type Lexed struct {
	Src    string
	Tokens []Token
	// Problems are in source order. After an unterminated construct the rest of the text is
	// not lexed, so Tokens is then incomplete.
	Problems []Problem
}

// OK reports that the text lexed without problems.
func (l *Lexed) OK() bool { return len(l.Problems) == 0 }

// maxHoleDepth bounds the nesting of interpolation holes (and thus recursion).
const maxHoleDepth = 16

// maxProblems bounds the problems recorded for one text.
const maxProblems = 64

// Lex reads Lean 4 source the way Lean's tokenizer does (Lean.Parser.Basic and
// Lean.Parser.Types in lean4: whitespace, finishCommentBlock, identFn, strLitFnAux, charLitFnAux,
// numberFnAux, rawStrLitFnAux, interpolatedStrFn), as far as a checker needs:
//
//   - `--` starts a comment to the end of the line wherever a token could start.
//   - `/-` starts a block comment; block comments nest (`/-` inside opens, `-/` closes). As in
//     Lean, the character right after `/-` is consumed unread, so `/-/-` opens one level, not
//     two, and `/--` / `/-!` begin doc comments (which also nest).
//   - "…" strings with the escapes \\ \" \' \n \t \r \xHH \uHHHH and a backslash-newline gap;
//     r"…" and r#"…"# raw strings; 'c' character literals.
//   - «…» escapes an identifier component: `«sorry»` is the identifier sorry.
//   - s!"…{e}…" and the other interpolating syntaxes: e is code and is lexed as code.
//
// Lex never fails outright; what it cannot read with confidence is reported in Problems:
// invalid UTF-8, NUL bytes and bidirectional control characters anywhere (Trojan Source), other
// invisible or control characters and non-ASCII spaces in code, unterminated comments, strings,
// characters and «identifiers», invalid escapes, and strings whose extent depends on whether
// they are interpolated.
func Lex(src string) *Lexed {
	// Code averages more than four bytes a token; sizing the slice once saves the copies of
	// growing it, which dominated on large inputs.
	l := &lexer{src: src, line: 1, toks: make([]Token, 0, min(len(src)/3+16, MaxTokens))}
	l.scanWholeText()
	l.lexCode(false)
	return &Lexed{Src: src, Tokens: l.toks, Problems: l.probs}
}

type lexer struct {
	src       string
	pos       int
	line, col int
	toks      []Token
	probs     []Problem
	glued     bool
	hole      int
	fatal     bool // an unterminated construct: stop lexing
	seenInvis map[int]bool
}

type lexState struct {
	pos, line, col int
	ntoks, nprobs  int
	glued, fatal   bool
}

func (l *lexer) save() lexState {
	return lexState{l.pos, l.line, l.col, len(l.toks), len(l.probs), l.glued, l.fatal}
}

func (l *lexer) restore(s lexState) {
	l.pos, l.line, l.col = s.pos, s.line, s.col
	l.toks, l.probs = l.toks[:s.ntoks], l.probs[:s.nprobs]
	l.glued, l.fatal = s.glued, s.fatal
}

func (l *lexer) problem(kind ProblemKind, line, col int, format string, args ...any) {
	if len(l.probs) >= maxProblems {
		return
	}
	l.probs = append(l.probs, Problem{Kind: kind, Msg: fmt.Sprintf(format, args...), Line: line, Col: col})
}

// scanWholeText reports what is dangerous whatever context it appears in, comments and strings
// included: invalid UTF-8 and NUL (tools disagree on where text ends or what it says) and
// bidirectional controls (they make the text display differently from how it is read).
func (l *lexer) scanWholeText() {
	line, col := 1, 0
	var badUTF8, nul, bidi bool
	for i := 0; i < len(l.src); {
		r, n := utf8.DecodeRuneInString(l.src[i:])
		switch {
		case r == utf8.RuneError && n == 1 && !badUTF8:
			badUTF8 = true
			l.problem(InvalidUTF8, line, col, "invalid UTF-8")
		case r == 0 && !nul:
			nul = true
			l.problem(NULByte, line, col, "NUL byte")
		case isBidiControl(r) && !bidi:
			bidi = true
			l.problem(BidiControl, line, col, "bidirectional control character U+%04X", r)
		}
		if r == '\n' {
			line, col = line+1, 0
		} else {
			col++
		}
		i += n
	}
}

func isBidiControl(r rune) bool {
	switch {
	case r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069, r == 0x200E, r == 0x200F, r == 0x061C:
		return true
	}
	return false
}

// isInvisible reports characters that Lean does not treat as whitespace but that render as
// nothing or as a space: non-ASCII spaces, format characters (zero-width space and joiners,
// BOM, soft hyphen, tags) and C0/C1 controls other than \t \n \r.
func isInvisible(r rune) bool {
	if r == ' ' || r == '\t' || r == '\n' || r == '\r' {
		return false
	}
	return unicode.IsSpace(r) || unicode.Is(unicode.Cf, r) || unicode.IsControl(r) ||
		r == 0x034F || r == 0x115F || r == 0x1160 || r == 0x3164 || r == 0xFFA0
}

func (l *lexer) peek() (rune, int) {
	if l.pos >= len(l.src) {
		return -1, 0
	}
	return utf8.DecodeRuneInString(l.src[l.pos:])
}

// peekN returns the rune k runes ahead (k ≥ 0), or -1 at the end.
func (l *lexer) peekN(k int) rune {
	p := l.pos
	for ; k > 0; k-- {
		if p >= len(l.src) {
			return -1
		}
		_, n := utf8.DecodeRuneInString(l.src[p:])
		p += n
	}
	if p >= len(l.src) {
		return -1
	}
	r, _ := utf8.DecodeRuneInString(l.src[p:])
	return r
}

func (l *lexer) next() rune {
	r, n := l.peek()
	if n == 0 {
		return -1
	}
	l.pos += n
	if r == '\n' {
		l.line, l.col = l.line+1, 0
	} else {
		l.col++
	}
	return r
}

func (l *lexer) atEOF() bool { return l.pos >= len(l.src) }

// lexCode reads code until the end of the text, or, in an interpolation hole, until the `}`
// that closes the hole (which it does not consume). It reports whether it stopped at that `}`.
func (l *lexer) lexCode(inHole bool) bool {
	braces := 0
	for !l.atEOF() && !l.fatal {
		r, n := l.peek()
		switch {
		case r == ' ' || r == '\n' || r == '\r' || r == '\t':
			// Lean rejects tabs ("tabs are not allowed"); reading them as spaces cannot hide
			// code from us, and Lean reports them.
			l.next()
			l.glued = false
		case r == '-' && l.peekN(1) == '-':
			for !l.atEOF() {
				if r, _ := l.peek(); r == '\n' {
					break
				}
				l.next()
			}
			l.glued = false
		case r == '/' && l.peekN(1) == '-':
			l.blockComment()
			l.glued = false
		case inHole && r == '}' && braces == 0:
			return true
		case r == '"':
			l.stringLit()
		case r == '\'' && l.peekN(1) != '\'':
			l.charLit()
		case r >= '0' && r <= '9':
			l.number()
		case r == '`' && (isIDFirst(l.peekN(1)) || l.peekN(1) == '«'):
			l.nameLit()
		case r == 'r' && l.rawStringStart():
			l.rawString()
		case r == '#' && isIDFirst(l.peekN(1)):
			l.hashCommand()
		case isIDFirst(r) || r == '«':
			l.ident(Ident)
		case r == 0 || (r == utf8.RuneError && n == 1):
			// Already reported by scanWholeText; skip so that it cannot glue tokens.
			l.next()
			l.glued = false
		case isInvisible(r):
			if l.seenInvis == nil {
				l.seenInvis = map[int]bool{}
			}
			if !l.seenInvis[l.pos] {
				l.seenInvis[l.pos] = true
				if !isBidiControl(r) {
					l.problem(InvisibleChar, l.line, l.col, "invisible or control character U+%04X in code", r)
				}
			}
			// Read as a separator, so that `so\u200brry` still shows `so` and `rry` and
			// `#\u00a0eval` still shows `eval`; Lean itself rejects the character.
			l.next()
			l.glued = false
		default:
			if r == '{' {
				braces++
			} else if r == '}' {
				braces--
			}
			l.symbol()
		}
	}
	return false
}

// blockComment consumes a block or doc comment starting at "/-", nesting as Lean does.
func (l *lexer) blockComment() {
	line, col := l.line, l.col
	l.next() // '/'
	l.next() // '-'
	// Lean skips the third character without looking at it (it only checks whether it is
	// '-' or '!' to tell a doc comment from a plain one), so "/-/" does not open a nested level.
	if l.next() < 0 {
		l.problem(Malformed, line, col, "unterminated comment")
		l.fatal = true
		return
	}
	depth := 1
	for {
		r := l.next()
		switch {
		case r < 0:
			l.problem(Malformed, line, col, "unterminated comment")
			l.fatal = true
			return
		case r == '-':
			if nr, _ := l.peek(); nr == '/' {
				l.next()
				depth--
				if depth == 0 {
					return
				}
			}
		case r == '/':
			if nr, _ := l.peek(); nr == '-' {
				l.next()
				depth++
			}
		}
	}
}

func (l *lexer) begin() Token {
	return Token{Off: l.pos, Line: l.line, Col: l.col, Glued: l.glued, Hole: l.hole}
}

// MaxTokens bounds the tokens of one text (about 50 MB of them): text with more is reported
// Malformed and not read further. A contest proof has a few thousand; the bound keeps hostile
// input (2 MB of `(`, one token a byte) from costing unbounded memory and time.
const MaxTokens = 1 << 19

func (l *lexer) emit(t Token) {
	if len(l.toks) >= MaxTokens {
		if !l.fatal {
			l.problem(Malformed, t.Line, t.Col, "more than %d tokens: too long to check", MaxTokens)
		}
		l.fatal = true
		return
	}
	t.End = l.pos
	t.Text = l.src[t.Off:t.End]
	l.toks = append(l.toks, t)
	l.glued = true
}

// Identifier characters, after Lean's isIdFirst / isIdRest / isLetterLike / isSubScriptAlnum
// (Init/Meta/Defs.lean). Char.isAlpha is ASCII-only in Lean; the Latin-1 and Latin Extended-A
// ranges were added to isLetterLike by recent toolchains and are included: reading more
// characters as identifier characters than an older Lean does can only merge a word with text
// that older Lean rejects as an unexpected character.
func isLetterLike(r rune) bool {
	return (r >= 0x3b1 && r <= 0x3c9 && r != 0x3bb) ||
		(r >= 0x391 && r <= 0x3a9 && r != 0x3a0 && r != 0x3a3) ||
		(r >= 0x3ca && r <= 0x3fb) ||
		(r >= 0x1f00 && r <= 0x1ffe) ||
		(r >= 0x2100 && r <= 0x214f) ||
		(r >= 0x1d49c && r <= 0x1d59f) ||
		(r >= 0xc0 && r <= 0xff && r != 0xd7 && r != 0xf7) ||
		(r >= 0x100 && r <= 0x17f)
}

func isSubScriptAlnum(r rune) bool {
	return (r >= 0x2080 && r <= 0x2089) || (r >= 0x2090 && r <= 0x209c) ||
		(r >= 0x1d62 && r <= 0x1d6a) || r == 0x2c7c
}

func isIDFirst(r rune) bool {
	return (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || r == '_' || isLetterLike(r)
}

func isIDRest(r rune) bool {
	return isIDFirst(r) || (r >= '0' && r <= '9') || r == '\'' || r == '!' || r == '?' || isSubScriptAlnum(r)
}

// ident reads a (dotted) identifier: parts are «…» or isIdFirst isIdRest*, joined by '.' when
// the character after the dot can start a part.
func (l *lexer) ident(kind Kind) {
	t := l.begin()
	t.Kind = kind
	if kind == NameLit {
		l.next() // '`'
	}
	for {
		r, _ := l.peek()
		if r == '«' {
			line, col := l.line, l.col
			l.next()
			start := l.pos
			for {
				r, _ := l.peek()
				if r < 0 {
					l.problem(Malformed, line, col, "unterminated identifier escape «")
					l.fatal = true
					return
				}
				if r == '»' {
					break
				}
				if isInvisible(r) && !isBidiControl(r) {
					l.problem(InvisibleChar, l.line, l.col, "invisible or control character U+%04X in an identifier", r)
				}
				l.next()
			}
			t.Name = append(t.Name, l.src[start:l.pos])
			t.Escaped = true
			l.next() // '»'
		} else {
			start := l.pos
			l.next()
			for {
				r, _ := l.peek()
				if !isIDRest(r) {
					break
				}
				l.next()
			}
			t.Name = append(t.Name, l.src[start:l.pos])
		}
		if r, _ := l.peek(); r == '.' {
			if nr := l.peekN(1); isIDFirst(nr) || nr == '«' {
				l.next()
				continue
			}
		}
		break
	}
	l.emit(t)
}

func (l *lexer) nameLit() { l.ident(NameLit) }

func (l *lexer) hashCommand() {
	t := l.begin()
	t.Kind = HashCommand
	l.next() // '#'
	for {
		r, _ := l.peek()
		if !isIDRest(r) {
			break
		}
		l.next()
	}
	t.Name = []string{l.src[t.Off+1 : l.pos]}
	l.emit(t)
}

func isDigit(r rune) bool { return r >= '0' && r <= '9' }

func isHexDigit(r rune) bool {
	return isDigit(r) || (r >= 'a' && r <= 'f') || (r >= 'A' && r <= 'F')
}

// number reads a numeric literal as Lean's numberFnAux does. Right after a glued '.', only
// digits are read: `h.1.2` is a projection chain (fieldIdx), not the decimal 1.2.
func (l *lexer) number() {
	t := l.begin()
	t.Kind = Number
	afterDot := l.glued && len(l.toks) > 0 && l.toks[len(l.toks)-1].Text == "." && l.toks[len(l.toks)-1].Hole == l.hole
	takeWhile := func(f func(rune) bool) int {
		n := 0
		for {
			r, _ := l.peek()
			if r < 0 || !f(r) {
				return n
			}
			l.next()
			n++
		}
	}
	r, _ := l.peek()
	nx := l.peekN(1)
	switch {
	case afterDot:
		takeWhile(isDigit)
	case r == '0' && (nx == 'x' || nx == 'X'):
		l.next()
		l.next()
		if takeWhile(isHexDigit) == 0 {
			l.problem(Malformed, t.Line, t.Col, "invalid hexadecimal numeral")
		}
	case r == '0' && (nx == 'b' || nx == 'B'):
		l.next()
		l.next()
		if takeWhile(func(r rune) bool { return r == '0' || r == '1' }) == 0 {
			l.problem(Malformed, t.Line, t.Col, "invalid binary numeral")
		}
	case r == '0' && (nx == 'o' || nx == 'O'):
		l.next()
		l.next()
		if takeWhile(func(r rune) bool { return r >= '0' && r <= '7' }) == 0 {
			l.problem(Malformed, t.Line, t.Col, "invalid octal numeral")
		}
	default:
		takeWhile(isDigit)
		if r, _ := l.peek(); r == '.' {
			l.next()
			takeWhile(isDigit)
		}
		if r, _ := l.peek(); r == 'e' || r == 'E' {
			nx := l.peekN(1)
			if isDigit(nx) || ((nx == '+' || nx == '-') && isDigit(l.peekN(2))) {
				l.next()
				l.next()
				takeWhile(isDigit)
			} else {
				// Lean: "missing exponent digits in scientific literal".
				l.problem(Malformed, l.line, l.col, "missing exponent digits in scientific literal")
				l.next()
			}
		}
	}
	l.emit(t)
}

// Multi-character symbols read as one token. Lean matches its whole token table by longest
// prefix; the checks only need the symbols below to be whole (`:=` ends a header, `@[` opens
// attributes), plus the Mathlib tokens that contain a quote, which would otherwise start a
// character literal: Mathlib's image notation (two apostrophes), the preimage `f ⁻¹' s`, `∑' i, …`.
var multiSymbols = []string{
	"|>.", "<;>", "<|>", "<->", "...", "⁻¹'", "``(",
	":=", "::", "=>", "->", "<-", "<|", "|>", "||", "&&", "==", "!=", "<=", ">=", "++",
	"..", "@[", "#[", "%[", "?_", "''", "$(", "`(", "∑'", "∏'", "⁻¹",
}

// multiSymbolsByByte lists multiSymbols by first byte, in their order of preference.
var multiSymbolsByByte = func() (m [256][]string) {
	for _, s := range multiSymbols {
		m[s[0]] = append(m[s[0]], s)
	}
	return m
}()

func (l *lexer) symbol() {
	t := l.begin()
	t.Kind = Symbol
	rest := l.src[l.pos:]
	for _, s := range multiSymbolsByByte[rest[0]] {
		if strings.HasPrefix(rest, s) {
			for range utf8.RuneCountInString(s) {
				l.next()
			}
			l.emit(t)
			return
		}
	}
	l.next()
	l.emit(t)
}

// escape consumes one escape sequence after a backslash (already consumed). inInterp adds '{'
// to the quotable characters, as Lean's interpolated strings do. It returns false (after
// reporting) on an invalid escape.
func (l *lexer) escape(inInterp, inString bool) bool {
	line, col := l.line, l.col
	r := l.next()
	switch {
	case r == '\\' || r == '"' || r == '\'' || r == 'n' || r == 't' || r == 'r':
		return true
	case r == '{' && inInterp:
		return true
	case r == 'x':
		if isHexDigit(l.peekN(0)) && isHexDigit(l.peekN(1)) {
			l.next()
			l.next()
			return true
		}
	case r == 'u':
		if isHexDigit(l.peekN(0)) && isHexDigit(l.peekN(1)) && isHexDigit(l.peekN(2)) && isHexDigit(l.peekN(3)) {
			for range 4 {
				l.next()
			}
			return true
		}
	case inString && (r == '\n' || (r == '\r' && l.peekN(0) == '\n')):
		// String gap: backslash, newline, then indentation, all dropped.
		for {
			r, _ := l.peek()
			if r != ' ' && r != '\t' && r != '\n' && r != '\r' {
				return true
			}
			l.next()
		}
	}
	l.problem(Malformed, line, col, "invalid escape sequence in literal")
	return false
}

func (l *lexer) charLit() {
	t := l.begin()
	t.Kind = Char
	l.next() // '\''
	r := l.next()
	ok := true
	switch {
	case r < 0:
		ok = false
	case r == '\\':
		ok = l.escape(false, false)
	}
	if ok {
		if nr, _ := l.peek(); nr == '\'' {
			l.next()
			l.emit(t)
			return
		}
	}
	l.problem(Malformed, t.Line, t.Col, "missing end of character literal")
	l.fatal = true
}

// interpTriggers are the syntaxes whose following string literal Lean reads with
// interpolatedStr (core: s!, m!, f!, throwError, throwErrorAt, dbg_trace).
var interpTriggers = map[string]bool{
	"s!": true, "m!": true, "f!": true, "throwError": true, "throwErrorAt": true, "dbg_trace": true,
}

// stringLit reads a string literal. Whether Lean reads it as plain or interpolated depends on
// the syntax around it, which a lexer cannot know in general. After a known trigger it is
// interpolated. Otherwise, if its text contains '{', it is read both ways: when both readings
// end at the same quote, the holes are kept as code tokens (a hole might be code for syntax we
// do not know, and keeping it can only reject more); when they end at different places the
// literal is ambiguous and rejected, because either reading could hide code from the other.
func (l *lexer) stringLit() {
	trigger, maybe := false, false
	if n := len(l.toks); n > 0 {
		prev := l.toks[n-1]
		trigger = prev.Hole == l.hole && prev.Kind == Ident && !prev.Escaped && interpTriggers[prev.Text]
		maybe = mayInterpolate(prev)
	}
	start := l.save()
	plainEnd, plainOK, sawBrace := l.scanPlainString()
	if !trigger && (!sawBrace || !maybe) {
		if plainOK {
			t := Token{Kind: String, Off: start.pos, Line: start.line, Col: start.col, Glued: start.glued, Hole: l.hole}
			l.emit(t)
		}
		return
	}
	l.restore(start)
	interpOK := l.interpString(trigger)
	if trigger {
		return
	}
	if interpOK && plainOK && l.pos == plainEnd {
		return // the String token and its holes are in place
	}
	l.restore(start)
	l.problem(Malformed, start.line, start.col, "string literal is ambiguous: read as interpolated, its {…} parts would change where it ends")
	l.fatal = true
}

// mayInterpolate reports whether a string literal after prev might be read by a syntax that
// takes an interpolated string: after an identifier that ends in '!' (a macro such as s! or
// one we do not know), after `]` (trace[cls] "…"), or after an interpolation trigger's
// arguments (throwErrorAt ref "…", so any identifier in a hole). After a symbol, a literal or
// a plain identifier in code, no syntax of core Lean or Mathlib that a proof may use
// interpolates, and the string is plain: `"a{b"` and `"{sorry}"` are text.
func mayInterpolate(prev Token) bool {
	switch prev.Kind {
	case Ident:
		return strings.HasSuffix(prev.Text, "!") || interpTriggers[prev.Text] || prev.Hole > 0 || interpArgTriggers[prev.Text]
	case Symbol:
		return prev.Text == "]"
	}
	return false
}

// interpArgTriggers take arguments before their interpolated string.
var interpArgTriggers = map[string]bool{"throwErrorAt": true, "logInfoAt": true, "logWarningAt": true, "logErrorAt": true}

// scanPlainString reads a plain string literal from the opening quote, leaving the position
// after the closing quote. It reports the end offset, whether it is well formed, and whether
// it contains '{'.
func (l *lexer) scanPlainString() (end int, ok, sawBrace bool) {
	line, col := l.line, l.col
	l.next() // '"'
	ok = true
	for {
		r := l.next()
		switch {
		case r < 0:
			l.problem(Malformed, line, col, "unterminated string literal")
			l.fatal = true
			return l.pos, false, sawBrace
		case r == '"':
			return l.pos, ok, sawBrace
		case r == '{':
			sawBrace = true
		case r == '\\':
			if nr, _ := l.peek(); nr == '{' {
				sawBrace = true
			}
			if !l.escape(false, true) {
				ok = false
			}
		}
	}
}

// interpString reads an interpolated string from the opening quote: the literal parts with
// their escapes ('{' quotable) and each {…} hole as code. The string token is emitted before
// its hole tokens. kind is InterpString after a trigger, String otherwise.
func (l *lexer) interpString(trigger bool) bool {
	t := l.begin()
	t.Kind = String
	if trigger {
		t.Kind = InterpString
	}
	idx := len(l.toks)
	l.toks = append(l.toks, t) // placeholder, completed by the deferred function
	defer func() {
		// Also on failure, so that the token stream stays well formed: the string then
		// covers what was read of it.
		t.End = l.pos
		t.Text = l.src[t.Off:t.End]
		l.toks[idx] = t
	}()
	l.next() // '"'
	for {
		r := l.next()
		switch {
		case r < 0:
			l.problem(Malformed, t.Line, t.Col, "unterminated string literal")
			l.fatal = true
			return false
		case r == '"':
			l.glued = true
			return true
		case r == '\\':
			if !l.escape(true, true) {
				l.fatal = true
				return false
			}
		case r == '{':
			if l.hole >= maxHoleDepth {
				l.problem(Malformed, l.line, l.col, "string interpolation nested too deeply")
				l.fatal = true
				return false
			}
			l.hole++
			l.glued = true
			closed := l.lexCode(true)
			l.hole--
			if l.fatal {
				return false
			}
			if !closed {
				l.problem(Malformed, t.Line, t.Col, "unterminated string interpolation")
				l.fatal = true
				return false
			}
			l.next() // '}'
		}
	}
}

// rawStringStart reports whether the 'r' at the position opens a raw string: r, zero or more
// '#', then '"'.
func (l *lexer) rawStringStart() bool {
	i := l.pos + 1
	for i < len(l.src) && l.src[i] == '#' {
		i++
	}
	return i < len(l.src) && l.src[i] == '"'
}

func (l *lexer) rawString() {
	t := l.begin()
	t.Kind = RawString
	l.next() // 'r'
	hashes := 0
	for {
		if r, _ := l.peek(); r != '#' {
			break
		}
		l.next()
		hashes++
	}
	l.next() // '"'
	closing := "\"" + strings.Repeat("#", hashes)
	for {
		if l.atEOF() {
			l.problem(Malformed, t.Line, t.Col, "unterminated raw string literal")
			l.fatal = true
			return
		}
		if strings.HasPrefix(l.src[l.pos:], closing) {
			for range len(closing) {
				l.next()
			}
			l.emit(t)
			return
		}
		l.next()
	}
}
