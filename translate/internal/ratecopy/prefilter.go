package ratecopy

import "strings"

// rateMatches is rateRE's matches in low, none where mayRate rules the
// pattern out: it has no literal prefix, and most texts with a "$" hold it
// as a math delimiter and price nothing.
func rateMatches(low string, limit int) [][]int {
	if !mayRate(low) {
		return nil
	}
	return rateRE.FindAllStringSubmatchIndex(low, limit)
}

// mayRate reports whether rateRE may match low: an amount (a "$", at most
// one space, and a number; or "dollar" and an "s") followed, past spaces,
// by "per", "for", "a", "/" or "\text{", one of which the pattern needs
// right after its amount. The amount read is the longest run of digits,
// commas and points, which no text the pattern needs after it opens with.
func mayRate(low string) bool {
	space := func(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' }
	digit := func(c byte) bool { return c >= '0' && c <= '9' }
	for i := 0; i < len(low); i++ {
		var j int
		switch {
		case low[i] == '$':
			j = i + 1
			if j < len(low) && space(low[j]) {
				j++
			}
			if j >= len(low) || !digit(low[j]) {
				continue
			}
			for j < len(low) && (digit(low[j]) || low[j] == ',' || low[j] == '.') {
				j++
			}
		case low[i] == 'd' && strings.HasPrefix(low[i:], "dollar"):
			j = i + len("dollar")
			if j < len(low) && low[j] == 's' {
				j++
			}
		default:
			continue
		}
		for j < len(low) && space(low[j]) {
			j++
		}
		rest := low[j:]
		if strings.HasPrefix(rest, "per") || strings.HasPrefix(rest, "for") || strings.HasPrefix(rest, "a") || strings.HasPrefix(rest, "/") || strings.HasPrefix(rest, `\text{`) {
			return true
		}
	}
	return false
}
