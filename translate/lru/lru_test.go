package lru

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestLRUBounds(t *testing.T) {
	c := New[string, int](3, 100)
	c.Put("a", 1, 10)
	c.Put("b", 2, 10)
	c.Put("c", 3, 10)
	_, _ = c.Get("a") // a is now the most recent
	c.Put("d", 4, 10)
	_, ok := c.Get("b")
	assert.False(t, ok, "the least recently used entry goes first")
	_, ok = c.Get("a")
	assert.True(t, ok)
	c.Put("big", 5, 95)
	n, cost, _, _ := c.Stats()
	assert.LessOrEqual(t, cost, int64(100))
	assert.Equal(t, 1, n, "the cost bound evicts as many as it takes")
	c.Put("huge", 6, 101)
	_, ok = c.Get("huge")
	assert.False(t, ok, "a value over the whole bound is not kept")
}
