package report

import (
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/leanprm/leanprm/hybrid/bench"
)

// WriteGraderAgreement writes the outcome grader against a data set's labels of final
// answers, per subset: rows, decided share, agreement where decided, and the contradicted
// rows. "no gold" counts rows whose gold field holds no answer (undecided there); the chains
// graded against a gold a fallback recovered have a row of their own.
func WriteGraderAgreement(w io.Writer, rows []bench.GraderAgreement, dis []bench.Disagreement) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "subset\trows\tequal\tdifferent\tunknown\tno answer\tno gold\tdecided\tagreement\tequal but labelled wrong\tdifferent but labelled right\t")
	for _, g := range rows {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\t%d\t%.1f%%\t%.1f%%\t%d\t%d\t\n", g.Subset, g.Rows, g.Equal, g.Different, g.Unknown,
			g.NoAnswer, g.NoGold, g.DecidedShare, g.Agreement, g.EqualWrong, g.DifferentRight)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	ew := &errWriter{w: w}
	for _, d := range dis {
		label := map[bool]string{true: "right", false: "wrong"}[d.Label]
		ew.printf("  %s: gold %s, answer %s: %s, labelled %s (%s)\n", d.ID, Preview(d.Gold, 30), Preview(d.Answer, 30), d.Verdict, label, Preview(d.Reason, 80))
	}
	return ew.err
}

// WriteWrongWork writes the right-answer-wrong-work report: per subset, among chains whose
// final answer is right, the ones with a labelled process error that are flagged (proven,
// and proven or predicted), and the clean ones flagged wrongly; cross-validated, with the
// dev figures (threshold chosen on every chain) beside.
func WriteWrongWork(w io.Writer, r bench.WrongWorkReport) error {
	ew := &errWriter{w: w}
	ew.printf("right answer, wrong work (policy %s): thresholds %.3f / %.3f by fold (cross-validated), %.3f on all chains (dev)\n",
		r.Policy, r.FoldThresholds[0], r.FoldThresholds[1], r.DevThreshold)
	tw := tabwriter.NewWriter(ew, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "subset\tright answers\twith an error\tflagged proven\tflagged (cv)\tat label (cv)\tclean\twrongly proven\twrongly flagged (cv)\tflagged (dev)\twrongly flagged (dev)\t")
	for i, s := range r.CV {
		d := r.Dev[i]
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d (%.1f%%)\t%d (%.1f%%)\t%d\t%d\t%d\t%d (%.1f%%)\t%.1f%%\t%.1f%%\t\n", s.Subset, s.RightAnswers, s.Erroneous,
			s.Proven, s.ProvenRecall, s.Flagged, s.Recall, s.AtLabel, s.Clean, s.WrongProven, s.WrongFlagged, s.FalseFlag, d.Recall, d.FalseFlag)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	return ew.err
}
