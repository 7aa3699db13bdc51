package translate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestClosedFunctions: gcd, lcm, floor, ceiling and logarithms of closed
// rationals are decided by a closed certificate; the reason names the
// value computed.
func TestClosedFunctions(t *testing.T) {
	tests := []struct {
		name    string
		step    string
		verdict Verdict
		reason  string
	}{
		{"gcd true", `So \(\gcd(42, 56) = 14\).`, Verified, "gcd(42, 56) is 14"},
		{"gcd false", `So \(\gcd(42, 56) = 7\).`, Refuted, "gcd(42, 56) is 14, not 7"},
		{"gcd without a space", `So \(\gcd(12,18) = 6\).`, Verified, "gcd(12, 18) is 6"},
		{"gcd on the right", `So \(4 = \gcd(12, 20)\).`, Verified, "gcd(12, 20) is 4"},
		{"operatorname gcd", `So \(\operatorname{gcd}(9, 15) = 5\).`, Refuted, "gcd(9, 15) is 3, not 5"},
		{"lcm true", `So \(\operatorname{lcm}(4, 6) = 12\).`, Verified, "lcm(4, 6) is 12"},
		{"lcm false", `So \(\text{lcm}(4, 6) = 24\).`, Refuted, "lcm(4, 6) is 12, not 24"},
		{"lcm of products", `So \(\mathrm{lcm}(2 \cdot 3, 2^2) = 12\).`, Verified, "lcm(2 * 3, 2^2) is 12"},
		{"lcm in a sum", `Then \(\operatorname{lcm}(4, 6) + 1 = 14\).`, Refuted, "the left side is 13, the right side 14"},
		{"floor true", `So \(\lfloor \frac{7}{2} \rfloor = 3\).`, Verified, "⌊7 / 2⌋ is 3"},
		{"floor false", `So \(\lfloor 7/2 \rfloor = 4\).`, Refuted, "⌊7 / 2⌋ is 3, not 4"},
		{"floor of a negative", `So \(\left\lfloor -\frac{7}{2} \right\rfloor = -4\).`, Verified, "is -4"},
		{"ceiling true", `So \(\lceil \frac{7}{2} \rceil = 4\).`, Verified, "⌈7 / 2⌉ is 4"},
		{"ceiling of a whole number", `So \(\lceil 6 \rceil = 7\).`, Refuted, "⌈6⌉ is 6, not 7"},
		{"log true", `Then \(\log_2 8 = 3\).`, Verified, "log_2(8) is 3"},
		{"log false", `Then \(\log_2 8 = 4\).`, Refuted, "log_2(8) is 3, not 4"},
		{"log braced base", `Then \(\log_{3} 81 = 4\).`, Verified, "log_3(81) is 4"},
		{"log of a power", `Then \(\log_2 2^{10} = 10\).`, Verified, "is 10"},
		{"log with a rational value", `Then \(\log_4 8 = \frac{3}{2}\).`, Verified, "log_4(8) is 3/2"},
		{"log with a negative value", `Then \(\log_2 \frac{1}{8} = -3\).`, Verified, "is -3"},
		{"log with a wrong negative value", `Then \(\log_{\frac{1}{2}} 4 = 2\).`, Refuted, "is -2, not 2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			obls := symObligations(t, tt.step)
			require.Len(t, obls, 1, "%v", obls)
			o := obls[0]
			assert.Equal(t, KindClosedValue, o.Kind)
			assert.Equal(t, tt.verdict, o.Verdict, "%s: %s", o.Expr, o.Reason)
			assert.Contains(t, o.Reason, tt.reason)
			assert.Equal(t, "exact", o.Checker)
			require.NoError(t, ValidateDeclaration(o.Lean, "decide +kernel"), o.Lean)
			assert.Contains(t, o.Note, "certificate")
		})
	}
}

// TestClosedFunctionLookAlikes: what is not an exact closed value of a
// closed function is left alone.
func TestClosedFunctionLookAlikes(t *testing.T) {
	for _, step := range []string{
		`So \(\log_5 49 = 2.64\).`,              // irrational: a decimal is no exact value
		`So \(\log_2 10 = 3\).`,                 // irrational, whatever the floor
		`So \(\log 100 = 2\).`,                  // base 10 or e?
		`So \(\ln 1 = 0\).`,                     // \ln is not read
		`So \(\gcd(a, b) = 1\).`,                // names
		`So \(\gcd(1,000, 15) = 5\).`,           // a thousands separator or an argument?
		`So \(\gcd(4, 6, 8) = 2\).`,             // three arguments
		`So \(\gcd(0, 6) = 6\).`,                // not positive
		`So \(\lfloor x \rfloor = 3\).`,         // names
		`So \(\lfloor \sqrt{50} \rfloor = 7\).`, // a radical inside
		`So \(\log_1 1 = 0\).`,                  // base 1
		`If \(\gcd(42, 56) = 7\), then the fraction reduces.`,
		`Suppose \(\lfloor 7/2 \rfloor = 4\).`,
		`\(\gcd(x, 4) + x = x + 2\)`,
	} {
		for _, o := range symObligations(t, step) {
			assert.NotEqual(t, Refuted, o.Verdict, "%s: refuted %s (%s)", step, o.Expr, o.Reason)
			assert.NotEqual(t, Error, o.Verdict, "%s: %s (%s)", step, o.Expr, o.Reason)
		}
	}
}

