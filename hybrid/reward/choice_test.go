package reward

import (
	"testing"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/outcome"
)

// TestGradeChoiceThroughProblem: a gold choice letter is graded through the options the
// problem lists (the grader every caller shares, outcome.GradeWith), and stays unknown
// without them.
func TestGradeChoiceThroughProblem(t *testing.T) {
	r := &hybrid.Scored{Problem: "What is 3*5? $\\textbf{(A) }12\\qquad\\textbf{(B) }15\\qquad\\textbf{(C) }18$"}
	for _, c := range []struct {
		answer string
		r      *hybrid.Scored
		want   outcome.Verdict
	}{
		{"15", r, outcome.Equal},
		{"\\frac{30}{2}", r, outcome.Equal},
		{"18", r, outcome.Different},
		{"(B)", r, outcome.Equal},
		{"15", nil, outcome.Unknown},
		{"15", &hybrid.Scored{Problem: "What is 3*5?"}, outcome.Unknown},
	} {
		o := Grade(nil, "B", outcome.Extraction{Answer: c.answer, Found: true}, c.r, 0)
		if o.Verdict != c.want {
			t.Errorf("gold B, answer %q: %s (%s), want %s", c.answer, o.Verdict, o.Reason, c.want)
		}
	}
}
