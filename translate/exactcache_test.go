package translate

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/translate/internal/arith"
	"github.com/leanprm/leanprm/translate/internal/dialect"
)

// TestExactCacheDifferentialProcessBench: every ProcessBench dev chain checked by the exact
// checker, with its problem and (when the problem states decimals) without, gives deeply equal ChainResults with and without the
// cache — on the first pass and on the second, where every obligation is a hit.
func TestExactCacheDifferentialProcessBench(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	plain, err := New(Options{})
	require.NoError(t, err)
	cache := NewExactCache(0, 0)
	cached, err := New(Options{ExactCache: cache})
	require.NoError(t, err)
	chains, obls := 0, 0
	for _, subset := range devSubsets {
		dev := devResults(t, subset)
		for i, r := range dev.rows {
			want := dev.checked[i] // plain.ChainProblem(ctx, r.ID, r.Problem, r.Steps), made once (devwalk_test.go)
			got, err := cached.ChainProblem(ctx, r.ID, r.Problem, r.Steps)
			require.NoError(t, err)
			require.Equal(t, want, got, "%s, first pass", r.ID)
			// Without a problem that states decimals some obligations differ (a
			// decimal exact or rounded: other declarations); the outcomes kept
			// for the others must not change a verdict.
			// The exact cache is read by Check alone, and Chain is Translate then
			// Check: below, the chains are translated once and checked by both.
			if arith.ProblemExacts(r.Problem) != nil {
				alone := dev.alone[i] // plain.Translate(r.ID, r.Steps), made once (devwalk_test.go)
				require.Equal(t, checkedCopy(t, plain, alone), checkedCopy(t, cached, alone), "%s, without its problem", r.ID)
			}
			_, _, hits, missed := cache.Stats()
			require.Equal(t, want, checkedCopy(t, cached, dev.translated[i]), "%s, second pass", r.ID)
			_, _, hitsAgain, missedAgain := cache.Stats()
			require.Equal(t, missed, missedAgain, "%s: the second pass decides nothing afresh", r.ID)
			n := 0
			for _, s := range want.Steps {
				n += len(s.Obligations)
			}
			require.Equal(t, hits+uint64(n), hitsAgain, "%s: every obligation of the second pass is a hit", r.ID)
			chains++
			obls += n
		}
	}
	entries, _, hits, misses := cache.Stats()
	t.Logf("%d chains, %d obligations; cache: %d entries, %d hits, %d misses", chains, obls, entries, hits, misses)
	require.Positive(t, obls)
	assert.Positive(t, misses)
}

// TestExactCachePolicyNotCached: two obligations with the same declarations but different
// policies (OnProof, OnDisproof, note) share one cached outcome and still get their own
// verdicts, each the verdict exactAnswer gives without a cache.
func TestExactCachePolicyNotCached(t *testing.T) {
	c := NewExactCache(0, 0)
	mk := func(prop string, onP, onN Verdict, note string) *Obligation {
		return &Obligation{Lean: "example : " + prop + " := by " + DefaultTactic,
			LeanNeg: "example : ¬(" + prop + ") := by " + DefaultTactic, OnProof: onP, OnDisproof: onN, Note: note}
	}
	for _, prop := range []string{"(2 : Rat) + (3 : Rat) = (5 : Rat)", "(2 : Rat) + (3 : Rat) = (6 : Rat)", "(2 : Rat) +"} {
		for _, o := range []*Obligation{mk(prop, Verified, Refuted, ""), mk(prop, Unknown, Unknown, "a note"), mk(prop, Approximate, Unknown, "")} {
			got := exactVerdict(c.outcome(o.Lean, o.LeanNeg, DefaultTactic, DefaultIdentityTactic), o)
			assert.Equal(t, exactAnswer(o, DefaultTactic, DefaultIdentityTactic), got, "%s %v", prop, o.OnProof)
		}
	}
	entries, _, hits, misses := c.Stats()
	assert.Equal(t, 3, entries, "one entry per declaration text")
	assert.Equal(t, uint64(6), hits)
	assert.Equal(t, uint64(3), misses)
	// The tactic is part of the key: the same line closed by another tactic is not a hit.
	o := mk("(2 : Rat) + (3 : Rat) = (5 : Rat)", Verified, Refuted, "")
	got := exactVerdict(c.outcome(o.Lean, o.LeanNeg, "norm_num", DefaultIdentityTactic), o)
	assert.Equal(t, exactAnswer(o, "norm_num", DefaultIdentityTactic), got)
	assert.Equal(t, Error, got.Verdict, "a line closed by another tactic is not in the dialect of norm_num")
	_, _, _, misses = c.Stats()
	assert.Equal(t, uint64(4), misses)
}

