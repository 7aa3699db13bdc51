package listrange

import "strings"

// rangeMatches is rangeRE's matches in low, at most limit, none where
// mayRange rules the pattern out (it has no literal prefix).
func rangeMatches(low string, limit int) [][]int {
	if !mayRange(low) {
		return nil
	}
	return rangeRE.FindAllStringIndex(low, limit)
}

// mayRange reports whether rangeRE may match low: a relation of the
// pattern, spaces, one lower-case letter, spaces and another relation (the
// numbers around them are not asked).
func mayRange(low string) bool {
	space := func(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' }
	for p := range len(low) {
		n := relAt(low, p)
		if n == 0 {
			continue
		}
		q := p + n
		for q < len(low) && space(low[q]) {
			q++
		}
		if q >= len(low) || low[q] < 'a' || low[q] > 'z' {
			continue
		}
		for q++; q < len(low) && space(low[q]); q++ {
		}
		if q < len(low) && relAt(low, q) > 0 {
			return true
		}
	}
	return false
}

// relAt is the length of the relation of rangeRE at low[p] (`\\leq?\b`,
// `\\le\b`, "≤" or "<"), or 0.
func relAt(low string, p int) int {
	boundary := func(i int) bool { return i >= len(low) || !wordByte(low[i]) }
	switch {
	case low[p] == '<':
		return 1
	case strings.HasPrefix(low[p:], "≤"):
		return len("≤")
	case !strings.HasPrefix(low[p:], `\le`):
		return 0
	case p+3 < len(low) && low[p+3] == 'q' && boundary(p+4):
		return 4
	case boundary(p + 3):
		return 3
	}
	return 0
}

// wordByte is a byte of a word as `\b` reads it.
func wordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}
