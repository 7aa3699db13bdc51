// Package wire is the composition root: it turns a *config.Config into the parts a run needs —
// the REPL configuration and its sandbox confinement, the formal side (translator, REPL pool,
// checker name), the learned PRM, the scorer, verify-proof's REPL runner and kernel tier, the
// proof-chain checker, and the generator and answer grader that `leanprm label` rolls out
// with. The CLI, `leanprm serve` and
// `leanprm worker` all build their parts here, so the decisions about what to start, and what a
// setting means for a library, are made once rather than in each command.
package wire
