package dispatch

import (
	"context"
	"math"
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
	// maxTasks is the most tasks of a request it takes (a larger request is a batch already,
	// run as it is).
	maxTasks int
	group    *Group[Task, Result]
}

// NewCoalescer batches next's scoring requests of at most maxTasks tasks, slots batches at
// once, each holding its slot for hold at most (Group).
func NewCoalescer(next Executor, slots, maxTasks int, hold time.Duration) *Coalescer {
	notRun := func(why string) Result { return Result{Error: "not run: " + why} }
	// A batch takes every request that waits: each is small, and the executor takes any size.
	return &Coalescer{next: next, maxTasks: maxTasks, group: NewGroup(next.Execute, notRun, slots, math.MaxInt, hold)}
}

// Execute implements Executor.
func (c *Coalescer) Execute(ctx context.Context, tasks []Task) []Result {
	if len(tasks) > c.maxTasks || !allScore(tasks) {
		return c.next.Execute(ctx, tasks)
	}
	return c.group.Do(ctx, tasks)
}

func allScore(tasks []Task) bool {
	for _, t := range tasks {
		if t.Kind != KindScore {
			return false
		}
	}
	return true
}
