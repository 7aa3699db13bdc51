package lspsim

// Positions. The simulator computes its own UTF-16 columns rather than importing the
// client's conversions, so that a bug there cannot hide behind the same bug here. The
// elaborator (replsim) reports REPL positions: 1-based lines, code-point columns.

type lspPos struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

type lspRange struct {
	Start lspPos `json:"start"`
	End   lspPos `json:"end"`
}

// u16 is the UTF-16 length of s.
func u16(s string) int {
	n := 0
	for _, r := range s {
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n
}

// byteOff is the byte offset of UTF-16 column c in line, clamped to the line like Lean
// does; a column inside a surrogate pair rounds down.
func byteOff(line string, c int) int {
	units := 0
	for i, r := range line {
		w := 1
		if r >= 0x10000 {
			w = 2
		}
		if units+w > c {
			return i
		}
		units += w
	}
	return len(line)
}
