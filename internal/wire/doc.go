// Package wire is the composition root: it turns a *config.Config into the parts a run needs —
// the REPL configuration, the formal side (translator, REPL pool, checker name), the learned
// PRM, the scorer, the verify runner and the proof-chain checker. The CLI, `leanprm serve` and
// `leanprm worker` all build their parts here, so the decisions about what to start, and what a
// setting means for a library, are made once rather than in each command.
package wire
