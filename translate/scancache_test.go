package translate

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/translate/internal/arith"
)

// TestScanCacheDifferentialProcessBench: every ProcessBench dev chain translates to the same
// ChainResult with and without the cache — on the first pass (misses), the second (all hits),
// without a problem that states decimals (all hits), and for the chain without its first step (hits at other step
// indices, so the name events must be re-indexed).
func TestScanCacheDifferentialProcessBench(t *testing.T) {
	t.Parallel()
	plain, err := New(Options{})
	require.NoError(t, err)
	cache := NewScanCache(0, 0)
	cached, err := New(Options{ScanCache: cache})
	require.NoError(t, err)
	chains := 0
	for _, subset := range devSubsets {
		dev := devResults(t, subset)
		for i, r := range dev.rows {
			want := dev.translated[i] // plain.TranslateProblem(r.ID, r.Problem, r.Steps), made once (devwalk_test.go)
			require.Equal(t, want, cached.TranslateProblem(r.ID, r.Problem, r.Steps), "%s, first pass", r.ID)
			_, _, _, missed := cache.Stats()
			require.Equal(t, want, cached.TranslateProblem(r.ID, r.Problem, r.Steps), "%s, second pass", r.ID)
			if arith.ProblemExacts(r.Problem) != nil {
				// A step's reading holds nothing of the problem: the readings kept
				// with it serve the chain without it.
				require.Equal(t, dev.alone[i], cached.Translate(r.ID, r.Steps), "%s, without its problem", r.ID) // dev.alone[i] is plain.Translate(r.ID, r.Steps)
			}
			_, _, _, missedAgain := cache.Stats()
			require.Equal(t, missed, missedAgain, "%s: the second pass reads every step from the cache", r.ID)
			if len(r.Steps) > 1 {
				require.Equal(t, plain.TranslateProblem(r.ID, r.Problem, r.Steps[1:]), cached.TranslateProblem(r.ID, r.Problem, r.Steps[1:]), "%s, shifted", r.ID)
			}
			chains++
		}
	}
	entries, _, hits, misses := cache.Stats()
	t.Logf("%d chains; cache: %d entries, %d hits, %d misses", chains, entries, hits, misses)
	assert.Positive(t, hits)
	assert.Positive(t, misses)
}

// scanCacheSteps are steps with bindings, rebindings, roots (whose sides the second loop
// marks), running computations and skips, to be combined into overlapping chains.
var scanCacheSteps = []string{
	"Let x = 5.",
	"Then x + 1 = 6.",
	"So 2x = 11.",
	"x = 7, so x + 1 = 8.",
	`\sqrt{16} + 1 = 5 and \sqrt{9} = 3.`,
	"5 × 3 = 15 + 2 = 17.",
	"If y = 2, then y + 2 = 4.",
	"We get 3/4 = 0.75 and 1/3 ≈ 0.33.",
	"\xff not UTF-8 = 1",
	"(x + 1)(x - 1) = x^2 - 1.",
	"The total is 12 + 30 = 42.",
	"y = 10 so y / 4 = 2.5.",
}

// rotatedChain is a chain of test steps and the ID it is translated under.
type rotatedChain struct {
	id    string
	steps []string
}

// rotations are the chains that start at each step (wrapping round to the first) with lengths
// 1, 1+every, 1+2·every, … up to len(steps); the ID is "start length".
func rotations(steps []string, every int) []rotatedChain {
	var out []rotatedChain
	n := len(steps)
	for start := range n {
		for length := 1; length <= n; length += every {
			s := make([]string, length)
			for k := range s {
				s[k] = steps[(start+k)%n]
			}
			out = append(out, rotatedChain{fmt.Sprint(start, length), s})
		}
	}
	return out
}

