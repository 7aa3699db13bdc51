// Package kernel is the kernel-replay tier of verify-proof and /v1/verify: a proof the REPL tier
// verified is built into an .olean inside the sandbox and replayed through Lean's kernel with
// leanchecker, and, where Comparator is installed, its statement closure is compared with the
// official statement's at kernel level and replayed again (and through nanoda when installed).
//
// The tools as released for the pinned toolchain (Lean v4.32.0), read from their sources:
//
//   - leanchecker ships in every toolchain from v4.28 (leanprover/lean4 src/LeanChecker.lean,
//     built into the toolchain's bin/ next to lean and lake; elan proxies it,
//     src/elan-cli/self_update.rs TOOLS). `leanchecker Module` replays the module's own
//     constants into the environment of its imports; `--fresh` replays the whole import closure
//     into an empty environment (all of Init, and all of Mathlib under `import Mathlib`: tens of
//     minutes and about 10 GB on one thread), so it is an option (kernel.fresh), not the
//     default. It prints nothing on success (only with -v); on a failure it prints
//     "leanchecker found a problem in MODULE" and the exception reaches the runtime, which
//     prints "uncaught exception: MSG" (src/runtime/io.cpp, lean_io_result_show_error) and
//     exits 1. leanprm reads the exit status and that line (leanchecker.go).
//   - Comparator at tag v4.32.0 of leanprover/comparator (ComparatorRevision): `lake env
//     comparator config.json` in a Lake project whose config holds challenge_module,
//     solution_module, theorem_names, permitted_axioms and enable_nanoda. It writes no report
//     file: it prints its progress and verdict ("Your solution is okay!", a line per kernel) and
//     fails through an uncaught exception and exit 1 (comparator.go).
//
// Every step runs under the Checker's confinement (leanbridge/sandbox) with only its work
// directory writable, bounded by the tier's own Timeout (kernel.timeout) and the sandbox's
// memory limit (kernel.max_memory), never by the REPL's per-row lean.timeout.
package kernel

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/leanprm/leanprm/leanbridge/proc"
	"github.com/leanprm/leanprm/leanbridge/verify"
)

// Tools are the programs the tier runs, as found on this machine ("" when missing).
type Tools struct {
	// Lake runs every step (`lake env …`) so the project's toolchain and packages are used.
	Lake string
	// LeanChecker is leanchecker as run under `lake env`: a path, or "leanchecker" when it is
	// the pinned toolchain's own (lake env puts the toolchain's bin/ on PATH).
	LeanChecker string
	// Comparator and the helpers it runs: landrun and lean4export (needed), nanoda (optional),
	// each resolved the way Comparator resolves it (COMPARATOR_LANDRUN, COMPARATOR_LEAN4EXPORT,
	// COMPARATOR_NANODA, else landrun, lean4export, nanoda_bin on PATH; Main.lean, M.run).
	Comparator, Landrun, LeanExport, Nanoda string
	// ElanHome is elan's home when lake is elan's (ELAN_HOME, or the .elan directory lake is
	// in). Every step gets it: a sandbox that sets HOME to its scratch directory would
	// otherwise hide the toolchains from elan's proxies.
	ElanHome string
}

// ComparatorReady reports whether Comparator and the helpers it cannot run without are there.
func (t Tools) ComparatorReady() bool {
	return t.Lake != "" && t.Comparator != "" && t.Landrun != "" && t.LeanExport != ""
}

// Available reports whether the tier can run here: lake with leanchecker, or Comparator ready.
func (t Tools) Available() bool {
	return t.Lake != "" && t.LeanChecker != "" || t.ComparatorReady()
}

// Describe names what the tier runs with these tools, for doctor and the docs.
func (t Tools) Describe() string {
	var parts []string
	if t.Lake != "" && t.LeanChecker != "" {
		parts = append(parts, "leanchecker (module replay)")
	}
	if t.ComparatorReady() {
		c := "Comparator " + ComparatorRevision
		if t.Nanoda != "" {
			c += " with nanoda"
		}
		parts = append(parts, c)
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, " + ")
}

