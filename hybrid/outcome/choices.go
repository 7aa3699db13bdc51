package outcome

import (
	"github.com/leanprm/leanprm/hybrid/outcome/internal/choice"
)

// GradeOptions are what a pair's grading may use besides the two answers.
type GradeOptions struct {
	// Problem is the problem's text. When it lists lettered options ("(A) 12 (B) 15", or
	// lines "A. 12"), a choice letter is graded as its option's value against an answer that
	// is not a letter.
	Problem string
}

// GradeWith compares answer with gold using o.
func (g *Grader) GradeWith(gold, answer string, o GradeOptions) Result {
	g = g.or()
	fg, fa := g.parse(gold), g.parse(answer)
	if o.Problem != "" && (fg.kind == kChoice) != (fa.kind == kChoice) {
		letter, other, lo := fg, fa, "answer"
		if fa.kind == kChoice {
			letter, other, lo = fa, fg, "gold"
		}
		opts := choice.Options(o.Problem)
		if text, ok := opts[letter.text]; ok {
			fo := g.parse(text)
			c := g.policy().compare(fo, other, "option "+letter.norm, lo, 0)
			return Result{Verdict: c.v, GoldNorm: fg.norm, AnswerNorm: fa.norm, Reason: "choice " + letter.norm + " is " + fo.norm + " in the problem: " + c.reason}
		}
	}
	c := g.policy().compare(fg, fa, "gold", "answer", 0)
	return Result{Verdict: c.v, GoldNorm: fg.norm, AnswerNorm: fa.norm, Reason: c.reason}
}
