package translate

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTupleSatTraps: tuples a step lists as the ones satisfying the
// equation (issue 29; docs/TRANSLATE.md, "Tuples said to satisfy the
// problem's equation"; package tuplesat). Tuples that satisfy it are left
// alone, a tuple that fails it is refuted in every wording and with other
// numbers; a sentence that supposes, tests, hedges or denies, a list with
// an ellipsis or more after it, a problem with two equations or no tuple of
// names, and a chain whose own equation the tuple satisfies are left alone.
// Problems and steps are ours.
func TestTupleSatTraps(t *testing.T) {
	const circle = `Find all ordered pairs $(x, y)$ of integers satisfying $x^{2}+y^{2}-4 x+6 y=12$.`
	const line = `How many pairs $(m, n)$ of positive integers satisfy $3 m+5 n=47$?`
	const triple = `Find every triple $(a, b, c)$ of positive integers with $a+2 b+3 c=14$.`
	const system = `Find all pairs $(x, y)$ with $x+y=7$ and $x y=12$.`
	const noNames = `Find the integer solutions of $x^{2}-y^{2}=15$.`
	cases := []struct {
		problem string
		steps   []string
		want    string
		claim   string
	}{
		// True forms: every tuple listed satisfies the equation.
		{circle, []string{`So the ordered pairs that satisfy the equation are \((7, -3)\), \((5, 1)\) and \((2, 2)\).`}, wantNotRefuted, ""},
		{line, []string{`Hence the pairs that satisfy the equation are \((4, 7)\), \((9, 4)\) and \((14, 1)\).`}, wantNotRefuted, ""},
		{triple, []string{`The triples that satisfy the equation are: \((1, 2, 3)\), \((3, 1, 3)\).`}, wantNotRefuted, ""},
		// Variants: other numbers, a display, "solutions", the equation written inline.
		{line, []string{`The solutions satisfying the given equation are \[ (4, 7), (9, 4), (14, 1) \]`}, wantNotRefuted, ""},
		{"", []string{`The pairs \((p, q)\) that satisfy the equation \(2p + q = 11\) are \((3, 5)\) and \((5, 1)\).`}, wantNotRefuted, ""},
		// Look-alikes that are real errors: a listed tuple fails the equation.
		{circle, []string{`So the ordered pairs that satisfy the equation are \((7, -3)\), \((1, 1)\) and \((2, 2)\).`}, wantRefuted, "at (x, y) = (1, 1)"},
		{line, []string{`Hence the pairs that satisfy the equation are \((4, 7)\), \((8, 5)\).`}, wantRefuted, "at (m, n) = (8, 5)"},
		{triple, []string{`The triples that satisfy the equation are: \((1, 2, 3)\), \((2, 2, 2)\).`}, wantRefuted, "at (a, b, c) = (2, 2, 2)"},
		{line, []string{`We get the following pairs satisfying the equation: $(4,7)$, $(10,3)$.`}, wantRefuted, "(10, 3)"},
		{"", []string{`The pairs \((p, q)\) that satisfy the equation \(2p + q = 11\) are \((3, 5)\) and \((4, 2)\).`}, wantRefuted, "(4, 2)"},
		// Hedged, tested, supposed or denied: left alone.
		{circle, []string{`If we try small values, the pairs that satisfy the equation are \((1, 1)\).`}, wantNotRefuted, ""},
		{circle, []string{`We check whether the pairs that satisfy the equation include \((1, 1)\).`}, wantNotRefuted, ""},
		{circle, []string{`The pairs that do not satisfy the equation are \((1, 1)\) and \((0, 0)\).`}, wantNotRefuted, ""},
		{circle, []string{`Possible pairs that satisfy the equation are \((1, 1)\) and \((2, 2)\).`}, wantNotRefuted, ""},
		{circle, []string{`The pairs that satisfy the equation might be \((1, 1)\).`}, wantNotRefuted, ""},
		// Lists not closed or not ended, no fixed equation or names: left alone.
		{circle, []string{`The pairs that satisfy the equation are \((7, -3), (1, 1), \ldots\).`}, wantNotRefuted, ""},
		{circle, []string{`The pairs that satisfy the equation are \((1, 1)\) and its reflections.`}, wantNotRefuted, ""},
		{system, []string{`The pairs that satisfy the equation are \((1, 1)\).`}, wantNotRefuted, ""},
		{noNames, []string{`The pairs that satisfy the equation are \((1, 1)\).`}, wantNotRefuted, ""},
		// The chain's own equation in the names, which the tuple satisfies: left alone.
		{circle, []string{`Completing the squares, \[ (x-2)^2 + (y+3)^2 = 4 \]`, `The pairs that satisfy the equation are \((2, -1)\) and \((4, -3)\).`}, wantNotRefuted, ""},
	}
	tr, err := New(Options{})
	require.NoError(t, err)
	for i, c := range cases {
		res, err := tr.ChainProblem(context.Background(), fmt.Sprint("tuplesat", i), c.problem, c.steps)
		require.NoError(t, err)
		s := res.Steps[len(c.steps)-1]
		assert.True(t, stepAsWanted(s, c.want, c.claim), "#%d %q: %s, want %s; %+v", i, c.steps, s.Verdict, c.want, obligationsOf(s))
		// the same step without the problem: no equation is fixed, unless the sentence writes it
		if c.want == wantRefuted && c.problem != "" {
			res, err = tr.Chain(context.Background(), fmt.Sprint("tuplesat-alone", i), c.steps)
			require.NoError(t, err)
			assert.NotEqual(t, StepRefuted, res.Steps[len(c.steps)-1].Verdict, "#%d without the problem", i)
		}
	}
}
