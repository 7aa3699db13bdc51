// Package arithfn decides claims about the classical arithmetic functions
// at a whole number (docs/TRANSLATE.md, "Arithmetic functions at a
// number"): Euler's totient φ(N), the number of divisors d(N) or τ(N) and
// the sum of divisors σ(N), written as a function value ("\phi(1547) =
// 1152") or in words ("the number of positive divisors of 72 is 12", "72
// has 12 divisors", "the sum of the divisors of 12 is 28"). A symbol is
// read as one of these functions only when the step or the step before
// names it so ("Euler's totient function \phi(n)", "d(n), the number of
// divisors of n"); a symbol the chain never names keeps its other
// meanings (an angle φ, a distance d). Only asserted claims are decided:
// a sentence that supposes, tests, wants or denies leaves its claims alone.
// Values are exact: N is factored by trial division, N ≤ 10^10. Lists of
// divisors stated in words are read too (divlist.go).
package arithfn

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/obligation"
)

const (
	maxText   = 20000          // longer steps are not read
	maxN      = 10_000_000_000 // factored by trial division up to 10^5
	maxClaims = 16             // claims decided a step
	window    = 60             // bytes between a symbol and the words that name it
)

// function is one arithmetic function.
type function int

const (
	totient function = iota
	divCount
	divSum
)

var fnWhat = [...]string{"Euler's totient", "the number of divisors", "the sum of divisors"}

// symbols that may name each function once the text names it so.
var fnSymbols = [...][]string{
	{`\varphi`, `\phi`, "φ", "ϕ"},
	{`\tau`, "τ", "d"},
	{`\sigma`, "σ"},
}

var (
	// namingRE are the words that name each function (in mathtext.LowerPlain's text).
	namingRE = [...]*regexp.Regexp{
		regexp.MustCompile(`\btotient\b`),
		regexp.MustCompile(`\bnumber\s+of\s+(?:positive\s+|natural\s+|integer\s+)*divisors\b`),
		regexp.MustCompile(`\bsum\s+of\s+(?:the\s+|all\s+)*(?:positive\s+|natural\s+|integer\s+)*divisors\b`),
	}
	// wordCountRE: "the number of (positive) divisors of N is M".
	wordCountRE = regexp.MustCompile(`\bnumber\s+of\s+((?:positive\s+|natural\s+)*)divisors\s+of\s+(\d{1,11})\s+(?:is|equals|=)\s+(\d{1,12})`)
	// wordHasRE: "N has (exactly) M (positive) divisors".
	wordHasRE = regexp.MustCompile(`(\d{1,11})\s+has\s+(?:exactly\s+)?(\d{1,12})\s+((?:positive\s+|natural\s+)*)divisors\b`)
	// wordThereRE: "there are (exactly) M (positive) divisors of N".
	wordThereRE = regexp.MustCompile(`\bthere\s+are\s+(?:exactly\s+|only\s+)?(\d{1,12})\s+((?:positive\s+|natural\s+)*)divisors\s+of\s+(\d{1,11})\b`)
	// wordSumRE: "the sum of (all) the (positive) divisors of N is M".
	wordSumRE = regexp.MustCompile(`\bsum\s+of\s+(?:the\s+|all\s+)*((?:positive\s+|natural\s+)*)divisors\s+of\s+(\d{1,11})\s+(?:is|equals|=)\s+(\d{1,12})`)
	// vetoRE in the claim's sentence: the claim is supposed, tested,
	// wanted, denied or corrected.
	vetoRE = regexp.MustCompile(`\b(?:if|suppose|supposing|assume|assuming|would|could|whether|check|checking|test|testing|try|trying|need|needs|want|wants|require|requires|such\s+that|not|no|isn't|cannot|can't|wrong|incorrect|mistake|error|false|contradiction|instead|actually|recount|example|approximately|about|roughly)\b|\?|≈|\\approx|\\neq|\\ne\b`)
)

