// Package lspsim is a SIMULATOR of the Lean 4 language server, for tests. It is not Lean and
// proves nothing: it speaks the server's wire protocol (LSP base framing, Content-Length
// headers, compact JSON; PROTOCOL.md §2) and "elaborates" a tiny, documented fragment of
// Lean with a few Go functions, so that leanprm's language-server client
// (leanbridge/lsp) can be tested without a Lean toolchain, including faults that a real
// server produces only rarely. It announces itself in initialize's serverInfo as
// {"name": "leanprm LSP simulator"}, and verdicts obtained through it must be labelled
// "sim", never "lean".
//
// # Protocol behaviour
//
//   - The first message must be the initialize request and the second the initialized
//     notification; anything else ends the process with status 1 and "Watchdog error: …" on
//     stderr, like the real watchdog. After initialized it sends the request
//     client/registerCapability with the string id "register_lean_watcher".
//   - didOpen/didChange (full text or range edits, UTF-16 positions): it publishes
//     $/lean/fileProgress from the top, then cumulative textDocument/publishDiagnostics after
//     each command (the final list is published twice, as Lean does), then fileProgress
//     `processing: []` — or kind 2 (fatal) after an unknown import. Then it sends
//     workspace/semanticTokens/refresh, workspace/inlayHint/refresh and one unknown request,
//     $/leanprm/simulatorProbe, which a client must answer too.
//   - textDocument/waitForDiagnostics is answered {} once the requested version's final
//     diagnostics are out (held while that version has not arrived); $/lean/plainGoal is
//     answered {rendered, goals} or null; requests about closed files get -32801;
//     $/cancelRequest answers a held request with -32800; unknown requests get -32601.
//   - shutdown is answered null; then exit (or end of input) ends the process with status 0
//     — or 3 if some server→client request was never answered, so tests can check that the
//     client answers them.
//
// # What it "elaborates"
//
// A file is an optional header of `import` lines (modules under Init, Lean, Std, Lake,
// Mathlib, Batteries, Aesop, LeanPRM or REPL; any other is fatal; `import Mathlib…` enables
// ℕ ℤ ℚ and norm_num), then declarations
//
//	theorem NAME (BINDERS) : STATEMENT := by TACTIC
//	  TACTIC; TACTIC
//	  TACTIC
//
// (also `lemma`, and `example` without a name), the statement on the header line, tactics
// after `by` and on the following indented lines, `;` separating tactics on a line. `--` and
// `/- -/` comments are ignored. Binders are `(x y : Nat|Int|Rat|Prop)` or hypotheses
// `(h : PROP)`. Propositions: True, False, ¬ ∧ ∨ → ↔, `∀ x : T, …`, propositional variables,
// and comparisons = ≠ < ≤ > ≥ of terms built from numerals (decimals only in Rat), variables,
// + - * / % ^ and unary minus, with type ascriptions `(2 : Rat)`; the comparison's type is the
// first ascribed or variable type found, else Nat. Arithmetic is Lean's: Nat subtraction
// truncates, Nat/Int division is Euclidean, x / 0 = 0.
//
// Tactics decided (on the first goal):
//
//   - decide: closed goals over Nat/Int, and Rat comparisons of bare numerals; it FAILS on Rat
//     arithmetic (+ - * / ^), as core Lean's decide does (Rat operations are irreducible);
//   - decide +kernel, native_decide: any closed goal; omega: closed Nat/Int goals;
//   - norm_num (only with a Mathlib import): closed goals; a false one leaves the goal False;
//   - rfl, exact rfl: syntactically equal sides, or true closed Nat/Int equalities;
//   - trivial (True or a true closed goal), intro [names], intros, constructor (∧, ↔, True),
//     left, right, exfalso, assumption, exact with a hypothesis, an application `h a`, or an
//     anonymous constructor ⟨a, b, …⟩ (∧, ↔, True), apply h, done, skip;
//   - sorry, admit: close the goal; the declaration then gets the warning
//     "declaration uses `sorry`" at its name.
//
// A false closed claim, an unknown tactic ("unknown tactic") and an unknown name
// ("Unknown identifier `x`") are errors at the offending token's UTF-16 range. As in Lean,
// a failing tactic ends the proof (later tactics are not run, and no "unsolved goals" is
// added) — except an unknown name inside `exact`, which Lean logs and recovers from: the
// goal is closed and the proof goes on. Goals left at the end give "unsolved goals"
// (leanTags [1]) from `by` to the end of the proof, and a proof without errors or sorry gives
// the silent "Goals accomplished!" (leanTags [2]) to clients that advertise
// silentDiagnosticSupport. Messages other than
// "unsolved goals", "declaration uses `sorry`" and "Unknown identifier" are approximations of
// Lean's wording: do not match on them.
//
// plainGoal at a position answers the goals after the tactic that ends at or before it on
// that line, or the goals before the tactic it is inside; null elsewhere and after a tactic
// that failed or never ran.
//
// # Faults
//
//	-latency D              wait D before every reply and every publishDiagnostics
//	-crash-after N          handle N client messages (requests and notifications; responses
//	                        do not count), then exit with status 1 on the next one; on a
//	                        didOpen/didChange it first publishes the start of the file
//	-hang-after N           handle N client messages, then never write again (still reading)
//	-garbage-frame-after N  handle N client messages, then write "Content-Length: 12x" before
//	                        handling the next
//	-out-of-order           hold replies while more input is already waiting, then write the
//	                        held ones newest first (legal JSON-RPC: ids must be matched)
//	-worker-crash           the first elaboration stops after the first command; the next
//	                        request on that document gets -32902, then fileProgress kind 2;
//	                        requests wait until a didChange restarts the worker, as in Lean
//	-stubborn               ignore SIGINT and stay alive at end of input (for a separate
//	                        process only: it exercises a client's kill path)
//
// # Example
//
// A test binary can serve as the simulator process (the gopls cmd/integration_test.go
// pattern):
//
//	func TestMain(m *testing.M) {
//		if os.Getenv("LEANPRM_LSPSIM") == "1" {
//			os.Exit(lspsim.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
//		}
//		os.Exit(m.Run())
//	}
//
// and then lsp.Start(ctx, lsp.Options{Command: []string{os.Args[0], "-latency", "5ms"},
// Env: []string{"LEANPRM_LSPSIM=1"}}).
package lspsim
