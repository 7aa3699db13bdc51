package symimp

import (
	"math/rand"
	"strings"
	"testing"
	"unicode"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
)

// TestLowerToASCII holds LowerHasAny's premise: outside ASCII only İ and
// the Kelvin sign lower to ASCII.
func TestLowerToASCII(t *testing.T) {
	for r := rune(0x80); r <= unicode.MaxRune; r++ {
		if l := unicode.ToLower(r); l < 0x80 && r != 0x130 && r != 0x212A {
			t.Fatalf("%U lowers to %q", r, l)
		}
	}
}

// TestLowerHasAny holds LowerHasAny to mathtext.HasAny on the lowered
// text, on generated texts with capitals, runes outside ASCII and bytes
// that are no rune.
func TestLowerHasAny(t *testing.T) {
	parts := []string{"Solv", "solv", "SOLVING", "we", "We", " ", "get", "GeT", "giv", "İ", "K", "ſ", "é", "É", "\xc4", "\xb0", "\xe2\x84", "\xaa", "x", "=", "yield", "comPut", "s", "o", "lv", "İs"}
	words := []string{"solv", "we get", "giv", "yield", "comput", "is", "k", "ok"}
	r := rand.New(rand.NewSource(1))
	found := 0
	for i := 0; i < 200000; i++ {
		var sb strings.Builder
		for n := r.Intn(8); n >= 0; n-- {
			sb.WriteString(parts[r.Intn(len(parts))])
		}
		s := sb.String()
		ws := words[r.Intn(len(words)):]
		want := mathtext.HasAny(strings.ToLower(s), ws...)
		if got := LowerHasAny(s, ws...); got != want {
			t.Fatalf("%q %q: %v, want %v", s, ws, got, want)
		}
		if want {
			found++
		}
	}
	if found == 0 {
		t.Fatal("no generated text holds a word")
	}
	long := strings.Repeat("A", lowerBuf) + "SOLV"
	if !LowerHasAny(long, "solv") || LowerHasAny(long, "xyz") {
		t.Fatal("a long text")
	}
}
