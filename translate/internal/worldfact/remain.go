package worldfact

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
)

// The parts of a year (docs/TRANSLATE.md, "The first and the remaining days of a year"): "the
// first 180 days and the remaining 185 days of the year" splits one year in two, so the two
// counts add up to the days of a year (365, or 366 in a leap year) or to its 12 months. The
// claim read is the remaining count; it is read only when its sentence names exactly the two
// parts (no other count of the same unit stands between them: "the first 90 days, the next 90
// days and the remaining 185 days of the year" has three), and never when the step or the
// problem speaks of a year of its own (a school, work or fiscal year, a season, a term).

// remainRE is the remaining part: "the remaining|other N days|months of the|that|this year".
var remainRE = spaced(`\b(?:remaining|other) ` + num + ` (days|months) (?:of|in) (?:the|that|this) year\b`)

// firstRE is the first part, before it in its sentence: "the first M days|months".
var firstRE = spaced(`\bfirst ` + num + ` (days|months)\b`)

// countRE is any count of days or months, to find a third part between the two.
var countRE = spaced(`\b` + num + ` (days|months)\b`)

// ownYearRE is a year of the problem's or the chain's own count.
var ownYearRE = regexp.MustCompile(`\b(?:school|work|working|business|academic|fiscal|financial|season|seasons|semester|term|calendar|leap|planet)\b|\d+[- ]days? (?:a|per|in a|each) year|\d+[- ]day year`)

// yearKey is the conventions' key of a problem that counts a year of its own (Conventions).
const yearKey = "parts/year"

// remainClaims finds the remaining parts of a year in low (plain's text).
func remainClaims(low string, out []claim) []claim {
	if ownYearRE.MatchString(low) {
		return out
	}
	for _, m := range remainRE.FindAllStringSubmatchIndex(low, 8) {
		unit := low[m[4]:m[5]]
		said, ok := numberAt(low, m[2], m[3])
		if !ok || remainVetoed(low, m[0]) {
			continue
		}
		a := m[0]
		for a > 0 && !strings.ContainsRune(".!?\n", rune(low[a-1])) {
			a--
		}
		before := low[a:m[0]]
		firsts := firstRE.FindAllStringSubmatchIndex(before, -1)
		if len(firsts) != 1 || before[firsts[0][4]:firsts[0][5]] != unit {
			continue
		}
		f := firsts[0]
		if len(countRE.FindAllStringIndex(before[f[1]:], -1)) > 0 {
			continue // a third part stands between the two
		}
		first, ok := numberAt(before, f[2], f[3])
		if !ok {
			continue
		}
		whole := []int{365, 366}
		if unit == "months" {
			whole = []int{12}
		}
		var allow []int
		for _, w := range whole {
			if w > first {
				allow = append(allow, w-first)
			}
		}
		if len(allow) == 0 {
			continue
		}
		out = append(out, claim{s: m[2], e: m[3], said: said, allow: allow,
			what: fmt.Sprintf("the %s of the year after the first %d", unit, first),
			fact: fmt.Sprintf("a year has %s %s, so %s remain after the first %d", joinInts(whole), unit, joinInts(allow), first), key: yearKey})
	}
	return out
}

// planRE is a plan of the text before a colon ("let's break the year into two parts:"), which
// announces the parts that follow rather than supposing them.
var planRE = regexp.MustCompile(`\blet'?s\b|\blet us\b`)

// remainVetoed reports vetoRE in the claim's sentence before it or in the rest of its clause; a
// plan before a colon ("First, let's split it in two: …") is no veto, other words there are.
func remainVetoed(low string, at int) bool {
	a := at
	for a > 0 && !strings.ContainsRune(".!?\n", rune(low[a-1])) {
		a--
	}
	c := strings.LastIndexByte(low[a:at], ':')
	if c < 0 {
		return vetoed(low, at)
	}
	if vetoRE.MatchString(planRE.ReplaceAllString(low[a:a+c], " ")) {
		return true
	}
	rest := low[at:]
	if i := strings.IndexAny(rest, ".!?\n,;"); i >= 0 {
		rest = rest[:i]
	}
	return vetoRE.MatchString(low[a+c+1:at]) || vetoRE.MatchString(rest)
}

// remainWords are the words every remaining part needs.
func remainWords(low string) bool {
	return strings.Contains(low, "first") && strings.Contains(low, " year") && mathtext.HasAny(low, "remaining", "other")
}
