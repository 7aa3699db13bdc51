// Package embedded is leanprm's default learned PRM: a logistic regression
// over features of how steps go wrong, trained in Go and shipped inside the
// binary (model.bin, a few kilobytes, via go:embed).
//
// The features look at a step in the context of its chain: arithmetic
// claims that are false (an exact check of "a op b = c" chains and simple
// identities, package internal/mathtext), operands that appear neither in
// the problem nor in earlier steps, problem numbers never used, a final
// answer nobody derived, hedging, self-correction and overconfident words,
// the step's role (first, last, final answer), and its size absolute and
// relative to the chain. Optional hashed word n-grams exist but are off by
// default: measured on ProcessBench dev they lowered every subset's F1.
//
// Train fits the model from ../shared/data: PRMBench train files (modified
// processes with their error steps, and the original processes), MR-GSM8K
// (first error steps, weighted up: its steps read like the ones leanprm
// scores), and weak labels made from GSM8K reference solutions by corrupting
// a calculation (a wrong printed result, or an operand that comes from
// nowhere), each paired with its intact twin. ProcessBench dev is used only
// to calibrate (Platt scaling) and to pick the default threshold on its
// GSM8K file. Training is deterministic: the same data and seed give a
// byte-identical file.
//
// Example:
//
//	m, err := embedded.Default()
//	if err != nil {
//		return err
//	}
//	scores, err := m.ScoreChain(ctx, problem, steps) // calibrated P(step is right)
//	first := hybrid.FirstError(scores, m.Threshold)
//
// Regenerating the committed model (what `make model` runs):
//
//	m, err := embedded.Train(ctx, embedded.TrainConfig{DataDir: "../shared/data", Seed: embedded.DefaultSeed})
//	if err != nil {
//		return err
//	}
//	err = m.WriteFile("hybrid/embedded/model.bin")
package embedded
