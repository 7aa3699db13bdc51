package translate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBoundNames: a name bound to one number in an earlier step is
// replaced by it in a closed line the arithmetic reader does not read
// (binomials, factorials, radicals, gcd …); re-bound, conditional or
// symbolic uses are left alone.
func TestBoundNames(t *testing.T) {
	tests := []struct {
		name    string
		steps   []string
		verdict Verdict
		reason  string
	}{
		{"binomial false", []string{`Let \(n = 12\).`, `So \(\binom{n}{2} = 67\).`}, Refuted, "the left side is 66, the right side 67"},
		{"binomial true", []string{`Let \(n = 12\).`, `So \(\binom{n}{2} = 66\).`}, Verified, "both sides are 66"},
		{"a product bound", []string{`Let \(c = 42 \cdot 56\).`, `Then \(\gcd(c, 100) = 4\).`}, Verified, "gcd(2352, 100) is 4"},
		{"a sum bound", []string{`We have $S = 1 + 2 + 3$.`, `So \(S! = 721\).`}, Refuted, "the left side is 720, the right side 721"},
		{"a subscripted name", []string{`Let \(a_1 = 5\).`, `So \(a_1! = 120\).`}, Verified, "both sides are 120"},
		{"a radical", []string{`Let \(m = 18\).`, `So \(\sqrt{m} = 3\sqrt{3}\).`}, Refuted, "the left side is 3√2, the right side 3√3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			obls := symObligations(t, tt.steps...)
			require.Len(t, obls, 1, "%v", obls)
			assert.Equal(t, tt.verdict, obls[0].Verdict, obls[0].Reason)
			assert.Contains(t, obls[0].Reason, tt.reason)
			assert.Contains(t, obls[0].Note, "a name bound to a number earlier in the chain is replaced by it")
		})
	}
	lookAlikes := [][]string{
		{`Let \(n = 12\).`, `For the second case let \(n = 5\).`, `So \(\binom{n}{2} = 10\).`}, // bound twice
		{`If \(n = 12\), the count is large.`, `So \(\binom{n}{2} = 10\).`},                    // a condition
		{`Let \(n = 12\).`, `If \(n = 5\), \(\binom{n}{2} = 10\).`},                            // a later condition
		{`Let \(n = 12\).`, `So \(n! = n \cdot (n-1)!\).`},                                     // not closed: left as an identity
		{`Let \(n = 12\).`, `In general \(\binom{n}{2} = \frac{n(n-1)}{2}\).`},
		{`Let \(x = 0.33\).`, `So \(\sqrt{x} = 1\).`}, // a rounded value
	}
	for _, steps := range lookAlikes {
		for _, o := range symObligations(t, steps...) {
			assert.NotEqual(t, Refuted, o.Verdict, "%v: refuted %s (%s)", steps, o.Expr, o.Reason)
		}
	}
	// The same lines with nothing bound: no symbolic claim at all.
	assert.Empty(t, symObligations(t, `So \(\binom{n}{2} = 67\).`))
}
