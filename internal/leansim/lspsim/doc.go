// Package lspsim is a simulator of the Lean 4 language server, behind `leanprm sim lsp`, for
// tests. It is not Lean and proves nothing: it speaks the server's wire protocol (LSP base
// framing, Content-Length headers, compact JSON; PROTOCOL.md §2) and elaborates files with
// the REPL simulator's engine (frontend.ElaborateFile), so that leanprm's language-server
// client (leanbridge/lsp) can be tested without a Lean toolchain, including faults a real
// server produces only rarely, and so that the same proof gets the same verdicts through
// either simulator. It announces itself in initialize's serverInfo as
// {"name": "leanprm LSP simulator"}; verdicts obtained through it are labelled "sim", never
// "lean".
//
// Its protocol behaviour, what it publishes for each command, $/lean/plainGoal, and the
// faults it injects are in docs/LSP-SIMULATOR.md; the fragment it decides is the REPL
// simulator's (docs/REPL-SIMULATOR.md).
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
