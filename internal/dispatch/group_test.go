package dispatch

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGroupTakesAtMostMaxItems: calls that wait go as batches of at most maxItems items, in
// arrival order, a call larger than maxItems alone; each call gets its own results.
func TestGroupTakesAtMostMaxItems(t *testing.T) {
	gate, started := make(chan struct{}), make(chan int, 100)
	var mu sync.Mutex
	var batches []int
	run := func(_ context.Context, items []string) []string {
		mu.Lock()
		batches = append(batches, len(items))
		mu.Unlock()
		started <- len(items)
		<-gate
		out := make([]string, len(items))
		for i, it := range items {
			out[i] = "ran " + it
		}
		return out
	}
	g := NewGroup(run, func(why string) string { return "not run: " + why }, 1, 5, time.Hour)
	ctx := testCtx(t)
	first := make(chan []string, 1)
	go func() { first <- g.Do(ctx, []string{"a"}) }()
	require.Equal(t, 1, <-started, "a lone call runs at once")
	// While it runs, calls of 2, 2, 2, 7 and 1 items arrive, in this order.
	sizes := []int{2, 2, 2, 7, 1}
	results := make([][]string, len(sizes))
	var wg sync.WaitGroup
	for k, n := range sizes {
		items := make([]string, n)
		for i := range items {
			items[i] = fmt.Sprintf("c%d-%d", k, i)
		}
		wg.Go(func() { results[k] = g.Do(ctx, items) })
		require.Eventually(t, func() bool {
			g.mu.Lock()
			defer g.mu.Unlock()
			return len(g.waiting) == k+1
		}, 10*time.Second, time.Millisecond)
	}
	close(gate)
	wg.Wait()
	assert.Equal(t, []string{"ran a"}, <-first)
	for k, res := range results {
		require.Len(t, res, sizes[k])
		for i, r := range res {
			assert.Equal(t, fmt.Sprintf("ran c%d-%d", k, i), r)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	// 2+2 fit in 5, the third 2 starts the next batch, 7 goes alone, then the 1.
	assert.Equal(t, []int{1, 4, 2, 7, 1}, batches)
	assert.Empty(t, g.waiting)
}