// TestChangeOfBaseIsNotModular: "using base 2" next to a logarithm does
// not make "=" stand for "≡" (olympiadbench-488, claim text only), while
// "in base 5" without one still does.
func TestChangeOfBaseIsNotModular(t *testing.T) {
	obls := symObligations(t, "Using base 2, we get:\n"+`\[ \log_{4} 2^{8!} = \frac{\log_{2} 2^{8!}}{\log_{2} 4} = \frac{8!}{2} = 4 \cdot 8! \]`)
	require.Len(t, obls, 1)
	assert.Equal(t, Refuted, obls[0].Verdict)
	assert.Contains(t, obls[0].Reason, "the left side is 20160, the right side 161280")
	for _, o := range symObligations(t, `Written in base 5, \[ \frac{8!}{2} = 4 \cdot 8! \]`) {
		assert.NotEqual(t, Refuted, o.Verdict, o.Expr)
	}
}

// stepObligations returns every obligation of a one-step chain.
func stepObligations(t *testing.T, step string) []Obligation {
	t.Helper()
	tr, err := New(Options{})
	require.NoError(t, err)
	res, err := tr.Chain(t.Context(), "sym", []string{step})
	require.NoError(t, err)
	return res.Steps[0].Obligations
}

// TestApproximateLogs: a decimal of an irrational logarithm is a rounding,
// approximate at best; far from the value it is refuted; a little off, or
// an exact log, it is left alone.
func TestApproximateLogs(t *testing.T) {
	tests := []struct {
		step    string
		verdict Verdict // "" when no approximation may be made
		reason  string
	}{
		{`Then \( \log_5 49 = 2.42 \).`, Approximate, "lies between 2.415 and 2.425 (rounding)"},
		{`Then \( \log_5 49 = 2.41 \).`, Approximate, "(truncation)"},
		{`Then \( \log_{2} 10 \approx 3.32 \).`, Approximate, "rounding"},
		// math-326 (claim text only): inside a chain of inequalities.
		{`gives \( 1.2 \geq \log_5 n > \log_5 49 = 2.64 \). Since`, Refuted, "is not between 2.508 and 2.772"},
		{`Then \( \log_{2} 10 \approx 4.32 \).`, Refuted, "so it is not 4.32"},
		{`Then \( \log_5 49 \approx 2.5 \).`, "", ""},    // off, but not far: a convention?
		{`Then \( \log_2 8 = 3.0 \).`, "", ""},           // an exact log
		{`Then \( \log_{\frac12} 3 = 1.58 \).`, "", ""},  // a base below 1 is not read
		{`If \( \log_2 10 = 4.32 \), then`, Unknown, ""}, // a condition
	}
	for _, tt := range tests {
		t.Run(tt.step, func(t *testing.T) {
			var got []Obligation
			for _, o := range stepObligations(t, tt.step) {
				if o.Kind == KindApproximation {
					got = append(got, o)
				}
			}
			if tt.verdict == "" {
				assert.Empty(t, got)
				return
			}
			require.Len(t, got, 1)
			assert.Equal(t, tt.verdict, got[0].Verdict, got[0].Reason)
			assert.Contains(t, got[0].Reason, tt.reason)
			assert.NotEqual(t, Verified, got[0].Verdict)
			require.NoError(t, ValidateDeclaration(got[0].Lean, "decide +kernel"))
		})
	}
}

// TestCertsBetweenInequalities: a closed-function claim inside a chain of
// inequalities is read; one with names is not.
func TestCertsBetweenInequalities(t *testing.T) {
	obls := symObligations(t, `gives \( 3 < \lfloor 7/2 \rfloor = 4 < 5 \). So`)
	require.Len(t, obls, 1)
	assert.Equal(t, Refuted, obls[0].Verdict)
	assert.Contains(t, obls[0].Reason, "⌊7 / 2⌋ is 3, not 4")
	assert.Empty(t, symObligations(t, `gives \( 3 < \lfloor x \rfloor = 4 < 5 \). So`))
	assert.Empty(t, symObligations(t, `gives \( 3 \le \lfloor 7/2 \rfloor = 3 \pm 1 \). So`))
}

