package bench

import (
	"fmt"
	"strings"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/outcome"
	"github.com/leanprm/leanprm/hybrid/reward"
)

// Answer-level selectors of best-of-N, beside the chain aggregates (min, product, mean, last),
// which pick the chain with the best score.
const (
	// SelectMajority picks the answer with the most votes: candidates vote for their final
	// answer's class, the answers proven equal to each other (outcome.Classes; an answer not
	// proven equal to any other is a class of its own, and chains with no answer do not vote).
	// Ties go to the larger sum of chain scores, then to the class seen first.
	SelectMajority = "majority"
	// SelectWeighted picks the answer class with the largest sum of chain scores
	// (search-and-learn's weighted best-of-N); ties go to more votes, then the class seen first.
	SelectWeighted = "weighted"
)

// Selectors lists what `select --aggregate` accepts.
func Selectors() []string {
	out := []string{}
	for _, a := range hybrid.Aggregates() {
		out = append(out, string(a))
	}
	return append(out, SelectMajority, SelectWeighted)
}

// ParseSelector reads a selector: a chain aggregate (as hybrid.ParseAggregate reads it) or
// majority or weighted.
func ParseSelector(s string) (string, error) {
	switch v := strings.ToLower(strings.TrimSpace(s)); v {
	case SelectMajority, SelectWeighted:
		return v, nil
	}
	a, err := hybrid.ParseAggregate(s)
	if err != nil {
		return "", fmt.Errorf("unknown aggregate %q (want %s)", s, strings.Join(Selectors(), ", "))
	}
	return string(a), nil
}

// candidateAnswer is what a chain answers and whether that is right.
type candidateAnswer struct {
	answer string
	found  bool
	// correct is the answer graded against the chain's gold answer (equal: true; different or
	// no answer: false; unknown: nil), or, without one, the data set's own judgement
	// (ProcessBench's final_answer_correct); nil when neither decides.
	correct *bool
	verdict string
}

func answerOf(g *outcome.Grader, r *hybrid.Scored) candidateAnswer {
	ex := outcome.Extract(reward.Text(r))
	c := candidateAnswer{answer: ex.Answer, found: ex.Found}
	yes, no := true, false
	switch {
	case strings.TrimSpace(r.GoldAnswer) != "":
		o := reward.Grade(g, r.GoldAnswer, ex, nil, 0)
		c.verdict = string(o.Verdict)
		switch o.Verdict {
		case outcome.Equal:
			c.correct = &yes
		case outcome.Different, reward.NoAnswer:
			c.correct = &no
		}
	case r.AnswerCorrect != nil:
		v := *r.AnswerCorrect
		c.correct = &v
		c.verdict = "labelled"
	}
	return c
}

// Select picks the best of N per problem (SelectBest's groups) by selector: a chain aggregate
// picks the best-scored chain; majority and weighted pick an answer class (chain scores under
// weight), and the best-scored chain of that class. Every selection carries the chosen
// chain's final answer and, where the chains have gold answers (or the data set judges
// their answers), whether it is right. g grades and groups the answers (nil: outcome's
// defaults).
func Select(g *outcome.Grader, results []hybrid.Scored, selector string, weight hybrid.Aggregate) []Selection {
	agg := hybrid.Aggregate(selector)
	if selector == SelectMajority || selector == SelectWeighted {
		agg = weight
	}
	sel := SelectBest(results, agg)
	answers := make(map[int]candidateAnswer)
	for k := range sel {
		s := &sel[k]
		for _, i := range s.Candidates {
			answers[i] = answerOf(g, &results[i])
		}
		if selector == SelectMajority || selector == SelectWeighted {
			pickClass(g, s, results, answers, selector == SelectMajority)
		}
		a := answers[s.Best]
		s.Answer, s.Correct, s.Verdict = a.answer, a.correct, a.verdict
		for _, i := range s.Candidates {
			if c := answers[i].correct; c != nil && *c {
				s.AnyCorrect = true
			}
		}
	}
	return sel
}

