// Package replsim is a simulator of the Lean 4 REPL (leanprover-community/repl), behind
// `leanprm sim repl`. It is not Lean and never claims to be: it runs no Lean code, has no
// kernel and decides only a small arithmetic fragment (the obligation dialect, omega over
// Nat and Int, grind's symbolic identities), failing with "not simulated" outside it — never
// with a false success. It exists so that leanprm's REPL client, worker pool and scoring
// pipeline can be tested and benchmarked without a Lean toolchain, including under injected
// faults; verdicts that come from it are recorded with the checker name "sim", never "lean"
// (docs/CONTRACTS.md §2), and its version string says "leanprm-simulator".
//
// This package is the simulator's last stage: the JSON-over-stdio server (framing, Lean's
// Json.pretty printer, request dispatch), environments and proof states by id, pickles, the
// command-line flags and the fault injection (Serve, Main, Server). What a command means is
// decided by the stages below it in internal/leansim — syntax, elab, decide, tactic and
// frontend — none of which imports anything from translate.
//
// The protocol byte for byte, the decided fragment, tactics and proof terms, #print axioms,
// #check, what it does not do, the faults and the whole-file mode the LSP simulator uses are
// in docs/REPL-SIMULATOR.md.
//
// # Usage
//
// As a process, through the leanprm binary:
//
//	leanprm sim repl -latency 5ms -fault-rate 0.1 -seed 7
//
// In a test, with in-memory streams:
//
//	in := strings.NewReader(`{"cmd": "example : (1 : Rat) / 2 < 1 := by decide +kernel"}` + "\n\n")
//	var out, errOut bytes.Buffer
//	status := replsim.Serve(ctx, in, &out, &errOut, replsim.Options{})
//	// out holds `{"env": 0}` and an empty line; status is 0.
//
// Server.Handle answers a single request without any transport.
package replsim
