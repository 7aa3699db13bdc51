package main

// Flag helpers shared by several commands: the scoring flags, the argument checks and reading
// the input file.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/chain"
	"github.com/leanprm/leanprm/internal/cli/datafetch"
	"github.com/leanprm/leanprm/internal/cli/genprobe"
	"github.com/leanprm/leanprm/internal/cli/input"
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

// openInput is input.Open on the command's stdin; an input that cannot be read is a run error
// (exit 1).
func openInput(ctx context.Context, e *env, path string) (io.Reader, string, func(), error) {
	r, name, closeFn, err := input.Open(ctx, e.stdin, path)
	return r, name, closeFn, inputError(err)
}

// readInput is input.Read on the command's stdin, with openInput's exit status.
func readInput(ctx context.Context, e *env, path string, format chain.Format) ([]chain.Chain, []chain.RowError, error) {
	chains, rowErrs, err := input.Read(ctx, e.stdin, path, format)
	return chains, rowErrs, inputError(err)
}

// inputError makes an input that cannot be read (an *input.Error) exit 1 with its message; an
// interrupt or a decoding error stays as it is.
func inputError(err error) error {
	var ie *input.Error
	if errors.As(err, &ie) {
		return &ExitError{Code: exitError, Err: err}
	}
	return err
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
	return "", &ExitError{Code: exitError, Err: fmt.Errorf("the data directory %s is not there: run `%s` to download the benchmarks into it, or pass --data DIR (data.dir, LEANPRM_DATA_DIR) where they are", where, fetchHint)}
}

// dataFiles are the files of data.dir matching the patterns (sorted), for a command whose FILES
// default to the fetched benchmarks; none there is an error naming the fetch command.
func dataFiles(e *env, name string, patterns ...string) ([]string, error) {
	dir, err := dataDir(e)
	if err != nil {
		return nil, err
	}
	files := datafetch.Glob(dir, patterns...)
	if len(files) == 0 {
		return nil, &ExitError{Code: exitError, Err: fmt.Errorf("no %s files in the data directory %s (%s): run `leanprm data fetch %s`, or name the files", name, dir, strings.Join(patterns, ", "), name)}
	}
	return files, nil
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

// probeGenerator is genprobe.Probe with the API key of the environment, its failure exit 1.
func probeGenerator(ctx context.Context, e *env, base, model string, timeout time.Duration) error {
	err := genprobe.Probe(ctx, e.stderr, base, model, os.Getenv(generatorKeyEnv), timeout)
	var pe *genprobe.Error
	if errors.As(err, &pe) {
		return &ExitError{Code: exitError, Err: err}
	}
	return err
}
