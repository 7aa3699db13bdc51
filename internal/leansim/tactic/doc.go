// Package tactic is the simulators' tactic interpreter and proof checker. A ProofRun carries
// out a tactic block on goals as Lean does for the simulated fragment (decide and its
// relatives, omega and grind through package decide, subst, intro, constructor, cases on
// hypotheses with obtain and rcases, rw, exact, apply, have, combinators such as <;>, try and
// case), checks proof terms against their propositions (core lemmas, ⟨…⟩, fun, projections,
// first-order unification of implicit arguments), and records what a REPL reports: messages,
// sorries with their goals, and the axioms a proof used. Every tactic outside the fragment
// fails with "not simulated", never with a false success. Commands that contain proofs are
// elaborated by package frontend.
package tactic
