package mathtext

import "testing"

// TestKinds checks that a word in several sets carries the bit of each, in the sets' order.
func TestKinds(t *testing.T) {
	k := Kinds(Set("if", "so"), Set("so"), map[string]bool{"not": false, "if": true})
	if k["if"] != 0b101 || k["so"] != 0b011 || k["not"] != 0 || len(k) != 2 {
		t.Fatalf("Kinds = %v", k)
	}
}
