package symbolic

import (
	"strings"
	"unicode/utf8"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
)

// Math regions of a step and their lines: where the symbolic reader looks.

// MathRegion is a span of math mode in a step (mathtext.Region).
type MathRegion = mathtext.Region

// MathRegions lists the math-mode spans of a step, from its tokens, in order.
var MathRegions = mathtext.MathRegions

// lineBreaks split a region into lines; connectors mark a derivation.
var symBreaks = []struct {
	lit   string
	arrow bool
	start bool
}{
	{`\\`, false, true}, {`\qquad`, false, false}, {`\quad`, false, false},
	{`\implies`, true, false}, {`\Longrightarrow`, true, false}, {`\Rightarrow`, true, false},
	{`\rightarrow`, true, false}, {`\therefore`, true, false}, {`\iff`, false, false},
	{`\Leftrightarrow`, false, false}, {"⇒", true, false}, {"→", true, false}, {"⟹", true, false},
	{`\approx`, false, false}, {"≈", false, false}, {`\to`, true, false}, {",", false, false}, {";", false, false}, {`\text{ and }`, false, false},
	{`\begin{aligned}`, false, true}, {`\end{aligned}`, false, true},
	{`\begin{split}`, false, true}, {`\end{split}`, false, true},
	{`\begin{gathered}`, false, true}, {`\end{gathered}`, false, true},
}

// symRefuse marks lines the symbolic reader leaves alone as a whole:
// other relations, modular arithmetic, ± and ellipses (and the commands
// of lineRefused).
var symRefuse = []string{"<", ">", ":", "|", "%", "'", "≤", "≥", "≠", "≡", "±", "...", "…"}

// splitMath cuts region text into lines at the top level.
func splitMath(text string, rg MathRegion) []struct {
	s, e                 int
	arrow, start, approx bool
	textGroup            string
} {
	type piece = struct {
		s, e                 int
		arrow, start, approx bool
		textGroup            string
	}
	var out []piece
	cur := piece{s: rg.S, start: true}
	depth := 0
	i := rg.S
	for i < rg.E {
		c := text[i]
		if c == '{' || c == '(' {
			depth++
		}
		if c == '}' || c == ')' {
			depth--
		}
		if depth == 0 && c == '\\' && (strings.HasPrefix(text[i:], `\text`) || strings.HasPrefix(text[i:], `\mbox`)) && symexpr.FnWord(text[i+len(`\text`):]) == "" {
			// \text{…} and friends: prose inside math; a line break.
			j := strings.IndexByte(text[i:rg.E], '{')
			if j > 0 && j < 12 {
				end := mathtext.MatchBrace(text, i+j, rg.E)
				if end > 0 {
					cur.e = i
					out = append(out, cur)
					word := strings.ToLower(text[i+j+1 : end])
					arrow := symCueRE.MatchString(word)
					cur = piece{s: end + 1, arrow: arrow, textGroup: word}
					i = end + 1
					continue
				}
			}
		}
		// every break opens with a backslash, a comma, a semicolon or a
		// byte outside ASCII: the others are passed at once
		if depth == 0 && (c == '\\' || c == ',' || c == ';' || c >= utf8.RuneSelf) {
			matched := false
			for _, b := range symBreaks {
				if strings.HasPrefix(text[i:], b.lit) && (b.lit[0] != '\\' || b.lit == `\\` || !symexpr.IsLetterAt(text, i+len(b.lit))) &&
					!(i > 0 && text[i-1] == '\\' && (b.lit == "," || b.lit == ";")) {
					cur.e = i
					out = append(out, cur)
					cur = piece{s: i + len(b.lit), arrow: b.arrow, start: b.start, approx: b.lit == `\approx` || b.lit == "≈"}
					if b.lit == "," || b.lit == ";" {
						cur.textGroup = listMark
					}
					i += len(b.lit)
					matched = true
					break
				}
			}
			if matched {
				continue
			}
		}
		i++
	}
	cur.e = rg.E
	out = append(out, cur)
	return out
}
