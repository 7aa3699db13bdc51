package mathtext

import (
	"strings"
	"unicode/utf8"
)

// LowerPlain is text in lower case (ASCII) with the marks of math mode
// ($, \( \) \[ \]) blanked, byte for byte, so offsets stay those of the
// text ("\(72\)" reads as "  72  "); invalid UTF-8 is kept as it is.
func LowerPlain(text string) string {
	b := []byte(text)
	for i := 0; i < len(b); i++ {
		switch {
		case b[i] >= 'A' && b[i] <= 'Z':
			b[i] += 'a' - 'A'
		case b[i] == '$':
			b[i] = ' '
		case b[i] == '\\' && i+1 < len(b) && strings.IndexByte("()[]", b[i+1]) >= 0:
			b[i], b[i+1] = ' ', ' '
			i++
		}
	}
	return string(b)
}

// ASCIILower is s with ASCII letters lowered and every other byte kept, so
// that an offset found in it is the same offset in s (strings.ToLower may
// change the length of a letter outside ASCII).
func ASCIILower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// FlattenLower writes text[s:e] in lower case without math delimiters, braces
// and thin spaces, and where each byte of it comes from.
func FlattenLower(text string, s, e int) (string, []int) {
	var b strings.Builder
	at := make([]int, 0, e-s)
	for i := s; i < e; i++ {
		c := text[i]
		if c == '\\' && i+1 < e {
			switch text[i+1] {
			case '(', ')', '[', ']', ',', ';', '!':
				b.WriteByte(' ')
				at = append(at, i)
				i++
				continue
			}
		}
		if c == '$' || c == '{' || c == '}' {
			continue
		}
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		b.WriteByte(c)
		at = append(at, i)
	}
	return b.String(), at
}

// DisplayLines splits the bytes [s, e) of text at each "\\" (a display's
// line break) into its lines, as byte ranges of text.
func DisplayLines(text string, s, e int) [][2]int {
	var out [][2]int
	for {
		k := strings.Index(text[s:e], `\\`)
		if k < 0 {
			return append(out, [2]int{s, e})
		}
		out = append(out, [2]int{s, s + k})
		s += k + 2
	}
}

// Indexes returns where sub starts in text, non-overlapping, in order, at
// most limit of them: the readers that run a pattern only around a word
// find the word by plain search first.
func Indexes(text, sub string, limit int) []int {
	var out []int
	for at := 0; len(out) < limit && sub != ""; {
		i := strings.Index(text[at:], sub)
		if i < 0 {
			break
		}
		out = append(out, at+i)
		at += i + len(sub)
	}
	return out
}

// Window returns text[from:to] widened to whole runes, clipped to the
// text, with where it starts.
func Window(text string, from, to int) (string, int) {
	from, to = max(0, from), min(len(text), max(to, 0))
	for from > 0 && !utf8.RuneStart(text[from]) {
		from--
	}
	for to < len(text) && !utf8.RuneStart(text[to]) {
		to++
	}
	if from > to {
		from = to
	}
	return text[from:to], from
}

// SentenceSpan returns the bytes [s, e) of the sentence of text around
// byte i, looked for at most max bytes each way: it opens after a newline
// or after one of the bytes of ends followed by a space, and closes at a
// newline or at one of ends followed by a space, a newline or the text's
// end. With keepQuestion a closing "?" is kept in it (a reader that
// vetoes questions sees it). The readers of claims in words use it with
// FlattenLower. Unlike SentenceAround it stops at no display break, and
// the caller says which marks end a sentence ("!" ends none where it may
// be a factorial).
func SentenceSpan(text string, i, max int, ends string, keepQuestion bool) (int, int) {
	end := func(c byte) bool { return strings.IndexByte(ends, c) >= 0 }
	s := i
	for s > 0 && i-s < max && text[s-1] != '\n' && !(s >= 2 && end(text[s-2]) && text[s-1] == ' ') {
		s--
	}
	e := i
	for e < len(text) && e-i < max && text[e] != '\n' && !(end(text[e]) && (e+1 == len(text) || text[e+1] == ' ' || text[e+1] == '\n')) {
		e++
	}
	if keepQuestion && e < len(text) && text[e] == '?' {
		e++
	}
	return s, e
}
