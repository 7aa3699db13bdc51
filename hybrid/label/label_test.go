package label

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/chain"
)

// toyRoller is an in-test generator: a completion from a prefix that holds a step marked
// WRONG ends in a wrong answer; from a clean prefix it reaches the gold answer unless it
// slips, which it does deterministically (by a hash of the prefix and the sample) with
// probability slip. The real generator simulator is tested in wire_test.go and the
// measurement; this one isolates the estimators.
type toyRoller struct {
	gold string
	slip float64
	fail func(prefix []string) error

	mu    sync.Mutex
	calls int
	n     int
}

func (r *toyRoller) Rollouts(_ context.Context, _ string, prefix []string, k int) ([]string, error) {
	r.mu.Lock()
	r.calls++
	r.n += k
	r.mu.Unlock()
	if r.fail != nil {
		if err := r.fail(prefix); err != nil {
			return nil, err
		}
	}
	bad := false
	for _, p := range prefix {
		bad = bad || strings.Contains(p, "WRONG")
	}
	out := make([]string, k)
	for j := range k {
		h := fnv.New64a()
		fmt.Fprintf(h, "%s|%d", strings.Join(prefix, "|"), j)
		slipped := float64(h.Sum64()%1000)/1000 < r.slip
		if bad || slipped {
			out[j] = "so on. The answer is 999."
		} else {
			out[j] = "so on. The answer is " + r.gold + "."
		}
	}
	return out, nil
}

// toyGrader reads the last "The answer is X" and compares it with gold as text.
var toyGrader = GraderFunc(func(_, gold, text string) Reach {
	i := strings.LastIndex(text, "The answer is ")
	if i < 0 {
		return Undecided
	}
	ans := strings.TrimSuffix(strings.TrimSpace(text[i+len("The answer is "):]), ".")
	if ans == gold {
		return Reached
	}
	return Missed
})

// toyChain has n steps; step wrong (if ≥ 0) is marked WRONG and every step after it too, as
// a slip carries; the last step states the answer.
func toyChain(id string, n, wrong int) chain.Chain {
	c := chain.Chain{ID: id, Source: id + ":1", Problem: "p", FirstError: chain.NoLabel}
	for i := range n {
		t := fmt.Sprintf("step %d", i)
		if wrong >= 0 && i >= wrong {
			t += " WRONG"
		}
		if i == n-1 {
			if wrong >= 0 {
				t += " The answer is 999."
			} else {
				t += " The answer is 42."
			}
		}
		c.Steps = append(c.Steps, chain.Step{Text: t})
	}
	return c
}

func labels(c Chain) string {
	var b strings.Builder
	for _, s := range c.Steps {
		switch {
		case s.Label == nil:
			b.WriteByte('?')
		case *s.Label:
			b.WriteByte('T')
		default:
			b.WriteByte('F')
		}
	}
	return b.String()
}

func newLabeler(m Method, k int, r Roller) *Labeler {
	return &Labeler{Method: m, K: k, Estimator: NewEstimator(r, toyGrader), Grader: toyGrader, Concurrency: 2}
}

func TestMonteCarloAndOmegaLocateTheFirstError(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		method       Method
		n, wrong     int
		want         string
		first        int
		maxRollouts  int
		exactRollout int
	}{
		{MCHard, 6, 2, "TTFFFF", 2, 0, 5 * 4},
		{MCSoft, 6, 2, "TTFFFF", 2, 0, 5 * 4},
		{MCHard, 6, -1, "TTTTTT", -1, 0, 5 * 4},
		// omega on a wrong chain: ceil(log2 6) = 3 probes at most.
		{Omega, 6, 2, "TTF", 2, 3 * 4, -1},
		// omega on a chain whose answer is right: no rollout at all.
		{Omega, 6, -1, "TTTTTT", -1, 0, 0},
		{Omega, 9, 0, "F", 0, 4 * 4, -1},
		{Omega, 9, 8, "TTTTTTTTF", 8, 4 * 4, -1},
	} {
		t.Run(fmt.Sprintf("%s/n%d/wrong%d", tc.method, tc.n, tc.wrong), func(t *testing.T) {
			r := &toyRoller{gold: "42"}
			l := newLabeler(tc.method, 4, r)
			got, err := l.Label(ctx, Item{Chain: toyChain("c", tc.n, tc.wrong), Gold: "42"})
			require.NoError(t, err)
			require.True(t, strings.HasPrefix(labels(got), tc.want), "labels %s, want prefix %s", labels(got), tc.want)
			require.NotNil(t, got.FirstError)
			require.Equal(t, tc.first, *got.FirstError)
			require.Equal(t, r.n, got.Rollouts, "the chain counts what the generator was asked for")
			if tc.exactRollout >= 0 {
				require.Equal(t, tc.exactRollout, got.Rollouts)
			} else {
				require.LessOrEqual(t, got.Rollouts, tc.maxRollouts)
			}
			last := got.Steps[len(got.Steps)-1]
			if last.Label != nil && last.Source == SourceAnswer {
				require.Nil(t, last.Share, "the last step is graded by the chain's own answer, not rolled out")
			}
			for _, s := range got.Steps {
				if s.Source == SourceMC {
					require.Equal(t, 4, s.K)
					require.NotNil(t, s.Share)
					require.NotNil(t, s.Reached)
				}
			}
		})
	}
}

