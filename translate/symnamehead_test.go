package translate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNamedChainRewriteTraps: a chain that names its result and rewrites
// an expression in several names ("W = E1 = E2 = E3"), once a link of it
// holds as an identity, claims each later link as an identity: a false one
// is refuted when the leading terms agree (or one collected term slips);
// the true forms are verified, and systems, equations that end the chain,
// equations in the head's name, cases and rejections are left alone.
// Cases written for this test.
func TestNamedChainRewriteTraps(t *testing.T) {
	refuted := []struct{ name, step, expr string }{
		{"a product term lost while collecting",
			`Expanding, \( P = (m + n)^2 - mn = m^2 + 2mn + n^2 - mn = m^2 + 2mn + n^2 \).`,
			"m^2 + 2 * m * n + n^2 - m * n = m^2 + 2 * m * n + n^2"},
		{"like squares added wrongly",
			`Thus \( S = (a + b)(a - b) + 2b^2 = a^2 - b^2 + 2b^2 = a^2 + 3b^2 \).`,
			"a^2 - b^2 + 2 * b^2 = a^2 + 3 * b^2"},
		{"a lower term dropped from a numerator (display)",
			`Combining the fractions:
\[ W = \frac{1}{p} - \frac{1}{q} + 1 = \frac{q - p + pq}{pq} = \frac{pq - p}{pq} \]`,
			"(q - p + p * q) / (p * q) = (p * q - p) / (p * q)"},
		{"a coefficient miscopied from the member before",
			`Expanding, \( Q = (a + b)(a + 2) - 2a = a^2 + ab + 2b = a^2 + ab + 3b \).`,
			"a^2 + a * b + 2 * b = a^2 + a * b + 3 * b"},
		{"a function's head, a cross term kept twice",
			`Hence \( g(u) = (u + w)^2 - 2uw = u^2 + 2uw + w^2 - 2uw = u^2 + 2uw + w^2 \).`,
			"u^2 + 2 * u * w + w^2 - 2 * u * w = u^2 + 2 * u * w + w^2"},
	}
	for _, tt := range refuted {
		t.Run(tt.name, func(t *testing.T) {
			var got []Obligation
			for _, o := range lastStep(t, tt.step).Obligations {
				if o.Kind == KindIdentity && o.Verdict == Refuted {
					got = append(got, o)
				}
			}
			require.Len(t, got, 1)
			assert.Equal(t, tt.expr, got[0].Expr, got[0].Reason)
			require.NoError(t, ValidateDeclaration(got[0].LeanNeg, DefaultTactic))
		})
	}
	alone := []struct{ name, step string }{
		{"the product term kept", `Expanding, \( P = (m + n)^2 - mn = m^2 + 2mn + n^2 - mn = m^2 + mn + n^2 \).`},
		{"the squares added right", `Thus \( S = (a + b)(a - b) + 2b^2 = a^2 - b^2 + 2b^2 = a^2 + b^2 \).`},
		{"the numerator kept whole", `Combining the fractions:
\[ W = \frac{1}{p} - \frac{1}{q} + 1 = \frac{q - p + pq}{pq} = \frac{pq + q - p}{pq} \]`},
		{"a function's head, done right", `Hence \( g(u) = (u + w)^2 - 2uw = u^2 + 2uw + w^2 - 2uw = u^2 + w^2 \).`},
		{"two distances set equal, no identity shown first", `The point is as far from both ends, so \( d^2 = (u - 1)^2 + v^2 = (u - 5)^2 + v^2 \).`},
		{"a second formula for the head after an expansion", `The point is as far from both ends, so \( d^2 = (u - 1)^2 + v^2 = u^2 - 2u + 1 + v^2 = (u - 5)^2 + v^2 \).`},
		{"an expression chain: a second formula for its first member after an expansion", `So \( (u - 1)^2 + v^2 = u^2 - 2u + 1 + v^2 = (u - 5)^2 + v^2 \).`},
		{"a system, no identity shown first", `The conditions give \( S = a + b = 2c = c + 4d \).`},
		{"an equation that ends the rewriting", `So \( K = (a + b)^2 - b^2 = a^2 + 2ab = 3ab \).`},
		{"an equation in the head's name", `So \( r = (r + s)^2 - r^2 - s^2 = 2rs = 2rs + r - s \).`},
		{"a case", `If \( P = (m + n)^2 - mn = m^2 + 2mn + n^2 - mn = m^2 + 2mn + n^2 \), the bound fails.`},
		{"rejected", `Writing \( P = (m + n)^2 - mn = m^2 + 2mn + n^2 - mn = m^2 + 2mn + n^2 \) would be wrong.`},
	}
	for _, tt := range alone {
		t.Run(tt.name, func(t *testing.T) {
			for _, o := range lastStep(t, tt.step).Obligations {
				assert.NotEqual(t, Refuted, o.Verdict, "%s: %s", o.Expr, o.Reason)
			}
		})
	}
	// The true forms are verified, each link of the rewriting.
	for _, step := range []string{alone[0].step, alone[1].step, alone[2].step} {
		n := 0
		for _, o := range lastStep(t, step).Obligations {
			if o.Kind == KindIdentity && o.Verdict == Verified {
				n++
			}
		}
		assert.GreaterOrEqual(t, n, 2, step)
	}
}

// FuzzNamedChain: chains that name their result (a name, a function's
// head, or none) with fuzzed members never panic, every emitted line is in
// the dialect, and the exact checker decides each obligation.
func FuzzNamedChain(f *testing.F) {
	for _, s := range [][3]string{
		{`(m + n)^2 - mn`, `m^2 + 2mn + n^2 - mn`, `m^2 + 2mn + n^2`},
		{`\frac{1}{p} - \frac{1}{q} + 1`, `\frac{q - p + pq}{pq}`, `\frac{pq - p}{pq}`},
		{`(u - 1)^2 + v^2`, `u^2 - 2u + 1 + v^2`, `(u - 5)^2 + v^2`},
		{`(a + b)(a + 2) - 2a`, `a^2 + ab + 2b`, `a^2 + ab + 3b`},
		{`r^2 + 1.5 r s`, `r(r + 1.5s)`, `r = 2`},
	} {
		f.Add(s[0], s[1], s[2])
	}
	tr, err := New(Options{})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, a, b, c string) {
		chain := a + ` = ` + b + ` = ` + c + ` = ` + b
		res := tr.Translate("fuzz", []string{
			`Expanding, \( W = ` + chain + ` \).`,
			`Hence \[ g(u) = ` + chain + ` \]`,
			`So \( ` + chain + ` = ` + a + ` \).`,
		})
		requireDialectDecided(t, tr, &res)
	})
}
