package symrewrite

import (
	"regexp"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
	"github.com/leanprm/leanprm/translate/internal/symimp"
)

// The words between two expressions that make the second the first
// rewritten. The whole gap must be one of these phrases, with nothing but
// punctuation around it: an object other than the expression itself ("the
// numerator", "the first two terms", "inside the parentheses"), a
// substitution, a case or any other word makes the second expression
// something else, and the pair is left alone.
var (
	// lead is a connective that may open the phrase.
	lead = `(?:(?:now|next|then|so|thus|hence|therefore|finally|again|first|second|third)\s*,?\s+)?`
	// object is what a rewriting acts on when it is the expression itself.
	object = `(?:\s+(?:like terms|the like terms|similar terms|terms|this|it|these|them|the expression|this expression|this equation|the equation|further|again|everything|all terms|up|together))*`
	// result announces the expression after a participle ("combining like
	// terms, we get").
	result = `(?:\s*,?\s*(?:we (?:get|have|obtain|find)|this (?:gives|becomes|is|yields)|gives|yields|it becomes)\s*:?|\s*:)`
	imper  = `(?:combine|collect|simplify)`
	gerund = `(?:(?:after|on|upon)\s+)?(?:combining|collecting|grouping|simplifying|expanding|factoring|factorising|factorizing|rewriting|distributing|multiplying out|reducing|adding|summing|multiplying)`
	passiv = `(?:simplified|expanded|factored|factorised|factorized|rewritten|written|reduced)`

	// cueForms are the forms of the phrase after lead; cueRE is any one
	// of them, with lead and closing colon.
	cueForms = []string{
		// "Combine like terms:", "Simplify further:" (a colon after it:
		// "Factor \(x^2 - 1\)", "let's rewrite \(11y - 11z\)" name the
		// object, not the result)
		`(?:we\s+(?:can\s+)?|let's\s+|let us\s+)?` + imper + object + `\s*:`,
		// "Combining like terms, we get"
		gerund + object + result,
		// "This simplifies to", "which can be further simplified to", "This can be rewritten as:"
		`(?:this|which|it|this expression)\s+(?:(?:can|may)\s+(?:also\s+)?be\s+)?(?:further\s+)?(?:simplifies|expands|factors|reduces|` + passiv + `)(?:\s+further)?(?:\s+(?:to|as|into)\s*:?|\s*:)`,
		// "(E1) can be factored as (E2)", "(E1) simplifies to (E2)"
		`(?:(?:can|may)\s+(?:also\s+)?be\s+)(?:further\s+)?` + passiv + `(?:\s+further)?\s+(?:to|as|into)`,
		// "We can write this as", "which equals", "This is equal to"
		`(?:we\s+can\s+|let's\s+|let us\s+)?(?:write|rewrite)\s+(?:this|it|this expression)\s+as`,
		`(?:this|which|it)\s+(?:equals|is\s+(?:also\s+)?equal\s+to)`,
		`(?:simplifies|expands|factors|reduces)(?:\s+further)?\s+(?:to|as|into)`,
		`(?:which\s+)?is\s+equivalent\s+to`,
		// "Calculating each term:", "Simplify each term:", "Evaluating
		// every term, we get": the whole expression, term by term (the
		// caller asks for as many terms on both sides)
		`(?:(?:we\s+(?:can\s+)?|let's\s+|let us\s+)?(?:calculate|compute|evaluate|simplify)|calculating|computing|evaluating|simplifying)\s+` + termwiseObj + result,
	}
	cueRE = regexp.MustCompile(cueFormRE(strings.Join(cueForms, "|")))
	// cueFormREs are cueForms one by one as cueRE reads them: a gap
	// matches cueRE exactly when it matches one of them (^L(?:A|B)S$ is
	// ^L(?:A)S$ or ^L(?:B)S$). Each is small enough for the regexp
	// package's backtracker; cueRE, of 1420 instructions, runs on its
	// slower machine.
	cueFormREs = func() []*regexp.Regexp {
		out := make([]*regexp.Regexp, len(cueForms))
		for i, f := range cueForms {
			out[i] = regexp.MustCompile(cueFormRE(f))
		}
		return out
	}()
	// termwiseObj names every term of the expression; termwiseRE finds it.
	termwiseObj = `(?:each|every)\s+term(?:\s+separately)?`
	termwiseRE  = regexp.MustCompile(`\b` + termwiseObj + `\b`)

	// markRE is what may stand around the phrase: punctuation, spaces and
	// the marks of math regions.
	markRE = regexp.MustCompile(`^[\s.,:;!]*$`)
	// sentenceEndRE ends a sentence.
	sentenceEndRE = regexp.MustCompile(`[.!?](?:\s+|$)`)
)

