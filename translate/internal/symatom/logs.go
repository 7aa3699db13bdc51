package symatom

import (
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
)

// logAtom is a logarithm of a name: the name, its form (the base) and
// its display.
type logAtom struct{ x, key, disp string }

// placeholders are the letters a logarithm of a name is written as
// before the line is read, each one absent from the line.
const placeholders = "qQwWzZjJkKuUvVgGhH"

// logAtoms writes each \log_b x, \log x and \ln x of a single-letter name
// x (b digits; x bare, in parentheses or in braces, followed by nothing
// that could extend it) as a placeholder name, returning the line and
// the placeholders. Any other \log or \ln is left as written, for the
// reader to refuse. It fails only when it runs out of placeholders.
func logAtoms(s string) (string, map[string]logAtom, bool) {
	if !strings.Contains(s, `\log`) && !strings.Contains(s, `\ln`) {
		return s, nil, true
	}
	logs := map[string]logAtom{}
	byKey := map[string]string{}
	var b strings.Builder
	free := []byte{}
	for k := 0; k < len(placeholders); k++ {
		if !strings.ContainsRune(s, rune(placeholders[k])) {
			free = append(free, placeholders[k])
		}
	}
	i := 0
	for i < len(s) {
		j := strings.IndexByte(s[i:], '\\')
		if j < 0 {
			b.WriteString(s[i:])
			break
		}
		b.WriteString(s[i : i+j])
		i += j
		end, la, ok := logAt(s, i)
		if !ok {
			b.WriteByte('\\')
			i++
			continue
		}
		name, seen := byKey[la.key+"|"+la.x]
		if !seen {
			if len(free) == 0 {
				return "", nil, false
			}
			name, free = string(free[0]), free[1:]
			byKey[la.key+"|"+la.x] = name
			logs[name] = la
		}
		b.WriteString(" {" + name + "} ")
		i = end
	}
	return b.String(), logs, true
}

// logAt reads a logarithm of a name at s[i] ('\\').
func logAt(s string, i int) (end int, la logAtom, ok bool) {
	var fn string
	switch {
	case strings.HasPrefix(s[i:], `\log`):
		fn, i = "log", i+4
	case strings.HasPrefix(s[i:], `\ln`):
		fn, i = "ln", i+3
	default:
		return 0, la, false
	}
	if i < len(s) && mathtext.IsASCIILetter(s[i]) {
		return 0, la, false // \logx or another command
	}
	base := ""
	if fn == "log" && i < len(s) && s[i] == '_' {
		i++
		if i < len(s) && s[i] == '{' {
			c := strings.IndexByte(s[i:], '}')
			if c < 0 {
				return 0, la, false
			}
			base, i = strings.TrimSpace(s[i+1:i+c]), i+c+1
		} else if i < len(s) && mathtext.IsDigit(s[i]) {
			base, i = s[i:i+1], i+1
		}
		if base == "" || strings.Trim(base, "0123456789") != "" || strings.TrimLeft(base, "0") == "" || base == "1" {
			return 0, la, false // a base that is no whole number past 1
		}
	}
	i = skipSpace(s, i)
	x, i, ok := logArg(s, i)
	if x == "e" || x == "i" {
		return 0, la, false // a constant, not a name
	}
	if !ok {
		return 0, la, false
	}
	k := skipSpace(s, i)
	if k < len(s) && (s[k] == '^' || s[k] == '_' || s[k] == '(' || s[k] == '\'' || mathtext.IsASCIILetter(s[k]) || mathtext.IsDigit(s[k])) {
		return 0, la, false // \log x^2, \log x_1, \log x(…): not the logarithm of a name alone
	}
	disp := fn + "(" + x + ")"
	if base != "" {
		disp = "log_" + base + "(" + x + ")"
	}
	return i, logAtom{x: x, key: "log|" + fn + "|" + base, disp: disp}, true
}

// logArg reads x, (x), {x} or \left(x\right) for one ASCII letter x.
func logArg(s string, i int) (string, int, bool) {
	open, closing := "", ""
	switch {
	case strings.HasPrefix(s[i:], `\left(`):
		open, closing = `\left(`, `\right)`
	case i < len(s) && s[i] == '(':
		open, closing = "(", ")"
	case i < len(s) && s[i] == '{':
		open, closing = "{", "}"
	}
	i = skipSpace(s, i+len(open))
	if i >= len(s) || !mathtext.IsASCIILetter(s[i]) {
		return "", 0, false
	}
	x := s[i : i+1]
	i++
	if open == "" {
		return x, i, true
	}
	i = skipSpace(s, i)
	if !strings.HasPrefix(s[i:], closing) {
		return "", 0, false
	}
	return x, i + len(closing), true
}

func skipSpace(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n') {
		i++
	}
	return i
}
