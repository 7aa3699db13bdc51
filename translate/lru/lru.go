// Package lru is the one bounded cache of leanprm: a map bounded by the total cost of its values
// (bytes, roughly) and by a count, evicting the least recently used entries past either bound.
// The server's obligation and proof-chain caches and the translator's scan and exact-answer
// caches all use it.
package lru

import (
	"container/list"
	"sync"
)

// Cache is safe for concurrent use; the zero value is not usable (New).
type Cache[K comparable, V any] struct {
	mu         sync.Mutex
	maxCost    int64
	maxEntries int
	cost       int64
	order      *list.List // front: most recent; elements hold *entry[K, V]
	items      map[K]*list.Element
	hits, miss uint64
}

type entry[K comparable, V any] struct {
	key  K
	val  V
	cost int64
}

// New returns a cache of at most maxEntries entries whose costs add up to at most maxCost.
func New[K comparable, V any](maxEntries int, maxCost int64) *Cache[K, V] {
	return &Cache[K, V]{maxCost: maxCost, maxEntries: maxEntries, order: list.New(), items: map[K]*list.Element{}}
}

// Get returns the value under key and counts a hit, or counts a miss.
func (c *Cache[K, V]) Get(key K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.items[key]; ok {
		c.order.MoveToFront(e)
		c.hits++
		return e.Value.(*entry[K, V]).val, true
	}
	c.miss++
	var zero V
	return zero, false
}

// Put stores val under key. A value costing more than the whole bound is not stored.
func (c *Cache[K, V]) Put(key K, val V, cost int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if cost > c.maxCost {
		return
	}
	if e, ok := c.items[key]; ok {
		old := e.Value.(*entry[K, V])
		c.cost += cost - old.cost
		old.val, old.cost = val, cost
		c.order.MoveToFront(e)
	} else {
		c.items[key] = c.order.PushFront(&entry[K, V]{key: key, val: val, cost: cost})
		c.cost += cost
	}
	for c.cost > c.maxCost || len(c.items) > c.maxEntries {
		e := c.order.Back()
		old := e.Value.(*entry[K, V])
		c.order.Remove(e)
		delete(c.items, old.key)
		c.cost -= old.cost
	}
}

// Stats returns the number of entries, their cost, and the hits and misses so far.
func (c *Cache[K, V]) Stats() (entries int, cost int64, hits, misses uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.items), c.cost, c.hits, c.miss
}