func TestSoftAndHardDifferOnNoisyRollouts(t *testing.T) {
	// With many slips, a right prefix keeps some reaching rollouts (hard: right) but a share
	// under one half (soft: wrong).
	r := &toyRoller{gold: "42", slip: 0.7}
	ctx := context.Background()
	hard, err := newLabeler(MCHard, 16, r).Label(ctx, Item{Chain: toyChain("c", 4, -1), Gold: "42"})
	require.NoError(t, err)
	soft, err := newLabeler(MCSoft, 16, r).Label(ctx, Item{Chain: toyChain("c", 4, -1), Gold: "42"})
	require.NoError(t, err)
	require.Equal(t, "TTTT", labels(hard))
	require.Contains(t, labels(soft), "F")
	for i := range 3 {
		require.InDelta(t, *hard.Steps[i].Share, *soft.Steps[i].Share, 0, "the same rollouts behind both")
		require.Less(t, *soft.Steps[i].Share, SoftThreshold)
	}
}

func TestRolloutsAreCachedByPrefix(t *testing.T) {
	r := &toyRoller{gold: "42"}
	l := newLabeler(MCHard, 4, r)
	ctx := context.Background()
	a := toyChain("a", 5, 3)
	b := toyChain("b", 5, -1) // shares steps 0-2 with a
	ra, err := l.Label(ctx, Item{Chain: a, Gold: "42"})
	require.NoError(t, err)
	require.Equal(t, 4, r.calls, "one batched request (n=K) per prefix")
	rb, err := l.Label(ctx, Item{Chain: b, Gold: "42"})
	require.NoError(t, err)
	require.Equal(t, 16, ra.Rollouts)
	require.Equal(t, 4, rb.Rollouts, "three of b's four prefixes were a's")
	require.Equal(t, 5, r.calls)
	// A different gold answer is a different question: no sharing.
	rc, err := l.Label(ctx, Item{Chain: b, Gold: "43"})
	require.NoError(t, err)
	require.Equal(t, 16, rc.Rollouts)
}

// fakeFormal returns the verdicts it is given, step by step.
type fakeFormal struct{ steps []hybrid.FormalStep }

func (f fakeFormal) JudgeSteps(_ context.Context, _ string, steps []chain.Step) ([]hybrid.FormalStep, error) {
	out := make([]hybrid.FormalStep, len(steps))
	copy(out, f.steps)
	return out, nil
}

