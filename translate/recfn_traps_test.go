package translate

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRecFnTraps: values of a function the problem defines by the parity
// of its argument, in words (issue 29; docs/TRANSLATE.md, "Functions the
// problem defines by the parity of their argument"; package recfn). True
// chains are left alone or verified, a false link is refuted with other
// numbers, rules and names; a sentence that supposes, asks or hedges, a
// step that gives the name a meaning of its own, and a problem that does
// not fix the function are left alone. Problems and steps are ours.
func TestRecFnTraps(t *testing.T) {
	const (
		// h(1) = 4, h(n) = h(n/2) + 3 (n even), h(n) = 2h(n - 1) (n odd, n > 1).
		words = "A function $h$ is defined on the positive integers by the rules\n\n- $h(1)=4$,\n- if $n$ is an even positive integer, then $h(n)=h\\left(\\frac{n}{2}\\right)+3$,\n- if $n$ is an odd positive integer with $n>1$, then $h(n)=2 h(n-1)$.\n\nWhat is $h(20)$?"
		// q(1) = 0, q(2) = 1, q(n) = q(n - 2) + n (n even, n ≥ 4), q(n) = q(n - 1) - 1 (n odd, n ≥ 3).
		other = "A sequence of values $q$ on the positive integers has $q(1)=0$ and $q(2)=1$; when $k$ is even and $k \\geq 4$, $q(k)=q(k-2)+k$; when $k$ is odd and $k \\geq 3$, $q(k)=q(k-1)-1$. Find $q(9)$."
	)
	// h(2) = 7, h(4) = 10, h(5) = 20, h(10) = 23, h(20) = 26, h(3) = 14, h(6) = 17.
	// q(4) = 5, q(6) = 11, q(8) = 19, q(9) = 18, q(3) = 0.
	cases := []struct {
		problem, step, want, claim string
	}{
		// True forms.
		{words, `So \( h(20) = h(10) + 3 = h(5) + 6 = 2h(4) + 6 = 26 \).`, wantNotRefuted, ""},
		{words, `We have \( h(6) = h(3) + 3 = 17 \).`, wantNotRefuted, ""},
		{other, `Then \( q(9) = q(8) - 1 = 18 \).`, wantNotRefuted, ""},
		// Look-alikes that are real errors.
		{words, `So \( h(20) = h(10) + 3 = h(5) + 3 + 3 = 2h(5) + 6 \).`, wantRefuted, "2h(5)"},
		{words, `Hence \( h(10) = h(9) + 3 \).`, wantRefuted, "h(9)"},
		{words, `Therefore, \( h(20) = 27 \).`, wantRefuted, "27"},
		{other, `Then \( q(9) = q(8) + 1 = 20 \).`, wantRefuted, "q(8) + 1"},
		{other, `So \( q(6) = q(4) + 6 = 10 \).`, wantRefuted, "10"},
		// Supposed, asked, hedged, redefined: left alone.
		{words, `If \( h(20) = 27 \), the answer would be odd.`, wantNotRefuted, ""},
		{words, `Is \( h(20) = 27 \)? Let us see.`, wantNotRefuted, ""},
		{words, `Then \( h(20) \approx 27 \).`, wantNotRefuted, ""},
		{words, `Let \( h(x) = x + 7 \). Then \( h(20) = 27 \).`, wantNotRefuted, ""},
		// The problem does not fix the function: left alone.
		{strings.Replace(words, "What is", "Find all functions such that", 1), `Therefore, \( h(20) = 27 \).`, wantNotRefuted, ""},
		{strings.Replace(words, " with $n>1$", "", 1) + " Suppose also $h(3)=5$.", `Therefore, \( h(20) = 27 \).`, wantNotRefuted, ""},
		{strings.Replace(words, "even positive integer", "positive integer", 1), `Therefore, \( h(20) = 27 \).`, wantNotRefuted, ""},
	}
	tr, err := New(Options{})
	require.NoError(t, err)
	for i, c := range cases {
		res, err := tr.ChainProblem(context.Background(), fmt.Sprint("recfn", i), c.problem, []string{c.step})
		require.NoError(t, err)
		s := res.Steps[0]
		assert.True(t, stepAsWanted(s, c.want, c.claim), "#%d %q: %s, want %s; %+v", i, c.step, s.Verdict, c.want, obligationsOf(s))
		if c.want == wantRefuted {
			res, err = tr.Chain(context.Background(), fmt.Sprint("recfn-alone", i), []string{c.step})
			require.NoError(t, err)
			assert.NotEqual(t, StepRefuted, res.Steps[0].Verdict, "#%d without the problem", i)
		}
	}
	// A definition by cases (comparisons, and parity with "otherwise").
	const (
		byCmp    = "Let \\[p(x) = \\left\\{\n\\begin{array}{cl}\n3x - 2 & \\text{if } x \\le -1, \\\\\n7 - x & \\text{if } -1 < x < 4, \\\\\nx + 5 & \\text{if } x \\geq 4.\n\\end{array}\n\\right.\\]Find $p(-3) + p(2) + p(4)$."
		byParity = "For each positive integer $n$, let $$r(n)=\\begin{cases} \\frac{n}{2} & \\text{if } n \\text{ is even}, \\\\ 3n+1 & \\text{otherwise}. \\end{cases}$$ Compute $r(r(r(7)))$."
	)
	// p(-3) = -11, p(2) = 5, p(4) = 9; r(7) = 22, r(22) = 11, r(11) = 34.
	for i, c := range []struct{ problem, step, want, claim string }{
		{byCmp, `Since \(-3 \le -1\), \(p(-3) = 3(-3) - 2 = -11\).`, wantNotRefuted, ""},
		{byCmp, `Then \(p(2) = 7 - 2 = 5\) and \(p(4) = 4 + 5 = 9\).`, wantNotRefuted, ""},
		{byCmp, `Since \(4 < 4\) fails, we still use the middle row: \(p(4) = 7 - 4 = 3\).`, wantRefuted, "p(4) = 7 - 4"},
		{byCmp, `So \(p(2) = 3(2) - 2 = 4\).`, wantRefuted, "p(2)"},
		{byCmp, `The sum is \(p(-3) + p(2) + p(4) = -11 + 5 + 3 = -3\).`, wantRefuted, "p(-3) + p(2) + p(4) = -11 + 5 + 3"},
		{byCmp, `If \(p(2) = 4\), then the sum changes.`, wantNotRefuted, ""},
		{byCmp, `For \(x \le -1\), \(p(x) = 3x - 2\).`, wantNotRefuted, ""},
		{byParity, `We get \(r(7) = 3 \cdot 7 + 1 = 22\), \(r(22) = 11\) and \(r(11) = 34\).`, wantNotRefuted, ""},
		{byParity, `So \(r(r(r(7))) = r(r(22)) = r(11) = 17\).`, wantRefuted, "17"},
		{byParity, `Then \(r(22) = 3 \cdot 22 + 1 = 67\).`, wantRefuted, "r(22)"},
	} {
		res, err := tr.ChainProblem(context.Background(), fmt.Sprint("recfn-cases", i), c.problem, []string{c.step})
		require.NoError(t, err)
		s := res.Steps[0]
		assert.True(t, stepAsWanted(s, c.want, c.claim), "cases #%d %q: %s, want %s; %+v", i, c.step, s.Verdict, c.want, obligationsOf(s))
	}
	// An earlier step that gives the name its own meaning.
	res, err := tr.ChainProblem(context.Background(), "recfn-prior", words,
		[]string{`Define \( h(m) = 3m \) for convenience.`, `Therefore, \( h(20) = 27 \).`})
	require.NoError(t, err)
	assert.NotEqual(t, StepRefuted, res.Steps[1].Verdict)
}
