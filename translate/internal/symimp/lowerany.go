package symimp

import (
	"bytes"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
)

// lowerBuf is the longest text LowerHasAny lowers on the stack: a short
// gap between two expressions gains (a benchmark: 455 → 188 ns on a gap of
// 31 bytes with 17 stems), a whole step does not (marking each pair costs
// what the copy saves), and it is lowered as before.
const lowerBuf = 256

// LowerHasAny is mathtext.HasAny(strings.ToLower(s), words...) for words
// of lower-case ASCII, without a lowered copy of s on the heap. Outside
// ASCII only İ (U+0130) and the Kelvin sign (U+212A) lower to ASCII (a
// test holds it for every rune); every other rune, and every byte that is
// no rune, lowers to bytes outside ASCII. So the ASCII bytes of the
// lowered text are those of s, in order, with the same neighbours, and a
// word of ASCII is in it exactly when it is in s with its ASCII capitals
// lowered. A text with either of the two runes, or too long for the
// buffer, is lowered as strings.ToLower does.
func LowerHasAny(s string, words ...string) bool {
	if len(s) > lowerBuf {
		return mathtext.HasAny(strings.ToLower(s), words...)
	}
	var buf [lowerBuf]byte
	var pairs [64]uint64 // the pairs of adjacent bytes of the lowered text, hashed to 4096 bits
	b := buf[:len(s)]
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		case c == 0xC4 && i+1 < len(s) && s[i+1] == 0xB0, c == 0xE2 && strings.HasPrefix(s[i+1:], "\x84\xaa"):
			return mathtext.HasAny(strings.ToLower(s), words...) // İ or K
		}
		b[i] = c
		if i > 0 {
			h := pairBit(b[i-1], c)
			pairs[h>>6] |= 1 << (h & 63)
		}
	}
	for _, w := range words {
		if mayHold(&pairs, w) && bytes.Contains(b, []byte(w)) {
			return true
		}
	}
	return false
}

// pairBit is the bit of the pair of adjacent bytes a, b (two pairs may
// share one).
func pairBit(a, b byte) uint { return (uint(a)*31 + uint(b)) & 4095 }

// mayHold reports every pair of adjacent bytes of w marked in pairs: false
// only when w is in no text whose pairs were marked.
func mayHold(pairs *[64]uint64, w string) bool {
	for i := 1; i < len(w); i++ {
		if h := pairBit(w[i-1], w[i]); pairs[h>>6]&(1<<(h&63)) == 0 {
			return false
		}
	}
	return true
}
