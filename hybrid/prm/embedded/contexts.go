package embedded

import (
	"hash/maphash"
	"maps"
	"math"
	"slices"
	"sync/atomic"

	"github.com/leanprm/leanprm/hybrid/chain"
	"github.com/leanprm/leanprm/translate/lru"
)

// Default bounds of a ContextCache.
const (
	DefaultContextEntries = 16384
	DefaultContextBytes   = 64 << 20
)

// ContextCache keeps, for chains a Model scored, each step's features and
// the featurizer's chain context after the last step, so that a chain that
// extends one of them (incremental scoring in `leanprm serve`) computes
// features for its new steps only. It changes no score: a resumed chain
// scores exactly, bit for bit, as the chain scored afresh
// (TestContextCacheScoresEqualFresh).
//
// Why this holds: a step's features are a function of the problem, the
// steps before it and the step itself (the featurizer's context, which
// advance updates after each step), except for the three that read the
// chain's length n: log_steps, final_not_last and problem_unused_last
// (roleAndSize, finalAnswer, coverage). A kept step's features are stored
// as computed and those three are set again for the new n (keptScore). A
// feature that comes to read n must be set there too.
//
// The features do not depend on the model's weights, only on its hash
// table size, which is part of the key: models may share a cache. A kept
// context is read by many goroutines and never written: the featurizer
// works on copies of its maps. It is bounded by a
// count and a rough byte cost (least recently used entries go first) and
// safe for concurrent use. A nil *ContextCache is off.
type ContextCache struct {
	c            *lru.Cache[uint64, *prmContext]
	seed         maphash.Seed
	hits, misses atomic.Uint64
}

// prmContext is a scored chain: its steps' features and the featurizer's
// chain context after them. Immutable once kept.
type prmContext struct {
	hashBits int
	problem  string
	steps    []chain.Step
	features []*stepFeatures
	seen     map[uint64]struct{}
	known    numSet
	used     numSet
	results  numSet
	stepKeys map[string]struct{}

	prevFalse, anyFalse bool
	sumChars, sumNums   float64
	nPrev               int
}

// stepFeatures are one step's features as step computed them.
type stepFeatures struct {
	dense  [nDense]float64
	hashes []uint32
	hv     float32
}

// NewContextCache returns a cache of at most maxEntries chains and roughly
// maxBytes; zero or negative bounds take the defaults.
func NewContextCache(maxEntries int, maxBytes int64) *ContextCache {
	if maxEntries <= 0 {
		maxEntries = DefaultContextEntries
	}
	if maxBytes <= 0 {
		maxBytes = DefaultContextBytes
	}
	return &ContextCache{c: lru.New[uint64, *prmContext](maxEntries, maxBytes), seed: maphash.MakeSeed()}
}

// Stats reports the chains kept and their cost, the chains that resumed
// after a kept prefix (hits) and those scored from their first step
// (misses).
func (c *ContextCache) Stats() (entries int, bytes int64, hits, misses uint64) {
	entries, bytes, _, _ = c.c.Stats()
	return entries, bytes, c.hits.Load(), c.misses.Load()
}

// WithContexts returns a model with m's weights that keeps chain contexts
// in c (nil: none).
func (m *Model) WithContexts(c *ContextCache) *Model {
	return &Model{Header: m.Header, hashW: m.hashW, contexts: c}
}

// lookup returns the prefix hashes of problem and steps and the kept
// context of the longest prefix of steps (all of them included) scored by
// a model with hashBits, or nil.
func (c *ContextCache) lookup(hashBits int, problem string, steps []chain.Step) ([]uint64, *prmContext) {
	if c == nil || len(steps) == 0 {
		return nil, nil
	}
	var h maphash.Hash
	h.SetSeed(c.seed)
	maphash.WriteComparable(&h, hashBits)
	maphash.WriteComparable(&h, len(problem))
	h.WriteString(problem)
	hashes := make([]uint64, len(steps))
	for i, s := range steps {
		maphash.WriteComparable(&h, s.Formal)
		maphash.WriteComparable(&h, len(s.Text))
		h.WriteString(s.Text)
		hashes[i] = h.Sum64()
	}
	for k := len(steps); k >= 1; k-- {
		cx, ok := c.c.Get(hashes[k-1])
		if ok && cx.hashBits == hashBits && cx.problem == problem && sameSteps(cx.steps, steps[:k]) {
			c.hits.Add(1)
			return hashes, cx
		}
	}
	c.misses.Add(1)
	return hashes, nil
}

