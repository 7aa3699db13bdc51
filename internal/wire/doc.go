// Package wire is the composition root: it turns a *config.Config into the parts a run needs —
// the REPL configuration, the formal side (translator, REPL pool, checker name), the learned
// PRM, the scorer, the verify runner and the proof-chain checker. The CLI uses it now and
// `leanprm serve` will next; the decisions about what to start, and what a setting means for a
// library, are made here once rather than in package main.
package wire