// phrase is gap lower-cased from its first sentence end on, when only
// marks stand before that end (the first expression may end its sentence:
// "E1. This simplifies to E2"); ok is false for a gap too long or with
// words before a sentence end.
func phrase(gap string) (string, bool) {
	if len(gap) > maxGap {
		return "", false
	}
	return lowPhrase(strings.ToLower(gap))
}

// lowPhrase is phrase for a gap already lower-cased (g) and no longer than
// maxGap. It reads sentenceEndRE's first match and markRE byte by byte:
// the patterns are ASCII (\s is " \t\n\f\r").
func lowPhrase(g string) (string, bool) {
	for i := 0; i < len(g); i++ {
		if c := g[i]; c != '.' && c != '!' && c != '?' {
			continue
		}
		j := i + 1
		for j < len(g) && strings.IndexByte(" \t\n\f\r", g[j]) >= 0 {
			j++
		}
		if j == i+1 && j < len(g) {
			continue // neither a space nor the end after the mark
		}
		if strings.TrimLeft(g[:i], " \t\n\f\r.,:;!") != "" {
			return "", false
		}
		return g[j:], true
	}
	return g, true
}

// cue reports whether gap, the text between the two expressions, names a
// rewriting of the first into the second and nothing else: optional
// punctuation, one sentence break at most before the phrase, the phrase,
// optional punctuation.
func cue(gap string) bool {
	if len(gap) > maxGap {
		return false
	}
	if !symimp.LowerHasAny(gap, cueStems...) {
		// no stem in the whole gap: none in its last sentence (cueStem
		// of the lowered gap, whose length test a stem of 4 bytes or more
		// passes)
		return false
	}
	g, ok := lowPhrase(strings.ToLower(gap))
	if !ok || !cueStem(g) {
		return false
	}
	g = strings.TrimSpace(strings.TrimLeft(g, " \t\n\r.,:;!"))
	if colon := strings.TrimRight(g, " \t\n\r"); strings.HasSuffix(colon, ":") {
		g = strings.TrimSpace(strings.TrimSuffix(colon, ":")) + ":"
	} else {
		g = strings.TrimSpace(strings.TrimRight(g, " \t\n\r.,;!"))
	}
	return cueHead(g) && cueTail(g) && cueMatch(g)
}

// cueFormWords are, for each of cueForms, words one of which every match
// of the form holds (a test holds them to the forms): its imperative, its
// gerund, its verb or participle, "write", "equal", "equivalent", "term".
var cueFormWords = [][]string{
	{"combine", "collect", "simplify"},
	{"combining", "collecting", "grouping", "simplifying", "expanding", "factoring", "factorising", "factorizing", "rewriting", "distributing", "multiplying", "reducing", "adding", "summing"},
	{"simplifies", "expands", "factors", "reduces", "simplified", "expanded", "factored", "factorised", "factorized", "rewritten", "written", "reduced"},
	{"simplified", "expanded", "factored", "factorised", "factorized", "rewritten", "written", "reduced"},
	{"write"},
	{"equal"},
	{"simplifies", "expands", "factors", "reduces"},
	{"equivalent"},
	{"term"},
}

// cueFormRE is the anchored pattern of a phrase of forms (cueForms'
// alternatives): lead before, a colon after.
func cueFormRE(forms string) string {
	return `^` + lead + `(?:` + forms + `)\s*:?$`
}

// cueMatch is cueRE.MatchString(g), read form by form (cueFormREs), a
// form only when g holds one of its words (cueFormWords).
func cueMatch(g string) bool {
	for i, re := range cueFormREs {
		if mathtext.HasAny(g, cueFormWords[i]...) && re.MatchString(g) {
			return true
		}
	}
	return false
}