// TestRootReplacedInFormula: a square root written as a whole number on
// the next line of a ± formula (math-179, olympiadbench-171, claim text
// only) is the claim √N = M.
func TestRootReplacedInFormula(t *testing.T) {
	tests := []struct {
		name    string
		step    string
		verdict Verdict
		reason  string
	}{
		{"olympiadbench-171", `\[ x = \frac{949 \pm \sqrt{122845}}{2} \] \[ x = \frac{949 \pm 351}{2} \] \[ x = \frac{598}{2} = 299 \quad \text{(not valid)} \]`, Refuted, "351² is 123201, not 122845"},
		{"math-179", "\\[a = \\frac{108 \\pm \\sqrt{67089}}{122}\\]\n\\[a = \\frac{108 \\pm 259}{122}\\]", Refuted, "259² is 67081, not 67089"},
		{"olympiadbench-765", `\[ k = \frac{43 \pm \sqrt{115513}}{96}, \] \[ k = \frac{43 \pm 143}{96}. \] This gives`, Refuted, "143² is 20449, not 115513"},
		{"a perfect square", `\[ x = \frac{7 \pm \sqrt{49 - 24}}{2} \] \[ x = \frac{7 \pm 5}{2} \]`, Verified, "25 = 5²"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var obls []Obligation
			for _, o := range symObligations(t, tt.step) {
				if o.Kind == KindClosedValue {
					obls = append(obls, o)
				}
			}
			require.Len(t, obls, 1, "%v", obls)
			assert.Equal(t, tt.verdict, obls[0].Verdict, obls[0].Reason)
			assert.Contains(t, obls[0].Reason, tt.reason)
			require.NoError(t, ValidateDeclaration(obls[0].Lean, "decide +kernel"))
		})
	}
	for _, step := range []string{
		`\[ x = \frac{949 \pm \sqrt{122845}}{2} \] \[ x = \frac{949 \pm 350.5}{2} \]`,           // a decimal: a rounding
		`\[ x = \frac{949 \pm \sqrt{122845}}{2} \] \[ y = \frac{949 \pm 351}{2} \]`,             // another line
		`\[ x = \frac{949 \pm \sqrt{122845}}{2} \] so \[ x = \frac{949 \pm 351}{4} \]`,          // another formula
		`\[ x = \frac{949 \pm \sqrt{b}}{2} \] \[ x = \frac{949 \pm 351}{2} \]`,                  // a name
		`\[ x = \frac{9 \pm \sqrt{122845}}{2} \] which is wrong: \[ x = \frac{9 \pm 351}{2} \]`, // a rejection
		`\[ x = \frac{949 \pm \sqrt{122845}}{2}, \] \[ x = \frac{949 \pm 351}{2}.5 \]`,          // punctuation is not a digit
	} {
		for _, o := range symObligations(t, step) {
			assert.NotEqual(t, Refuted, o.Verdict, "%s: refuted %s (%s)", step, o.Expr, o.Reason)
		}
	}
}

// TestBmod: "a \bmod m = r" is decided by the division a = m·q + r; a
// congruent r out of range ("=" may stand for "≡") and unclear reach are
// left alone.
func TestBmod(t *testing.T) {
	tests := []struct {
		step    string
		verdict Verdict
		reason  string
	}{
		{`Then \(17 \bmod 5 = 2\).`, Verified, "17 mod 5 is 2"},
		{`Then \(17 \bmod 5 = 3\).`, Refuted, "17 mod 5 is 2, not 3"},
		{`Then \(2^{10} \bmod 7 = 2\).`, Verified, "2^10 mod 7 is 2"},
		{`Then \(\binom{5}{2} \bmod 3 = 2\).`, Refuted, "C(5, 2) mod 3 is 1, not 2"},
	}
	for _, tt := range tests {
		t.Run(tt.step, func(t *testing.T) {
			obls := symObligations(t, tt.step)
			require.Len(t, obls, 1, "%v", obls)
			assert.Equal(t, tt.verdict, obls[0].Verdict, obls[0].Reason)
			assert.Contains(t, obls[0].Reason, tt.reason)
			require.NoError(t, ValidateDeclaration(obls[0].Lean, "decide +kernel"))
		})
	}
	for _, step := range []string{
		`Then \(17 \bmod 5 = 7\).`,     // congruent: "=" may be "≡"
		`Then \(3 + 17 \bmod 5 = 2\).`, // the reach of \bmod
		`Then \(x \bmod 5 = 2\).`,      // a name
		`Then \(-7 \bmod 3 = 1\).`,     // -(7 mod 3)?
		`Then \(17 \bmod 0 = 2\).`,     // no modulus
		`If \(17 \bmod 5 = 3\), then`,  // a condition
	} {
		for _, o := range symObligations(t, step) {
			assert.NotEqual(t, Refuted, o.Verdict, "%s: refuted %s (%s)", step, o.Expr, o.Reason)
		}
	}
}
