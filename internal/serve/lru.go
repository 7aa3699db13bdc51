package serve

import (
	"container/list"
	"sync"
)

// lru is a map bounded by the total cost of its values (bytes, roughly) and by a count: adding
// past either bound evicts the least recently used entries. Safe for concurrent use; the zero
// value is not usable (newLRU).
type lru[V any] struct {
	mu         sync.Mutex
	maxCost    int64
	maxEntries int
	cost       int64
	order      *list.List // front: most recent; elements hold *lruEntry[V]
	items      map[string]*list.Element
	hits, miss uint64
}

type lruEntry[V any] struct {
	key  string
	val  V
	cost int64
}

func newLRU[V any](maxEntries int, maxCost int64) *lru[V] {
	return &lru[V]{maxCost: maxCost, maxEntries: maxEntries, order: list.New(), items: map[string]*list.Element{}}
}

func (c *lru[V]) get(key string) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.items[key]; ok {
		c.order.MoveToFront(e)
		c.hits++
		return e.Value.(*lruEntry[V]).val, true
	}
	c.miss++
	var zero V
	return zero, false
}

// put stores val under key. A value costing more than the whole bound is not stored.
func (c *lru[V]) put(key string, val V, cost int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if cost > c.maxCost {
		return
	}
	if e, ok := c.items[key]; ok {
		old := e.Value.(*lruEntry[V])
		c.cost += cost - old.cost
		old.val, old.cost = val, cost
		c.order.MoveToFront(e)
	} else {
		c.items[key] = c.order.PushFront(&lruEntry[V]{key: key, val: val, cost: cost})
		c.cost += cost
	}
	for c.cost > c.maxCost || len(c.items) > c.maxEntries {
		e := c.order.Back()
		old := e.Value.(*lruEntry[V])
		c.order.Remove(e)
		delete(c.items, old.key)
		c.cost -= old.cost
	}
}

// stats returns the number of entries, their cost, and the hits and misses so far.
func (c *lru[V]) stats() (entries int, cost int64, hits, misses uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.items), c.cost, c.hits, c.miss
}
