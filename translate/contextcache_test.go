package translate

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// cachingTranslators is a translator without caches, one with all three (context, scan,
// exact), and the latter's context cache.
func cachingTranslators(t *testing.T) (plain, cached *Translator, cache *ContextCache) {
	t.Helper()
	plain, err := New(Options{})
	require.NoError(t, err)
	cache = NewContextCache(0, 0)
	cached, err = New(Options{ContextCache: cache, ScanCache: NewScanCache(0, 0), ExactCache: NewExactCache(0, 0)})
	require.NoError(t, err)
	return plain, cached, cache
}

// TestContextCacheDifferentialProcessBench: every ProcessBench dev chain is grown one step at a
// time, as a search loop grows it, through a translator with the context cache (and the scan
// and exact caches beside it); the whole chain's translation, and for every eighth chain the
// translation at every length, equals the one without caches.
// Half the prefixes are checked (Chain) before they are extended, so verdicts written by Check
// must not reach a kept context. Then the whole chain once more (a kept context of all its steps),
// and the chain after its first half at once (several new steps). Each chain comes with its
// problem, whose decimals and percentages are exact in its steps.
func TestContextCacheDifferentialProcessBench(t *testing.T) {
	t.Parallel()
	plain, cached, cache := cachingTranslators(t)
	ctx := context.Background()
	chains, steps := 0, 0
	for _, subset := range devSubsets {
		dev := devResults(t, subset)
		for ri, r := range dev.rows {
			for k := 1; k < len(r.Steps); k++ {
				switch {
				case ri%8 == 0: // every length of every eighth chain, to keep -race quick
					require.Equal(t, plain.TranslateProblem(r.ID, r.Problem, r.Steps[:k]), cached.TranslateProblem(r.ID, r.Problem, r.Steps[:k]), "%s, %d steps", r.ID, k)
				case k%2 == 1:
					_, err := cached.ChainProblem(ctx, r.ID, r.Problem, r.Steps[:k])
					require.NoError(t, err)
				default:
					cached.TranslateProblem(r.ID, r.Problem, r.Steps[:k])
				}
			}
			want := dev.translated[ri] // plain.TranslateProblem(r.ID, r.Problem, r.Steps), made once (devwalk_test.go)
			require.Equal(t, want, cached.TranslateProblem(r.ID, r.Problem, r.Steps), "%s, %d steps", r.ID, len(r.Steps))
			_, _, hits, _ := cache.Stats()
			require.Equal(t, want, cached.TranslateProblem(r.ID, r.Problem, r.Steps), "%s, again", r.ID)
			_, _, hitsAgain, _ := cache.Stats()
			require.Equal(t, hits+1, hitsAgain, "%s: the whole chain again resumes from its own context", r.ID)
			if half := len(r.Steps) / 2; half > 0 {
				other, err := New(Options{ContextCache: NewContextCache(0, 0)})
				require.NoError(t, err)
				other.TranslateProblem(r.ID, r.Problem, r.Steps[:half])
				require.Equal(t, want, other.TranslateProblem(r.ID, r.Problem, r.Steps), "%s, from half", r.ID)
			}
			chains++
			steps += len(r.Steps)
		}
	}
	entries, bytes, hits, misses := cache.Stats()
	t.Logf("%d chains, %d steps; cache: %d contexts, %d bytes, %d resumed, %d from the first step", chains, steps, entries, bytes, hits, misses)
	assert.Greater(t, hits, 5*misses, "most extensions resume")
	assert.Positive(t, misses)
}

// TestContextCacheProblemIsPartOfKey: the same steps with two problems translate two ways (the
// problem's 5% makes 0.95 exact), and no cache lets one problem's translation stand for the
// other's: not the kept context of the whole chain, nor of a prefix, nor a kept step reading or
// exact outcome. A problem that states the same values in other words shares the contexts.
func TestContextCacheProblemIsPartOfKey(t *testing.T) {
	plain, cached, cache := cachingTranslators(t)
	ctx := context.Background()
	steps := []string{"$140 * 0.95 = $134.", "So she pays $134 for the coat."}
	verdict := func(tr *Translator, problem string, steps []string) StepVerdict {
		t.Helper()
		res, err := tr.ChainProblem(ctx, "c", problem, steps)
		require.NoError(t, err)
		want, err := plain.ChainProblem(ctx, "c", problem, steps)
		require.NoError(t, err)
		require.Equal(t, want, res, "the cached translation is the plain one")
		return res.Steps[0].Verdict
	}
	assert.Equal(t, StepRefuted, verdict(cached, discountProblem, steps))
	assert.NotEqual(t, StepRefuted, verdict(cached, plainProblem, steps), "a problem without 5%: 0.95 may be rounded")
	assert.NotEqual(t, StepRefuted, verdict(cached, "", steps), "no problem")
	assert.Equal(t, StepRefuted, verdict(cached, discountProblem, steps))

	// A kept prefix of one problem is not resumed for another.
	_, cached, cache = cachingTranslators(t)
	assert.Equal(t, StepRefuted, verdict(cached, discountProblem, steps[:1]))
	assert.NotEqual(t, StepRefuted, verdict(cached, plainProblem, steps))
	_, _, hits, misses := cache.Stats()
	assert.Zero(t, hits, "another problem resumes from nothing kept for the first")
	assert.Equal(t, uint64(2), misses)

	// Another wording of the same 5% (and the same $140) resumes from the kept context.
	assert.Equal(t, StepRefuted, verdict(cached, "The bag is marked $140 and is sold at 5 percent off.", steps))
	_, _, hits, _ = cache.Stats()
	assert.Equal(t, uint64(1), hits, "the same exact values share the kept prefix")
}

