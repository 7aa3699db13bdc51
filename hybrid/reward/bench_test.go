package reward

import (
	"testing"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/chain"
	"github.com/leanprm/leanprm/internal/testutil/testshared"
)

// BenchmarkOfProcessBenchDev is the outcome of every ProcessBench dev chain (extraction from
// its steps and grading against a gold answer), per chain: what a gold answer adds to
// check's work on a chain (compare BenchmarkCheckOutcome in cmd/leanprm).
func BenchmarkOfProcessBenchDev(b *testing.B) {
	var rs []hybrid.Scored
	for _, f := range testshared.Glob("data/processbench/*.dev.jsonl") {
		cs, _, err := chain.Read(f, chain.FormatAuto)
		if err != nil {
			b.Fatal(err)
		}
		for _, c := range cs {
			r := hybrid.Scored{ID: c.ID, GoldAnswer: `\frac{3}{4}`}
			for i, s := range c.Steps {
				r.Steps = append(r.Steps, hybrid.ScoredStep{Index: i, Text: s.Text, Score: 0.9})
			}
			rs = append(rs, r)
		}
	}
	if len(rs) == 0 {
		b.Skip("ProcessBench dev files not found (../shared beside the repository, or LEANPRM_SHARED)")
	}
	b.ResetTimer()
	for n := range b.N {
		Of(nil, &rs[n%len(rs)], 0.5)
	}
}
