package report

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"unicode"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/bench"
	"github.com/leanprm/leanprm/hybrid/chain"
	"github.com/leanprm/leanprm/hybrid/outcome"
	"github.com/leanprm/leanprm/hybrid/reward"
)

// CheckOptions configures WriteCheck. The zero value is usable.
type CheckOptions struct {
	// Width is the step preview's length in characters; 0 means 60.
	Width int
	// Threshold marks the predicted first error; 0 leaves it out.
	Threshold float64
	// Aggregate names the chain score shown under each table; "" means min.
	Aggregate hybrid.Aggregate
	// Obligations lists each step's formal obligations under the table.
	Obligations bool
	// Grader grades the chain's answer against its gold (nil: outcome's defaults).
	Grader *outcome.Grader
}

// Preview shortens s to at most width characters on one line (width <= 0: no limit), with runs
// of white space as one space. It reads s only as far as the preview needs, so a step of
// megabytes costs no more than a short one.
func Preview(s string, width int) string {
	var b strings.Builder
	n, cut := 0, 0 // runes written; bytes of the first width-1 of them
	add := func(r rune) bool {
		if width > 0 && n == width {
			return false
		}
		if n == width-1 {
			cut = b.Len()
		}
		b.WriteRune(r)
		n++
		return true
	}
	space := false
	for _, r := range s {
		if unicode.IsSpace(r) {
			space = n > 0
			continue
		}
		if space && !add(' ') || !add(r) {
			return b.String()[:cut] + "…"
		}
		space = false
	}
	return b.String()
}

func fmtScore(p *float64) string {
	if p == nil {
		return "-"
	}
	return fmt.Sprintf("%.3f", *p)
}

func verdictCell(s hybrid.ScoredStep) string {
	if s.Verdict == hybrid.NoVerdict {
		for _, ob := range s.Obligations {
			if s.Formal && len(ob.Messages) > 0 {
				return ob.Messages[0] // a Lean step says why it has none: "not checked: no Lean"
			}
		}
		return "-"
	}
	v := string(s.Verdict)
	if s.Verdict == hybrid.Verified && !s.Formal && !s.FullyFormal {
		// The claims are proved, not the step: it says more than them.
		v = "claims verified"
	}
	if s.Checker != "" {
		return v + " (" + s.Checker + ")"
	}
	return v
}

// WriteCheck writes one table per chain (WriteCheckChain) and the legend
// (WriteCheckLegend).
func WriteCheck(w io.Writer, results []hybrid.Scored, o CheckOptions) error {
	var seen CheckMarks
	for ci := range results {
		if ci > 0 {
			if _, err := io.WriteString(w, "\n"); err != nil {
				return err
			}
		}
		if err := WriteCheckChain(w, results[ci], o, &seen); err != nil {
			return err
		}
	}
	return WriteCheckLegend(w, seen)
}

// CheckMarks records which marks, verdicts and sources the tables written so
// far showed, so that the legend explains each of them and nothing else.
type CheckMarks struct {
	Refuted, Doubted, FirstError bool
	Aggregate                    hybrid.Aggregate // the chain score shown under each table
	Threshold                    float64
	Verdicts                     map[string]bool
	Sources                      map[hybrid.Source]bool
	Checkers                     map[string]bool
}

func (m *CheckMarks) note(s hybrid.ScoredStep) {
	if m.Verdicts == nil {
		m.Verdicts, m.Sources, m.Checkers = map[string]bool{}, map[hybrid.Source]bool{}, map[string]bool{}
	}
	v := string(s.Verdict)
	switch {
	case s.Verdict == hybrid.NoVerdict:
		v = "-"
	case s.Verdict == hybrid.Verified && !s.Formal && !s.FullyFormal:
		v = "claims verified"
	}
	m.Verdicts[v] = true
	m.Sources[s.Source] = true
	if s.Checker != "" {
		m.Checkers[s.Checker] = true
	}
}

// Marks beside a step. A refuted step is a proven error wherever it stands; the
// predicted first error is the first step scored below the threshold, and when
// its claims were all verified the mark says the arithmetic is not what is doubted.
const (
	markRefuted = "✗ proven error"
	markFirst   = "← first error (learned)"
	markDoubted = "← first error: arithmetic verified; the reasoning is doubted by the learned model"
)

