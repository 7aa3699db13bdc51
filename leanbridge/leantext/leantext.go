// Package leantext holds the text normalizations that every way of
// sending a tactic step to Lean must share. The REPL chain, the whole-file
// proof and the language server's document all lay out a step's lines
// with StepBody, so the backends show Lean the same text and their
// verdicts can be compared step by step.
package leantext

import "strings"

// StepBody is a tactic step as it is laid out in a proof: CRLF line ends
// made LF, blank lines at either end dropped, and the indentation common
// to all non-blank lines removed (the caller indents it under "by").
func StepBody(step string) string {
	return Dedent(strings.Trim(strings.ReplaceAll(step, "\r\n", "\n"), "\n"))
}

// Dedent removes the indentation (spaces and tabs, counted as bytes)
// common to all non-blank lines. Blank lines do not count and are left as
// they are when shorter than the common indentation.
func Dedent(s string) string {
	lines := strings.Split(s, "\n")
	common := -1
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		n := len(l) - len(strings.TrimLeft(l, " \t"))
		if common < 0 || n < common {
			common = n
		}
	}
	if common <= 0 {
		return s
	}
	for i, l := range lines {
		if len(l) >= common {
			lines[i] = l[common:]
		}
	}
	return strings.Join(lines, "\n")
}
