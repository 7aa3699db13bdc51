package wordcmp

import (
	"math/big"
	"strings"

	"github.com/leanprm/leanprm/translate/algebra"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
)

// subjectBefore reads the side that ends at i (spaces before i aside): inline math "\(…\)" or
// "$…$", or a number written alone.
func subjectBefore(text string, i int) (side, bool) {
	e := len(strings.TrimRight(text[:i], " \t"))
	switch {
	case strings.HasSuffix(text[:e], `\)`):
		s := strings.LastIndex(text[:e-2], `\(`)
		if s < 0 || e-s > maxSide {
			return side{}, false
		}
		return mathSide(text, s, e, s+2, e-2)
	case strings.HasSuffix(text[:e], "$") && !strings.HasSuffix(text[:e], "$$"):
		s := strings.LastIndex(text[:e-1], "$")
		if s < 0 || e-s > maxSide || s > 0 && (text[s-1] == '$' || text[s-1] == '\\') || dollars(text[:s])%2 != 0 {
			return side{}, false
		}
		return mathSide(text, s, e, s+1, e-1)
	}
	s := e
	for s > 0 && (mathtext.IsDigit(text[s-1]) || text[s-1] == '.') {
		s--
	}
	if s == e || text[s] == '.' || text[e-1] == '.' {
		return side{}, false
	}
	if s > 0 {
		// A number glued to what comes before is part of more: "-3", "2^5", "$5", "1/2", "2,019".
		if c := text[s-1]; c != ' ' && c != '\n' && c != '(' && c != ':' && c != ',' || c == ',' && s > 1 && mathtext.IsDigit(text[s-2]) {
			return side{}, false
		}
	}
	return numberSide(text, s, e)
}

// objectAt reads the side that starts at i: inline math or a number written alone.
func objectAt(text string, i int) (side, bool) {
	rest := text[i:]
	switch {
	case strings.HasPrefix(rest, `\(`):
		e := strings.Index(rest, `\)`)
		if e < 0 || e > maxSide {
			return side{}, false
		}
		return mathSide(text, i, i+e+2, i+2, i+e)
	case strings.HasPrefix(rest, "$") && !strings.HasPrefix(rest, "$$"):
		e := strings.Index(rest[1:], "$")
		if e < 0 || e > maxSide || strings.HasPrefix(rest[1+e:], "$$") || dollars(text[:i])%2 != 0 {
			return side{}, false
		}
		return mathSide(text, i, i+e+2, i+1, i+1+e)
	}
	e := i
	for e < len(text) && mathtext.IsDigit(text[e]) {
		e++
	}
	if e < len(text)-1 && text[e] == '.' && mathtext.IsDigit(text[e+1]) {
		e++
		for e < len(text) && mathtext.IsDigit(text[e]) {
			e++
		}
	}
	if e == i {
		return side{}, false
	}
	if e < len(text) && (mathtext.IsASCIILetter(text[e]) || text[e] == ',' && e+1 < len(text) && mathtext.IsDigit(text[e+1])) {
		return side{}, false // "8cm", "2,019"
	}
	return numberSide(text, i, e)
}

// dollars counts the unescaped "$" of s: an odd count means s ends inside inline math.
func dollars(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '$' && (i == 0 || s[i-1] != '\\') {
			n++
		}
	}
	return n
}

// numberSide is the number text[s:e] written alone.
func numberSide(text string, s, e int) (side, bool) {
	r, ok := new(big.Rat).SetString(text[s:e])
	if !ok || e-s > 40 {
		return side{}, false
	}
	dec := -1
	if p := strings.IndexByte(text[s:e], '.'); p >= 0 {
		dec = e - s - p - 1
	}
	return side{s: s, e: e, src: text[s:e], val: algebra.SurdFromRat(r), decimal: dec}, true
}

// mathSide is the inline math text[s:e] with body text[bs:be]: one closed expression, or a chain
// of closed members joined by "=" that all take the same value (the side is that value).
func mathSide(text string, s, e, bs, be int) (side, bool) {
	body := text[bs:be]
	if strings.TrimSpace(body) == "" || strings.ContainsAny(body, "<>≤≥≠≈$%") || strings.Contains(body, `\(`) || strings.Contains(body, `\)`) {
		return side{}, false
	}
	var val algebra.Surd
	for k, member := range topLevelEquals(body) {
		ex, err := symexpr.Read(member)
		if err != nil || symexpr.HasVar(ex) {
			return side{}, false
		}
		v, err := symexpr.EvalSurd(ex)
		if err != nil || k > 0 && !v.Equal(val) {
			return side{}, false
		}
		val = v
	}
	return side{s: s, e: e, src: body, val: val, decimal: -1}, true
}

