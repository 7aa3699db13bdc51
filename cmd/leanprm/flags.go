package main

// Flag helpers shared by several commands: the scoring flags, the argument checks and reading
// the input file.

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/chain"
)

// scoreFlags are the flags every scoring command shares.
type scoreFlags struct {
	format    string
	policy    string
	threshold float64
	aggregate string
}

func (f *scoreFlags) register(cmd *cobra.Command) {
	cmd.Flags().StringVar(&f.format, "format", "auto", "input format: auto, processbench, prmbench, mr-gsm8k, trl, gsm8k, text")
	cmd.Flags().StringVar(&f.policy, "policy", "hybrid", "merge policy: hybrid, learned, formal (hybrid,boost=X raises all-verified steps)")
	cmd.Flags().Float64Var(&f.threshold, "threshold", 0, "score below which a step counts as an error (0 = the model's calibrated threshold)")
	cmd.Flags().StringVar(&f.aggregate, "aggregate", "min", "chain score: min, product, mean, last")
}

func (f *scoreFlags) parse() (chain.Format, hybrid.Policy, hybrid.Aggregate, error) {
	format, err := chain.ParseFormat(f.format)
	if err != nil {
		return "", hybrid.Policy{}, "", usageError("%v", err)
	}
	policy, err := hybrid.ParsePolicy(f.policy)
	if err != nil {
		return "", hybrid.Policy{}, "", usageError("%v", err)
	}
	agg, err := hybrid.ParseAggregate(f.aggregate)
	if err != nil {
		return "", hybrid.Policy{}, "", usageError("%v", err)
	}
	if !(f.threshold >= 0 && f.threshold <= 1) { // NaN too
		return "", hybrid.Policy{}, "", usageError("--threshold %v: want a number in [0, 1]", f.threshold)
	}
	return format, policy, agg, nil
}

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

// openInput opens FILE or stdin ("-") as every command that reads input does, so they share one
// contract: a file that does not open, empty input (nothing but white space), or input that is
// not text (a NUL byte in its first 64 KiB) is a run error (exit 1) naming the input, and reading
// stops when ctx ends. name is the path as messages show it ("standard input" for "-"); the
// caller must call closeFn.
func openInput(ctx context.Context, e *env, path string) (r io.Reader, name string, closeFn func(), err error) {
	name, closeFn = path, func() {}
	var src io.Reader = e.stdin
	if path == "-" {
		name = "standard input"
	} else {
		f, oerr := os.Open(path)
		if oerr != nil {
			var pe *os.PathError
			if errors.As(oerr, &pe) {
				oerr = pe.Err
			}
			return nil, name, closeFn, &ExitError{Code: exitError, Err: fmt.Errorf("%s: cannot read it: %v", path, oerr)}
		}
		if st, serr := f.Stat(); serr == nil && st.IsDir() {
			f.Close()
			return nil, name, closeFn, &ExitError{Code: exitError, Err: fmt.Errorf("%s: is a directory, not an input file", path)}
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
		return nil, name, func() {}, &ExitError{Code: exitError, Err: fmt.Errorf("%s: cannot read it: %v", name, perr)}
	}
	if i := bytes.IndexByte(head, 0); i >= 0 {
		closeFn()
		return nil, name, func() {}, &ExitError{Code: exitError, Err: fmt.Errorf("%s: not a text file (a NUL byte at offset %d)", name, i)}
	}
	if len(bytes.TrimSpace(head)) == 0 && len(head) < 64<<10 {
		closeFn()
		return nil, name, func() {}, &ExitError{Code: exitError, Err: fmt.Errorf("%s: the input is empty (no chains or rows in it)", name)}
	}
	return br, name, closeFn, nil
}

// readInput reads FILE or stdin ("-") through openInput. Input without a single chain or row is
// a failed run (exit 1) that says so: a script must not take an empty report for a clean one.
func readInput(ctx context.Context, e *env, path string, format chain.Format) ([]chain.Chain, []chain.RowError, error) {
	r, name, closeFn, err := openInput(ctx, e, path)
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
		err = &ExitError{Code: exitError, Err: fmt.Errorf("%s: no chains in the input (is it empty?)", name)}
	}
	return chains, rowErrs, err
}

// usageArgs makes a command's argument check (cobra.ExactArgs, MinimumNArgs, …) a usage
// mistake: exit 2, naming the command and where its help is.
func usageArgs(check cobra.PositionalArgs) cobra.PositionalArgs {
	return func(c *cobra.Command, args []string) error {
		if err := check(c, args); err != nil {
			return usageError("%s: %v (see %s --help)", c.CommandPath(), err, c.CommandPath())
		}
		return nil
	}
}

// dataDir is data.dir, checked to exist: a relative one is read from the directory leanprm runs
// in, so a run elsewhere says where it looked and how to point it at the data.
func dataDir(e *env) (string, error) {
	dir := e.cfg.Data.Dir
	if st, err := os.Stat(dir); err == nil && st.IsDir() {
		return dir, nil
	}
	where := dir
	if abs, err := filepath.Abs(dir); err == nil && abs != dir {
		where = fmt.Sprintf("%s (%s, relative to the directory leanprm runs in)", dir, abs)
	}
	return "", &ExitError{Code: exitError, Err: fmt.Errorf("the data directory %s is not there; pass --data DIR (or set data.dir, LEANPRM_DATA_DIR)", where)}
}
