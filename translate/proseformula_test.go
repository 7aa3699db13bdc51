package translate

import (
	"testing"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/proseformula"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestProseFormulaSpans: which spans of prose read as formulas.
func TestProseFormulaSpans(t *testing.T) {
	tests := []struct {
		text string
		want []string
	}{
		{"in the equation: ((J + 10) + J) + 2J + 10 = 100. This simplifies to 5J + 20 = 100.", []string{"((J + 10) + J) + 2J + 10 = 100", "5J + 20 = 100"}},
		{"So x + 2x = 30, so 3x = 30 and x = 10", []string{"x + 2x = 30", "3x = 30", "x = 10"}},
		{"We get 4 × n − 3 = 9 then n = 3.", []string{"4 × n − 3 = 9", "n = 3"}},
		{"so x^2 = 2.5x", []string{"x^2 = 2.5x"}},
		// Look-alikes: "x" as times, units, a word glued on, an expression
		// that goes on in words, a formula cut short, names inside words.
		{"so 3 x 4 = 12", nil},
		{"so 5 m + 3 m = 8 m", nil},
		{"so 5m = 500cm", nil},
		{"so 2x = 10% of it", nil},
		{"so 2x = 1,000", nil},
		{"so 2x = $10", nil},
		{"L is 2 times J = 2J", nil},
		{"so L = 2 times J", nil},
		{"Since L = J + 10, we substitute", nil},
		{"so 2x + 3 =", nil},
		{"so (x + 1 = 3", nil},
		{"so 12 + 3 = 15", nil},                                     // closed: the arithmetic reader's
		{"so f(x) = 3", nil},                                        // f( is not an operator on f's right
		{"so x = 3 apples", nil},                                    // a word after it
		{`so \( x + 1 = 2 \) and x + 2 = 3`, []string{"x + 2 = 3"}}, // math mode is the math reader's
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			var got []string
			for _, rg := range proseformula.Find(tt.text, mathtext.MathRegions(tt.text, mathtext.Lex(tt.text, 40))) {
				got = append(got, tt.text[rg.S:rg.E])
			}
			assert.Equal(t, tt.want, got)
		})
	}
}

// TestProseFormulaClaims: equations written in prose are checked as in
// math mode, and what is not a derivation is left alone.
func TestProseFormulaClaims(t *testing.T) {
	tests := []struct {
		name  string
		steps []string
		want  Verdict
	}{
		{"a wrong simplification", []string{"Since L = J + 10, we substitute L in the equation: ((J + 10) + J) + 2J + 10 = 100. This simplifies to 5J + 20 = 100."}, Refuted},
		{"a right simplification", []string{"Substituting: ((J + 10) + J) + 2J + 10 = 100. This simplifies to 4J + 20 = 100."}, Verified},
		{"a right solution", []string{"So x + 2x = 30. Then 3x = 30, so x = 10."}, Verified},
		{"a wrong solution", []string{"We get 2x + 3 = 7 so x = 3."}, Refuted},
		{"a lone equation", []string{"The total is 5J + 20 = 100."}, Unknown},
		{"a system", []string{"So J + L = 30. Then J - L = 10."}, Unknown},
		{"alternatives", []string{"So x - 8 = 12 or x - 8 = -12."}, Unknown},
		{"a condition", []string{"If x = 3, then 2x = 7."}, Unknown},
		{"times, not a name", []string{"So 3 x 4 = 12 and x = 5."}, Verified},
		// Across steps, an operation named on the equation just written.
		{"both sides, wrong", []string{"We are given that Jordan changes 5 a day, so we can write: 10 - (x/10) = 5.", "Simplifying the equation, we get: 10 - x = 50."}, Refuted},
		{"both sides, right", []string{"So we can write: 10 - (x/10) = 5.", "Multiplying both sides by 10, we get: 100 - x = 50."}, Verified},
		{"both sides to clear a fraction", []string{"So: 28 - 4x + (1/4)*(4 - x) = 16.", "Multiplying both sides by 4 to eliminate the fraction, we get: 112 - 16x + 4 - x = 64."}, Verified},
		{"another equation", []string{"So we can write: 10 - (x/10) = 5.", "For the second equation, we get: 10 - x = 50."}, Unknown},
		// Steps that are nothing but an equation, three or more in a row.
		{"bare steps, wrong", []string{"Step 4: 193 - (x + 13) = 160", "Step 5: 193 - x - 13 = 160", "Step 6: -x + 18 = 160"}, Refuted},
		{"bare steps, right", []string{"Step 4: 193 - (x + 13) = 160", "Step 5: 193 - x - 13 = 160", "Step 6: 180 - x = 160"}, Verified},
		{"bare cases of a factored equation", []string{"Step 4: (x - 2)(x + 3) = 0", "Step 5: x - 2 = 0", "Step 6: x + 3 = 0"}, Unknown},
		{"bare cases of a quadratic", []string{"Step 4: x^2 + x - 6 = 0", "Step 5: x - 2 = 0", "Step 6: x + 3 = 0"}, Unknown},
		{"two bare steps after prose", []string{"The factors give two cases.", "Step 5: x - 2 = 0", "Step 6: x + 3 = 0"}, Unknown},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Unknown
			for _, o := range symObligations(t, tt.steps...) {
				require.NotEqual(t, Error, o.Verdict, "%s: %s", o.Expr, o.Reason)
				if o.Verdict == Refuted || got == Unknown {
					got = o.Verdict
				}
			}
			assert.Equal(t, tt.want, got)
		})
	}
}