// TestExactCacheConcurrent: many goroutines check overlapping chains through one cache; every
// result equals the one without the cache (under -race it also shows the cache is safe).
func TestExactCacheConcurrent(t *testing.T) {
	ctx := context.Background()
	plain, err := New(Options{})
	require.NoError(t, err)
	cache := NewExactCache(0, 0)
	cached, err := New(Options{ExactCache: cache, ScanCache: NewScanCache(0, 0)})
	require.NoError(t, err)
	chains := rotations(scanCacheSteps, 3)
	want := make([]ChainResult, len(chains))
	for i, c := range chains {
		want[i], err = plain.Chain(ctx, c.id, c.steps)
		require.NoError(t, err)
	}
	concurrently(t, len(chains), func(k, w int) int { return (k*7 + w) % len(chains) }, func(i int) []string {
		got, err := cached.Chain(ctx, chains[i].id, chains[i].steps)
		if err != nil || !assert.ObjectsAreEqual(want[i], got) {
			return []string{fmt.Sprintf("chain %q differs with the cache (%v)", strings.Join(chains[i].steps, " | "), err)}
		}
		return nil
	})
	entries, _, hits, _ := cache.Stats()
	assert.Positive(t, entries)
	assert.Positive(t, hits)
}

func TestExactCacheBounds(t *testing.T) {
	line := func(a int) (string, string) {
		prop := fmt.Sprintf("(%d : Rat) + (1 : Rat) = (%d : Rat)", a, a+1)
		return "example : " + prop + " := by " + DefaultTactic, "example : ¬(" + prop + ") := by " + DefaultTactic
	}
	t.Run("entries", func(t *testing.T) {
		c := NewExactCache(2, 0)
		for a := range 3 {
			p, n := line(a)
			assert.True(t, c.outcome(p, n, DefaultTactic, DefaultIdentityTactic).Proved)
		}
		entries, _, _, misses := c.Stats()
		assert.Equal(t, 2, entries)
		assert.Equal(t, uint64(3), misses)
		p, n := line(0)
		c.outcome(p, n, DefaultTactic, DefaultIdentityTactic)
		_, _, hits, _ := c.Stats()
		assert.Zero(t, hits, "the least recently used entry went first")
		p, n = line(2)
		c.outcome(p, n, DefaultTactic, DefaultIdentityTactic)
		_, _, hits, _ = c.Stats()
		assert.Equal(t, uint64(1), hits)
	})
	t.Run("bytes", func(t *testing.T) {
		p, n := line(1)
		one := exactCost(exactKey{p, n, DefaultTactic, DefaultIdentityTactic}, dialect.Outcome{})
		c := NewExactCache(100, 2*one)
		for a := 1; a <= 3; a++ {
			p, n := line(a)
			c.outcome(p, n, DefaultTactic, DefaultIdentityTactic)
		}
		entries, bytes, _, _ := c.Stats()
		assert.Equal(t, 2, entries)
		assert.LessOrEqual(t, bytes, 2*one)
	})
	t.Run("nil is off", func(t *testing.T) {
		var c *ExactCache
		p, n := line(4)
		assert.True(t, c.outcome(p, n, DefaultTactic, DefaultIdentityTactic).Proved)
	})
}
