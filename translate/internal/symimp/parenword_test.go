package symimp

import (
	"regexp"
	"testing"
)

// TestHasWordAndParenMarkAreThePatterns holds HasWord and ParenMark to the
// patterns they stand for, on words at every kind of edge.
func TestHasWordAndParenMarkAreThePatterns(t *testing.T) {
	words := []string{"or", "and", "both", "listsep"}
	wordRE := regexp.MustCompile(`\b(or|and|both|listsep)\b`)
	parenRE := regexp.MustCompile(`\(\d+\)|\(\w\)`)
	for _, s := range []string{"", "or", "for", "or,", "(or)", "x or y", "_or", "or_", "2or", "oré", "éor", "both sides", "andor", "and",
		"listsep ", "(1)", "(12)", "(a)", "(ab)", "()", "(", "(1", "(_)", "((2)", "x(2)y", "(é)", "(1a)", "eq (3) and", "(", "a (", "(9"} {
		if got, want := HasWord(s, words...), wordRE.MatchString(s); got != want {
			t.Errorf("HasWord(%q) = %v, the pattern %v", s, got, want)
		}
		if got, want := ParenMark(s), parenRE.MatchString(s); got != want {
			t.Errorf("ParenMark(%q) = %v, the pattern %v", s, got, want)
		}
	}
}
