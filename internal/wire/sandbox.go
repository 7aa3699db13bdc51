package wire

import (
	"fmt"
	"io"
	"os/exec"
	"reflect"
	"sync"

	"github.com/leanprm/leanprm/internal/config"
	"github.com/leanprm/leanprm/leanbridge/proc"
	"github.com/leanprm/leanprm/leanbridge/sandbox"
)

// ErrSandboxRequired is Confinement's error where lean.sandbox is require and the machine
// cannot confine processes.
var ErrSandboxRequired = fmt.Errorf("Lean would run untrusted code without a sandbox")

// warned holds the writers already told that Lean runs unsandboxed: once per writer (a
// command's stderr), not once per pool.
var warned sync.Map

// Confinement returns what confines the Lean processes of cfg (repl.Config.Confine,
// lsp.Options.Confine), or nil when lean.sandbox is off, or auto on a machine that cannot
// sandbox (then it warns on logw, once per writer). With require on such a machine it fails
// with ErrSandboxRequired, saying why and how to run anyway. The sandbox's memory limit is
// lean.max_rss, its scratch size lean.sandbox_scratch and its cores lean.sandbox_cpus.
func Confinement(cfg *config.Config, logw io.Writer) (func(*exec.Cmd) (proc.Confinement, error), error) {
	mode := cfg.Lean.Sandbox
	if mode == config.SandboxOff {
		return nil, nil
	}
	sb, err := sandbox.New(sandbox.Options{Limits: sandbox.Limits{MemoryBytes: cfg.Lean.MaxRSS,
		ScratchBytes: cfg.Lean.SandboxScratch, CPUs: float64(cfg.Lean.SandboxCPUs)}})
	if err != nil {
		if mode == config.SandboxRequire {
			return nil, fmt.Errorf("%w (%v); on a trusted machine, run with --require-sandbox=false", ErrSandboxRequired, err)
		}
		done := false
		if logw != nil && reflect.TypeOf(logw).Comparable() {
			_, done = warned.LoadOrStore(logw, true)
		}
		if !done {
			fmt.Fprintf(logw, "leanprm: WARNING: Lean runs UNSANDBOXED (network, files and memory unprotected): %v\n", err)
		}
		return nil, nil
	}
	return sb.Confine, nil
}

// SandboxSupport is what `doctor` reports: how this machine confines Lean processes.
func SandboxSupport() sandbox.Support { return sandbox.Probe() }
