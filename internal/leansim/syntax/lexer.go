package syntax

import (
	"strings"
	"unicode"
)

// Pos is a REPL source position: 1-based line, 0-based column counted in Unicode code points
// (PROTOCOL §1.4). Column 0 of line 0 is what the REPL reports for tactic-mode messages.
type Pos struct {
	Line, Col int
}

// Before reports whether p comes before q.
func (p Pos) Before(q Pos) bool { return p.Line < q.Line || p.Line == q.Line && p.Col < q.Col }

type TokenKind uint8

const (
	TkEOF TokenKind = iota
	TkIdent
	tkNum // natural-number literal
	tkDec // scientific literal such as 2.5
	tkStr
	TkSym  // symbols and keywords
	tkBad  // a character Lean would not accept here
	tkChar // a character literal such as 'a'
)

type Token struct {
	Kind     TokenKind
	Text     string
	Pos, End Pos
	newline  bool // the token is the first on its line
	Escaped  bool // an identifier written «…»: never a keyword
}

// keywords are identifier-shaped words that Lean's token table reserves; they lex as symbols.
// Tactic names are not listed: they are matched by the tactic parser.
var keywords = map[string]bool{
	"by": true, "sorry": true, "example": true, "theorem": true, "def": true, "abbrev": true,
	"import": true, "open": true, "have": true, "show": true, "from": true, "fun": true,
	"let": true, "at": true, "with": true, "if": true, "then": true, "else": true, "do": true,
	"set_option": true, "variable": true, "namespace": true, "section": true, "end": true,
	"instance": true, "structure": true, "inductive": true, "class": true, "axiom": true,
	"universe": true, "noncomputable": true, "private": true, "protected": true, "in": true,
}

func isIdentStart(r rune) bool {
	return r == '_' || unicode.IsLetter(r) && r != 'λ' && r != 'Π' && r != 'Σ'
}

func isIdentRest(r rune) bool {
	return isIdentStart(r) || unicode.IsDigit(r) || r == '\'' || r == '!' || r == '?' ||
		(r >= '₀' && r <= '₉') || r == 'ₐ' || r == 'ₙ'
}

// symbols, longest first where one is a prefix of another.
var symbols = []string{
	":=", "<;>", "<=", ">=", "=>", "⁻¹", "@[", "<|", "|>", "&&", "||", "!=", "..", "←", "->",
	"≠", "≤", "≥", "=", "<", ">", "+", "-", "*", "/", "%", "^", "(", ")", "[", "]", "{", "}",
	"_", ":", ";", ",", "¬", "∧", "∨", "→", "↔", "⊢", "|", "@", "·", ".", "?", "!", "↦", "∀", "∃",
	"λ", "$", "∣", "`", "'", "∘", "×", "∑", "∏", "#", "&", "~", "\\", "⟨", "⟩",
}

