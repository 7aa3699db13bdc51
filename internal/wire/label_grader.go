package wire

import (
	"github.com/leanprm/leanprm/hybrid/label"
	"github.com/leanprm/leanprm/hybrid/outcome"
)

// answerGrader grades a rollout with hybrid/outcome: the final answer the text marks
// (boxed, "The answer is", "####", ...; no last-number guess), graded against the gold
// answer. Reached only when proven equal, Missed only when proven different; no answer, or
// a pair the grader cannot decide, is Undecided. The problem goes along, as in check, serve,
// select and search, so a choice letter is read through the options the problem lists. g is
// the process's grader (nil: outcome's defaults).
func answerGrader(g *outcome.Grader) label.Grader {
	return label.GraderFunc(func(problem, gold, text string) label.Reach {
		ex := outcome.Extract(text)
		if !ex.Found {
			return label.Undecided
		}
		switch g.GradeWith(gold, ex.Answer, outcome.GradeOptions{Problem: problem}).Verdict {
		case outcome.Equal:
			return label.Reached
		case outcome.Different:
			return label.Missed
		}
		return label.Undecided
	})
}

// AnswerGrader is the grader `leanprm label` uses with g, for measurements that build their
// own labeller.
func AnswerGrader(g *outcome.Grader) label.Grader { return answerGrader(g) }
