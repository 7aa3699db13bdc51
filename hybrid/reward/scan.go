package reward

// Hand-written linear scanners for the grounded reward's three patterns (quantity, mathRun,
// boxed in grounded.go). Each has the semantics of the regular expression its doc comment
// gives, as Go's regexp package matches it (leftmost-first, \d and \s and \b ASCII), which
// scan_test.go checks against the regular expressions over the dev data and by fuzzing; they
// exist because the regular expressions took about 40 % of the server's CPU per sample. They
// read bytes: every token is ASCII (or the two-byte ×, ÷ and ·), so a match never starts or
// ends inside a character, valid or not, as with the regular expressions.

import "strings"

// qmatch is one match of the quantity pattern, as byte offsets in the text: the whole match
// [start, end); a fraction's numerator [num0, num1) and denominator [den0, den1) (num0 < 0
// when it is not a fraction); else the number [n0, n1) and the percent group [pct0, pct1)
// (empty when absent).
type qmatch struct {
	start, end int
	num0, num1 int
	den0, den1 int
	n0, n1     int
	pct0, pct1 int
}

// quantityScanner matches
//
//	\\[dt]?frac(?:\{\s*(\d+(?:\.\d+)?)\s*\}|(\d))(?:\{\s*(\d+(?:\.\d+)?)\s*\}|(\d))|(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)(\s*%)?
//
// (a fraction's parts braced or, as LaTeX allows, single digits: \\frac37 is 3/7; the two
// groups of each part are one group here). Its methods are the regexp.Regexp methods
// grounded.go calls, with their results.
type quantityScanner struct{}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// isSpace is \s: [\t\n\f\r ].
func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' }

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// isWord is \w, what \b looks at: [0-9A-Za-z_].
func isWord(c byte) bool { return isLetter(c) || isDigit(c) || c == '_' }

func skip(s string, i int, in func(byte) bool) int {
	for i < len(s) && in(s[i]) {
		i++
	}
	return i
}

// decimal matches \d+(?:\.\d+)? at i: its end, or -1.
func decimal(s string, i int) int {
	j := skip(s, i, isDigit)
	if j == i {
		return -1
	}
	if j+1 < len(s) && s[j] == '.' && isDigit(s[j+1]) {
		j = skip(s, j+1, isDigit)
	}
	return j
}

// fraction matches the first alternative at i (s[i] is a backslash).
func fraction(s string, i int) (qmatch, bool) {
	j := i + 1
	if j < len(s) && (s[j] == 'd' || s[j] == 't') {
		j++
	}
	if len(s)-j < 5 || s[j:j+4] != "frac" {
		return qmatch{}, false
	}
	m := qmatch{start: i}
	var ok bool
	if m.num0, m.num1, j, ok = fractionPart(s, j+4); !ok {
		return qmatch{}, false
	}
	if m.den0, m.den1, m.end, ok = fractionPart(s, j); !ok {
		return qmatch{}, false
	}
	return m, true
}

// fractionPart matches a fraction's part at j: \{\s*(\d+(?:\.\d+)?)\s*\} or one digit; the
// part's digits [p0, p1) and the part's end.
func fractionPart(s string, j int) (p0, p1, end int, ok bool) {
	switch {
	case j < len(s) && isDigit(s[j]):
		return j, j + 1, j + 1, true
	case j >= len(s) || s[j] != '{':
		return 0, 0, 0, false
	}
	p0 = skip(s, j+1, isSpace)
	if p1 = decimal(s, p0); p1 < 0 {
		return 0, 0, 0, false
	}
	j = skip(s, p1, isSpace)
	if j >= len(s) || s[j] != '}' {
		return 0, 0, 0, false
	}
	return p0, p1, j + 1, true
}