// FindTools looks the tools up: leanchecker on PATH or in the pinned toolchain next to lake,
// comparator at the configured path or on PATH, and Comparator's helpers as Comparator itself
// finds them (getenv reads the environment; nil is os.Getenv).
func FindTools(lake, comparator string, getenv func(string) string) Tools {
	if getenv == nil {
		getenv = os.Getenv
	}
	t := Tools{Lake: lake, ElanHome: getenv("ELAN_HOME")}
	if i := strings.Index(lake, string(filepath.Separator)+".elan"+string(filepath.Separator)); t.ElanHome == "" && i >= 0 {
		t.ElanHome = lake[:i+len(".elan")+1]
	}
	t.LeanChecker = look("leanchecker")
	if t.LeanChecker == "" && lake != "" {
		// The toolchain's bin directory holds lake, lean and leanchecker together; elan's
		// toolchains hold them under ~/.elan/toolchains/*/bin.
		if p := filepath.Join(filepath.Dir(lake), "leanchecker"); isExec(p) {
			t.LeanChecker = p
		} else if home, err := os.UserHomeDir(); err == nil {
			if ms, _ := filepath.Glob(filepath.Join(home, ".elan", "toolchains", "*", "bin", "leanchecker")); len(ms) > 0 {
				t.LeanChecker = "leanchecker" // resolved by `lake env` in the pinned toolchain
			}
		}
	}
	if comparator != "" {
		if isExec(comparator) {
			t.Comparator = comparator
		}
	} else {
		t.Comparator = look("comparator")
	}
	fromEnv := func(env, name string) string {
		if v := getenv(env); v != "" {
			if isExec(v) {
				return v
			}
			return look(v)
		}
		return look(name)
	}
	t.Landrun = fromEnv("COMPARATOR_LANDRUN", "landrun")
	t.LeanExport = fromEnv("COMPARATOR_LEAN4EXPORT", "lean4export")
	t.Nanoda = fromEnv("COMPARATOR_NANODA", "nanoda_bin")
	return t
}

func look(name string) string {
	if p, err := exec.LookPath(name); err == nil {
		if abs, err := filepath.Abs(p); err == nil {
			return abs
		}
		return p
	}
	return ""
}

func isExec(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular() && st.Mode()&0o111 != 0
}

// Step is one command of the tier.
type Step struct {
	Name string // "build", "replay", "compare"
	Argv []string
	Dir  string
	Env  []string // added to the environment
}

// Module names of the files the tier writes in its work directory.
const (
	SolutionModule  = "Solution"
	ChallengeModule = "Challenge"
)

// Settings are the tier's own settings (the kernel.* keys).
type Settings struct {
	// Fresh replays the whole import closure (leanchecker --fresh).
	Fresh bool
	// Timeout bounds the tier on one proof (0: DefaultTimeout).
	Timeout time.Duration
	// Nanoda asks Comparator to check with nanoda too (enable_nanoda).
	Nanoda bool
}

// DefaultTimeout bounds the tier on one proof when Settings.Timeout is 0.
const DefaultTimeout = 10 * time.Minute

// Plan returns the steps for one proof whose files are in work: with leanchecker, build
// Solution.olean and replay it; with Comparator, compare it with the challenge.
//
// The build names its module root (-R work): outside Lake, lean takes the main module's name
// from the file's path relative to that root (the current directory by default), and with -o
// a file outside the root is an error (Lean/Shell.lean, moduleNameOfFileName in
// Lean/Util/Path.lean). Lake passes the same name through --setup; either way the module is
// `Solution`, the name its private declarations carry and the name leanchecker finds its
// .olean under on LEAN_PATH (`lake env` puts that LEAN_PATH after the project's,
// Workspace.augmentedLeanPath).
func Plan(work, project string, t Tools, s Settings) []Step {
	var steps []Step
	var elan []string
	if t.ElanHome != "" {
		elan = []string{"ELAN_HOME=" + t.ElanHome}
	}
	if t.Lake != "" && t.LeanChecker != "" {
		leanPath := "LEAN_PATH=" + work
		replay := []string{t.Lake, "env", t.LeanChecker}
		if s.Fresh {
			replay = append(replay, "--fresh")
		}
		steps = append(steps,
			Step{Name: "build", Dir: project, Env: append([]string{leanPath}, elan...),
				Argv: []string{t.Lake, "env", "lean", "-R", work, "-o", filepath.Join(work, SolutionModule+".olean"), filepath.Join(work, SolutionModule+".lean")}},
			Step{Name: "replay", Dir: project, Env: append([]string{leanPath}, elan...), Argv: append(replay, SolutionModule)})
	}
	if t.ComparatorReady() {
		env := []string{"COMPARATOR_LANDRUN=" + t.Landrun, "COMPARATOR_LEAN4EXPORT=" + t.LeanExport}
		if t.Nanoda != "" {
			env = append(env, "COMPARATOR_NANODA="+t.Nanoda)
		}
		env = append(env, elan...)
		steps = append(steps, Step{Name: "compare", Dir: work, Env: env,
			Argv: []string{t.Lake, "env", t.Comparator, filepath.Join(work, "config.json")}})
	}
	return steps
}

// Output is what a step printed and how it ended.
type Output struct {
	Stdout, Stderr []byte
	Exit           int   // -1 when it did not exit normally
	Err            error // the step could not run (start failure, timeout, sandbox violation)
}

