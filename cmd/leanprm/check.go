package main

import (
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/report"
)

// scoreFlags are the flags every scoring command shares.
type scoreFlags struct {
	format    string
	policy    string
	threshold float64
	aggregate string
}

func (f *scoreFlags) register(cmd *cobra.Command) {
	cmd.Flags().StringVar(&f.format, "format", "auto", "input format: auto, processbench, prmbench, mr-gsm8k, trl, gsm8k, text")
	cmd.Flags().StringVar(&f.policy, "policy", "hybrid", "merge policy: hybrid, learned, formal (hybrid,boost=X raises all-verified steps)")
	cmd.Flags().Float64Var(&f.threshold, "threshold", 0, "score below which a step counts as an error (0 = the model's calibrated threshold)")
	cmd.Flags().StringVar(&f.aggregate, "aggregate", "min", "chain score: min, product, mean, last")
}

func (f *scoreFlags) parse() (hybrid.Format, hybrid.Policy, hybrid.Aggregate, error) {
	format, err := hybrid.ParseFormat(f.format)
	if err != nil {
		return "", hybrid.Policy{}, "", usageError("%v", err)
	}
	policy, err := hybrid.ParsePolicy(f.policy)
	if err != nil {
		return "", hybrid.Policy{}, "", usageError("%v", err)
	}
	agg, err := hybrid.ParseAggregate(f.aggregate)
	if err != nil {
		return "", hybrid.Policy{}, "", usageError("%v", err)
	}
	if f.threshold < 0 || f.threshold > 1 {
		return "", hybrid.Policy{}, "", usageError("--threshold %v: want a number in [0, 1]", f.threshold)
	}
	return format, policy, agg, nil
}

func newCheckCmd(e *env) *cobra.Command {
	var (
		sf          scoreFlags
		asJSON      bool
		asJSONL     bool
		failOn      string
		obligations bool
	)
	cmd := &cobra.Command{
		Use:   "check FILE|-",
		Short: "Score every step of every chain in FILE",
		Long: `Score every step: claims that can be formalized are checked (Lean through the REPL, or the
exact checker), the rest by the learned PRM, merged by the policy. Prints a table per chain:
step preview, formal verdict and checker, learned score, merged score and where it came
from, and the predicted first error. --json writes one JSON document, --jsonl one chain per
line. A progress bar goes to stderr when it is a terminal.

--fail-on refuted exits with status 3 when any step was refuted; --fail-on error when any
chain has a predicted first error (a step scored below the threshold). With --fail-on, a run
in which the REPL answered none of its requests (all timed out or crashed) exits with
status 1: the formal check did not happen.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			format, policy, agg, err := sf.parse()
			if err != nil {
				return err
			}
			switch failOn {
			case "", "refuted", "error":
			default:
				return usageError("--fail-on %q: want refuted or error", failOn)
			}
			if asJSON && asJSONL {
				return usageError("--json and --jsonl are exclusive")
			}
			// --jsonl writes each chain as soon as it (and those before it) is scored, so an
			// interrupted run keeps what it finished.
			var streamed *orderedResults
			var done func(int, hybrid.ChainResult)
			if asJSONL {
				enc := json.NewEncoder(e.stdout)
				streamed = newOrderedResults(func(r hybrid.ChainResult) error { return enc.Encode(r) })
				done = streamed.add
			}
			sc, err := scoreFileDone(cmd.Context(), e, args[0], format, policy, sf.threshold, done)
			if err != nil {
				if streamed != nil {
					if werr := streamed.rest(); werr != nil {
						return werr
					}
				}
				return err
			}
			results, scoreErr, threshold := sc.results, sc.scoreErr, sc.threshold
			switch {
			case asJSON:
				enc := json.NewEncoder(e.stdout)
				enc.SetIndent("", "  ")
				if results == nil {
					results = []hybrid.ChainResult{}
				}
				err = enc.Encode(results)
			case asJSONL:
				err = streamed.rest() // every chain was written as it finished
			default:
				err = report.WriteCheck(e.stdout, results, report.CheckOptions{Threshold: threshold, Aggregate: agg, Obligations: obligations})
			}
			if err != nil {
				return err
			}
			if scoreErr != nil {
				fmt.Fprintln(e.stderr, "leanprm:", scoreErr)
			}
			if err := reportRowErrors(e, sc.rowErrs); err != nil {
				return err
			}
			if scoreErr != nil {
				return &ExitError{Code: exitError, Err: fmt.Errorf("some chains could not be scored")}
			}
			if sc.formalErr != nil {
				fmt.Fprintln(e.stderr, "leanprm:", sc.formalErr)
				if failOn != "" { // a gate on findings must not pass when the check never ran
					return &ExitError{Code: exitError, Err: fmt.Errorf("--fail-on %s: the formal check did not run", failOn)}
				}
			}
			return failOnFindings(results, failOn, threshold)
		},
	}
	sf.register(cmd)
	cmd.Flags().BoolVar(&asJSON, "json", false, "write all results as one JSON document")
	cmd.Flags().BoolVar(&asJSONL, "jsonl", false, "write one JSON object per chain")
	cmd.Flags().StringVar(&failOn, "fail-on", "", "exit 3 when a step is refuted (refuted) or a first error is predicted (error)")
	cmd.Flags().BoolVar(&obligations, "obligations", false, "list each step's formal obligations under the table")
	return cmd
}

func failOnFindings(results []hybrid.ChainResult, failOn string, threshold float64) error {
	n := 0
	for i := range results {
		switch failOn {
		case "refuted":
			if results[i].Has(hybrid.Refuted) {
				n++
			}
		case "error":
			if results[i].Predict(threshold) != hybrid.NoError {
				n++
			}
		}
	}
	if n > 0 {
		return &ExitError{Code: exitFindings, Err: fmt.Errorf("%d chain(s) with a %s step", n, failOn)}
	}
	return nil
}
