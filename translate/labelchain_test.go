package translate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLabelChain: a quantity computed under a name and then given its
// value under the same name is one claim; anything else between the two
// statements leaves them alone.
func TestLabelChain(t *testing.T) {
	tests := []struct {
		step string
		want StepVerdict
	}{
		{`\[ \text{Total fruits} = 52 + 24 + 44 + 48 \] \[ \text{Total fruits} = 178 \]`, StepRefuted},
		{`\[ \text{Total fruits} = 52 + 24 + 44 + 48 \] \[ \text{Total fruits} = 168 \]`, StepVerified},
		{`Leftover = 100 - 20. Therefore, Leftover = 80 feet.`, StepVerified},
		{`Leftover = 100 - 20. So leftover = 70.`, StepRefuted},
		// Left alone: time may pass, the names differ, words between, a
		// word after the value, a pronoun for a label, a second
		// computation rather than a value.
		{`Balance = 100 - 20. Then balance = 95.`, StepNone},
		{`Apples = 100 - 20. Pears = 95.`, StepNone},
		{`Balance = 100 - 20. After the deposit, balance = 95.`, StepNone},
		{`Balance = 100 - 20. Balance = 95 after the deposit.`, StepNone},
		{`It = 100 - 20. It = 95.`, StepNone},
		{`Balance = 100 - 20. Balance = 90 + 5.`, StepNone},
	}
	for _, tt := range tests {
		t.Run(tt.step, func(t *testing.T) {
			res := exactChain(t, tt.step)
			require.Len(t, res.Steps, 1)
			assert.Equal(t, tt.want, res.Steps[0].Verdict, "%+v", res.Steps[0])
		})
	}
}