// concurrently runs check on each of n jobs from eight goroutines, goroutine w visiting job
// order(k, w) k-th, and reports every message check returns as a test error.
func concurrently(t *testing.T, n int, order func(k, w int) int, check func(i int) []string) {
	t.Helper()
	const workers = 8
	var wg sync.WaitGroup
	errs := make(chan string, 2*workers*n)
	for w := range workers {
		wg.Go(func() {
			for k := range n {
				for _, e := range check(order(k, w)) {
					errs <- e
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

// TestScanCacheConcurrent: many goroutines translate overlapping chains (each step at many
// indices) through one cache; every answer equals the translation without the cache. Run
// under -race, it also shows that nothing writes to a shared scan.
func TestScanCacheConcurrent(t *testing.T) {
	plain, err := New(Options{})
	require.NoError(t, err)
	cache := NewScanCache(0, 0)
	cached, err := New(Options{ScanCache: cache})
	require.NoError(t, err)
	chains := rotations(scanCacheSteps, 3)
	want := make([]ChainResult, len(chains))
	for i, c := range chains {
		want[i] = plain.Translate(c.id, c.steps)
	}
	concurrently(t, len(chains), func(k, w int) int { return (k*7 + w) % len(chains) }, func(i int) []string {
		if !assert.ObjectsAreEqual(want[i], cached.Translate(chains[i].id, chains[i].steps)) {
			return []string{fmt.Sprintf("chain %q differs with the cache", strings.Join(chains[i].steps, " | "))}
		}
		return nil
	})
	entries, _, hits, _ := cache.Stats()
	assert.Equal(t, len(scanCacheSteps), entries, "one entry per distinct step")
	assert.Positive(t, hits)
}

func TestScanCacheBounds(t *testing.T) {
	lim := Limits{}.withDefaults()
	t.Run("entries", func(t *testing.T) {
		c := NewScanCache(2, 0)
		for _, s := range []string{"1 + 1 = 2.", "2 + 2 = 4.", "3 + 3 = 6."} {
			c.reading(s, lim)
		}
		entries, _, _, misses := c.Stats()
		assert.Equal(t, 2, entries)
		assert.Equal(t, uint64(3), misses)
		c.reading("1 + 1 = 2.", lim)
		_, _, hits, misses := c.Stats()
		assert.Zero(t, hits, "the least recently used entry went first")
		assert.Equal(t, uint64(4), misses)
		c.reading("3 + 3 = 6.", lim)
		_, _, hits, _ = c.Stats()
		assert.Equal(t, uint64(1), hits)
	})
	t.Run("bytes", func(t *testing.T) {
		one := scanCost("1 + 1 = 2.")
		c := NewScanCache(100, 2*one)
		for _, s := range []string{"1 + 1 = 2.", "2 + 2 = 4.", "3 + 3 = 6."} {
			c.reading(s, lim)
		}
		entries, bytes, _, _ := c.Stats()
		assert.Equal(t, 2, entries)
		assert.LessOrEqual(t, bytes, 2*one)
		c.reading(strings.Repeat("1 + 1 = 2. ", 100), lim)
		entries, bytes, _, _ = c.Stats()
		assert.Equal(t, 2, entries, "a scan costing more than the bound is not kept")
		assert.LessOrEqual(t, bytes, 2*one)
	})
	t.Run("limits are part of the key", func(t *testing.T) {
		c := NewScanCache(0, 0)
		small := lim
		small.MaxDigits = 3
		long := c.reading("12345 + 1 = 12346.", lim)
		short := c.reading("12345 + 1 = 12346.", small)
		entries, _, hits, _ := c.Stats()
		assert.Equal(t, 2, entries)
		assert.Zero(t, hits)
		assert.NotEqual(t, long.toks, short.toks, "a literal past MaxDigits is read differently")
	})
	t.Run("nil is off", func(t *testing.T) {
		var c *ScanCache
		a, b := c.reading("1 + 1 = 2.", lim), c.reading("1 + 1 = 2.", lim)
		assert.NotSame(t, a, b)
		assert.Equal(t, a, b)
	})
}

// BenchmarkScanCache: translating a 20-step prefix plus one new step (as incremental scoring
// does) and a one-step chain of a new step, with and without the cache.
func BenchmarkScanCache(b *testing.B) {
	prefix := make([]string, 20)
	for i := range prefix {
		prefix[i] = fmt.Sprintf("Then %d + %d = %d, so x = %d.", i, i+1, 2*i+1, i)
	}
	for _, withCache := range []bool{false, true} {
		opts := Options{}
		if withCache {
			opts.ScanCache = NewScanCache(0, 0)
		}
		tr, err := New(opts)
		require.NoError(b, err)
		b.Run(fmt.Sprintf("cache=%t/prefix20+1", withCache), func(b *testing.B) {
			for i := range b.N {
				tr.Translate("c", append(prefix[:20:20], fmt.Sprintf("%d + 2 = %d.", i, i+2)))
			}
		})
		b.Run(fmt.Sprintf("cache=%t/one-step", withCache), func(b *testing.B) {
			for i := range b.N {
				tr.Translate("c", []string{fmt.Sprintf("%d + 1 = %d.", i, i+1)})
			}
		})
	}
}