// Read returns the obligations of step's claims about the arithmetic
// functions at a number: refuted when false, verified when true.
func Read(step int, prev, text, tactic string) []obligation.Obligation {
	if len(text) > maxText || len(prev) > maxText {
		return nil
	}
	// Claims in words need "divisors" in the step, a function value a
	// symbol before a bracket and the words that name it in the step or
	// the one before (upper case is not read): plain searches first.
	words := strings.Contains(text, "visors")
	lists := words || strings.Contains(text, "actors")
	sym := hasSymbol(text) && (names(text) || names(prev))
	if !lists && !sym {
		return nil
	}
	low := mathtext.LowerPlain(text)
	var out []obligation.Obligation
	if lists {
		out = divListClaims(step, text, low, tactic) // "the divisors of N are …" (divlist.go)
	}
	var claims []claim
	if sym {
		claims = symbolClaims(text, low, mathtext.LowerPlain(prev))
	}
	if words {
		claims = append(claims, wordClaims(low)...)
	}
	for k, c := range claims {
		if len(out) >= maxClaims || k >= 4*maxClaims {
			break // each claim reads its sentence: a bounded number of them
		}
		if vetoed(low, c.s, c.e) {
			continue
		}
		val, ok := value(c.fn, c.n)
		if !ok {
			continue
		}
		truth := val == c.m || c.signed && (c.fn == divCount && c.m == 2*val || c.fn == divSum && c.m == 0)
		o := obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, c.s, c.e), Kind: obligation.KindEquality,
			OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
		said := c.m
		if truth {
			said = val // a reading the text allows: the claim is its value
		}
		o.Expr = fmt.Sprintf("%s of %d = %d", fnWhat[c.fn], c.n, c.m)
		o.Prop = fmt.Sprintf("(%d : Rat) = (%d : Rat)", val, said)
		o.Lean = "example : " + o.Prop + " := by " + tactic
		o.LeanNeg = "example : ¬(" + o.Prop + ") := by " + tactic
		fact := fmt.Sprintf("%s of %d is %d (%d = %s)", fnWhat[c.fn], c.n, val, c.n, factorText(c.n))
		o.Note = "an arithmetic function at a number: " + fact
		o.WhyProof = fact
		o.WhyDisproof = fmt.Sprintf("%s, not %d", fact, c.m)
		out = append(out, o)
	}
	return out
}

// names reports the words that name the functions: a plain search, most
// steps hold neither.
func names(s string) bool {
	return strings.Contains(s, "visor") || strings.Contains(s, "otient")
}

// symbolEnds are the last bytes of fnSymbols (φ, ϕ, τ, σ end in 0x86, 0x95,
// 0x84, 0x83).
const symbolEnds = "diua\x86\x95\x84\x83"

// hasSymbol reports one of fnSymbols before an opening bracket (a blank
// between allowed): one pass from bracket to bracket.
func hasSymbol(text string) bool {
	for i := 0; ; i++ {
		k := strings.IndexByte(text[i:], '(')
		if k < 0 {
			return false
		}
		i += k
		before := strings.TrimRight(text[:i], " ")
		if before == "" || strings.IndexByte(symbolEnds, before[len(before)-1]) < 0 {
			continue // "\(", "f(", "2(": most brackets
		}
		for _, syms := range fnSymbols {
			for _, sym := range syms {
				if strings.HasSuffix(before, sym) {
					return true
				}
			}
		}
	}
}

// claim is one claim read: where it stands in the step, the function,
// its argument and the value the text states.
type claim struct {
	s, e   int
	fn     function
	n, m   int64
	signed bool // divisors counted without "positive": ± divisors is another reading
}

// named reports the functions low names, each with the symbols bound to
// it: a symbol applied to a bracket within window bytes of the naming
// words (the totient's symbols need only the word).
func named(low string) (bound [3]map[string]bool) {
	for f := range namingRE {
		if f == int(totient) && !strings.Contains(low, "totient") || f != int(totient) && !strings.Contains(low, "divisor") {
			continue
		}
		for _, loc := range namingRE[f].FindAllStringIndex(low, 64) {
			if f == int(totient) {
				bound[f] = map[string]bool{}
				for _, s := range fnSymbols[f] {
					bound[f][s] = true
				}
				break
			}
			if !unrestricted(low, loc[1], function(f)) {
				continue // "the number of divisors of n that are odd": another function
			}
			for _, s := range fnSymbols[f] {
				if near(low, s, loc[0], loc[1]) {
					if bound[f] == nil {
						bound[f] = map[string]bool{}
					}
					bound[f][s] = true
				}
			}
		}
	}
	return bound
}

