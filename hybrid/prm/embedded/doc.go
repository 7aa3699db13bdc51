// Package embedded is leanprm's default learned PRM: a logistic regression
// over features of how steps go wrong, trained in Go and shipped inside the
// binary (model.bin, a few kilobytes, via go:embed).
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
// Train fits the model from ../shared/data:
//
//   - PRMBench train files: modified processes labelled up to their first
//     error, as ProcessBench labels (the steps after it are not asked
//     about), except the "redundency" class, whose inserted step is
//     redundant but not wrong; and the original processes (all right).
//   - MR-GSM8K: model solutions with their first error steps, weighted up
//     (their steps read like the ones leanprm scores), and the reference
//     solution of each of its problems, which balances a set made only of
//     solutions that went wrong.
//   - Weak labels made from GSM8K reference solutions by corrupting one
//     calculation, each paired with its intact twin: an operand from
//     nowhere, the wrong operation (+ for -, × for ÷), another quantity of
//     the problem as operand, a term left out of a sum; the arithmetic of
//     the corrupted step stays true, so the model learns reasoning errors
//     the exact checks cannot see.
//
// Ten models (seeds Seed..Seed+9, each with its own draw of weak labels)
// are averaged into one linear model (TrainConfig.Bags). ProcessBench dev
// is used only to calibrate (Platt scaling) and to pick the default
// threshold on its GSM8K file. Platt scaling is monotone, so which step
// falls first below a threshold depends only on the threshold; choosing
// that threshold on the chains it is measured on flatters the figure, so
// `leanprm eval processbench --cv` and `leanprm train --cv` also report
// F1 cross-validated over two folds by id hash (bench.Fold), and a
// training choice (features, bags, weights) is kept only when it wins on
// the fold it is chosen on, both ways. Training is deterministic: the same
// data and seed give a byte-identical file.
//
// ExampleDefault scores a chain with the committed model; ExampleTrain
// regenerates it, as `make model` does.
package embedded
