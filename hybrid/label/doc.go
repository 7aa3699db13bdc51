// Package label turns proofs and Monte Carlo rollouts into step labels for training process
// reward models, with no human annotation; it backs `leanprm label` (cmd/leanprm, wired by
// internal/wire). A Labeler labels chains by one Method — formal (a refuted step is wrong, a
// fully formalized verified step right, the rest unknown), mc-hard and mc-soft
// (Math-Shepherd's rollouts), omega (OmegaPRM's binary search for the first error) or
// combined — and every label records its source. Exporter writes them as leanprm's rows or
// as TRL, FoVer, ProcessBench or PRM800K rows. The generator (Roller) and the answer grader
// (Grader) are consumer-side interfaces: internal/wire adapts the OpenAI-compatible generator
// client and hybrid/outcome to them.
//
// The methods in detail, provenance, exports and the measured agreement and rollout costs
// are in docs/LABELS.md.
//
// # Example
//
//	l := &label.Labeler{Method: label.Omega, K: 8, Estimator: label.NewEstimator(roller, grader), Grader: grader}
//	chains, err := l.LabelChains(ctx, items)
//	x := label.NewExporter(os.Stdout, label.TRL)
//	for _, c := range chains {
//		err = x.Write(c)
//	}
package label
