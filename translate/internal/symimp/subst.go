package symimp

import (
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
)

// impSubst reports impSubstRE in p, read by plain searches and word by
// word instead of by the pattern: its bare stems searched, each word
// (a run of \w, ASCII letters, digits and "_", as \b reads it) compared
// with its whole words and stems, "(" with what may close it, and each
// "equation" with what stands around it.
func impSubst(p string) bool {
	if mathtext.HasAny(p, "substitut", "plug", "replac", "eliminat", "we know", "from the", "because", "given", "recall",
		"earlier", "equations", "suppose", "assum") {
		return true
	}
	for i := 0; i < len(p); {
		if !isWordByte(p[i]) {
			if p[i] == '(' && parenRef(p[i+1:]) {
				return true
			}
			i++
			continue
		}
		j := i
		for j < len(p) && isWordByte(p[j]) {
			j++
		}
		if substWord(p[i:j], p[j:]) {
			return true
		}
		i = j
	}
	for at := 0; ; {
		k := strings.Index(p[at:], "equation")
		if k < 0 {
			return false
		}
		k += at
		if equationRef(p[:k], p[k+len("equation"):]) {
			return true
		}
		at = k + 1
	}
}

// substWord reports a whole word or a stem of impSubstRE that opens with
// the word w (after is the text after it).
func substWord(w, after string) bool {
	switch w {
	case "using", "use", "since", "if", "when", "where", "for", "with", "each", "these", "those", "two", "both", "or":
		return true
	case "eq":
		return strings.HasPrefix(after, ".")
	}
	for _, stem := range []string{"solv", "system", "pair", "case", "try", "check", "verif", "squar", "sqrt", "root"} {
		if strings.HasPrefix(w, stem) {
			return true
		}
	}
	return false
}

// parenRef reports what makes "(" a reference after it: digits and ")",
// or one \w and ")".
func parenRef(s string) bool {
	j := 0
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	return j > 0 && j < len(s) && s[j] == ')' || len(s) >= 2 && isWordByte(s[0]) && s[1] == ')'
}

// equationRef reports an "equation" between before and after that names
// one: a number after it ("equation (2)", spaces and "(" may stand
// between), or an ordinal before it, alone or with one word between
// ("the second equation", "the original quadratic equation").
func equationRef(before, after string) bool {
	after = strings.TrimLeft(after, " \t\n\f\r")
	after = strings.TrimPrefix(after, "(")
	if after != "" && after[0] >= '0' && after[0] <= '9' {
		return true
	}
	if !strings.HasSuffix(before, " ") {
		return false
	}
	before = before[:len(before)-1]
	if ordinalEnd(before) {
		return true
	}
	m := len(before)
	for m > 0 && isWordByte(before[m-1]) {
		m--
	}
	return m < len(before) && m > 0 && before[m-1] == ' ' && ordinalEnd(before[:m-1])
}

// ordinalEnd reports s ending with one of the words impSubstRE reads
// before "equation".
func ordinalEnd(s string) bool {
	for _, w := range []string{"first", "second", "third", "other", "last", "previous", "original"} {
		if strings.HasSuffix(s, w) {
			return true
		}
	}
	return false
}

// isWordByte reports a byte of \w.
func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

// HasWord reports one of words (each made of \w bytes) standing as a
// whole word of s, a maximal run of \w bytes: what `\b(?:w1|w2|…)\b`
// matches, without the pattern's search from every byte.
func HasWord(s string, words ...string) bool {
	for i := 0; i < len(s); i++ {
		if !isWordByte(s[i]) {
			continue
		}
		j := i + 1
		for j < len(s) && isWordByte(s[j]) {
			j++
		}
		for _, w := range words {
			if s[i:j] == w {
				return true
			}
		}
		i = j
	}
	return false
}

// ParenMark reports a number or one \w byte in parentheses in s, "(2)" or
// "(b)": what `\(\d+\)|\(\w\)` matches.
func ParenMark(s string) bool {
	for i := strings.IndexByte(s, '('); i >= 0 && i+2 < len(s); i++ {
		if s[i] != '(' {
			continue
		}
		j := i + 1
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		if j > i+1 && j < len(s) && s[j] == ')' || isWordByte(s[i+1]) && s[i+2] == ')' {
			return true
		}
	}
	return false
}

// Alt marks equations listed side by side (alternatives, a system,
// numbered equations), not derived one from the other: the pattern
// `\b(or|and|either|both|respectively|otherwise|listsep)\b|\(\d+\)|\(\w\)`.
func Alt(s string) bool {
	return HasWord(s, "or", "and", "either", "both", "respectively", "otherwise", "listsep") || ParenMark(s)
}

// ListCue marks prose that introduces several equations at once: the
// pattern `\b(equations|pair|system|cases|following|given|two|three|both|each)\b`.
func ListCue(s string) bool {
	return HasWord(s, "equations", "pair", "system", "cases", "following", "given", "two", "three", "both", "each")
}

// neutralPhrases removes phrases that only look like a hypothesis or a doubt.
var neutralPhrases = strings.NewReplacer("let's", "", "let us", "", "trial and error", "", "we are given that", "we know that")

// Neutral is s without the phrases that only look like a hypothesis or a
// doubt, and s itself, with no copy, when it holds none ("let" opens the
// first two).
func Neutral(s string) string {
	if !strings.Contains(s, "let") && !strings.Contains(s, "trial and error") && !strings.Contains(s, "we are given that") {
		return s
	}
	return neutralPhrases.Replace(s)
}
