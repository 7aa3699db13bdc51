package translate

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/internal/testutil/testshared"
)

// TestListRefutations writes every refuted obligation of the ProcessBench
// dev half, with its place relative to the labelled first error, and every
// verified obligation of a labelled first-error step, for reading by hand
// (issue 29). It runs only with LEANPRM_LIST set to the output file: a
// listing, not a test of anything.
func TestListRefutations(t *testing.T) {
	out := os.Getenv("LEANPRM_LIST")
	if out == "" {
		t.Skip("set LEANPRM_LIST=FILE to list the refutations")
	}
	tr, err := New(Options{})
	require.NoError(t, err)
	var b strings.Builder
	for _, subset := range []string{"gsm8k", "math", "olympiadbench", "omnimath"} {
		for _, r := range testshared.ReadJSONL[pbRow](t, testshared.Path(t, "data/processbench/"+subset+".dev.jsonl")) {
			res, err := tr.ChainProblem(context.Background(), r.ID, r.Problem, r.Steps)
			require.NoError(t, err)
			for i, s := range res.Steps {
				where := "after"
				switch {
				case r.Label == -1:
					where = "CORRECT"
				case i < r.Label:
					where = "BEFORE"
				case i == r.Label:
					where = "AT"
				}
				for _, o := range s.Obligations {
					if o.Verdict == Refuted || where == "AT" && o.Verdict == Verified {
						fmt.Fprintf(&b, "== %s %s step %d label %d %s %s: %s\n   span: %q\n   reason: %s\n   step: %q\n",
							where, r.ID, i, r.Label, o.Verdict, o.Kind, o.Expr, o.Span.Text, o.Reason, s.Text)
					}
				}
			}
		}
	}
	require.NoError(t, os.WriteFile(out, []byte(b.String()), 0o644))
}
