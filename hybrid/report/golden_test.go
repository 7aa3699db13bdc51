package report

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/bench"
	"github.com/leanprm/leanprm/hybrid/chain"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// golden compares got with testdata/name, or rewrites it
// with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		require.NoError(t, os.WriteFile(path, got, 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test ./hybrid/report -update to create it")
	assert.Equal(t, string(want), string(got))
}

func TestGoldenTables(t *testing.T) {
	res := sample()
	var buf bytes.Buffer
	require.NoError(t, WriteCheck(&buf, res, CheckOptions{Threshold: 0.5, Obligations: true}))
	golden(t, "check.golden", buf.Bytes())

	res[0].Subset, res[0].FirstError = "toy", 1
	res[1].Subset, res[1].FirstError = "toy", 2
	res = append(res, hybrid.Scored{ID: "c", Subset: "toy", FirstError: chain.NoError, Steps: []hybrid.ScoredStep{
		{Text: "3 + 3 = 6", Learned: ptr(0.95), Score: 0.95, Verdict: hybrid.Verified},
		{Text: "The answer is 6.", Learned: ptr(0.6), Score: 0.6},
	}})
	buf.Reset()
	require.NoError(t, WriteProcessBench(&buf, bench.CompareProcessBench(res, res, bench.EvalOptions{})))
	golden(t, "processbench.golden", buf.Bytes())

	buf.Reset()
	require.NoError(t, WriteProcessBenchCV(&buf, bench.CrossValidateProcessBench(res, res, bench.EvalOptions{})))
	golden(t, "processbench-cv.golden", buf.Bytes())

	buf.Reset()
	require.NoError(t, WriteComparison(&buf, bench.Compare(res, bench.CompareOptions{})))
	golden(t, "compare.golden", buf.Bytes())
}
