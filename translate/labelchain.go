package translate

import (
	"regexp"
	"slices"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/arith"
)

// labelLink reads a quantity named in words and then given its value in
// the next statement, with nothing but the name between them:
//
//	\[ \text{Total fruits} = 52 + 24 + 44 + 48 \] \[ \text{Total fruits} = 178 \]
//	Leftover = 100 - 20. Therefore, Leftover = 80 feet.
//
// Each run alone has prose for a left side and is left alone; together
// they claim 52 + 24 + 44 + 48 = 178. It returns the earlier run's
// computation as the left side of run ri's claim when:
//
//   - runs ri-1 and ri are each "label = right side" with the same label
//     words, no other relation, and no word after either;
//   - the earlier right side is a computation (not a lone number), the
//     later one a lone number;
//   - between them stand only the label, punctuation, math delimiters
//     and at most one "therefore", "thus", "so" or "hence" — not "then"
//     or any other word that could mark time passing ("Balance = 100 -
//     20. Then balance = 95" may hide a deposit).
func labelLink(ss *stepScan, ri int) (*arith.SideInfo, bool) {
	if ri < 1 || ri >= len(ss.sc.Runs) {
		return nil, false
	}
	a, b := ss.sc.Runs[ri-1], ss.sc.Runs[ri]
	sa, ra := ss.sides[ri-1], ss.rels[ri-1]
	sb, rb := ss.sides[ri], ss.rels[ri]
	if len(ra) != 1 || ra[0] != "=" || len(rb) != 1 || rb[0] != "=" || len(sa) != 2 || len(sb) != 2 {
		return nil, false
	}
	if len(sa[0].Items) > 0 || len(sb[0].Items) > 0 || !sa[1].OK() || !sb[1].OK() || a.PostWord != "" || b.PostWord != "" {
		return nil, false
	}
	if _, isLone := arith.Lone(sa[1].N); isLone {
		return nil, false
	}
	if _, isLone := arith.Lone(sb[1].N); !isLone {
		return nil, false
	}
	bw := b.PreWords
	if len(bw) > 1 && concludingWords[bw[0]] {
		bw = bw[1:] // "So leftover = 70."
	}
	if len(arith.VarsOf(sa[1].N)) > 0 || !slices.Equal(a.PreWords, bw) || !labelWords(a.PreWords) {
		return nil, false
	}
	if a.E > b.S || !labelGap(ss.text[a.E:b.S], bw) {
		return nil, false
	}
	return sa[1], true
}

// labelWords: a label names a quantity; pronouns and connectives do not.
func labelWords(ws []string) bool {
	for _, w := range ws {
		if !labelStopWords[w] {
			return len(ws) <= 6
		}
	}
	return false
}

var concludingWords = map[string]bool{"therefore": true, "thus": true, "so": true, "hence": true}

var labelStopWords = map[string]bool{"it": true, "this": true, "that": true, "which": true, "so": true, "then": true,
	"thus": true, "therefore": true, "hence": true, "and": true, "the": true, "is": true, "we": true, "get": true, "have": true}

var (
	labelMarkup = strings.NewReplacer(`\text`, " ", `\mathrm`, " ", `\textbf`, " ", `\[`, " ", `\]`, " ", `\(`, " ", `\)`, " ", "$", " ", "{", " ", "}", " ")
	labelGapRE  = regexp.MustCompile(`^[\s.,;:]*(?:(?:therefore|thus|so|hence)[\s,]+)?([a-z'\s]+?)\s*$`)
	spacesRE    = regexp.MustCompile(`\s+`)
)

// labelGap says whether gap holds only the label (words), punctuation,
// math delimiters and one concluding connective.
func labelGap(gap string, words []string) bool {
	m := labelGapRE.FindStringSubmatch(strings.ToLower(labelMarkup.Replace(gap)))
	return m != nil && spacesRE.ReplaceAllString(strings.TrimSpace(m[1]), " ") == strings.Join(words, " ")
}
