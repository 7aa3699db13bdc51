package translate

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// red19Traps are hostile wordings of claims the readers refute, written so
// that the text no longer makes the claim (issue 29, red team 19): a value
// under consideration in one case of a sentence, a question nobody
// answers, a counterfactual, a rounding, a value ruled out, a calendar the
// step sets itself, the digit of an expression, numerals in another base,
// a claim put in someone's mouth, a claim taken back in the next sentence.
// Each family keeps look-alikes that are real asserted errors, refuted.
// The wording and the numbers are ours.
var red19Traps = []trap{
	// A case opened in mid-sentence: after ";" or "and" with a head word,
	// bare with an arrow, or after ";" with a colon. The value is one
	// under consideration, no claimed solution of the other case's equation.
	{family: "case in a clause", steps: []string{`With \(y = 2\), \(y^2 - 1 = 3\); with \(y = 4\), \(y^2 - 1 = 15\).`}, want: wantNotRefuted},
	{family: "case in a clause", steps: []string{`Taking \(m = 1\) gives \(3m + 2 = 5\); taking \(m = 2\) gives \(3m + 2 = 8\).`}, want: wantNotRefuted},
	{family: "case in a clause", steps: []string{`For \(t = 3\) we get \(t^2 = 9\) and for \(t = 5\) we get \(t^2 = 25\).`}, want: wantNotRefuted},
	{family: "case in a clause", steps: []string{"- \\(p = 2\\) gives \\(p^3 - 1 = 7\\)\n- \\(p = 3\\) gives \\(p^3 - 1 = 26\\)"}, want: wantNotRefuted},
	{family: "case in a clause", steps: []string{`\(q = 1\): \(5q = 5\); \(q = 3\): \(5q = 15\).`}, want: wantNotRefuted},
	{family: "case in a clause", steps: []string{`\(r = 2 \Rightarrow 4r = 8\), \(r = 5 \Rightarrow 4r = 20\).`}, want: wantNotRefuted},
	{family: "case in a clause", steps: []string{`When \(u = 1\), \(u + 6 = 7\), while when \(u = 2\), \(u + 6 = 8\).`}, want: wantNotRefuted},
	// List labels, options and scenarios, displays, a head on a line of its own, bare heads with "gives".
	{family: "case in a clause", steps: []string{"(a) \\(v = 2\\): \\(v^2 + 3 = 7\\)\n(b) \\(v = 4\\): \\(v^2 + 3 = 19\\)"}, want: wantNotRefuted},
	{family: "case in a clause", steps: []string{"1) \\(v = 2\\): \\(v^2 + 3 = 7\\)\n2) \\(v = 4\\): \\(v^2 + 3 = 19\\)"}, want: wantNotRefuted},
	{family: "case in a clause", steps: []string{`Option A: \(v = 2\), so \(v^2 + 3 = 7\). Option B: \(v = 4\), so \(v^2 + 3 = 19\).`}, want: wantNotRefuted},
	{family: "case in a clause", steps: []string{`Scenario 1: \(v = 2\), then \(v^2 + 3 = 7\). Scenario 2: \(v = 4\), then \(v^2 + 3 = 19\).`}, want: wantNotRefuted},
	{family: "case in a clause", steps: []string{`\[ v = 2 \implies v^2 + 3 = 7 \] \[ v = 4 \implies v^2 + 3 = 19 \]`}, want: wantNotRefuted},
	{family: "case in a clause", steps: []string{"For \\(v = 2\\)\n\\[ v^2 + 3 = 7 \\]\nFor \\(v = 4\\)\n\\[ v^2 + 3 = 19 \\]"}, want: wantNotRefuted},
	{family: "case in a clause", steps: []string{`\(v = 2\) gives \(v^2 + 3 = 7\), while \(v = 4\) gives \(v^2 + 3 = 19\).`}, want: wantNotRefuted},
	{family: "case in a clause", steps: []string{`\(v = 2\) yields \(v^2 + 3 = 7\); \(v = 4\) yields \(v^2 + 3 = 19\).`}, want: wantNotRefuted},
	{family: "case in a clause", steps: []string{"(a) \\(v = 2\\): \\(2^2 + 3 = 8\\)\n(b) \\(v = 4\\): \\(v^2 + 3 = 19\\)"}, want: wantRefuted, claim: "2 ^ 2 + 3 = 8"},
	{family: "case in a clause", steps: []string{`Option A: \(v = 2\), so \(2^2 + 3 = 8\).`}, want: wantRefuted, claim: "2 ^ 2 + 3 = 8"},
	// look-alikes: the arithmetic inside a case is wrong, or a solution is claimed outright.
	{family: "case in a clause", steps: []string{`With \(y = 2\), \(y^2 - 1 = 3\); with \(y = 4\), \(4^2 - 1 = 14\).`}, want: wantRefuted, claim: "4 ^ 2 - 1 = 14"},
	{family: "case in a clause", steps: []string{"- \\(p = 2\\) gives \\(2^3 - 1 = 6\\)\n- \\(p = 3\\) gives \\(p^3 - 1 = 26\\)"}, want: wantRefuted, claim: "2 ^ 3 - 1 = 6"},
	{family: "case in a clause", steps: []string{`\(q = 1\): \(5 \cdot 1 = 6\); \(q = 3\): \(5q = 15\).`}, want: wantRefuted, claim: "5 * 1 = 6"},
	{family: "case in a clause", steps: []string{`Then \(3m + 2 = 11\) gives \(m = 4\).`}, want: wantRefuted, claim: "at m = 4"},

	// A question nobody answers asks what it states; an answer after a
	// clause of its own ("which is even? No.") answers the clause.
	{family: "question", steps: []string{`Is \(k = 21\), which is even, a valid choice?`}, want: wantNotRefuted},
	{family: "question", steps: []string{`The sum is \(9 + 12 = 21\), which is even? No.`}, want: wantNotRefuted},
	{family: "question", steps: []string{`Can \(n = 15\), which is a perfect square, be the side?`}, want: wantNotRefuted},
	{family: "question", steps: []string{`Is \(3h = 21\)?`, `Solving for \(h\), we get \(h = 6\).`}, step: 1, want: wantNotRefuted},
	{family: "question", steps: []string{`Is 3h = 21?`, `Solving for h, we get: h = 6.`}, step: 1, want: wantNotRefuted},
	// look-alikes: the answered question is decided as answered; the property asserted is refuted.
	{family: "question", steps: []string{`Is \(6 \times 7 = 42\)? No.`}, want: wantRefuted},
	{family: "question", steps: []string{`Then \(k = 21\), which is even.`}, want: wantRefuted, claim: "21 is even"},
	{family: "question", steps: []string{`The sum is \(9 + 12 = 21\), which is even.`}, want: wantRefuted, claim: "21 is even"},

	// A sentence opening with "had" supposes; "had" after its subject states.
	{family: "counterfactual", steps: []string{`Had each box held \(4 \times 6 = 25\) pens, the total would change.`}, want: wantNotRefuted},
	{family: "counterfactual", steps: []string{`Had the shop sold 3 + 9 = 13 cakes, it would have met the goal.`}, want: wantNotRefuted},
	{family: "counterfactual", steps: []string{`He had \(4 \times 6 = 25\) pens.`}, want: wantRefuted, claim: "4 * 6 = 25"},
	{family: "counterfactual", steps: []string{`Each box had 4 × 6 = 25 pens.`}, want: wantRefuted, claim: "4 * 6 = 25"},

	// A rounding "to the nearest" unit.
	{family: "nearest", steps: []string{`To the nearest hundred, \(38 \times 21 = 800\).`}, want: wantNotRefuted},
	{family: "nearest", steps: []string{`The cost, to the nearest dollar, is 7 × 2.35 = 16.`}, want: wantNotRefuted},
	{family: "nearest", steps: []string{`So \(38 \times 21 = 800\).`}, want: wantRefuted, claim: "38 * 21 = 800"},

	// A value ruled out, excluded, or named "rather than" the solution.
	{family: "ruled out", steps: []string{`Then \(2w - 1 = 9\). We rule out \(w = 6\).`}, want: wantNotRefuted},
	{family: "ruled out", steps: []string{`Then \(2w - 1 = 9\), so \(w = 5\) rather than \(w = 6\).`}, want: wantNotRefuted},
	{family: "ruled out", steps: []string{`Then \(2w - 1 = 9\), excluding \(w = 6\).`}, want: wantNotRefuted},
	{family: "ruled out", steps: []string{`Then \(5 - z = 1\); this rules out \(z = 3\).`}, want: wantNotRefuted},
	{family: "ruled out", steps: []string{`Then \(2w - 1 = 9\), so \(w = 6\).`}, want: wantRefuted, claim: "at w = 6"},

	// A value in a sentence of its own that tries it or compares with it.
	{family: "trial value", steps: []string{`We solve \(4c - 3 = 21\). Guessing \(c = 5\) gives 17.`}, want: wantNotRefuted},
	{family: "trial value", steps: []string{`We solve \(4c - 3 = 21\). Perhaps \(c = 5\).`}, want: wantNotRefuted},
	{family: "trial value", steps: []string{`We solve \(4c - 3 = 21\). Start with \(c = 5\): 17.`}, want: wantNotRefuted},
	{family: "trial value", steps: []string{`We solve \(4c - 3 = 21\). \(c = 5\) is too small; \(c = 6\) works.`}, want: wantNotRefuted},
	{family: "trial value", steps: []string{`We solve \(4c - 3 = 21\). So \(c = 6\), one more than \(c = 5\).`}, want: wantNotRefuted},
	{family: "trial value", steps: []string{`We solve \(4c - 3 = 21\). For instance \(c = 5\) gives 17.`}, want: wantNotRefuted},
	// look-alikes: the value stated as the solution, in its sentence or the next.
	{family: "trial value", steps: []string{`We solve \(4c - 3 = 21\). So \(c = 5\).`}, want: wantRefuted, claim: "at c = 5"},
	{family: "trial value", steps: []string{`Let's try to solve: \(4c - 3 = 21\) gives \(c = 5\).`}, want: wantRefuted, claim: "at c = 5"},

	// An inequality in a name bound earlier, written as a condition, a region or a goal.
	{family: "bound inequality", steps: []string{`Let \(w = 2\).`, `We need \(w > 7\) for the bound.`}, step: 1, want: wantNotRefuted},
	{family: "bound inequality", steps: []string{`Let \(w = 2\).`, `In the region \(w > 7\), the function grows.`}, step: 1, want: wantNotRefuted},
	{family: "bound inequality", steps: []string{`Let \(w = 2\).`, `Any \(w > 7\) works.`}, step: 1, want: wantNotRefuted},
	{family: "bound inequality", steps: []string{`Let \(w = 2\).`, `Case 2: \(w > 7\). No solutions.`}, step: 1, want: wantNotRefuted},
	{family: "bound inequality", steps: []string{`Let \(w = 2\).`, `To have \(w > 7\), we would need a larger start.`}, step: 1, want: wantNotRefuted},
	{family: "bound inequality", steps: []string{`Let \(w = 2\).`, `Our goal is \(w > 7\).`}, step: 1, want: wantNotRefuted},
	// look-alikes: the inequality stated as a conclusion about the bound value.
	{family: "bound inequality", steps: []string{`Let \(w = 2\).`, `Hence \(w > 7\).`}, step: 1, want: wantRefuted, claim: "w > 7"},
	{family: "bound inequality", steps: []string{`Let \(w = 2\).`, `So we get \(3w \ge 7\).`}, step: 1, want: wantRefuted},

	{family: "bound inequality", steps: []string{`Let \(w = 2\).`, `We need \(3w + 1 = 10\).`}, step: 1, want: wantNotRefuted},
	{family: "bound inequality", steps: []string{`Let \(w = 2\).`, `Any \(w\) with \(3w + 1 = 10\) works.`}, step: 1, want: wantNotRefuted},
	{family: "bound inequality", steps: []string{`Let \(w = 2\).`, `The condition \(3w + 1 = 10\) must hold.`}, step: 1, want: wantNotRefuted},
	{family: "bound inequality", steps: []string{`Let \(w = 2\).`, `Then \(3w + 1 = 10\).`}, step: 1, want: wantRefuted, claim: "3 * w + 1 = 10"},

	// A calendar the step sets itself, in another sentence.
	{family: "own calendar", steps: []string{`Assume every month has 30 days. So March has 30 days.`}, want: wantNotRefuted},
	{family: "own calendar", steps: []string{`For simplicity we treat each month as 30 days, so August has 30 days.`}, want: wantNotRefuted},
	{family: "own calendar", steps: []string{`We approximate a month by 30 days. Then October has 30 days.`}, want: wantNotRefuted},
	{family: "own calendar", steps: []string{`So March has 30 days.`}, want: wantRefuted, claim: "the days of March = 30"},

	// The digit, remainder or divisor of an expression is no claim about the expression.
	{family: "value of an expression", steps: []string{`The units digit of \(7 \times 8 = 6\).`}, want: wantNotRefuted},
	{family: "value of an expression", steps: []string{`The last digit of 13 × 9 = 7.`}, want: wantNotRefuted},
	{family: "value of an expression", steps: []string{`The remainder of 29 ÷ 5 = 4.`}, want: wantNotRefuted},
	{family: "value of an expression", steps: []string{`So \(7 \times 8 = 54\).`}, want: wantRefuted, claim: "7 * 8 = 54"},
	{family: "value of an expression", steps: []string{`The sum of 7 × 8 = 54.`}, want: wantRefuted, claim: "7 * 8 = 54"},

	// Numerals of two digits or more in a sentence that names a base in math.
	{family: "base in math", steps: []string{`\(3 \times 5 = 17\) in base \(8\).`}, want: wantNotRefuted},
	{family: "base in math", steps: []string{`Working in base $6$, we have $4 + 5 = 13$.`}, want: wantNotRefuted},
	// look-alikes: single digits mean the same in every base; no base named.
	{family: "base in math", steps: []string{`This is \(6 - 2 = 5\) using base \(7\) rules.`}, want: wantRefuted, claim: "6 - 2 = 5"},
	{family: "base in math", steps: []string{`So \(3 \times 5 = 17\).`}, want: wantRefuted, claim: "3 * 5 = 17"},

	// A claim put in someone's mouth.
	{family: "attributed", steps: []string{`Sam thinks \(9 \times 7 = 56\).`}, want: wantNotRefuted},
	{family: "attributed", steps: []string{`Ana claims that \(9 \times 7 = 56\).`}, want: wantNotRefuted},
	{family: "attributed", steps: []string{`The student believes 12 + 19 = 41.`}, want: wantNotRefuted},
	{family: "attributed", steps: []string{`Ben says \(9 \times 7 = 56\), but he slipped.`}, want: wantNotRefuted},
	// look-alikes: the step's own computation, and its own reasoning cited.
	{family: "attributed", steps: []string{`Sam computes \(9 \times 7 = 56\).`}, want: wantRefuted, claim: "9 * 7 = 56"},
	{family: "attributed", steps: []string{`According to the formula, \(9 \times 7 = 56\).`}, want: wantRefuted, claim: "9 * 7 = 56"},
	{family: "attributed", steps: []string{`Hence \(9 \times 7 = 56\), as claimed.`}, want: wantRefuted, claim: "9 * 7 = 56"},
	{family: "attributed", steps: []string{`So 12 + 19 = 41, as we claimed above.`}, want: wantRefuted, claim: "12 + 19 = 41"},
	{family: "attributed", steps: []string{`Ana claimed \(9 \times 7 = 56\) earlier.`}, want: wantNotRefuted},

	// Struck-out text, and an expression that goes on past its math.
	{family: "struck or cut", steps: []string{`~~\((3a+b)^2 = 9a^2 + 3ab + b^2\)~~`}, want: wantNotRefuted},
	{family: "struck or cut", steps: []string{`So 8 × 9 = ~~71~~ 72.`}, want: wantNotRefuted},
	{family: "struck or cut", steps: []string{`So 8 × 9 = <del>71</del> 72.`}, want: wantNotRefuted},
	{family: "struck or cut", steps: []string{`So \(8 \times 9 = \sout{71}\ 72\).`}, want: wantNotRefuted},
	{family: "struck or cut", steps: []string{`\((3a+b)^2 = 9a^2 + 3ab + b^2\) + \(3ab\) = \(9a^2 + 6ab + b^2\)`}, want: wantNotRefuted},
	{family: "struck or cut", steps: []string{`\(5 + 6 = 10\) + 1 more gives 12.`}, want: wantNotRefuted},
	{family: "struck or cut", steps: []string{`\(2ab\) + \((3a+b)^2 = 9a^2 + 2ab\)`}, want: wantNotRefuted},
	// look-alikes: nothing struck, the math closes where the claim ends.
	{family: "struck or cut", steps: []string{`So \(5 + 6 = 10\).`}, want: wantRefuted, claim: "5 + 6 = 10"},
	{family: "struck or cut", steps: []string{`Then \(4 \cdot 7 = 29\) - which we use next.`}, want: wantRefuted, claim: "4 * 7 = 29"},
	{family: "struck or cut", steps: []string{`So 8 × 9 = 71, and ~~the old value~~ is gone.`}, want: wantRefuted, claim: "8 * 9 = 71"},

	// A correction that names the wrong claim.
	{family: "taken back", steps: []string{`Correcting \(8 \times 6 = 46\) to \(8 \times 6 = 48\).`}, want: wantNotRefuted},
	{family: "taken back", steps: []string{`Replacing \(8 \times 6 = 46\) by \(8 \times 6 = 48\) fixes it.`}, want: wantNotRefuted},

	// A claim taken back in the next sentence.
	{family: "taken back", steps: []string{`\(9 \times 7 = 56\). Let me redo this: \(9 \times 7 = 63\).`}, want: wantNotRefuted},
	{family: "taken back", steps: []string{`So 14 × 3 = 44. That value is a misprint.`}, want: wantNotRefuted},
	{family: "taken back", steps: []string{`So 14 × 3 = 44. Next we add 5.`}, want: wantRefuted, claim: "14 * 3 = 44"},
}

