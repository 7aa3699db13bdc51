package report_test

import (
	"fmt"
	"os"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/bench"
	"github.com/leanprm/leanprm/hybrid/report"
)

// ExampleWriteComparison compares formal verdicts with learned scores on
// two scored chains and prints the table `leanprm compare` prints.
func ExampleWriteComparison() {
	l := func(x float64) *float64 { return &x }
	results := []hybrid.Scored{
		{ID: "a", FirstError: 1, Steps: []hybrid.ScoredStep{
			{Index: 0, Verdict: hybrid.Verified, Learned: l(0.9)},
			{Index: 1, Verdict: hybrid.Refuted, Learned: l(0.7)},
		}},
		{ID: "b", FirstError: -1, Steps: []hybrid.ScoredStep{
			{Index: 0, Verdict: hybrid.Verified, Learned: l(0.4)},
			{Index: 1, Learned: l(0.8)},
		}},
	}
	cmp := bench.Compare(results, bench.CompareOptions{Threshold: 0.5})
	if err := report.WriteComparison(os.Stdout, cmp); err != nil {
		fmt.Println(err)
	}
	// Output:
	// chains 2, steps 4, with a formal verdict 3 (unknown 0)
	// learned pass = score ≥ 0.500
	//
	//             learned pass  learned fail
	//   verified             1             1
	//    refuted             1             0
	//
	// agreement 33.3%, AUC (verified above refuted) 0.500
	// learned score of refuted steps:  0 |       █  | 1
	// learned score of verified steps: 0 |    █    █| 1
	// calibration vs formal verdicts: ECE 0.467 over 3 steps
	//
	// blind spots: 1 refuted steps scored ≥ 0.500 (highest first)
	//   0.700  a step 2:
}
