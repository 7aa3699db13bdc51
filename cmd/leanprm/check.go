package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/report"
	"github.com/leanprm/leanprm/internal/cli/output"
)

func newCheckCmd(e *env) *cobra.Command {
	var (
		sf          scoreFlags
		asJSON      bool
		asJSONL     bool
		failOn      string
		obligations bool
		gold        goldFlag
	)
	cmd := &cobra.Command{
		Use:   "check FILE|-",
		Short: "Score every step of every chain in FILE",
		Long: `Score every step: claims that can be formalized are checked (Lean through the REPL, or the
exact checker), the rest by the learned PRM, merged by the policy. Prints a table per chain:
step preview, formal verdict and checker, learned score, merged score and where it came
from, and the predicted first error. --json writes one JSON array, --jsonl one chain per
line; every mode writes each chain as soon as it is scored. A progress bar goes to stderr when it is a terminal.

--fail-on refuted exits with status 3 when any step was refuted; --fail-on error when any
chain has a predicted first error (a step scored below the threshold) or a warning (a
checker failed, even after one retry on a fresh REPL process, and the other checker's
verdicts stand alone). When the REPL is the only checker and answered none of its
requests (all timed out or crashed), --fail-on refuted exits with status 1: the formal check
did not happen (--fail-on error exits 3, as for any failed checker).

A chain with a gold answer (GSM8K's "####", PRMBench's ground_truth, MR-GSM8K's
ground_truth_answer, a gold or ground_truth field in ProcessBench-style rows, or --gold-file)
also gets an outcome: its final answer extracted and graded against the gold (equal and
different only when proven, else unknown, with the reason), and right_answer_wrong_work when
the answer is equal but a step is refuted (proven) or scores below the threshold (predicted).
Chains without a gold answer have no outcome.`,
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
			if err := gold.load(); err != nil {
				return err
			}
			defer gold.unused(e)
			// Every mode writes each chain as soon as it (and those before it) is scored, so an
			// interrupted run keeps what it finished: --jsonl a line, --json an element of an
			// array closed on the way out, the table its chain (the legend comes last).
			var (
				thr   float64 // the scoring threshold, the same for every chain
				marks report.CheckMarks
				arr   = &output.JSONArray{W: e.stdout}
				enc   = json.NewEncoder(e.stdout)
				wrote int
			)
			copts := report.CheckOptions{Aggregate: agg, Obligations: obligations, Grader: e.grader}
			streamed := output.NewOrdered[hybrid.Scored](func(r hybrid.Scored) error {
				defer func() { wrote++ }()
				gold.apply(&r)
				switch {
				case asJSON:
					return arr.Add(report.NewCheckJSON(e.grader, r, thr, agg))
				case asJSONL:
					return enc.Encode(report.NewCheckJSON(e.grader, r, thr, agg))
				}
				if wrote > 0 {
					if _, err := io.WriteString(e.stdout, "\n"); err != nil {
						return err
					}
				}
				copts.Threshold = thr
				return report.WriteCheckChain(e.stdout, r, copts, &marks)
			})
			finish := func() error {
				err := streamed.Rest()
				switch {
				case asJSON:
					err = errors.Join(err, arr.Close())
				case !asJSONL:
					err = errors.Join(err, report.WriteCheckLegend(e.stdout, marks))
				}
				return err
			}
			done := func(i int, r hybrid.Scored, threshold float64) {
				thr = threshold
				streamed.Add(i, r)
			}
			sc, err := scoreFileDone(cmd.Context(), e, args[0], format, policy, sf.threshold, done)
			if err != nil {
				if streamed.Started() {
					if werr := finish(); werr != nil {
						return werr
					}
				}
				return err
			}
			results, scoreErr, threshold := sc.results, sc.scoreErr, sc.threshold
			if err := finish(); err != nil {
				return err
			}
			if scoreErr != nil {
				fmt.Fprintln(e.stderr, "leanprm:", userMessage(scoreErr))
			}
			if err := reportRowErrors(e, append(sc.rowErrs, gold.rowErrs...)); err != nil {
				return err
			}
			if scoreErr != nil {
				return &ExitError{Code: exitError, Err: fmt.Errorf("some chains could not be scored")}
			}
			if sc.formalErr != nil {
				fmt.Fprintln(e.stderr, "leanprm:", userMessage(sc.formalErr))
			}
			// Findings first: a failed checker is itself one for --fail-on error (its chains carry
			// warnings). A gate that found nothing must still not pass when the check never ran.
			findings := failOnFindings(results, failOn, threshold)
			if findings == nil && sc.formalErr != nil && failOn != "" {
				return &ExitError{Code: exitError, Err: fmt.Errorf("--fail-on %s: the formal check did not run", failOn)}
			}
			return findings
		},
	}
	sf.register(cmd)
	cmd.Flags().BoolVar(&asJSON, "json", false, "write a JSON array, each chain written as soon as it is scored")
	cmd.Flags().BoolVar(&asJSONL, "jsonl", false, "write one JSON object per chain")
	cmd.Flags().StringVar(&failOn, "fail-on", "", "exit 3 when a step is refuted (refuted), or a first error is predicted or a checker failed (error)")
	cmd.Flags().BoolVar(&obligations, "obligations", false, "list each step's formal obligations under the table")
	gold.register(cmd)
	return cmd
}
