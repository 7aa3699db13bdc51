package closednote

import (
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
)

// Bars that open or close an absolute value for sure, and the bar read
// by its place.
const (
	openBar  = "\x01"
	closeBar = "\x02"
)

// barWords are the commands of a bar, longest first, as the marks they
// become.
var barWords = strings.NewReplacer(
	`\left\lvert`, openBar, `\right\rvert`, closeBar,
	`\left\vert`, openBar, `\right\vert`, closeBar,
	`\left|`, openBar, `\right|`, closeBar,
	`\lvert`, openBar, `\rvert`, closeBar,
	`\bigl|`, openBar, `\bigr|`, closeBar,
	`\Bigl|`, openBar, `\Bigr|`, closeBar,
	`\vert`, "|", `\big|`, "|", `\Big|`, "|", `\bigg|`, "|", `\Bigg|`, "|",
)

// absolute replaces each absolute value in s by the value of its
// inside. Bars pair only without doubt: a bar opens where an operand may
// start (after the start, an operator, a bracket or a command) and closes
// where one ends, bars never nest, and a bar in no such place (a bar that
// may mean "divides" or "such that", "3 | 12") fails, as does an inside
// that is no closed value.
func absolute(s string) (string, bool) {
	if !strings.Contains(s, "|") && !strings.Contains(s, `\vert`) && !strings.Contains(s, `\lvert`) {
		return s, true
	}
	if mathtext.HasAny(s, `\|`, `\Vert`, `\mid`, "||", `\lVert`) {
		return "", false
	}
	s = barWords.Replace(s)
	var b strings.Builder
	open := -1
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case open < 0 && (c == openBar[0] || c == '|' && opensAt(s, i)):
			open = i + 1
		case open < 0 && (c == closeBar[0] || c == '|'):
			return "", false // a bar that closes nothing
		case open >= 0 && c == openBar[0]:
			return "", false // nested bars
		case open >= 0 && (c == closeBar[0] || c == '|'):
			if c == '|' && !closesAt(s, i) {
				return "", false
			}
			v, ok := closed(s[open:i])
			if !ok {
				return "", false
			}
			b.WriteString(literal(v.Abs(v)))
			open = -1
		case open < 0:
			b.WriteByte(c)
		}
	}
	if open >= 0 {
		return "", false
	}
	return b.String(), true
}

// opensAt reports a bar at s[i] where an operand may start: after the
// start, an operator, an opening bracket or a command's name.
func opensAt(s string, i int) bool {
	j := i - 1
	for j >= 0 && (s[j] == ' ' || s[j] == '\t' || s[j] == '\n') {
		j--
	}
	if j < 0 || strings.IndexByte("+-*/([{^=,", s[j]) >= 0 {
		return true
	}
	if !mathtext.IsASCIILetter(s[j]) {
		return false
	}
	for j >= 0 && mathtext.IsASCIILetter(s[j]) {
		j--
	}
	return j >= 0 && s[j] == '\\' && !strings.HasPrefix(s[j:], `\right`)
}

// closesAt reports a bar at s[i] where an operand ends: the inside does
// not end in an operator, and what follows is the end, an operator, a
// closing bracket or a command.
func closesAt(s string, i int) bool {
	p := i - 1
	for p >= 0 && (s[p] == ' ' || s[p] == '\t' || s[p] == '\n') {
		p--
	}
	if p < 0 || strings.IndexByte("+-*/([{^=,", s[p]) >= 0 {
		return false
	}
	j := i + 1
	for j < len(s) && (s[j] == ' ' || s[j] == '\t' || s[j] == '\n') {
		j++
	}
	return j == len(s) || strings.IndexByte("+-*/)]}^=,.\\", s[j]) >= 0 || s[j] == closeBar[0]
}
