package embedded

import (
	"context"
	"fmt"
	"math"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/hybrid/chain"
)

// hashedModel is the default model with a hash table of 2^8 word n-gram weights (off in the
// committed model), so that the kept hashed features count too.
func hashedModel(t testing.TB) *Model {
	m, err := Default()
	require.NoError(t, err)
	h := m.Header
	h.HashBits = 8
	w := make([]float32, 1<<8)
	for i := range w {
		w[i] = float32(math.Sin(float64(i))) / 4
	}
	return &Model{Header: h, hashW: w}
}

// contextChains: ProcessBench dev chains, every 20th, and chains whose steps' features read
// the chain's length: a final answer before the last step, the last step leaving problem
// numbers unused, a Lean step.
func contextChains(t testing.TB) []chain.Chain {
	all, _ := processBenchDev(t)
	var out []chain.Chain
	for i, c := range all {
		if i%20 == 0 {
			out = append(out, c)
		}
	}
	return append(out,
		chain.Chain{ID: "final-early", Problem: "Ann has 12 apples and 30 pears. She eats 5 apples. How many apples are left?",
			Steps: steps("12 - 5 = 7 apples.", "The answer is \\boxed{7}.", "Wait, let me check: 7 + 5 = 12.", "So the answer is 7.", "Total 7 + 30 = 37.")},
		chain.Chain{ID: "lean", Problem: "Show 2 + 2 = 4 and 48 / 2 = 24.",
			Steps: []chain.Step{{Text: "theorem t : 2 + 2 = 4 := by decide", Formal: true}, {Text: "48 / 2 = 24."}, {Text: "Maybe 48 / 2 = 25?"}}},
	)
}

// TestContextCacheScoresEqualFresh: chains grown one step at a time through a model with a
// context cache score exactly (==, bit for bit) as the model without one scores them, at
// every length, for the committed model and one with hashed n-grams; and the whole chain
// again, and a chain that extends a kept one by several steps at once.
func TestContextCacheScoresEqualFresh(t *testing.T) {
	ctx := context.Background()
	plainDefault, err := Default()
	require.NoError(t, err)
	for name, plain := range map[string]*Model{"committed": plainDefault, "hashed": hashedModel(t)} {
		t.Run(name, func(t *testing.T) {
			cache := NewContextCache(0, 0)
			cached := plain.WithContexts(cache)
			for _, c := range contextChains(t) {
				for k := 1; k <= len(c.Steps); k++ {
					want, err := plain.ScoreChain(ctx, c.Problem, c.Steps[:k])
					require.NoError(t, err)
					got, err := cached.ScoreChain(ctx, c.Problem, c.Steps[:k])
					require.NoError(t, err)
					require.Equal(t, want, got, "%s at %d steps", c.ID, k)
					if k == len(c.Steps) {
						again, err := cached.ScoreChain(ctx, c.Problem, c.Steps)
						require.NoError(t, err)
						require.Equal(t, want, again, "%s again", c.ID)
					}
				}
				if half := len(c.Steps) / 2; half > 0 {
					other := plain.WithContexts(NewContextCache(0, 0))
					_, err := other.ScoreChain(ctx, c.Problem, c.Steps[:half])
					require.NoError(t, err)
					want, err := plain.ScoreChain(ctx, c.Problem, c.Steps)
					require.NoError(t, err)
					got, err := other.ScoreChain(ctx, c.Problem, c.Steps)
					require.NoError(t, err)
					require.Equal(t, want, got, "%s from half", c.ID)
				}
			}
			_, _, hits, misses := cache.Stats()
			t.Logf("resumed %d, from the first step %d", hits, misses)
			assert.Greater(t, hits, 5*misses)
		})
	}
}

// TestContextCacheKeys: a kept chain is resumed only for the same problem and the same steps
// (a step's text, and whether it is Lean).
func TestContextCacheKeys(t *testing.T) {
	ctx := context.Background()
	plain, err := Default()
	require.NoError(t, err)
	cache := NewContextCache(0, 0)
	m := plain.WithContexts(cache)
	q := "Tom has 3 bags with 7 marbles each. How many marbles?"
	st := steps("3 * 7 = 21 marbles.", "The answer is 21.")
	_, err = m.ScoreChain(ctx, q, st[:1])
	require.NoError(t, err)
	for _, tc := range []struct {
		name    string
		problem string
		steps   []chain.Step
		resumes bool
	}{
		{"same prefix", q, st, true},
		{"other problem", "Tom has 4 bags.", st, false},
		{"the step is Lean", q, []chain.Step{{Text: st[0].Text, Formal: true}, st[1]}, false},
		{"other text", q, steps("3 * 7 = 22 marbles.", "The answer is 21."), false},
	} {
		_, _, before, _ := cache.Stats()
		got, err := m.ScoreChain(ctx, tc.problem, tc.steps)
		require.NoError(t, err)
		want, err := plain.ScoreChain(ctx, tc.problem, tc.steps)
		require.NoError(t, err)
		assert.Equal(t, want, got, tc.name)
		_, _, after, _ := cache.Stats()
		assert.Equal(t, tc.resumes, after > before, tc.name)
	}
}