// cueHeads are the words a match of cueRE opens with: lead's, and the
// first of each phrase. A gap opening with none of them is no cue, and the
// pattern, anchored and long, is not run on it.
var cueHeads = []string{"now", "next", "then", "so", "thus", "hence", "therefore", "finally", "again", "first", "second", "third",
	"we", "let", "combin", "collect", "simplif", "after", "on", "upon", "grouping", "expand", "factor", "rewrit", "distributing",
	"multiplying", "reduc", "adding", "summing", "this", "which", "it", "can", "may", "write", "is", "calculat", "comput", "evaluat"}

// cueEnds are the words a match of cueRE ends with before the colons and
// spaces that may close it, when no colon does.
var cueEnds = []string{"get", "have", "obtain", "find", "gives", "becomes", "is", "yields", "to", "as", "into", "equals"}

// cueTail reports g closed by a colon, or ending with one of cueEnds
// before its closing colons and spaces (a pattern's \s).
func cueTail(g string) bool {
	s := strings.TrimRight(g, ": \t\n\f\r")
	if strings.Contains(g[len(s):], ":") {
		return true
	}
	for _, e := range cueEnds {
		if strings.HasSuffix(s, e) {
			return true
		}
	}
	return false
}

// cueHead reports g opening with one of cueHeads.
func cueHead(g string) bool {
	for _, h := range cueHeads {
		if strings.HasPrefix(g, h) {
			return true
		}
	}
	return false
}

// The words before "= E" that continues an expression: none, or one
// sentence that names an operation on it and does not hedge ("First,
// let's factor out common terms where possible:"). The "=" states the
// equality; the words must only not make it a supposition or a test.
var (
	contOpRE   = regexp.MustCompile(`\b(?:factor\w*|simplif\w*|expand\w*|combin\w*|collect\w*|rewrit\w*|distribut\w*|group\w*|cancel\w*|evaluat\w*|comput\w*|calculat\w*)`)
	contVetoRE = regexp.MustCompile(`\b(?:if|suppose|supposing|assume|assuming|would|were|should|could|might|not|no|never|incorrect\w*|wrong\w*|mistake\w*|errors?|instead|check\w*|verify\w*|test\w*|try|trying|cases?|when|whenever|unless|only|approximately|roughly|about|mod|modulo|round\w*|nearest|floor|ceil\w*|remainder|quotient|claim\w*|seems?|appears?|substitut\w*|plug\w*|equations?)\b|≈|\\approx`)
)

// contGap reports whether gap, the text before "= E", lets E continue the
// expression before it.
func contGap(gap string) bool {
	g, ok := phrase(gap)
	if !ok {
		return false
	}
	if sentenceEndRE.MatchString(g) || markRE.MatchString(g) {
		return markRE.MatchString(g)
	}
	return contOpRE.MatchString(g) && !contVetoRE.MatchString(g)
}

// labelGapRE is a gap that holds a quantity named in words and "=" and
// nothing else ("Total = \\(…\\)").
var (
	labelGapRE  = regexp.MustCompile(`^[\s.,;:]*([A-Za-z][A-Za-z']*(?: [A-Za-z][A-Za-z']*){0,5})\s*=\s*$`)
	labelCharRE = regexp.MustCompile(`[A-Za-z']`)
)

// labelStop are words that name no quantity.
var labelStop = map[string]bool{"it": true, "this": true, "that": true, "which": true, "so": true, "then": true, "thus": true,
	"therefore": true, "hence": true, "and": true, "the": true, "is": true, "we": true, "get": true, "have": true, "or": true}

// labelled reports a label chain, within a step: the same words and "="
// before each of two expressions with nothing else between them ("Total =
// \\(\\frac{3}{4}A + \\frac{3}{4}A + 60 + A\\) Total = \\(1A + 60 +
// \\frac{7}{4}A\\)"). Each states the labelled quantity's value, so the two
// are equal. A one-letter label is a name, left to the symbolic reader.
func labelled(text string, aos int, gap string) bool {
	// the pattern ends in "=" and spaces: the plain test first (most gaps
	// hold none)
	if len(gap) > maxGap || !strings.HasSuffix(strings.TrimRight(gap, " \t\n\f\r"), "=") {
		return false
	}
	m := labelGapRE.FindStringSubmatch(gap)
	if m == nil || len(m[1]) < 2 {
		return false
	}
	pre := strings.TrimRight(text[max(0, aos-maxGap):aos], " \t\n\r")
	if !strings.HasSuffix(pre, "=") {
		return false
	}
	pre = strings.TrimRight(strings.TrimSuffix(pre, "="), " \t\n\r")
	if len(pre) < len(m[1]) || !strings.EqualFold(pre[len(pre)-len(m[1]):], m[1]) {
		return false
	}
	if i := len(pre) - len(m[1]); i > 0 && labelCharRE.MatchString(pre[i-1:i]) {
		return false // the label is the end of a longer one
	}
	for _, w := range strings.Fields(strings.ToLower(m[1])) {
		if !labelStop[w] {
			return true
		}
	}
	return false
}

