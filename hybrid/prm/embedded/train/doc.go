// Package train fits the embedded learned PRM (package embedded) from ../shared/data; it
// backs `leanprm train` and `make model`. Fit reads the data sets (PRMBench, MR-GSM8K, weak
// labels made by corrupting one calculation of GSM8K reference solutions, and optional
// `leanprm label` files), featurizes their steps with embedded.Features (the featurizer the
// model scores with), fits the linear model by AdaGrad over ten bags, optionally boosts
// trees on top, calibrates on ProcessBench dev and returns an embedded.Model. Training is
// deterministic: the same data and seed give a byte-identical file.
//
// The sources, the cross-validation rule every training choice must pass, and the measured
// figures of the changes that were tried and dropped are in docs/TRAINING.md.
//
// # Example
//
//	m, err := train.Fit(ctx, train.Config{DataDir: "../shared/data", Seed: train.DefaultSeed})
//	if err != nil {
//		return err
//	}
//	err = m.WriteFile("hybrid/prm/embedded/model.bin")
package train
