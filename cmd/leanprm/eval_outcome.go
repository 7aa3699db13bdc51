package main

import (
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/bench"
	"github.com/leanprm/leanprm/hybrid/chain"
	"github.com/leanprm/leanprm/hybrid/report"
	"github.com/leanprm/leanprm/internal/cli/output"
	"github.com/leanprm/leanprm/internal/wire"
)

// evalOutcome is `eval outcome --json`.
type evalOutcome struct {
	Grader        []bench.GraderAgreement `json:"grader"`
	Disagreements []bench.Disagreement    `json:"disagreements"`
	WrongWork     *bench.WrongWorkReport  `json:"right_answer_wrong_work"`
}

func newEvalOutcomeCmd(e *env) *cobra.Command {
	var (
		threshold float64
		asJSON    bool
	)
	cmd := &cobra.Command{
		Use:   "outcome [FILES…]",
		Short: "Evaluate the outcome grader and the right-answer-wrong-work flag",
		Long: `Two measurements on labelled data (default: data.dir's mr-gsm8k/labeled.jsonl and
processbench/*.dev.jsonl):

The grader: on chains with a gold answer and a label of whether their final answer is right
(MR-GSM8K's ground_truth_answer and model_output_answer_correctness), the extracted answer is
graded against the gold and the verdict compared with the label: how often the grader
decides (equal or different), and how often it agrees with the label where it decides. Chains
where no answer was found are counted apart.

Right answer, wrong work: among the chains whose final answer is right (graded equal to the
gold, or, without one, the data set's final_answer_correct, as in ProcessBench) and whose
process is labelled, how many with a labelled error are flagged (proven: a step refuted;
predicted: a step scoring below the threshold) and how many without one are flagged wrongly,
per subset. Only these chains are scored (hybrid policy). The threshold is chosen to maximise
the harmonic mean of the flagged share of erroneous chains and the unflagged share of clean
ones; the figures to quote are cross-validated: chains are split into two folds by FNV-1a of
their id, and each is judged at the threshold chosen on the other fold (--threshold fixes
one instead).`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if !(threshold >= 0 && threshold <= 1) { // NaN too
				return usageError("--threshold %v: want a number in [0, 1]", threshold)
			}
			ctx := cmd.Context()
			if len(args) == 0 {
				mr, err := dataFiles(e, "mr-gsm8k", "mr-gsm8k/labeled.jsonl")
				if err != nil {
					return err
				}
				pb, err := dataFiles(e, "processbench", "processbench/*.dev.jsonl")
				if err != nil {
					return err
				}
				args = append(mr, pb...)
			}
			var chains []chain.Chain
			var rowErrs []chain.RowError
			for _, f := range args {
				c, re, err := readInput(ctx, e, f, chain.FormatAuto)
				if err != nil {
					return err
				}
				chains = append(chains, c...)
				rowErrs = append(rowErrs, re...)
			}
			var out evalOutcome
			out.Grader, out.Disagreements = bench.GradeAgainstLabels(e.grader, chains)

			// Only chains with a right answer and a labelled process take part in the flag's report.
			var scored []chain.Chain
			for i := range chains {
				if right, ok := bench.ChainRightAnswer(e.grader, &chains[i]); ok && right && chains[i].FirstError != chain.NoLabel {
					scored = append(scored, chains[i])
				}
			}
			if len(scored) > 0 {
				s, err := wire.NewScoring(ctx, e.cfg, hybrid.PolicyHybrid, e.stderr)
				if err != nil {
					return err
				}
				defer s.Close()
				s.Scorer.Progress = output.Progress(e.stderr, "scoring")
				results, scoreErr := s.Scorer.ScoreChains(ctx, scored)
				if ctx.Err() != nil {
					return ctx.Err()
				}
				if scoreErr != nil {
					fmt.Fprintln(e.stderr, "leanprm:", scoreErr)
				}
				ww := bench.RightAnswerWrongWork(e.grader, results, threshold)
				out.WrongWork = &ww
			}
			if asJSON {
				enc := json.NewEncoder(e.stdout)
				enc.SetIndent("", "  ")
				if err := enc.Encode(out); err != nil {
					return err
				}
				return reportRowErrors(e, rowErrs)
			}
			if len(out.Grader) > 0 {
				fmt.Fprintln(e.stdout, "outcome grader against labelled final answers:")
				if err := report.WriteGraderAgreement(e.stdout, out.Grader, out.Disagreements); err != nil {
					return err
				}
			}
			if out.WrongWork != nil {
				if len(out.Grader) > 0 {
					fmt.Fprintln(e.stdout)
				}
				if err := report.WriteWrongWork(e.stdout, *out.WrongWork); err != nil {
					return err
				}
			}
			if len(out.Grader) == 0 && out.WrongWork == nil {
				fmt.Fprintln(e.stdout, "no chain has both a gold answer and a label of its answer, nor a right answer and a labelled process")
			}
			return reportRowErrors(e, rowErrs)
		},
	}
	cmd.Flags().Float64Var(&threshold, "threshold", 0, "use this threshold for the predicted flag instead of choosing one")
	cmd.Flags().BoolVar(&asJSON, "json", false, "write the figures as one JSON document")
	return cmd
}
