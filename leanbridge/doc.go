// Package leanbridge holds everything that talks to Lean, one sub-package per concept:
// syntax (Lean's lexer, headers, declarations), proofchain (a formal proof as tactic steps,
// its verdict, and the Checker both clients implement), repl (the REPL client: framing,
// workers, pool, probes), lsp (the language-server client), verify (contest-grade proof
// checking, with the Runner that sends candidates through a REPL pool), kernel (verify-proof's
// kernel-replay tier), sandbox (the confinement of Lean processes that run untrusted code),
// proc (process groups: every long-lived child leanprm starts) and leantext (the step text
// every backend shows Lean). The simulators that stand in for Lean in tests are in
// internal/leansim. The package itself holds no code: it is the folder's name and this map.
package leanbridge
