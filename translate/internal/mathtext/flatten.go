package mathtext

import "strings"

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
