package translate

import (
	"github.com/leanprm/leanprm/translate/internal/dialect"
	"github.com/leanprm/leanprm/translate/lru"
)

// Default bounds of an ExactCache.
const (
	DefaultExactCacheEntries = 262144
	DefaultExactCacheBytes   = 64 << 20
)

// ExactCache keeps the exact checker's reading of obligations (dialect.Outcome:
// whether P or ¬(P) evaluated true, or why the two declarations could not be
// decided) by their text and the two tactics, so that a chain scored again
// with one more step — incremental scoring in `leanprm serve` — evaluates
// only the new step's declarations.
//
// What is kept is a pure function of the key: dialect.Decide reads nothing but
// the two declaration lines, Tactic and IdentityTactic, and the result holds
// no slice or pointer, so a cached value is shared by value. The
// obligation's own policy (OnProof, OnDisproof, its reasons and note) is
// applied to it afresh for each obligation: two obligations with the same
// text but different policies get their own verdicts.
//
// It is bounded by a count and by a rough byte cost (least recently used
// entries go first) and safe for concurrent use. A nil *ExactCache is off.
type ExactCache struct {
	c *lru.Cache[exactKey, dialect.Outcome]
}

type exactKey struct {
	lean, leanNeg, tactic, idTactic string
}

// NewExactCache returns a cache of at most maxEntries outcomes and roughly
// maxBytes; zero or negative bounds take the defaults.
func NewExactCache(maxEntries int, maxBytes int64) *ExactCache {
	if maxEntries <= 0 {
		maxEntries = DefaultExactCacheEntries
	}
	if maxBytes <= 0 {
		maxBytes = DefaultExactCacheBytes
	}
	return &ExactCache{c: lru.New[exactKey, dialect.Outcome](maxEntries, maxBytes)}
}

// Stats reports the entries held, their cost, and the hits and misses so far.
func (c *ExactCache) Stats() (entries int, bytes int64, hits, misses uint64) {
	return c.c.Stats()
}

// exactCost is a rough byte cost of an entry: the key's strings (the
// tactics are shared by every entry but counted anyway), the reason, and
// the map, list and entry overhead.
func exactCost(k exactKey, v dialect.Outcome) int64 {
	return 256 + int64(len(k.lean)+len(k.leanNeg)+len(k.tactic)+len(k.idTactic)+len(v.Fail))
}

// outcome is dialect.Decide(lean, leanNeg, tactic, idTactic), from the cache
// when c holds it.
func (c *ExactCache) outcome(lean, leanNeg, tactic, idTactic string) dialect.Outcome {
	if c == nil {
		return dialect.Decide(lean, leanNeg, tactic, idTactic)
	}
	k := exactKey{lean: lean, leanNeg: leanNeg, tactic: tactic, idTactic: idTactic}
	if v, ok := c.c.Get(k); ok {
		return v
	}
	// Decided outside the cache's lock: two goroutines missing on one key
	// both decide it, and the later put replaces an equal value.
	v := dialect.Decide(lean, leanNeg, tactic, idTactic)
	c.c.Put(k, v, exactCost(k, v))
	return v
}
