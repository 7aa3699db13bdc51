package main

import (
	"slices"

	"github.com/leanprm/leanprm/hybrid"
)

// orderedResults passes chain results to write in input order as they finish, holding back
// those that finish before an earlier one. rest writes what is held back (on an interrupt:
// every finished chain is written, each line names its chain).
type orderedResults struct {
	write   func(hybrid.Scored) error
	next    int
	pending map[int]hybrid.Scored
	err     error // the first write error; later writes are skipped
}

func newOrderedResults(write func(hybrid.Scored) error) *orderedResults {
	return &orderedResults{write: write, pending: map[int]hybrid.Scored{}}
}

func (o *orderedResults) add(i int, r hybrid.Scored) {
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

func (o *orderedResults) emit(r hybrid.Scored) {
	if o.err == nil {
		o.err = o.write(r)
	}
}

// rest writes the results still held back, in input order, and returns the first write error.
func (o *orderedResults) rest() error {
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
