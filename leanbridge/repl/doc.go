// Package repl talks to the Lean 4 REPL (leanprover-community/repl): JSON requests on its
// stdin, pretty-printed JSON replies on its stdout (../shared/lean/PROTOCOL.md §1). It frames
// and decodes the protocol, runs each REPL process in its own process group under a Worker
// that restarts, recycles and probes it, and puts N workers behind a bounded queue (Pool).
// Proof chains run step by step in tactic mode and are re-checked as a command. Its callers:
// the translator's Lean checker and proof chains in hybrid/formal, verify-proof's runner
// (leanbridge/verify), serve's snippets, and `leanprm lean repl`, all wired by internal/wire.
//
// The layers, proof chains, process lifecycle, failures and retries, state ids, headers,
// start-up probes and memory limits are in docs/REPL-CLIENT.md.
//
// # Example
//
// ExampleNewPool starts a pool on the Lake project and runs one command; ExamplePool_CheckChain
// judges a proof chain.
//
// To run the simulator instead of Lean, set Config.Command to its command line
// (`leanprm sim repl`); the pool's Backend is then "sim".
package repl
