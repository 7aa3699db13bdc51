// Package replsim is a simulator of the Lean 4 REPL (leanprover-community/repl). It is not
// Lean and never claims to be: it runs no Lean code, has no kernel and checks no proofs
// beyond the small arithmetic fragment specified in docs/SIMULATORS.md.
//
// It exists so that leanprm's REPL client, worker pool and scoring pipeline can be tested
// and benchmarked on machines without a Lean toolchain, including under injected faults.
// Verdicts that come from it are recorded with the checker name "sim", never "lean"
// (docs/CONTRACTS.md §2).
//
// This package is the simulator's last stage, the REPL itself: the JSON-over-stdio server
// (framing, Lean's Json.pretty printer, request dispatch), its environments and proof states
// by id, pickles, the command-line flags and the fault injection (Serve, Main, Server). What
// a command means is decided by the stages below it, each a package of internal/leansim:
// syntax (lexer, parser, printer), elab (environments, goals, typing, exact evaluation),
// decide (omega and grind), tactic (tactics and proof terms) and frontend (commands and
// whole files). None of them imports anything from translate.
//
// What it decides and how (identification, the protocol byte for byte, the fragment of Lean,
// tactics and proof terms, #print axioms, #check, what it does not do, faults, whole files) is
// specified in docs/SIMULATORS.md.
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
