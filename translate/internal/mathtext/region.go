package mathtext

import "strings"

// Math regions of a step: where the symbolic reader looks.

// Region is a span of math mode in a step.
type Region struct {
	S, E    int
	OS, CE  int // the opening mark's start, the closing mark's end
	Display bool
}

// MathRegions lists the math-mode spans of a step, from its tokens, in order.
func MathRegions(text string, toks []Tok) []Region {
	var out []Region
	open, os := -1, 0
	display := false
	for _, t := range toks {
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
