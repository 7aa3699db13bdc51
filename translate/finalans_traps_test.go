package translate

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// finalAnsTraps pin the final answers to a problem that only asks for one
// expression (docs/TRANSLATE.md, "Final answers to a problem that asks for
// one expression"; package finalans): a right answer is left alone, a
// wrong one refuted, and a problem with more than the expression (a base,
// a condition, a rounding), an answer in another form (a mixed number, a
// decimal, a percentage) and a supposed or corrected answer are not read.
// The wording and the numbers are ours.
var finalAnsTraps = []struct {
	family, problem string
	steps           []string
	want            string
}{
	// True answers: nothing to refute.
	{"finalans true", `Compute: $125 - 48 + 23$.`, []string{`First, 125 - 48 = 77. Then 77 + 23 = 100.`, `The final answer is 100.`}, wantNotRefuted},
	{"finalans true", `What is the value of $\frac{2}{3} \cdot \frac{9}{10}$?`, []string{`Multiplying, we get \(\frac{18}{30} = \frac{3}{5}\). So the answer is \(\boxed{\frac{3}{5}}\).`}, wantNotRefuted},
	{"finalans true", `Simplify $(2y + 1)^2 - 4y^2$.`, []string{`Expanding, \((2y+1)^2 = 4y^2 + 4y + 1\).`, `Thus the answer is \(\boxed{4y + 1}\).`}, wantNotRefuted},
	{"finalans true", `Simplify $\sqrt{200}$.`, []string{`Since 200 = 100 · 2, we get \(\boxed{10\sqrt{2}}\).`}, wantNotRefuted},
	{"finalans true", `Evaluate $3t^2 - 2t$ when $t = 5$.`, []string{`We get 3 · 25 - 10 = 65.`, `So the final answer is 65.`}, wantNotRefuted},
	// Not read: more than the expression, another form, a supposition.
	{"finalans other", `What is $125 - 48 + 23$ in base 5?`, []string{`The final answer is 100.`}, wantNotRefuted},
	{"finalans other", `Compute $2m + 3n$ if $m = 4$.`, []string{`The final answer is \(\boxed{12}\).`}, wantNotRefuted},
	{"finalans other", `Compute $\frac{11}{4}$.`, []string{`This is \(\boxed{2\frac{3}{4}}\).`}, wantNotRefuted},
	{"finalans other", `Compute $\frac{11}{3}$. Round to the nearest tenth.`, []string{`This is \(\boxed{3.7}\).`}, wantNotRefuted},
	{"finalans other", `Compute: $125 - 48 + 23$.`, []string{`If the final answer is 90, we made a slip.`}, wantNotRefuted},
	{"finalans other", `Evaluate $3t - 2$ when $t = 5$ and $s = 1$.`, []string{`So the final answer is 14.`}, wantNotRefuted},
	{"finalans other", `Evaluate $\frac{15}{4} - \frac{3}{4}$.`, []string{`So the answer is 4 - 1 = 3.`}, wantNotRefuted},
	// Look-alikes that are real errors: refuted.
	{"finalans wrong", `Compute: $125 - 48 + 23$.`, []string{`First, 125 - 48 = 77. Then 77 + 23 = 100.`, `The final answer is 54.`}, wantRefuted},
	{"finalans wrong", `What is the value of $\frac{2}{3} \cdot \frac{9}{10}$?`, []string{`So the answer is \(\boxed{\frac{2}{5}}\).`}, wantRefuted},
	{"finalans wrong", `Simplify $(2y + 1)^2 - 4y^2$.`, []string{`Thus the answer is \(\boxed{4y + 2}\).`}, wantRefuted},
	{"finalans wrong", `Simplify $\sqrt{200}$.`, []string{`In simplest form the answer is \(\boxed{20\sqrt{5}}\).`}, wantRefuted},
	{"finalans wrong", `Evaluate $3t^2 - 2t$ when $t = 5$.`, []string{`We get 3 · 25 - 10 = 65.`, `So the final answer is 55.`}, wantRefuted},
	{"finalans wrong", `Compute $2m + 3$ if $m = 4$.`, []string{`The final answer is \(\boxed{12}\).`}, wantRefuted},
}

func TestFinalAnsTraps(t *testing.T) {
	tr, err := New(Options{})
	require.NoError(t, err)
	for i, c := range finalAnsTraps {
		res, err := tr.ChainProblem(context.Background(), fmt.Sprint("finalans", i), c.problem, c.steps)
		require.NoError(t, err)
		s := res.Steps[len(c.steps)-1]
		assert.True(t, stepAsWanted(s, c.want, ""), "%s #%d: %q %q: %s, want %s; obligations %+v; skipped %+v", c.family, i, c.problem, c.steps, s.Verdict, c.want, obligationsOf(s), s.Skipped)
	}
}
