package main

// Flag helpers shared by several commands: the scoring flags, the argument checks and reading
// the input file.

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/chain"
	"github.com/leanprm/leanprm/internal/config"
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

// readInput reads FILE or stdin ("-"), and stops reading when ctx ends. Input without a
// single chain or row is a failed run (exit 1) that says so: a script must not take an empty
// report for a clean one.
func readInput(ctx context.Context, e *env, path string, format chain.Format) ([]chain.Chain, []chain.RowError, error) {
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

// addRequireSandbox adds --require-sandbox (default on) to a command that runs untrusted Lean
// code (verify-proof, serve).
func addRequireSandbox(f *pflag.FlagSet, v *bool) {
	f.BoolVar(v, "require-sandbox", true, "refuse to run Lean outside the sandbox (no network, read-only files, limits); =false for trusted input on a machine that cannot sandbox (lean.sandbox)")
}

// requireSandboxMode turns --require-sandbox into lean.sandbox: require, unless the
// configuration turned the sandbox off and the flag allows that.
func requireSandboxMode(e *env, require bool) {
	if require {
		e.cfg.Lean.Sandbox = config.SandboxRequire
	}
}
