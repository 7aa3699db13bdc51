package main

import (
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/bench"
	"github.com/leanprm/leanprm/hybrid/report"
)

func newSelectCmd(e *env) *cobra.Command {
	var (
		sf     scoreFlags
		weight string
		asJSON bool
		gold   goldFlag
	)
	cmd := &cobra.Command{
		Use:   "select FILE|-",
		Short: "Best-of-N: pick the best chain per problem by the chosen aggregate",
		Long: `Score every chain in FILE, group the chains by problem, and pick in each group the chain
with the highest aggregate score (--aggregate min, product, mean or last), or the final answer
with the most votes (--aggregate majority) or the largest sum of chain scores (--aggregate
weighted). Votes go to answer classes: answers proven equal to each other (3/4, 0.75 and
\frac{3}{4} are one class; an answer not proven equal to any other is a class of its own;
a chain with no final answer does not vote). The chain scores that majority breaks ties with
and weighted sums are --weight (min, product, mean or last). The chosen chain of a class is
its best-scored one.

Where the input has step labels, reports how often the pick is a chain without an error.
Where chains have gold answers (as for check, or --gold-file) or the data set judges their
final answers (ProcessBench's final_answer_correct), reports every selector's accuracy on
final answers, with the outcome-only oracle (a problem counts when any candidate's answer is
right) and a random pick. --json writes it all as one document.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			selector, err := bench.ParseSelector(sf.aggregate)
			if err != nil {
				return usageError("--aggregate: %v", err)
			}
			w, err := hybrid.ParseAggregate(weight)
			if err != nil {
				return usageError("--weight: %v", err)
			}
			if selector == bench.SelectMajority || selector == bench.SelectWeighted {
				sf.aggregate = string(w)
			}
			format, policy, _, err := sf.parse()
			if err != nil {
				return err
			}
			if err := gold.load(); err != nil {
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
			gold.applyAll(sc.results)
			gold.unused(e)
			if selector != bench.SelectMajority && selector != bench.SelectWeighted {
				w = hybrid.Aggregate(selector)
			}
			b := report.NewBestOfN(e.grader, sc.results, selector, w)
			if asJSON {
				enc := json.NewEncoder(e.stdout)
				enc.SetIndent("", "  ")
				err = enc.Encode(b)
			} else {
				err = report.WriteBestOfN(e.stdout, b)
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
			return reportRowErrors(e, append(sc.rowErrs, gold.rowErrs...))
		},
	}
	sf.register(cmd)
	cmd.Flags().Lookup("aggregate").Usage = "how to pick: min, product, mean, last (best chain score), majority, weighted (best answer class)"
	cmd.Flags().StringVar(&weight, "weight", "min", "chain score that majority and weighted use: min, product, mean, last")
	cmd.Flags().BoolVar(&asJSON, "json", false, "write the picks and accuracies as one JSON document")
	gold.register(cmd)
	return cmd
}
