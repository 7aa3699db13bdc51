// Package ratecopy decides a price per item that a step copies from the
// problem with another value (docs/TRANSLATE.md, "Prices copied from the
// problem"): the problem charges "$6.00 per skirt", a step multiplies
// "1 skirt x $8.00/skirt". The problem fixes the price only where it is
// plain: one price per that item and no word in the whole problem that
// derives another one (a discount, a percentage, a sale, a comparison, a
// resale), no other amount of money in a sentence that names the item, and
// an item that is a thing counted (never a unit of time, length, weight or
// volume, nor a person, whose prices are often averages or shares). A step
// that writes another price per the same item, in a sentence that neither
// supposes, hedges, corrects, nor derives (a total, a discount, an extra,
// an average), contradicts the problem.
package ratecopy

import (
	"fmt"
	"math/big"
	"regexp"
	"slices"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/arith"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/obligation"
)

// Limits: the text read (problem or step), the prices read in it, the
// claims of a step, the clause around a price.
const (
	maxText   = 8000
	maxRates  = 16
	maxClaims = 4
	maxClause = 160
)

// amountPat is an amount of money: a dollar sign (escaped or not) before a
// number, or a number before "dollars". Groups: the number after the sign,
// the number before the word.
const amountPat = `(?:\\?\$\s?(\d{1,9}(?:,\d{3}){0,3}(?:\.\d{1,4})?)|(\d{1,9}(?:,\d{3}){0,3}(?:\.\d{1,4})?)\s+dollars?)`

var (
	// rateRE is an amount charged per item: "$6.00 per skirt", "$8/skirt",
	// "\$8.00/\text{skirt}", "$3 for each ticket", "$2 a pen", "4 dollars
	// per pair of pants" (an item of another: "pair of pants", "bar of
	// soap"). Group 3 is the item.
	rateRE = regexp.MustCompile(amountPat + `\s*(?:(?:per|for\s+each|for\s+every|a|an)\s+|/\s*(?:\\text\{\s*)?|\\text\{\s*/\s*)([a-z]{3,20}(?:\s+of\s+[a-z]{3,20})?)\b`)
	// eachRE is a price said of one item: "each skirt costs $6", "a ticket
	// is $12", "one pair of gloves costs 9 dollars". Group 1 is the item.
	eachRE = regexp.MustCompile(`\b(?:each|every|one|a|an)\s+([a-z]{3,20}(?:\s+of\s+[a-z]{3,20})?)\s+(?:costs?|is|was|sells\s+for|goes\s+for)\s+` + amountPat)
	// apieceRE is a price said of items one by one: "the skirts cost $6
	// each", "5 tickets are $12 apiece". Group 1 is the item.
	apieceRE = regexp.MustCompile(`\b(?:the|all|his|her|their|its|these|those|\d{1,9})\s+([a-z]{3,20})\s+(?:cost|are|were|sell\s+for|go\s+for)\s+` + amountPat + `\s+(?:each|apiece)\b`)
	// amountRE is any amount of money, for the problem's sentences that name
	// an item.
	amountRE = regexp.MustCompile(amountPat)
	// problemVetoRE in the problem: a word that derives another price of an
	// item (a discount, a percentage, a sale, a tax, a comparison, a resale,
	// a change), or a price that depends on how many are bought.
	problemVetoRE = regexp.MustCompile(`%|\b(?:percent\w*|discount\w*|sale|sales|coupon\w*|tax\w*|tip|tips|fee|fees|profit\w*|sell|sells|sold|selling|resell\w*|revenue|markup|more|less|fewer|than|twice|double\w*|triple\w*|cheaper|expensive|increase\w*|decrease\w*|rais\w*|rise|rises|rose|drop(?:s|ped)?\s+(?:to|by|from)|reduc\w*|change\w*|instead|average\w*|bulk|deal|deals|free|extra|additional|plus|originally|original|regular\w*|usual\w*|normal\w*|special\w*|member\w*|deposit\w*|installment\w*|instalment\w*|(?:times|half)\s+(?:as|the|that|what|of|his|her|their|its|price|cost|off|an?)|(?:go|goes|went|gone|going)\s+(?:up|down))\b|(?:^|[^-\w])off\b`)
	// problemTimeRE in a sentence of the problem that names an item: the
	// price may be one of several over time ("first", "then", "after").
	problemTimeRE = regexp.MustCompile(`\b(?:first|next|after|afterwards?|before|then|now|later|last|ago|until|when|while|since|previous\w*|initial\w*|final\w*)\b`)
	// stepVetoRE in the step's clause: the price is supposed (a case, an
	// option, a check), hedged, corrected, another one derived from the
	// problem's (a total, an average, a discount, a tax, an extra, a new
	// price), one of another time ("next year she will charge") or of
	// another seller ("her rival charges").
	stepVetoRE = regexp.MustCompile(`(?i)\b(?:if|suppose\w*|assum\w*|case|cases|option\w*|scenario\w*|either|whether|check\w*|verify\w*|test\w*|try|trying|would|could|might|should|may|maybe|perhaps|let's\s+say|say|not|no|never|wrong|incorrect\w*|mistake\w*|misread\w*|instead|actually|correct\w*|rather|wait|but|however|hypothetical\w*|example|approx\w*|about|around|roughly|nearly|almost|estimat\w*|round\w*|average\w*|mean|effective\w*|overall|total|totals|combined|includ\w*|with|plus|minus|after|before|discount\w*|sale|tax\w*|tip|tips|shipping|fee|fees|profit\w*|margin\w*|net|sav\w*|difference|extra|additional|more|less|cheaper|increas\w*|decreas\w*|rais\w*|reduc\w*|new|now|then|later|originally|original|regular\w*|usual\w*|sell\w*|sold|resell\w*|revenue|earn\w*|make|makes|made|paid|pays|pay|than|each\s+of|other|another|different|half|twice|double|triple|will|next|last|future|past|ago|once|used|yesterday|tomorrow|competitor\w*|rival\w*|someone|somebody|else|elsewhere)\b|(?:^|[^-\w])off\b|(?:^|[^\\\w])times\b`)
	// ownerRE is a possessive in the step's clause ("a competitor's is $8
	// per dress"): the price may be someone else's (ownedByOther).
	ownerRE = regexp.MustCompile(`\b([a-z]{2,20})(?:'|’)s\b`)
	// clauseEndRE ends a clause around a price.
	clauseEndRE = regexp.MustCompile(`[.!?;](?:\s|$)|\n`)
)

