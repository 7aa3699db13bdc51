package output

import (
	"context"
	"slices"
	"sync"
)

// Ordered passes results to write in input order as they finish, holding back those that
// finish before an earlier one. Rest writes what is held back (on an interrupt: every finished
// result is written, each names what it is about). Safe for concurrent use.
type Ordered[T any] struct {
	mu      sync.Mutex
	write   func(T) error
	next    int
	pending map[int]T
	written int
	err     error // the first write error; later writes are skipped
}

// NewOrdered returns an Ordered that writes with write.
func NewOrdered[T any](write func(T) error) *Ordered[T] {
	return &Ordered[T]{write: write, pending: map[int]T{}}
}

// Add takes the result of input i and writes every result it unblocks.
func (o *Ordered[T]) Add(i int, r T) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.pending[i] = r
	for {
		r, ok := o.pending[o.next]
		if !ok {
			return
		}
		delete(o.pending, o.next)
		o.next++
		o.emit(r)
	}
}

func (o *Ordered[T]) emit(r T) {
	if o.err == nil {
		o.err = o.write(r)
		o.written++
	}
}

// Started reports whether any result was written or is held back.
func (o *Ordered[T]) Started() bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.written > 0 || len(o.pending) > 0
}

// Rest writes the results still held back, in input order, and returns the first write error.
func (o *Ordered[T]) Rest() error {
	o.mu.Lock()
	defer o.mu.Unlock()
	keys := make([]int, 0, len(o.pending))
	for k := range o.pending {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		o.emit(o.pending[k])
		delete(o.pending, k)
	}
	return o.err
}

// RunOrdered runs do on items with workers goroutines and passes the results to write in input
// order, as soon as every earlier one is written. At most window items are started and not yet
// written (window ≥ workers), so the results held back while an earlier item runs are bounded,
// however slow that one is. When ctx ends no item is started; an item whose do reports !ok (it
// was cut short) is not written, and the results finished after a gap are written at the end,
// in order. write is never called concurrently.
func RunOrdered[P, R any](ctx context.Context, items []P, workers, window int, do func(context.Context, P) (R, bool), write func(R)) {
	workers = max(1, min(workers, len(items)))
	window = max(window, workers)
	slots := make(chan struct{}, window) // an item holds one from its start until it is written
	o := NewOrdered(func(r R) error {
		write(r)
		<-slots
		return nil
	})
	jobs := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				r, ok := do(ctx, items[i])
				if !ok { // cut short: never written, so its slot goes back now
					<-slots
					continue
				}
				o.Add(i, r)
			}
		}()
	}
dispatch:
	for i := range items {
		select {
		case slots <- struct{}{}:
		case <-ctx.Done():
			break dispatch
		}
		select {
		case jobs <- i:
		case <-ctx.Done():
			<-slots
			break dispatch
		}
	}
	close(jobs)
	wg.Wait()
	o.Rest()
}
