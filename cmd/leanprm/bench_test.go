package main

import (
	"bufio"
	"context"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/leanprm/leanprm/internal/testutil/testshared"
)

// BenchmarkCheckProcessBenchDev runs `leanprm check` with embedded defaults (exact checker,
// embedded PRM) on all 1,730 ProcessBench dev chains, as a user would, and reports the wall
// time per run and the process's peak resident memory (VmHWM). Goals from issue 4: ≤ 3 s and
// ≤ 200 MB.
func BenchmarkCheckProcessBenchDev(b *testing.B) {
	all := devFile(b)
	b.ResetTimer()
	for range b.N {
		err := Run(context.Background(), []string{"check", "--checker", "exact", "--jsonl", all}, strings.NewReader(""), io.Discard, io.Discard)
		if err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "s/run")
	if hwm := peakRSS(); hwm > 0 {
		b.ReportMetric(float64(hwm)/(1<<20), "peak-RSS-MB")
	}
}

// BenchmarkCheckOutcome is BenchmarkCheckProcessBenchDev with and without a gold answer for
// every chain (--gold-file): the difference is what extracting and grading the final answers
// adds to check (issue 19: under 5 %).
func BenchmarkCheckOutcome(b *testing.B) {
	all := devFile(b)
	gold := filepath.Join(b.TempDir(), "gold.jsonl")
	g, err := os.Create(gold)
	if err != nil {
		b.Fatal(err)
	}
	in, err := os.Open(all)
	if err != nil {
		b.Fatal(err)
	}
	sc := bufio.NewScanner(in)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		if _, id, ok := strings.Cut(sc.Text(), `"id": "`); ok {
			id, _, _ = strings.Cut(id, `"`)
			g.WriteString(`{"id": "` + id + `", "gold": "\\frac{3}{4}"}` + "\n")
		}
	}
	in.Close()
	g.Close()
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"no-gold", nil},
		{"gold", []string{"--gold-file", gold}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			args := append([]string{"check", "--checker", "exact", "--jsonl"}, tc.args...)
			args = append(args, all)
			for range b.N {
				if err := Run(context.Background(), args, strings.NewReader(""), io.Discard, io.Discard); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "s/run")
		})
	}
}

// devFile is the ProcessBench dev files concatenated into one JSON Lines file.
func devFile(b *testing.B) string {
	files := testshared.Glob("data/processbench/*.dev.jsonl")
	if len(files) == 0 {
		b.Skip("ProcessBench dev files not found (../shared beside the repository, or LEANPRM_SHARED)")
	}
	all := filepath.Join(b.TempDir(), "all.jsonl")
	out, err := os.Create(all)
	if err != nil {
		b.Fatal(err)
	}
	for _, f := range files {
		in, err := os.Open(f)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := io.Copy(out, in); err != nil {
			b.Fatal(err)
		}
		in.Close()
	}
	out.Close()
	return all
}

// peakRSS is the process's peak resident set size in bytes, from /proc/self/status.
func peakRSS() int64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			if err != nil {
				return 0
			}
			return kb << 10
		}
	}
	return 0
}