// Checker implements verify.KernelChecker.
type Checker struct {
	// Project is the Lake project (lean.project) whose toolchain builds and replays.
	Project string
	Tools   Tools
	Settings
	// Confine, given the work directory, confines each step with that directory writable
	// (sandbox.ConfineWritable); nil runs unconfined.
	Confine func(work string) func(*exec.Cmd) (proc.Confinement, error)
	// Run runs a step; nil runs it as a child process (RunStep).
	Run func(ctx context.Context, s Step, confine func(*exec.Cmd) (proc.Confinement, error)) Output
	// TempDir is where work directories are made ("": os.TempDir()).
	TempDir string
}

var _ verify.KernelChecker = (*Checker)(nil)

func unavailable(format string, args ...any) verify.KernelVerdict {
	return verify.KernelVerdict{Error: true, Reasons: []verify.Reason{{Code: verify.CodeKernelUnavailable, Detail: shorten(fmt.Sprintf(format, args...))}}}
}

// CheckKernel implements verify.KernelChecker. ctx is the caller's (a request, a signal); the
// tier adds its own Timeout, and running out of it is no verdict.
func (c *Checker) CheckKernel(ctx context.Context, in verify.KernelInput) verify.KernelVerdict {
	if !c.Tools.Available() {
		return unavailable("no kernel tool: leanchecker (in the Lean toolchain from v4.28: make lean) or Comparator %s with landrun and lean4export", ComparatorRevision)
	}
	timeout := c.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	parent := ctx
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	work, err := os.MkdirTemp(c.TempDir, "leanprm-kernel-")
	if err != nil {
		return unavailable("work directory: %v", err)
	}
	defer os.RemoveAll(work)
	if err := writeSolution(work, in); err != nil {
		return unavailable("writing the work files: %v", err)
	}
	if c.Tools.ComparatorReady() {
		if err := writeComparatorProject(work, c.Project, in, c.Nanoda && c.Tools.Nanoda != ""); err != nil {
			return unavailable("Comparator's project: %v", err)
		}
	}
	run := c.Run
	if run == nil {
		run = RunStep
	}
	var confine func(*exec.Cmd) (proc.Confinement, error)
	if c.Confine != nil {
		confine = c.Confine(work)
	}
	var reasons []verify.Reason
	for _, s := range Plan(work, c.Project, c.Tools, c.Settings) {
		out := run(ctx, s, confine)
		if out.Err != nil {
			if parent.Err() != nil {
				return unavailable("stopped at the %s step: %v", s.Name, parent.Err())
			}
			if errors.Is(out.Err, context.DeadlineExceeded) {
				return unavailable("the kernel tier did not finish within %s (kernel.timeout) at its %s step", timeout, s.Name)
			}
			return unavailable("%s step: %v", s.Name, out.Err)
		}
		var v verify.KernelVerdict
		switch s.Name {
		case "build":
			if out.Exit != 0 {
				return BuildVerdict(out)
			}
			continue
		case "replay":
			v = ReplayVerdict(ParseReplay(out.Stdout, out.Stderr, out.Exit), c.Fresh)
		case "compare":
			v = ParseComparator(out.Stdout, out.Stderr, out.Exit, c.Nanoda && c.Tools.Nanoda != "")
		}
		if v.Error {
			return v
		}
		reasons = append(reasons, v.Reasons...)
	}
	return verify.KernelVerdict{Accepted: len(reasons) == 0, Reasons: reasons}
}

func shorten(s string) string {
	if r := []rune(s); len(r) > 300 {
		return string(r[:300]) + "…"
	}
	return s
}

// firstLine is the first non-empty line of the first stream that has one.
func firstLine(bs ...[]byte) string {
	for _, b := range bs {
		for _, l := range strings.Split(string(b), "\n") {
			if s := strings.TrimSpace(l); s != "" {
				return shorten(s)
			}
		}
	}
	return "no output"
}

// RunStep runs s as a child process (leanbridge/proc: its own process group, confined by
// confine when set) and collects up to 1 MiB of each output stream.
func RunStep(ctx context.Context, s Step, confine func(*exec.Cmd) (proc.Confinement, error)) Output {
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, DefaultTimeout)
		defer cancel()
	}
	stdout, stderr := proc.NewTail(1<<20), proc.NewTail(1<<20)
	p, err := proc.Start(ctx, s.Argv, proc.Options{Dir: s.Dir, Env: s.Env, Stdout: stdout, Stderr: stderr, Confine: confine})
	if err != nil {
		return Output{Err: fmt.Errorf("starting %s: %w", s.Argv[0], err)}
	}
	<-p.Done()
	if v := p.Violation(); v != nil {
		return Output{Err: v}
	}
	if ctx.Err() != nil {
		return Output{Err: fmt.Errorf("%s: %w", s.Name, ctx.Err())}
	}
	out := Output{Stdout: []byte(stdout.String()), Stderr: []byte(stderr.String())}
	var ee *exec.ExitError
	switch err := p.Err(); {
	case err == nil:
	case errors.As(err, &ee):
		out.Exit = ee.ExitCode()
	default:
		out.Err = err
	}
	return out
}
