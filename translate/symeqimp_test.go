package translate

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// implications returns the implications and identities in several
// unknowns of the last step of steps (their Lean line binds two names at
// least).
func implications(t *testing.T, steps ...string) []Obligation {
	t.Helper()
	var out []Obligation
	for _, o := range lastStep(t, steps...).Obligations {
		if (o.Kind == KindImplication || o.Kind == KindIdentity) && strings.HasPrefix(o.Lean, "example : ∀ (v1 v2") {
			out = append(out, o)
		}
	}
	return out
}

// TestImpliedEquationTraps: an equation in several unknowns that the text
// derives from the one before by a named operation ("multiply both sides
// by 12", "which simplifies to", "we can rewrite this as") is refuted when
// points solving the one before all fail it; true derivations, divisions
// by a name, one factor of a product kept, systems, substitutions, cases
// and lists are left alone. Cases written for this test.
func TestImpliedEquationTraps(t *testing.T) {
	refuted := []struct {
		name  string
		steps []string
		expr  string
	}{
		{"scaled by half with one coefficient left unhalved, across a step", []string{
			`Put k = 10 into both conditions:
\[y^2 + (3c - 10 - d)y = 11\]
\[3y^2 + (10 + 6d - 1)y = -12c\]`,
			`which simplifies to:
\[y^2 + (3c - 10 - d)y - 11 = 0\]
\[y^2 + (9 + 6d)y + 4c = 0.\]`},
			"3 * y^2 + (10 + 6 * d - 1) * y = -(12 * c) ⇒ y^2 + (9 + 6 * d) * y + 4 * c = 0"},
		{"multiply both sides, one side not multiplied", []string{
			`Both times are the same, so \[ \frac{p + q}{4} = \frac{q}{6} \]`,
			`Multiply both sides by 12 to clear the fractions: \[ 3(p + q) = q \]`},
			"(p + q) / 4 = q / 6 ⇒ 3 * (p + q) = q"},
		{"a term moved with its sign kept", []string{
			`Collecting everything gives \(mn + 4m = 3n + 7\). Rearranging, we get \(mn + 4m + 3n - 7 = 0\).`},
			"m * n + 4 * m = 3 * n + 7 ⇒ m * n + 4 * m + 3 * n - 7 = 0"},
		{"a denominator cleared wrongly", []string{
			`The point lies on the curve, so \[\frac{9}{u^2} - \frac{16}{w^2} = 1.\]`,
			`Multiplying through by \(u^2 w^2\) we can rewrite this as \[9w^2 - 16u^2 = w^2.\]`},
			"9 / (u^2) - 16 / (w^2) = 1 ⇒ 9 * w^2 - 16 * u^2 = w^2"},
		{"an arrow chain within a step, a term lost", []string{
			`From the table, \( 5s - 2t = 3s + t + 8 \implies 2s - t = 8 \).`},
			"5 * s - 2 * t = 3 * s + t + 8 ⇒ 2 * s - t = 8"},
		{"an operation announced a sentence before", []string{
			`Dividing, we obtain \[ w(p + q) - w^2 = 3pq \]`,
			`Rearrange the equation to isolate \( w \). We have: \[ w^2 - w(p + q) - 3pq = 0 \]`},
			"w * (p + q) - w^2 = 3 * p * q ⇒ w^2 - w * (p + q) - 3 * p * q = 0"},
		{"a factor divided out, the rest simplified wrongly", []string{
			`Putting this into the sum gives \[m + 3(k - 1)m = k^2 m\]`,
			`Simplifying, we get: \[5 = k + 3k^2 - 3k\]`},
			"m + 3 * (k - 1) * m = k^2 * m ⇒ 5 = k + 3 * k^2 - 3 * k"},
		{"a term named between the lines", []string{
			`We get \(r^2 + 3rs = s^2 + 5\). Subtracting \(s^2\) from both sides yields \(r^2 + 3rs - s^2 = -5\).`},
			// The two differ by a constant: refuted as the identity of
			// their differences (equationMoved).
			"r^2 + 3 * r * s - (s^2 + 5) = r^2 + 3 * r * s - s^2 - (-5)"},
	}
	for _, tt := range refuted {
		t.Run(tt.name, func(t *testing.T) {
			got := implications(t, tt.steps...)
			require.Len(t, got, 1)
			assert.Equal(t, tt.expr, got[0].Expr)
			assert.Equal(t, Refuted, got[0].Verdict, got[0].Reason)
			assert.Regexp(t, "does not follow from the one before|not a rearrangement of the one before", got[0].Reason)
			require.NoError(t, ValidateDeclaration(got[0].LeanNeg, "decide +kernel"))
		})
	}
	alone := []struct {
		name  string
		steps []string
	}{
		{"the true form of the half-scaling", []string{
			`Put k = 10 into both conditions:
\[y^2 + (3c - 10 - d)y = 11\]
\[3y^2 + (10 + 6d - 1)y = -12c\]`,
			`which simplifies to:
\[y^2 + (3c - 10 - d)y - 11 = 0\]
\[3y^2 + (9 + 6d)y + 12c = 0.\]`}},
		{"multiply both sides, done right", []string{
			`Both times are the same, so \[ \frac{p + q}{4} = \frac{q}{6} \]`,
			`Multiply both sides by 12 to clear the fractions: \[ 3(p + q) = 2q \]`}},
		{"divide by a factor the writer knows is nonzero", []string{
			`We have \( (a - b)(a + b) = (a - b)c \). Dividing both sides by \(a - b\), we get \( a + b = c \).`}},
		{"divide by a name the writer knows is nonzero", []string{
			`We have \( 6ab = 2bx \). Dividing both sides by \(2b\), we get \( 3a = x \).`}},
		{"one factor of a product kept", []string{
			`We get \( (m - n)(m + n - 4) = 0 \). Simplifying, since the numbers differ, \( m + n = 4 \).`}},
		{"one factor of a product kept, no reason given", []string{
			`We get \( (m - n)(m + n - 4) = 0 \). Simplifying, \( m + n = 4 \).`}},
		{"squaring both sides", []string{
			`We have \( p - q = 3 \). Squaring, \( p^2 - 2pq + q^2 = 9 \).`}},
		{"a system added line by line", []string{
			`We have \[ a + b = 5 \] \[ a - b = 1 \] Adding these equations gives \[ 2a = 6 \]`}},
		{"a substitution from another equation", []string{
			`Since \( u = 2w \), substituting into \( u + w + z = 9 \) gives \( 3w + z = 9 \).`}},
		{"two runs of different lengths", []string{
			`\[ x + y = 4 \] \[ x - y = 2 \] Simplifying, we get \[ x + 2y = 7 \]`}},
		{"a factor divided out, done right", []string{
			`Putting this into the sum gives \[m + 3(k - 1)m = k^2 m\]`,
			`Simplifying, we get: \[1 + 3k - 3 = k^2\]`}},
		{"a name dropped that is no factor: another equation used", []string{
			`The two parts give \( p + q = 5 \). Simplifying, \( 2p = 6 \).`}},
		{"a new fact, an operation building its expression", []string{
			`Next, the first number is 6 more than twice the second. So we have: \( 2q = p - 6 \).`,
			`The mean of the three numbers is 20. To find the mean, we add them up and divide by 3. So, we have: \( (p + 2q + q) / 3 = 20 \).`}},
		{"numbered equations combined", []string{
			`So \( s^2 + ps + q = 0 \) (Equation 1) and \( s^2 + qs + p = 0 \) (Equation 2).`,
			`Subtracting Equation 2 from Equation 1 gives: \( (p - q)s + (q - p) = 0 \).`}},
		{"a case, not a derivation", []string{
			`If \( a + b = 4 \), then simplifying gives \( 2a + b = 9 \).`}},
		{"lines listed, not derived", []string{
			`The conditions are \( x + y = 10 \) and \( xy = 21 \).`}},
		{"the operation on equations named from elsewhere", []string{
			`We have \( 2m + n = 11 \). Using the first equation, this simplifies to \( m = 3 \) and \( n + m = 8 \).`}},
	}
	for _, tt := range alone {
		t.Run(tt.name, func(t *testing.T) {
			for _, o := range implications(t, tt.steps...) {
				assert.NotEqual(t, Refuted, o.Verdict, "%s: %s", o.Expr, o.Reason)
			}
		})
	}
}