// anaphorRE opens the words that refer back to the expression before
// them ("this simplifies to", "which can be rewritten as", "can be
// factored as", "is equivalent to").
var anaphorRE = regexp.MustCompile(`^` + lead + `(?:(?:this|which|it|this expression)\b|(?:can|may)\s+(?:also\s+)?be\b|(?:simplifies|expands|factors|reduces)\b|(?:which\s+)?is\s+equivalent\b|(?:we\s+can\s+|let's\s+|let us\s+)?(?:write|rewrite)\s+(?:this|it)\b)`)

// partRE names a part of an expression in the sentence that shows it.
var partRE = regexp.MustCompile(`\b(?:terms?|parts?|pieces?|components?|summands?|numerators?|denominators?|sides?|coefficients?|factors?|exponents?|brackets?|parenthes[ie]s)\b`)

// whole reports whether the words between a, in aText, and the expression
// after it make that expression a's rewriting, not the rewriting of a
// whole a is a part of: words that refer back to a ("this simplifies to")
// do; an imperative or a gerund ("Simplifying, we get:") rewrites
// whatever is being simplified, so a's sentence must not show it as a part
// ("The second term is \[ 2x \]").
func whole(aText string, a *region, gap string) bool {
	g := strings.ToLower(gap)
	if loc := sentenceEndRE.FindStringIndex(g); loc != nil {
		g = g[loc[1]:]
	}
	if anaphorRE.MatchString(strings.TrimSpace(strings.TrimLeft(g, " \t\n\r.,:;!"))) {
		return true
	}
	// the words that introduce a, on its line or the lines before it, back
	// to a sentence end ("The second term is\n\[ 2x \]")
	from := max(0, a.os-maxSentence)
	intro := aText[from:a.os]
	cut := 0
	for _, mark := range []string{`\]`, "$$"} { // a display before ends the introduction
		if i := strings.LastIndex(intro, mark); i >= 0 {
			cut = max(cut, i+len(mark))
		}
	}
	if locs := sentenceEndRE.FindAllStringIndex(intro, -1); len(locs) > 0 {
		cut = max(cut, locs[len(locs)-1][1])
	}
	if cut == 0 && from > 0 {
		return false // a sentence too long to read
	}
	intro = intro[cut:]
	return !partRE.MatchString(strings.ToLower(intro))
}

// cueStem reports a stem of cueRE's words in g (lower case), by plain
// search: most gaps between two regions hold none, and the pattern is
// costly.
func cueStem(g string) bool {
	return len(g) >= len("writ") && mathtext.HasAny(g, cueStems...)
}

// cueStems are the stems cueStem searches ("writ" stands for "rewrit" too),
// of lower-case ASCII and 4 bytes or more (a test holds them): a text
// that holds one passes cueStem's length test, so symimp.LowerHasAny(s,
// cueStems...) is cueStem(strings.ToLower(s)).
var cueStems = []string{"simplif", "calculat", "comput", "evaluat", "combin", "collect", "group", "expand", "factor", "writ",
	"distribut", "reduc", "equivalent", "equal", "adding", "summing", "multiplying"}

// termwise reports a cue that computes each term of the expression
// ("Calculating each term:"): the second expression is the first one term
// by term only when both have as many terms, more than one.
func termwise(gap string, a, b *region) (cued, same bool) {
	if !termwiseRE.MatchString(strings.ToLower(gap)) {
		return false, false
	}
	n := symexpr.Summands(a.x)
	return true, n > 1 && n == symexpr.Summands(b.x)
}