// clauseWords may follow the naming words and their "of n": they end
// the description.
var clauseWords = map[string]bool{"and": true, "is": true, "for": true, "where": true, "denoted": true, "then": true,
	"so": true, "we": true, "by": true, "as": true, "be": true, "gives": true, "function": true}

// unrestricted reports the naming words ending at low[e:] followed by
// nothing that restricts the divisors: an optional "of x" (x one token),
// then the end, a mark that ends a clause, one of clauseWords or one of
// f's symbols applied ("the number of divisors d(n) of n"); "the number
// of divisors of n that are odd", "… greater than 1" are other functions.
func unrestricted(low string, e int, f function) bool {
	j := skip(low, e)
	if strings.HasPrefix(low[j:], "of ") {
		j = skip(low, j+3)
		for j < len(low) && low[j] != ' ' && low[j] != ',' && low[j] != '.' && low[j] != '\n' && low[j] != ';' && low[j] != ':' {
			j++
		}
		j = skip(low, j)
	}
	if j < len(low) && low[j] == ',' && restrictedAfter(low, j+1) {
		return false // "there are 5 divisors of 50, excluding 50"
	}
	if j >= len(low) || strings.IndexByte(".,;:)$\n", low[j]) >= 0 && !(low[j] == '.' && j+1 < len(low) && low[j+1] >= '0' && low[j+1] <= '9') {
		return true
	}
	for _, sym := range fnSymbols[f] {
		if strings.HasPrefix(low[j:], sym) && applied(low, j, len(sym)) {
			return true
		}
	}
	k := j
	for k < len(low) && low[k] >= 'a' && low[k] <= 'z' {
		k++
	}
	if low[j:k] == "we" && !restrictedAfter(low, k) {
		return true // "… of 12 we get", but not "… of 50 we haven't used"
	}
	return low[j:k] != "we" && clauseWords[low[j:k]]
}

// restrictors after a comma or "we" make the divisors counted some of
// them: "…, excluding 50", "…, other than 1", "… we haven't used".
var restrictors = map[string]bool{"excluding": true, "except": true, "besides": true, "other": true, "apart": true,
	"not": true, "without": true, "only": true, "including": true, "counting": true, "ignoring": true,
	"haven't": true, "have": true, "had": true, "still": true, "already": true, "did": true, "didn't": true,
	"can": true, "can't": true, "need": true, "used": true, "listed": true, "found": true, "checked": true,
	"counted": true, "missed": true, "left": true, "remaining": true, "greater": true, "less": true,
	"larger": true, "smaller": true, "bigger": true, "above": true, "below": true, "under": true, "over": true}

// restrictedAfter reports one of restrictors as the word at low[j:] (past blanks).
func restrictedAfter(low string, j int) bool {
	j = skip(low, j)
	k := j
	for k < len(low) && (low[k] >= 'a' && low[k] <= 'z' || low[k] == '\'') {
		k++
	}
	return restrictors[low[j:k]]
}

// near reports the symbol sym applied to a bracket ("d(n)", "\tau(n)")
// ending within window bytes before s or starting within window bytes
// after e, with no sentence end between.
func near(low, sym string, s, e int) bool {
	from, to := max(0, s-window-len(sym)), min(len(low), e+window)
	for i := from; i < to; {
		k := strings.Index(low[i:to], sym)
		if k < 0 {
			return false
		}
		at := i + k
		i = at + len(sym)
		if !applied(low, at, len(sym)) {
			continue
		}
		a, b := at, s
		if at >= e {
			a, b = e, at
		}
		if a <= b && !strings.ContainsAny(low[a:b], ".;!?") {
			return true
		}
	}
	return false
}

// applied reports the symbol at low[at:at+n] standing as a whole word
// before an opening bracket.
func applied(low string, at, n int) bool {
	if at > 0 {
		c := low[at-1]
		if c >= 'a' && c <= 'z' || c == '\\' || c >= '0' && c <= '9' || c == '_' {
			return false
		}
	}
	j := at + n
	for j < len(low) && low[j] == ' ' {
		j++
	}
	return j < len(low) && low[j] == '('
}

