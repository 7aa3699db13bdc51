// Package worldfact decides claims in words about the calendar and units
// of time that hold in the world, not in the problem (docs/TRANSLATE.md,
// "Facts of the calendar and of units of time"): "there are 30 days in
// March", "quarterly, which means three times a year", "there are 52 weeks
// in a year", "from January 1st to July 18th there are 203 days". A
// claim is read only in a form that states the fact ("there are N X in a
// Y", "a Y has N X", "Month has N days", a frequency word glossed by a
// count), never in one that may state a rate ("he works 5 days a week",
// "8 hours in a day" without "there are"). A problem that sets its own
// calendar (assume, suppose, imagine, a planet, a leap year, or a fact of
// the same kind stated in the problem) leaves every claim alone.
package worldfact

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/obligation"
)

// maxStep bounds the text read.
const maxStep = 20000

const (
	num    = `(\d{1,6}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|once|twice|thrice)`
	months = `(january|february|march|april|may|june|july|august|september|october|november|december)`
	ord    = `(\d{1,2})(?:st|nd|rd|th)?`
	// a clause ends after the unit: a rate goes on ("in a day of work")
	end = `(?:\s*(?:[.,;:!?)]|$|and\b|so\b|which\b|then\b|but\b|because\b|since\b))`
)

var (
	monthDaysRE = []*regexp.Regexp{
		spaced(`\bthere (?:are|were|is|will be) ` + num + ` days in ` + months + `\b`),
		spaced(`\b` + months + ` (?:has|had|contains) ` + num + ` days\b`),
	}
	unitRE = []*regexp.Regexp{
		spaced(`\bthere (?:are|were|is) ` + num + ` (days|hours|minutes|seconds|months|weeks|years) in (?:a|an|one|each|every) (week|day|hour|minute|year|decade|century|fortnight)` + end),
		spaced(`\b(?:a|an|one|each|every) (week|day|hour|minute|year|decade|century|fortnight) (?:has|contains|is) ` + num + ` (days|hours|minutes|seconds|months|weeks|years)` + end),
	}
	dozenRE = spaced(`\bthere (?:are|is) ` + num + ` \w+ in (?:a|one) dozen\b|\b(?:a|one) dozen (?:is|means) ` + num + `\b`)
	freqRE  = spaced(`\b(quarterly|semi-?annually|annually|yearly|monthly)\b,?\s*(?:\(\s*(?:i\.e\.,?\s*)?|which (?:means|is)\s+|meaning\s+|i\.e\.,?\s*|that is,?\s*|or\s+)` + num + ` times? (?:a|per|in a|each|every) year\b`)
	rangeRE = []*regexp.Regexp{
		spaced(`\bfrom ` + months + ` ` + ord + ` (?:to|through|until|till) ` + months + ` ` + ord + `,? there (?:are|is|will be|were) ` + num + ` days\b`),
		spaced(`\bthere (?:are|is|will be|were) ` + num + ` days (?:from|between) ` + months + ` ` + ord + ` (?:to|and|through|until) ` + months + ` ` + ord + `\b`),
	}
	// ownCalendarRE in the problem: it may set its own calendar.
	ownCalendarRE = regexp.MustCompile(`\b(?:assume|assuming|suppose|supposing|imagine|planet|fictional|leap|calendar|pretend)\b`)
	// stepConventionRE in a step: it counts the calendar its own way
	// somewhere ("we approximate each month as 30 days", "treating a year
	// as 360 days"), and no claim of the step is read against the world's.
	stepConventionRE = regexp.MustCompile(`\b(?:approximat\w*|treat|treats|treating|simplicity|convention\w*)\b`)
	// vetoRE in the claim's sentence: the claim is hedged, supposed or denied.
	vetoRE = regexp.MustCompile(`\b(?:if|assume|assuming|suppose|would|not|no|isn't|aren't|approximately|about|roughly|around|nearly|average|typically|usually|say|let's|lets|simplicity|simplify|convention|conventionally|treat|treating|consider|considering|pretend|here)\b|≈|~`)
)

