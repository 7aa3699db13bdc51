package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/leanprm/leanprm/hybrid/bench"
	"github.com/leanprm/leanprm/hybrid/report"
)

func newSelectCmd(e *env) *cobra.Command {
	var sf scoreFlags
	cmd := &cobra.Command{
		Use:   "select FILE|-",
		Short: "Best-of-N: pick the best chain per problem by the chosen aggregate",
		Long: `Score every chain in FILE, group the chains by problem, and pick in each group the chain
with the highest aggregate score (--aggregate min, product, mean or last). Where the input
has labels, reports how often the pick is a chain without an error.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			format, policy, agg, err := sf.parse()
			if err != nil {
				return err
			}
			sc, err := scoreFile(cmd.Context(), e, args[0], format, policy, sf.threshold)
			if err != nil {
				return err
			}
			if err := report.WriteSelection(e.stdout, bench.SelectBest(sc.results, agg), sc.results, agg); err != nil {
				return err
			}
			if sc.scoreErr != nil {
				fmt.Fprintln(e.stderr, "leanprm:", userMessage(sc.scoreErr))
			}
			return reportRowErrors(e, sc.rowErrs)
		},
	}
	sf.register(cmd)
	return cmd
}
