// Package choice reads multiple-choice answers for the grader in hybrid/outcome: a choice
// letter ("(B)", "Option B"), a letter written with its option's value ("(B) 15"), and the
// lettered options a problem lists ("(A) 12 (B) 15", one per line "A. 12"). It decides
// nothing about equality.
package choice

import (
	"strings"

	"github.com/leanprm/leanprm/hybrid/outcome/internal/expr"
)

// Letter recognises a multiple-choice letter: "B", "(B)", "B)", "\text{(B)}",
// "Option B", "(b)".
func Letter(s string) (string, bool) {
	t := s
	for _, w := range []string{"\\textbf{", "\\text{", "\\mathrm{", "\\mathbf{"} {
		if strings.HasPrefix(t, w) && strings.HasSuffix(t, "}") {
			t = t[len(w) : len(t)-1]
		}
	}
	t = strings.TrimSpace(t)
	for _, p := range []string{"option ", "choice ", "answer "} {
		if len(t) > len(p) && strings.EqualFold(t[:len(p)], p) {
			t = strings.TrimSpace(t[len(p):])
		}
	}
	if len(t) > 4 {
		return "", false
	}
	t = strings.TrimRight(t, ".:")
	paren := false
	if len(t) == 3 && t[0] == '(' && t[2] == ')' {
		t, paren = t[1:2], true
	} else if len(t) == 2 && t[1] == ')' {
		t, paren = t[:1], true
	}
	if len(t) != 1 {
		return "", false
	}
	c := t[0]
	switch {
	case c >= 'A' && c <= 'J':
		return t, true
	case paren && c >= 'a' && c <= 'j':
		return strings.ToUpper(t), true
	}
	return "", false
}

// WithValue reads a choice letter written with its option's value: "(B) 15",
// "\textbf{(B) }15", "B. 15", "(B): 15".
func WithValue(s string) (string, string, bool) {
	t := s
	for _, w := range []string{"\\textbf{", "\\text{", "\\mathrm{"} {
		if strings.HasPrefix(t, w) {
			if arg, next, ok := expr.Braced(t, len(w)-1); ok {
				t = arg + " " + t[next:]
			}
		}
	}
	t = strings.TrimSpace(t)
	var c byte
	switch {
	case len(t) > 3 && t[0] == '(' && t[2] == ')':
		c, t = t[1], t[3:]
	case len(t) > 2 && (t[1] == '.' || t[1] == ')') && t[2] == ' ':
		c, t = t[0], t[2:]
	default:
		return "", "", false
	}
	t = strings.TrimSpace(strings.TrimLeft(t, ":"))
	if c < 'A' || c > 'J' || t == "" {
		return "", "", false
	}
	return string(c), t, true
}

// Options reads the lettered options a problem lists: "(A) 12 (B) 15", "\textbf{(A) }12\qquad
// \textbf{(B) }15", or one option a line ("A. 12", "B) 15", "C: 15"). The letters must run
// from A in order; anything else gives no options.
func Options(problem string) map[string]string {
	if len(problem) > 1<<16 {
		return nil
	}
	if o := inlineOptions(problem); o != nil {
		return o
	}
	return lineOptions(problem)
}

func inlineOptions(p string) map[string]string {
	var starts, ends []int
	from := 0
	for c := byte('A'); c <= 'J'; c++ {
		m := "(" + string(c) + ")"
		i := strings.Index(p[from:], m)
		if i < 0 {
			break
		}
		starts = append(starts, from+i)
		ends = append(ends, from+i+len(m))
		from += i + len(m)
	}
	if len(starts) < 2 {
		return nil
	}
	out := map[string]string{}
	for k := range starts {
		end := len(p)
		if k+1 < len(starts) {
			end = starts[k+1]
		} else if nl := strings.IndexByte(p[ends[k]:], '\n'); nl >= 0 {
			end = ends[k] + nl
		}
		out[string(rune('A'+k))] = cleanOption(p[ends[k]:end])
	}
	return out
}

func lineOptions(p string) map[string]string {
	out := map[string]string{}
	next := byte('A')
	for _, line := range strings.Split(p, "\n") {
		l := strings.TrimSpace(line)
		if len(l) > 2 && l[0] == next && strings.IndexByte(".):", l[1]) >= 0 {
			out[string(next)] = cleanOption(l[2:])
			next++
		}
	}
	if len(out) < 2 {
		return nil
	}
	return out
}

// cleanOption drops the layout around an option's text: \qquad, \quad, a closing brace of
// \textbf{(A)}, "$" delimiters, a trailing comma or "or".
func cleanOption(s string) string {
	for _, w := range []string{"\\qquad", "\\quad", "\\ ", "\\textbf{", "\\mathrm{", "\\text{"} {
		s = strings.ReplaceAll(s, w, " ")
	}
	s = strings.TrimSpace(s)
	s = strings.TrimPrefix(s, "}")
	s = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), "or"))
	s = strings.TrimRight(s, ", ;")
	switch n := strings.Count(s, "$"); {
	case n%2 == 1: // the math closes after the last option: "(E) 25$"
		s = strings.TrimSuffix(strings.TrimPrefix(s, "$"), "$")
	case n == 2 && strings.HasPrefix(s, "$") && strings.HasSuffix(s, "$"):
		s = s[1 : len(s)-1]
	}
	return strings.TrimSpace(s)
}
