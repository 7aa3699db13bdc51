// Package replsim is a simulator of the Lean 4 REPL (leanprover-community/repl). It is not
// Lean and never claims to be: it runs no Lean code, has no kernel and checks no proofs
// beyond the small arithmetic fragment described below.
//
// It exists so that leanprm's REPL client, worker pool and scoring pipeline can be tested
// and benchmarked on machines without a Lean toolchain, including under injected faults.
// Verdicts that come from it are recorded with the checker name "sim", never "lean"
// (docs/CONTRACTS.md §2).
//
// # How it identifies itself
//
// `#eval Lean.versionString` answers with an info message whose data is the quoted string
// "<version>-leanprm-simulator" (for example "4.32.0-leanprm-simulator"; the version comes
// from -version, default DefaultVersion). Real Lean answers with its bare version. A client
// probes this at start-up and labels the peer accordingly. Pickle files the simulator
// writes are JSON documents marked "leanprm-simulator-pickle", not .olean files. Every error
// about something it does not model starts with "leanprm-simulator:" and says "this is a
// simulator, not Lean".
//
// # The protocol, byte for byte
//
// Input framing is the REPL's getLines: lines up to one that is blank after trimming, each
// with trailing whitespace removed, joined with nothing between them; a request starting
// with `#` or `--` is skipped; end of input ends the process with status 0. Requests are
// dispatched in the REPL's order (tactic, environment pickle, environment unpickle, proof
// state pickle, proof state unpickle, command, file) with Lean's FromJson rules. Replies
// are printed with a reimplementation of Lean's `Json.pretty` (80 columns, reverse
// lexicographic keys, Wadler-style groups that count the closing brackets after them),
// then an empty line, then a flush. Every reply recorded in shared/lean/transcripts is
// re-printed byte-identically by this printer (TestPrinterMatchesTranscripts), and 23 of the
// 38 transcripts are reproduced byte for byte by the simulator itself
// (TestTranscriptReplay lists the others and why they are out of scope). Malformed JSON,
// an unknown request, or a missing file ends the process as the REPL does:
// "uncaught exception: …" on stderr, status 1. Environment and proof state ids start at 0
// and only grow.
//
// # What it decides
//
// Commands in the obligation dialect of docs/CONTRACTS.md §1 and a little more:
//
//	example : P := by TAC
//	example : ¬(P) := by TAC
//	example (v1 : Rat) (h1 : v1 = T) : P := by subst_vars; TAC
//	theorem name … := by TAC        def name [: T] := term        #eval term
//
// where P combines relations (= ≠ < > ≤ ≥) of arithmetic terms (+ - * / % ^ ⁻¹, unary -,
// ascriptions such as (2 : Rat), scientific literals such as 2.5) with ∧ ∨ ¬ → ↔. Arithmetic
// is exact (math/big) with Lean's semantics: within a relation every leaf takes the largest
// type among its leaves (Nat < Int < Rat), unascribed numerals default to Nat and
// unascribed scientific literals to Float; Nat subtraction truncates, Nat division floors,
// Int division is Euclidean, and x / 0 = 0 in every type. Float claims and typing errors
// (Neg Nat, OfScientific Nat, …) fail the way Lean's elaborator fails.
//
// The deciding tactics are decide, decide +kernel, native_decide, rfl (equations only),
// trivial and, with Mathlib (-mathlib and `import Mathlib`), norm_num. A true closed claim is
// accepted with no message; a false one gets an error at the tactic's position. Huge
// numbers do not hang the simulator: exponents at or above 2^24 and results above 2^19
// bits fail with "(kernel) deep recursion detected" or "maximum recursion depth has been
// reached", and plain decide refuses exponents above Lean's exponentiation.threshold
// (256). Messages carry 1-based lines and 0-based code-point columns, like the REPL.
//
// Proof states work as in the REPL: `sorry` (as a tactic or a term) yields a "declaration
// uses `sorry`" warning and a sorries entry whose proof state accepts tactic requests. In
// tactic mode the simulator also runs subst_vars, exact, apply (Int.natAbs, Nat.succ, …),
// have, constructor, by_cases, case, next, all_goals, skip and done.
//
// # What it does not do
//
// It has no info trees (allTactics and infotree are accepted and ignored), no linters,
// no simp, omega, rw, induction or other general tactics (they are recognised and answered
// with a "not simulated" error), no function application, no universes or structures, and
// no #check or #print. Its Lean-shaped failure messages for decide, native_decide, rfl and
// norm_num follow Lean 4's wording as closely as known but were not checked against a real
// Lean: no recorded transcript contains one. Lean's goal printer wraps terms wider than 120
// columns; this one does not. Decide-family tactics accept true Rat claims, although real
// `decide` and `rfl` may get stuck on Rat's irreducible operations (PROTOCOL.md §3.2);
// use decide +kernel with real Lean.
//
// # Faults
//
// Options (and the equivalent flags of Main) inject latency, crashes (uncaught exception,
// stack overflow in the middle of a reply, or a segmentation-fault report), hangs that only
// an interrupt ends, garbage bytes, a half reply followed by exit, multi-megabyte valid
// replies and harmless stderr noise, at fixed points (-crash-after N, …) or at random with a
// seeded generator (-fault-rate P -seed S -faults crash,hang,…). AcceptAll makes a lying
// simulator that proves anything, for testing that a client's start-up probe rejects it.
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
// Server.Handle answers a single request without any transport; runCommands, the goal
// model and the tactic engine do not depend on the REPL's framing, so a language-server mode
// can reuse them for diagnostics and plain goals.
package replsim
