package wire

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/translate"
)

// TestSimulatorIsASecondWitnessOnSymbolicClaims: with checker both, the simulator (which
// decides grind by evaluation on grids and imports nothing from translate) and the exact
// checker (sparse normal forms in translate/algebra) must reach the same verdict on every
// symbolic claim: each obligation has a real answer from both, the same one, never an Error
// from a contradiction, and the verdicts are those of the exact checker alone.
func TestSimulatorIsASecondWitnessOnSymbolicClaims(t *testing.T) {
	steps := []string{
		`Expanding, \( (a+b)^2 = a^2 + 2ab + b^2 \).`,
		`\[ x^3 - 1 = (x - 1)(x^2 + x + 1) \]`,
		`\( \frac{1}{x} + \frac{1}{y} = \frac{x+y}{xy} \)`,
		`\[ (a_1 + a_2)(a_1 - a_2) = a_1^2 - a_2^2 \]`,
		`\[ (x+2)(x-3) = x^2 - x - 6 = x^2 + x - 6 \]`,
		`\[ x^3 - 1 = (x + 1)(x^2 - x + 1). \]`,
		`\[x^2 - 60x + 400 = (x - 20)^2.\]`,
		`\[ (t+1)^3 = t^3 + 3t^2 + 3t + 1 \]`,
		`\[ (p - q)^2 = p^2 - 2pq + q^2 \]`,
		`\[ (u + v)(u^2 - uv + v^2) = u^3 + v^3 \]`,
		`\[ (m + 1)(m - 1) = m^2 + 1 \]`,
	}
	exactOnly := uncachedChain(t, load(t, map[string]string{"checker": "exact"}), steps)

	f, err := NewFormal(testCtx(t), simSettings(t, "repl", map[string]string{"checker": "both"}), &bytes.Buffer{})
	require.NoError(t, err)
	defer func() { require.NoError(t, f.Close()) }()
	both, err := f.Translator.Chain(testCtx(t), "c", steps)
	require.NoError(t, err)

	symbolic, verdicts := 0, map[translate.Verdict]int{}
	for i, s := range both.Steps {
		for j, o := range s.Obligations {
			if o.Kind != translate.KindIdentity {
				continue
			}
			symbolic++
			verdicts[o.Verdict]++
			require.Len(t, o.Answers, 2, "step %d %s", i, o.Expr)
			for _, a := range o.Answers {
				assert.False(t, a.Failed, "step %d %s: %s failed (%s)", i, o.Expr, a.Checker, a.Reason)
				assert.Equal(t, o.Verdict, a.Verdict, "step %d %s: %s says %s (%s)", i, o.Expr, a.Checker, a.Verdict, a.Reason)
			}
			assert.ElementsMatch(t, []string{"sim", "exact"}, []string{o.Answers[0].Checker, o.Answers[1].Checker})
			assert.NotEqual(t, translate.Error, o.Verdict, "step %d %s: %s", i, o.Expr, o.Reason)
			assert.Equal(t, exactOnly.Steps[i].Obligations[j].Verdict, o.Verdict, "step %d %s", i, o.Expr)
		}
	}
	assert.GreaterOrEqual(t, symbolic, 10, "symbolic claims")
	assert.Positive(t, verdicts[translate.Verified], "true identities")
	assert.Positive(t, verdicts[translate.Refuted], "false identities")
}