// spaced compiles a pattern whose spaces match any run of blanks (a math
// mark blanked by plain leaves several).
func spaced(p string) *regexp.Regexp {
	return regexp.MustCompile(strings.ReplaceAll(p, " ", `\s+`))
}

var monthLen = map[string][2]int{
	"january": {31, 31}, "february": {28, 29}, "march": {31, 31}, "april": {30, 30}, "may": {31, 31},
	"june": {30, 30}, "july": {31, 31}, "august": {31, 31}, "september": {30, 30}, "october": {31, 31},
	"november": {30, 30}, "december": {31, 31},
}

var monthIndex = map[string]int{"january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6,
	"july": 7, "august": 8, "september": 9, "october": 10, "november": 11, "december": 12}

// unitFacts are how many of the first unit make one of the second: the
// values the world allows. Counts a step may mean of working or school
// time are left out (days in a week or a year, hours in a day or a week,
// weeks in a year: "there are 8 hours in a day" may be a shift's).
var unitFacts = map[[2]string][]int{
	{"minutes", "hour"}: {60}, {"seconds", "minute"}: {60}, {"seconds", "hour"}: {3600}, {"months", "year"}: {12},
	{"years", "decade"}: {10}, {"years", "century"}: {100},
}

var freqCount = map[string]int{"quarterly": 4, "semiannually": 2, "semi-annually": 2, "annually": 1, "yearly": 1, "monthly": 12}

