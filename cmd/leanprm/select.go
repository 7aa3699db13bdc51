package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/bench"
	"github.com/leanprm/leanprm/hybrid/report"
)

func newSelectCmd(e *env) *cobra.Command {
	var (
		sf     scoreFlags
		asJSON bool
	)
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
			var stopped error // an interrupt: report on the chains finished, then exit 130
			if err != nil {
				if sc == nil || len(sc.results) == 0 {
					return err
				}
				stopped = err
				defer sc.interrupted(e)
			}
			sel := bench.SelectBest(sc.results, agg)
			if asJSON {
				err = writeJSON(e, struct {
					Aggregate  hybrid.Aggregate       `json:"aggregate"`
					Selections []bench.Selection      `json:"selections"`
					Summary    bench.SelectionSummary `json:"summary"`
				}{agg, sel, bench.SummarizeSelection(sel, sc.results)})
			} else {
				err = report.WriteSelection(e.stdout, sel, sc.results, agg)
			}
			if err != nil {
				return err
			}
			if sc.scoreErr != nil {
				fmt.Fprintln(e.stderr, "leanprm:", userMessage(sc.scoreErr))
			}
			if stopped != nil {
				return stopped
			}
			return reportRowErrors(e, sc.rowErrs)
		},
	}
	sf.register(cmd)
	cmd.Flags().BoolVar(&asJSON, "json", false, "write the picks and their summary as JSON")
	return cmd
}
