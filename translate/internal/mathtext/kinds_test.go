package mathtext

import "testing"

// TestKinds checks that a word in several sets carries the bit of each, in the sets' order, and
// that a word in none, of any shape, has none.
func TestKinds(t *testing.T) {
	k := Kinds(Set("if", "so"), Set("so"), map[string]bool{"not": false, "if": true})
	if k.Get("if") != 0b101 || k.Get("so") != 0b011 || k.Get("not") != 0 || len(k.m) != 2 {
		t.Fatalf("Kinds = %v", k.m)
	}
	for _, w := range []string{"", "i", "f", "is", "of", "sox", "iff", "IF", "if "} {
		if got := k.Get(w); got != 0 {
			t.Errorf("Get(%q) = %b, want 0", w, got)
		}
	}
	// Every word of every set is found through the shape filter.
	for w, want := range wordKinds.m {
		if got := wordKinds.Get(w); got != want {
			t.Errorf("wordKinds.Get(%q) = %b, want %b", w, got, want)
		}
	}
}
