// Package lspsim is a SIMULATOR of the Lean 4 language server, for tests. It is not Lean and
// proves nothing: it speaks the server's wire protocol (LSP base framing, Content-Length
// headers, compact JSON; PROTOCOL.md §2) and elaborates files with the REPL simulator's
// engine (frontend.ElaborateFile), so that leanprm's language-server client (leanbridge/lsp)
// can be tested without a Lean toolchain, including faults that a real server produces only
// rarely, and so that the same proof gets the same verdicts through either simulator. It
// announces itself in initialize's serverInfo as {"name": "leanprm LSP simulator"}, and
// verdicts obtained through it must be labelled "sim", never "lean".
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
// # What it elaborates
//
// Exactly what replsim decides, decided by the same code, package frontend (see
// docs/SIMULATORS.md for the fragment: imports, declarations, the tactics and proof terms
// it carries out, the "not simulated" errors outside them, and Lean's error recovery). Mathlib is always
// available (`import Mathlib…` enables ℕ ℤ ℚ and norm_num), and so are the modules of
// lean-project (LeanPRM, REPL); any other import is fatal. This package only translates:
//
//   - each command's messages become diagnostics, published cumulatively after each command,
//     with 0-based lines and UTF-16 columns (the elaborator counts code points), severity
//     1 error, 2 warning, 3 information, source "Lean 4";
//   - "unsolved goals" errors get leanTags [1]; a declaration whose tactic proof finished
//     without error or sorry gets the silent "Goals accomplished!" (leanTags [2], range its
//     first line, fullRange the declaration) for clients that advertise
//     silentDiagnosticSupport;
//   - $/lean/plainGoal at a position answers frontend.FileResult.GoalsAt: inside a top-level
//     tactic the goals before it, at or after its end on its last line the goals after it,
//     before the first tactic of a line the goals before that tactic; null elsewhere and at a
//     tactic that failed, never ran or did not parse. At the end of a line whose last tactic
//     is nested (`· omega`), the answer is the goals after the enclosing top-level tactic,
//     which is what the REPL backend reports for that step; real Lean may show the nested
//     tactic's goals there.
//
// Messages other than "unsolved goals", "declaration uses `sorry`" and "Unknown identifier"
// are approximations of Lean's wording: do not match on them.
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
