package search

import "github.com/leanprm/leanprm/hybrid/outcome"

// Grader finds a chain's final answer and compares it with the gold one. Verdicts are
// outcome's: "equal" and "different" only when proven, else "unknown" with the reason.
type Grader interface {
	Extract(text string) (answer string, found bool)
	// Grade grades answer against gold; problem is the problem's text, whose lettered options
	// grade a choice letter ("" for none).
	Grade(problem, gold, answer string) (verdict, reason string)
	// Classes groups answers for votes: each class holds answers proven equal to every other
	// member (equality is not transitive: "50%" equals "0.5" and "50", which differ), in
	// order of first member; an empty answer is alone. It is outcome.Classes, the grouping
	// best-of-N's selectors use too.
	Classes(answers []string) [][]int
}

// OutcomeGrader is the outcome package's extraction and grading.
type OutcomeGrader struct{ g *outcome.Grader }

var _ Grader = (*OutcomeGrader)(nil)

// NewOutcomeGrader returns a grader that compares answers with g (the process's grader, built
// from the configuration's grade.* keys; nil: a new one with outcome's defaults, its parse
// cache included); it is safe for concurrent use.
func NewOutcomeGrader(g *outcome.Grader) *OutcomeGrader {
	if g == nil {
		g = outcome.NewGrader(outcome.GraderOptions{})
	}
	return &OutcomeGrader{g: g}
}

// Extract implements Grader: the last marked answer (\boxed, "The answer is", "####", …),
// never a guess from the last number.
func (o *OutcomeGrader) Extract(text string) (string, bool) {
	e := outcome.Extract(text)
	return e.Answer, e.Found
}

// Grade implements Grader.
func (o *OutcomeGrader) Grade(problem, gold, answer string) (string, string) {
	r := o.g.GradeWith(gold, answer, outcome.GradeOptions{Problem: problem})
	return string(r.Verdict), r.Reason
}

// Classes implements Grader.
func (o *OutcomeGrader) Classes(answers []string) [][]int { return o.g.Classes(answers) }