// number matches the second alternative at i: \d{1,3}(?:,\d{3})+(?:\.\d+)? before \d+(?:\.\d+)?
// before \.\d+, then (\s*%)?.
func number(s string, i int) (qmatch, bool) {
	m := qmatch{start: i, num0: -1, n0: i}
	run := skip(s, i, isDigit)
	switch {
	case run-i >= 1 && run-i <= 3 && run+4 <= len(s) && s[run] == ',' && isDigit(s[run+1]) && isDigit(s[run+2]) && isDigit(s[run+3]):
		// \d{1,3} can only be followed by "," where the digits end: the whole run.
		j := run
		for j+4 <= len(s) && s[j] == ',' && isDigit(s[j+1]) && isDigit(s[j+2]) && isDigit(s[j+3]) {
			j += 4
		}
		if j+1 < len(s) && s[j] == '.' && isDigit(s[j+1]) {
			j = skip(s, j+1, isDigit)
		}
		m.n1 = j
	case run > i:
		m.n1 = decimal(s, i)
	case s[i] == '.' && i+1 < len(s) && isDigit(s[i+1]):
		m.n1 = skip(s, i+1, isDigit)
	default:
		return qmatch{}, false
	}
	m.pct0, m.pct1, m.end = m.n1, m.n1, m.n1
	if j := skip(s, m.n1, isSpace); j < len(s) && s[j] == '%' {
		m.pct1, m.end = j+1, j+1
	}
	return m, true
}

// next is the first match at or after i, if any.
func (quantityScanner) next(s string, i int) (qmatch, bool) {
	for ; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\':
			if m, ok := fraction(s, i); ok {
				return m, true
			}
		case isDigit(c) || c == '.':
			if m, ok := number(s, i); ok {
				return m, true
			}
		}
	}
	return qmatch{}, false
}

// each calls fn on every match of s in order, as regexp's FindAll finds them.
func (q quantityScanner) each(s string, fn func(m qmatch)) {
	for i := 0; ; {
		m, ok := q.next(s, i)
		if !ok {
			return
		}
		fn(m)
		i = m.end
	}
}

// submatch is m as regexp's FindStringSubmatch gives it: the whole match, then the four
// groups ("" when a group took no part).
func (m qmatch) submatch(s string) []string {
	if m.num0 >= 0 {
		return []string{s[m.start:m.end], s[m.num0:m.num1], s[m.den0:m.den1], "", ""}
	}
	return []string{s[m.start:m.end], "", "", s[m.n0:m.n1], s[m.pct0:m.pct1]}
}

// FindStringSubmatch is regexp.Regexp.FindStringSubmatch.
func (q quantityScanner) FindStringSubmatch(s string) []string {
	m, ok := q.next(s, 0)
	if !ok {
		return nil
	}
	return m.submatch(s)
}

// FindAllStringSubmatch is regexp.Regexp.FindAllStringSubmatch with n < 0.
func (q quantityScanner) FindAllStringSubmatch(s string, _ int) [][]string {
	var out [][]string
	q.each(s, func(m qmatch) { out = append(out, m.submatch(s)) })
	return out
}

// FindAllStringIndex is regexp.Regexp.FindAllStringIndex with n < 0.
func (q quantityScanner) FindAllStringIndex(s string, _ int) [][]int {
	var out [][]int
	q.each(s, func(m qmatch) { out = append(out, []int{m.start, m.end}) })
	return out
}

// mathRunScanner matches
//
//	(?:[\d\s.,+\-*/×÷·^()\[\]{}$%:]|\\(?:begin|end)\{[a-zA-Z*]+\}|\\[a-zA-Z]+|\b[a-zA-Z]\b)*$
//
// whose leftmost match is the longest suffix of the text that these tokens cover, read from
// the end in one pass.
type mathRunScanner struct{}