// TestContextCacheLaterStepChangesPrefix: a new step that changes how a kept step reads (a
// name given a second value, a function defined again) makes the chain start from its first
// step, and the kept step's translation changes as it does without the cache.
func TestContextCacheLaterStepChangesPrefix(t *testing.T) {
	plain, err := New(Options{})
	require.NoError(t, err)
	for _, tc := range []struct {
		name   string
		prefix []string
		next   string
	}{
		{"a name given a second value", []string{"Let x = 5.", "Then x + 1 = 6."}, "So x = 7."},
		{"a name bound in a conditional", []string{"Let x = 5.", "Then x + 1 = 6."}, "If x = 2, then x + 2 = 4."},
		{"a function defined again", []string{`Let \(f(x) = x + 1\).`, `So \(f(2) = 3\).`}, `Now \(f(x) = 2x\).`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cache := NewContextCache(0, 0)
			cached, err := New(Options{ContextCache: cache})
			require.NoError(t, err)
			alone := cached.Translate("c", tc.prefix)
			require.Equal(t, plain.Translate("c", tc.prefix), alone)
			full := append(tc.prefix[:len(tc.prefix):len(tc.prefix)], tc.next)
			want := plain.Translate("c", full)
			require.NotEqual(t, alone.Steps[1], want.Steps[1], "the new step changes how step 1 reads")
			assert.Equal(t, want, cached.Translate("c", full))
			_, _, hits, misses := cache.Stats()
			assert.Zero(t, hits, "nothing resumed")
			assert.Equal(t, uint64(2), misses)
		})
	}
	t.Run("an unrelated new step resumes", func(t *testing.T) {
		cache := NewContextCache(0, 0)
		cached, err := New(Options{ContextCache: cache})
		require.NoError(t, err)
		prefix := []string{"Let x = 5.", "Then x + 1 = 6.", `Let \(f(x) = x + 1\).`}
		cached.Translate("c", prefix)
		full := append(prefix, "So y = 3 and y + x = 8.", `And \(f(2) = 3\), x + 2 = 7.`)
		assert.Equal(t, plain.Translate("c", full), cached.Translate("c", full))
		_, _, hits, _ := cache.Stats()
		assert.Equal(t, uint64(1), hits)
	})
}

// TestContextCacheConcurrent: many goroutines grow overlapping chains through one cache (each
// chain resumes from contexts other goroutines kept); every answer equals the translation
// without the cache. Under -race it also shows that nothing writes to a kept context.
func TestContextCacheConcurrent(t *testing.T) {
	plain, err := New(Options{})
	require.NoError(t, err)
	cache := NewContextCache(0, 0)
	cached, err := New(Options{ContextCache: cache, ScanCache: NewScanCache(0, 0)})
	require.NoError(t, err)
	steps := append(scanCacheSteps[:len(scanCacheSteps):len(scanCacheSteps)],
		`Let \(g(t) = t^2 + 1\).`, `So \(g(3) = 10\) and \(x^2 - 1 = (x-1)(x+1)\).`, `\((a+b)^2 = a^2 + 2ab + b^2\)`,
		// What the symbolic reader carries from one step to the next: an equation, a value.
		"So we can write: 10 - (x/10) = 5.", "Multiplying both sides by 10, we get: 100 - x = 50.",
		`\[ 576 \times 11111 \]`, `\[ = 6399936 \]`)
	chains := rotations(steps, 1)
	want := make([]ChainResult, len(chains))
	for i, c := range chains {
		want[i] = plain.Translate(c.id, c.steps)
	}
	const workers = 8
	concurrently(t, len(chains), func(k, w int) int { return (k + w*len(chains)/workers) % len(chains) }, func(i int) []string {
		var errs []string
		got := cached.Translate(chains[i].id, chains[i].steps)
		// Check writes verdicts into the result of a chain others resume from.
		if _, err := cached.Chain(context.Background(), chains[i].id, chains[i].steps); err != nil {
			errs = append(errs, err.Error())
		}
		if !assert.ObjectsAreEqual(want[i], got) {
			errs = append(errs, fmt.Sprintf("chain %q differs with the cache", strings.Join(chains[i].steps, " | ")))
		}
		return errs
	})
	_, _, hits, _ := cache.Stats()
	assert.Positive(t, hits)
}

