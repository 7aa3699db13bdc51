package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/leanprm/leanprm/internal/cli/replsession"
	"github.com/leanprm/leanprm/internal/config"
	"github.com/leanprm/leanprm/internal/wire"
	"github.com/leanprm/leanprm/leanbridge/repl"
)

func newLeanREPLCmd(e *env) *cobra.Command {
	return &cobra.Command{
		Use:   "repl [FILE]",
		Short: "A raw REPL session through one managed worker",
		Long: `Read Lean REPL requests from FILE or stdin and write each reply as one JSON line to stdout.

Requests are JSON objects, one per line or spread over several lines and separated by blank
lines (the REPL's own test files work as they are; lines starting with # or -- outside an
object are comments). Each request gets exactly one output line: the REPL's reply, or
{"leanprm_error": "...", "kind": "..."} when the request could not be run (invalid JSON, a
request over 16 MiB, a timeout, a crashed REPL, an env id from a REPL that has since
restarted). A request ends at the line where its brackets balance, or at a blank line, so a
malformed request never swallows the ones after it. The worker is
restarted after a failure; ids from the dead process are refused with a clear error, and ids
issued afterwards continue past every earlier one (they are the worker's ids, so one id never
names two states). The worker's start-up version check takes no id you can see: env and
proofState numbers are those of a REPL started for you alone, as with lake exe repl.

--repl-command replaces how the REPL is started (e.g. "leanprm sim repl"), --timeout bounds
each request. Exit status 1 if any request got a leanprm_error.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			in := e.stdin
			if len(args) == 1 && args[0] != "-" {
				f, err := os.Open(args[0])
				if err != nil {
					return err
				}
				defer f.Close()
				in = f
			}
			if e.cfg.Lean.Sandbox == config.SandboxAuto {
				// The user's own session, which pickles to the paths it names: not confined
				// unless lean.sandbox says require.
				e.cfg.Lean.Sandbox = config.SandboxOff
			}
			cfg, err := wire.REPLConfig(e.cfg, e.stderr)
			if err != nil {
				return err
			}
			cfg.Workers = 1
			cfg.SkipProbe = true      // a raw session forwards what the user sends; no tactic is assumed
			cfg.HideStartupIDs = true // the user's first command gets env 0, as with lake exe repl
			ctx := cmd.Context()
			w, err := repl.StartWorker(ctx, cfg)
			if err != nil {
				return fmt.Errorf("starting the REPL: %w", err)
			}
			defer w.Close()
			if w.Backend() != "lean" {
				fmt.Fprintf(e.stderr, "leanprm: note: the REPL peer is the %q backend, not Lean\n", w.Backend())
			}
			failures, err := replsession.Forward(ctx, in, e.stdout, w)
			if err == nil && failures > 0 {
				err = &ExitError{Code: exitError, Err: fmt.Errorf("%d request(s) could not be run", failures)}
			}
			return err
		},
	}
}
