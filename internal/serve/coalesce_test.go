package serve

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSingleSampleRequestsCoalesce: 32 concurrent one-sample /get_reward requests against
// the exact-checker server are answered as the same samples in one request are (the
// rewards equal), however the coalescer batched them.
func TestSingleSampleRequestsCoalesce(t *testing.T) {
	ts := exactServer(t, Options{})
	const n = 32
	q := make([]string, n)
	for i := range q {
		q[i] = fmt.Sprintf("Problem: Tom has %d apples and buys 3.\nStep 1: He has %d + 3 = %d apples.\nStep 2: The answer is \\boxed{%d}.", i, i, i+3+i%2, i+3)
	}
	labels := make([]string, n)
	for i := range labels {
		labels[i] = fmt.Sprint(i + 3)
	}
	var all struct{ Rewards []float64 }
	post(t, ts.URL+"/get_reward", "", map[string]any{"query": q, "labels": labels}, &all)
	require.Len(t, all.Rewards, n)
	var wg sync.WaitGroup
	var differ atomic.Int64
	for i := range q {
		wg.Go(func() {
			var one struct{ Rewards []float64 }
			// A prompt of its own: not an answer cached from the batch.
			post(t, ts.URL+"/get_reward", "", map[string]any{"query": []string{"\n" + q[i]}, "prompts": []string{"\n"}, "labels": []string{labels[i]}}, &one)
			if len(one.Rewards) != 1 || one.Rewards[0] != all.Rewards[i] {
				differ.Add(1)
				t.Errorf("sample %d: alone %v, in the batch %v", i, one.Rewards, all.Rewards[i])
			}
		})
	}
	wg.Wait()
	assert.Zero(t, differ.Load())
	// Every item was paid once, in batches of one or more requests.
	count, sum := histogramOf(t, ts.URL, "leanprm_reward_batch_items")
	assert.Equal(t, float64(2*n), sum)
	assert.LessOrEqual(t, count, float64(n+1))
	t.Logf("%d requests paid in %.0f batches", n+1, count)
}

// histogramOf reads a histogram's count and sum from the server's /metrics.
func histogramOf(t *testing.T, url, name string) (count, sum float64) {
	t.Helper()
	_, m := get(t, url+"/metrics")
	var err error
	for _, line := range strings.Split(m, "\n") {
		if v, ok := strings.CutPrefix(line, name+"_count "); ok {
			count, err = strconv.ParseFloat(v, 64)
			require.NoError(t, err)
		}
		if v, ok := strings.CutPrefix(line, name+"_sum "); ok {
			sum, err = strconv.ParseFloat(v, 64)
			require.NoError(t, err)
		}
	}
	return count, sum
}
