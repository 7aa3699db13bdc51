package translate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestImplicationToAFalseEquation: an equation in one unknown derived
// from one with a rational solution, where the unknown cancels and leaves
// a false equation ("Simplifying, we get: 6 = 3y - 3y"), does not follow:
// refuted at the solution. When the first equation has no solution the
// contradiction may be right (left alone), when the unknown cancels to a
// true equation nothing is claimed about it, and lists, cases and
// hypotheticals keep the pair alone as for any implication.
func TestImplicationToAFalseEquation(t *testing.T) {
	tests := []struct {
		name, step string
		want       StepVerdict
	}{
		{"cancelled wrongly", "Expanding both sides, we get:\n\\[\n21+10y+y^{2}=15+7y+y^{2}\n\\]\nSimplifying, we get:\n\\[\n6=3y-3y\n\\]", StepRefuted},
		{"cancelled wrongly, inline", `Collecting terms gives \( 4m + 9 = 4m + 9 + 2m \), which simplifies to \( 0 = 5m - 5m + 2 \).`, StepRefuted},
		{"new numbers, arrow", `\[ 5t - 10 = 2t + 2 \implies 3t - 3t = 12 \]`, StepRefuted},
		{"a true simplification", "Expanding both sides, we get:\n\\[\n21+10y+y^{2}=15+7y+y^{2}\n\\]\nSimplifying, we get:\n\\[\n6=-3y\n\\]", StepVerified},
		{"no real solution", `\[ y^2 + 9 = 0 \] so \[ 9 = y - y \]`, StepNone},
		// the identity reader verifies 3z - 3z = 0 by itself; no implication
		{"cancels to a true equation", `\[ 3z + 2 = 8 \] so \[ 3z - 3z = 0 \]`, StepVerified},
		{"an irrational solution only", `\[ w^2 = 2 \] so \[ w - w = 1 \]`, StepNone},
		{"two equations listed", `Both \( 2a + 1 = 7 \) and \( a - a = 4 \) appear in the table.`, StepNone},
		{"modular arithmetic", `We work modulo 4. \( 4x + 2 = 6 \), so \( 4x - 4x = 4 \).`, StepNone},
		{"a supposition", `Suppose \( 2x + 1 = 7 \). Then \( 2x - 2x = 6 \), a contradiction.`, StepNone},
		{"a questioned line", `\( 2x + 1 = 7 \), so \( 2x - 2x = 6 \)? That is wrong.`, StepNone},
		{"alternatives", `\( 2x + 1 = 7 \) or \( 2x - 2x = 6 \).`, StepNone},
		{"a hypothetical", `If \( 2q + 1 = 7 \), then \( q - q = 4 \) would follow.`, StepNone},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := lastStep(t, tt.step)
			assert.Equal(t, tt.want, s.Verdict, "%+v %+v", s.Obligations, s.Skipped)
			for _, o := range s.Obligations {
				require.NoError(t, ValidateDeclaration(o.Lean, "grind"), o.Lean)
			}
		})
	}
}