var wordNum = map[string]int{"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
	"nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "once": 1, "twice": 2, "thrice": 3}

// claim is one fact claim read: where its number stands, what the text
// says, what the world allows.
type claim struct {
	s, e  int // the number in the step
	said  int
	allow []int
	what  string // "the days of March", for people
	fact  string // the world's value, for people
	key   string // a unit fact's "days/week", "" for others
}

// Conventions is what a problem settles for itself: "*" when it may set its
// own calendar (assume, suppose, imagine, a planet, a leap year, or a fact
// of the kind read here stated in the problem), else the unit facts it
// gives its own count ("a 5 day work week", "8 hours a day": the chain may
// count its days in a week or hours in a day that way), as "days/week"
// keys joined by commas; "" when none.
func Conventions(problem string) string {
	low := strings.ToLower(problem)
	if ownCalendar(low) || len(read(plain(problem), problem)) > 0 {
		return "*"
	}
	return ownCounts(low)
}

// ownCalendar reports ownCalendarRE in low, after a plain search for its
// stems.
func ownCalendar(low string) bool {
	return mathtext.HasAny(low, "assum", "suppos", "imagine", "planet", "fictional", "leap", "calendar", "pretend") && ownCalendarRE.MatchString(low)
}

// ownCounts is the unit facts that low counts its own way, as Conventions
// writes them.
func ownCounts(low string) string {
	var keys []string
	for i, k := range unitKeys {
		if !strings.Contains(low, strings.TrimSuffix(k[0], "s")) || !strings.Contains(low, k[1]) {
			continue
		}
		for _, m := range ownCountRE[i].FindAllStringSubmatch(low, -1) {
			if !slices.ContainsFunc(strings.Fields(m[1]), func(w string) bool { return notAdjective[w] }) {
				keys = append(keys, k[0]+"/"+k[1])
				break
			}
		}
	}
	return strings.Join(keys, ",")
}

// notAdjective are words between a count and its whole that make the
// phrase a statement of the fact ("10 months in a year"), not a whole of
// the problem's own ("a 10 month school year").
var notAdjective = map[string]bool{"in": true, "per": true, "a": true, "an": true, "each": true, "every": true,
	"of": true, "for": true, "make": true, "makes": true, "is": true, "are": true, "to": true}

// ownCountRE[i] finds a problem's own count of unitKeys[i]: a number of
// the unit, then the whole within the sentence ("5 day work week").
var ownCountRE = func() []*regexp.Regexp {
	out := make([]*regexp.Regexp, len(unitKeys))
	for i, k := range unitKeys {
		out[i] = regexp.MustCompile(`\d+(?:\.\d+)?[- ]?` + strings.TrimSuffix(k[0], "s") + `s?\b((?:[\s-]+[a-z']+){0,3}?)[\s-]+` + k[1] + `\b`)
	}
	return out
}()

// unitKeys are unitFacts' keys in a fixed order.
var unitKeys = [][2]string{{"minutes", "hour"}, {"seconds", "minute"}, {"seconds", "hour"}, {"months", "year"},
	{"years", "decade"}, {"years", "century"}}

// Read returns the refutations of the step's false claims of the calendar
// and of units of time, under the problem's conventions (Conventions):
// nothing under "*", no unit fact the problem counts its own way.
func Read(step int, text, conv, tactic string) []obligation.Obligation {
	if conv == "*" || len(text) > maxStep {
		return nil
	}
	// Every fact read names one of these (lower case but for the months,
	// which need "days"): most steps hold none.
	if !mathtext.HasAny(text, "days", "minute", "second", "month", "year", "decade", "centur", "dozen", "uarterl", "nnual", "early", "onthly") {
		return nil
	}
	var out []obligation.Obligation
	low := plain(text)
	// The step may set its own calendar in another sentence ("Assume each
	// month has 30 days. Then July has 30 days."), as a problem may.
	if ownCalendar(low) || mathtext.HasAny(low, "approximat", "treat", "simplicity", "convention") && stepConventionRE.MatchString(low) {
		return nil
	}
	// The step may set its own count too ("a school year of 10 months").
	if own := ownCounts(low); own != "" {
		conv += "," + own
	}
	for _, c := range read(low, text) {
		if allowed(c) || c.key != "" && strings.Contains(","+conv+",", ","+c.key+",") {
			continue
		}
		o := obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, c.s, c.e), Kind: obligation.KindEquality,
			OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
		o.Expr = fmt.Sprintf("%s = %d", c.what, c.said)
		o.Prop = fmt.Sprintf("(%d : Rat) = (%d : Rat)", c.allow[0], c.said)
		o.Lean = "example : " + o.Prop + " := by " + tactic
		o.LeanNeg = "example : ¬(" + o.Prop + ") := by " + tactic
		o.Note = "a fact of the calendar or of units of time, stated in words: " + c.fact
		o.WhyProof = c.fact
		o.WhyDisproof = fmt.Sprintf("%s, not %d", c.fact, c.said)
		out = append(out, o)
	}
	return out
}

func allowed(c claim) bool {
	for _, a := range c.allow {
		if a == c.said {
			return true
		}
	}
	return false
}

// plain is text in lower case with the marks of math mode blanked, so
// offsets stay those of the text ("\(30\)" reads as 30).
func plain(text string) string { return mathtext.LowerPlain(text) }

var monthNames = []string{"january", "february", "march", "april", "may", "june", "july", "august", "september",
	"october", "november", "december"}

// read finds the claims in low (plain's text) of the original text. Each
// pattern runs only when the words it needs are in the text: the patterns
// backtrack, and most steps hold none of them.
func read(low, text string) []claim {
	var out []claim
	days, month := strings.Contains(low, "days"), mathtext.HasAny(low, monthNames...)
	if days && month && mathtext.HasAny(low, "there", " has", "had", "contains") {
		out = monthClaims(low, text, out)
	}
	if mathtext.HasAny(low, "there", " has", "contains", " is ") && mathtext.HasAny(low, "week", "day", "hour", "minute", "year", "decade", "century", "fortnight") {
		out = unitClaims(low, out)
	}
	if strings.Contains(low, "dozen") {
		out = dozenClaims(low, out)
	}
	if mathtext.HasAny(low, "quarterl", "annual", "yearly", "monthly") {
		out = freqClaims(low, out)
	}
	if days && month && strings.Contains(low, "from") {
		out = rangeClaims(low, text, out)
	}
	return out
}

