// Package frontend elaborates commands and whole files for leanprm's Lean simulators, as
// Lean's command elaborator and Frontend do: RunCommands reads a command string against an
// environment (import header, example, theorem, def, axiom, #eval, #print axioms, #check,
// set_option … in, open … in), runs their proofs with package tactic, recovers from parse
// errors as Lean does and returns the messages, sorries and the new environment; the REPL
// simulator (repl) serves it over JSON. ElaborateFile runs a whole file and returns what a
// language server reports (per-command messages, accomplished proofs, goals before and after
// each top-level tactic), which the language-server simulator (lsp) serves over JSON-RPC, so
// that the two simulators decide the same fragment the same way.
package frontend
