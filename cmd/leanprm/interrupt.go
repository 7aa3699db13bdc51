package main

import (
	"slices"
)

// orderedResults is the streaming-output helper every command that works chain by chain uses:
// it passes results to write in input order as they finish, holding back those that finish
// before an earlier one. rest writes what is held back (on an interrupt: every finished chain is
// written, each names its chain). Not safe for concurrent use: callers serialise add.
type orderedResults[T any] struct {
	write   func(T) error
	next    int
	pending map[int]T
	written int
	err     error // the first write error; later writes are skipped
}

func newOrderedResults[T any](write func(T) error) *orderedResults[T] {
	return &orderedResults[T]{write: write, pending: map[int]T{}}
}

func (o *orderedResults[T]) add(i int, r T) {
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

func (o *orderedResults[T]) emit(r T) {
	if o.err == nil {
		o.err = o.write(r)
		o.written++
	}
}

// rest writes the results still held back, in input order, and returns the first write error.
func (o *orderedResults[T]) rest() error {
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