func monthClaims(low, text string, out []claim) []claim {
	for _, re := range monthDaysRE {
		for _, m := range re.FindAllStringSubmatchIndex(low, -1) {
			ni, mi := 2, 4
			if re == monthDaysRE[1] {
				ni, mi = 4, 2
			}
			month := low[m[mi]:m[mi+1]]
			if month == "may" && !strings.HasPrefix(text[m[mi]:], "May") {
				continue // the verb
			}
			if c, ok := numberAt(low, m[ni], m[ni+1]); ok && !vetoed(low, m[0]) {
				l := monthLen[month]
				allow := []int{l[0]}
				fact := fmt.Sprintf("%s has %d days", title(month), l[0])
				if l[1] != l[0] {
					allow, fact = []int{l[0], l[1]}, fmt.Sprintf("%s has %d days, %d in a leap year", title(month), l[0], l[1])
				}
				out = append(out, claim{s: m[ni], e: m[ni+1], said: c, allow: allow, what: "the days of " + title(month), fact: fact})
			}
		}
	}
	return out
}

func unitClaims(low string, out []claim) []claim {
	for k, re := range unitRE {
		for _, m := range re.FindAllStringSubmatchIndex(low, -1) {
			ni, ui, wi := 2, 4, 6 // number, the unit counted, the whole
			if k == 1 {
				ni, ui, wi = 4, 6, 2
			}
			unit, whole := low[m[ui]:m[ui+1]], low[m[wi]:m[wi+1]]
			allow, ok := unitFacts[[2]string{unit, whole}]
			if !ok || vetoed(low, m[0]) || k == 1 && !clauseStart(low, m[0]) {
				continue
			}
			if c, ok := numberAt(low, m[ni], m[ni+1]); ok {
				out = append(out, claim{s: m[ni], e: m[ni+1], said: c, allow: allow, what: "the " + unit + " in a " + whole,
					fact: fmt.Sprintf("a %s has %s %s", whole, joinInts(allow), unit), key: unit + "/" + whole})
			}
		}
	}
	return out
}

func dozenClaims(low string, out []claim) []claim {
	for _, m := range dozenRE.FindAllStringSubmatchIndex(low, -1) {
		ni := 2
		if m[2] < 0 {
			ni = 4
		}
		if c, ok := numberAt(low, m[ni], m[ni+1]); ok && !vetoed(low, m[0]) {
			out = append(out, claim{s: m[ni], e: m[ni+1], said: c, allow: []int{12}, what: "a dozen", fact: "a dozen is 12"})
		}
	}
	return out
}

func freqClaims(low string, out []claim) []claim {
	for _, m := range freqRE.FindAllStringSubmatchIndex(low, -1) {
		word := low[m[2]:m[3]]
		if c, ok := numberAt(low, m[4], m[5]); ok && !vetoed(low, m[0]) {
			n := freqCount[word]
			out = append(out, claim{s: m[4], e: m[5], said: c, allow: []int{n}, what: "the times a year of \"" + word + "\"",
				fact: fmt.Sprintf("%q is %d times a year", word, n)})
		}
	}
	return out
}

