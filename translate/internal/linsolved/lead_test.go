package linsolved

import (
	"regexp"
	"testing"
)

// TestEndsStating checks endsStating against the patterns it replaces.
func TestEndsStating(t *testing.T) {
	endRE := regexp.MustCompile(`(?:[:,]|\b(?:get|find|obtain|have|gives?|giving|yields?|so|then|thus|hence|therefore))\s*$`)
	eqLeadRE := regexp.MustCompile(`(?:^|[:,]|\b(?:write|written|equation|is|get|gives?|giving|have|obtain|find|so|then|thus|hence|therefore|becomes|to|us|yields?|means))\s*$`)
	for _, s := range []string{"", " ", "\f\t", "we get", "we get ", "we get:\n", "forget", "for_get ", "x,", "gives", "give", "yield ", "yields", "itis", "this is", "is", "to", "into", "1so", "é so", "éso", "so\u00a0", "we have\r", "so we can write ", "3 times"} {
		if got, want := endsStating(s, false, valueEnds), endRE.MatchString(s); got != want {
			t.Errorf("endsStating(%q, false) = %v, want %v", s, got, want)
		}
		if got, want := endsStating(s, true, equationEnds), eqLeadRE.MatchString(s); got != want {
			t.Errorf("endsStating(%q, true) = %v, want %v", s, got, want)
		}
	}
}
