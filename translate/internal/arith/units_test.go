package arith

import (
	"regexp"
	"testing"
)

// TestLeadingZero checks leadingZero against the pattern it reads.
func TestLeadingZero(t *testing.T) {
	re := regexp.MustCompile(`(?:^|[^0-9.,])0[0-9]{2,}`)
	for _, s := range []string{"", "0", "00", "000", "0900 - 0130", "10900", "1.0900", "1,090", "x 090", "é090", "\xff090", "0.090", "a07", "a007", "=0012", "100 + 200"} {
		if got, want := leadingZero(s), re.MatchString(s); got != want {
			t.Errorf("leadingZero(%q) = %v, want %v", s, got, want)
		}
	}
}
