package mathtext

import (
	"regexp"
	"slices"
	"strings"
)

// Math regions of a step: where the symbolic reader looks.

// Region is a span of math mode in a step.
type Region struct {
	S, E    int
	OS, CE  int // the opening mark's start, the closing mark's end
	Display bool
}

// MathRegions lists the math-mode spans of a step, from its tokens, in order.
func MathRegions(text string, toks []Tok) []Region {
	var room [16]Region // the regions of most texts: one pass over the tokens, one allocation
	out := room[:0]
	open, os := -1, 0
	display := false
	for ti := range toks {
		t := &toks[ti]
		if t.K != TSep || t.Text != SepMath {
			continue
		}
		if t.Src == "open" {
			open, os = t.E, t.S
			src := text[t.S:t.E]
			display = src == "$$" || src == `\[` || strings.HasPrefix(src, `\begin`)
			continue
		}
		if open >= 0 && t.S >= open {
			out = append(out, Region{S: open, E: t.S, OS: os, CE: t.E, Display: display})
		}
		open = -1
	}
	if len(out) == 0 {
		return nil
	}
	return slices.Clone(out)
}

// TextRegions lists the math-mode spans of a text read as it is, without
// its tokens: \( \), \[ \], $$ $$ and $ $, in order, each closed by the
// first closing mark after it. A backslash skips the character after it
// (an escaped "\$", a command). One pass over text. Display is set for \[
// and $$. The readers of claims in words use it, which see a step's text
// and not its tokens.
func TextRegions(text string) []Region {
	var out []Region
	for i := 0; i < len(text); {
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
		case text[i] == '\\':
			i += 2 // an escaped character or a command
			continue
		default:
			i++
			continue
		}
		s := i + len(open)
		k := strings.Index(text[s:], closer)
		if k < 0 {
			break
		}
		out = append(out, Region{S: s, E: s + k, OS: i, CE: s + k + len(closer), Display: open == "$$" || open == `\[`})
		i = s + k + len(closer)
	}
	return out
}

// claimSepRE ends a claim inside math: implications, line breaks,
// alignment, spacing, text and punctuation between claims. It is anchored:
// tried at each place, it looks no further than its match.
var claimSepRE = regexp.MustCompile(`^(?:\\implies|\\Rightarrow|\\Longrightarrow|\\rightarrow|\\iff|\\Leftrightarrow|\\therefore|\\\\|\\quad|\\qquad|\\text\s*\{[^{}]*\}|\\mbox\s*\{[^{}]*\}|\\mathrm\s*\{[^{}]*\}|&|,|;|:)`)

// ClaimPieces splits the math text[s:e] at the separators between claims
// (claimSepRE) outside brackets and braces, and keeps the pieces keep
// accepts, as [start, end) offsets in text.
func ClaimPieces(text string, s, e int, keep func(piece string) bool) [][2]int {
	var out [][2]int
	start := s
	flush := func(end int) {
		if keep(text[start:end]) {
			out = append(out, [2]int{start, end})
		}
	}
	depth := 0
	for i := s; i < e; i++ {
		switch text[i] {
		case '{', '(', '[':
			depth++
			continue
		case '}', ')', ']':
			depth--
			continue
		}
		if depth != 0 {
			continue
		}
		if loc := claimSepRE.FindStringIndex(text[i:e]); loc != nil {
			flush(i)
			start = i + loc[1]
			i = start - 1
		}
	}
	flush(e)
	return out
}

// EqualsMembers splits the math text[s:e] at each "=" outside brackets and
// braces: the members of an "=" chain, as [start, end) offsets in text.
func EqualsMembers(text string, s, e int) [][2]int {
	var out [][2]int
	depth, from := 0, s
	for i := s; i <= e; i++ {
		if i < e {
			switch text[i] {
			case '{', '(', '[':
				depth++
			case '}', ')', ']':
				depth--
			}
		}
		if i == e || depth == 0 && text[i] == '=' {
			out = append(out, [2]int{from, i})
			from = i + 1
		}
	}
	return out
}

// MatchBrace returns the index of the brace closing the one at s[i],
// looking no further than end, or -1.
func MatchBrace(s string, i, end int) int {
	depth := 0
	for k := i; k < end; k++ {
		switch s[k] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return k
			}
		}
	}
	return -1
}
