// Package enumcount decides a count stated together with its enumeration
// (docs/TRANSLATE.md, "A count stated with its enumeration"): "There are 7
// choices for the exponent of 3 (0, 2, 4, 6)" states that the numbers in
// brackets are the choices, and that there are 7 of them; the two
// disagree, so the step is false whichever is meant.
//
// Sound only when the bracket lists the things counted, all of them: the
// count is a whole number written right before a plural noun of things
// one counts ("choices", "values", "options", "outcomes", "digits", …),
// with nothing between the noun and the bracket but a short phrase of
// words after a preposition ("for the first digit", "of 3"); the bracket
// holds numbers alone, two at least, separated by commas, "or" and "and",
// with nothing that makes it a sample ("e.g.", an ellipsis, a range); the
// count disagrees with the number of items written and with the number
// of distinct items; and the sentence says nothing that makes the count
// supposed, approximate, a bound or a part ("if", "about", "at least",
// "more", "other").
package enumcount

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/leanprm/leanprm/translate/internal/arith"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/obligation"
)

// Limits: the claims of a step, a bracket's length, the sentence read.
const (
	maxClaims   = 8
	maxSentence = 400
)

// countRE is "N [possible …] nouns [for the …]" and an opening bracket.
var countRE = regexp.MustCompile(`\b(\d{1,3}|(?i:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve))\s+` +
	`(?:(?:possible|distinct|different|valid|allowed|available)\s+)*` +
	`(choices|options|values|possibilities|outcomes|digits|integers|solutions|divisors|elements)` +
	`((?:\s+(?:for|of|in|on|at)\s+(?:the\s+|each\s+|a\s+|an\s+|this\s+|its\s+)?(?:[a-z]+|\d{1,3})(?:\s+[a-z]+){0,3}){0,2})` +
	`\s*\(((?:\\[()]|\\[^()]|[^()\\]){1,160})\)`)

// nounRE finds a noun of countRE, with no bracket or word around it.
var nounRE = regexp.MustCompile(`(?:choice|option|value|possibilitie|outcome|digit|integer|solution|divisor|element)s\b`)

// itemRE is one number of the list, with optional math marks around it.
var itemRE = regexp.MustCompile(`^\s*(?:\\\(|\$)?\s*(-?\d+(?:\.\d+)?)\s*(?:\\\)|\$)?\s*$`)

// splitRE separates the items.
var splitRE = regexp.MustCompile(`,\s*(?:or|and)\b|,|\bor\b|\band\b`)

// vetoRE is a word of the sentence before the count that makes it
// supposed, approximate, a bound or a part.
var vetoRE = regexp.MustCompile(`(?i)\b(?:if|suppose|supposing|assume|assuming|would|could|might|should|not|no|never|instead|incorrect\w*|wrong\w*|mistake\w*|check\w*|verify\w*|try|trying|about|approximately|roughly|around|nearly|almost|least|most|more|fewer|less|than|up to|over|under|other|another|additional|extra|remaining|only|besides|except|excluding|including|e\.g|such as|for example|like|case|cases|when|whenever|unless|seems?|appears?)\b`)

// words are the number words.
var words = map[string]int{"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}

// Read returns the obligations of the step's counts stated with their
// enumeration.
func Read(step int, text, tactic string) []obligation.Obligation {
	if !strings.Contains(text, "(") || !anyNoun(text) {
		return nil // the cheap test first: the full pattern backtracks
	}
	var out []obligation.Obligation
	last := -1
	// the full pattern runs only on a window around each noun (it
	// backtracks): the count and its words before, the bracket after
	for _, n := range nounsIn(text, 4*maxClaims) {
		from, to := max(0, n[0]-windowBefore), min(len(text), n[1]+windowAfter)
		if strings.IndexByte(text[n[1]:to], '(') < 0 || !countBefore(text, n[0]) || !phraseAfter(text, n[1]) || !bracketAfter(text, n[1]) {
			continue // no bracket after the noun, no count before it: the pattern cannot match
		}
		for from > 0 && !utf8.RuneStart(text[from]) {
			from--
		}
		for to < len(text) && !utf8.RuneStart(text[to]) {
			to++
		}
		var m []int
		for _, c := range countRE.FindAllStringSubmatchIndex(text[from:to], -1) {
			if from+c[4] == n[0] {
				m = c // the match whose noun is this one
			}
		}
		if m == nil || from+m[0] <= last {
			continue
		}
		for j := range m {
			m[j] += from
		}
		last = m[0]
		if o := claim(step, text, m, tactic); o != nil && len(out) < maxClaims {
			out = append(out, *o)
		}
	}
	return out
}

// The window read around a noun: the count and its adjectives before, the
// phrase and the bracket after.
const windowBefore, windowAfter = 72, 240

// claim reads one match: the count, the noun, the phrase, the bracket.
func claim(step int, text string, m []int, tactic string) *obligation.Obligation {
	if m[0] > 0 && strings.ContainsAny(text[m[0]-1:m[0]], ".,-$\\/^_{") {
		return nil // part of a number or of math ("2.5 values", "x_3 values")
	}
	word := strings.ToLower(text[m[2]:m[3]])
	n, ok := words[word]
	if !ok {
		v, err := strconv.Atoi(word)
		if err != nil {
			return nil
		}
		n = v
	}
	items := splitRE.Split(text[m[8]:m[9]], -1)
	seen := map[string]bool{}
	written := 0
	for _, it := range items {
		if strings.TrimSpace(it) == "" {
			continue
		}
		im := itemRE.FindStringSubmatch(it)
		if im == nil {
			return nil // a word, a range, an ellipsis, an expression: no list of numbers
		}
		written++
		seen[im[1]] = true
	}
	if written < 2 || n == written || n == len(seen) {
		return nil
	}
	start := sentenceStart(text, m[0])
	if m[0]-start > maxSentence || vetoRE.MatchString(text[start:m[0]]) || vetoRE.MatchString(text[m[4]:m[7]]) {
		return nil
	}
	list := strings.Join(strings.Fields(text[m[8]:m[9]]), " ")
	o := &obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, m[2], m[1]), Kind: obligation.KindEquality, OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
	o.Expr = fmt.Sprintf("#(%s) = %d", list, n)
	o.Prop = fmt.Sprintf("(%d : Rat) = (%d : Rat)", written, n)
	o.Lean, o.LeanNeg = arith.Declarations(o.Prop, tactic)
	o.Note = fmt.Sprintf("the count stated, %d %s, against the numbers listed in the bracket after it, which are %d (%d distinct)", n, strings.ToLower(text[m[4]:m[5]]), written, len(seen))
	o.WhyProof = fmt.Sprintf("the bracket lists %d items", written)
	o.WhyDisproof = fmt.Sprintf("the bracket lists %d items (%d distinct), not %d", written, len(seen), n)
	return o
}