// notItems are the words after "per" that name no thing counted: units of
// time, length, weight, volume and area, people (a price per person is
// often a share), amounts and generic words; a price per one of them is
// often derived (a rate, a mixture, a share), never read here.
var notItems = mathtext.Set("hour", "minute", "second", "day", "week", "month", "year", "night",
	"weekend", "weekday", "session", "lesson", "class", "shift", "trip", "visit", "ride", "round",
	"game", "time", "mile", "kilometer", "kilometre", "meter", "metre", "foot", "inch", "yard",
	"centimeter", "pound", "ounce", "gallon", "liter", "litre", "quart", "pint", "cup", "gram",
	"kilogram", "ton", "acre", "square", "cubic", "dozen", "hundred", "thousand", "unit", "item",
	"piece", "one", "person", "people", "student", "guest", "child", "kid", "adult", "member",
	"worker", "employee", "customer", "player", "friend", "family", "share", "serving", "portion",
	"page", "word", "point", "percent", "cent", "dollar", "the", "his", "her", "their", "its", "our",
	"your", "and", "with", "that", "this", "few", "semester", "term", "season", "period", "quarter", "lot", "total", "bit", "little", "week's",
	"person's", "batch", "set", "pack", "package", "box", "bag", "bundle", "case", "load", "order",
	"year's", "day's", "hour's", "month's", "while", "half", "quarter", "third", "fourth", "for",
	"from", "was", "were", "are", "which", "but", "then", "plus", "more", "less", "way", "all", "new",
	"can", "will", "has", "had", "have", "she", "him", "they", "them", "you", "each", "every", "piece",
	"head", "number", "amount", "sum", "price", "cost", "rate", "fixed", "flat", "single", "full")

// Rates is what the problem fixes of its prices per item: the item to the
// price, one per item.
type Rates struct {
	vals map[string]*big.Rat
	key  string
}

// Key is the rates as a string, for a cache key.
func (r Rates) Key() string { return r.key }

