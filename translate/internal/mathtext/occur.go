package mathtext

import (
	"strings"
	"unicode/utf8"
)

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
