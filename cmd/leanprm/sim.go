package main

import (
	"github.com/spf13/cobra"

	"github.com/leanprm/leanprm/internal/leansim/lspsim"
	"github.com/leanprm/leanprm/internal/leansim/replsim"
)

// newSimCmd exposes the repository's REPL simulator as a child process for tests, benchmarks
// and demos: `leanprm --repl-command "leanprm sim repl -latency 5ms" …`. It is not Lean; it
// says so in every version probe, and verdicts it produces are recorded with checker "sim".
func newSimCmd(e *env) *cobra.Command {
	sim := &cobra.Command{
		Use:   "sim",
		Short: "Simulators of Lean's protocols, for tests and demos (not Lean)",
		// A simulator needs no configuration; a broken leanprm.yaml must not stop it.
		PersistentPreRunE: func(*cobra.Command, []string) error { return nil },
	}
	sim.AddCommand(&cobra.Command{
		Use:                "repl [simulator flags]",
		Short:              "Speak the Lean REPL protocol on stdin/stdout, deciding closed arithmetic exactly",
		DisableFlagParsing: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			if code := replsim.Main(args, e.stdin, e.stdout, e.stderr); code != 0 {
				return &ExitError{Code: code}
			}
			return nil
		},
	})
	sim.AddCommand(&cobra.Command{
		Use:                "lsp [simulator flags]",
		Short:              "Speak the Lean language-server protocol on stdin/stdout (Content-Length framing)",
		DisableFlagParsing: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			if code := lspsim.Main(args, e.stdin, e.stdout, e.stderr); code != 0 {
				return &ExitError{Code: code}
			}
			return nil
		},
	})
	sim.AddCommand(newSimGeneratorCmd(e))
	return sim
}
