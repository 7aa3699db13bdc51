// Package proseformula finds the equations with names that a step writes
// in prose, outside math delimiters, for the symbolic reader.
package proseformula

import (
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
)

// Find finds equations with names written in prose, outside any
// math delimiters ("we get 4J + 20 = 100. This simplifies to 5J + 20 =
// 100."), and returns them as inline regions for the symbolic reader,
// which otherwise reads math mode only. A span qualifies only when it
// reads as a formula and nothing else:
//
//   - it is made of digits, one-letter names, + - − * × ÷ · / ^ ( ) =,
//     spaces, and a point between digits; a word of two letters or more,
//     a unit glued to a number ("5m = 500cm"), $, %, a comma or any other
//     mark ends it, and a span cut in the middle of a token is dropped;
//   - it holds "=" with something on both sides, and a name;
//   - every name is a coefficient's ("2J") or stands next to an operator,
//     a bracket or "=" on both sides: "3 x 4 = 12" (x is "times"),
//     "5 m + 3 m = 8 m" (units) and "then a = 5" are not formulas.
//
// What the symbolic reader then does with the equation is what it does
// in math mode: a lone equation is a definition or something solved, and
// only a derivation it can tell apart (a cue word, an arrow) is checked.
func Find(text string, taken []mathtext.Region) []mathtext.Region {
	if !eqOutside(text, taken) {
		return nil // every formula holds an "=" (formulaSpan), and none lies in a region taken
	}
	var out []mathtext.Region
	// ordered: the taken regions follow one another, so that the one i may
	// lie in is found by moving on through them as i grows (i never goes
	// back); others are searched whole at each i.
	ordered := inOrder(taken)
	ti := 0
	inTaken := func(i int) (int, bool) {
		if ordered {
			for ti < len(taken) && taken[ti].CE <= i {
				ti++
			}
			if ti < len(taken) && i >= taken[ti].OS && i < taken[ti].CE {
				return taken[ti].CE, true
			}
			return 0, false
		}
		for _, rg := range taken {
			if i >= rg.OS && i < rg.CE {
				return rg.CE, true
			}
		}
		return 0, false
	}
	alnum := func(i int) bool { return mathtext.IsASCIILetter(text[i]) || mathtext.IsDigit(text[i]) }
	i := 0
	for i < len(text) {
		if end, ok := inTaken(i); ok {
			i = end
			continue
		}
		if mathtext.IsASCIILetter(text[i]) && (isLetterAt(text, i+1) || i > 0 && mathtext.IsASCIILetter(text[i-1])) {
			i++ // inside a word
			continue
		}
		if !formulaByte(text, i) || text[i] == ' ' {
			i++
			continue
		}
		s := i
		for i < len(text) && formulaByte(text, i) {
			if _, ok := inTaken(i); ok {
				break
			}
			if mathtext.IsASCIILetter(text[i]) && isLetterAt(text, i+1) {
				break // a word: the formula ends before it
			}
			i++
		}
		e := i
		for e > s && text[e-1] == ' ' {
			e--
		}
		if e == s {
			i++
			continue
		}
		// A span glued to anything but a space or a mark that ends a
		// clause was cut inside a token ("500cm", "10%", "1,000", "$5"):
		// leave it alone.
		if !formulaEdge(text, s, e) {
			for i < len(text) && (alnum(i) || strings.IndexByte(",.%$", text[i]) >= 0) {
				i++
			}
			continue
		}
		if rg, ok := formulaSpan(text, s, e); ok {
			out = append(out, rg)
		}
	}
	return out
}

