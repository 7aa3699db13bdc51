package bench

import (
	"strings"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/chain"
)

// Selection is the best of N candidate chains for one problem.
type Selection struct {
	Problem string `json:"problem"`
	// Candidates indexes the problem's chains in the results given to
	// SelectBest, in input order; Scores holds their aggregate scores.
	Candidates []int     `json:"candidates"`
	Scores     []float64 `json:"scores"`
	// Best indexes the chosen chain in the results (the first of equal
	// best scores); BestID is its ID.
	Best      int     `json:"best"`
	BestID    string  `json:"best_id"`
	BestScore float64 `json:"best_score"`
	// BestRight is 1 when the chosen chain has no wrong step by its gold
	// label, 0 when it has one, -1 when unlabelled; AnyRight likewise for
	// the candidates as a whole (1 if any is right).
	BestRight int `json:"best_right"`
	AnyRight  int `json:"any_right"`
	// Answer is the chosen chain's final answer ("" when it states none). Correct is whether
	// it is right (Select, bestofn.go): graded against the gold answer, or the data set's
	// judgement; nil when neither decides. Verdict is the grader's verdict ("labelled" for a
	// data set's judgement). AnyCorrect: some candidate's answer is right.
	Answer     string `json:"answer,omitempty"`
	Correct    *bool  `json:"correct,omitempty"`
	Verdict    string `json:"verdict,omitempty"`
	AnyCorrect bool   `json:"any_correct,omitempty"`
	// Votes and ClassScore are the chosen answer class's votes and summed chain score
	// (majority and weighted only).
	Votes      int     `json:"votes,omitempty"`
	ClassScore float64 `json:"class_score,omitempty"`
}

// SelectBest groups results by problem text (trimmed; first appearance
// order) and picks each group's chain with the highest aggregate score.
// Chains that failed to score are not candidates.
func SelectBest(results []hybrid.Scored, agg hybrid.Aggregate) []Selection {
	var out []Selection
	index := map[string]int{}
	for i, r := range results {
		if r.Err != "" {
			continue
		}
		key := strings.TrimSpace(r.Problem)
		k, ok := index[key]
		if !ok {
			k = len(out)
			index[key] = k
			out = append(out, Selection{Problem: r.Problem, Best: -1, BestRight: -1, AnyRight: -1})
		}
		s := &out[k]
		score := r.Aggregate(agg)
		s.Candidates = append(s.Candidates, i)
		s.Scores = append(s.Scores, score)
		if s.Best < 0 || score > s.BestScore {
			s.Best, s.BestID, s.BestScore = i, r.ID, score
		}
		switch r.FirstError {
		case chain.NoError:
			s.AnyRight = 1
		case chain.NoLabel:
		default:
			if s.AnyRight < 0 {
				s.AnyRight = 0
			}
		}
	}
	for k := range out {
		switch results[out[k].Best].FirstError {
		case chain.NoError:
			out[k].BestRight = 1
		case chain.NoLabel:
		default:
			out[k].BestRight = 0
		}
	}
	return out
}

// SelectionSummary measures best-of-N selection against gold labels over
// the problems where every candidate is labelled.
type SelectionSummary struct {
	Problems int `json:"problems"`
	// Accuracy is the share of problems whose chosen chain is right;
	// Oracle the share with any right candidate; Chance the expected
	// accuracy of a uniformly random pick. All percentages.
	Accuracy float64 `json:"accuracy"`
	Oracle   float64 `json:"oracle"`
	Chance   float64 `json:"chance"`
}

// SummarizeSelection computes a SelectionSummary.
func SummarizeSelection(sel []Selection, results []hybrid.Scored) SelectionSummary {
	var sum SelectionSummary
	var acc, oracle, chance float64
	for _, s := range sel {
		right, labelled := 0, true
		for _, i := range s.Candidates {
			switch results[i].FirstError {
			case chain.NoError:
				right++
			case chain.NoLabel:
				labelled = false
			}
		}
		if !labelled || len(s.Candidates) == 0 {
			continue
		}
		sum.Problems++
		if s.BestRight == 1 {
			acc++
		}
		if right > 0 {
			oracle++
		}
		chance += float64(right) / float64(len(s.Candidates))
	}
	if sum.Problems > 0 {
		n := float64(sum.Problems)
		sum.Accuracy, sum.Oracle, sum.Chance = 100*acc/n, 100*oracle/n, 100*chance/n
	}
	return sum
}