// symbolClaims reads "SYM(N) = M" for the symbols the step or the step
// before names.
func symbolClaims(text, low, lowPrev string) []claim {
	var bound [3]map[string]bool
	here, before := named(low), named(lowPrev)
	for f := range bound {
		for _, m := range []map[string]bool{here[f], before[f]} {
			for s := range m {
				if bound[f] == nil {
					bound[f] = map[string]bool{}
				}
				bound[f][s] = true
			}
		}
	}
	var out []claim
	for f := range bound {
		for sym := range bound[f] {
			if boundElsewhere(bound, function(f), sym) {
				continue // one symbol named as two functions
			}
			for i := 0; i < len(low) && len(out) < 4*maxClaims; {
				k := strings.Index(low[i:], sym)
				if k < 0 {
					break
				}
				at := i + k
				i = at + len(sym)
				if c, ok := valueClaim(text, low, at, len(sym)); ok {
					c.fn = function(f)
					out = append(out, c)
				}
			}
		}
	}
	return out
}

func boundElsewhere(bound [3]map[string]bool, f function, sym string) bool {
	for g := range bound {
		if function(g) != f && bound[g][sym] {
			return true
		}
	}
	return false
}

// valueClaim reads "SYM(N) = M" at low[at:]: SYM standing alone (nothing
// it multiplies or is added to before it), N and M whole numbers, and
// nothing after M that extends the right side.
func valueClaim(text, low string, at, n int) (claim, bool) {
	if !applied(low, at, n) || !standsAlone(low, at) {
		return claim{}, false
	}
	j := at + n
	j = skip(low, j)
	j++ // the bracket
	j = skip(low, j)
	nStart := j
	j = digits(low, j)
	if j == nStart || j-nStart > 11 {
		return claim{}, false
	}
	num, _ := strconv.ParseInt(low[nStart:j], 10, 64)
	j = skip(low, j)
	if j >= len(low) || low[j] != ')' {
		return claim{}, false
	}
	j = skip(low, j+1)
	if j >= len(low) || low[j] != '=' {
		return claim{}, false
	}
	j = skip(low, j+1)
	mStart := j
	j = digits(low, j)
	if j == mStart || j-mStart > 12 || !ends(low, j) {
		return claim{}, false
	}
	m, _ := strconv.ParseInt(low[mStart:j], 10, 64)
	return claim{s: at, e: j, n: num, m: m}, true
}

// standsAlone reports nothing before low[at] that makes the symbol's
// value a part of a larger expression: the start, an opening mark, "=",
// a comma, a colon or a word may stand before it, an operator, a number,
// a bracket or a command (\cdot) may not.
func standsAlone(low string, at int) bool {
	i := at - 1
	for i >= 0 && (low[i] == ' ' || low[i] == '\n' || low[i] == '\t') {
		i--
	}
	if i < 0 {
		return true
	}
	switch c := low[i]; {
	case c == '=' || c == ',' || c == ':' || c == '{' && strings.HasSuffix(low[:i], `\boxed`):
		return true
	case c >= 'a' && c <= 'z':
		for i >= 0 && low[i] >= 'a' && low[i] <= 'z' {
			i--
		}
		return i < 0 || low[i] != '\\' // a word, not a command
	}
	return false
}

// ends reports nothing after low[j] that extends a number: the end, a
// closing mark, punctuation not followed by a digit, "=", a word.
func ends(low string, j int) bool {
	j = skip(low, j)
	if j >= len(low) {
		return true
	}
	switch c := low[j]; {
	case c == '.' || c == ',':
		return j+1 >= len(low) || low[j+1] < '0' || low[j+1] > '9'
	case c == ';' || c == ':' || c == '=' || c == '\n' || c == '}' || c == '$':
		return true
	case c >= 'a' && c <= 'z':
		return !strings.HasPrefix(low[j:], "times") && !strings.HasPrefix(low[j:], "percent")
	case c == '\\':
		return strings.HasPrefix(low[j:], `\quad`) || strings.HasPrefix(low[j:], `\text`) && !strings.HasPrefix(low[j:], `\text{%`)
	}
	return false
}

