package symdefs

import (
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
)

// The plain searches below hold for every match of a head's pattern
// (probDefRE, seqHeadRE, symbolic's defScanRE), so a text where they
// fail holds no head and the pattern is not run on it; a text where they
// hold is still matched by the pattern.

// HeadEquation reports "x) =" after the "(" at s[i]: a lower-case letter,
// ")", spaces (a pattern's \s) and "=", as a head "f(x) =" holds.
func HeadEquation(s string, i int) bool {
	if i+2 >= len(s) || s[i+2] != ')' || s[i+1] < 'a' || s[i+1] > 'z' {
		return false
	}
	return equalsAfter(s, i+3)
}

// equalsAfter reports "=" at s[j] after spaces (a pattern's \s).
func equalsAfter(s string, j int) bool {
	for j < len(s) && (s[j] == ' ' || s[j] >= '\t' && s[j] <= '\r' && s[j] != '\v') {
		j++
	}
	return j < len(s) && s[j] == '='
}

// anyAfterLetter reports whether ok holds at the index i of some c in s
// that an ASCII letter stands before.
func anyAfterLetter(s string, c byte, ok func(i int) bool) bool {
	for i := strings.IndexByte(s, c); i >= 0; {
		if i > 0 && mathtext.IsASCIILetter(s[i-1]) && ok(i) {
			return true
		}
		j := strings.IndexByte(s[i+1:], c)
		if j < 0 {
			return false
		}
		i += 1 + j
	}
	return false
}

// mayHaveProbHead reports a letter, "(" and HeadEquation in s, as a match
// of probDefRE holds.
func mayHaveProbHead(s string) bool {
	return anyAfterLetter(s, '(', func(i int) bool { return HeadEquation(s, i) })
}

// mayHaveSeqHead reports a letter, "_", then "{…}" or one lower-case
// letter or digit, spaces and "=" in s, as a match of seqHeadRE holds.
func mayHaveSeqHead(s string) bool {
	return anyAfterLetter(s, '_', func(i int) bool {
		if i+1 >= len(s) {
			return false
		}
		switch c := s[i+1]; {
		case c == '{':
			k := strings.IndexByte(s[i+1:], '}')
			return k >= 0 && equalsAfter(s, i+2+k)
		case c >= 'a' && c <= 'z' || c >= '0' && c <= '9':
			return equalsAfter(s, i+2)
		}
		return false
	})
}
