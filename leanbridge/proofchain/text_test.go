package proofchain

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Assemble indents every step by two spaces, keeps a step's continuation lines relative to
// its first line and its blank lines (trailing ones too) empty, and reports each step's lines; ProofText puts the
// preamble first and reads a bare proposition as an example.
func TestAssemble(t *testing.T) {
	text, spans := Assemble("theorem t (p : Prop) (hp : p) :\n    p ∧ p", []string{"constructor", "· exact hp\n\n  ", "next =>\n  exact hp  "})
	const want = "theorem t (p : Prop) (hp : p) :\n    p ∧ p := by\n  constructor\n  · exact hp\n\n\n  next =>\n    exact hp\n"
	assert.Equal(t, want, text, "text")
	assert.Equal(t, [][2]int{{2, 2}, {3, 5}, {6, 7}}, spans, "spans")
	got := ProofText(Chain{Preamble: "open Nat\n", Statement: "2 + 2 = 4 := by", Steps: []string{"decide"}})
	assert.Equal(t, "open Nat\n\nexample : 2 + 2 = 4 := by\n  decide\n", got, "ProofText")
}