// TestContextCacheSharedByModels: two models with different hash tables share one cache; each
// resumes only what a model of its own table size kept, and scores as without the cache.
func TestContextCacheSharedByModels(t *testing.T) {
	ctx := context.Background()
	committed, err := Default()
	require.NoError(t, err)
	hashed := hashedModel(t)
	cache := NewContextCache(0, 0)
	a, b := committed.WithContexts(cache), hashed.WithContexts(cache)
	q := "Tom has 3 bags with 7 marbles each. How many marbles?"
	st := steps("3 * 7 = 21 marbles.", "Maybe 3 + 7 = 10?", "The answer is 21.")
	_, err = a.ScoreChain(ctx, q, st[:2])
	require.NoError(t, err)
	got, err := b.ScoreChain(ctx, q, st)
	require.NoError(t, err)
	want, err := hashed.ScoreChain(ctx, q, st)
	require.NoError(t, err)
	assert.Equal(t, want, got)
	_, _, hits, _ := cache.Stats()
	assert.Zero(t, hits, "another table size: nothing resumed")
	got, err = a.ScoreChain(ctx, q, st)
	require.NoError(t, err)
	want, err = committed.ScoreChain(ctx, q, st)
	require.NoError(t, err)
	assert.Equal(t, want, got)
	_, _, hits, _ = cache.Stats()
	assert.Equal(t, uint64(1), hits)
}

// TestContextCacheConcurrent: goroutines grow overlapping chains through one cache; every
// score equals the model's without the cache. Under -race it shows that kept contexts are
// only read.
func TestContextCacheConcurrent(t *testing.T) {
	ctx := context.Background()
	plain, err := Default()
	require.NoError(t, err)
	m := plain.WithContexts(NewContextCache(0, 0))
	q := "A shop sells 12 pens at $3 each and 5 books at $8 each. How much in all?"
	texts := []string{"12 * 3 = 36 dollars for pens.", "5 * 8 = 40 dollars for books.", "Maybe 36 + 40 = 75?",
		"Wait, 36 + 40 = 76.", "The answer is \\boxed{76}.", "So the total is 76."}
	type job struct {
		steps []chain.Step
		want  []float64
	}
	var jobs []job
	for start := range texts {
		for n := 1; n <= len(texts); n++ {
			var st []chain.Step
			for k := range n {
				st = append(st, chain.Step{Text: texts[(start+k)%len(texts)]})
			}
			want, err := plain.ScoreChain(ctx, q, st)
			require.NoError(t, err)
			jobs = append(jobs, job{st, want})
		}
	}
	var wg sync.WaitGroup
	errs := make(chan string, 8*len(jobs))
	for w := range 8 {
		wg.Go(func() {
			for k := range jobs {
				j := jobs[(k+w*5)%len(jobs)]
				got, err := m.ScoreChain(ctx, q, j.steps)
				if err != nil || !assert.ObjectsAreEqual(j.want, got) {
					errs <- fmt.Sprintf("%d steps from %q: %v", len(j.steps), j.steps[0].Text, err)
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

func TestContextCacheBounds(t *testing.T) {
	ctx := context.Background()
	plain, err := Default()
	require.NoError(t, err)
	q := "Tom has 3 bags with 7 marbles each. How many marbles?"
	chainOf := func(n int) []chain.Step {
		var out []chain.Step
		for i := range n {
			out = append(out, chain.Step{Text: fmt.Sprintf("%d + 1 = %d.", i, i+1)})
		}
		return out
	}
	t.Run("entries", func(t *testing.T) {
		c := NewContextCache(2, 0)
		m := plain.WithContexts(c)
		for _, n := range []int{1, 2, 3} {
			_, err := m.ScoreChain(ctx, q, chainOf(n)[n-1:])
			require.NoError(t, err)
		}
		entries, _, hits, misses := c.Stats()
		assert.Equal(t, 2, entries)
		assert.Zero(t, hits)
		assert.Equal(t, uint64(3), misses)
	})
	t.Run("bytes", func(t *testing.T) {
		probe := NewContextCache(0, 0)
		_, err := plain.WithContexts(probe).ScoreChain(ctx, q, chainOf(4))
		require.NoError(t, err)
		_, four, _, _ := probe.Stats()
		c := NewContextCache(100, 2*four)
		m := plain.WithContexts(c)
		for n := 1; n <= 4; n++ {
			_, err := m.ScoreChain(ctx, q, chainOf(n))
			require.NoError(t, err)
		}
		_, bytes, _, _ := c.Stats()
		assert.LessOrEqual(t, bytes, 2*four)
		_, err = m.ScoreChain(ctx, q, chainOf(60))
		require.NoError(t, err)
		entries, bytes, _, _ := c.Stats()
		assert.LessOrEqual(t, bytes, 2*four, "a context costing more than the bound is not kept")
		assert.Positive(t, entries)
	})
	t.Run("nil is off", func(t *testing.T) {
		m := plain.WithContexts(nil)
		want, err := plain.ScoreChain(ctx, q, chainOf(3))
		require.NoError(t, err)
		got, err := m.ScoreChain(ctx, q, chainOf(3))
		require.NoError(t, err)
		assert.Equal(t, want, got)
	})
}
