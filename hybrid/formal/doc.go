// Package formal holds every adapter to hybrid.Formal: Prose (translate's
// obligations for each chain and its problem, checked exactly or by Lean),
// LeanSteps (fenced Lean steps and the rules that make one verified,
// refuted or unknown), and the REPL reply mapped once for translate and
// verify. Package hybrid does not import translate or leanbridge; this
// package is the bridge, for cmd/ and for measurements.
//
// Example:
//
//	tr, err := translate.New(translate.Options{}) // exact checker
//	if err != nil {
//		return err
//	}
//	s := &hybrid.Scorer{PRM: prm, Formal: formal.NewProse(tr)}
package formal
