package report

import (
	"fmt"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/reward"
)

// writeOutcome writes the outcome lines under a chain's table: the answer found, its verdict
// against the gold and why, and the right-answer-wrong-work flag with its step (1-based, as
// the table counts). A chain without a gold answer gets none.
func writeOutcome(ew *errWriter, r *hybrid.Scored, o *reward.Outcome, threshold float64, width int) {
	if o == nil {
		return
	}
	answer := "no answer found"
	if o.Found {
		answer = fmt.Sprintf("answer %s (%s)", Preview(o.Answer, width), o.Method)
	}
	ew.printf("outcome: %s  gold %s  %s: %s\n", answer, Preview(o.Gold, width), o.Verdict, Preview(o.Reason, 2*width))
	if !o.RightAnswerWrongWork || o.Step == nil {
		return
	}
	switch o.By {
	case reward.ByProven:
		ew.printf("right answer, wrong work (proven): step %d is refuted\n", *o.Step+1)
	default:
		ew.printf("right answer, wrong work (predicted): step %d scores %.3f, below %.3f\n",
			*o.Step+1, r.Steps[*o.Step].Score, threshold)
	}
}
