package symbolic

import (
	"math/rand"
	"reflect"
	"strings"
	"testing"
)

// TestWordOpMatchesFindsEachVerb holds wordOpMatches' search of verbs (the
// next of each kept until passed) to a fresh search from each position.
func TestWordOpMatchesFindsEachVerb(t *testing.T) {
	fresh := func(text string) []int {
		var ks []int
		for from := 0; from < len(text); {
			i, j := strings.Index(text[from:], " is "), strings.Index(text[from:], " equals ")
			k := i
			if i < 0 || j >= 0 && j < i {
				k = j
			}
			if k < 0 {
				break
			}
			ks = append(ks, from+k)
			from += k + 3
		}
		return ks
	}
	kept := func(text string) []int {
		var ks []int
		is, eq := strings.Index(text, " is "), strings.Index(text, " equals ")
		for from := 0; from < len(text); {
			is, eq = nextAt(text, from, " is ", is), nextAt(text, from, " equals ", eq)
			k := is
			if k < 0 || eq >= 0 && eq < k {
				k = eq
			}
			if k < 0 {
				break
			}
			ks = append(ks, k)
			from = k + 3
		}
		return ks
	}
	pieces := []string{" is ", " equals ", "is", " ", "x", "half of 4 is 2", " is is ", "s "}
	rng := rand.New(rand.NewSource(13))
	for n := 0; n < 20000; n++ {
		s := ""
		for k := rng.Intn(8); k >= 0; k-- {
			s += pieces[rng.Intn(len(pieces))]
		}
		if a, b := fresh(s), kept(s); !reflect.DeepEqual(a, b) {
			t.Fatalf("%q: fresh %v, kept %v", s, a, b)
		}
	}
}
