// Package kernel is verify-proof's kernel-replay tier (--tier kernel): a proof the REPL tier
// verified is built into an .olean inside the sandbox and replayed through Lean's kernel, and,
// where Comparator is installed, its statement closure is compared with the official
// statement's at kernel level and the environment replayed from Comparator's export (and
// through nanoda when enabled).
//
// The tools and their documented interfaces:
//
//   - leanchecker, built into Lean from v4.28 (the successor of leanprover/lean4checker):
//     `lake env leanchecker --fresh Module` replays every constant of Module, imports
//     included, into a fresh environment through the kernel. lean4checker's Main.lean prints
//     "Replaying thm NAME" (defn, axiom, opaque, inductive…) for each constant and ends with
//     an uncaught exception carrying the kernel's error ("(kernel) …") and a non-zero exit
//     when one is rejected; its README notes that it rejects .olean files built with another
//     bignum library, so the .olean is always built here, never taken from a cache.
//   - Comparator (leanprover/comparator README): `lake env comparator config.json` in a Lake
//     project with Challenge and Solution libraries; config.json holds challenge_module,
//     solution_module, theorem_names, permitted_axioms, enable_nanoda and json_output_path.
//     The JSON report (tests/projects/json_output_*/test.json) has "reports" (one per target:
//     target, targetKind, failureCategory, failureMessage, unpermittedAxioms,
//     transitiveAxioms), "kernelAccepted", "kernelFailureMessage", "nanodaAccepted" and
//     "nanodaFailureMessage"; the exit status is 0 only when everything holds. Comparator
//     needs landrun and lean4export on PATH (or COMPARATOR_LANDRUN, COMPARATOR_LEAN4EXPORT;
//     nanoda_bin or COMPARATOR_NANODA with enable_nanoda).
//
// Every step runs under the Checker's confinement (leanbridge/sandbox) with only the work
// directory writable. Plan builds the command lines, ParseReplay and ParseComparator read the
// tools' outputs; tests check both without Lean, and `lean`-tagged tests run them for real.
package kernel

