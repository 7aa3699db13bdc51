package translate

import (
	"container/list"
	"sync"
)

// Default bounds of an ExactCache.
const (
	DefaultExactCacheEntries = 262144
	DefaultExactCacheBytes   = 64 << 20
)

// ExactCache keeps the exact checker's reading of obligations (exactOutcome:
// whether P or ¬(P) evaluated true, or why the two declarations could not be
// decided) by their text and the two tactics, so that a chain scored again
// with one more step — incremental scoring in `leanprm serve` — evaluates
// only the new step's declarations.
//
// What is kept is a pure function of the key: exactDecide reads nothing but
// the two declaration lines, Tactic and IdentityTactic (parseDecl,
// parseForall and the evaluation use no other state), and the result holds
// no slice or pointer, so a cached value is shared by value. The
// obligation's own policy (OnProof, OnDisproof, its reasons and note) is
// applied to it afresh for each obligation: two obligations with the same
// text but different policies get their own verdicts.
//
// It is bounded by a count and by a rough byte cost (least recently used
// entries go first) and safe for concurrent use. A nil *ExactCache is off.
type ExactCache struct {
	mu         sync.Mutex
	maxEntries int
	maxBytes   int64
	bytes      int64
	order      *list.List // front: most recent; elements hold *exactEntry
	items      map[exactKey]*list.Element
	hits, miss uint64
}

type exactKey struct {
	lean, leanNeg, tactic, idTactic string
}

type exactEntry struct {
	key  exactKey
	val  exactOutcome
	cost int64
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
	return &ExactCache{maxEntries: maxEntries, maxBytes: maxBytes, order: list.New(), items: map[exactKey]*list.Element{}}
}

// Stats reports the entries held, their cost, and the hits and misses so far.
func (c *ExactCache) Stats() (entries int, bytes int64, hits, misses uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.items), c.bytes, c.hits, c.miss
}

// exactCost is a rough byte cost of an entry: the key's strings (the
// tactics are shared by every entry but counted anyway), the reason, and
// the map, list and entry overhead.
func exactCost(k exactKey, v exactOutcome) int64 {
	return 256 + int64(len(k.lean)+len(k.leanNeg)+len(k.tactic)+len(k.idTactic)+len(v.fail))
}

// outcome is exactDecide(lean, leanNeg, tactic, idTactic), from the cache
// when c holds it.
func (c *ExactCache) outcome(lean, leanNeg, tactic, idTactic string) exactOutcome {
	if c == nil {
		return exactDecide(lean, leanNeg, tactic, idTactic)
	}
	k := exactKey{lean: lean, leanNeg: leanNeg, tactic: tactic, idTactic: idTactic}
	c.mu.Lock()
	if e, ok := c.items[k]; ok {
		c.order.MoveToFront(e)
		c.hits++
		v := e.Value.(*exactEntry).val
		c.mu.Unlock()
		return v
	}
	c.miss++
	c.mu.Unlock()
	// Decided outside the lock: two goroutines missing on one key both
	// decide it, and the later put replaces an equal value.
	v := exactDecide(lean, leanNeg, tactic, idTactic)
	c.put(k, v)
	return v
}

func (c *ExactCache) put(k exactKey, v exactOutcome) {
	cost := exactCost(k, v)
	c.mu.Lock()
	defer c.mu.Unlock()
	if cost > c.maxBytes {
		return
	}
	if e, ok := c.items[k]; ok {
		old := e.Value.(*exactEntry)
		c.bytes += cost - old.cost
		old.val, old.cost = v, cost
		c.order.MoveToFront(e)
	} else {
		c.items[k] = c.order.PushFront(&exactEntry{key: k, val: v, cost: cost})
		c.bytes += cost
	}
	for c.bytes > c.maxBytes || len(c.items) > c.maxEntries {
		last := c.order.Back()
		e := last.Value.(*exactEntry)
		c.order.Remove(last)
		delete(c.items, e.key)
		c.bytes -= e.cost
	}
}
