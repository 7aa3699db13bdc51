package syntax

import (
	"fmt"
	"unicode"
	"unicode/utf8"
)

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
