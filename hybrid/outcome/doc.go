// Package outcome grades final answers against the ground truth: Extract finds the final
// answer of a solution text (\boxed{…}, "The answer is …", a straight-line Python program's
// printed value, …) and Grade decides whether it is equivalent to the gold answer — Equal
// only when proven, Different only when proven (with the witness), Unknown otherwise, always
// with a reason, in exact arithmetic and bounded time. Classes groups answers proven equal,
// for majority votes. It serves `leanprm grade` and `eval outcome`, the outcome rewards of
// hybrid/reward and serve, best-of-N in hybrid/bench, and the graders of search and label.
//
// Every form it reads, the units (a value carries a dimension and is compared after an exact
// conversion), the percentage, bare-number and rounding rules with the settings that change
// them, extraction and the limits are in docs/OUTCOME.md.
//
// # Example
//
//	r := outcome.Grade("\\frac{1}{2}", "0.5")   // equal: both are 0.5
//	r = outcome.Grade("0.33", "\\frac13")       // different, and why
//	ex := outcome.Extract("... so the total is \\boxed{42}.")
//	r = outcome.Grade("42", ex.Answer)          // equal
package outcome
