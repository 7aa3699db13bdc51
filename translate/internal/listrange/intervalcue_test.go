package listrange

import (
	"math/rand"
	"strings"
	"testing"
)

// TestIntervalCue holds intervalCue to intervalRE: on random text made of
// the pattern's pieces, a match is never missed by the pre-check.
func TestIntervalCue(t *testing.T) {
	slots := [][]string{
		{"", "the ", "x"},
		{"integers", "integer", "integersx", "Integers"},
		{" ", "\n ", "", "_"},
		{"", "that are ", "that lie ", "that  "},
		{"in", "within", "inside", "on", "i"},
		{" ", "", "\t"},
		{"", "the ", "open ", "range", "interval"},
		{"(", "[", "", "x"},
		{"4, 12.25)", "-1,3]", "4 12)"},
	}
	r := rand.New(rand.NewSource(1))
	hits := 0
	for n := 0; n < 100000; n++ {
		var b strings.Builder
		for _, sl := range slots {
			b.WriteString(sl[r.Intn(len(sl))])
		}
		low := b.String()
		if intervalRE.MatchString(low) {
			hits++
			if !intervalCue(low) {
				t.Fatalf("intervalCue(%q) = false, intervalRE matches", low)
			}
		}
	}
	if hits < 100 || intervalCue("the integers are 1, 2") {
		t.Fatalf("hits %d", hits)
	}
}
