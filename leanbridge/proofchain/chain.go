package proofchain

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// Chain is a formal proof chain: a theorem statement and the tactic steps that prove it, in
// order. Its JSON form is {"statement": …, "steps": […], "header"?: …, "preamble"?: …}.
type Chain struct {
	// Header is the import lines the chain runs under ("import Mathlib"); "" is the prelude.
	Header string `json:"header,omitempty"`
	// Preamble is Lean commands that go before the theorem (open …, helper lemmas). It is
	// elaborated with the statement and again with the assembled proof.
	Preamble string `json:"preamble,omitempty"`
	// Statement is the declaration without its proof: "theorem t (a : Nat) (h : a = 2) :
	// a + 1 = 3". A trailing ":=", ":= by" or ":= by sorry" is dropped; a statement that
	// does not start with theorem, lemma or example (after modifiers, attributes and
	// `set_option … in`) is read as a proposition, "example : <Statement>".
	Statement string `json:"statement"`
	// Steps are the tactics, each one top-level tactic of the proof. A step may span several
	// lines (nested blocks); its lines keep their indentation relative to its first line.
	Steps []string `json:"steps"`
}

// ErrInvalid matches errors about a chain's input (Parse, FromSource,
// CheckChain before anything is sent).
var ErrInvalid = errors.New("leanbridge: invalid proof chain")

func errorf(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrInvalid, fmt.Sprintf(format, args...))
}

// Parse reads a chain's JSON form. Unknown members are an error, so that a misspelt
// "steps" does not silently give an empty chain.
func Parse(data []byte) (Chain, error) {
	var ch Chain
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&ch); err != nil {
		return Chain{}, errorf("%v", err)
	}
	if dec.More() {
		return Chain{}, errorf("trailing data after the chain object")
	}
	return ch, ch.Validate()
}

// Validate checks that the chain has a statement and steps, and that no step is blank.
func (ch Chain) Validate() error {
	if strings.TrimSpace(ch.Statement) == "" {
		return errorf("the chain has no statement")
	}
	if len(ch.Steps) == 0 {
		return errorf("the chain has no steps")
	}
	for i, s := range ch.Steps {
		if strings.TrimSpace(s) == "" {
			return errorf("step %d is blank", i)
		}
	}
	return nil
}
