// Package lsp is a client for the Lean 4 language server (`lake serve`), the second way
// leanprm checks formal steps besides the REPL (package leanbridge/repl).
//
// It speaks LSP base framing through github.com/sourcegraph/jsonrpc2 (VSCodeObjectCodec:
// Content-Length headers) over the server's stdio, and follows /work/shared/lean/PROTOCOL.md
// §2:
//
//   - handshake: initialize, then initialized at once; server→client requests
//     (client/registerCapability with the string id "register_lean_watcher",
//     workspace/semanticTokens/refresh, workspace/inlayHint/refresh, anything else) are
//     answered with null, in order, by a writer goroutine — never from jsonrpc2's read loop;
//   - one document (Options.URI): didOpen, then didChange with the full text, versions
//     strictly increasing; each publishDiagnostics replaces the list for its version, and
//     publications for older versions are dropped;
//   - a version is done only when textDocument/waitForDiagnostics for it answers (fallback
//     for servers without it: $/lean/fileProgress with `processing: []`); a fatal
//     fileProgress (kind 2) ends the wait with FileResult.Fatal. "No diagnostics yet" is
//     never taken for success;
//   - $/lean/plainGoal for goals; positions are LSP positions (0-based lines, UTF-16
//     columns), see Text for conversions to byte offsets and REPL positions;
//   - Close: shutdown, exit, wait for the connection's end, then interrupt, grace, kill.
//
// Failures are typed (errors.Is / errors.As): *TimeoutError (ErrTimeout) names the call and
// the timeout and wraps context.DeadlineExceeded — the server is then stopped; *ServerError
// (ErrServerFailed) when the server died, closed its output or sent an unreadable frame —
// every pending call gets it and the next call starts a new server; *WorkerCrashError
// (ErrWorkerCrashed) for Lean's -32901/-32902 — the next Check re-opens the document
// (didClose + didOpen); *ResponseError for other error answers (ErrContentModified for
// -32801). The client's life is a state machine (State: starting, initializing, ready,
// shuttingDown, closed, failed).
//
// # Proof chains
//
// CheckChain (the proofchain.Checker of this client) builds one file from a proofchain.Chain
// (header and preamble, statement `:= by`, then each step on its own lines, indented),
// elaborates it once and judges each step in the same proofchain.Result terms as the REPL
// client, so the two backends can be compared (proofchain's agreement test). Result.Verified
// requires completed processing, no error, no "declaration uses `sorry`" warning, no unsolved
// goals, and no goal left after the last step. Result.Checker says who judged: "lean" or "sim"
// (the repository's simulator, internal/leansim/lspsim), from initialize's serverInfo.name.
//
// ExampleClient_CheckChain shows a chain judged through `lake serve`.
//
// Check (any text) and Goals (plainGoal at a position of the last checked version) are the
// lower-level calls CheckChain is made of.
package lsp
