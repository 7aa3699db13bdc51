package liketerms

import "strings"

// cutCommands are the commands that cut a line after a backslash: arrows,
// spaces and a box. No one of them is a prefix of another, so at most one
// matches at a place.
var cutCommands = []string{"implies", "Rightarrow", "Longrightarrow", "rightarrow", "iff", "Leftrightarrow", "to", "quad", "qquad", "boxed"}

// cutsOf splits a line into pieces no link crosses: it returns the
// [start, end) of each cut in s, leftmost first and not overlapping, the
// matches FindAllStringIndex gives of the pattern
//
//	\\(?:implies|Rightarrow|Longrightarrow|rightarrow|iff|Leftrightarrow|to|quad|qquad|text\{[^{}]*\}|mathrm\{[^{}]*\}|boxed)|\\\\|[,;&]|\bor\b|\band\b
//
// (arrows, spaces, text, commas, the alignment marks and the words "or"
// and "and"), written out by hand: every cut starts at an ASCII byte, so
// it is looked for at each byte.
func cutsOf(s string) [][]int {
	var out [][]int
	for i := 0; i < len(s); i++ {
		if n := cutAt(s, i); n > 0 {
			out = append(out, []int{i, i + n})
			i += n - 1
		}
	}
	return out
}

// cutAt is the length of the cut that starts at s[i], 0 when none does.
func cutAt(s string, i int) int {
	switch s[i] {
	case ',', ';', '&':
		return 1
	case 'o':
		return wordAt(s, i, "or")
	case 'a':
		return wordAt(s, i, "and")
	case '\\':
	default:
		return 0
	}
	rest := s[i+1:]
	for _, c := range cutCommands {
		if strings.HasPrefix(rest, c) {
			return 1 + len(c)
		}
	}
	for _, c := range []string{"text{", "mathrm{"} {
		if !strings.HasPrefix(rest, c) {
			continue
		}
		// [^{}]* then "}": the first brace after the opening one closes it.
		if k := strings.IndexAny(rest[len(c):], "{}"); k >= 0 && rest[len(c)+k] == '}' {
			return 1 + len(c) + k + 1
		}
	}
	if strings.HasPrefix(rest, `\`) {
		return 2 // a line break
	}
	return 0
}

// wordAt is len(w) when w stands at s[i] between word boundaries (\b: no
// ASCII letter, digit or "_" on either side), 0 otherwise.
func wordAt(s string, i int, w string) int {
	if !strings.HasPrefix(s[i:], w) || i > 0 && wordByte(s[i-1]) || i+len(w) < len(s) && wordByte(s[i+len(w)]) {
		return 0
	}
	return len(w)
}

// wordByte reports a byte of \w: an ASCII letter, digit or "_" (a byte
// outside ASCII belongs to no such character).
func wordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}