import (
	"bytes"
	"context"
	"encoding/json"
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

// Tools are the programs the tier runs. Lake is required; LeanChecker names the replay tool
// as run under `lake env` ("leanchecker", built into Lean ≥ 4.28, or a lean4checker binary).
// Comparator is optional (with LeanExport and Landrun it needs); Nanoda too.
type Tools struct {
	Lake, LeanChecker                       string
	Comparator, LeanExport, Landrun, Nanoda string
}

// FindTools looks the tools up on PATH and in the project's toolchain (leanchecker ships in
// the toolchain's bin directory from Lean v4.28).
func FindTools(lake string) Tools {
	t := Tools{Lake: lake}
	look := func(names ...string) string {
		for _, n := range names {
			if p, err := exec.LookPath(n); err == nil {
				return p
			}
		}
		return ""
	}
	t.LeanChecker = look("leanchecker", "lean4checker")
	if t.LeanChecker == "" && lake != "" {
		// The toolchain's bin directory holds lake, lean and leanchecker together.
		if p := filepath.Join(filepath.Dir(lake), "leanchecker"); isFile(p) {
			t.LeanChecker = p
		} else if home, err := os.UserHomeDir(); err == nil {
			if ms, _ := filepath.Glob(filepath.Join(home, ".elan", "toolchains", "*", "bin", "leanchecker")); len(ms) > 0 {
				t.LeanChecker = "leanchecker" // resolved by `lake env` in the pinned toolchain
			}
		}
	}
	t.Comparator = look("comparator")
	t.LeanExport = look("lean4export")
	t.Landrun = look("landrun")
	t.Nanoda = look("nanoda_bin")
	return t
}

func isFile(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
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

// Plan returns the steps for one proof whose files are in work: build Solution.olean, replay
// it with leanchecker --fresh, and, with Comparator, compare it with the challenge.
func Plan(work, project string, t Tools) []Step {
	leanPath := "LEAN_PATH=" + work
	steps := []Step{
		{Name: "build", Dir: project, Env: []string{leanPath},
			Argv: []string{t.Lake, "env", "lean", "-o", filepath.Join(work, SolutionModule+".olean"), filepath.Join(work, SolutionModule+".lean")}},
		{Name: "replay", Dir: project, Env: []string{leanPath},
			Argv: []string{t.Lake, "env", t.LeanChecker, "--fresh", SolutionModule}},
	}
	if t.Comparator != "" {
		env := []string{}
		for k, v := range map[string]string{"COMPARATOR_LEAN4EXPORT": t.LeanExport, "COMPARATOR_LANDRUN": t.Landrun, "COMPARATOR_NANODA": t.Nanoda} {
			if v != "" {
				env = append(env, k+"="+v)
			}
		}
		steps = append(steps, Step{Name: "compare", Dir: work, Env: env,
			Argv: []string{t.Lake, "env", t.Comparator, filepath.Join(work, "config.json")}})
	}
	return steps
}

// ComparatorConfig is Comparator's config.json.
type ComparatorConfig struct {
	ChallengeModule string   `json:"challenge_module"`
	SolutionModule  string   `json:"solution_module"`
	TheoremNames    []string `json:"theorem_names"`
	PermittedAxioms []string `json:"permitted_axioms"`
	EnableNanoda    bool     `json:"enable_nanoda"`
	JSONOutputPath  string   `json:"json_output_path"`
}

// ReplayResult is what leanchecker said.
type ReplayResult struct {
	Accepted bool
	Replayed int    // "Replaying …" lines
	Failure  string // the kernel's error, shortened
}

// ParseReplay reads leanchecker's (lean4checker's) output and exit status.
func ParseReplay(stdout, stderr []byte, exit int) ReplayResult {
	var r ReplayResult
	for _, line := range strings.Split(string(stdout), "\n") {
		if strings.HasPrefix(line, "Replaying ") {
			r.Replayed++
		}
	}
	for _, src := range [][]byte{stderr, stdout} {
		for _, line := range strings.Split(string(src), "\n") {
			if r.Failure == "" && (strings.Contains(line, "uncaught exception") || strings.Contains(line, "(kernel)") || strings.HasPrefix(line, "error")) {
				r.Failure = shorten(strings.TrimSpace(line))
			}
		}
	}
	r.Accepted = exit == 0 && r.Failure == ""
	if !r.Accepted && r.Failure == "" {
		r.Failure = fmt.Sprintf("exit status %d", exit)
	}
	return r
}

// ComparatorReport is Comparator's JSON report (json_output_path).
type ComparatorReport struct {
	Reports []struct {
		Target            string   `json:"target"`
		TargetKind        string   `json:"targetKind"`
		FailureCategory   *string  `json:"failureCategory"`
		FailureMessage    *string  `json:"failureMessage"`
		UnpermittedAxioms []string `json:"unpermittedAxioms"`
		TransitiveAxioms  []string `json:"transitiveAxioms"`
	} `json:"reports"`
	KernelAccepted       *bool   `json:"kernelAccepted"`
	KernelFailureMessage *string `json:"kernelFailureMessage"`
	NanodaAccepted       *bool   `json:"nanodaAccepted"`
	NanodaFailureMessage *string `json:"nanodaFailureMessage"`
}

// ParseComparator reads Comparator's report and returns the reasons it gives against the
// proof (none: accepted). A report that says nothing about the kernel is not an acceptance.
func ParseComparator(b []byte, exit int) ([]verify.Reason, error) {
	var rep ComparatorReport
	if err := json.Unmarshal(b, &rep); err != nil {
		return nil, fmt.Errorf("reading Comparator's report: %w", err)
	}
	var rs []verify.Reason
	add := func(code verify.Code, format string, args ...any) {
		rs = append(rs, verify.Reason{Code: code, Detail: shorten(fmt.Sprintf(format, args...))})
	}
	if len(rep.Reports) == 0 {
		add(verify.CodeKernelRejected, "Comparator reported no target")
	}
	for _, t := range rep.Reports {
		if t.FailureCategory != nil {
			msg := ""
			if t.FailureMessage != nil {
				msg = *t.FailureMessage
			}
			code := verify.CodeKernelRejected
			if *t.FailureCategory == "comparison" {
				code = verify.CodeTypeChanged
			}
			add(code, "Comparator (%s %s): %s: %s", t.TargetKind, t.Target, *t.FailureCategory, msg)
		}
		if len(t.UnpermittedAxioms) > 0 {
			add(verify.CodeDisallowedAxioms, "Comparator: %s depends on %s", t.Target, strings.Join(t.UnpermittedAxioms, ", "))
		}
	}
	switch {
	case rep.KernelAccepted != nil && !*rep.KernelAccepted:
		msg := ""
		if rep.KernelFailureMessage != nil {
			msg = *rep.KernelFailureMessage
		}
		add(verify.CodeKernelRejected, "Comparator's kernel replay: %s", msg)
	case rep.KernelAccepted == nil && len(rs) == 0:
		add(verify.CodeKernelRejected, "Comparator did not replay the environment")
	}
	if rep.NanodaAccepted != nil && !*rep.NanodaAccepted {
		msg := ""
		if rep.NanodaFailureMessage != nil {
			msg = *rep.NanodaFailureMessage
		}
		add(verify.CodeKernelRejected, "nanoda: %s", msg)
	}
	if exit != 0 && len(rs) == 0 {
		add(verify.CodeKernelRejected, "Comparator exited with status %d", exit)
	}
	return rs, nil
}

func shorten(s string) string {
	if r := []rune(s); len(r) > 300 {
		return string(r[:300]) + "…"
	}
	return s
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
	// Confine, given the work directory, confines each step with that directory writable
	// (sandbox.ConfineWritable); nil runs unconfined.
	Confine func(work string) func(*exec.Cmd) (proc.Confinement, error)
	// Run runs a step; nil runs it as a child process (RunStep).
	Run func(ctx context.Context, s Step, confine func(*exec.Cmd) (proc.Confinement, error)) Output
	// TempDir is where work directories are made ("": os.TempDir()).
	TempDir string
	// Nanoda asks Comparator to check with nanoda too.
	Nanoda bool
}

var _ verify.KernelChecker = (*Checker)(nil)

// CheckKernel implements verify.KernelChecker.
func (c *Checker) CheckKernel(ctx context.Context, in verify.KernelInput) verify.KernelVerdict {
	unavailable := func(format string, args ...any) verify.KernelVerdict {
		return verify.KernelVerdict{Error: true, Reasons: []verify.Reason{{Code: verify.CodeKernelUnavailable, Detail: fmt.Sprintf(format, args...)}}}
	}
	if c.Tools.Lake == "" {
		return unavailable("lake not found: the kernel tier needs the Lean toolchain (make lean)")
	}
	if c.Tools.LeanChecker == "" {
		return unavailable("leanchecker not found (built into Lean from v4.28; or put lean4checker on PATH)")
	}
	work, err := os.MkdirTemp(c.TempDir, "leanprm-kernel-")
	if err != nil {
		return unavailable("work directory: %v", err)
	}
	defer os.RemoveAll(work)
	if err := writeWork(work, in, c.Nanoda, c.Tools.Comparator != ""); err != nil {
		return unavailable("writing the work files: %v", err)
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
	for _, s := range Plan(work, c.Project, c.Tools) {
		out := run(ctx, s, confine)
		if out.Err != nil {
			return verify.KernelVerdict{Error: true, Reasons: []verify.Reason{{Code: verify.CodeKernelUnavailable, Detail: shorten(fmt.Sprintf("%s step: %v", s.Name, out.Err))}}}
		}
		switch s.Name {
		case "build":
			if out.Exit != 0 {
				reasons = append(reasons, verify.Reason{Code: verify.CodeKernelRejected, Detail: shorten("building the .olean failed: " + firstLine(out.Stdout, out.Stderr))})
				return verify.KernelVerdict{Reasons: reasons}
			}
		case "replay":
			if r := ParseReplay(out.Stdout, out.Stderr, out.Exit); !r.Accepted {
				reasons = append(reasons, verify.Reason{Code: verify.CodeKernelRejected, Detail: "leanchecker --fresh: " + r.Failure})
			}
		case "compare":
			b, err := os.ReadFile(filepath.Join(work, "comparator.json"))
			if err != nil {
				return unavailable("Comparator wrote no report (exit %d): %s", out.Exit, firstLine(out.Stdout, out.Stderr))
			}
			rs, err := ParseComparator(b, out.Exit)
			if err != nil {
				return unavailable("%v", err)
			}
			reasons = append(reasons, rs...)
		}
	}
	return verify.KernelVerdict{Accepted: len(reasons) == 0, Reasons: reasons}
}

func firstLine(bs ...[]byte) string {
	for _, b := range bs {
		for _, l := range bytes.Split(b, []byte("\n")) {
			if s := strings.TrimSpace(string(l)); s != "" {
				return shorten(s)
			}
		}
	}
	return "no output"
}

// writeWork writes Solution.lean (the header, then the candidate), and for Comparator
// Challenge.lean (the header and the official statement proved by sorry), config.json and a
// lakefile.toml declaring both libraries.
func writeWork(work string, in verify.KernelInput, nanoda, comparator bool) error {
	header := strings.TrimSpace(in.Header)
	if header != "" {
		header += "\n\n"
	}
	if err := os.WriteFile(filepath.Join(work, SolutionModule+".lean"), []byte(header+in.Proof), 0o644); err != nil {
		return err
	}
	if !comparator {
		return nil
	}
	challenge := header + in.Statement.PreambleText + "\n" + strings.TrimSpace(in.Statement.Src[in.Statement.Header[0].Off:]) + " := by sorry\n"
	if err := os.WriteFile(filepath.Join(work, ChallengeModule+".lean"), []byte(challenge), 0o644); err != nil {
		return err
	}
	cfg, _ := json.MarshalIndent(ComparatorConfig{
		ChallengeModule: ChallengeModule, SolutionModule: SolutionModule,
		TheoremNames: []string{in.Statement.Name}, PermittedAxioms: in.AllowedAxioms,
		EnableNanoda: nanoda, JSONOutputPath: filepath.Join(work, "comparator.json"),
	}, "", "  ")
	lakefile := "name = \"leanprmkernel\"\nversion = \"0.1.0\"\n\n[[lean_lib]]\nname = \"" + SolutionModule + "\"\n\n[[lean_lib]]\nname = \"" + ChallengeModule + "\"\n"
	return errors.Join(
		os.WriteFile(filepath.Join(work, "config.json"), cfg, 0o644),
		os.WriteFile(filepath.Join(work, "lakefile.toml"), []byte(lakefile), 0o644),
	)
}

// StepTimeout bounds one step when the context has no deadline.
const StepTimeout = 10 * time.Minute

// RunStep runs s as a child process (leanbridge/proc: its own process group, confined by
// confine when set) and collects up to 1 MiB of each output stream.
func RunStep(ctx context.Context, s Step, confine func(*exec.Cmd) (proc.Confinement, error)) Output {
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, StepTimeout)
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
