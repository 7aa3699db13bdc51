// Package unitfact decides a fact about units and the calendar that a
// step states in words (docs/TRANSLATE.md, "Facts about units and the
// calendar"): "There are 30 days in March", "a foot has 12 inches",
// "quarterly, which means three times a year". The facts are exact and
// fixed: a table of the units one counts in another (time, the months,
// length, mass, volume, money, a dozen, a decade) and of the frequency
// words.
//
// Sound only for the forms that state the fact itself: "there are N units
// in a unit" and "<frequency word>, which means N times a <period>" ("each
// day has 8 hours" may be a working day, and is not read); the unit follows the number at once ("5 school days in a
// week" and "5 days in a work week" name other quantities and are not
// read), a container with a word before it ("a leap year", "a typical
// month") or after it ("in a day of the camp", "in a week that he works")
// is not read, facts that vary are not in the table (days in a
// month, weeks in a year, pounds in a ton, ounces in a cup) and neither
// are the counts a step may mean of a working or school time ("since there
// are 5 days in a week" after "a 5 day work week": days in a week or a
// year, hours in a day or a week, "daily"), a value that is right under
// some convention is accepted (28 or 29 days in February), and a sentence that supposes, approximates or
// sets its own convention ("if", "assume", "about", "for simplicity",
// "let's say") is left alone.
package unitfact

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/leanprm/leanprm/translate/internal/arith"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/obligation"
)

// maxClaims bounds the claims of a step; maxSentence the sentence read.
const (
	maxClaims   = 8
	maxSentence = 400
)

// facts holds, for "units in a container", the values that are right.
var facts = map[string][]int64{
	"seconds/minute": {60}, "minutes/hour": {60}, "seconds/hour": {3600}, "months/year": {12},
	"days/january": {31}, "days/february": {28, 29}, "days/march": {31}, "days/april": {30}, "days/may": {31},
	"days/june": {30}, "days/july": {31}, "days/august": {31}, "days/september": {30}, "days/october": {31},
	"days/november": {30}, "days/december": {31}, "years/decade": {10}, "years/century": {100}, "decades/century": {10},
	"inches/foot": {12}, "feet/yard": {3}, "inches/yard": {36}, "feet/mile": {5280}, "yards/mile": {1760},
	"millimeters/centimeter": {10}, "centimeters/meter": {100}, "millimeters/meter": {1000}, "meters/kilometer": {1000},
	"ounces/pound": {16}, "grams/kilogram": {1000}, "milligrams/gram": {1000},
	"cups/pint": {2}, "pints/quart": {2}, "quarts/gallon": {4}, "cups/quart": {4}, "cups/gallon": {16}, "pints/gallon": {8},
	"milliliters/liter": {1000}, "cents/dollar": {100}, "pennies/dollar": {100}, "nickels/dollar": {20}, "dimes/dollar": {10},
	"quarters/dollar": {4}, "months/quarter": {3}, "quarters/year": {4},
}

// dozens are containers that hold a number of anything.
var dozens = map[string]int64{"dozen": 12, "gross": 144, "score": 20}

// spellings maps other spellings of a unit to the table's.
var spellings = map[string]string{
	"secs": "seconds", "mins": "minutes", "hrs": "hours", "metres": "meters",
	"centimetres": "centimeters", "millimetres": "millimeters", "kilometres": "kilometers", "litres": "liters",
	"millilitres": "milliliters", "metre": "meter", "centimetre": "centimeter", "kilometre": "kilometer", "litre": "liter",
	"oz": "ounces", "lbs": "pounds", "lb": "pound", "in": "inches", "ft": "feet", "yd": "yard", "yds": "yards",
	"cm": "centimeters", "mm": "millimeters", "km": "kilometer", "kg": "kilogram", "ml": "milliliters",
}

// frequency words and how many times a period they mean.
var frequency = map[string]map[string]int64{
	"weekly":       {"week": 1},
	"monthly":      {"month": 1, "year": 12},
	"quarterly":    {"year": 4},
	"annually":     {"year": 1},
	"yearly":       {"year": 1},
	"semiannually": {"year": 2},
	"hourly":       {"hour": 1},
}

const number = `(\d{1,3}(?:,\d{3})+|\d{1,6}|once|twice|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|sixteen|twenty|thirty|fifty-two|sixty|hundred|thousand)`

var (
	thereRE = regexp.MustCompile(`(?i)\bthere\s+(?:are|is|were)\s+(?:exactly\s+)?` + number + `\s+([a-z]+)\s+in\s+(?:(?:a|an|one|1|the month of)\s+)?([a-z]+)\b([^.!?;\n]{0,24})`)
	// qualRE is a container qualified by what follows it ("in a day of the
	// camp", "in a week that he works"): another quantity.
	qualRE = regexp.MustCompile(`(?i)^\s*(?:of|that|when|where|which|for|during|at|in|on|with|from|to|he|she|they|we|you|it)\b`)
	freqRE = regexp.MustCompile(`(?i)\b(daily|weekly|monthly|quarterly|annually|yearly|semi-?annually|hourly)\s*,?\s*(?:which\s+)?(?:means|is)\s+` + number + `\s+times?\s+(?:a|per|in\s+a|each|every)\s+(year|month|week|day|hour)\b`)
	vetoRE = regexp.MustCompile(`(?i)\b(?:if|suppose|supposing|assume|assuming|assumed|would|could|should|might|approximately|about|roughly|around|nearly|average|on average|typical|typically|simplicity|simplify|say|let's|let us|not|no|never|instead|except|work\w*|school|class\w*|shift\w*|business|open\w*|operat\w*|leap|non-leap|lunar|fiscal|imagine|pretend|hypothetical\w*)\b`)
)

