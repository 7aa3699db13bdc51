package formal

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/bench"
	"github.com/leanprm/leanprm/hybrid/chain"
	"github.com/leanprm/leanprm/hybrid/prm/embedded"
	"github.com/leanprm/leanprm/hybrid/report"
	"github.com/leanprm/leanprm/internal/testutil/testshared"
	"github.com/leanprm/leanprm/translate"
)

// TestProcessBenchDevHybrid measures formal-only, learned-only and hybrid
// on ProcessBench dev with translate's exact checker as the formal side
// and the committed embedded model, thresholds chosen on GSM8K dev, as
// `leanprm eval processbench --cv` does: once on all of GSM8K dev (the dev
// figure, measured on the chains the threshold was chosen on) and
// cross-validated (two folds by bench.Fold; each fold predicted at the
// threshold chosen on the other's GSM8K chains). The assertions are on the
// cross-validated figures.
func TestProcessBenchDevHybrid(t *testing.T) {
	dir := dataDir(t)
	files, err := filepath.Glob(filepath.Join(dir, "processbench", "*.dev.jsonl"))
	require.NoError(t, err)
	var all, gsm []chain.Chain
	for _, f := range files {
		c, rowErrs, err := chain.Read(f, chain.FormatAuto)
		require.NoError(t, err)
		require.Empty(t, rowErrs)
		all = append(all, c...)
		if filepath.Base(f) == "gsm8k.dev.jsonl" {
			gsm = c
		}
	}
	m, err := embedded.Default()
	require.NoError(t, err)
	tr, err := translate.New(translate.Options{})
	require.NoError(t, err)
	s := &hybrid.Scorer{PRM: m, Formal: NewProse(tr)}
	start := time.Now()
	res, err := s.ScoreChains(context.Background(), all)
	require.NoError(t, err)
	took := time.Since(start)
	var calib []hybrid.Scored
	for _, r := range res {
		if r.Subset == "gsm8k" {
			calib = append(calib, r)
		}
	}
	require.Len(t, calib, len(gsm))
	reps := bench.CompareProcessBench(res, calib, bench.EvalOptions{})
	var b strings.Builder
	require.NoError(t, report.WriteProcessBench(&b, reps))
	cv := bench.CrossValidateProcessBench(res, calib, bench.EvalOptions{})
	b.WriteString("\ncross-validated:\n")
	require.NoError(t, report.WriteProcessBenchCV(&b, cv))
	t.Logf("ProcessBench dev, %d chains scored in %v (embedded PRM + exact checker):\n%s", len(all), took.Round(time.Millisecond), b.String())

	// Refutations and where they fall relative to the label.
	var at, before, after, inCorrect, refutedSteps int
	for _, r := range res {
		for i, st := range r.Steps {
			if st.Verdict != hybrid.Refuted {
				continue
			}
			refutedSteps++
			switch {
			case r.FirstError == chain.NoError:
				inCorrect++
			case i == r.FirstError:
				at++
			case i < r.FirstError:
				before++
			default:
				after++
			}
		}
	}
	t.Logf("refuted steps: %d (at the label %d, before it %d, after it %d, in correct chains %d)", refutedSteps, at, before, after, inCorrect)
	for _, rep := range reps {
		for _, sub := range rep.Subsets {
			require.Greater(t, sub.F1, 0.0, "%s %s", rep.Policy, sub.Subset)
		}
	}
	for _, rep := range cv {
		if rep.Policy != hybrid.PolicyHybrid.Name() {
			continue
		}
		for _, sub := range rep.Subsets {
			if sub.Subset == "gsm8k" {
				// The goal of the issue that built hybrid scoring is GSM8K
				// F1 >= 50 on chains no choice has seen. The committed
				// model reaches cvGSM8KFloor cross-validated; a model
				// change that loses more fails here.
				require.GreaterOrEqual(t, sub.CV.F1, cvGSM8KFloor, "hybrid GSM8K F1, cross-validated")
			}
			// Refuting arithmetic never costs F1: hybrid is at least as
			// good as the learned model alone on every subset, on dev and
			// cross-validated.
			learned := cvSubset(cv, hybrid.PolicyLearned, sub.Subset)
			require.GreaterOrEqual(t, sub.Dev.F1, learned.Dev.F1, "hybrid vs learned on %s (dev)", sub.Subset)
			require.GreaterOrEqual(t, sub.CV.F1, learned.CV.F1, "hybrid vs learned on %s (cross-validated)", sub.Subset)
		}
	}
}

// cvGSM8KFloor is the hybrid GSM8K F1, cross-validated, that the committed
// model must keep. It measures 49.7 (seed 1; 50.3 with seeds 11 and 21),
// short of the goal of 50: the dev figure 51.3 owed 1.6 points to a
// threshold chosen on the chains it was measured on.
const cvGSM8KFloor = 49.5

func cvSubset(reps []bench.CVReport, p hybrid.Policy, subset string) bench.CVScore {
	for _, r := range reps {
		if r.Policy != p.Name() {
			continue
		}
		for _, s := range r.Subsets {
			if s.Subset == subset {
				return s
			}
		}
	}
	return bench.CVScore{}
}

// dataDir is the shared data directory (testshared: ../shared/data, LEANPRM_SHARED).
func dataDir(tb testing.TB) string {
	tb.Helper()
	return filepath.Dir(testshared.Path(tb, "data/processbench"))
}
