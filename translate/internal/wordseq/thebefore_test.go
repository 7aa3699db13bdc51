package wordseq

import (
	"math/rand"
	"strings"
	"testing"
)

// TestTheBefore holds theBefore to ordinalRE: on random text made of the
// pattern's pieces, ending before a "term", a match is never missed by
// the pre-check.
func TestTheBefore(t *testing.T) {
	slots := [][]string{
		{"", "x", " ", "_", "é"},
		{"the", "then", "he", "The"},
		{" ", "  ", "\n", ""},
		{"sixth", "tenth", "3rd", "12-th", "x", "six", "3 rd"},
		{" ", "\t ", "", "\n"},
	}
	r := rand.New(rand.NewSource(1))
	hits := 0
	for n := 0; n < 100000; n++ {
		var b strings.Builder
		for _, sl := range slots {
			b.WriteString(sl[r.Intn(len(sl))])
		}
		low := b.String()
		if ordinalRE.MatchString(low) {
			hits++
			if !theBefore(low, len(low)) {
				t.Fatalf("theBefore(%q) = false, ordinalRE matches", low)
			}
		}
	}
	if hits < 100 || theBefore("determine the ", len("determine the ")) {
		t.Fatalf("hits %d", hits)
	}
}
