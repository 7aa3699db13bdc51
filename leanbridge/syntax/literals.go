package syntax

import (
	"strings"
	"unicode/utf8"
)

// Literals: numbers, symbols, characters, strings (escapes, interpolation, raw strings).

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
