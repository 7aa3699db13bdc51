package dispatch

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// echoExecutor answers each task with its payload, after gate opens (nil: at once), and
// records the size of each batch it was given.
type echoExecutor struct {
	gate    chan struct{}
	mu      sync.Mutex
	batches []int
	started chan struct{} // gets a value as each batch starts
}

func (e *echoExecutor) Execute(ctx context.Context, tasks []Task) []Result {
	e.mu.Lock()
	e.batches = append(e.batches, len(tasks))
	e.mu.Unlock()
	if e.started != nil {
		e.started <- struct{}{}
	}
	if e.gate != nil {
		select {
		case <-e.gate:
		case <-ctx.Done():
			out := make([]Result, len(tasks))
			for i := range out {
				out[i] = Result{Error: "cancelled: " + context.Cause(ctx).Error()}
			}
			return out
		}
	}
	out := make([]Result, len(tasks))
	for i, t := range tasks {
		out[i] = Result{Payload: t.Payload}
	}
	return out
}

func scoreTasks(prefix string, n int) []Task {
	ts := make([]Task, n)
	for i := range ts {
		ts[i] = Task{Kind: KindScore, Payload: []byte(fmt.Sprintf("%q", fmt.Sprintf("%s-%d", prefix, i)))}
	}
	return ts
}

// TestCoalescerBatchesWhatArrivesTogether: requests that arrive while a batch runs go
// together as the next batch, each gets its own results in order, a lone request runs at
// once, and no goroutine is left behind (the package's TestMain checks).
func TestCoalescerBatchesWhatArrivesTogether(t *testing.T) {
	e := &echoExecutor{gate: make(chan struct{}), started: make(chan struct{}, 100)}
	c := NewCoalescer(e, 1, 16, time.Hour)
	ctx := testCtx(t)

	// A lone request runs at once: its batch starts before anything else happens.
	first := make(chan []Result)
	go func() { first <- c.Execute(ctx, scoreTasks("first", 2)) }()
	<-e.started
	// While it runs, 20 requests arrive and wait for the slot.
	var wg sync.WaitGroup
	results := make([][]Result, 20)
	for i := range results {
		wg.Go(func() { results[i] = c.Execute(ctx, scoreTasks(fmt.Sprint("r", i), 1+i%3)) })
	}
	require.Eventually(t, func() bool {
		c.group.mu.Lock()
		defer c.group.mu.Unlock()
		return len(c.group.waiting) == 20
	}, 10*time.Second, time.Millisecond)
	close(e.gate)
	wg.Wait()
	got := <-first
	require.Len(t, got, 2)
	assert.Equal(t, `"first-1"`, string(got[1].Payload))
	for i, res := range results {
		require.Len(t, res, 1+i%3, "request %d", i)
		for k, r := range res {
			assert.Equal(t, fmt.Sprintf(`"r%d-%d"`, i, k), string(r.Payload), "request %d task %d", i, k)
		}
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	// 1, 2 or 3 tasks each: 7 + 14 + 18.
	assert.Equal(t, []int{2, 39}, e.batches[:2], "the 20 waiting requests went as one batch")
	assert.Len(t, e.batches, 2)
}

// TestCoalescerCancellation: a request whose context ends while it waits is answered at once,
// "not run", and its tasks are not run; one that ends while its batch runs is answered at
// once and the others of the batch are not cancelled; a batch all of whose requests ended is
// cancelled.
func TestCoalescerCancellation(t *testing.T) {
	e := &echoExecutor{gate: make(chan struct{}), started: make(chan struct{}, 100)}
	c := NewCoalescer(e, 1, 16, time.Hour)
	busy, stopBusy := context.WithCancelCause(testCtx(t))
	done := make(chan []Result, 1)
	go func() { done <- c.Execute(busy, scoreTasks("busy", 1)) }()
	<-e.started

	waiting, stopWaiting := context.WithCancelCause(testCtx(t))
	gone := make(chan []Result, 1)
	go func() { gone <- c.Execute(waiting, scoreTasks("gone", 3)) }()
	kept := make(chan []Result, 1)
	go func() { kept <- c.Execute(testCtx(t), scoreTasks("kept", 1)) }()
	require.Eventually(t, func() bool {
		c.group.mu.Lock()
		defer c.group.mu.Unlock()
		return len(c.group.waiting) == 2
	}, 10*time.Second, time.Millisecond)
	stopWaiting(errors.New("the client went away"))
	res := <-gone
	require.Len(t, res, 3)
	for _, r := range res {
		assert.Equal(t, "not run: the client went away", r.Error)
	}

	// The running batch's only request ends: the batch is cancelled.
	stopBusy(errors.New("shutting down"))
	res = <-done
	require.Len(t, res, 1)
	assert.Contains(t, res[0].Error, "shutting down")

	// The next batch holds "kept" alone (gone was dropped) and finishes.
	<-e.started
	close(e.gate)
	res = <-kept
	require.Len(t, res, 1)
	assert.Equal(t, `"kept-0"`, string(res[0].Payload))
	e.mu.Lock()
	defer e.mu.Unlock()
	assert.Equal(t, []int{1, 1}, e.batches, "gone's tasks never ran")
}

// TestCoalescerHandsOnASlowBatchsSlot: a batch that runs longer than hold lets the requests
// that wait start their own batch (a chain that waits on Lean does not hold the others up).
func TestCoalescerHandsOnASlowBatchsSlot(t *testing.T) {
	slow := &echoExecutor{gate: make(chan struct{}), started: make(chan struct{}, 100)}
	c := NewCoalescer(slow, 1, 16, 20*time.Millisecond)
	ctx := testCtx(t)
	first := make(chan []Result, 1)
	go func() { first <- c.Execute(ctx, scoreTasks("slow", 1)) }()
	<-slow.started
	second := make(chan []Result, 1)
	go func() { second <- c.Execute(ctx, scoreTasks("next", 1)) }()
	select {
	case <-slow.started: // the second batch started while the first still runs
	case <-time.After(10 * time.Second):
		t.Fatal("the second request waited for the slow batch")
	}
	close(slow.gate)
	assert.Equal(t, `"slow-0"`, string((<-first)[0].Payload))
	assert.Equal(t, `"next-0"`, string((<-second)[0].Payload))
	assert.Eventually(t, func() bool {
		c.group.mu.Lock()
		defer c.group.mu.Unlock()
		return c.group.running == 0
	}, 10*time.Second, time.Millisecond, "every slot given back")
}

// TestCoalescerPassesOtherWorkThrough: a request of more than maxTasks tasks, or with tasks
// other than scoring, is run as it is, never waiting for a slot.
func TestCoalescerPassesOtherWorkThrough(t *testing.T) {
	e := &echoExecutor{}
	c := NewCoalescer(e, 1, 4, time.Hour)
	c.group.running = 1 // a batch holds the only slot
	res := c.Execute(testCtx(t), scoreTasks("big", 5))
	require.Len(t, res, 5)
	check := []Task{{Kind: KindCheck, Payload: []byte(`"c"`)}}
	res = c.Execute(testCtx(t), check)
	require.Len(t, res, 1)
	assert.Equal(t, `"c"`, string(res[0].Payload))
	assert.Equal(t, []int{5, 1}, e.batches)
}

// testCtx bounds a test's waits: a coalescer that never answers fails the test, not the run.
func testCtx(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	t.Cleanup(cancel)
	return ctx
}
