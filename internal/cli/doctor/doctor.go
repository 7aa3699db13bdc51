// Package doctor is `leanprm doctor`'s checks of everything the formal path needs: the Lake
// project and its pinned toolchain, elan and lake, the REPL binary, Mathlib (optional), the
// sandbox, the kernel-replay tools, and one REPL worker started for its version check, the
// start-up probe (the tactic proves a known-true claim and fails a known-false one) and the
// identity probe. Each Check says what to do next when it is not ok.
package doctor

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/leanprm/leanprm/internal/config"
	"github.com/leanprm/leanprm/internal/wire"
	"github.com/leanprm/leanprm/leanbridge/kernel"
	"github.com/leanprm/leanprm/leanbridge/repl"
)

// Check is one row of the doctor's table.
type Check struct {
	Name   string
	Status string // ok, missing, fail, skip, info, UNAVAILABLE
	Detail string
	Next   string // what to do about it; empty when nothing
	Needed bool   // a failure of this check makes doctor exit non-zero
}

// Run runs every check under cfg, in the order the table shows them; stderr gets the progress of
// starting a REPL worker.
func Run(ctx context.Context, cfg *config.Config, stderr io.Writer) []Check {
	var out []Check
	add := func(c Check) { out = append(out, c) }
	project := cfg.Lean.Project
	custom := cfg.Lean.CommandText != ""

	// The Lake project and its pinned toolchain.
	want, terr := repl.ToolchainVersion(project)
	switch {
	case terr != nil:
		add(Check{"lake project", "missing", terr.Error(), "set lean.project to leanprm's lean-project/ directory", !custom})
	default:
		add(Check{"lake project", "ok", fmt.Sprintf("%s pins Lean %s", project, want), "", !custom})
	}

	// elan and lake.
	lake, lerr := wire.FindTool("lake")
	if _, err := wire.FindTool("elan"); err != nil {
		add(Check{"elan", "missing", "elan not on PATH or in ~/.elan/bin", "make lean (installs elan)", false})
	} else {
		add(Check{"elan", "ok", "found", "", false})
	}
	if lerr != nil {
		add(Check{"lake", "missing", "lake not on PATH or in ~/.elan/bin", "make lean, then open a new shell", !custom})
	} else {
		ver := toolVersion(ctx, project, lake, "--version")
		add(Check{"lake", "ok", lake + " " + ver, "", !custom})
	}

	// The REPL binary (only when leanprm starts it itself).
	if custom {
		add(Check{"repl binary", "skip", "lean.command is set: " + cfg.Lean.CommandText, "", false})
	} else if argv, err := repl.LocateREPL(project); err != nil {
		add(Check{"repl binary", "missing", err.Error(), "make lean", true})
	} else {
		add(Check{"repl binary", "ok", argv[len(argv)-1], "", true})
	}

	// Mathlib is optional; it lives in the configured project's package directory.
	add(mathlibCheck(project))

	// The sandbox around Lean processes, and the kernel-replay tools (verify-proof --tier kernel).
	if sup := wire.SandboxSupport(); sup.OK {
		add(Check{"sandbox", "ok", sup.String(), "", false})
	} else {
		add(Check{"sandbox", "UNAVAILABLE", "Lean would run untrusted code UNSANDBOXED: " + sup.Reason,
			"run as root or enable user namespaces; verify-proof and serve refuse to run without it unless --require-sandbox=false", false})
	}
	for _, c := range kernelToolChecks(cfg) {
		add(c)
	}

	// Start one worker: version check and probe.
	rcfg, err := wire.REPLConfig(cfg, stderr)
	if err != nil {
		add(Check{"configuration", "fail", err.Error(), "fix leanprm.yaml or the flags", true})
		return out
	}
	if !custom && (lerr != nil || terr != nil) {
		add(Check{"repl start", "skip", "nothing to start", "", false})
		add(Check{"probe", "skip", "no REPL", "", false})
		return out
	}
	rcfg.Workers = 1
	sctx, cancel := context.WithTimeout(ctx, rcfg.StartTimeout+10*time.Second)
	defer cancel()
	t0 := time.Now()
	stopProgress := startProgress(stderr, rcfg.StartTimeout)
	w, err := repl.StartWorker(sctx, rcfg)
	stopProgress()
	if err != nil {
		var pe *repl.ProbeError
		switch {
		case errors.As(err, &pe):
			add(Check{"repl start", "ok", fmt.Sprintf("backend %s, Lean %s", pe.Result.Backend, pe.Result.Version), "", true})
			add(probeCheck(pe.Result))
		case errors.Is(err, repl.ErrVersionMismatch):
			add(Check{"lean version", "fail", err.Error(), "rebuild with make lean so the REPL matches lean-toolchain", true})
		default:
			add(Check{"repl start", "fail", err.Error(), "see the error; make lean rebuilds the REPL", true})
		}
		return out
	}
	defer w.Close()
	add(Check{"repl start", "ok", fmt.Sprintf("backend %s, started in %s", w.Backend(), time.Since(t0).Round(time.Millisecond)), "", true})
	v := w.Version()
	if want != "" && !custom {
		add(Check{"lean version", "ok", fmt.Sprintf("REPL reports %s, lean-toolchain pins %s", v, want), "", true})
	} else {
		add(Check{"lean version", "info", "REPL reports " + v, "", false})
	}
	if w.Backend() != "lean" {
		add(Check{"backend", "info", fmt.Sprintf("%q is not Lean: its verdicts are recorded as checker %q", w.Backend(), w.Backend()), "", false})
	}
	if res, ok := w.Probe(); ok {
		add(probeCheck(res))
		add(identityProbeCheck(res))
	}
	return out
}