// sameSteps compares what the features read of a step: its text and
// whether it is Lean.
func sameSteps(a, b []chain.Step) bool {
	return slices.EqualFunc(a, b, func(x, y chain.Step) bool { return x.Text == y.Text && x.Formal == y.Formal })
}

// resume sets f's chain context (after startChain of the same problem) to
// the one kept after cx's steps and returns their number; 0 for nil.
func (cx *prmContext) resume(f *featurizer) int {
	if cx == nil {
		return 0
	}
	f.seen = maps.Clone(cx.seen)
	f.known = maps.Clone(cx.known)
	f.used = maps.Clone(cx.used)
	f.results = maps.Clone(cx.results)
	f.stepKeys = maps.Clone(cx.stepKeys)
	f.prevFalse, f.anyFalse = cx.prevFalse, cx.anyFalse
	f.sumChars, f.sumNums, f.nPrev = cx.sumChars, cx.sumNums, cx.nPrev
	return len(cx.steps)
}

// keptScore is ScoreChain's score of kept step i in a chain of n steps:
// its features with the three that read n set for this n, as step sets
// them.
func (m *Model) keptScore(sf *stepFeatures, i, n int, formal, problemNumbers bool) float64 {
	if formal {
		return m.Prior
	}
	d := sf.dense
	d[fLogSteps] = math.Log1p(float64(n))
	d[fFinalNotLast] = 0
	if d[fFinalAnswer] == 1 && i < n-1 {
		d[fFinalNotLast] = 1
	}
	d[fProblemUnusedLast] = 0
	if problemNumbers && i == n-1 {
		d[fProblemUnusedLast] = d[fProblemUnusedFrac]
	}
	return sigmoid(m.PlattA*m.logit(d[:], sf.hashes, sf.hv) + m.PlattB)
}

// keep stores the context of a chain just scored: features holds every
// step's (the first ones may be shared with the context it resumed from),
// f the featurizer after the last step, whose chain maps keep takes.
func (c *ContextCache) keep(hashes []uint64, hashBits int, problem string, steps []chain.Step, features []*stepFeatures, f *featurizer) {
	if c == nil || len(steps) == 0 {
		return
	}
	// The kept context takes the featurizer's maps over (nothing writes to
	// them again); the featurizer, back in its pool, gets new ones.
	cx := &prmContext{
		hashBits:  hashBits,
		problem:   problem,
		steps:     slices.Clone(steps),
		features:  features,
		seen:      f.seen,
		known:     f.known,
		used:      f.used,
		results:   f.results,
		stepKeys:  f.stepKeys,
		prevFalse: f.prevFalse, anyFalse: f.anyFalse,
		sumChars: f.sumChars, sumNums: f.sumNums, nPrev: f.nPrev,
	}
	f.seen, f.known, f.used, f.results, f.stepKeys = map[uint64]struct{}{}, numSet{}, numSet{}, numSet{}, map[string]struct{}{}
	cost := int64(512 + len(problem) + 24*(len(cx.seen)+len(cx.known)+len(cx.used)+len(cx.results)))
	for i, s := range steps {
		cost += int64(64 + len(s.Text) + 8*nDense + 4*len(features[i].hashes) + 24)
	}
	for k := range cx.stepKeys {
		cost += int64(24 + len(k))
	}
	c.c.Put(hashes[len(steps)-1], cx, cost)
}
