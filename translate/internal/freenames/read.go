package freenames

import (
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
)

// constraintWords say in words that a name is constrained, where no
// relation may be written: a root, a solution ("ω is a cube root of
// unity", "x satisfies …", "n such that …"). A sentence that only sets out
// to solve ("to solve the problem, we …") ties nothing.
var constraintWords = mathtext.NewWordMatcher([]string{"root", "roots", "zero", "zeros", "zeroes", "unity"},
	[]string{"solution", "satisf"}, []string{"such that", "so that"})

// tieMarks are relations that tie their names whatever the sides:
// congruences, membership, approximations.
var tieMarks = []string{"≡", "≈", "∈", `\equiv`, `\pmod`, `\bmod`, `\mod`, `\approx`, `\sim`, `\in`, `\cong`, `\propto`, `\mid`}

// mixedMarks are the other relations: beside "=" in one piece they tie
// its names ("0 < x = 2").
var mixedMarks = []string{"<", ">", "≤", "≥", "≠", `\le`, `\ge`, `\ne`, `\lt`, `\gt`}

// sepCommands end a piece: line breaks, spaces, arrows.
var sepCommands = map[string]bool{"quad": true, "qquad": true, "implies": true, "Rightarrow": true, "Longrightarrow": true,
	"iff": true, "Leftrightarrow": true, "Longleftrightarrow": true, "to": true, "rightarrow": true, "therefore": true, "because": true}

// textCommands hold words: their group ends a piece.
var textCommands = map[string]bool{"text": true, "textbf": true, "textit": true, "mbox": true, "mathrm": true,
	"operatorname": true, "begin": true, "end": true, "tag": true, "label": true}

// hasCue is the literal pre-check of Read: a text with no relation sign,
// no stem of a constraint word and no value word ties nothing.
func hasCue(text string) bool {
	// (each sign searched on its own: strings.ContainsAny decodes the text
	// rune by rune for a set beyond ASCII)
	if strings.IndexByte(text, '=') >= 0 || strings.Contains(text, "≡") || strings.Contains(text, "≈") || strings.Contains(text, "∈") ||
		strings.IndexByte(text, '\\') >= 0 && (strings.Contains(text, `\equiv`) || strings.Contains(text, `\in`) ||
			strings.Contains(text, `\mod`) || strings.Contains(text, `\approx`) || strings.Contains(text, `\sim`) ||
			strings.Contains(text, `\cong`) || strings.Contains(text, `\propto`) || strings.Contains(text, `\mid`)) {
		return true
	}
	return mathtext.HasAny(strings.ToLower(text), "root", "zero", "unity", "solution", "satisf", "such that", "so that", " is ", " was ", "equals",
		"becomes", " be ", "denote", "represent", "stand")
}

// Read reads the ties of one text (a step or the problem), with the
// functions defs the chain substitutes. Linear in the text: it is lexed
// once, each math region cut into pieces once, each piece read once.
func Read(text string, defs map[string]*symexpr.Def) Ties { return readIn(text, nil, defs) }

// readIn is Read with the math regions of text from rgs (nil: text is lexed here).
func readIn(text string, rgs func() []mathtext.Region, defs map[string]*symexpr.Def) Ties {
	if len(text) > MaxText {
		return Ties{all: true}
	}
	var t Ties
	if !hasCue(text) {
		return t
	}
	var regions []mathtext.Region
	if rgs != nil {
		regions = rgs()
	} else { // from tokens read into the lexer's scratch, never copied
		mathtext.WithTokens(text, MaxDigits, func(toks []mathtext.Tok) { regions = mathtext.MathRegions(text, toks) })
	}
	t.readProse(text, regions)
	var sent struct { // the last region's sentence, and whether constraintWords match it
		s       string
		words   bool
		checked bool
	}
	for _, rg := range regions {
		if s := mathtext.SentenceAround(text, rg.S, rg.E); !sent.checked || s != sent.s {
			sent.s, sent.words, sent.checked = s, constraintWords.MatchString(strings.ToLower(s)), true
		}
		if sent.words || valueAfter(text[rg.CE:]) || unknownAfter(text[rg.CE:]) {
			t.add(rg.S, rg.S, text[rg.S:rg.E])
		}
		t.readRegion(text, rg.S, rg.E, defs)
	}
	return t
}

