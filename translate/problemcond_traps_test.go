package translate

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// problemCondTraps pin the problem's conditions on one name (symdefs/problemeq.go;
// docs/TRANSLATE.md "The problem's conditions on one name"): a rewriting in a name the
// problem fixes by an equation may use that equation, so it is refuted only at a value the
// problem allows. The wording and the numbers are ours.
var problemCondTraps = []struct {
	problem string
	steps   []string
	want    string
	claim   string
}{
	// A substitution with the problem's equation: x² replaced by x + 1, y² by 3y - 1, t² by
	// 2t + 4. Read alone the last two look false at a root of the first equation (0) that the
	// problem does not allow; the first shares the problem's roots with its first equation.
	{problem: `If $x^2 - x - 1 = 0$, what is $x^3 - 2x + 1$?`,
		steps: []string{`So $x^3 - 2x + 1 = (x^2 + x) - 2x + 1$ becomes $x^3 - 2x + 1 = (x + 1 + x) - 2x + 1$.`}, want: wantNotRefuted},
	{problem: `Suppose $y^2 = 3y - 1$. Find $y^3 + y^2$.`,
		steps: []string{`We have $y^3 + y^2 = 4y^2$, which becomes $y^3 + 3y - 1 = 4y^2$.`}, want: wantNotRefuted},
	{problem: `Let $t$ satisfy $t^2 - 2t - 4 = 0$, and compute $t^4$.`,
		steps: []string{`Then $t^3 = t^2 + 5t$ becomes $t^3 = 2t + 4 + 5t$.`}, want: wantNotRefuted},
	// A condition the reader cannot read still guards its one name.
	{problem: `Let $z$ be a real number with $\sqrt{z} + \sqrt[3]{z} = 12$. Find $z^2$.`,
		steps: []string{`So $z^3 + z^2 = 2z^2$ becomes $z^3 + z^2 = 8z + 1$.`}, want: wantNotRefuted},
	// The same steps with no condition in the problem are refuted, as before.
	{problem: `What is $x^3 - 2x + 1$ for the $x$ of the figure?`,
		steps: []string{`So $x^3 - 2x + 1 = (x^2 + x) - 2x + 1$ becomes $x^3 - 2x + 1 = (x - 1 + x) - 2x + 1$.`}, want: wantRefuted},
	// A wrong substitution is not refuted at a value the problem does not allow either: left
	// unknown (it fails at the problem's roots, which are irrational here).
	{problem: `If $x^2 - x - 1 = 0$, what is $x^3 - 2x + 1$?`,
		steps: []string{`So $x^3 - 2x + 1 = (x^2 + x) - 2x + 1$ becomes $x^3 - 2x + 1 = (x - 1 + x) - 2x + 1$.`}, want: wantNotRefuted},
	{problem: `Find $y^3 + y^2$.`,
		steps: []string{`We have $y^3 + y^2 = 4y^2$, which becomes $y^3 + 3y - 1 = 4y^2$.`}, want: wantRefuted},
	// Look-alikes that are real errors: the witness is a value the problem allows.
	{problem: `Solve $x^2 - 5x + 6 = 0$.`,
		steps: []string{`We have $x^2 - 5x + 6 = 0$, which factors as $(x + 2)(x + 3) = 0$.`}, want: wantRefuted},
	{problem: `Find all $w$ such that $w^2 - 7w + 10 = 0$.`,
		steps: []string{`We get $w^2 - 7w + 10 = 0$, so $(w + 5)(w + 2) = 0$.`}, want: wantRefuted},
	// The condition's polynomial is the first equation's, with no rational root: the
	// rewriting fails at every value it allows.
	{problem: `Let $x$ be a positive real number such that $x - \frac{1}{x} = 5.$ Find $x^2$.`,
		steps: []string{`Multiplying by $x$, we have $x^2 - 5x = 1$. Factoring, we have $(x - 1)(x - 5) = 0$.`}, want: wantRefuted},
	// A function's or a sequence's definition binds a dummy name: no condition on it.
	{problem: `Let $f(x) = x^2 + 1$ and $a_n = 2n + 3$. Solve $x^2 - 4x = 0$ too.`,
		steps: []string{`We have $x^2 - 4x = 0$, which becomes $(x + 1)(x - 3) = 0$.`}, want: wantRefuted},
}

func TestProblemCondTraps(t *testing.T) {
	tr, err := New(Options{})
	require.NoError(t, err)
	for i, c := range problemCondTraps {
		res, err := tr.ChainProblem(context.Background(), fmt.Sprint("problemcond-", i), c.problem, c.steps)
		require.NoError(t, err)
		s := res.Steps[len(c.steps)-1]
		assert.True(t, stepAsWanted(s, c.want, c.claim), "#%d: %q / %q: %s, want %s; obligations %+v; skipped %+v",
			i, c.problem, c.steps, s.Verdict, c.want, obligationsOf(s), s.Skipped)
	}
}