// WriteCheckChain writes the table of one chain: step preview, formal verdict
// and checker, learned score, merged score and where it came from, and a mark
// (see WriteCheckLegend). seen, when not nil, records what the legend must
// explain.
func WriteCheckChain(w io.Writer, r hybrid.Scored, o CheckOptions, seen *CheckMarks) error {
	width := o.Width
	if width <= 0 {
		width = 60
	}
	agg := o.Aggregate
	if agg == "" {
		agg = hybrid.AggMin
	}
	if seen == nil {
		seen = &CheckMarks{}
	}
	seen.Aggregate, seen.Threshold = agg, o.Threshold
	ew := &errWriter{w: w}
	ew.printf("%s", r.ID)
	if r.Source != "" && r.Source != r.ID {
		ew.printf("  (%s)", r.Source)
	}
	ew.printf("\n")
	if r.Problem != "" {
		ew.printf("problem: %s\n", Preview(r.Problem, 2*width))
	}
	if r.Err != "" {
		ew.printf("error: %s\n", r.Err)
		return ew.err
	}
	first := chain.NoError
	if o.Threshold > 0 {
		first = r.Predict(o.Threshold)
	}
	tw := tabwriter.NewWriter(ew, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "#\tstep\tformal\tlearned\tmerged\tsource\t")
	for _, s := range r.Steps {
		seen.note(s)
		mark := ""
		switch {
		case s.Verdict == hybrid.Refuted:
			mark, seen.Refuted = markRefuted, true
		case s.Index == first && s.Verdict == hybrid.Verified:
			mark, seen.Doubted = markDoubted, true
		case s.Index == first:
			mark, seen.FirstError = markFirst, true
		}
		text := s.Text
		if s.Formal {
			text = "[lean] " + text
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%.3f\t%s\t%s\n", s.Index+1, Preview(text, width),
			verdictCell(s), fmtScore(s.Learned), s.Score, s.Source, mark)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	ew.printf("%s %.3f  policy %s", agg, r.Aggregate(agg), r.Policy)
	if o.Threshold > 0 {
		if first == chain.NoError {
			ew.printf("  no step below %.3f", o.Threshold)
		} else {
			ew.printf("  first error: step %d (threshold %.3f)", first+1, o.Threshold)
		}
	}
	ew.printf("\n")
	writeOutcome(ew, &r, reward.Of(o.Grader, &r, o.Threshold), o.Threshold, width)
	for _, wmsg := range r.Warnings {
		ew.printf("warning: %s\n", wmsg)
	}
	if o.Obligations {
		for _, s := range r.Steps {
			for _, ob := range s.Obligations {
				ew.printf("  step %d: %s [%s]\n", s.Index+1, ob.Text, ob.Verdict)
				for _, l := range strings.Split(ob.Lean, "\n") {
					if l == "" {
						continue
					}
					ew.printf("    %s\n", l)
				}
				for _, m := range ob.Messages {
					ew.printf("    > %s\n", Preview(m, 3*width))
				}
			}
		}
	}
	return ew.err
}

// verdictLegend, sourceLegend and checkerLegend explain each value the
// tables can show.
var (
	verdictLegend = []struct{ v, what string }{
		{"verified", "the step is nothing but its claims (or a Lean step), and every one was proved exactly as written: the step is proved"},
		{"claims verified", "every claim found in the step was proved, but the step says more than its claims: that part is left to the learned model"},
		{"approximate", "a claim holds only as a rounding of the decimals shown: no proof, no error"},
		{"refuted", "the negation of a claim was proved: the step is wrong"},
		{"unknown", "a claim was formalized but not decided (or the checkers disagreed)"},
		{"-", "nothing in the step was formalized"},
	}
	sourceLegend = []struct {
		s    hybrid.Source
		what string
	}{
		{hybrid.FromFormal, "the formal verdict decided: 1 for a step that is nothing but its verified claims (or a Lean step), 0 for a refuted one"},
		{hybrid.FromLearned, "the learned model's score (a verified step that says more than its claims keeps it: its reasoning is not proved)"},
		{hybrid.FromBoost, "the learned score raised because every claim verified (--policy hybrid,boost=X)"},
		{hybrid.FromDefault, "formal-only policy, no verdict: 1 (no evidence of an error)"},
	}
	checkerLegend = []struct{ c, what string }{
		{"lean", "Lean 4 through the REPL"},
		{"exact", "leanprm's built-in exact rational arithmetic"},
		{"sim", "the repository's REPL simulator (tests and demos), not Lean"},
	}
)

// WriteCheckLegend explains the marks, verdicts, checkers and sources that
// seen recorded.
func WriteCheckLegend(w io.Writer, seen CheckMarks) error {
	if len(seen.Verdicts) == 0 {
		return nil
	}
	ew := &errWriter{w: w}
	ew.printf("\nlegend:\n")
	tw := tabwriter.NewWriter(ew, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "  learned\tthe learned PRM's score of the step (0 to 1)\n")
	fmt.Fprintf(tw, "  merged\tthe step's score: the formal verdict's where it decides (source formal), else the learned one\n")
	for _, l := range verdictLegend {
		if seen.Verdicts[l.v] {
			fmt.Fprintf(tw, "  formal %s\t%s\n", l.v, l.what)
		}
	}
	for _, l := range checkerLegend {
		if seen.Checkers[l.c] {
			fmt.Fprintf(tw, "  (%s)\t%s\n", l.c, l.what)
		}
	}
	for _, l := range sourceLegend {
		if seen.Sources[l.s] {
			fmt.Fprintf(tw, "  source %s\t%s\n", l.s, l.what)
		}
	}
	if seen.Refuted {
		fmt.Fprintf(tw, "  %s\t%s\n", markRefuted, "a claim of the step was refuted, wherever the step stands in the chain")
	}
	if seen.Aggregate != "" {
		fmt.Fprintf(tw, "  %s X\t%s\n", seen.Aggregate, "the chain's score: the "+string(seen.Aggregate)+" of its merged scores (--aggregate)")
	}
	if seen.Threshold > 0 {
		fmt.Fprintf(tw, "  first error: step N\tthe first step whose merged score is below the threshold (--threshold; the model's calibrated one by default)\n")
	}
	if seen.FirstError {
		fmt.Fprintf(tw, "  %s\t%s\n", markFirst, "the first step whose merged score is below the threshold: the learned model's prediction, not a proof")
	}
	if seen.Doubted {
		fmt.Fprintf(tw, "  %s\t%s\n", "← first error: arithmetic verified…", "the first step below the threshold; its claims were proved, what the learned model doubts is the reasoning around them")
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	return ew.err
}

// WriteProcessBench writes error accuracy, correct accuracy and F1 per
// subset and their average, one column group per policy.
func WriteProcessBench(w io.Writer, reps []bench.ProcessBenchReport) error {
	if len(reps) == 0 {
		return nil
	}
	tw := writePolicyTable(w, policyTable[bench.PBScore]{
		count: "chains", cols: [3]string{"err", "ok", "F1"},
		n:    len(reps),
		head: func(i int) (string, float64) { return reps[i].Policy, reps[i].Threshold },
		rows: func(i int) ([]bench.PBScore, bench.PBScore) { return reps[i].Subsets, reps[i].Average },
		row: func(s bench.PBScore) (string, int, [3]float64) {
			return s.Subset, s.Chains, [3]float64{s.ErrorAcc, s.CorrectAcc, s.F1}
		},
	})
	return tw.Flush()
}

// WriteProcessBenchCV writes, per policy and subset, the F1 with the
// threshold chosen on all calibration chains (dev), the cross-validated F1
// (each fold predicted at the threshold chosen on the other, pooled) and
// each fold's F1. The threshold row gives the threshold each column used.
func WriteProcessBenchCV(w io.Writer, reps []bench.CVReport) error {
	if len(reps) == 0 {
		return nil
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "subset\tchains\t")
	for _, r := range reps {
		fmt.Fprintf(tw, "%s dev F1\tCV F1\tfold 0\tfold 1\t", r.Policy)
	}
	fmt.Fprintln(tw)
	fmt.Fprint(tw, "threshold\t\t")
	for _, r := range reps {
		// Fold k is predicted at the threshold chosen on fold 1-k.
		fmt.Fprintf(tw, "%.3f\t\t%.3f\t%.3f\t", r.DevThreshold, r.FoldThresholds[1], r.FoldThresholds[0])
	}
	fmt.Fprintln(tw)
	for k := range len(reps[0].Subsets) + 1 {
		row := func(r bench.CVReport) bench.CVScore {
			if k < len(r.Subsets) {
				return r.Subsets[k]
			}
			return r.Average
		}
		first := row(reps[0])
		fmt.Fprintf(tw, "%s\t%d\t", first.Subset, first.Dev.Chains)
		for _, r := range reps {
			s := row(r)
			fmt.Fprintf(tw, "%.1f\t%.1f\t%.1f\t%.1f\t", s.Dev.F1, s.CV.F1, s.Folds[0].F1, s.Folds[1].F1)
		}
		fmt.Fprintln(tw)
	}
	fmt.Fprint(tw, "chosen on fold 0 / 1\t\t")
	for _, r := range reps {
		fmt.Fprintf(tw, "\t\t%.1f\t%.1f\t", r.FoldChosen[0].F1, r.FoldChosen[1].F1)
	}
	fmt.Fprintln(tw)
	return tw.Flush()
}

// WritePRMBench writes PRMScore, F1 of right and wrong steps per subset,
// one column group per policy.
func WritePRMBench(w io.Writer, reps []bench.PRMBenchReport) error {
	if len(reps) == 0 {
		return nil
	}
	tw := writePolicyTable(w, policyTable[bench.PRMBenchScore]{
		count: "steps", cols: [3]string{"PRMScore", "F1", "F1neg"},
		n:    len(reps),
		head: func(i int) (string, float64) { return reps[i].Policy, reps[i].Threshold },
		rows: func(i int) ([]bench.PRMBenchScore, bench.PRMBenchScore) { return reps[i].Subsets, reps[i].Overall },
		row: func(s bench.PRMBenchScore) (string, int, [3]float64) {
			return s.Subset, s.Steps, [3]float64{s.PRMScore, s.F1, s.F1Neg}
		},
	})
	fmt.Fprint(tw, "mean of subsets\t\t")
	for _, r := range reps {
		fmt.Fprintf(tw, "%.1f\t\t\t", r.MeanPRMScore)
	}
	fmt.Fprintln(tw)
	return tw.Flush()
}

// policyTable describes a benchmark table: per policy (n of them) a group
// of three columns, and a row per subset plus a summary row, laid out as
// the first policy's report orders its subsets.
type policyTable[S any] struct {
	count string    // the count column's name
	cols  [3]string // a group's columns; the first carries the policy name
	n     int
	head  func(policy int) (name string, threshold float64)
	rows  func(policy int) (subsets []S, summary S)
	row   func(S) (label string, count int, figures [3]float64)
}

// writePolicyTable writes t to a right-aligned tabwriter on w and returns
// it unflushed, for rows the caller adds.
func writePolicyTable[S any](w io.Writer, t policyTable[S]) *tabwriter.Writer {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "subset\t%s\t", t.count)
	for i := range t.n {
		name, _ := t.head(i)
		fmt.Fprintf(tw, "%s %s\t%s\t%s\t", name, t.cols[0], t.cols[1], t.cols[2])
	}
	fmt.Fprintln(tw)
	fmt.Fprint(tw, "threshold\t\t")
	for i := range t.n {
		_, th := t.head(i)
		fmt.Fprintf(tw, "%.3f\t\t\t", th)
	}
	fmt.Fprintln(tw)
	subsets, summary := t.rows(0)
	for k := range len(subsets) + 1 {
		base := summary
		if k < len(subsets) {
			base = subsets[k]
		}
		label, count, _ := t.row(base)
		fmt.Fprintf(tw, "%s\t%d\t", label, count)
		for i := range t.n {
			subs, sum := t.rows(i)
			s := sum
			if k < len(subs) {
				s = subs[k]
			}
			_, _, f := t.row(s)
			fmt.Fprintf(tw, "%.1f\t%.1f\t%.1f\t", f[0], f[1], f[2])
		}
		fmt.Fprintln(tw)
	}
	return tw
}

// WriteComparison writes the formal-versus-learned comparison as text.
func WriteComparison(w io.Writer, c bench.Comparison) error {
	ew := &errWriter{w: w}
	ew.printf("chains %d, steps %d, with a formal verdict %d (unknown %d)\n", c.Chains, c.Steps, c.Decided, c.Unknown)
	if c.Approximate > 0 {
		ew.printf("approximate (a rounding holds, not the claim as written; counted neither verified nor refuted) %d\n", c.Approximate)
	}
	ew.printf("learned pass = score ≥ %.3f\n\n", c.Threshold)
	tw := tabwriter.NewWriter(ew, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "\tlearned pass\tlearned fail\t")
	fmt.Fprintf(tw, "verified\t%d\t%d\t\n", c.Confusion.VerifiedPass, c.Confusion.VerifiedFail)
	fmt.Fprintf(tw, "refuted\t%d\t%d\t\n", c.Confusion.RefutedPass, c.Confusion.RefutedFail)
	if err := tw.Flush(); err != nil {
		return err
	}
	ew.printf("\nagreement %s, AUC (verified above refuted) %s\n", AgreementText(c), AUCText(c))
	ew.printf("learned score of refuted steps:  %s\n", histLine(c.RefutedHist))
	ew.printf("learned score of verified steps: %s\n", histLine(c.VerifiedHist))
	ew.printf("calibration vs formal verdicts: ECE %.3f over %d steps\n", c.Formal.ECE, c.Formal.Steps)
	if c.Gold.Steps > 0 {
		ew.printf("calibration vs gold labels:     ECE %.3f over %d steps\n", c.Gold.ECE, c.Gold.Steps)
	}
	if c.TotalBlindSpots > 0 {
		ew.printf("\nblind spots: %d refuted steps scored ≥ %.3f (highest first)\n", c.TotalBlindSpots, c.Threshold)
		for _, b := range c.BlindSpots {
			ew.printf("  %.3f  %s step %d: %s\n", b.Learned, b.ChainID, b.Step+1, Preview(b.Text, 100))
			for _, o := range b.Obligations {
				if o.Verdict == hybrid.Refuted {
					ew.printf("         refuted: %s\n", Preview(firstNonEmpty(o.Text, o.Lean), 100))
				}
			}
		}
	}
	return ew.err
}

func firstNonEmpty(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}

// histLine renders counts as a row of block characters.
func histLine(h []int) string {
	blocks := []rune(" ▁▂▃▄▅▆▇█")
	m := 0
	for _, v := range h {
		m = max(m, v)
	}
	var b strings.Builder
	b.WriteString("0 |")
	for _, v := range h {
		i := 0
		if m > 0 {
			i = (v*(len(blocks)-1) + m - 1) / m
		}
		b.WriteRune(blocks[i])
	}
	b.WriteString("| 1")
	return b.String()
}

// WriteSelection writes the best of N per problem and, when the results
// carry gold labels, how often the choice was right.
func WriteSelection(w io.Writer, sel []bench.Selection, results []hybrid.Scored, agg hybrid.Aggregate) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "problem\tcandidates\tbest\t%s\tright\t\n", agg)
	for _, s := range sel {
		right := "?"
		switch s.BestRight {
		case 1:
			right = "yes"
		case 0:
			right = "no"
		}
		fmt.Fprintf(tw, "%s\t%d\t%s\t%.3f\t%s\t\n", Preview(s.Problem, 50), len(s.Candidates), s.BestID, s.BestScore, right)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	sum := bench.SummarizeSelection(sel, results)
	if sum.Problems > 0 {
		_, err := fmt.Fprintf(w, "\nover %d labelled problems: chosen right %.1f%%, random pick %.1f%%, oracle %.1f%%\n",
			sum.Problems, sum.Accuracy, sum.Chance, sum.Oracle)
		return err
	}
	return nil
}

// errWriter remembers the first write error.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(p)
	e.err = err
	return n, err
}

func (e *errWriter) printf(format string, args ...any) { fmt.Fprintf(e, format, args...) }

// AgreementText is the agreement of the formal and learned sides as a percentage, or "n/a (no
// step has a formal verdict)": 0% would claim a disagreement nobody measured.
func AgreementText(c bench.Comparison) string {
	k := c.Confusion
	if k.VerifiedPass+k.VerifiedFail+k.RefutedPass+k.RefutedFail == 0 {
		return "n/a (no step has a formal verdict)"
	}
	return fmt.Sprintf("%.1f%%", 100*k.Agreement())
}

// AUCText is the AUC, or "n/a" with the reason when there are no verified or no refuted steps
// to rank against each other.
func AUCText(c bench.Comparison) string {
	k := c.Confusion
	if k.VerifiedPass+k.VerifiedFail == 0 || k.RefutedPass+k.RefutedFail == 0 {
		return "n/a (needs both verified and refuted steps)"
	}
	return fmt.Sprintf("%.3f", c.AUC)
}