// ProblemRates reads the prices per item the problem states once, in a
// problem that derives no other price.
func ProblemRates(problem string) Rates {
	if len(problem) > maxText || !hasAmount(problem) {
		return Rates{}
	}
	low := mathtext.ASCIILower(problem)
	// The prices first, the veto only where there are some: most problems that hold a "$"
	// hold it as a math delimiter and price nothing, and the veto is the costlier read.
	ps, plain := prices(low, maxRates)
	if len(ps) == 0 || problemVetoRE.MatchString(low) {
		return Rates{}
	}
	if !plain {
		return Rates{} // an amount in an expression: the problem's prices are not plain
	}
	byItem := map[string][]*big.Rat{}
	read := map[int]bool{}
	for _, p := range ps {
		byItem[p.item] = append(byItem[p.item], p.val)
		read[p.at] = true
	}
	vals := map[string]*big.Rat{}
	var keys []string
	for item, vs := range byItem {
		if len(vs) != 1 || otherAmountNear(low, item, read) {
			continue // two prices of one item, or another amount said of it
		}
		vals[item] = vs[0]
		keys = append(keys, item+"="+vs[0].RatString())
	}
	if len(vals) == 0 {
		return Rates{}
	}
	slices.Sort(keys)
	return Rates{vals: vals, key: strings.Join(keys, ";")}
}

// hasAmount reports whether text may hold an amount of money: a dollar sign
// before a digit (one space or nothing between) or the word "dollar". A
// literal pre-check, before any regexp.
func hasAmount(text string) bool {
	if strings.Contains(text, "dollar") {
		return true
	}
	for i := strings.IndexByte(text, '$'); i >= 0; {
		j := i + 1
		if j < len(text) && strings.IndexByte(" \t\n\f\r", text[j]) >= 0 {
			j++ // amountPat's \s?
		}
		if j < len(text) && text[j] >= '0' && text[j] <= '9' {
			return true
		}
		k := strings.IndexByte(text[i+1:], '$')
		if k < 0 {
			return false
		}
		i += 1 + k
	}
	return false
}

// Read returns the obligations of the step's prices per item that copy the
// problem's with another value.
func Read(step int, text string, r Rates, tactic string) []obligation.Obligation {
	if len(r.vals) == 0 || len(text) > maxText || !hasAmount(text) {
		return nil
	}
	low := mathtext.ASCIILower(text)
	ps, _ := prices(low, 4*maxClaims)
	var out []obligation.Obligation
	for _, p := range ps {
		if len(out) >= maxClaims {
			break
		}
		want, ok := r.vals[p.item]
		if !ok || !p.alone || p.val.Cmp(want) == 0 {
			continue
		}
		s, e := clause(low, p.start, p.end)
		if stepVetoRE.MatchString(low[s:e]) || ownedByOther(low[s:e]) {
			continue
		}
		o := obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, p.start, p.end), Kind: obligation.KindEquality,
			OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
		o.Expr = fmt.Sprintf("the price per %s = %s", p.item, p.num)
		o.Prop = fmt.Sprintf("%s = %s", lit(want), lit(p.val))
		o.Lean, o.LeanNeg = arith.Declarations(o.Prop, tactic)
		o.Note = fmt.Sprintf("the problem states one price per %s, $%s, and derives no other", p.item, arith.RatString(want))
		o.WhyProof = "the problem states this price"
		o.WhyDisproof = fmt.Sprintf("the problem charges $%s per %s, not $%s", arith.RatString(want), p.item, p.num)
		out = append(out, o)
	}
	return out
}

// notOwners are words before "'s" that are no possessive ("it's",
// "let's", "that's").
var notOwners = map[string]bool{"it": true, "let": true, "that": true, "there": true, "here": true, "what": true,
	"she": true, "he": true, "who": true, "where": true}

// ownedByOther reports a possessive in the clause other than a
// contraction: the price may belong to someone else ("a competitor's").
func ownedByOther(clause string) bool {
	if !strings.Contains(clause, "'s") && !strings.Contains(clause, "’s") {
		return false
	}
	for _, m := range ownerRE.FindAllStringSubmatch(clause, -1) {
		if !notOwners[m[1]] {
			return true
		}
	}
	return false
}

// price is a price per item read in a text: the item (itemKey), the
// amount as written and its value, where the amount starts, the span of
// the whole phrase, and whether the amount stands alone (amountAlone).
type price struct {
	item       string
	num        string
	val        *big.Rat
	at         int
	start, end int
	alone      bool
}

