// Package formal holds every adapter to hybrid.Formal: Prose (translate's
// obligations for each chain and its problem, checked exactly or by Lean),
// LeanSteps (fenced Lean steps and the rules that make one verified,
// refuted or unknown), and TranslateLean (the REPL pool as the translator's
// Lean checker). Package hybrid does not import translate or leanbridge;
// this package is the bridge, for internal/wire and for measurements.
// Contest proofs do not pass through here: leanbridge/verify runs its own
// REPL commands (verify.REPLRunner).
//
// Example:
//
//	tr, err := translate.New(translate.Options{}) // exact checker
//	if err != nil {
//		return err
//	}
//	s := &hybrid.Scorer{PRM: prm, Formal: formal.NewProse(tr)}
package formal
