package wire

import (
	"strings"

	"github.com/leanprm/leanprm/hybrid/label"
)

// answerGrader is the interim grader until hybrid/outcome lands: "The answer is N" compared
// as text.
func answerGrader() label.Grader {
	return label.GraderFunc(func(gold, text string) label.Reach {
		i := strings.LastIndex(text, "The answer is ")
		if i < 0 {
			return label.Undecided
		}
		ans := strings.TrimSuffix(strings.TrimSpace(text[i+len("The answer is "):]), ".")
		if ans == strings.TrimSpace(gold) {
			return label.Reached
		}
		return label.Missed
	})
}
