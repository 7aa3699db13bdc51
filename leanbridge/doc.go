// Package leanbridge holds everything that speaks to Lean, one sub-package per concept:
// syntax (Lean's lexer, headers, declarations), proofchain (a formal proof as tactic steps,
// its verdict, the Checker both clients implement), repl (the REPL client: framing, workers,
// pool, probes), lsp (the language-server client), verify (contest-grade proof checking). The
// simulators are in internal/leansim. The package itself holds no code: it is the folder's
// name and this map.
package leanbridge