func TestContextCacheBounds(t *testing.T) {
	chainOf := func(n int) []string {
		s := make([]string, n)
		for i := range s {
			s[i] = fmt.Sprintf("%d + 1 = %d.", i, i+1)
		}
		return s
	}
	t.Run("entries", func(t *testing.T) {
		c := NewContextCache(2, 0)
		tr, err := New(Options{ContextCache: c})
		require.NoError(t, err)
		for _, s := range [][]string{{"1 + 1 = 2."}, {"2 + 2 = 4."}, {"3 + 3 = 6."}} {
			tr.Translate("c", s)
		}
		entries, _, _, misses := c.Stats()
		assert.Equal(t, 2, entries)
		assert.Equal(t, uint64(3), misses)
		tr.Translate("c", []string{"1 + 1 = 2.", "4 + 4 = 8."})
		_, _, hits, _ := c.Stats()
		assert.Zero(t, hits, "the least recently used context went first")
		tr.Translate("c", []string{"3 + 3 = 6.", "4 + 4 = 8."})
		_, _, hits, _ = c.Stats()
		assert.Equal(t, uint64(1), hits)
	})
	t.Run("bytes", func(t *testing.T) {
		probe := NewContextCache(0, 0)
		tr, err := New(Options{ContextCache: probe})
		require.NoError(t, err)
		tr.Translate("c", chainOf(4))
		_, four, _, _ := probe.Stats()
		c := NewContextCache(100, 2*four)
		tr, err = New(Options{ContextCache: c})
		require.NoError(t, err)
		for k := 1; k <= 4; k++ {
			tr.Translate("c", chainOf(k))
		}
		_, bytes, _, _ := c.Stats()
		assert.LessOrEqual(t, bytes, 2*four)
		tr.Translate("c", chainOf(40))
		entries, bytes, _, _ := c.Stats()
		assert.LessOrEqual(t, bytes, 2*four, "a context costing more than the bound is not kept")
		assert.Positive(t, entries)
	})
	t.Run("options are part of the key", func(t *testing.T) {
		c := NewContextCache(0, 0)
		a, err := New(Options{ContextCache: c})
		require.NoError(t, err)
		b, err := New(Options{ContextCache: c, Tactic: "norm_num"})
		require.NoError(t, err)
		small, err := New(Options{ContextCache: c, Limits: Limits{MaxDigits: 3}})
		require.NoError(t, err)
		steps := []string{"12345 + 1 = 12346.", "2 + 2 = 4."}
		a.Translate("c", steps[:1])
		got := b.Translate("c", steps)
		assert.Contains(t, got.Steps[0].Obligations[0].Lean, "norm_num")
		got = small.Translate("c", steps)
		assert.Empty(t, got.Steps[0].Obligations, "a literal past MaxDigits is not read")
		_, _, hits, _ := c.Stats()
		assert.Zero(t, hits)
	})
	t.Run("nil is off", func(t *testing.T) {
		tr, err := New(Options{})
		require.NoError(t, err)
		var c *ContextCache
		c.count(true)
		assert.Equal(t, tr.Translate("c", chainOf(3)), tr.Translate("c", chainOf(3)))
	})
}

// BenchmarkContextCache: translating a 20-step prefix plus one new step (as incremental
// scoring does, the prefix translated before) and a one-step chain, with and without the
// context cache (the scan cache on in both).
func BenchmarkContextCache(b *testing.B) {
	prefix := make([]string, 20)
	for i := range prefix {
		prefix[i] = fmt.Sprintf("Then %d + %d = %d, so x = %d.", i, i+1, 2*i+1, i)
	}
	for _, withCache := range []bool{false, true} {
		opts := Options{ScanCache: NewScanCache(0, 0)}
		if withCache {
			opts.ContextCache = NewContextCache(0, 0)
		}
		tr, err := New(opts)
		require.NoError(b, err)
		tr.Translate("c", prefix)
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