func TestRed19Traps(t *testing.T) {
	runTraps(t, "red19-", red19Traps, nil)
}

// TestRed19PriceTraps: a price the problem states once, said by a step of
// another time or another seller, is not the problem's price copied; the
// look-alike copies it with another value.
func TestRed19PriceTraps(t *testing.T) {
	const tailor = `A tailor hems 4 dresses each week. She charges $7.50 per dress. How much does she charge in 4 weeks?`
	cases := []struct {
		step, want string
	}{
		{`Next year she will charge $8 per dress.`, wantNotRefuted},
		{`Her rival charges $8 per dress.`, wantNotRefuted},
		{`The price is $7.50 per dress; a competitor's is $8 per dress.`, wantNotRefuted},
		{`She once charged $6 per dress.`, wantNotRefuted},
		{`Last season the tailor's price was $6 per dress.`, wantNotRefuted},
		// look-alikes: the problem's price copied with another value.
		{`For the dresses: 4 dresses x $8/dress = $32.`, wantRefuted},
		{`She charges $8 per dress.`, wantRefuted},
		{`It's $8 per dress, so 4 dresses cost $32.`, wantRefuted},
	}
	tr, err := New(Options{})
	require.NoError(t, err)
	for i, c := range cases {
		res, err := tr.ChainProblem(context.Background(), fmt.Sprint("red19price", i), tailor, []string{c.step})
		require.NoError(t, err)
		s := res.Steps[0]
		assert.True(t, stepAsWanted(s, c.want, ""), "#%d %q: %s, want %s; %+v", i, c.step, s.Verdict, c.want, obligationsOf(s))
	}
}
