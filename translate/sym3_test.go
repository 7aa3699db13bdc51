package translate

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// lastStep runs a chain with the exact checker and returns its last step.
func lastStep(t *testing.T, steps ...string) StepResult {
	t.Helper()
	tr, err := New(Options{})
	require.NoError(t, err)
	res, err := tr.Chain(context.Background(), "sym3", steps)
	require.NoError(t, err)
	require.NotEmpty(t, res.Steps)
	return res.Steps[len(res.Steps)-1]
}

// TestTrialWordsHedgeNoComputation: "test", "plug", "check", "correct"
// hedge whether a candidate fits, not the arithmetic written out to find
// it (omnimath-767); rejections still hold a computation back.
func TestTrialWordsHedgeNoComputation(t *testing.T) {
	cases := []struct {
		name, step string
		want       StepVerdict
	}{
		{"test, false sum", `We test some integer values of \(c\): For \(c = 12\): \[ 12^3 + 3 \cdot 12^2 + 1 = 1728 + 432 + 1 = 2017 \] This is correct, so \(c = 12\).`, StepRefuted},
		{"test, true sum", `We test some integer values of \(c\): For \(c = 12\): \[ 12^3 + 3 \cdot 12^2 + 1 = 1728 + 432 + 1 = 2161 \] This is correct, so \(c = 12\).`, StepVerified},
		{"plugging in, false product", `Plugging in n = 7 gives 7 * 8 = 54 handshakes.`, StepRefuted},
		{"checking, true product", `Checking: 7 * 8 = 56.`, StepVerified},
		{"a question keeps it", `Let's test: is 7 * 8 = 54?`, StepNone},
		{"a rejection keeps it", `We try 7 * 8 = 54, which is wrong.`, StepNone},
		{"a conditional keeps it", `If we test 7 * 8 = 54 then we are done.`, StepNone},
		{"the next sentence rejects it", `Checking: 7 * 8 = 54. That is not right.`, StepNone},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := lastStep(t, c.step)
			assert.Equal(t, c.want, s.Verdict, "%+v", s.Obligations)
		})
	}
}
