// Package input is how every leanprm command reads its input, so that they share one contract:
// FILE or standard input ("-"); a file that does not open, a directory, empty input (nothing but
// white space) or input that is not text (a NUL byte in its first 64 KiB) is an *Error naming the
// input; reading stops when the context ends (Ctrl-C); and Read decodes chains in any format of
// hybrid/chain, reporting each row that does not decode as a chain.RowError (file:line) while
// the other rows are read.
package input

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/leanprm/leanprm/hybrid/chain"
)

// Error is an input that cannot be read at all; its message names the input.
type Error struct{ msg string }

func (e *Error) Error() string { return e.msg }

func errorf(format string, args ...any) error { return &Error{msg: fmt.Sprintf(format, args...)} }

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

// Open opens FILE or stdin ("-") as every command that reads input does, so they share one
// contract: a file that does not open, empty input (nothing but white space), or input that is
// not text (a NUL byte in its first 64 KiB) is an *Error naming the input, and reading stops
// when ctx ends. name is the path as messages show it ("standard input" for "-"); the
// caller must call closeFn.
func Open(ctx context.Context, stdin io.Reader, path string) (r io.Reader, name string, closeFn func(), err error) {
	name, closeFn = path, func() {}
	var src io.Reader = stdin
	if path == "-" {
		name = "standard input"
	} else {
		f, oerr := os.Open(path)
		if oerr != nil {
			var pe *os.PathError
			if errors.As(oerr, &pe) {
				oerr = pe.Err
			}
			return nil, name, closeFn, errorf("%s: cannot read it: %v", path, oerr)
		}
		if st, serr := f.Stat(); serr == nil && st.IsDir() {
			f.Close()
			return nil, name, closeFn, errorf("%s: is a directory, not an input file", path)
		}
		src, closeFn = f, func() { f.Close() }
	}
	br := bufio.NewReaderSize(ctxReader{ctx, src}, 64<<10)
	head, perr := br.Peek(64 << 10)
	if perr != nil && !errors.Is(perr, io.EOF) && !errors.Is(perr, bufio.ErrBufferFull) {
		closeFn()
		if ctx.Err() != nil {
			return nil, name, func() {}, ctx.Err()
		}
		return nil, name, func() {}, errorf("%s: cannot read it: %v", name, perr)
	}
	if i := bytes.IndexByte(head, 0); i >= 0 {
		closeFn()
		return nil, name, func() {}, errorf("%s: not a text file (a NUL byte at offset %d)", name, i)
	}
	if len(bytes.TrimSpace(head)) == 0 && len(head) < 64<<10 {
		closeFn()
		return nil, name, func() {}, errorf("%s: the input is empty (no chains or rows in it)", name)
	}
	return br, name, closeFn, nil
}

// Read reads FILE or stdin ("-") through Open and decodes it in format. Input without a single
// chain or row is an *Error that says so: a script must not take an empty report for a clean one.
// A row that does not decode is a chain.RowError (file:line), and the other rows are read.
func Read(ctx context.Context, stdin io.Reader, path string, format chain.Format) ([]chain.Chain, []chain.RowError, error) {
	r, name, closeFn, err := Open(ctx, stdin, path)
	if err != nil {
		return nil, nil, err
	}
	defer closeFn()
	decodeName := path
	if path == "-" {
		decodeName = "<stdin>"
	}
	chains, rowErrs, err := chain.Decode(r, decodeName, format)
	if err == nil && ctx.Err() != nil {
		err = ctx.Err()
	}
	if err == nil && len(chains) == 0 && len(rowErrs) == 0 {
		err = errorf("%s: no chains in the input (is it empty?)", name)
	}
	return chains, rowErrs, err
}
