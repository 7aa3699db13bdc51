package main

import (
	"fmt"
	"io"
	"time"

	"github.com/spf13/cobra"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/bench"
	"github.com/leanprm/leanprm/hybrid/report"
	"github.com/leanprm/leanprm/internal/cli/output"
)

func newCompareCmd(e *env) *cobra.Command {
	var (
		sf       scoreFlags
		htmlPath string
		asJSON   bool
	)
	cmd := &cobra.Command{
		Use:   "compare FILE|-",
		Short: "Compare formal verdicts with learned scores",
		Long: `On every step with a formal verdict, compare it with the learned PRM's score: the confusion
table at the threshold, the learned-score distributions of refuted and verified steps, the
blind spots (refuted steps the PRM scored high, with their text) and calibration.
Where chains have a right final answer (graded against a gold answer, or ProcessBench's
final_answer_correct) and a labelled process, the right-answer-wrong-work table follows (as
eval outcome reports it, cross-validated). --html FILE writes the same as one self-contained
page with SVG charts.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			format, _, _, err := sf.parse()
			if err != nil {
				return err
			}
			var html *output.File
			if htmlPath != "" { // before the work: a path that cannot be written fails now
				if html, err = output.Create("--html", htmlPath); err != nil {
					return err
				}
				defer html.Abort()
			}
			sc, err := scoreFile(cmd.Context(), e, args[0], format, hybrid.PolicyHybrid, sf.threshold)
			var stopped error // an interrupt: report on the chains finished, then exit 130
			if err != nil {
				if sc == nil || len(sc.results) == 0 {
					return err
				}
				stopped = err
				defer sc.interrupted(e)
			}
			cmp := bench.Compare(sc.results, bench.CompareOptions{Threshold: sc.threshold})
			// Chains whose final answer is known to be right (a gold answer, or ProcessBench's
			// final_answer_correct) and whose process is labelled get the right-answer-wrong-work
			// report: a table after the comparison, or a key of the one JSON document.
			var wrongWork *bench.WrongWorkReport
			if ww := bench.RightAnswerWrongWork(e.grader, sc.results, 0); ww.CV[len(ww.CV)-1].RightAnswers > 0 {
				wrongWork = &ww
			}
			if asJSON {
				err = writeJSON(e, compareJSON(cmp, wrongWork))
			} else {
				err = report.WriteComparison(e.stdout, cmp)
				if err == nil && wrongWork != nil {
					fmt.Fprintln(e.stdout)
					err = report.WriteWrongWork(e.stdout, *wrongWork)
				}
			}
			if err != nil {
				return err
			}
			if html != nil {
				meta := report.Meta{Inputs: args, Policy: hybrid.PolicyHybrid.Name(), Generated: time.Now().UTC().Format(time.RFC3339), WrongWork: wrongWork}
				if err := html.Commit(func(w io.Writer) error { return report.WriteHTML(w, cmp, meta) }); err != nil {
					return err
				}
				fmt.Fprintf(e.stderr, "leanprm: wrote %s\n", htmlPath)
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
	cmd.Flags().StringVar(&htmlPath, "html", "", "also write a self-contained HTML report with SVG charts")
	cmd.Flags().BoolVar(&asJSON, "json", false, "write the comparison as JSON (agreement and auc null when not measured)")
	return cmd
}

// compareJSON is compare --json: the comparison, with the agreement (a fraction) and the AUC null
// where nothing was measured rather than a 0 that reads as a result, and the
// right-answer-wrong-work report (absent when no chain has a right answer and a labelled process).
func compareJSON(c bench.Comparison, ww *bench.WrongWorkReport) any {
	k := c.Confusion
	var agreement, auc *float64
	if k.VerifiedPass+k.VerifiedFail+k.RefutedPass+k.RefutedFail > 0 {
		a := k.Agreement()
		agreement = &a
	}
	if k.VerifiedPass+k.VerifiedFail > 0 && k.RefutedPass+k.RefutedFail > 0 {
		auc = &c.AUC
	}
	return struct {
		bench.Comparison
		Agreement *float64               `json:"agreement"`
		AUC       *float64               `json:"auc"`
		WrongWork *bench.WrongWorkReport `json:"right_answer_wrong_work,omitempty"`
	}{c, agreement, auc, ww}
}
