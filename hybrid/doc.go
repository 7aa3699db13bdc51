// Package hybrid is the merge: the PRM and Formal interfaces, Policy,
// Scorer and Aggregate. It scores every step of a math reasoning chain by
// merging two kinds of evidence: verdicts of a formal checker (Lean or
// exact arithmetic, through the Formal interface) on the claims a step
// makes, and the score of a learned process reward model (the PRM
// interface). Every merged score keeps its source: each StepResult carries
// the score, its Source, the formal verdict and checker, the learned
// score, the obligations with their Lean text and messages, and the name
// of the Policy that merged them.
//
// Inputs come from chain/ (chains and their readers), formal verdicts from
// formal/ (the adapters over translate and Lean), learned scores from prm/
// (prm/embedded, the default model trained in Go; prm/vllm, a served PRM);
// bench/ holds the benchmark maths (ProcessBench and PRMBench metrics,
// thresholds, comparison, best-of-N) and report/ the rendering. NoFormal
// stands in where no formal side is wired.
//
// Example:
//
//	chains, rowErrs, err := chain.Read("solutions.md", chain.FormatAuto)
//	if err != nil {
//		return err
//	}
//	for _, e := range rowErrs {
//		log.Print(e) // file:line: what is wrong with the row
//	}
//	prm, err := embedded.Default()
//	if err != nil {
//		return err
//	}
//	s := &hybrid.Scorer{PRM: prm, Formal: formal} // Policy zero value: hybrid
//	results, err := s.ScoreChains(ctx, chains)
//	if err != nil {
//		log.Print(err) // failed chains have ChainResult.Err set
//	}
//	for _, r := range results {
//		fmt.Println(r.ID, r.Aggregate(hybrid.AggMin), r.Predict(prm.Threshold))
//	}
package hybrid