// identityProbeCheck reports the identity tactic's probe (docs/CONTRACTS.md §1b). A failure
// does not stop closed arithmetic: symbolic claims then keep the exact checker's verdict.
func identityProbeCheck(res repl.ProbeResult) Check {
	var parts []string
	for _, p := range res.Identity {
		what := yesNo(p.Proved, "proved", "NOT proved")
		if !p.True {
			what = yesNo(p.Rejected, "rejected", "ACCEPTED")
		}
		kind := "true identity"
		if !p.True {
			kind = "false identity"
		}
		parts = append(parts, kind+" "+what)
	}
	detail := fmt.Sprintf("identity tactic %q: %s", res.IdentityTactic, strings.Join(parts, ", "))
	if res.SymbolicOK() {
		return Check{"identity probe", "ok", detail, "", false}
	}
	if res.IdentityReason != "" {
		detail += ": " + res.IdentityReason
	}
	next := "symbolic claims are checked by the exact checker alone; set lean.identity_tactic to a tactic that proves Rat identities on this toolchain (grind on Lean ≥ 4.24; field_simp; ring with Mathlib)"
	for _, p := range res.Identity {
		if !p.True && p.Proved {
			next = "the identity tactic accepts a false identity: do not trust it; check lean.identity_tactic, lean.command and the toolchain"
		}
	}
	return Check{"identity probe", "fail", detail, next, false}
}

// progressEvery is how often doctor says it is still waiting for a REPL to start.
const progressEvery = 5 * time.Second

// startProgress tells the user, on stderr, that a REPL is starting and under which limit, and
// then every few seconds how long it has taken: importing Mathlib can take a minute, and a
// silent doctor looks hung. The returned function stops it.
func startProgress(stderr io.Writer, limit time.Duration) func() {
	fmt.Fprintf(stderr, "doctor: starting one REPL worker: version check, then the probe (limit %s, lean.start_timeout)…\n", limit)
	done := make(chan struct{})
	finished := make(chan struct{})
	t0 := time.Now()
	go func() {
		defer close(finished)
		tick := time.NewTicker(progressEvery)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				fmt.Fprintf(stderr, "doctor: still starting after %s (limit %s)\n", time.Since(t0).Round(time.Second), limit)
			}
		}
	}()
	return func() {
		close(done)
		<-finished
	}
}

func probeCheck(res repl.ProbeResult) Check {
	detail := fmt.Sprintf("tactic %q: true claim %s, false claim %s (%s)", res.Tactic,
		yesNo(res.TrueAccepted, "proved", "NOT proved"), yesNo(res.FalseRejected, "rejected", "ACCEPTED"),
		res.Duration.Round(time.Millisecond))
	if res.Passed() {
		return Check{"probe", "ok", detail, "", true}
	}
	next := "choose a tactic that decides Rat arithmetic on this toolchain (lean.tactic)"
	if !res.FalseRejected {
		next = "this REPL accepts a false claim: do not trust it; check lean.command and the toolchain"
	}
	return Check{"probe", "fail", detail, next, true}
}

func yesNo(b bool, yes, no string) string {
	if b {
		return yes
	}
	return no
}

func toolVersion(ctx context.Context, dir, bin string, args ...string) string {
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = dir
	cmd.WaitDelay = time.Second
	b, err := cmd.Output()
	if err != nil {
		return "(version unknown: " + err.Error() + ")"
	}
	return strings.TrimSpace(strings.SplitN(string(b), "\n", 2)[0])
}

