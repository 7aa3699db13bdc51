package translate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestImaginaryUnitDeclaredInAStep: a chain that declares i the imaginary unit in one of its
// steps ("the imaginary unit", "i^2 = -1"), where neither the problem nor any step uses i as an
// index or a counter, reads i as √-1 in every step, as a declaration in the problem does
// (symdefs/imag.go): a complex product or quotient written wrongly is refuted, one written right
// is not. Without any declaration, with i as an index, or in a supposition, nothing is refuted.
// Cases written for this test.
func TestImaginaryUnitDeclaredInAStep(t *testing.T) {
	const problem = `Solve for $w$: $4 + 2iw = 1 - iw$.`
	for _, tt := range []struct {
		name  string
		steps []string
		expr  string
	}{
		{"in the same step", []string{`Dividing by \(3i\) and clearing the imaginary unit from the denominator: \[ w = \frac{-3}{3i} \cdot \frac{i}{i} = \frac{-3i}{-3} = -i \]`}, "(-(3 * i)) / (-3) = -i"},
		{"in an earlier step", []string{`Recall that \(i^2 = -1\).`, `\[ (2 + i)(3 - i) = 6 - 2i + 3i - i^2 = 5 + i \]`}, "6 - 2 * i + 3 * i - i^2 = 5 + i"},
	} {
		t.Run("refuted/"+tt.name, func(t *testing.T) {
			s := imagStep(t, problem, tt.steps...)
			var got []string
			for _, o := range s.Obligations {
				if o.Verdict == Refuted {
					got = append(got, o.Expr)
				}
			}
			require.NotEmpty(t, got, "%+v", s.Obligations)
			assert.Contains(t, got, tt.expr)
		})
	}
	for _, tt := range []struct {
		name  string
		steps []string
	}{
		{"written right", []string{`Recall that \(i^2 = -1\).`, `\[ (2 + i)(3 - i) = 6 - 2i + 3i - i^2 = 7 + i \]`}},
		{"no declaration", []string{`Next, \[ (2 + i)(3 - i) = 6 - 2i + 3i - i^2 = 5 + i \]`}},
		{"i an index", []string{`Recall that \(i^2 = -1\), and let \(a_i\) be the terms.`, `\[ (2 + i)(3 - i) = 6 - 2i + 3i - i^2 = 5 + i \]`}},
		{"i a counter", []string{`Here i is the imaginary unit.`, `For i = 2 we get \[ (2 + i)(3 - i) = 6 - 2i + 3i - i^2 = 5 + i \]`}},
		{"a supposition", []string{`Recall that \(i^2 = -1\).`, `If \[ (2 + i)(3 - i) = 6 - 2i + 3i - i^2 = 5 + i, \] the product would be real-free.`}},
	} {
		t.Run("alone/"+tt.name, func(t *testing.T) {
			for _, o := range imagStep(t, problem, tt.steps...).Obligations {
				assert.NotEqual(t, Refuted, o.Verdict, "%s: %s", o.Expr, o.Reason)
			}
		})
	}
}
