package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/leanprm/leanprm/leanbridge/repl"
)

func newLeanSetupCmd(e *env) *cobra.Command {
	var noPTY bool
	cmd := &cobra.Command{
		Use:   "setup",
		Short: "Fetch and build the pinned Lean REPL in the Lake project (needs the internet once)",
		Long: `Run 'lake update' and build the REPL executable in lean.project, streaming Lake's progress.
Lake draws its progress only when its output is a terminal, so the build runs on a
pseudo-terminal; REPL traffic never does (a terminal would echo requests and cut long lines).
'make lean' installs elan first when it is missing, then runs this.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := repl.Setup(cmd.Context(), e.cfg.Lean.Project, e.stderr, !noPTY); err != nil {
				return err
			}
			fmt.Fprintln(e.stderr, "==> done: run 'leanprm doctor' to check the toolchain and the probes")
			return nil
		},
	}
	cmd.Flags().BoolVar(&noPTY, "no-pty", false, "do not use a pseudo-terminal (plain log output)")
	return cmd
}