// mathChar is the length of the class character at i, 0 when there is none.
func mathChar(s string, i int) int {
	switch c := s[i]; {
	case isDigit(c) || isSpace(c):
		return 1
	case c == 0xC3 && i+1 < len(s) && (s[i+1] == 0x97 || s[i+1] == 0xB7): // × ÷
		return 2
	case c == 0xC2 && i+1 < len(s) && s[i+1] == 0xB7: // ·
		return 2
	}
	switch s[i] {
	case '.', ',', '+', '-', '*', '/', '^', '(', ')', '[', ']', '{', '}', '$', '%', ':':
		return 1
	}
	return 0
}

// start is where the leftmost match begins: the least i from which s[i:] is a sequence of
// tokens (len(s) when none is). ok[i] says s[i:] is; a backslash's letters are one token
// (a shorter run leaves a letter after a letter, where no token starts), so every i has at
// most three ways on, each to a later place.
func (mathRunScanner) start(s string) int {
	n := len(s)
	ok := make([]bool, n+1)
	ok[n] = true
	first := n
	for i := n - 1; i >= 0; i-- {
		c := s[i]
		switch {
		case c == '\\':
			j := skip(s, i+1, isLetter)
			if j > i+1 && ok[j] {
				ok[i] = true
				break
			}
			for _, env := range [...]string{"begin{", "end{"} {
				if k := i + 1 + len(env); k <= n && s[i+1:k] == env {
					e := skip(s, k, func(b byte) bool { return isLetter(b) || b == '*' })
					if e > k && e < n && s[e] == '}' && ok[e+1] {
						ok[i] = true
					}
				}
			}
		case isLetter(c):
			ok[i] = (i == 0 || !isWord(s[i-1])) && (i+1 == n || !isWord(s[i+1])) && ok[i+1]
		default:
			if w := mathChar(s, i); w > 0 && ok[i+w] {
				ok[i] = true
			}
		}
		if ok[i] {
			first = i
		}
	}
	return first
}

// FindStringIndex is regexp.Regexp.FindStringIndex: the pattern always matches, up to the end.
func (m mathRunScanner) FindStringIndex(s string) []int {
	return []int{m.start(s), len(s)}
}

// boxedScanner matches
//
//	\\(?:boxed|fbox)\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}
//
// (a box whose braces nest one deep at most).
type boxedScanner struct{}

// FindAllStringIndex is regexp.Regexp.FindAllStringIndex with n < 0. A box's body is read
// from the end of the text back, once: end[j] is where a body read from j (outside any inner
// brace) closes, -1 when it never does, so every box costs one look-up.
func (boxedScanner) FindAllStringIndex(s string, _ int) [][]int {
	first := -1
	for _, open := range [...]string{`\boxed{`, `\fbox{`} {
		if k := strings.Index(s, open); k >= 0 && (first < 0 || k < first) {
			first = k
		}
	}
	if first < 0 {
		return nil
	}
	n := len(s)
	end := make([]int, n+1)
	end[n] = -1
	nextBrace := -1 // the first brace at or after i
	nextAfter := -1 // the first brace after nextBrace
	for i := n - 1; i >= first; i-- {
		if s[i] == '{' || s[i] == '}' {
			nextAfter, nextBrace = nextBrace, i
		}
		switch {
		case nextBrace < 0:
			end[i] = -1
		case s[nextBrace] == '}':
			end[i] = nextBrace + 1
		case nextAfter < 0 || s[nextAfter] == '{':
			end[i] = -1 // an inner brace opened inside an inner brace, or never closed
		default:
			end[i] = end[nextAfter+1]
		}
	}
	var out [][]int
	for i := first; i < n; i++ {
		if s[i] != '\\' {
			continue
		}
		var body int
		switch {
		case hasPrefixAt(s, i, `\boxed{`):
			body = i + len(`\boxed{`)
		case hasPrefixAt(s, i, `\fbox{`):
			body = i + len(`\fbox{`)
		default:
			continue
		}
		if e := end[body]; e >= 0 {
			out = append(out, []int{i, e})
			i = e - 1
		}
	}
	return out
}

func hasPrefixAt(s string, i int, p string) bool { return len(s)-i >= len(p) && s[i:i+len(p)] == p }
