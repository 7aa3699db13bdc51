package closednote

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
)

// regions are the insides of the step's inline and display math (\( \),
// \[ \], $ $, $$ $$), at most maxRegions of them, each at most maxRegion
// bytes long; longer ones are passed over.
func regions(text string) [][2]int {
	var out [][2]int
	for _, r := range mathtext.TextRegions(text) {
		if len(out) >= maxRegions {
			break
		}
		if r.E-r.S <= maxRegion {
			out = append(out, [2]int{r.S, r.E})
		}
	}
	return out
}

// breakCmds end a segment of math: text, spacing and the arrows and words
// between claims.
var breakCmds = map[string]bool{"quad": true, "qquad": true, "text": true, "mbox": true, "textbf": true, "textit": true,
	"mathrm": true, "implies": true, "Rightarrow": true, "rightarrow": true, "Longrightarrow": true, "longrightarrow": true,
	"iff": true, "Leftrightarrow": true, "to": true, "therefore": true, "because": true, "hspace": true, "label": true,
	"tag": true, "boxed": true, "begin": true, "end": true}

// relCmds are relations other than "=" and marks that make "=" doubtful:
// math holding one is left alone.
var relCmds = map[string]bool{"le": true, "leq": true, "ge": true, "geq": true, "lt": true, "gt": true, "ne": true,
	"neq": true, "approx": true, "equiv": true, "pmod": true, "bmod": true, "mod": true, "sim": true, "simeq": true,
	"cong": true, "in": true, "notin": true, "subset": true, "subseteq": true, "pm": true, "mp": true, "mid": true,
	"nmid": true, "propto": true, "Vert": true, "lVert": true, "rVert": true, "leqslant": true, "geqslant": true,
	"neg": true, "land": true, "lor": true, "cup": true, "cap": true, "setminus": true, "infty": true, "lim": true,
	"sum": true, "prod": true, "int": true, "not": true}

// segments cuts the math text[s:e] at breaks (line breaks "\\", text,
// spacing, arrows, ";" and ", "), dropping a segment with another
// relation.
func segments(text string, s, e int) [][2]int {
	var out [][2]int
	start, bad := s, false
	flush := func(end int) {
		if !bad && end > start {
			out = append(out, [2]int{start, end})
		}
		bad = false
	}
	for i := s; i < e; {
		c := text[i]
		switch {
		case c == '\\' && i+1 < e && !mathtext.IsASCIILetter(text[i+1]):
			if text[i+1] == '\\' {
				// "010\\ 101": a line break between digit groups joins them
				glued := digitAround(text, s, e, i, i+2)
				bad = bad || glued
				flush(i)
				start, bad = i+2, glued
			} else if text[i+1] == '|' || text[i+1] == '{' || text[i+1] == '}' {
				bad = true // a norm or set braces
			}
			i += 2
			continue
		case c == '\\':
			j := i + 1
			for j < e && mathtext.IsASCIILetter(text[j]) {
				j++
			}
			name := text[i+1 : j]
			switch {
			case breakCmds[name]:
				flush(i)
				if j < e && text[j] == '{' {
					if k := mathtext.MatchBrace(text, j, e); k > 0 {
						j = k + 1
					} else {
						j = e
					}
				}
				start = j
			case relCmds[name]:
				bad = true
			}
			i = j
			continue
		case c == ';' || c == ',' && (i+1 == e || text[i+1] == ' ' || text[i+1] == '\n' || text[i+1] == '\\'):
			flush(i)
			start = i + 1
		case strings.IndexByte("<>:!", c) >= 0 && !(c == '!' && i > s && mathtext.IsDigit(text[i-1])):
			bad = true
		case c >= 0x80 && relRune(text[i:e]):
			bad = true
		}
		i++
	}
	flush(e)
	return out
}

// digitAround reports a digit just before text[i:j] and just after it,
// past blanks, within text[s:e].
func digitAround(text string, s, e, i, j int) bool {
	for i > s && (text[i-1] == ' ' || text[i-1] == '\n') {
		i--
	}
	for j < e && (text[j] == ' ' || text[j] == '\n') {
		j++
	}
	return i > s && j < e && mathtext.IsDigit(text[i-1]) && mathtext.IsDigit(text[j])
}

// relRune reports a relation written as a Unicode character at the start
// of s: ≈ ≤ ≥ ≠ ≡ ± ∈ ∣.
func relRune(s string) bool {
	for _, r := range []string{"≈", "≤", "≥", "≠", "≡", "±", "∈", "∣", "→", "⇒"} {
		if strings.HasPrefix(s, r) {
			return true
		}
	}
	return false
}

// members are the members of the "=" chain text[s:e], trimmed of blanks,
// "&" and a closing mark; nil when a member is empty or a bracket is
// unbalanced.
func members(text string, s, e int) [][2]int {
	var out [][2]int
	depth, start := 0, s
	add := func(a, b int) bool {
		for a < b && strings.IndexByte(" \t\n&", text[a]) >= 0 {
			a++
		}
		for b > a && strings.IndexByte(" \t\n&.,", text[b-1]) >= 0 {
			b--
		}
		if a >= b {
			return false
		}
		out = append(out, [2]int{a, b})
		return true
	}
	for i := s; i < e; i++ {
		switch text[i] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			if depth--; depth < 0 {
				return nil
			}
		case '=':
			if depth == 0 {
				if !add(start, i) {
					return nil
				}
				start = i + 1
			}
		}
	}
	if depth != 0 || len(out) == 0 || !add(start, e) {
		return nil
	}
	return out
}

// baseWordRE names a base in words: "base 5", "base-8", "base $7$".
var baseWordRE = regexp.MustCompile(`(?i)\bbase[- ]?(?:\\\(|\$)?\s*\{?(\d{1,2})\b`)

// numeralRE is a numeral with a numeral base as subscript.
var numeralRE = regexp.MustCompile(`\d_(?:\{\s*\d{1,2}\s*\}|\d)`)

// namedBases are the bases other than ten that the problem or the step
// names, as a subscript or in words: bare numerals may be written in
// them.
func namedBases(problem, text string) []int {
	seen := map[int]bool{}
	var out []int
	add := func(b int) {
		if b >= 2 && b <= 36 && b != 10 && !seen[b] && len(out) < 8 {
			seen[b] = true
			out = append(out, b)
		}
	}
	for _, s := range []string{problem, text} {
		if len(s) > maxText {
			continue
		}
		if strings.Contains(s, "_") {
			for _, m := range subBaseRE.FindAllStringSubmatch(s, 32) {
				n, _ := strconv.Atoi(m[1])
				add(n)
			}
		}
		if strings.Contains(strings.ToLower(s), "base") {
			for _, m := range baseWordRE.FindAllStringSubmatch(s, 32) {
				n, _ := strconv.Atoi(m[1])
				add(n)
			}
		}
	}
	return out
}

// subBaseRE is the base of a numeral's subscript.
var subBaseRE = regexp.MustCompile(`\d_\{?\s*(\d{1,2})\b`)
