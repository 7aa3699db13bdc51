package report

import (
	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/chain"
	"github.com/leanprm/leanprm/hybrid/outcome"
	"github.com/leanprm/leanprm/hybrid/reward"
)

// CheckJSON is one chain as `check --json/--jsonl` writes it and `leanprm serve` answers it
// (POST /v1/score): the merged result with what the table shows beside it, so a script needs
// no second computation. The gold label is named as such (null when the input has none); step
// indices are 0-based, and the document says so. One type, so the two cannot drift apart.
type CheckJSON struct {
	hybrid.Scored
	Gold          *int    `json:"gold_first_error"`
	Predicted     int     `json:"predicted_first_error"` // -1: no step below the threshold
	Threshold     float64 `json:"threshold"`
	Aggregate     string  `json:"aggregate"`
	ChainScore    float64 `json:"chain_score"`
	StepIndexBase int     `json:"step_index_base"`
	// Outcome is the chain's final answer graded against its gold answer, with the
	// right-answer-wrong-work flag at Threshold; absent when the chain has no gold answer.
	Outcome *reward.Outcome `json:"outcome,omitempty"`
}

// NewCheckJSON is r with its prediction at threshold, its chain score under agg, and its
// answer graded by g (nil: outcome's defaults).
func NewCheckJSON(g *outcome.Grader, r hybrid.Scored, threshold float64, agg hybrid.Aggregate) CheckJSON {
	out := CheckJSON{Scored: r, Predicted: r.Predict(threshold), Threshold: threshold,
		Aggregate: string(agg), StepIndexBase: 0}
	if r.FirstError != chain.NoLabel {
		g := r.FirstError
		out.Gold = &g
	}
	if len(r.Steps) > 0 {
		out.ChainScore = r.Aggregate(agg)
	}
	out.Outcome = reward.Of(g, &r, threshold)
	return out
}
