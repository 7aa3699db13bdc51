// Package proofchain is one model of a formal proof (Chain), one verdict (Result, Step,
// Status, Message), and the Checker that repl.Pool, repl.Worker and lsp.Client
// implement. The agreement test runs one suite through both backends on their simulators and
// requires identical per-step verdicts.
//
// A Chain is a theorem statement and its tactic steps: Parse reads its JSON form
// ({"statement", "steps", "header"?, "preamble"?}), FromSource the `by` block of a theorem in
// a Lean file, split into top-level tactics the way Lean's tactic-sequence parser reads them.
// StatementCommand and ProofText assemble what the REPL client sends. ErrInvalid matches every
// error about a chain's input; *Error is a checker that failed, with no verdict.
package proofchain