// mathlibCheck looks for Mathlib where Lake keeps the configured project's packages
// (lean.project: lean-project/mathlib → lean-project/mathlib/.lake/packages/mathlib), and
// points at the Mathlib variant when it is set up but not configured.
func mathlibCheck(project string) Check {
	if dir := filepath.Join(project, ".lake", "packages", "mathlib"); isDir(dir) {
		return Check{"mathlib", "ok", "in " + dir, "", false}
	}
	if variant := filepath.Join(project, "mathlib"); isDir(filepath.Join(variant, ".lake", "packages", "mathlib")) {
		return Check{"mathlib", "info", "set up in " + variant + ", but lean.project is " + project,
			"to use it: lean.project: " + variant + ", lean.header: import Mathlib, lean.tactic: norm_num", false}
	}
	return Check{"mathlib", "info", "not in " + project + " (optional)", "make lean MATHLIB=1 for norm_num (gigabytes), then lean.project: lean-project/mathlib", false}
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

// kernelToolChecks report the kernel tier's tools, each as its tool finds it, and the tier
// verify-proof and /v1/verify use by default.
func kernelToolChecks(cfg *config.Config) []Check {
	t := wire.KernelTools(cfg)
	var out []Check
	status := func(name, path, missing, next string) {
		if path != "" {
			out = append(out, Check{name, "ok", path, "", false})
		} else {
			out = append(out, Check{name, "info", missing, next, false})
		}
	}
	status("leanchecker", t.LeanChecker, "not found (ships with Lean from v4.28; replays each verified proof's module through the kernel)", "make lean")
	cmp := "not found (optional: compares the statement's closure with the official one at kernel level)"
	if cfg.Kernel.Comparator != "" {
		cmp = "kernel.comparator " + cfg.Kernel.Comparator + " is not an executable file"
	}
	if t.Comparator != "" {
		t.Comparator += " (read as Comparator " + kernel.ComparatorRevision + ")"
	}
	status("comparator", t.Comparator, cmp, "build leanprover/comparator at tag "+kernel.ComparatorRevision+"; or set kernel.comparator")
	if t.Comparator != "" || t.Landrun != "" || t.LeanExport != "" {
		status("landrun", t.Landrun, "not found: Comparator needs it (PATH or COMPARATOR_LANDRUN)", "build Zouuup/landrun from main; put it on PATH or set COMPARATOR_LANDRUN")
		status("lean4export", t.LeanExport, "not found: Comparator needs it (PATH or COMPARATOR_LEAN4EXPORT)", "build leanprover/lean4export for this toolchain; put it on PATH or set COMPARATOR_LEAN4EXPORT")
		status("nanoda", t.Nanoda, "not found (optional second kernel through Comparator: nanoda_bin on PATH or COMPARATOR_NANODA)", "")
	}
	tier, err := wire.KernelTier(cfg, "")
	switch {
	case err != nil:
		out = append(out, Check{"kernel tier", "fail", err.Error(), "fix kernel.tier", false})
	case tier == config.TierKernel && t.Available():
		out = append(out, Check{"kernel tier", "ok", fmt.Sprintf("default tier kernel (kernel.tier %s): %s; timeout %s, memory %s, %s",
			cfg.Kernel.Tier, t.Describe(), cfg.Kernel.Timeout, sizeText(cfg.Kernel.MaxMemory), replayMode(cfg.Kernel.Fresh)), "", false})
	case tier == config.TierKernel:
		out = append(out, Check{"kernel tier", "fail", "kernel.tier is kernel but no kernel tool is installed: every proof would be an error (kernel_unavailable)",
			"make lean (leanchecker ships with Lean ≥ 4.28), or kernel.tier: auto", false})
	default:
		out = append(out, Check{"kernel tier", "info", fmt.Sprintf("default tier repl (kernel.tier %s): verified results say \"not kernel-replayed\"", cfg.Kernel.Tier),
			"install leanchecker (make lean) for kernel replay by default", false})
	}
	return out
}

func replayMode(fresh bool) string {
	if fresh {
		return "leanchecker --fresh (the whole import closure)"
	}
	return "module-only replay"
}

// sizeText writes a byte count in GiB or MiB.
func sizeText(n int64) string {
	if n%(1<<30) == 0 {
		return fmt.Sprintf("%dGiB", n>>30)
	}
	return fmt.Sprintf("%dMiB", n>>20)
}