// prices reads at most limit prices per item of each form in low (rateRE,
// eachRE, apieceRE), in the order of the text; plain is false when one of
// them is an operand or a result (amountAlone).
func prices(low string, limit int) (out []price, plain bool) {
	plain = true
	// ig is the item's group, ng the first of amountPat's two numbers
	add := func(m []int, ig, ng int, ends bool) {
		item := itemKey(low[m[2*ig]:m[2*ig+1]])
		at := m[2*ng]
		num := ""
		if at >= 0 {
			num = low[at:m[2*ng+1]]
		} else {
			at = m[2*ng+2]
			num = low[at:m[2*ng+3]]
		}
		v, ok := new(big.Rat).SetString(strings.ReplaceAll(num, ",", ""))
		if item == "" || !ok || !ends {
			return
		}
		at = amountStart(low, at)
		p := price{item: item, num: num, val: v, at: at, start: m[0], end: m[1], alone: amountAlone(low, at)}
		plain = plain && p.alone
		out = append(out, p)
	}
	for _, m := range rateMatches(low, limit) {
		add(m, 3, 1, itemEnds(low, m[1]) && !perAfter(low, m[1]))
	}
	if mathtext.HasAny(low, "each", "every", "apiece", "one", "a", "an") {
		for _, m := range eachRE.FindAllStringSubmatchIndex(low, limit) {
			add(m, 1, 2, amountEnds(low, m[1]) && !partOf(low, m[0]))
		}
		// apieceRE ends with "each" or "apiece", as it is
		for _, m := range apieceMatches(low, limit) {
			add(m, 1, 2, true)
		}
	}
	slices.SortFunc(out, func(a, b price) int { return a.start - b.start })
	return out, plain
}

// apieceMatches is apieceRE's matches in low, none where low holds
// neither "each" nor "apiece", which the pattern ends with.
func apieceMatches(low string, limit int) [][]int {
	if !strings.Contains(low, "each") && !strings.Contains(low, "apiece") {
		return nil
	}
	return apieceRE.FindAllStringSubmatchIndex(low, limit)
}

// partOf reports a quantity word or "of" right before a price said of
// one item: "half a bunch costs $2" prices half a bunch, "the shipping
// cost of each crate is $1.50" one cost of the crate among others.
func partOf(low string, i int) bool {
	k := i
	for k > 0 && low[k-1] == ' ' {
		k--
	}
	j := k
	for j > 0 && mathtext.IsASCIILetter(low[j-1]) {
		j--
	}
	return quantityWords[low[j:k]]
}

// quantityWords before "a", "each" or "one" make the item a part, a
// multiple or the owner of what is priced.
var quantityWords = mathtext.Set("half", "quarter", "third", "fourth", "fifth", "tenth", "twice", "thrice",
	"double", "triple", "of", "than", "as", "per", "times", "for", "from", "in", "with", "to", "at", "by")

// amountStart is where the amount whose number starts at i starts: at its
// dollar sign (and the sign's backslash) when it has one.
func amountStart(low string, i int) int {
	k := i
	for k > 0 && low[k-1] == ' ' {
		k--
	}
	if k > 0 && low[k-1] == '$' {
		k--
		if k > 0 && low[k-1] == '\\' {
			k--
		}
		return k
	}
	return i
}

// amountEnds reports that an amount ending at text[e] is the whole price:
// no "per", "/", "each", "more", "less", "off", "extra" or digit follows
// ("each pen costs $2 more" is a difference, "$2 per box" another price).
func amountEnds(text string, e int) bool {
	rest := strings.TrimLeft(text[e:min(len(text), e+16)], " \t")
	for _, w := range []string{"per ", "/", "each", "apiece", "more", "less", "off", "extra", "plus", "cheaper", "than", "higher", "lower", "+", "-", "*", "x ", "×", "\\times", "\\cdot", "a ", "an ", "for "} {
		if strings.HasPrefix(rest, w) {
			return false
		}
	}
	return rest == "" || !mathtext.IsDigit(rest[0])
}

