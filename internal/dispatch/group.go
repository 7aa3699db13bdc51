package dispatch

import (
	"context"
	"sync"
	"time"
)

// Group runs the calls that arrive together as one batch: group commit. A call that finds a
// batch slot free runs at once, with whatever waits (no added latency when idle); the others
// wait for a slot and go together, as many calls as fit in maxItems items (a larger call runs
// alone). A batch holds its slot for hold at most: one that waits on Lean longer lets the next
// batch start, so a call waits behind another batch for hold at most.
//
// Each call keeps its own deadline (the caller sets it on its items); a batch is cancelled
// when every call in it is (the client went away, a shutdown's abort); a call whose context
// ends while it waits is answered at once (notRun) and its items are not run.
//
// Coalescer groups scoring tasks below the server's request handling; the server groups
// whole /get_reward requests with it too (serve's rewardGroup), so that many requests of one
// sample each are read, scored and paid as one request of many samples is.
type Group[I, O any] struct {
	// run does a batch's items: out[i] answers items[i]; a result of the wrong length answers
	// every call with notRun.
	run func(ctx context.Context, items []I) []O
	// notRun is the answer to an item that was not run: its call's context ended (why), or
	// run gave no answer for it.
	notRun func(why string) O
	// slots is how many batches hold a slot at once; maxItems the items a batch takes.
	slots, maxItems int
	hold            time.Duration

	mu      sync.Mutex
	running int
	waiting []*groupCall[I, O]
}

// groupCall is one caller's call.
type groupCall[I, O any] struct {
	ctx   context.Context
	items []I
	res   []O
	done  chan struct{}
}

// NewGroup is a Group that runs batches with run; see Group for the rest.
func NewGroup[I, O any](run func(ctx context.Context, items []I) []O, notRun func(why string) O, slots, maxItems int, hold time.Duration) *Group[I, O] {
	return &Group[I, O]{run: run, notRun: notRun, slots: max(slots, 1), maxItems: max(maxItems, 1), hold: hold}
}

// Do runs items, with the calls that arrive meanwhile, and returns their results in order.
func (g *Group[I, O]) Do(ctx context.Context, items []I) []O {
	call := &groupCall[I, O]{ctx: ctx, items: items, done: make(chan struct{})}
	g.mu.Lock()
	g.waiting = append(g.waiting, call)
	if g.running < g.slots {
		g.running++
		batch := g.takeLocked()
		g.mu.Unlock()
		// What arrives meanwhile is run by a goroutine of its own, not by this caller; what
		// did not fit in this batch (when call arrived behind others) goes on too.
		if g.runBatch(batch) {
			if more := g.take(); more != nil {
				go g.loop(more)
			}
		}
	} else {
		g.mu.Unlock()
	}
	select {
	case <-call.done:
		if call.res != nil {
			return call.res
		}
	case <-ctx.Done():
		// Answered now; if its batch runs it anyway, its results are dropped.
	}
	why := "the executor gave no answer"
	if err := context.Cause(ctx); err != nil {
		why = err.Error()
	}
	out := make([]O, len(items))
	for i := range out {
		out[i] = g.notRun(why)
	}
	return out
}

// takeLocked is the next batch from what waits: calls in arrival order while their items fit
// in maxItems (the first one always). g.mu is held.
func (g *Group[I, O]) takeLocked() []*groupCall[I, O] {
	n, items := 0, 0
	for n < len(g.waiting) && (n == 0 || items+len(g.waiting[n].items) <= g.maxItems) {
		items += len(g.waiting[n].items)
		n++
	}
	batch := g.waiting[:n:n]
	g.waiting = g.waiting[n:]
	if len(g.waiting) == 0 {
		g.waiting = nil
	}
	return batch
}

// take is the next batch of a slot this caller holds; nil (and the slot given back) when
// nothing waits.
func (g *Group[I, O]) take() []*groupCall[I, O] {
	g.mu.Lock()
	defer g.mu.Unlock()
	if len(g.waiting) == 0 {
		g.running--
		return nil
	}
	return g.takeLocked()
}

// loop runs batches while calls wait, holding a slot.
func (g *Group[I, O]) loop(batch []*groupCall[I, O]) {
	for batch != nil {
		if !g.runBatch(batch) {
			return // the slot was handed on
		}
		batch = g.take()
	}
}

// handOff gives up the slot of a batch that has run for hold, and starts what waits in it.
func (g *Group[I, O]) handOff() {
	g.mu.Lock()
	g.running--
	var batch []*groupCall[I, O]
	if len(g.waiting) > 0 && g.running < g.slots {
		g.running++
		batch = g.takeLocked()
	}
	g.mu.Unlock()
	if batch != nil {
		go g.loop(batch)
	}
}

// runBatch runs the items of the calls still wanted, as one batch, and hands each call its
// results. It reports whether it still holds its slot (it gives it up after hold).
func (g *Group[I, O]) runBatch(batch []*groupCall[I, O]) bool {
	held := time.AfterFunc(g.hold, g.handOff)
	live := batch[:0:0]
	var items []I
	for _, call := range batch {
		if call.ctx.Err() == nil {
			live = append(live, call)
			items = append(items, call.items...)
		}
	}
	if len(items) > 0 {
		ctx, cancel := context.WithCancelCause(context.Background())
		var mu sync.Mutex
		left := len(live)
		var stops []func() bool
		for _, call := range live {
			stops = append(stops, context.AfterFunc(call.ctx, func() {
				mu.Lock()
				defer mu.Unlock()
				if left--; left == 0 {
					cancel(context.Cause(call.ctx))
				}
			}))
		}
		res := g.run(ctx, items)
		for _, stop := range stops {
			stop()
		}
		cancel(nil)
		at := 0
		for _, call := range live {
			if len(res) != len(items) {
				break // each call is answered notRun
			}
			call.res = res[at : at+len(call.items) : at+len(call.items)]
			at += len(call.items)
		}
	}
	for _, call := range batch {
		close(call.done) // a call not run was answered when its context ended
	}
	return held.Stop() // false: handOff gave the slot up
}