// Lex splits Lean source into tokens, skipping whitespace and comments (`--` to end of line,
// nested `/- … -/`). It never fails: anything unexpected becomes a tkBad token, which the
// parser reports the way Lean reports an unexpected token.
func Lex(src string) []Token {
	rs := []rune(src)
	var toks []Token
	line, col := 1, 0
	i := 0
	newline := true
	adv := func(n int) {
		for k := 0; k < n && i < len(rs); k++ {
			if rs[i] == '\n' {
				line++
				col = 0
				newline = true
			} else {
				col++
			}
			i++
		}
	}
	for {
		// whitespace and comments
		for i < len(rs) {
			switch {
			case rs[i] == ' ' || rs[i] == '\t' || rs[i] == '\r' || rs[i] == '\n':
				adv(1)
			case rs[i] == '-' && i+1 < len(rs) && rs[i+1] == '-':
				for i < len(rs) && rs[i] != '\n' {
					adv(1)
				}
			case rs[i] == '/' && i+1 < len(rs) && rs[i+1] == '-':
				// As Lean's whitespace function does, the character right after `/-` is
				// consumed unread: `/-/-` opens one level, and `/--` (a doc comment) is a
				// comment here too.
				depth := 1
				open := Pos{line, col}
				adv(3)
				for i < len(rs) {
					if rs[i] == '/' && i+1 < len(rs) && rs[i+1] == '-' {
						depth++
						adv(2)
					} else if rs[i] == '-' && i+1 < len(rs) && rs[i+1] == '/' {
						depth--
						adv(2)
						if depth == 0 {
							break
						}
					} else {
						adv(1)
					}
				}
				if depth > 0 {
					// Lean: "unterminated comment"; the rest of the input is gone.
					toks = append(toks, Token{Kind: tkBad, Text: "/-", Pos: open, End: Pos{line, col}})
				}
			default:
				goto token
			}
		}
	token:
		start := Pos{line, col}
		nl := newline
		newline = false
		if i >= len(rs) {
			toks = append(toks, Token{Kind: TkEOF, Pos: start, End: start, newline: nl})
			return toks
		}
		j := i
		kind := TkSym
		switch r := rs[i]; {
		case r == '#' && i+1 < len(rs) && isIdentStart(rs[i+1]):
			j++
			for j < len(rs) && isIdentRest(rs[j]) {
				j++
			}
		case r == 'r' && rawStringEnd(rs, i) > 0:
			kind = tkStr
			j = rawStringEnd(rs, i)
		case isIdentStart(r) && !(r == '_' && (i+1 >= len(rs) || !isIdentRest(rs[i+1]))):
			kind = TkIdent
			for j < len(rs) {
				if isIdentRest(rs[j]) {
					j++
				} else if rs[j] == '.' && j+1 < len(rs) && (isIdentStart(rs[j+1]) || rs[j+1] == '«') {
					j++
					if rs[j] == '«' {
						if k := lexEscapedIdent(rs, j); k > 0 {
							j = k
							continue
						}
						j--
						break
					}
				} else {
					break
				}
			}
			if keywords[string(rs[i:j])] {
				kind = TkSym
			}
		case r == '«':
			kind = TkIdent
			j = lexEscapedIdent(rs, i)
			if j < 0 {
				kind = tkBad
				j = len(rs)
			}
		case r == '\'' && charLitEnd(rs, i) > 0:
			kind = tkChar
			j = charLitEnd(rs, i)
		case r >= '0' && r <= '9':
			kind = tkNum
			for j < len(rs) && rs[j] >= '0' && rs[j] <= '9' {
				j++
			}
			if j+1 < len(rs) && rs[j] == '.' && rs[j+1] >= '0' && rs[j+1] <= '9' {
				kind = tkDec
				j++
				for j < len(rs) && rs[j] >= '0' && rs[j] <= '9' {
					j++
				}
			}
			if j+1 < len(rs) && (rs[j] == 'e' || rs[j] == 'E') {
				k := j + 1
				if k < len(rs) && (rs[k] == '-' || rs[k] == '+') {
					k++
				}
				if k < len(rs) && rs[k] >= '0' && rs[k] <= '9' {
					kind = tkDec
					j = k
					for j < len(rs) && rs[j] >= '0' && rs[j] <= '9' {
						j++
					}
				}
			}
		case r == '"':
			kind = tkStr
			j++
			for j < len(rs) && rs[j] != '"' && rs[j] != '\n' {
				if rs[j] == '\\' {
					j++
				}
				j++
			}
			if j < len(rs) && rs[j] == '"' {
				j++
			} else {
				kind = tkBad
			}
		default:
			rest := string(rs[i:min(i+4, len(rs))])
			matched := false
			for _, s := range symbols {
				if strings.HasPrefix(rest, s) {
					j = i + len([]rune(s))
					matched = true
					break
				}
			}
			if !matched {
				kind = tkBad
				j = i + 1
			}
		}
		if j > len(rs) {
			j = len(rs)
		}
		txt := string(rs[i:j])
		escaped := false
		if kind == TkIdent && strings.ContainsRune(txt, '«') {
			txt, escaped = unescapeIdent(txt), true
		}
		adv(j - i)
		toks = append(toks, Token{Kind: kind, Text: txt, Pos: start, End: Pos{line, col}, newline: nl, Escaped: escaped})
	}
}

// lexEscapedIdent reads an identifier that starts with a «…» component at rs[i], with any
// further dotted components, and returns where it ends, or -1 if a « is never closed.
func lexEscapedIdent(rs []rune, i int) int {
	j := i
	for {
		if rs[j] == '«' {
			k := j + 1
			for k < len(rs) && rs[k] != '»' {
				k++
			}
			if k >= len(rs) {
				return -1
			}
			j = k + 1
		} else {
			for j < len(rs) && isIdentRest(rs[j]) {
				j++
			}
		}
		if j+1 < len(rs) && rs[j] == '.' && (isIdentStart(rs[j+1]) || rs[j+1] == '«') {
			j++
			continue
		}
		return j
	}
}

// unescapeIdent removes the guillemets of «…» components: `«hb»` is the identifier hb.
func unescapeIdent(s string) string {
	return strings.NewReplacer("«", "", "»", "").Replace(s)
}

// rawStringEnd returns the end of a raw string literal r"…" or r#"…"# starting at rs[i], or
// 0 if there is none there (then `r` starts an identifier).
func rawStringEnd(rs []rune, i int) int {
	j := i + 1
	hashes := 0
	for j < len(rs) && rs[j] == '#' {
		hashes++
		j++
	}
	if j >= len(rs) || rs[j] != '"' {
		return 0
	}
	for k := j + 1; k < len(rs); k++ {
		if rs[k] != '"' {
			continue
		}
		n := 0
		for n < hashes && k+1+n < len(rs) && rs[k+1+n] == '#' {
			n++
		}
		if n == hashes {
			return k + 1 + n
		}
	}
	return 0
}

// charLitEnd returns the end of a character literal 'c' or '\x' starting at rs[i], or 0.
func charLitEnd(rs []rune, i int) int {
	j := i + 1
	if j < len(rs) && rs[j] == '\\' {
		j++
	}
	if j >= len(rs) || rs[j] == '\n' {
		return 0
	}
	j++
	if j < len(rs) && rs[j] == '\'' {
		return j + 1
	}
	return 0
}

// Quote escapes a string as Lean's `Json.escape` does: `"`, `\`, newline and carriage
// return get short escapes; every other character below U+0020 (tab included) is written as
// a lower-case `\u00XX`; everything else, non-ASCII included, is written as is. The short
// escapes are confirmed by the transcripts; the `\u` form is Lean's documented behaviour,
// not observed in a transcript.
func Quote(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < 0x20:
			const hex = "0123456789abcdef"
			b.WriteString(`\u00`)
			b.WriteByte(hex[r>>4])
			b.WriteByte(hex[r&0xf])
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