func TestFormalAndCombined(t *testing.T) {
	ctx := context.Background()
	ff := fakeFormal{steps: []hybrid.FormalStep{
		{Verdict: hybrid.Verified, Checker: "exact", FullyFormal: true},
		{Verdict: hybrid.Verified, Checker: "exact"}, // says more than was checked
		{Verdict: hybrid.Approximate, Checker: "exact", FullyFormal: true},
		{Verdict: hybrid.Refuted, Checker: "exact"},
		{Verdict: hybrid.Unknown},
	}}
	c := toyChain("c", 6, 3)
	l := &Labeler{Method: Formal, Formal: ff, Checker: "exact"}
	got, err := l.Label(ctx, Item{Chain: c})
	require.NoError(t, err, "formal needs no gold answer and no generator")
	require.Equal(t, "T??F??", labels(got))
	require.Nil(t, got.FirstError, "an unlabelled step before the refuted one: undecidable")
	require.Equal(t, SourceFormal, got.Steps[0].Source)
	require.Equal(t, hybrid.Refuted, got.Steps[3].Verdict)
	require.Equal(t, "exact", got.Steps[3].Checker)
	require.Zero(t, got.Rollouts)

	r := &toyRoller{gold: "42"}
	cl := newLabeler(Combined, 4, r)
	cl.Formal = ff
	// A chain whose steps are all fine by the rollouts, but step 3 is refuted: the proof wins.
	clean := toyChain("d", 6, -1)
	got, err = cl.Label(ctx, Item{Chain: clean, Gold: "42"})
	require.NoError(t, err)
	require.Equal(t, "TTTFTT", labels(got))
	require.Equal(t, SourceFormal, got.Steps[0].Source)
	require.Equal(t, SourceMC, got.Steps[1].Source)
	require.Equal(t, SourceMC, got.Steps[2].Source, "approximate decides nothing")
	require.Equal(t, SourceFormal, got.Steps[3].Source)
	require.Equal(t, 3, *got.FirstError)
	require.Equal(t, 3*4, got.Rollouts, "steps a proof decided are not rolled out")
}

func TestGeneratorFailureKeepsTheOthers(t *testing.T) {
	errDown := errors.New("generator down")
	r := &toyRoller{gold: "42", fail: func(prefix []string) error {
		if strings.HasPrefix(prefix[0], "step 0") && len(prefix) == 2 {
			return errDown
		}
		return nil
	}}
	l := newLabeler(MCHard, 2, r)
	items := []Item{
		{Chain: chain.Chain{ID: "ok", Source: "f:1", Problem: "p", Steps: []chain.Step{{Text: "only The answer is 42."}}}, Gold: "42"},
		{Chain: toyChain("broken", 4, -1), Gold: "42"},
		{Chain: toyChain("nogold", 3, -1)},
	}
	var mu sync.Mutex
	seen := map[int]Chain{}
	l.Done = func(i int, c Chain) { mu.Lock(); seen[i] = c; mu.Unlock() }
	got, err := l.LabelChains(context.Background(), items)
	require.Error(t, err)
	require.ErrorIs(t, err, errDown)
	require.ErrorIs(t, err, ErrNoGold)
	require.Contains(t, err.Error(), "broken (broken:1)")
	require.Len(t, seen, 3, "every chain is reported, labelled or failed")
	require.Empty(t, got[0].Err)
	require.Equal(t, "T", labels(got[0]))
	require.Contains(t, got[1].Err, "generator down")
	require.Contains(t, got[1].Err, "after step 2")
	require.Equal(t, "????", labels(got[1]), "a failed chain carries no half labels")
	require.Nil(t, got[1].FirstError)
	require.Contains(t, got[2].Err, "no gold answer")
}

func TestLabelChainsStopsOnCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	r := &toyRoller{gold: "42"}
	r.fail = func([]string) error { cancel(); return context.Canceled }
	l := newLabeler(MCHard, 2, r)
	var items []Item
	for i := range 20 {
		items = append(items, Item{Chain: toyChain(fmt.Sprint(i), 3, -1), Gold: "42"})
	}
	n := 0
	l.Done = func(int, Chain) { n++ }
	_, err := l.LabelChains(ctx, items)
	require.ErrorIs(t, err, context.Canceled)
	require.Zero(t, n, "nothing cut short is passed as a result")
}

func TestParse(t *testing.T) {
	for _, m := range Methods() {
		got, err := ParseMethod(strings.ToUpper(string(m)))
		require.NoError(t, err)
		require.Equal(t, m, got)
	}
	_, err := ParseMethod("mc")
	require.ErrorContains(t, err, "want formal, mc-hard, mc-soft, omega, combined")
	for _, f := range Formats() {
		got, err := ParseFormat(string(f))
		require.NoError(t, err)
		require.Equal(t, f, got)
	}
	_, err = ParseFormat("csv")
	require.Error(t, err)
}