func rangeClaims(low, text string, out []claim) []claim {
	for k, re := range rangeRE {
		for _, m := range re.FindAllStringSubmatchIndex(low, -1) {
			// groups: month, day, month, day, count (first form); count, month, day, month, day (second)
			g := func(i int) string { return low[m[2*i]:m[2*i+1]] }
			ni, a, b := 5, 1, 3
			if k == 1 {
				ni, a, b = 1, 2, 4
			}
			c, ok := numberAt(low, m[2*ni], m[2*ni+1])
			if !ok || vetoed(low, m[0]) {
				continue
			}
			if g(a) == "may" && !strings.HasPrefix(text[m[2*a]:], "May") || g(b) == "may" && !strings.HasPrefix(text[m[2*b]:], "May") {
				continue
			}
			lo, hi, ok := rangeDays(g(a), g(a+1), g(b), g(b+1))
			if !ok {
				continue
			}
			var allow []int
			for d := lo; d <= hi; d++ {
				allow = append(allow, d)
			}
			out = append(out, claim{s: m[2*ni], e: m[2*ni+1], said: c, allow: allow,
				what: fmt.Sprintf("the days from %s %s to %s %s", title(g(a)), g(a+1), title(g(b)), g(b+1)),
				fact: fmt.Sprintf("from %s %s to %s %s there are %d to %d days (counting neither end, one, or both; a leap year)", title(g(a)), g(a+1), title(g(b)), g(b+1), lo, hi)})
		}
	}
	return out
}

// rangeDays is the fewest and most days the text may mean from one date
// to a later one of the same year: the difference less one (neither end)
// to the difference plus one (both ends), one more when February 29 may
// lie between.
func rangeDays(m1, d1, m2, d2 string) (int, int, bool) {
	a, okA := dayOfYear(m1, d1)
	b, okB := dayOfYear(m2, d2)
	if !okA || !okB || b <= a {
		return 0, 0, false
	}
	diff := b - a
	hi := diff + 1
	if a <= 59 && b >= 60 { // from February 28 or before, to March 1 or after
		hi++
	}
	return diff - 1, hi, true
}

// dayOfYear is the day of a date in a year of 365 days.
func dayOfYear(month, day string) (int, bool) {
	mi, ok := monthIndex[month]
	d, err := strconv.Atoi(day)
	if !ok || err != nil || d < 1 || d > monthLen[month][1] || month == "february" && d > 28 {
		return 0, false
	}
	n := d
	for name, i := range monthIndex {
		if i < mi {
			n += monthLen[name][0]
		}
	}
	return n, true
}

// numberAt reads the number at low[s:e].
func numberAt(low string, s, e int) (int, bool) {
	w := low[s:e]
	if n, ok := wordNum[w]; ok {
		return n, true
	}
	n, err := strconv.Atoi(w)
	return n, err == nil
}

// vetoed reports vetoRE in the claim's sentence before it or in the rest
// of its clause.
func vetoed(low string, at int) bool { return vetoedBy(vetoRE, low, at, at) }

// vetoedBy reports re in the sentence of low[s:e] before s, or in the rest
// of its clause after e.
func vetoedBy(re *regexp.Regexp, low string, s, e int) bool {
	a := s
	for a > 0 && !strings.ContainsRune(".!?\n", rune(low[a-1])) {
		a--
	}
	rest := low[e:]
	if i := strings.IndexAny(rest, ".!?\n,;"); i >= 0 {
		rest = rest[:i]
	}
	return re.MatchString(low[a:s]) || re.MatchString(rest)
}

// clauseStart reports a subject ("an hour has 60 minutes") that opens its
// clause: not the end of a phrase ("60 minutes in an hour is 360").
func clauseStart(low string, at int) bool {
	before := strings.TrimRight(low[:at], " ")
	if before == "" || strings.ContainsRune(".,;:!?(\n", rune(before[len(before)-1])) {
		return true
	}
	i := strings.LastIndexAny(before, " .,;:!?(\n")
	return clauseWords[before[i+1:]]
}

// clauseWords may stand right before a clause's subject.
var clauseWords = map[string]bool{"and": true, "since": true, "because": true, "as": true, "that": true, "so": true,
	"thus": true, "hence": true, "but": true, "know": true, "recall": true, "remember": true, "then": true}

func title(s string) string { return strings.ToUpper(s[:1]) + s[1:] }

func joinInts(xs []int) string {
	p := make([]string, len(xs))
	for i, x := range xs {
		p[i] = strconv.Itoa(x)
	}
	return strings.Join(p, " or ")
}
