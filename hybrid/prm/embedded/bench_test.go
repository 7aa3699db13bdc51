package embedded

import (
	"context"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/bench"
	"github.com/leanprm/leanprm/hybrid/chain"
	"github.com/leanprm/leanprm/hybrid/report"
)

// processBenchDev reads the four ProcessBench dev files.
func processBenchDev(t testing.TB) (all, gsm8k []chain.Chain) {
	dir := dataDir(t)
	files, err := filepath.Glob(filepath.Join(dir, "processbench", "*.dev.jsonl"))
	require.NoError(t, err)
	for _, f := range files {
		c, rowErrs, err := chain.Read(f, chain.FormatAuto)
		require.NoError(t, err)
		require.Empty(t, rowErrs)
		all = append(all, c...)
		if filepath.Base(f) == "gsm8k.dev.jsonl" {
			gsm8k = c
		}
	}
	return all, gsm8k
}

// evalProcessBench scores the dev set learned-only, picks the threshold on
// GSM8K dev and evaluates every subset, as `leanprm eval processbench`
// does.
func evalProcessBench(t testing.TB, m *Model) bench.ProcessBenchReport {
	all, gsm := processBenchDev(t)
	s := &hybrid.Scorer{PRM: m, Policy: hybrid.PolicyLearned}
	res, err := s.ScoreChains(context.Background(), all)
	require.NoError(t, err)
	calib, err := s.ScoreChains(context.Background(), gsm)
	require.NoError(t, err)
	return bench.CompareProcessBench(res, calib, bench.EvalOptions{Policies: []hybrid.Policy{hybrid.PolicyLearned}})[0]
}

// TestProcessBenchDev measures the committed model on ProcessBench dev and
// guards against regressions: every subset must beat the trivial
// predictors (always "no error" and always "step 1" both score F1 0).
func TestProcessBenchDev(t *testing.T) {
	m, err := Default()
	require.NoError(t, err)
	start := time.Now()
	rep := evalProcessBench(t, m)
	t.Logf("ProcessBench dev, learned-only, embedded model, in %v:", time.Since(start).Round(time.Millisecond))
	var b strings.Builder
	require.NoError(t, report.WriteProcessBench(&b, []bench.ProcessBenchReport{rep}))
	t.Log("\n" + b.String())
	for _, s := range rep.Subsets {
		require.Greater(t, s.F1, 15.0, "subset %s", s.Subset)
	}
	require.Greater(t, rep.Average.F1, 25.0)
}

// BenchmarkScoreSteps measures the embedded PRM on one core over the
// ProcessBench dev steps (steps/s is the figure to read).
func BenchmarkScoreSteps(b *testing.B) {
	all, _ := processBenchDev(b)
	m, err := Default()
	require.NoError(b, err)
	nsteps := 0
	for _, c := range all {
		nsteps += len(c.Steps)
	}
	ctx := context.Background()
	b.ResetTimer()
	start := time.Now()
	for range b.N {
		for _, c := range all {
			if _, err := m.ScoreChain(ctx, c.Problem, c.Steps); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(nsteps*b.N)/time.Since(start).Seconds(), "steps/s")
}

// BenchmarkProcessBenchDevEndToEnd reads all four dev files, loads the
// model, scores every chain with the default scorer (all cores) and
// evaluates: the work of `leanprm eval processbench` with embedded
// defaults.
func BenchmarkProcessBenchDevEndToEnd(b *testing.B) {
	dataDir(b)
	for range b.N {
		m, err := Default()
		require.NoError(b, err)
		rep := evalProcessBench(b, m)
		if len(rep.Subsets) != 4 {
			b.Fatalf("%d subsets", len(rep.Subsets))
		}
	}
	b.ReportMetric(float64(runtime.GOMAXPROCS(0)), "procs")
}

// TestPRMBenchTest measures the committed model on PRMBench's test files
// (learned-only; threshold from ProcessBench GSM8K dev, as for ProcessBench).
func TestPRMBenchTest(t *testing.T) {
	dir := dataDir(t)
	files, err := filepath.Glob(filepath.Join(dir, "prmbench", "prm*_test_*.jsonl"))
	require.NoError(t, err)
	var chains []chain.Chain
	skipped := 0
	for _, f := range files {
		c, rowErrs, err := chain.Read(f, chain.FormatPRMBench)
		require.NoError(t, err)
		chains = append(chains, c...)
		skipped += len(rowErrs)
	}
	m, err := Default()
	require.NoError(t, err)
	_, gsm := processBenchDev(t)
	s := &hybrid.Scorer{PRM: m, Policy: hybrid.PolicyLearned}
	res, err := s.ScoreChains(context.Background(), chains)
	require.NoError(t, err)
	calib, err := s.ScoreChains(context.Background(), gsm)
	require.NoError(t, err)
	reps := bench.ComparePRMBench(res, calib, bench.EvalOptions{Policies: []hybrid.Policy{hybrid.PolicyLearned}})
	var b strings.Builder
	require.NoError(t, report.WritePRMBench(&b, reps))
	t.Logf("PRMBench test files, %d chains (%d rows skipped: error_steps out of range):\n%s", len(chains), skipped, b.String())
	// Better than calling every step right (F1neg 0, PRMScore ≈ F1/2 < 50).
	require.Greater(t, reps[0].Overall.PRMScore, 50.0)
}
