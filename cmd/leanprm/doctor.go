package main

import (
	"errors"
	"fmt"
	"text/tabwriter"

	"github.com/leanprm/leanprm/internal/cli/doctor"
	"github.com/spf13/cobra"
)

func newDoctorCmd(e *env) *cobra.Command {
	return &cobra.Command{
		Use:   "doctor",
		Short: "Check the Lean toolchain, the REPL and the start-up probes",
		Long: `Check everything the formal path needs: the Lake project, elan and lake, the pinned toolchain,
the REPL binary, Lean's version against lean-toolchain, Mathlib (optional; in the configured
project's .lake/packages), the kernel tier's tools (leanchecker; Comparator, read as its tag
v4.32.0, with landrun, lean4export and nanoda) and the tier verify-proof and /v1/verify use by
default, the sandbox, and the start-up
probe (the configured tactic must prove a known-true claim and fail a known-false one), and
the identity probe (lean.identity_tactic must prove known identities over Rat and fail false
ones; when it does not, symbolic claims are left to the exact checker).
Prints a table with a next step for anything missing. Exits 1 when a needed check fails.
With --repl-command, the REPL it starts is checked instead of the Lake project's.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			checks := doctor.Run(cmd.Context(), e.cfg, e.stderr)
			tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
			fmt.Fprintln(tw, "CHECK\tSTATUS\tDETAIL\tNEXT STEP")
			failed := 0
			for _, c := range checks {
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", c.Name, c.Status, userMessage(errors.New(c.Detail)), c.Next)
				if c.Needed && c.Status != "ok" {
					failed++
				}
			}
			if err := tw.Flush(); err != nil {
				return err
			}
			if failed > 0 {
				return &ExitError{Code: exitError, Err: fmt.Errorf("doctor: %s failed; the exact checker stays in use until they pass", count(failed, "needed check"))}
			}
			return nil
		},
	}
}