// itemKey is the item a price is charged per, in the singular, or "" for
// a word that names no thing counted (notItems).
func itemKey(w string) string {
	w = strings.Join(strings.Fields(w), " ")
	head, rest, of := strings.Cut(w, " of ")
	if notItems[head] || notItems[mathtext.Singular(head)] || of && notItems[rest] {
		return ""
	}
	if of {
		return mathtext.Singular(head) + " of " + mathtext.Singular(rest)
	}
	return mathtext.Singular(head)
}

// itemEnds reports that the item ending at text[e] ends its noun phrase:
// what follows is the end, a mark, or a word that starts no compound
// ("per call minute" prices a minute, not a call).
func itemEnds(text string, e int) bool {
	for e < len(text) && (text[e] == ' ' || text[e] == '\t') {
		e++
	}
	if e == len(text) || !mathtext.IsASCIILetter(text[e]) {
		return true
	}
	k := e
	for k < len(text) && mathtext.IsASCIILetter(text[k]) {
		k++
	}
	return followers[text[e:k]]
}

// followers are the words after an item that end its noun phrase.
var followers = mathtext.Set("and", "or", "to", "in", "for", "that", "which", "he", "she", "they", "it",
	"we", "you", "if", "so", "but", "at", "on", "from", "with", "is", "are", "was", "were", "then",
	"this", "how", "what", "each", "every", "as", "plus", "times", "x")

// amountAlone reports that the amount at text[i:] is no operand of a sum,
// difference, quotient or power, nor the result of a computation or part
// of a longer number: the mark before it (blanks and "\(" skipped) is none
// of "=+-−/^.,≈~" nor a digit or letter glued to it.
func amountAlone(text string, i int) bool {
	if i > 0 && (mathtext.IsDigit(text[i-1]) || mathtext.IsASCIILetter(text[i-1]) || text[i-1] == '.' || text[i-1] == ',') {
		return false
	}
	k := i
	for k > 0 && (text[k-1] == ' ' || text[k-1] == '\t') {
		k--
	}
	if k >= 2 && text[k-2:k] == `\(` {
		k -= 2
		for k > 0 && text[k-1] == ' ' {
			k--
		}
	}
	if k == 0 {
		return true
	}
	if strings.ContainsRune("=+-/^≈~", rune(text[k-1])) {
		return false
	}
	before := text[max(0, k-8):k]
	return !strings.HasSuffix(before, "−") && !strings.HasSuffix(before, "≈") && !strings.HasSuffix(before, `\approx`) &&
		!strings.HasSuffix(before, `\pm`) && !strings.HasSuffix(before, `\div`)
}

// perAfter reports another "per" right after a price per item ("$2 per
// pen per day"): a rate of another kind.
func perAfter(text string, e int) bool {
	rest := strings.TrimLeft(text[e:min(len(text), e+12)], " \t}")
	return strings.HasPrefix(rest, "per ") || strings.HasPrefix(rest, "/") || strings.HasPrefix(rest, `\text{/`)
}

// otherAmountNear reports a sentence of the problem that names item (or
// its plural) and holds an amount of money that is no price per item read
// (read), what that amount is of being open, or a word of time
// (problemTimeRE), the price being perhaps one of several over time.
func otherAmountNear(low, item string, read map[int]bool) bool {
	word := item
	if _, rest, ok := strings.Cut(item, " of "); ok {
		word = rest
	}
	for _, i := range mathtext.Indexes(low, word, maxRates) {
		s, e := clause(low, i, i+len(word))
		if problemTimeRE.MatchString(low[s:e]) {
			return true
		}
		for _, a := range amountRE.FindAllStringIndex(low[s:e], maxRates) {
			if !read[s+a[0]] {
				return true
			}
		}
	}
	return false
}

// clause is the sentence around text[s:e], at most maxClause bytes either
// side.
func clause(text string, s, e int) (int, int) {
	from := max(0, s-maxClause)
	if locs := clauseEndRE.FindAllStringIndex(text[from:s], -1); len(locs) > 0 {
		from += locs[len(locs)-1][1]
	}
	to := min(len(text), e+maxClause)
	if loc := clauseEndRE.FindStringIndex(text[e:to]); loc != nil {
		to = e + loc[0]
	}
	return from, to
}

// lit writes x as the dialect reads a number.
func lit(x *big.Rat) string {
	if x.IsInt() {
		return "(" + x.Num().String() + " : Rat)"
	}
	return "((" + x.Num().String() + " : Rat) / (" + x.Denom().String() + " : Rat))"
}
