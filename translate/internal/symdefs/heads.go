package symdefs

import "strings"

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

// isLetter reports an ASCII letter.
func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// mayHaveProbHead reports a letter, "(" and HeadEquation in s, as a match
// of probDefRE holds.
func mayHaveProbHead(s string) bool {
	for i := strings.IndexByte(s, '('); i >= 0; {
		if i > 0 && isLetter(s[i-1]) && HeadEquation(s, i) {
			return true
		}
		j := strings.IndexByte(s[i+1:], '(')
		if j < 0 {
			return false
		}
		i += 1 + j
	}
	return false
}

// mayHaveSeqHead reports a letter, "_", then "{…}" or one lower-case
// letter or digit, spaces and "=" in s, as a match of seqHeadRE holds.
func mayHaveSeqHead(s string) bool {
	for i := strings.IndexByte(s, '_'); i >= 0; {
		if i > 0 && isLetter(s[i-1]) && i+1 < len(s) {
			switch c := s[i+1]; {
			case c == '{':
				if k := strings.IndexByte(s[i+1:], '}'); k >= 0 && equalsAfter(s, i+2+k) {
					return true
				}
			case c >= 'a' && c <= 'z' || c >= '0' && c <= '9':
				if equalsAfter(s, i+2) {
					return true
				}
			}
		}
		j := strings.IndexByte(s[i+1:], '_')
		if j < 0 {
			return false
		}
		i += 1 + j
	}
	return false
}
