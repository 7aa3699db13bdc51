package mathtext

import "strings"

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