// topLevelEquals splits a math body at its "=" outside braces and brackets.
func topLevelEquals(body string) []string {
	var out []string
	depth, from := 0, 0
	for i := 0; i < len(body); i++ {
		switch body[i] {
		case '{', '(', '[':
			depth++
		case '}', ')', ']':
			depth--
		case '=':
			if depth == 0 {
				out = append(out, body[from:i])
				from = i + 1
			}
		}
	}
	return append(out, body[from:])
}

// subjectWords before a side make it the subject of its clause.
var subjectWords = mathtext.Set("since", "so", "thus", "hence", "because", "but", "that", "here", "now", "then",
	"note", "clearly", "also", "therefore", "while", "whereas", "indeed", "however", "obviously",
	"number", "integer", "fraction", "value")

// standsAlone reports a side at s that begins its clause: at the start of the text, a line or a
// bullet, after a clause mark, or after a word that introduces a subject ("since", "note that",
// "the number"). After "and" it may close a longer subject ("the sum of 3 and 8 is less than
// 10"), so it does not stand alone.
func standsAlone(text string, s int) bool {
	before := strings.TrimRight(text[:s], " \t")
	if before == "" {
		return true
	}
	n := len(before)
	switch c := before[n-1]; {
	case c == ',' || c == ':' || c == ';' || c == '(' || c == '\n':
		return true
	case c == '.':
		return n < 2 || !mathtext.IsDigit(before[n-2])
	case c == '-' || c == '*':
		return n == 1 || before[n-2] == '\n'
	}
	j := n
	for j > 0 && mathtext.IsASCIILetter(before[j-1]) {
		j--
	}
	return subjectWords[strings.ToLower(before[j:])]
}

// clauseWords after the object begin another clause.
var clauseWords = mathtext.Set("so", "which", "because", "since", "therefore", "thus", "hence", "while",
	"whereas", "then", "meaning", "making", "but", "and")

// endsClause reports an object that ends its clause at e: the end of the text or of a line, a
// clause mark, or a word that begins another clause ("and" only when no number or math follows).
func endsClause(text string, e int) bool {
	rest := strings.TrimLeft(text[e:], " \t")
	if rest == "" {
		return true
	}
	if strings.ContainsRune(".,;:!\n", rune(rest[0])) {
		return !(rest[0] == '.' && len(rest) > 1 && mathtext.IsDigit(rest[1]))
	}
	j := 0
	for j < len(rest) && mathtext.IsASCIILetter(rest[j]) {
		j++
	}
	w := strings.ToLower(rest[:j])
	if w == "and" {
		next := strings.TrimLeft(rest[j:], " \t")
		return next != "" && !mathtext.IsDigit(next[0]) && next[0] != '$' && !strings.HasPrefix(next, `\(`)
	}
	return clauseWords[w]
}

// vetoRE marks a sentence that supposes, tests, hedges or rejects what it says. A sentence that
// opens with "however" or "but" states a correction, which is a claim.
var vetoRE = mathtext.NewWordMatcher([]string{"not", "no", "never", "cannot", "can't", "isn't", "doesn't", "don't",
	"wrong", "incorrect", "mistake", "error", "impossible", "invalid", "false", "fail", "fails", "should", "would",
	"could", "might", "recheck", "revisit", "wait", "if", "suppose", "assume", "assuming", "whether", "check",
	"checking", "test", "testing", "try", "trying", "verify", "about", "roughly", "around", "nearly", "almost",
	"estimate", "estimated", "let", "let's", "otherwise", "unless", "whenever", "imagine", "hypothetically", "were", "?"}, []string{"contradict", "reject", "discard", "correct", "approx"}, nil)

// vetoOf is the word that keeps the sentence's comparison from being decided, or "".
func vetoOf(sentence string) string {
	s := strings.TrimLeft(sentence, " \t-*")
	for _, lead := range []string{"however,", "however", "but"} {
		if strings.HasPrefix(s, lead+" ") {
			s = s[len(lead)+1:]
			break
		}
	}
	return vetoRE.FindString(s)
}