// pickClass sets s's pick to the winning answer class's best-scored chain; with no answer
// among the candidates the best-scored chain stands.
func pickClass(g *outcome.Grader, s *Selection, results []hybrid.Scored, answers map[int]candidateAnswer, majority bool) {
	var texts []string
	var members []int // the candidates (positions in s.Candidates) that answer
	for k, i := range s.Candidates {
		if a := answers[i]; a.found {
			texts = append(texts, a.answer)
			members = append(members, k)
		}
	}
	if len(texts) == 0 {
		return
	}
	bestClass, bestVotes, bestSum := -1, 0, 0.0
	classes := g.Classes(texts)
	for c, cl := range classes {
		sum := 0.0
		for _, m := range cl {
			sum += s.Scores[members[m]]
		}
		votes := len(cl)
		better := bestClass < 0
		if !better && majority {
			better = votes > bestVotes || votes == bestVotes && sum > bestSum
		} else if !better {
			better = sum > bestSum || sum == bestSum && votes > bestVotes
		}
		if better {
			bestClass, bestVotes, bestSum = c, votes, sum
		}
	}
	s.Votes, s.ClassScore = bestVotes, bestSum
	first := true
	for _, m := range classes[bestClass] {
		k := members[m]
		if first || s.Scores[k] > s.BestScore {
			s.Best, s.BestID, s.BestScore = s.Candidates[k], results[s.Candidates[k]].ID, s.Scores[k]
			first = false
		}
	}
}

// SelectorAccuracy is one selector's best-of-N accuracy on final answers.
type SelectorAccuracy struct {
	Selector string `json:"selector"`
	// Problems are those whose picked answer could be judged (a gold answer, or the data
	// set's judgement); Correct of them are right; Undecided problems had a pick whose
	// answer the grader could prove neither equal nor different, and count as not correct.
	Problems  int     `json:"problems"`
	Correct   int     `json:"correct"`
	Undecided int     `json:"undecided"`
	Accuracy  float64 `json:"accuracy"` // percent of Problems + Undecided
}

// OutcomeSummary is best-of-N measured on final answers.
type OutcomeSummary struct {
	// Selectors holds each selector's accuracy, in Selectors() order.
	Selectors []SelectorAccuracy `json:"selectors"`
	// OutcomeOnly is the oracle baseline an outcome reward gives: a problem counts when any
	// candidate's answer is right (what an ORM that knows the answer would reach). Chance is
	// the expected accuracy of a uniformly random pick. Percentages of Problems, the problems
	// with a judgement for every candidate.
	Problems    int     `json:"problems"`
	OutcomeOnly float64 `json:"outcome_only"`
	Chance      float64 `json:"chance"`
}

// SummarizeOutcomes measures every selector on final answers; weight is the chain score the
// answer selectors sum. It is the zero summary when no chain has a gold answer or a
// judgement of its answer.
func SummarizeOutcomes(g *outcome.Grader, results []hybrid.Scored, weight hybrid.Aggregate) OutcomeSummary {
	var sum OutcomeSummary
	for _, name := range Selectors() {
		acc := SelectorAccuracy{Selector: name}
		for _, s := range Select(g, results, name, weight) {
			switch {
			case s.Correct != nil && *s.Correct:
				acc.Problems++
				acc.Correct++
			case s.Correct != nil:
				acc.Problems++
			case s.Verdict == string(outcome.Unknown):
				acc.Undecided++
			}
		}
		if n := acc.Problems + acc.Undecided; n > 0 {
			acc.Accuracy = 100 * float64(acc.Correct) / float64(n)
		}
		sum.Selectors = append(sum.Selectors, acc)
	}
	var oracle, chance float64
	for _, s := range SelectBest(results, weight) {
		right, judged := 0, true
		for _, i := range s.Candidates {
			a := answerOf(g, &results[i])
			switch {
			case a.correct == nil:
				judged = false
			case *a.correct:
				right++
			}
		}
		if !judged || len(s.Candidates) == 0 {
			continue
		}
		sum.Problems++
		if right > 0 {
			oracle++
		}
		chance += float64(right) / float64(len(s.Candidates))
	}
	if sum.Problems > 0 {
		sum.OutcomeOnly, sum.Chance = 100*oracle/float64(sum.Problems), 100*chance/float64(sum.Problems)
	}
	return sum
}
