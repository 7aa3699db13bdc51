package symimp

import (
	"math/rand"
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

// TestAltAndListCueOnRandomText holds Alt and ListCue to their patterns on
// texts built at random from pieces of their words and marks.
func TestAltAndListCueOnRandomText(t *testing.T) {
	altRE := regexp.MustCompile(`\b(or|and|either|both|respectively|otherwise|listsep)\b|\(\d+\)|\(\w\)`)
	listRE := regexp.MustCompile(`\b(equations|pair|system|cases|following|given|two|three|both|each)\b`)
	pieces := []string{"or", "and", "f", "(", ")", "1", "23", "a", "_", " ", "é", "both", "pair", "s", "two", ",", "listsep", "given"}
	rng := rand.New(rand.NewSource(5))
	for n := 0; n < 20000; n++ {
		s := ""
		for k := rng.Intn(6); k >= 0; k-- {
			s += pieces[rng.Intn(len(pieces))]
		}
		if Alt(s) != altRE.MatchString(s) || ListCue(s) != listRE.MatchString(s) {
			t.Fatalf("%q: Alt %v ListCue %v, the patterns %v %v", s, Alt(s), ListCue(s), altRE.MatchString(s), listRE.MatchString(s))
		}
	}
}
