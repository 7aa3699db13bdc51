package translate

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/internal/testutil/testshared"
)

// throwaway: dump every unrefuted first error of MR-GSM8K and of PRMBench's modified
// processes, with skips and obligations. ZZ_HELD=path, ZZ_WHICH=mr|prm.
func TestZZDumpHeld(t *testing.T) {
	out := os.Getenv("ZZ_HELD")
	if out == "" {
		t.Skip()
	}
	tr, err := New(Options{})
	require.NoError(t, err)
	var b strings.Builder
	nAll, nRef := 0, 0
	dump := func(id, problem string, steps []string, label int) {
		nAll++
		res, err := tr.ChainProblem(context.Background(), "", problem, steps)
		require.NoError(t, err)
		if label >= len(res.Steps) {
			return
		}
		s := res.Steps[label]
		if s.Verdict == StepRefuted {
			nRef++
			return
		}
		p := problem
		if len(p) > 600 {
			p = p[:600] + "…"
		}
		fmt.Fprintf(&b, "######## %s label %d verdict %s\nPROBLEM: %s\n", id, label, s.Verdict, p)
		if label > 0 {
			prev := steps[label-1]
			if len(prev) > 500 {
				prev = "…" + prev[len(prev)-500:]
			}
			fmt.Fprintf(&b, "PREV: %s\n", prev)
		}
		fmt.Fprintf(&b, "STEP: %s\n", s.Text)
		for _, o := range s.Obligations {
			fmt.Fprintf(&b, "  OBL %s %s: %s | span %q | %s\n", o.Verdict, o.Kind, o.Expr, o.Span.Text, o.Reason)
		}
		for _, k := range s.Skipped {
			fmt.Fprintf(&b, "  SKIP %+v\n", k)
		}
		b.WriteString("\n")
	}
	switch os.Getenv("ZZ_WHICH") {
	case "mr":
		type mrRow struct {
			UUID     string   `json:"uuid"`
			Question string   `json:"question"`
			Steps    []string `json:"model_output_steps"`
			First    any      `json:"model_output_solution_first_error_step"`
		}
		for _, r := range testshared.ReadJSONL[mrRow](t, testshared.Path(t, "data/mr-gsm8k/labeled.jsonl")) {
			first := -1
			switch v := r.First.(type) {
			case float64:
				first = int(v) - 1
			case string:
				if _, err := fmt.Sscan(v, &first); err == nil {
					first--
				} else {
					first = -1
				}
			}
			if first < 0 {
				continue
			}
			dump("mr-"+r.UUID[:8], r.Question, r.Steps, first)
		}
	default:
		type prmRow struct {
			Question string   `json:"modified_question"`
			Proc     []string `json:"modified_process"`
			Err      []int    `json:"error_steps"`
		}
		files, _ := filepath.Glob(filepath.Join(testshared.Path(t, "data/prmbench"), "*.jsonl"))
		seen := map[string]bool{}
		for _, f := range files {
			base := strings.TrimSuffix(filepath.Base(f), ".jsonl")
			for i, r := range testshared.ReadJSONL[prmRow](t, f) {
				key := strings.Join(r.Proc, "\x00")
				if seen[key] || len(r.Err) == 0 {
					continue
				}
				seen[key] = true
				first := r.Err[0]
				for _, e := range r.Err {
					if e < first {
						first = e
					}
				}
				dump(fmt.Sprintf("%s-%d", base, i), r.Question, r.Proc, first-1)
			}
		}
	}
	fmt.Fprintf(&b, "# %d first errors, %d refuted\n", nAll, nRef)
	require.NoError(t, os.WriteFile(out, []byte(b.String()), 0o644))
}
