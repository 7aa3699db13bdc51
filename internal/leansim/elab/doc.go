// Package elab is the second stage of leanprm's Lean simulators: elaboration of the terms and
// propositions that syntax parsed. It holds environments (Env: imports, definitions, theorems,
// open namespaces; immutable once stored), goals and local contexts (Goal, Hyp, with Lean's
// goal display and inaccessible names), name resolution and typing (Scope: every leaf of an
// arithmetic tree at the largest type among them, as Lean's binop% elaborator does, casts,
// defaults to Nat, Lean's typing errors), exact evaluation with Lean's semantics (Evaluator:
// truncated Nat subtraction, x / 0 = 0, bounds that keep hostile numbers cheap) and the table
// of core lemmas that proof terms may cite (library.go). Tactics, proof checking and commands
// are in tactic and frontend; the decision procedures they call are in decide.
package elab
