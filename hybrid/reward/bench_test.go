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

// BenchmarkGroundingReaders: the grounding's readers (quantities, written, firstValue and the
// formula run and boxed answers) over every step of the ProcessBench dev chains, per step,
// with the scanners (scan.go) and with the regular expressions they replace.
func BenchmarkGroundingReaders(b *testing.B) {
	var steps []string
	for _, f := range testshared.Glob("data/processbench/*.dev.jsonl") {
		cs, _, err := chain.Read(f, chain.FormatAuto)
		if err != nil {
			b.Fatal(err)
		}
		for _, c := range cs {
			for _, s := range c.Steps {
				steps = append(steps, s.Text)
			}
		}
	}
	if len(steps) == 0 {
		b.Skip("ProcessBench dev files not found (../shared beside the repository, or LEANPRM_SHARED)")
	}
	for _, impl := range []struct {
		name string
		read func(s string)
	}{
		{"scanners", func(s string) {
			quantities(s)
			written(s)
			firstValue(s)
			mathRun.FindStringIndex(s)
			boxed.FindAllStringIndex(s, -1)
		}},
		{"regexps", func(s string) {
			quantitiesRE(s)
			writtenRE(s)
			firstValueRE(s)
			mathRunRE.FindStringIndex(s)
			boxedRE.FindAllStringIndex(s, -1)
		}},
	} {
		b.Run(impl.name, func(b *testing.B) {
			for n := range b.N {
				impl.read(steps[n%len(steps)])
			}
		})
	}
}
