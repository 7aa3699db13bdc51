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

// KernelTools are the kernel tier's tools on this machine: leanchecker in the toolchain of
// lake, Comparator at kernel.comparator or on PATH, and Comparator's helpers as Comparator
// finds them.
func KernelTools(cfg *config.Config) kernel.Tools {
	lake, _ := FindTool("lake")
	return kernel.FindTools(lake, cfg.Kernel.Comparator, nil)
}

// KernelTier resolves the tier of verify-proof (requested: its --tier, "" for kernel.tier)
// and /v1/verify (""): auto is kernel where the tools are installed, else repl.
func KernelTier(cfg *config.Config, requested string) (config.KernelTier, error) {
	t := config.KernelTier(requested)
	if t == "" {
		t = cfg.Kernel.Tier
	}
	switch t {
	case config.TierAuto:
		if KernelTools(cfg).Available() {
			return config.TierKernel, nil
		}
		return config.TierREPL, nil
	case config.TierREPL, config.TierKernel:
		return t, nil
	}
	return "", fmt.Errorf("tier %q: want auto, repl or kernel", t)
}

// WithKernel sets opts.Kernel for tier: the kernel tier's checker for kernel (without its
// tools every proof is then an error naming them, never verified), nothing for repl (every
// verified result then says "not kernel-replayed").
func WithKernel(cfg *config.Config, tier config.KernelTier, opts *verify.Options) error {
	if tier != config.TierKernel {
		return nil
	}
	kc, err := VerifyKernel(cfg)
	if err != nil {
		return err
	}
	opts.Kernel = kc
	return nil
}

// VerifyKernel is the kernel-replay tier of verify-proof and /v1/verify: leanchecker and,
// when installed, Comparator, in the Lake project of lean.project, each step confined by the
// sandbox with only its work directory writable, under the tier's own limits (kernel.timeout,
// kernel.max_memory) and replay mode (kernel.fresh). Tools it cannot find make every row an
// error that names them (kernel_unavailable), never a verdict.
func VerifyKernel(cfg *config.Config) (*kernel.Checker, error) {
	project := cfg.Lean.Project
	if abs, err := filepath.Abs(project); err == nil {
		project = abs
	}
	tools := KernelTools(cfg)
	c := &kernel.Checker{Project: project, Tools: tools,
		Settings: kernel.Settings{Fresh: cfg.Kernel.Fresh, Timeout: cfg.Kernel.Timeout, Nanoda: tools.Nanoda != ""}}
	if cfg.Lean.Sandbox == config.SandboxOff {
		return c, nil
	}
	sb, err := sandbox.New(sandbox.Options{Limits: sandbox.Limits{MemoryBytes: cfg.Kernel.MaxMemory,
		ScratchBytes: cfg.Lean.SandboxScratch, CPUs: float64(cfg.Lean.SandboxCPUs)}})
	if err != nil {
		if cfg.Lean.Sandbox == config.SandboxRequire {
			return nil, fmt.Errorf("%w (%v); on a trusted machine, run with --require-sandbox=false", ErrSandboxRequired, err)
		}
		return c, nil
	}
	c.Confine = func(work string) func(*exec.Cmd) (proc.Confinement, error) { return sb.ConfineWritable(work) }
	return c, nil
}
