package main

import (
	"context"
	"errors"
	"io"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// env is what every subcommand gets: the streams and the loaded configuration. Nothing here is
// global, so tests run many commands side by side.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	cfg            *settings
}

// Run executes one leanprm command line. It never calls os.Exit and never touches the process's
// own standard streams; errors that need a particular exit code are *ExitError.
func Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr, cfg: newSettings()}
	root := newRootCmd(e)
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.ExecuteContext(ctx)
	if err != nil && isCobraUsageError(err) {
		return &ExitError{Code: exitUsage, Err: err}
	}
	return err
}

func newRootCmd(e *env) *cobra.Command {
	root := &cobra.Command{
		Use:   "leanprm",
		Short: "Score every step of a math reasoning chain with Lean 4 and a learned PRM",
		Long: `leanprm scores every step of a math reasoning chain. Claims that can be formalized are
checked by Lean 4 through the Lean REPL (or by the built-in exact-arithmetic checker); the rest
fall back to a learned process reward model. Every score says which checker produced it.

Configuration, highest precedence first: command-line flags, LEANPRM_* environment variables
(LEANPRM_LEAN_TACTIC for lean.tactic), leanprm.yaml (working directory, then the user config
directory, or --config), built-in defaults. 'leanprm config' prints the effective values.`,
		SilenceUsage:  true,
		SilenceErrors: true,
		PersistentPreRunE: func(cmd *cobra.Command, _ []string) error {
			return e.cfg.load(cmd.Flags())
		},
	}
	e.cfg.registerGlobalFlags(root.PersistentFlags())
	root.AddCommand(
		newConfigCmd(e),
		newDoctorCmd(e),
		newLeanCmd(e),
		newSimCmd(e),
		newCheckCmd(e),
		newEvalCmd(e),
		newCompareCmd(e),
		newSelectCmd(e),
		newTrainCmd(e),
		newVerifyProofCmd(e),
		newTranslateCmd(e),
		newVersionCmd(e),
	)
	return root
}

// isCobraUsageError reports errors cobra produces for a malformed command line. Cobra has no
// typed error for these, so the messages it documents are matched.
func isCobraUsageError(err error) bool {
	var ee *ExitError
	if errors.As(err, &ee) {
		return false
	}
	msg := err.Error()
	for _, p := range []string{"unknown command", "unknown flag", "unknown shorthand flag",
		"flag needs an argument", "invalid argument", "accepts ", "requires at least", "requires at most"} {
		if strings.HasPrefix(msg, p) || strings.Contains(msg, " "+p) {
			return true
		}
	}
	return false
}

// flagNames lists the flags a command set; used to report where a setting came from.
func changedFlags(fs *pflag.FlagSet) map[string]bool {
	out := map[string]bool{}
	fs.Visit(func(f *pflag.Flag) { out[f.Name] = true })
	return out
}
