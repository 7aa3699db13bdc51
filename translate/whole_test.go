package translate

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestWholeStep: a step is its claims only when nothing but claims,
// connectives, punctuation and one unit word after a claim is left; each
// look-alike that says more (a negation, a hedge, an operand outside the
// claim, a label, another number) is not whole.
func TestWholeStep(t *testing.T) {
	tr, err := New(Options{})
	require.NoError(t, err)
	cases := []struct {
		step  string
		whole bool
	}{
		{"2 + 2 = 4", true},
		{"48 / 2 = 24", true},
		{"So 48 / 2 = 24 clips.", true},
		{"24 / 2 = 12 muffins and 40 + 10 = 50 cookies.", true},
		{`Thus \(40 \times 1.5 = 60\) dollars.`, true},
		{"2 + 2 = 5", true}, // whole, and refuted: a proven error
		// Look-alikes that say more than their claims.
		{"2 + 2 = 4 is wrong.", false},
		{"2 + 2 = 4 is not right", false},
		{"It is not true that 2 + 2 = 4.", false},
		{"2 + 2 = 4?", false},
		{"48 / 2 = 24 clips, not 25.", false},
		{"Natalia sold 48 / 2 = 24 clips in May.", false},
		{"half of 6 + 4 = 10", false},
		{"So 48 / 2 = 24 clips per box.", false},
		{"If 2 + 2 = 4 then 2 + 3 = 5.", false},
		{"2 + 2 = 4 wait", false},
		{"hello", false},
		{"The answer is 24.", false},
	}
	for _, c := range cases {
		res, err := tr.Chain(context.Background(), "w", []string{c.step})
		require.NoError(t, err)
		assert.Equal(t, c.whole, res.Steps[0].Whole, "%q: obligations %v skipped %v", c.step, res.Steps[0].Obligations, res.Steps[0].Skipped)
	}
}
