// Package embedded is leanprm's default learned PRM at inference: a
// logistic regression over features of how steps go wrong, shipped inside
// the binary (model.bin, a few kilobytes, via go:embed), its file format
// (Load, WriteTo) and the featurizer it shares with its trainer. Training
// lives in package embedded/train (`leanprm train`, `make model`), so that
// scoring needs neither the data sets nor the benchmarks.
//
// The features look at a step in the context of its chain: arithmetic
// claims that are false (an exact check of "a op b = c" chains and simple
// identities, package internal/mathtext), operands that appear neither in
// the problem nor in earlier steps, problem numbers never used, a total
// taken while problem quantities are still unused, a quantity the problem
// states once used twice, a fractional result in a problem about whole
// things, whether the step takes up problem quantities for the first time
// (interpreting the problem, where word problems mostly go wrong) or only
// combines earlier results (bookkeeping), a final answer nobody derived,
// hedging, self-correction and overconfident words, the step's role and
// index, and its size absolute and relative to the chain. Features of a
// step's place relative to the end of the chain are left out: they encode
// how the training sets were made, not how steps go wrong. Optional hashed
// word n-grams exist but are off by default: measured on ProcessBench dev
// they lowered every subset's F1.
//
// A model made by WithContexts keeps the step features of the chains it
// scores (ContextCache), so that a chain extending one of them — a search
// loop adding a step, `leanprm serve`'s prefix_id — computes features for
// its new steps only; every score is the one scoring afresh gives.
//
// ExampleDefault scores a chain with the committed model; embedded/train's
// ExampleFit regenerates it, as `make model` does.
package embedded
