// Package hybrid scores every step of a math reasoning chain by merging two
// kinds of evidence: verdicts of a formal checker (Lean, through the Formal
// interface) on the claims a step makes, and the score of a learned process
// reward model (the PRM interface). Every merged score says where it came
// from: each StepResult carries the score, its Source, the formal verdict
// and checker, the learned score, the obligations with their Lean text and
// messages, and the name of the Policy that merged them.
//
// The package also reads chains (ReadChains: ProcessBench, PRMBench,
// MR-GSM8K, TRL stepwise, GSM8K, plain text and Markdown, auto-detected),
// aggregates step scores into chain scores (Aggregate), evaluates on
// ProcessBench and PRMBench (CompareProcessBench, ComparePRMBench), compares
// formal against learned evidence (Compare) and picks the best of N
// candidates (SelectBest).
//
// Implementations live beside it: hybrid/prm/embedded is the default PRM, a
// compact model trained in Go; hybrid/prm/vllm talks to a served PRM;
// hybrid/report renders tables and the HTML report; hybrid/formaltranslate
// is the formal side over package translate (which hybrid itself does not
// import). NoFormal stands in where none is wired.
//
// Example:
//
//	chains, rowErrs, err := hybrid.ReadChains("solutions.md", hybrid.FormatAuto)
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
