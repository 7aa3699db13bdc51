package translate

import "github.com/leanprm/leanprm/translate/internal/dialect"

// The obligation dialect (docs/CONTRACTS.md §1 and §1b) is the sub-language of Lean this
// package emits; translate/internal/dialect reads it with one parser and decides it exactly,
// so the exact checker decides the text that Lean sees, not the translator's own tree.

// ValidateDeclaration reports whether line is one declaration of the
// dialect closed by tactic.
func ValidateDeclaration(line, tactic string) error {
	return dialect.Validate(line, tactic)
}