// FuzzImpliedEquation: equation lines paired across a named operation
// (within a step, across steps, in display blocks) never panic, every
// emitted line is in the dialect, and the exact checker decides each one
// without error.
func FuzzImpliedEquation(f *testing.F) {
	for _, s := range [][2]string{
		{`3y^2 + (10 + 6d - 1)y = -12c`, `y^2 + (9 + 6d)y + 4c = 0`},
		{`\frac{p + q}{4} = \frac{q}{6}`, `3(p + q) = q`},
		{`\frac{9}{u^2} - \frac{16}{w^2} = 1`, `9w^2 - 16u^2 = w^2`},
		{`(a - b)(a + b) = (a - b)c`, `a + b = c`},
		{`m + 3(k - 1)m = k^2 m`, `5 = k + 3k^2 - 3k`},
		{`x^{99} y = y^{98} + 2^{40} x`, `x = y`},
		{`a_1 a_2 S = a_1^2 a_2 \quad \text{and} \quad S = 1`, `S = a_1 \quad \text{or} \quad S = 2`},
		{`\frac{1}{x - y} = \frac{1}{y - x}`, `x = y`},
	} {
		f.Add(s[0], s[1])
	}
	tr, err := New(Options{})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		res := tr.Translate("fuzz", []string{
			`We get \[ ` + a + ` \]`,
			`which simplifies to: \[ ` + b + ` \] \[ ` + a + ` \]`,
			`Multiply both sides by 2: \( ` + b + ` \implies ` + a + ` \). Subtracting \(x\) from both sides yields \( ` + b + ` \).`,
		})
		requireDialectDecided(t, tr, &res)
	})
}

// requireDialectDecided: every line of res is in the dialect and the exact
// checker decides each obligation without error.
func requireDialectDecided(t *testing.T, tr *Translator, res *ChainResult) {
	t.Helper()
	for _, st := range res.Steps {
		for _, o := range st.Obligations {
			for _, line := range []string{o.Lean, o.LeanNeg} {
				tac := DefaultTactic
				if strings.HasPrefix(line, "example : ∀") {
					tac = DefaultIdentityTactic
				}
				require.NoError(t, ValidateDeclaration(line, tac), "emitted a line outside the dialect: %q", line)
			}
		}
	}
	require.NoError(t, tr.Check(t.Context(), res))
	for _, st := range res.Steps {
		for _, o := range st.Obligations {
			require.NotEqual(t, Error, o.Verdict, "exact checker error on %q / %q: %s", o.Lean, o.LeanNeg, o.Reason)
		}
	}
}
