package gentext

import (
	"math/rand"
	"strings"
	"testing"
)

// TestJoined checks the counts and the pieces of the generated texts.
func TestJoined(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	seen := map[int]bool{}
	for i := 0; i < 2000; i++ {
		s := Joined(r, []string{"a", "b"}, []string{"-", "+"}, 3)
		n := len(strings.FieldsFunc(s, func(c rune) bool { return c == '-' || c == '+' }))
		if n < 1 || n > 3 || strings.Trim(s, "ab+-") != "" || len(s) != 2*n-1 {
			t.Fatalf("%q: %d words", s, n)
		}
		seen[n] = true
	}
	if len(seen) != 3 {
		t.Fatalf("word counts seen: %v, want 1, 2 and 3", seen)
	}
}
