// Package dialect reads the obligation dialect, the sub-language of Lean that the translator
// emits (docs/CONTRACTS.md §1 and §1b), and decides it exactly.
//
// One parser reads the whole grammar. Its term grammar (sums, products, powers, ascribed
// literals, generated names) is written once, generic over the numbers a term stands for:
// exact rationals for closed declarations (Parse, which evaluates the Prop) and rational
// functions for the symbolic ∀ declarations of §1b (ParseForall). Decide is the exact
// checker's reading of an obligation's two lines, P and ¬(P): it parses the text Lean would
// see, never the translator's own tree, and it is a pure function of its four strings (so a
// cache may keep it). Validate says whether a line is in the dialect at all.
//
// The grammar is unambiguous without Lean's precedence table: a minus sign only starts a whole
// term, so "-a ^ 2" and "a * -b" never occur.
package dialect