// valueWords, after a name in math, give it a value in words ("\(x\) is
// 2", "\(n\) equals \(5\)").
var valueWords = []string{"is", "was", "equals", "becomes", "must be", "should be", "would be", "will be", "is equal to", "is now"}

// valueAfter reports rest (the text after a math region) opening with a
// value word and a number.
func valueAfter(rest string) bool {
	rest = strings.TrimLeft(rest[:min(len(rest), 40)], " ")
	for _, w := range valueWords {
		r, ok := strings.CutPrefix(rest, w+" ")
		if !ok {
			continue
		}
		r = strings.TrimLeft(r, " ")
		r = strings.TrimPrefix(strings.TrimPrefix(r, `\(`), "$")
		r = strings.TrimLeft(strings.TrimPrefix(strings.TrimLeft(r, " "), "-"), " ")
		if r != "" && mathtext.IsDigit(r[0]) {
			return true
		}
	}
	return false
}

// unknownWords, after a name in math, make it one definite quantity, an
// unknown to solve for ("let \(x\) be the width", "\(n\) denotes the
// number of coins"), not a name of any value ("\(x\) be a real number").
var unknownWords = []string{"be the", "denote the", "denotes the", "represent the", "represents the", "stand for the", "stands for the", "is the number", "is the amount"}

// unknownAfter reports rest (the text after a math region) opening with
// an unknown word.
func unknownAfter(rest string) bool {
	rest = strings.ToLower(strings.TrimLeft(rest[:min(len(rest), 40)], " "))
	for _, w := range unknownWords {
		if strings.HasPrefix(rest, w+" ") {
			return true
		}
	}
	return false
}

// add keeps [s, e) as a piece that ties the names of src, if it has any.
func (t *Ties) add(s, e int, src string) {
	if ns := namesOf(src); len(ns) > 0 {
		t.pieces = append(t.pieces, piece{s: s, e: e, names: ns})
	}
}

// readProse ties the names of relations written outside math ("so x = 5
// and y = 2"): each relation sign ties the letters that stand alone
// around it, up to the end of its sentence on each side (at most 160
// bytes) or a math region.
func (t *Ties) readProse(text string, regions []mathtext.Region) {
	next := 0 // the first region that does not end before i
	for i := 0; i < len(text); i++ {
		for next < len(regions) && regions[next].CE <= i {
			next++
		}
		if next < len(regions) && i >= regions[next].OS {
			i = regions[next].CE - 1
			continue
		}
		if text[i] != '=' && !strings.HasPrefix(text[i:], "≡") && !strings.HasPrefix(text[i:], "≈") {
			continue
		}
		lo, hi := 0, len(text)
		if next > 0 {
			lo = regions[next-1].CE
		}
		if next < len(regions) {
			hi = regions[next].OS
		}
		a, b := max(lo, i-160), min(hi, i+160)
		if k := strings.LastIndex(text[a:i], ". "); k >= 0 {
			a += k + 2
		}
		if k := strings.Index(text[i:b], ". "); k >= 0 {
			b = i + k
		}
		if ns := loneLetters(text[a:b]); len(ns) > 0 {
			t.pieces = append(t.pieces, piece{s: a, e: b, names: ns})
		}
	}
}

// loneLetters are the letters of s that stand alone, each a name
// perhaps ("x", "a", "n_1").
func loneLetters(s string) []string {
	var out []string
	for k := 0; k < len(s); k++ {
		if !mathtext.IsASCIILetter(s[k]) || k > 0 && (mathtext.IsASCIILetter(s[k-1]) || s[k-1] == '\\') || k+1 < len(s) && mathtext.IsASCIILetter(s[k+1]) {
			continue
		}
		out = appendName(out, s[k:k+1])
	}
	return out
}

// appendName appends n to ns once.
func appendName(ns []string, n string) []string {
	for _, m := range ns {
		if m == n {
			return ns
		}
	}
	return append(ns, n)
}
