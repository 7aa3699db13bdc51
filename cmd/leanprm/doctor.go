package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/leanprm/leanprm/internal/wire"
	"github.com/leanprm/leanprm/leanbridge/repl"
)

// check is one row of the doctor's table.
type check struct {
	name   string
	status string // ok, missing, fail, skip, info
	detail string
	next   string // what to do about it; empty when nothing
	needed bool   // a failure of this check makes doctor exit non-zero
}

func newDoctorCmd(e *env) *cobra.Command {
	return &cobra.Command{
		Use:   "doctor",
		Short: "Check the Lean toolchain, the REPL and the start-up probes",
		Long: `Check everything the formal path needs: the Lake project, elan and lake, the pinned toolchain,
the REPL binary, Lean's version against lean-toolchain, Mathlib (optional), and the start-up
probe (the configured tactic must prove a known-true claim and fail a known-false one), and
the identity probe (lean.identity_tactic must prove known identities over Rat and fail false
ones; when it does not, symbolic claims are left to the exact checker).
Prints a table with a next step for anything missing. Exits 1 when a needed check fails.
With --repl-command, the REPL it starts is checked instead of the Lake project's.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			checks := runDoctor(cmd.Context(), e)
			tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
			fmt.Fprintln(tw, "CHECK\tSTATUS\tDETAIL\tNEXT STEP")
			failed := 0
			for _, c := range checks {
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", c.name, c.status, userMessage(errors.New(c.detail)), c.next)
				if c.needed && c.status != "ok" {
					failed++
				}
			}
			if err := tw.Flush(); err != nil {
				return err
			}
			if failed > 0 {
				return &ExitError{Code: exitError, Err: fmt.Errorf("doctor: %d needed check(s) failed; the exact checker stays in use until they pass", failed)}
			}
			return nil
		},
	}
}

func runDoctor(ctx context.Context, e *env) []check {
	var out []check
	add := func(c check) { out = append(out, c) }
	project := e.cfg.Lean.Project
	custom := e.cfg.Lean.CommandText != ""

	// The Lake project and its pinned toolchain.
	want, terr := repl.ToolchainVersion(project)
	switch {
	case terr != nil:
		add(check{"lake project", "missing", terr.Error(), "set lean.project to leanprm's lean-project/ directory", !custom})
	default:
		add(check{"lake project", "ok", fmt.Sprintf("%s pins Lean %s", project, want), "", !custom})
	}

	// elan and lake.
	lake, lerr := wire.FindTool("lake")
	if _, err := wire.FindTool("elan"); err != nil {
		add(check{"elan", "missing", "elan not on PATH or in ~/.elan/bin", "make lean (installs elan)", false})
	} else {
		add(check{"elan", "ok", "found", "", false})
	}
	if lerr != nil {
		add(check{"lake", "missing", "lake not on PATH or in ~/.elan/bin", "make lean, then open a new shell", !custom})
	} else {
		ver := toolVersion(ctx, project, lake, "--version")
		add(check{"lake", "ok", lake + " " + ver, "", !custom})
	}

	// The REPL binary (only when leanprm starts it itself).
	if custom {
		add(check{"repl binary", "skip", "lean.command is set: " + e.cfg.Lean.CommandText, "", false})
	} else if argv, err := repl.LocateREPL(project); err != nil {
		add(check{"repl binary", "missing", err.Error(), "make lean", true})
	} else {
		add(check{"repl binary", "ok", argv[len(argv)-1], "", true})
	}

	// Mathlib is optional.
	ml := filepath.Join(project, "mathlib", ".lake", "packages", "mathlib")
	if st, err := os.Stat(ml); err == nil && st.IsDir() {
		add(check{"mathlib", "ok", "set up in " + filepath.Join(project, "mathlib"), "", false})
	} else {
		add(check{"mathlib", "info", "not set up (optional)", "make lean MATHLIB=1 for norm_num (gigabytes)", false})
	}

	// Start one worker: version check and probe.
	cfg, err := wire.REPLConfig(e.cfg, e.stderr)
	if err != nil {
		add(check{"configuration", "fail", err.Error(), "fix leanprm.yaml or the flags", true})
		return out
	}
	if !custom && (lerr != nil || terr != nil) {
		add(check{"repl start", "skip", "nothing to start", "", false})
		add(check{"probe", "skip", "no REPL", "", false})
		return out
	}
	cfg.Workers = 1
	sctx, cancel := context.WithTimeout(ctx, cfg.StartTimeout+10*time.Second)
	defer cancel()
	t0 := time.Now()
	stopProgress := startProgress(e, cfg.StartTimeout)
	w, err := repl.StartWorker(sctx, cfg)
	stopProgress()
	if err != nil {
		var pe *repl.ProbeError
		switch {
		case errors.As(err, &pe):
			add(check{"repl start", "ok", fmt.Sprintf("backend %s, Lean %s", pe.Result.Backend, pe.Result.Version), "", true})
			add(probeCheck(pe.Result))
		case errors.Is(err, repl.ErrVersionMismatch):
			add(check{"lean version", "fail", err.Error(), "rebuild with make lean so the REPL matches lean-toolchain", true})
		default:
			add(check{"repl start", "fail", err.Error(), "see the error; make lean rebuilds the REPL", true})
		}
		return out
	}
	defer w.Close()
	add(check{"repl start", "ok", fmt.Sprintf("backend %s, started in %s", w.Backend(), time.Since(t0).Round(time.Millisecond)), "", true})
	v := w.Version()
	if want != "" && !custom {
		add(check{"lean version", "ok", fmt.Sprintf("REPL reports %s, lean-toolchain pins %s", v, want), "", true})
	} else {
		add(check{"lean version", "info", "REPL reports " + v, "", false})
	}
	if w.Backend() != "lean" {
		add(check{"backend", "info", fmt.Sprintf("%q is not Lean: its verdicts are recorded as checker %q", w.Backend(), w.Backend()), "", false})
	}
	if res, ok := w.Probe(); ok {
		add(probeCheck(res))
		add(identityProbeCheck(res))
	}
	return out
}

// identityProbeCheck reports the identity tactic's probe (docs/CONTRACTS.md §1b). A failure
// does not stop closed arithmetic: symbolic claims then keep the exact checker's verdict.
func identityProbeCheck(res repl.ProbeResult) check {
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
		return check{"identity probe", "ok", detail, "", false}
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
	return check{"identity probe", "fail", detail, next, false}
}

// progressEvery is how often doctor says it is still waiting for a REPL to start.
const progressEvery = 5 * time.Second

// startProgress tells the user, on stderr, that a REPL is starting and under which limit, and
// then every few seconds how long it has taken: importing Mathlib can take a minute, and a
// silent doctor looks hung. The returned function stops it.
func startProgress(e *env, limit time.Duration) func() {
	fmt.Fprintf(e.stderr, "doctor: starting one REPL worker: version check, then the probe (limit %s, lean.start_timeout)…\n", limit)
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
				fmt.Fprintf(e.stderr, "doctor: still starting after %s (limit %s)\n", time.Since(t0).Round(time.Second), limit)
			}
		}
	}()
	return func() {
		close(done)
		<-finished
	}
}

func probeCheck(res repl.ProbeResult) check {
	detail := fmt.Sprintf("tactic %q: true claim %s, false claim %s (%s)", res.Tactic,
		yesNo(res.TrueAccepted, "proved", "NOT proved"), yesNo(res.FalseRejected, "rejected", "ACCEPTED"),
		res.Duration.Round(time.Millisecond))
	if res.Passed() {
		return check{"probe", "ok", detail, "", true}
	}
	next := "choose a tactic that decides Rat arithmetic on this toolchain (lean.tactic)"
	if !res.FalseRejected {
		next = "this REPL accepts a false claim: do not trust it; check lean.command and the toolchain"
	}
	return check{"probe", "fail", detail, next, true}
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
