package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/chain"
)

// ctxReader fails reads once ctx is done, so that reading a large input stops on an
// interrupt (a read already waiting on a pipe still returns first).
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}

// readChains reads FILE or stdin ("-"), and stops reading when ctx ends. Input without a
// single chain or row is a failed run (exit 1) that says so: a script must not take an empty
// report for a clean one.
func readChains(ctx context.Context, e *env, path string, format chain.Format) ([]chain.Chain, []chain.RowError, error) {
	var (
		chains  []chain.Chain
		rowErrs []chain.RowError
		err     error
	)
	if path == "-" {
		chains, rowErrs, err = chain.Decode(ctxReader{ctx, e.stdin}, "<stdin>", format)
	} else {
		f, oerr := os.Open(path)
		if oerr != nil {
			return nil, nil, oerr
		}
		defer f.Close()
		chains, rowErrs, err = chain.Decode(ctxReader{ctx, f}, path, format)
	}
	if err == nil && ctx.Err() != nil {
		err = ctx.Err()
	}
	if err == nil && len(chains) == 0 && len(rowErrs) == 0 {
		if path == "-" {
			path = "standard input"
		}
		err = &ExitError{Code: exitError, Err: fmt.Errorf("%s: no chains in the input (is it empty?)", path)}
	}
	return chains, rowErrs, err
}

// orderedResults passes chain results to write in input order as they finish, holding back
// those that finish before an earlier one. rest writes what is held back (on an interrupt:
// every finished chain is written, each line names its chain).
type orderedResults struct {
	write   func(hybrid.ChainResult) error
	next    int
	pending map[int]hybrid.ChainResult
	err     error // the first write error; later writes are skipped
}

func newOrderedResults(write func(hybrid.ChainResult) error) *orderedResults {
	return &orderedResults{write: write, pending: map[int]hybrid.ChainResult{}}
}

func (o *orderedResults) add(i int, r hybrid.ChainResult) {
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

func (o *orderedResults) emit(r hybrid.ChainResult) {
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
