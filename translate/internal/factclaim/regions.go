package factclaim

import (
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
)

// regionScan finds the math regions of a text one after another, the ones
// mathtext.TextRegions lists and in its order (each opened by \( \[ $$ or
// $ and closed by the first closer after it, a backslash skipping the byte
// after it), without listing them first: it jumps from one "\" or "$" to
// the next.
type regionScan struct {
	text   string
	i      int // where the search for the next region goes on
	bs, ds int // the first "\" and "$" at or after some place before i (len(text) when none), -1 before a search
}

// newRegionScan starts a scan of text.
func newRegionScan(text string) *regionScan {
	return &regionScan{text: text, bs: -1, ds: -1}
}

// next returns the next region; false when there is no more.
func (sc *regionScan) next() (mathtext.Region, bool) {
	text := sc.text
	for i := sc.i; i < len(text); {
		i = sc.mark(i)
		if i == len(text) {
			break
		}
		var open, closer string
		switch {
		case strings.HasPrefix(text[i:], `\(`):
			open, closer = `\(`, `\)`
		case strings.HasPrefix(text[i:], `\[`):
			open, closer = `\[`, `\]`
		case strings.HasPrefix(text[i:], "$$"):
			open, closer = "$$", "$$"
		case text[i] == '$':
			open, closer = "$", "$"
		default:
			i += 2 // an escaped character or a command
			continue
		}
		s := i + len(open)
		k := strings.Index(text[s:], closer)
		if k < 0 {
			break
		}
		sc.i = s + k + len(closer)
		return mathtext.Region{S: s, E: s + k, OS: i, CE: sc.i, Display: open == "$$" || open == `\[`}, true
	}
	sc.i = len(text)
	return mathtext.Region{}, false
}

// mark returns the first "\" or "$" at or after i, len(text) when there is
// none.
func (sc *regionScan) mark(i int) int {
	if sc.bs < i {
		sc.bs = indexFrom(sc.text, i, '\\')
	}
	if sc.ds < i {
		sc.ds = indexFrom(sc.text, i, '$')
	}
	return min(sc.bs, sc.ds)
}

// indexFrom is the first c in s at or after i, len(s) when there is none.
func indexFrom(s string, i int, c byte) int {
	if k := strings.IndexByte(s[i:], c); k >= 0 {
		return i + k
	}
	return len(s)
}
