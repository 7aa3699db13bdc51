package mathtext

import "strings"

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