// Read returns the obligations of the step's facts about units.
func Read(step int, text, tactic string) []obligation.Obligation {
	var out []obligation.Obligation
	add := func(o *obligation.Obligation) {
		if o != nil && len(out) < maxClaims {
			out = append(out, *o)
		}
	}

	// the full patterns run only on a window after each "there" (they
	// backtracks)
	for _, from := range thereAt(text, 4*maxClaims) {
		to := min(len(text), from+160)
		for to < len(text) && !utf8.RuneStart(text[to]) {
			to++
		}
		m := thereRE.FindStringSubmatchIndex(text[from:to])
		if m == nil || m[0] != 0 {
			continue
		}
		for j := range m {
			m[j] += from
		}
		if !qualRE.MatchString(text[m[8]:m[9]]) {
			add(fact(step, text, m[0], m[8], text[m[2]:m[3]], text[m[4]:m[5]], text[m[6]:m[7]], tactic))
		}
	}
	if !anyFrequencyWord(text) {
		return out
	}
	for _, m := range freqRE.FindAllStringSubmatchIndex(text, maxClaims) {
		word := strings.ReplaceAll(strings.ToLower(text[m[2]:m[3]]), "-", "")
		v, ok := frequency[word][strings.ToLower(text[m[6]:m[7]])]
		if !ok {
			continue
		}
		period := strings.ToLower(text[m[6]:m[7]])
		add(claim(step, text, m[0], m[1], text[m[4]:m[5]], []int64{v}, "times a "+period+" ("+word+")", fmt.Sprintf("%q means %d times a %s", word, v, period), tactic))
	}
	return out
}

// fact decides "n units in a container".
func fact(step int, text string, s, e int, n, units, container, tactic string) *obligation.Obligation {
	u, c := spelled(units), spelled(container)
	vals, ok := facts[u+"/"+c]
	if !ok {
		v, isDozen := dozens[c]
		if !isDozen || !strings.HasSuffix(u, "s") {
			return nil
		}
		vals = []int64{v}
	}
	what := u + " in a " + c
	if _, month := facts["days/"+c]; month && c != "week" && c != "year" {
		what = u + " in " + c
	}
	return claim(step, text, s, e, n, vals, what, what+": "+joinVals(vals), tactic)
}

// claim makes the obligation n = the fact's value, when the sentence
// states it plainly.
func claim(step int, text string, s, e int, n string, vals []int64, what, fact, tactic string) *obligation.Obligation {
	v, ok := value(n)
	if !ok || s > 0 && strings.ContainsAny(text[s-1:s], "$\\{^_") {
		return nil
	}
	start := max(0, s-maxSentence)
	if locs := sentenceEndRE.FindAllStringIndex(text[start:s], -1); len(locs) > 0 {
		start += locs[len(locs)-1][1]
	}
	end := min(len(text), e+maxSentence)
	if loc := clauseEndRE.FindStringIndex(text[e:end]); loc != nil {
		end = e + loc[0] // the fact's own clause: "…, and each posts an average of 3" is another
	}
	if vetoRE.MatchString(text[start:end]) {
		return nil
	}
	right := vals[0]
	for _, w := range vals {
		if w == v {
			right = w
		}
	}
	o := &obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, s, e), Kind: obligation.KindEquality, OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
	o.Expr = fmt.Sprintf("#%s = %d", what, v)
	o.Prop = fmt.Sprintf("(%d : Rat) = (%d : Rat)", right, v)
	o.Lean, o.LeanNeg = arith.Declarations(o.Prop, tactic)
	o.Note = "a fact about units or the calendar: " + fact
	o.WhyProof = fact
	o.WhyDisproof = fact + fmt.Sprintf(", not %d", v)
	return o
}

// value reads a number written in digits or words.
func value(n string) (int64, bool) {
	words := map[string]int64{"once": 1, "twice": 2, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
		"eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "sixteen": 16, "twenty": 20, "thirty": 30,
		"fifty-two": 52, "sixty": 60, "hundred": 100, "thousand": 1000}
	if v, ok := words[strings.ToLower(n)]; ok {
		return v, true
	}
	v, err := strconv.ParseInt(strings.ReplaceAll(n, ",", ""), 10, 64)
	return v, err == nil
}

// spelled is a unit in the table's spelling.
func spelled(w string) string {
	w = strings.ToLower(w)
	if s, ok := spellings[w]; ok {
		return s
	}
	return w
}

func joinVals(vals []int64) string {
	parts := make([]string, len(vals))
	for i, v := range vals {
		parts[i] = strconv.FormatInt(v, 10)
	}
	return strings.Join(parts, " or ")
}

var (
	sentenceEndRE = regexp.MustCompile(`[.!?;](?:\s+|$)`)
	clauseEndRE   = regexp.MustCompile(`[.!?;,](?:\s+|$)|\s(?:and|but|so)\s`)
)

// thereAt are the places of "there" and "There" in text, at most n.
func thereAt(text string, n int) []int {
	var out []int
	for at := 0; len(out) < n; {
		i := strings.Index(text[at:], "here")
		if i < 0 {
			break
		}
		i += at
		at = i + len("here")
		if i > 0 && (text[i-1] == 't' || text[i-1] == 'T') && (i == 1 || !isLetter(text[i-2])) && (at == len(text) || !isLetter(text[at])) {
			out = append(out, i-1)
		}
	}
	return out
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// anyFrequencyWord reports a frequency word of freqRE in text, by plain
// search.
func anyFrequencyWord(text string) bool {
	for _, w := range []string{"eekly", "onthly", "uarterly", "nnually", "early", "ourly"} {
		if strings.Contains(text, w) {
			return true
		}
	}
	return false
}
