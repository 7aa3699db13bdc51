package dispatch

import (
	"context"
	"sync"
	"time"
)

// Coalescer runs the small scoring requests that arrive together as one batch of an
// in-process executor: RL clients send one sample per request (OpenRLHF's single-turn
// executor), and a sample scored once per request, between other requests' HTTP and JSON
// work, costs the server about 40 % more CPU than the same sample scored among a batch's
// (the scorer's code and model are not in the CPU's caches any more). It is group commit:
// a request that finds a batch slot free runs at once, with whatever waits (no added
// latency when idle); the others wait for a slot and go together. A batch holds its slot
// for hold at most: one that waits on Lean longer lets the next batch start, so a request
// waits behind another batch for hold at most.
//
// Each task keeps its own deadline (the caller sets it); a batch is cancelled when every
// request in it is (the client went away, a shutdown's abort); a request whose context ends
// while it waits is answered at once and its tasks are not run.
type Coalescer struct {
	next Executor
	// slots is how many batches run at once; maxTasks the tasks of a request it takes (a
	// larger request is a batch already, run as it is).
	slots, maxTasks int
	hold            time.Duration

	mu      sync.Mutex
	running int
	waiting []*coalesced
}

// coalesced is one request's call.
type coalesced struct {
	ctx   context.Context
	tasks []Task
	res   []Result
	done  chan struct{}
}

func NewCoalescer(next Executor, slots, maxTasks int, hold time.Duration) *Coalescer {
	return &Coalescer{next: next, slots: max(slots, 1), maxTasks: maxTasks, hold: hold}
}

// Execute implements Executor.
func (c *Coalescer) Execute(ctx context.Context, tasks []Task) []Result {
	if len(tasks) > c.maxTasks || !allScore(tasks) {
		return c.next.Execute(ctx, tasks)
	}
	call := &coalesced{ctx: ctx, tasks: tasks, done: make(chan struct{})}
	c.mu.Lock()
	c.waiting = append(c.waiting, call)
	if c.running < c.slots {
		c.running++
		batch := c.waiting
		c.waiting = nil
		c.mu.Unlock()
		// What arrives meanwhile is run by a goroutine of its own, not by this request.
		if c.run(batch) {
			if more := c.take(); more != nil {
				go c.loop(more)
			}
		}
	} else {
		c.mu.Unlock()
	}
	select {
	case <-call.done:
		if call.res != nil {
			return call.res
		}
	case <-ctx.Done():
		// Answered now; if its batch runs it anyway, its results are dropped.
	}
	return notRun(ctx, len(tasks))
}

// notRun answers n tasks of a request that ended (ctx), or that the executor did not answer.
func notRun(ctx context.Context, n int) []Result {
	why := "the executor gave no answer"
	if err := context.Cause(ctx); err != nil {
		why = err.Error()
	}
	out := make([]Result, n)
	for i := range out {
		out[i] = Result{Error: "not run: " + why}
	}
	return out
}

// take is what waits, as the next batch of a slot this caller holds; nil (and the slot
// given back) when nothing does.
func (c *Coalescer) take() []*coalesced {
	c.mu.Lock()
	defer c.mu.Unlock()
	batch := c.waiting
	c.waiting = nil
	if len(batch) == 0 {
		c.running--
	}
	return batch
}

// loop runs batches while requests wait, holding a slot.
func (c *Coalescer) loop(batch []*coalesced) {
	for batch != nil {
		if !c.run(batch) {
			return // the slot was handed on
		}
		batch = c.take()
	}
}

// handOff gives up the slot of a batch that has run for hold, and starts what waits in it.
func (c *Coalescer) handOff() {
	c.mu.Lock()
	c.running--
	var batch []*coalesced
	if len(c.waiting) > 0 && c.running < c.slots {
		c.running++
		batch = c.waiting
		c.waiting = nil
	}
	c.mu.Unlock()
	if batch != nil {
		go c.loop(batch)
	}
}

// run executes the tasks of the calls still wanted, as one batch, and hands each call its
// results. It reports whether it still holds its slot (it gives it up after hold).
func (c *Coalescer) run(batch []*coalesced) bool {
	held := time.AfterFunc(c.hold, c.handOff)
	live := batch[:0:0]
	var tasks []Task
	for _, call := range batch {
		if call.ctx.Err() == nil {
			live = append(live, call)
			tasks = append(tasks, call.tasks...)
		}
	}
	if len(tasks) > 0 {
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
		res := c.next.Execute(ctx, tasks)
		for _, stop := range stops {
			stop()
		}
		cancel(nil)
		at := 0
		for _, call := range live {
			if len(res) != len(tasks) {
				break // each call is answered "not run"
			}
			call.res = res[at : at+len(call.tasks) : at+len(call.tasks)]
			at += len(call.tasks)
		}
	}
	for _, call := range batch {
		close(call.done) // a call not run was answered when its context ended
	}
	return held.Stop() // false: handOff gave the slot up
}

func allScore(tasks []Task) bool {
	for _, t := range tasks {
		if t.Kind != KindScore {
			return false
		}
	}
	return true
}
