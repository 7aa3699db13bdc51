// Package gentext generates text for the tests that hold a hand-written scanner to the
// regular expression it stands in for: words and their near misses joined at random, so
// that the two are compared on many more texts than a table of examples would hold.
package gentext

import (
	"math/rand"
	"strings"
)

// Joined returns one to most words drawn from words, each after the first preceded by a
// separator drawn from seps. The same r gives the same texts.
func Joined(r *rand.Rand, words, seps []string, most int) string {
	var b strings.Builder
	for j := 0; j < 1+r.Intn(most); j++ {
		if j > 0 {
			b.WriteString(seps[r.Intn(len(seps))])
		}
		b.WriteString(words[r.Intn(len(words))])
	}
	return b.String()
}
