//go:build lean

package translate_test

import (
	"context"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/hybrid/formal"
	"github.com/leanprm/leanprm/leanbridge/repl"
	"github.com/leanprm/leanprm/translate"
)

// TestLeanSymbolicAgreesWithExact sends a sample of every symbolic kind to
// real Lean on the pinned toolchain (identity tactic grind, closed tactic
// decide +kernel) and requires Lean's verdict to equal the exact
// checker's: the ∀ lines of true identities, implications and side
// conditions proved, the closed instances at the witnesses proved for the
// false ones, the certificates of radicals and congruences decided.
func TestLeanSymbolicAgreesWithExact(t *testing.T) {
	if _, err := exec.LookPath("lake"); err != nil {
		t.Skip("lake is not on PATH: the real-Lean tests need `make lean` first")
	}
	project, err := filepath.Abs("../lean-project")
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	pool, err := repl.NewPool(ctx, repl.Config{ProjectDir: project, Workers: 1})
	require.NoError(t, err)
	defer pool.Close()
	require.Equal(t, "lean", pool.Backend())

	tr, err := translate.New(translate.Options{Lean: formal.TranslateLean(pool, "")})
	require.NoError(t, err)
	steps := []string{
		`Expanding, \( (a+b)^2 = a^2 + 2ab + b^2 \) and \( \frac{1}{x} + \frac{1}{y} = \frac{x+y}{xy} \).`,
		`Now, factor \(x^3 - 1\): \[ x^3 - 1 = (x + 1)(x^2 - x + 1). \]`,
		`\[ x^2 - 2x = 7 \] \[ x^2 - 2x - 7 = 0 \] \[ (x - 7)(x + 5) = 0 \]`,
		`\[ 2x + 4 = 10 \implies x^2 = 4 \]`,
		"\\[ xy - 2x - 6y - 12 = -4 \\]\nAdd 12 to both sides:\n\\[ xy - 2x - 6y + 12 = 4 \\] and \\[ (x + y)^2 = 9 \\] Expanding, \\[ x^2 + 2xy + y^2 = 9 \\]",
		`\[ 3x - 7 = 11 \] \[ x = 6 \] and \[ 16 + y = 27 \] \[ y = 8 \]`,
		`\( \sqrt{18} = 3\sqrt{2} \), \( \sqrt[3]{16} = 2\sqrt[3]{4} \), \( \binom{10}{3} = 120 \), \( \frac{8!}{2} = 4 \cdot 8! \)`,
		`\( 327 \equiv 4 \pmod{17} \) and \( 7^{11} \equiv 7 \pmod{25} \), so \( -20 \mid 10 \) and \( 7 \mid 343 \)`,
		`\[ 12 + 6\sqrt{3} = 30 \] and \[ (\sqrt{2} + \sqrt{3})^2 = 5 + 2\sqrt{6} \]`,
		`The gcd of 42 and 7 is 1. In a digit problem, 2228 (sum = 12) and 2040 (sum = 6).`,
		`Divide: \(706 \div 7 = 100\) with a remainder of \(6\), and \(194 \div 11 = 17\) with a remainder of \(9\).`,
	}
	res, err := tr.Chain(ctx, "lean-symbolic", steps)
	require.NoError(t, err)
	kinds := map[translate.Kind][2]int{}
	for _, s := range res.Steps {
		for _, o := range s.Obligations {
			require.NotEqual(t, translate.Error, o.Verdict, "step %d %q: %s (answers %+v, messages %+v)", s.Index, o.Expr, o.Reason, o.Answers, o.Messages)
			require.Empty(t, o.Warning, "step %d %q", s.Index, o.Expr)
			k := kinds[o.Kind]
			switch o.Verdict {
			case translate.Verified:
				k[0]++
			case translate.Refuted:
				k[1]++
			}
			kinds[o.Kind] = k
		}
	}
	for _, k := range []translate.Kind{translate.KindIdentity, translate.KindImplication, translate.KindSolution, translate.KindClosedValue, translate.KindCongruence} {
		require.Positive(t, kinds[k][0]+kinds[k][1], "no %s obligation was decided", k)
	}
	require.Positive(t, kinds[translate.KindIdentity][0], "no identity proved by the identity tactic")
	require.Positive(t, kinds[translate.KindIdentity][1], "no identity refuted at a witness")
	require.Equal(t, translate.StepRefuted, res.Steps[1].Verdict)
	require.Equal(t, translate.StepVerified, res.Steps[0].Verdict)
}
