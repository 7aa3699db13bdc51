package main

import (
	"github.com/spf13/cobra"

	"github.com/leanprm/leanprm/hybrid"
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
			chains, rowErrs, err := readChains(e, args[0], format)
			if err != nil {
				return err
			}
			ctx := cmd.Context()
			s, err := newScoring(ctx, e, policy)
			if err != nil {
				return err
			}
			defer s.Close()
			s.scorer.Progress = progressBar(e, "scoring")
			results, scoreErr := s.scorer.ScoreChains(ctx, chains)
			if ctx.Err() != nil {
				return ctx.Err()
			}
			if err := report.WriteSelection(e.stdout, hybrid.SelectBest(results, agg), results, agg); err != nil {
				return err
			}
			if scoreErr != nil {
				e.stderr.Write([]byte("leanprm: " + scoreErr.Error() + "\n"))
			}
			return reportRowErrors(e, rowErrs)
		},
	}
	sf.register(cmd)
	return cmd
}
