//go:build lean

package main

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

// TestLeanTranslateAgreesWithExact runs the obligation dialect through real Lean and requires
// every obligation to get the same verdict from Lean as from the exact checker (a difference is
// an error verdict). It confirms on the pinned toolchain what the simulator only assumes:
// decimal literals as (0.25 : Rat), `subst_vars; <tactic>` with generated hypotheses,
// rounding bounds, and that the tactic decides both P and ¬(P).
func TestLeanTranslateAgreesWithExact(t *testing.T) {
	if _, err := exec.LookPath("lake"); err != nil {
		t.Skip("lake is not on PATH: the real-Lean tests need `make lean` first")
	}
	project, err := filepath.Abs("../../lean-project")
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
		"First $24 \\times 3 = 72$ and $40 \\times 1.5 = 60$, so 72 + 60 = 133.",
		"Let x = 12. Then x / 4 = 3 and x * 2.5 = 30.",
		"We get 1/3 = 0.33 and $\\frac{2}{3} \\approx 0.67$ but 1/3 = 0.35.",
		"$\\sqrt{49} + 1 = 8$, $2^{10} = 1024$, $2^{10} = 1000$, and 25% of 80 = 20.",
		"Compare: 3/4 < 0.8, 5 ≥ 5, 7 ≠ 8, and 0.1 + 0.2 = 0.3.",
	}
	res, err := tr.Chain(ctx, "lean-e2e", steps)
	require.NoError(t, err)
	n := 0
	for _, s := range res.Steps {
		for _, o := range s.Obligations {
			n++
			require.NotEqual(t, translate.Error, o.Verdict, "step %d %q: %s (answers %+v, messages %+v)", s.Index, o.Expr, o.Reason, o.Answers, o.Messages)
			require.Equal(t, "lean", o.Checker, "step %d %q", s.Index, o.Expr)
		}
	}
	require.GreaterOrEqual(t, n, 8, "the steps should give many obligations")
	require.Equal(t, translate.StepRefuted, res.Steps[0].Verdict)
	require.Equal(t, translate.StepVerified, res.Steps[1].Verdict)
}
