package translate

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/internal/testutil/testshared"
	"github.com/leanprm/leanprm/translate/internal/arith"
)

// devSubsets are ProcessBench's four dev files.
var devSubsets = []string{"gsm8k", "math", "olympiadbench", "omnimath"}

// devWalk is one walk of a ProcessBench dev file by a translator with no
// cache, shared by the package's tests that read the whole file: each of
// them read it and translated every chain again, and under -race these
// walks were most of the package's time. A translation is a function of
// its input (the cache tests assert as much), so the result computed once
// is the one each test computed. The tests only read the results, and may
// run in parallel.
type devWalk struct {
	rows []pbRow
	// translated[i] is TranslateProblem of rows[i], checked[i] is
	// ChainProblem (translated and decided by the exact checker); alone[i]
	// is Translate of its steps without the problem when the problem states
	// exact values (arith.ProblemExacts), else the zero ChainResult.
	translated, checked, alone []ChainResult
	// elapsed is the time to translate and check the chains, for
	// TestMeasure's log.
	elapsed time.Duration
}

// devSlot keeps the walk of a dev file; its mutex is held while the walk
// is made, so a test that needs a file another test is walking waits.
type devSlot struct {
	mu sync.Mutex
	w  *devWalk
}

// devWalks are the slots of devSubsets.
var devWalks = map[string]*devSlot{"gsm8k": {}, "math": {}, "olympiadbench": {}, "omnimath": {}}

// devResults returns the walk of ProcessBench's subset dev file, made on
// the first call. A test that cannot read the file fails or skips as
// testshared says, and the next caller tries again.
func devResults(tb testing.TB, subset string) *devWalk {
	tb.Helper()
	d := devWalks[subset]
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.w != nil {
		return d.w
	}
	rows := testshared.ReadJSONL[pbRow](tb, testshared.Path(tb, "data/processbench/"+subset+".dev.jsonl"))
	require.NotEmpty(tb, rows, subset)
	tr, err := New(Options{})
	require.NoError(tb, err)
	w := &devWalk{rows: rows, translated: make([]ChainResult, len(rows)), checked: make([]ChainResult, len(rows)), alone: make([]ChainResult, len(rows))}
	for i, r := range rows {
		start := time.Now()
		w.translated[i] = tr.TranslateProblem(r.ID, r.Problem, r.Steps)
		w.checked[i] = checkedCopy(tb, tr, w.translated[i]) // ChainProblem: TranslateProblem, then Check
		w.elapsed += time.Since(start)
		if arith.ProblemExacts(r.Problem) != nil {
			w.alone[i] = tr.Translate(r.ID, r.Steps)
		}
	}
	d.w = w
	return w
}

// checkedCopy is a copy of res decided by tr's Check (ChainProblem is
// TranslateProblem, then Check in place): res, which tests share, stays as
// it is.
func checkedCopy(tb testing.TB, tr *Translator, res ChainResult) ChainResult {
	tb.Helper()
	c := res
	c.Steps, c.Warnings = slices.Clone(res.Steps), slices.Clone(res.Warnings)
	for i := range c.Steps {
		s := &c.Steps[i]
		s.Obligations, s.Skipped = slices.Clone(s.Obligations), slices.Clone(s.Skipped)
		for j := range s.Obligations {
			o := &s.Obligations[j]
			o.Hypotheses, o.Answers, o.Messages = slices.Clone(o.Hypotheses), slices.Clone(o.Answers), slices.Clone(o.Messages)
		}
	}
	require.NoError(tb, tr.Check(context.Background(), &c))
	return c
}
