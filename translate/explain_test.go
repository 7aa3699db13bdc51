package translate

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestReasonsShowComputedValues: the reason of a decided obligation gives
// the values computed, never "P holds" or "¬(P) holds".
func TestReasonsShowComputedValues(t *testing.T) {
	tests := []struct {
		step    string
		verdict Verdict
		reason  string
	}{
		{"So 48/2 = 25.", Refuted, "48 / 2 is 24, not 25"},
		{"Then \\( 25 = 48/2 \\).", Refuted, "48 / 2 is 24, not 25"},
		{"So 48/2 = 24.", Verified, "48 / 2 is 24"},
		{"So 2 × 3 = 4 + 1.", Refuted, "2 * 3 is 6 but 4 + 1 is 5"},
		{"So 3 + 4 < 5.", Refuted, "not 7 < 5 (3 + 4 is 7)"},
		{"So 2 × 1.25 = 3.50.", Refuted, "2 * 1.25 is 2.5, not 3.5: further apart than rounding"},
		{"So 1/3 = 0.33.", Approximate, "1 / 3 is 1/3 = 0.3333…, not 0.33; 0.33 is its rounding to 0.01"},
		{"So 2/3 = 0.6.", Approximate, "0.6 is its truncation to 0.1"},
	}
	for _, tt := range tests {
		res := exactChain(t, tt.step)
		obs := res.Steps[0].Obligations
		if !assert.NotEmpty(t, obs, "%q: no obligation (skipped %v)", tt.step, res.Steps[0].Skipped) {
			continue
		}
		o := obs[0]
		assert.Equal(t, tt.verdict, o.Verdict, "%q: %s", tt.step, o.Reason)
		assert.Contains(t, o.Reason, tt.reason, tt.step)
		assert.NotContains(t, o.Reason, "P) holds", tt.step)
	}
}

// TestRoundingConventions pins down which shown values count as a rounding
// of 2/3 to one place: nearest and truncation are approximate, anything else
// within the last place is unknown, and farther is refuted.
func TestRoundingConventions(t *testing.T) {
	for _, tt := range []struct {
		step string
		want StepVerdict
	}{
		{"So 2/3 = 0.7.", StepApproximate},
		{"So 2/3 = 0.6.", StepApproximate},
		{"So 2/3 = 0.5.", StepRefuted},
		{"So 2/3 = 0.8.", StepRefuted},
		{"So 1/3 = 0.4.", StepNone}, // rounding away from zero: no everyday convention, never refuted
		{"So -1/3 = -0.3.", StepApproximate},
		{"So -2/3 = -0.6.", StepApproximate},
		{"So 2/3 = 0.67 exactly.", StepNone},
		{"So 1/2 = 0.5 exactly.", StepVerified},
	} {
		res := exactChain(t, tt.step)
		assert.Equal(t, tt.want, res.Steps[0].Verdict, "%q: %+v, skipped %v", tt.step, res.Steps[0].Obligations, res.Steps[0].Skipped)
	}
}
