package wire

import (
	"context"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"

	"github.com/leanprm/leanprm/internal/config"
	"github.com/leanprm/leanprm/leanbridge/kernel"
	"github.com/leanprm/leanprm/leanbridge/proc"
	"github.com/leanprm/leanprm/leanbridge/repl"
	"github.com/leanprm/leanprm/leanbridge/sandbox"
	"github.com/leanprm/leanprm/leanbridge/verify"
)

// VerifyRunner starts the REPL pool that confirms contest proofs. Without Lean set up it says
// so on stderr and returns a nil runner: the static checks still run, and each proof that passes
// them has no verdict. The caller must call the returned close.
func VerifyRunner(ctx context.Context, cfg *config.Config, stderr io.Writer) (verify.Runner, func(), error) {
	rc, err := REPLConfig(cfg, stderr)
	if err != nil {
		return nil, nil, err
	}
	if len(rc.Command) == 0 {
		if _, err := repl.LocateREPL(rc.ProjectDir); err != nil {
			fmt.Fprintf(stderr, "leanprm: %v\nleanprm: only the checks before Lean run; no proof can be verified\n", err)
			return nil, func() {}, nil
		}
	}
	pool, err := repl.NewPool(ctx, rc)
	if err != nil {
		return nil, nil, fmt.Errorf("starting Lean: %w", err)
	}
	return verify.REPLRunner(pool), func() { pool.Close() }, nil
}

// VerifyOptions are the per-proof options of verify-proof: the runner, lean.header and
// lean.timeout.
func VerifyOptions(cfg *config.Config, runner verify.Runner) verify.Options {
	return verify.Options{Runner: runner, Header: cfg.Lean.Header, Timeout: cfg.Lean.Timeout}
}

// VerifyKernel is the kernel-replay tier of verify-proof (--tier kernel): leanchecker and,
// when installed, Comparator, in the Lake project of lean.project, each step confined by the
// sandbox with only its work directory writable. Tools it cannot find make every row an error
// that names them (kernel_unavailable), never a verdict.
func VerifyKernel(cfg *config.Config) (*kernel.Checker, error) {
	lake, _ := FindTool("lake")
	project := cfg.Lean.Project
	if abs, err := filepath.Abs(project); err == nil {
		project = abs
	}
	c := &kernel.Checker{Project: project, Tools: kernel.FindTools(lake)}
	if cfg.Lean.Sandbox == config.SandboxOff {
		return c, nil
	}
	sb, err := sandbox.New(sandbox.Options{Limits: sandbox.Limits{MemoryBytes: cfg.Lean.MaxRSS}})
	if err != nil {
		if cfg.Lean.Sandbox == config.SandboxRequire {
			return nil, fmt.Errorf("%w (%v); on a trusted machine, run with --require-sandbox=false", ErrSandboxRequired, err)
		}
		return c, nil
	}
	c.Confine = func(work string) func(*exec.Cmd) (proc.Confinement, error) { return sb.ConfineWritable(work) }
	return c, nil
}
