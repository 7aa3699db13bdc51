package reward

// Symbolic work: a relation between two different expressions over the problem's own names
// ("x^2 + 2bx + 1 = 2ax + 2ab", "(a + b + c + d)(…) \geq 16"). The quantity grounding cannot
// trace it, but a bare answer, a hedge, an identity or arithmetic on numbers alone has none.

import (
	"slices"
	"strings"
)

// relationOps are the relations a symbolic step may state, longest first.
var relationOps = []string{`\geq`, `\leq`, `\neq`, `\ge `, `\le `, "=", "<", ">"}

// maxSymbolic bounds, in bytes, the relation a symbolic check reads (and looks for in the
// problem's text), so that the measure stays linear in the text.
const maxSymbolic = 400

// maxSides bounds the sides of a relation chain a symbolic check compares pairwise.
const maxSides = 8

// mathNames are the one-letter names of a text's formulas: every ASCII letter of the text
// outside LaTeX commands and \text{…}; from its delimited formulas ($…$, \(…\), \[…\]) only
// when delimited (the problem's prose has words, not names), and of those only the ones
// without a word of three letters or more (prose between two dollar amounts: "$5 and $10").
func mathNames(text string, delimited bool) map[string]bool {
	names := map[string]bool{}
	add := func(runs []string) {
		for _, r := range runs {
			for i := range len(r) {
				names[r[i:i+1]] = true
			}
		}
	}
	if !delimited {
		add(letterRuns(text))
		return names
	}
	for _, f := range formulas(text) {
		runs := letterRuns(f)
		if !slices.ContainsFunc(runs, func(r string) bool { return len(r) >= 3 }) {
			add(runs)
		}
	}
	return names
}

// letterRuns are the runs of ASCII letters of a formula outside LaTeX commands and the
// argument of \text, \mathrm and \operatorname.
func letterRuns(text string) []string {
	var runs []string
	for i := 0; i < len(text); i++ {
		switch {
		case text[i] == '\\':
			j := i + 1
			for j < len(text) && nameLetter(text[j]) {
				j++
			}
			switch text[i+1 : j] {
			case "text", "mathrm", "operatorname":
				if j < len(text) && text[j] == '{' {
					if e := strings.IndexByte(text[j:], '}'); e >= 0 {
						j += e + 1
					}
				}
			}
			i = j - 1
		case nameLetter(text[i]):
			j := i
			for j < len(text) && nameLetter(text[j]) {
				j++
			}
			runs = append(runs, text[i:j])
			i = j - 1
		}
	}
	return runs
}

// nameLetter is whether c is an ASCII letter.
func nameLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// formulas are the delimited formulas of a text, in one pass: $…$, $$…$$, \(…\), \[…\].
func formulas(text string) []string {
	var out []string
	for i := 0; i < len(text); i++ {
		var open, close string
		switch {
		case strings.HasPrefix(text[i:], "$$"):
			open, close = "$$", "$$"
		case text[i] == '$':
			open, close = "$", "$"
		case strings.HasPrefix(text[i:], `\(`):
			open, close = `\(`, `\)`
		case strings.HasPrefix(text[i:], `\[`):
			open, close = `\[`, `\]`
		default:
			continue
		}
		start := i + len(open)
		end := strings.Index(text[start:], close)
		if end < 0 {
			break
		}
		out = append(out, text[start:start+end])
		i = start + end + len(close) - 1
	}
	return out
}

// relates is whether seg states a relation between different expressions that use only the
// problem's names, one at least: no side is another side or written in it (an identity, "g +
// 0 = g", "y = -2x + 0 = y = -2x"), and not every side is a piece of the problem's text.
func (k *known) relates(seg string) bool {
	if len(k.names) == 0 || len(seg) > maxSymbolic {
		return false
	}
	if !k.numeric && k.target != "" && strings.Contains(compact(seg), k.target) {
		return false // the final answer written out ("The answer is y = -2x"): derives says if it is derived
	}
	sides := relationSides(seg)
	if len(sides) < 2 || len(sides) > maxSides {
		return false
	}
	var text strings.Builder
	for i, a := range sides {
		for _, b := range sides[i+1:] {
			if a == b || len(a) >= 3 && strings.Contains(b, a) || len(b) >= 3 && strings.Contains(a, b) {
				return false
			}
		}
		text.WriteString(a + " ")
	}
	names := mathNames(text.String(), false)
	if len(names) == 0 {
		return false
	}
	for name := range names {
		if !k.names[name] {
			return false // a name foreign to the problem (a copied example's)
		}
	}
	if k.restateChecks >= maxRestateChecks {
		return false
	}
	k.restateChecks++
	for _, side := range sides {
		if !strings.Contains(k.problem, side) {
			return true
		}
	}
	return false // every side is the problem's: a restatement
}

// relationSides are the sides of seg's relations, compacted: the formula before the first
// relation, what lies between relations, and the result after the last; nil without one.
func relationSides(seg string) []string {
	var sides []string
	start := 0
	for i := 0; i < len(seg); i++ {
		for _, op := range relationOps {
			if !strings.HasPrefix(seg[i:], op) {
				continue
			}
			side := seg[start:i]
			if start == 0 {
				side = formula(side[mathRun.FindStringIndex(side)[0]:])
			}
			sides = append(sides, compact(side))
			start = i + len(op)
			i = start - 1
			break
		}
	}
	if start == 0 {
		return nil
	}
	sides = append(sides, compact(resultText(seg[start:])))
	for i, s := range sides {
		for strings.HasPrefix(s, `\(`) || strings.HasPrefix(s, `\[`) {
			s = s[2:] // the math delimiter before a formula
		}
		if sides[i] = s; s == "" {
			return nil
		}
	}
	return sides
}