// sentenceStart is where the sentence holding position i starts: after a
// sentence end, a line break or a list mark.
func sentenceStart(text string, i int) int {
	from := strings.LastIndexByte(text[:i], '\n') + 1
	from = max(from, i-maxSentence)
	if locs := sentenceEndRE.FindAllStringIndex(text[from:i], -1); len(locs) > 0 {
		return from + locs[len(locs)-1][1]
	}
	return from
}

var sentenceEndRE = regexp.MustCompile(`[.!?;](?:\s+|$)`)

// anyNoun reports one of countRE's nouns in text, by plain search.
// nounsIn is nounRE's matches in text, in order, at most limit, found
// with strings.Index (the pattern has no literal prefix and ran over every
// step).
func nounsIn(text string, limit int) [][]int {
	var out [][]int
	for _, n := range nouns {
		for at := 0; ; {
			i := strings.Index(text[at:], n)
			if i < 0 {
				break
			}
			s, e := at+i, at+i+len(n)
			if e == len(text) || !isWordByte(text[e]) {
				out = append(out, []int{s, e})
			}
			at = e
		}
	}
	slices.SortFunc(out, func(a, b []int) int { return a[0] - b[0] })
	if len(out) > limit {
		out = out[:limit]
	}
	return out
}

// nouns are nounRE's words.
var nouns = []string{"choices", "options", "values", "possibilities", "outcomes", "digits", "integers", "solutions", "divisors", "elements"}

// adjectives are countRE's words between the count and the noun.
var adjectives = map[string]bool{"possible": true, "distinct": true, "different": true, "valid": true, "allowed": true, "available": true}

// countBefore reports whether countRE may match with its noun at s: spaces
// right before it, and before them a count (1 to 3 digits, a number word)
// or one of the adjectives, a whole word. A letter outside ASCII before the
// word is left to the pattern (its case folding reads "ſix" as "six").
func countBefore(text string, s int) bool {
	i := s
	for i > 0 && strings.IndexByte(" \t\n\f\r", text[i-1]) >= 0 {
		i--
	}
	if i == s {
		return false
	}
	j := i
	for j > 0 && isWordByte(text[j-1]) {
		j--
	}
	if j > 0 && text[j-1] >= utf8.RuneSelf {
		return true
	}
	w := text[j:i]
	if _, ok := words[strings.ToLower(w)]; ok || adjectives[w] {
		return true
	}
	return len(w) >= 1 && len(w) <= 3 && strings.Trim(w, "0123456789") == ""
}

// phraseAfter reports whether countRE may go on after its noun ending at
// e: spaces and the bracket, or spaces and one of its prepositions with a
// space after it.
func phraseAfter(text string, e int) bool {
	i := e
	for i < len(text) && strings.IndexByte(" \t\n\f\r", text[i]) >= 0 {
		i++
	}
	if i < len(text) && text[i] == '(' {
		return true
	}
	if i == e {
		return false
	}
	j := i
	for j < len(text) && text[j] >= 'a' && text[j] <= 'z' {
		j++
	}
	switch text[i:j] {
	case "for", "of", "in", "on", "at":
		return j < len(text) && strings.IndexByte(" \t\n\f\r", text[j]) >= 0
	}
	return false
}

// bracketAfter reports whether countRE may go on from its noun ending at
// e to its bracket: the phrase between holds only lower-case letters,
// digits and blanks, so the first other byte must be "(", and the bracket
// must close (a ")" not escaped) before another opens, with one item at
// least. An escape takes the rune after it; the bytes after a rune's first
// are none of the three bytes looked at.
func bracketAfter(text string, e int) bool {
	i := e
	for i < len(text) && (text[i] >= 'a' && text[i] <= 'z' || text[i] >= '0' && text[i] <= '9' || strings.IndexByte(" \t\n\f\r", text[i]) >= 0) {
		i++
	}
	if i >= len(text) || text[i] != '(' {
		return false
	}
	for j := i + 1; j < len(text); j++ {
		switch text[j] {
		case '\\':
			j++
		case '(':
			return false
		case ')':
			return j > i+1
		}
	}
	return false
}

func isWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func anyNoun(text string) bool {
	return mathtext.HasAny(text, "choices", "options", "values", "possibilities", "outcomes", "digits", "integers", "solutions", "divisors", "elements")
}
