package translate

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestWordSeqTraps: a term of a sequence the problem defines in words,
// stated by its place (issue 29; docs/TRANSLATE.md, "Terms of a sequence
// the problem defines in words"; package wordseq). The true term is left
// alone or verified, another value refuted with other numbers, rules and
// wordings; a sentence that supposes, hedges, rounds or tests, a term in
// an expression, a step about another sequence, and a problem that does
// not fix one sequence are left alone. Problems and steps are ours.
func TestWordSeqTraps(t *testing.T) {
	const (
		adds     = "A sequence starts with the term 315. Each succeeding term is found by adding 40 to the previous term. What is the sum of the ninth and tenth terms?"
		less     = "Lena writes a sequence that begins at 88, each term being 6 less than the previous term. What is the twelfth term?"
		diff     = "The first term of an arithmetic sequence is $-7$ and the common difference is $4$. What is the 15th term?"
		geo      = "The first term of a geometric sequence is 3 and the common ratio is 2. What is the eighth term?"
		twoSeq   = "Two sequences start with 5: one adds 3 to the previous term, the other adds 4. Find the sixth terms."
		stated   = "A sequence starts with 5 and each term is 3 more than the previous term. Its seventh term is 23. What is the tenth term?"
		supposed = "If a sequence starts with 5 and each term is 3 more than the previous term, what is its tenth term?"
	)
	cases := []struct {
		problem, step, want, claim string
	}{
		// True forms: left alone or verified.
		{adds, "The ninth term is $635$ and the tenth term is $675$.", wantNotRefuted, ""},
		{less, "So the 12th term is 22.", wantNotRefuted, ""},
		{diff, "Hence the fifteenth term is \\(49\\).", wantNotRefuted, ""},
		{geo, "The eighth term is 384.", wantNotRefuted, ""},
		// Look-alikes that are real errors: another value.
		{adds, "The ninth term is $595$ and the tenth term is $635$.", wantRefuted, "595"},
		{adds, "Therefore, the tenth term is 715.", wantRefuted, "715"},
		{less, "So the 12th term is 28.", wantRefuted, "28"},
		{diff, "Hence the fifteenth term of the sequence is \\(53\\).", wantRefuted, "53"},
		{geo, "The eighth term is 768, so the answer is 768.", wantRefuted, "768"},
		// Hedged, supposed, tested, rounded, in an expression: left alone.
		{adds, "If the ninth term is 595, the tenth would be 635.", wantNotRefuted, ""},
		{adds, "Let's check: the ninth term is 595?", wantNotRefuted, ""},
		{adds, "The ninth term is about 600.", wantNotRefuted, ""},
		{adds, "Twice the ninth term is 1270.", wantNotRefuted, ""},
		{adds, "The ninth term is 595 + 40 = 635.", wantNotRefuted, ""},
		{adds, "The ninth term is not 595, it is 635.", wantNotRefuted, ""},
		{adds, "In the expansion, the second term is 80.", wantNotRefuted, ""},
		{adds, "Consider the new sequence of sums; its ninth term is 595.", wantNotRefuted, ""},
		{adds, "In the sum 635 + 675, the first term is 635 and the second term is 675.", wantNotRefuted, ""},
		// The problem does not fix one sequence: left alone.
		{twoSeq, "The sixth term is 30.", wantNotRefuted, ""},
		{stated, "The tenth term is 40.", wantNotRefuted, ""},
		{supposed, "The tenth term is 40.", wantNotRefuted, ""},
	}
	tr, err := New(Options{})
	require.NoError(t, err)
	for i, c := range cases {
		res, err := tr.ChainProblem(context.Background(), fmt.Sprint("wordseq", i), c.problem, []string{c.step})
		require.NoError(t, err)
		s := res.Steps[0]
		assert.True(t, stepAsWanted(s, c.want, c.claim), "#%d %q: %s, want %s; %+v", i, c.step, s.Verdict, c.want, obligationsOf(s))
		if c.want == wantRefuted {
			res, err = tr.Chain(context.Background(), fmt.Sprint("wordseq-alone", i), []string{c.step})
			require.NoError(t, err)
			assert.NotEqual(t, StepRefuted, res.Steps[0].Verdict, "#%d without the problem", i)
		}
	}
	// An earlier step about another sequence: the term may be its own.
	res, err := tr.ChainProblem(context.Background(), "wordseq-prior", adds,
		[]string{"Look at the sequence of differences between the squares of the terms.", "The ninth term is 595."})
	require.NoError(t, err)
	assert.NotEqual(t, StepRefuted, res.Steps[1].Verdict)
}
