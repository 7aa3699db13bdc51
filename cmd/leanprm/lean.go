package main

import "github.com/spf13/cobra"

func newLeanCmd(e *env) *cobra.Command {
	lean := &cobra.Command{
		Use:   "lean",
		Short: "Work with the Lean toolchain and REPL directly",
	}
	lean.AddCommand(newLeanSetupCmd(e), newLeanREPLCmd(e), newLeanChainCmd(e))
	return lean
}
