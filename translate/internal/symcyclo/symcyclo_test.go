package symcyclo

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/translate/internal/symexpr"
	"github.com/leanprm/leanprm/translate/obligation"
)

func read(t testing.TB, s string) *symexpr.Expr {
	e, _, _, err := symexpr.ReadAny(s, nil)
	require.NoError(t, err, s)
	return e
}

func TestDecide(t *testing.T) {
	tests := []struct {
		a, b  string
		holds bool
		why   string // an error's text when the claim is left alone
	}{
		{`\sin 18^\circ`, `\frac{\sqrt{5} - 1}{4}`, true, ""},
		{`\sin 18^\circ`, `\frac{\sqrt{5} + 1}{4}`, false, ""},
		{`\cos 20^\circ \cos 40^\circ \cos 80^\circ`, `\frac{1}{8}`, true, ""},
		{`\cos 20^\circ \cos 40^\circ \cos 80^\circ`, `\frac{1}{4}`, false, ""},
		{`\tan 15^\circ`, `2 - \sqrt{3}`, false, "no trigonometric value outside the table"}, // algebra.TrigPi's
		{`\sin 1^\circ`, `\frac{7}{400}`, false, "decimal"},                                  // as if read from "0.0175"
		{`100 \sin 40^\circ`, `64`, false, "within 1"},
		{`\tan 90^\circ + \sin 1^\circ`, `1`, false, "division by zero"},
		{`\sin 1^\circ \sqrt{7}`, `1`, false, "too large"}, // Q(ζ_2520)
		{`\sin 37.5^\circ`, `\frac{1}{2}`, false, ""},      // a fraction is no rounding
		{`\sin 37.5^\circ`, `1`, false, "within 1"},
		{`\sin 1^\circ`, `x`, false, "a name"},
	}
	for _, tt := range tests {
		o := &obligation.Obligation{}
		raw := tt.a + " = " + tt.b
		if tt.why == "decimal" {
			raw = tt.a + " = 0.0175"
		}
		err := Decide(o, read(t, tt.a), read(t, tt.b), raw, "decide", "grind")
		if tt.why != "" {
			require.Error(t, err, "%s = %s", tt.a, tt.b)
			assert.Contains(t, err.Error(), tt.why)
			continue
		}
		require.NoError(t, err, "%s = %s", tt.a, tt.b)
		assert.Contains(t, o.WhyProof, "e^{2πi/", "%s = %s", tt.a, tt.b)
		if tt.holds {
			assert.Regexp(t, "same|both sides are", o.WhyProof, "%s = %s", tt.a, tt.b)
		} else {
			assert.Regexp(t, "differ|the left side is", o.WhyDisproof, "%s = %s", tt.a, tt.b)
			assert.NotContains(t, o.LeanNeg, "v1")
		}
	}
}

// FuzzDecide: no panic on any tree the reader makes, and a side against
// itself always holds.
func FuzzDecide(f *testing.F) {
	for _, s := range []string{`\sin 1^\circ`, `\frac{1}{\sin 8^\circ}`, `\tan^{3} 20^\circ - \sqrt{3}`, `\cos\frac{\pi}{7}`, `\sec 10^\circ \csc 80^\circ`, `\sqrt{2 - \cos 60^\circ}`, `\frac{1}{2}[\cos 6^\circ - \cos 48^\circ]`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e, _, _, err := symexpr.ReadAny(s, nil)
		if err != nil || e == nil {
			return
		}
		o := &obligation.Obligation{}
		if Decide(o, e, e, s, "decide", "grind") == nil && !strings.Contains(o.WhyProof, "same") && !strings.Contains(o.WhyProof, "both sides are") {
			t.Fatalf("%q = itself does not hold: %s", s, o.WhyDisproof)
		}
	})
}
