package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/leanprm/leanprm/hybrid/outcome"
	"github.com/leanprm/leanprm/internal/cli/vocabulary"
	"github.com/leanprm/leanprm/internal/config"
	"github.com/leanprm/leanprm/internal/wire"
)

// env is what every subcommand gets: the streams and the loaded configuration. Nothing here is
// global, so tests run many commands side by side.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	cfg            *config.Config // nil until PersistentPreRunE loads it (`sim` never does)
	// grader grades every answer the command grades (grade.*; wire.Grader), built with cfg.
	grader *outcome.Grader
}

// Run executes one leanprm command line. It never calls os.Exit and never touches the process's
// own standard streams; errors that need a particular exit code are *ExitError.
func Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr}
	root := newRootCmd(e)
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	return root.ExecuteContext(ctx)
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
		Version:       leanprmVersion(),
		// A mistyped command gets "Did you mean this?" (cobra's suggestions).
		SuggestionsMinimumDistance: 2,
		PersistentPreRunE: func(cmd *cobra.Command, _ []string) error {
			cfg, err := config.Load(cmd.Flags(), config.LoadOptions{})
			if err != nil {
				return configError(err)
			}
			e.cfg = cfg
			e.grader, err = wire.Grader(cfg)
			return err
		},
	}
	root.SetVersionTemplate(versionLine())
	config.RegisterFlags(root.PersistentFlags())
	defer markUsageErrors(root)
	setUpHelp(root)
	root.AddCommand(
		newConfigCmd(e),
		newDataCmd(e),
		newDoctorCmd(e),
		newLeanCmd(e),
		newSimCmd(e),
		newCheckCmd(e),
		newEvalCmd(e),
		newGradeCmd(e),
		newCompareCmd(e),
		newSelectCmd(e),
		newSearchCmd(e),
		newTrainCmd(e),
		newLabelCmd(e),
		newVerifyProofCmd(e),
		newServeCmd(e),
		newTranslateCmd(e),
		newVersionCmd(e),
		newWorkerCmd(e),
	)
	return root
}

// markUsageErrors makes every command-line mistake cobra detects an exit-2 error, at the
// source rather than by matching messages: flag parse errors through the flag error function,
// wrong argument counts by wrapping each command's argument check, and an unknown subcommand
// of a command group (cobra would print the group's help and exit 0) by a group RunE.
func markUsageErrors(root *cobra.Command) {
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		if hint := vocabulary.Hint(c.CommandPath(), err); hint != "" {
			return usageError("%s (see %s --help)", hint, c.CommandPath())
		}
		return usageError("%s (see %s --help)", flagErrorText(err), c.CommandPath())
	})
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		switch {
		case c.HasSubCommands() && c.Run == nil && c.RunE == nil:
			c.Args = cobra.ArbitraryArgs
			c.RunE = func(c *cobra.Command, args []string) error {
				if len(args) > 0 {
					if sug := c.SuggestionsFor(args[0]); len(sug) > 0 {
						return usageError("unknown command %q for %q; did you mean %q? (see %s --help)", args[0], c.CommandPath(), sug[0], c.CommandPath())
					}
					return usageError("unknown command %q for %q (see %s --help)", args[0], c.CommandPath(), c.CommandPath())
				}
				return c.Help()
			}
		case c.Args != nil:
			c.Args = usageArgs(c.Args)
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
}

// valueWants says what a flag of each value type takes, for a value that does not parse.
var valueWants = map[string]string{
	"duration": "not a duration (" + config.DurationHint + ")",
	"int":      "not a whole number", "uint": "not a whole number that is not negative",
	"uint64":  "not a whole number that is not negative",
	"float64": "not a number",
	"bool":    "not true or false",
}

// flagErrorText is a flag parse error as a person reads it: the flag, the value and what it
// wants, without the Go parser's own words (strconv.ParseInt, time: invalid duration).
func flagErrorText(err error) string {
	var ive *pflag.InvalidValueError
	if errors.As(err, &ive) {
		if want, ok := valueWants[ive.GetFlag().Value.Type()]; ok {
			return fmt.Sprintf("--%s %q: %s", ive.GetFlag().Name, ive.GetValue(), want)
		}
	}
	return err.Error()
}

// configError maps a configuration error to its exit code: a bad flag value is a
// command-line mistake (exit 2, naming the flag); a bad value in the environment or the file,
// or a file that does not read, is a configuration error (exit 1).
func configError(err error) error {
	var ke *config.KeyError
	if errors.As(err, &ke) && ke.FromFlag() {
		return usageError("%s: %v", ke.From, err)
	}
	return err
}
