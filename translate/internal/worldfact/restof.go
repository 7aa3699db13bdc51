package worldfact

import (
	"fmt"
	"regexp"
	"strings"
)

// restRE is a whole of time split in two: its first N units and the
// remaining M ("the first 180 days and the remaining 185 days of the
// year", "in the first 4 months of the year, … for the remaining 8
// months"). Groups: N, its unit, the whole named after it; the words
// between (no digit, no end of clause); M, its unit, the whole named after
// it. The words between (no end of a sentence or clause but a comma) are
// checked in restClaims.
var restRE = spaced(`\bfirst ` + num + ` (days|months|hours|minutes|seconds)(?: (?:of|in) (?:the|a|an|this|that|each|every) (year|day|hour|minute|week))?` +
	`([a-z0-9$,' ]{0,60}?)\b(?:(?:for|in|during|over|on) )?(?:the )?remaining ` + num + ` (days|months|hours|minutes|seconds)` +
	`(?: (?:of|in) (?:the|a|an|this|that|each|every) (year|day|hour|minute|week))?`)

// wholeCounts is how many of a unit make a whole: the counts a split of
// the whole must add up to.
var wholeCounts = map[[2]string][]int{
	{"days", "year"}: {365, 366}, {"months", "year"}: {12}, {"hours", "day"}: {24}, {"minutes", "hour"}: {60},
	{"seconds", "minute"}: {60}, {"days", "week"}: {7},
}

// restWordRE in the words between the two parts: another whole or another
// reference ("of training", "in the other"), or another count of time ("10
// days later"), which may make the first part one of something else.
var restWordRE = regexp.MustCompile(`\b(?:of|in|other|another|next|last|after|before|then|later|\d+ (?:days|weeks|months|years|hours|minutes|seconds))\b`)

// restClaims reads the splits of a whole of time in low: the remaining
// part is claimed to be the whole less the first.
func restClaims(low string, out []claim) []claim {
	for _, m := range restRE.FindAllStringSubmatchIndex(low, -1) {
		group := func(k int) string {
			if m[2*k] < 0 {
				return ""
			}
			return low[m[2*k]:m[2*k+1]]
		}
		unit, whole1, between, unit2, whole2 := group(2), group(3), group(4), group(6), group(7)
		whole := whole1
		if whole == "" {
			whole = whole2
		}
		if unit != unit2 || whole == "" || whole1 != "" && whole2 != "" && whole1 != whole2 || restWordRE.MatchString(between) ||
			restVetoed(low, m[0], m[1]) {
			continue
		}
		counts, ok := wholeCounts[[2]string{unit, whole}]
		first, ok1 := numberAt(low, m[2], m[3])
		said, ok2 := numberAt(low, m[10], m[11])
		if !ok || !ok1 || !ok2 || first >= counts[0] {
			continue
		}
		allow := make([]int, len(counts))
		for k, c := range counts {
			allow[k] = c - first
		}
		out = append(out, claim{s: m[10], e: m[11], said: said, allow: allow,
			what: fmt.Sprintf("the %s of a %s after the first %d", unit, whole, first),
			fact: fmt.Sprintf("a %s has %s %s, so %s remain after the first %d", whole, joinInts(counts), unit, joinInts(allow), first),
			key:  unit + "/" + whole})
	}
	return out
}

// restVetoed reports vetoRE in the clause of the split low[s:e] before it
// (back to the end of a sentence or a colon: "Let's break it into two
// parts: the first …" states the split) or in the rest of its clause.
func restVetoed(low string, s, e int) bool {
	a := s
	for a > 0 && !strings.ContainsRune(".!?\n:", rune(low[a-1])) {
		a--
	}
	rest := low[e:]
	if i := strings.IndexAny(rest, ".!?\n,;"); i >= 0 {
		rest = rest[:i]
	}
	return vetoRE.MatchString(low[a:s]) || vetoRE.MatchString(rest)
}