func skip(low string, j int) int {
	for j < len(low) && (low[j] == ' ' || low[j] == '\t' || low[j] == '\n' && (j+1 >= len(low) || low[j+1] != '\n')) {
		j++
	}
	return j
}

// compared reports a comparison after the number that ends at j ("is 6
// more than", "12 fewer than"): the number is a difference, not the count.
func compared(low string, j int) bool {
	j = skip(low, j)
	k := j
	for k < len(low) && low[k] >= 'a' && low[k] <= 'z' {
		k++
	}
	switch low[j:k] {
	case "more", "less", "fewer", "greater", "larger", "smaller", "higher", "lower", "than", "plus", "minus", "over", "under", "times":
		return true
	}
	return false
}

func digits(low string, j int) int {
	for j < len(low) && low[j] >= '0' && low[j] <= '9' {
		j++
	}
	return j
}

// wordClaims reads the claims in words.
func wordClaims(low string) []claim {
	if !strings.Contains(low, "divisors") {
		return nil
	}
	var out []claim
	add := func(re *regexp.Regexp, fn function, ni, mi, posi int) {
		for _, m := range re.FindAllStringSubmatchIndex(low, maxClaims) {
			if !ends(low, m[2*mi+1]) || !numberAlone(low, m[2*ni]) || compared(low, m[2*mi+1]) ||
				!unrestricted(low, m[1], fn) {
				continue // "12 has 4 divisors greater than 2", "… is 6 more than": another count
			}
			n, _ := strconv.ParseInt(low[m[2*ni]:m[2*ni+1]], 10, 64)
			v, _ := strconv.ParseInt(low[m[2*mi]:m[2*mi+1]], 10, 64)
			out = append(out, claim{s: m[0], e: max(m[2*mi+1], m[2*ni+1]), fn: fn, n: n, m: v, signed: m[2*posi] == m[2*posi+1]})
		}
	}
	if strings.Contains(low, "number") {
		add(wordCountRE, divCount, 2, 3, 1)
	}
	if strings.Contains(low, " has") {
		add(wordHasRE, divCount, 1, 2, 3)
	}
	if strings.Contains(low, "there ") {
		add(wordThereRE, divCount, 3, 1, 2)
	}
	if strings.Contains(low, "sum") {
		add(wordSumRE, divSum, 2, 3, 1)
	}
	return out
}

// numberAlone reports a number at low[at:] that is no exponent, subscript,
// digit run or operand of a product before it ("2^10 has 11 divisors").
func numberAlone(low string, at int) bool {
	if at == 0 {
		return true
	}
	c := low[at-1]
	if c >= '0' && c <= '9' || c == '.' || c == ',' && at >= 2 && low[at-2] >= '0' && low[at-2] <= '9' {
		return false
	}
	i := at - 1
	for i >= 0 && low[i] == ' ' {
		i--
	}
	return i < 0 || strings.IndexByte("^_{*/+-×·", low[i]) < 0 && !strings.HasSuffix(low[:i+1], `\cdot`) && !strings.HasSuffix(low[:i+1], `\times`)
}

// vetoed reports a veto word in the sentence around low[s:e].
func vetoed(low string, s, e int) bool {
	a := sentenceStart(low, s)
	b := sentenceEnd(low, e)
	return vetoRE.MatchString(low[a:b])
}

func sentenceStart(low string, s int) int {
	for i := s - 1; i > 0; i-- {
		if low[i] == '\n' && low[i-1] == '\n' || (low[i-1] == '.' || low[i-1] == '!' || low[i-1] == '?') && (low[i] == ' ' || low[i] == '\n') {
			return i
		}
	}
	return 0
}

func sentenceEnd(low string, e int) int {
	for i := e; i+1 < len(low); i++ {
		if low[i] == '\n' && low[i+1] == '\n' || (low[i] == '.' || low[i] == '!' || low[i] == '?') && (low[i+1] == ' ' || low[i+1] == '\n') {
			return i + 1
		}
	}
	return len(low)
}
