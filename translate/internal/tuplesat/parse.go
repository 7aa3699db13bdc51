package tuplesat

import (
	"math/big"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
)

// openers are the marks that open math, each with its closer.
var openers = [][2]string{{`\[`, `\]`}, {`\(`, `\)`}, {"$$", "$$"}, {"$", "$"}}

// mathAt reads the math that opens at i: its inner text and the index
// after its closer; false when no math opens there or it does not close
// within maxExpr bytes.
func mathAt(text string, i int) (inner string, after int, ok bool) {
	for _, oc := range openers {
		if !strings.HasPrefix(text[i:], oc[0]) {
			continue
		}
		from := i + len(oc[0])
		end := strings.Index(text[from:min(len(text), from+maxExpr+len(oc[1]))], oc[1])
		if end < 0 {
			return "", 0, false
		}
		return text[from : from+end], from + end + len(oc[1]), true
	}
	return "", 0, false
}

// inlineEquation is the math written right after the cue that ends at
// at, when it holds an "=" (the equation the sentence names), and where
// the list may start; "" and at otherwise.
func inlineEquation(text string, at, e int) (string, int) {
	i := at
	for i < e && (text[i] == ' ' || text[i] == '\n') {
		i++
	}
	if i >= e {
		return "", at
	}
	inner, after, ok := mathAt(text, i)
	if !ok || after > e || !strings.Contains(inner, "=") {
		return "", at
	}
	return inner, after
}

// readTuples reads the list of tuples of whole numbers from i, in the
// lowered plain text (math marks are blanks there): "(5, 3), (7, 2) and
// (9, 1)", each of the same arity, 2 to 4; it must end the sentence [.., e).
func readTuples(text string, i, e int) ([]tuple, bool) {
	low := mathtext.LowerPlain(text[:e])
	var ts []tuple
	for {
		i = skipBlank(low, i)
		t, next, ok := readTuple(low, i)
		if !ok || len(ts) > 0 && len(t.vals) != len(ts[0].vals) || len(ts) == maxTuples {
			return nil, false
		}
		ts = append(ts, t)
		i = skipBlank(low, next)
		if i < len(low) && low[i] == ',' {
			i = skipBlank(low, i+1)
		}
		if strings.HasPrefix(low[i:], "and ") || strings.HasPrefix(low[i:], "and(") {
			i = skipBlank(low, i+3)
		}
		if i < len(low) && low[i] == '(' {
			continue
		}
		rest := strings.TrimSpace(low[i:])
		return ts, rest == "" || rest == "."
	}
}

// readTuple reads "(a, b, …)" of whole numbers at i.
func readTuple(low string, i int) (tuple, int, bool) {
	if i >= len(low) || low[i] != '(' {
		return tuple{}, 0, false
	}
	t := tuple{s: i}
	j := i + 1
	for {
		j = skipBlank(low, j)
		v, next, ok := readInt(low, j)
		if !ok {
			return tuple{}, 0, false
		}
		t.vals = append(t.vals, v)
		j = skipBlank(low, next)
		switch {
		case j < len(low) && low[j] == ',' && len(t.vals) < 4:
			j++
		case j < len(low) && low[j] == ')' && len(t.vals) >= 2:
			t.e = j + 1
			return t, j + 1, true
		default:
			return tuple{}, 0, false
		}
	}
}

// readInt reads a whole number, with an optional minus sign, at i.
func readInt(low string, i int) (*big.Int, int, bool) {
	j := i
	if j < len(low) && low[j] == '-' {
		j++
	}
	d := j
	for j < len(low) && mathtext.IsDigit(low[j]) {
		j++
	}
	if j == d || j-d > maxDigits || j < len(low) && (low[j] == '.' || mathtext.IsASCIILetter(low[j]) || low[j] == '^') {
		return nil, 0, false
	}
	v, ok := new(big.Int).SetString(low[i:j], 10)
	return v, j, ok
}

// skipBlank skips blanks and line breaks.
func skipBlank(low string, i int) int {
	for i < len(low) && (low[i] == ' ' || low[i] == '\n' || low[i] == '\t') {
		i++
	}
	return i
}

// equationsIn is every equation in exactly the names that the math of
// src writes, one a line of a display.
func equationsIn(src string, names []string) []equation {
	var out []equation
	for i := 0; i < len(src) && len(out) < 8; i++ {
		if src[i] != '$' && src[i] != '\\' {
			continue
		}
		inner, after, ok := mathAt(src, i)
		if !ok {
			continue
		}
		for _, line := range strings.Split(inner, `\\`) {
			if q, ok := readEquation(line, names); ok {
				out = append(out, q)
			}
		}
		i = after - 1
	}
	return out
}

// relMarks are the relations other than "=" that leave a line alone.
var relMarks = []string{"<", ">", `\le`, `\ge`, `\ne`, "≤", "≥", "≠", `\equiv`, `\mid`, `\pmod`, `\approx`, "≈", `\pm`, "±", `\in`, `\to`, `\Rightarrow`, `\implies`}

// readEquation reads src as one equation whose names are exactly names.
func readEquation(src string, names []string) (equation, bool) {
	src = strings.NewReplacer("&", "", `\left`, "", `\right`, "").Replace(src)
	src = strings.TrimSpace(src)
	src = strings.TrimRight(src, ".,; ")
	if len(src) > maxExpr || strings.Count(src, "=") != 1 || mathtext.HasAny(src, relMarks...) || strings.Contains(src, `\begin`) || strings.Contains(src, `\text`) {
		return equation{}, false
	}
	at := strings.IndexByte(src, '=')
	l, errL := symexpr.Read(src[:at])
	r, errR := symexpr.Read(src[at+1:])
	if errL != nil || errR != nil {
		return equation{}, false
	}
	seen := map[string]bool{}
	vars := symexpr.Vars(r, map[string]bool{}, symexpr.Vars(l, map[string]bool{}, nil))
	for _, v := range vars {
		seen[v] = true
	}
	if len(seen) != len(names) {
		return equation{}, false
	}
	for _, n := range names {
		if !seen[n] {
			return equation{}, false
		}
	}
	return equation{src: src, l: l, r: r}, true
}