// eqOutside reports an "=" of text outside every region of taken.
func eqOutside(text string, taken []mathtext.Region) bool {
	for i := strings.IndexByte(text, '='); i >= 0; {
		in := false
		for _, rg := range taken {
			in = in || i >= rg.OS && i < rg.CE
		}
		if !in {
			return true
		}
		j := strings.IndexByte(text[i+1:], '=')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return false
}

// inOrder reports regions that follow one another: each closes no later
// than the next opens.
func inOrder(rs []mathtext.Region) bool {
	for k := range rs {
		if rs[k].CE < rs[k].OS || k > 0 && rs[k-1].CE > rs[k].OS {
			return false
		}
	}
	return true
}

// formulaEdge says whether text[s:e] stands apart as a formula: a clause
// starts before it (the text's start, a mark that ends a clause, or a
// connecting word: "so", "gives", "simplifies to", …) and one ends after
// it (a mark followed by a space, the end, or a connecting word). "The
// total is 3 times J = 3J" and "L = 2 times J" are not formulas: the word
// before or after belongs to the expression.
func formulaEdge(text string, s, e int) bool {
	i := s - 1
	for i >= 0 && (text[i] == ' ' || text[i] == '\t') {
		i--
	}
	if i >= 0 && (i == s-1 && text[i] != '\n' || strings.IndexByte(".:;\n", text[i]) < 0) {
		k := i
		for k >= 0 && mathtext.IsASCIILetter(text[k]) {
			k--
		}
		if k == i || i == s-1 || !formulaWordsBefore[strings.ToLower(text[k+1:i+1])] {
			return false
		}
	}
	j := e
	for j < len(text) && (text[j] == ' ' || text[j] == '\t') {
		j++
	}
	switch {
	case j >= len(text) || text[j] == '\n':
		return true
	case strings.IndexByte(".,;:!?", text[j]) >= 0:
		return j == e && (j+1 >= len(text) || text[j+1] == ' ' || text[j+1] == '\n' || text[j+1] == '\t')
	case mathtext.IsASCIILetter(text[j]) && j > e:
		k := j
		for k < len(text) && mathtext.IsASCIILetter(text[k]) {
			k++
		}
		return formulaWordsAfter[strings.ToLower(text[j:k])]
	}
	return false
}

// Words a prose formula may follow or precede: they connect clauses and
// never belong to an expression.
var (
	formulaWordsBefore = map[string]bool{"so": true, "thus": true, "hence": true, "therefore": true, "then": true,
		"get": true, "gives": true, "have": true, "becomes": true, "yields": true, "obtain": true, "to": true,
		"equation": true, "is": true, "means": true, "or": true, "and": true}
	formulaWordsAfter = map[string]bool{"so": true, "thus": true, "hence": true, "therefore": true, "then": true,
		"which": true, "gives": true, "giving": true, "implies": true, "means": true, "or": true, "and": true}
)

// formulaByte says whether text[i] may sit inside a prose formula.
func formulaByte(text string, i int) bool {
	c := text[i]
	switch {
	case c >= '0' && c <= '9', mathtext.IsASCIILetter(c):
		return true
	case strings.IndexByte(" +-*/^()=", c) >= 0:
		return true
	case c == '.':
		return i > 0 && i+1 < len(text) && mathtext.IsDigit(text[i-1]) && mathtext.IsDigit(text[i+1])
	case c < 0x80:
		return false // the runes below and their bytes lie outside ASCII
	}
	for _, r := range []string{"−", "×", "÷", "·"} {
		if strings.HasPrefix(text[i:], r) {
			return true
		}
	}
	// A continuation byte of one of the runes above.
	return c >= 0x80 && c < 0xC0 && i > 0 && formulaRuneAt(text, i)
}

// formulaRuneAt says whether byte i belongs to a multi-byte operator.
func formulaRuneAt(text string, i int) bool {
	for _, r := range []string{"−", "×", "÷", "·"} {
		for k := 1; k < len(r) && k <= i; k++ {
			if strings.HasPrefix(text[i-k:], r) {
				return true
			}
		}
	}
	return false
}

// formulaSpan trims text[s:e] to the formula and checks it.
func formulaSpan(text string, s, e int) (mathtext.Region, bool) {
	for s < e && text[s] == ' ' {
		s++
	}
	for e > s && (text[e-1] == ' ' || text[e-1] == '=' || strings.IndexByte("+-*/^(", text[e-1]) >= 0) {
		if text[e-1] == ' ' {
			e--
			continue
		}
		return mathtext.Region{}, false // a formula cut short: leave it alone
	}
	body := text[s:e]
	eq := strings.IndexByte(body, '=')
	if eq <= 0 || strings.TrimSpace(body[:eq]) == "" || strings.TrimSpace(body[eq+1:]) == "" {
		return mathtext.Region{}, false
	}
	if strings.Count(body, "(") != strings.Count(body, ")") {
		return mathtext.Region{}, false
	}
	names := 0
	for k := s; k < e; k++ {
		if !mathtext.IsASCIILetter(text[k]) {
			continue
		}
		names++
		if !nameInFormula(text, s, e, k) {
			return mathtext.Region{}, false
		}
	}
	if names == 0 {
		return mathtext.Region{}, false // closed arithmetic: the arithmetic reader's
	}
	return mathtext.Region{S: s, E: e, OS: s, CE: e}, true
}

// nameInFormula: the letter at k is a coefficient's name ("2J"), or an
// operator, bracket or "=" (or the span's edge) stands on each side of it.
func nameInFormula(text string, s, e, k int) bool {
	left := k - 1
	for left >= s && text[left] == ' ' {
		left--
	}
	right := k + 1
	for right < e && text[right] == ' ' {
		right++
	}
	leftOK := left < s || formulaOperatorAt(text, left, true) || left == k-1 && mathtext.IsDigit(text[left])
	rightOK := right >= e || formulaOperatorAt(text, right, false)
	return leftOK && rightOK
}

// formulaOperatorAt says whether an operator, bracket or "=" ends (before
// a name) or starts (after one) at byte i.
func formulaOperatorAt(text string, i int, ending bool) bool {
	if strings.IndexByte("+-*/^=", text[i]) >= 0 {
		return true
	}
	if ending && text[i] == '(' || !ending && text[i] == ')' {
		return true
	}
	if text[i] < 0x80 {
		return false
	}
	for _, r := range []string{"−", "×", "÷", "·"} {
		if ending && i+1 >= len(r) && strings.HasSuffix(text[:i+1], r) || !ending && strings.HasPrefix(text[i:], r) {
			return true
		}
	}
	return false
}

// Merge merges the prose formulas into the math regions, in
// the order of the text.
func Merge(regions, prose []mathtext.Region) []mathtext.Region {
	if len(prose) == 0 {
		return regions
	}
	out := make([]mathtext.Region, 0, len(regions)+len(prose))
	i, j := 0, 0
	for i < len(regions) || j < len(prose) {
		if j == len(prose) || i < len(regions) && regions[i].OS < prose[j].OS {
			out = append(out, regions[i])
			i++
		} else {
			out = append(out, prose[j])
			j++
		}
	}
	return out
}

// isLetterAt reports an ASCII letter at s[i].
func isLetterAt(s string, i int) bool { return i < len(s) && mathtext.IsASCIILetter(s[i]) }
