package report

import (
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/bench"
	"github.com/leanprm/leanprm/hybrid/outcome"
)

// BestOfN is `select --json`: the picks under one selector and, when the chains have gold
// answers (or the data set judges their answers), every selector's accuracy on final answers.
type BestOfN struct {
	Selector string `json:"selector"`
	// Weight is the chain score the picks compare (and majority and weighted sum).
	Weight     string                  `json:"weight"`
	Selections []bench.Selection       `json:"selections"`
	Labels     *bench.SelectionSummary `json:"labels,omitempty"`   // by the chains' step labels
	Outcomes   *bench.OutcomeSummary   `json:"outcomes,omitempty"` // by their final answers
}

// NewBestOfN selects and summarises results.
func NewBestOfN(g *outcome.Grader, results []hybrid.Scored, selector string, weight hybrid.Aggregate) BestOfN {
	b := BestOfN{Selector: selector, Weight: string(weight), Selections: bench.Select(g, results, selector, weight)}
	if s := bench.SummarizeSelection(b.Selections, results); s.Problems > 0 {
		b.Labels = &s
	}
	if o := bench.SummarizeOutcomes(g, results, weight); o.Problems > 0 || anyJudged(o) {
		b.Outcomes = &o
	}
	return b
}

func anyJudged(o bench.OutcomeSummary) bool {
	for _, s := range o.Selectors {
		if s.Problems+s.Undecided > 0 {
			return true
		}
	}
	return false
}

// WriteBestOfN writes the picks, one line per problem, then how often they are right: by step
// labels (a chain without a wrong step) and by final answers (every selector, the
// outcome-only oracle and a random pick).
func WriteBestOfN(w io.Writer, b BestOfN) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	score := b.Selector
	if b.Selector == bench.SelectMajority || b.Selector == bench.SelectWeighted {
		score = b.Weight
	}
	fmt.Fprintf(tw, "problem\tcandidates\tbest\t%s\tanswer\tclean work\tright answer\t\n", score)
	for _, s := range b.Selections {
		clean := map[int]string{1: "yes", 0: "no"}[s.BestRight]
		if clean == "" {
			clean = "?"
		}
		right := "?"
		if s.Correct != nil {
			right = map[bool]string{true: "yes", false: "no"}[*s.Correct]
		} else if s.Verdict != "" {
			right = s.Verdict
		}
		answer := Preview(s.Answer, 20)
		if answer == "" {
			answer = "-"
		}
		fmt.Fprintf(tw, "%s\t%d\t%s\t%.3f\t%s\t%s\t%s\t\n", Preview(s.Problem, 50), len(s.Candidates), s.BestID, s.BestScore, answer, clean, right)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	ew := &errWriter{w: w}
	if l := b.Labels; l != nil {
		ew.printf("\nby step labels, over %d labelled problems: chosen clean %.1f%%, random pick %.1f%%, oracle %.1f%%\n",
			l.Problems, l.Accuracy, l.Chance, l.Oracle)
	}
	if o := b.Outcomes; o != nil {
		ew.printf("\nby final answer (chain scores: %s):\n", b.Weight)
		tw := tabwriter.NewWriter(ew, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "selector\tproblems\tright\tundecided\taccuracy\t")
		for _, s := range o.Selectors {
			fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%.1f%%\t\n", s.Selector, s.Problems+s.Undecided, s.Correct, s.Undecided, s.Accuracy)
		}
		if o.Problems > 0 {
			fmt.Fprintf(tw, "outcome-only (oracle)\t%d\t\t\t%.1f%%\t\n", o.Problems, o.OutcomeOnly)
			fmt.Fprintf(tw, "random pick\t%d\t\t\t%.1f%%\t\n", o.Problems, o.Chance)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
		for _, s := range o.Selectors {
			if s.Undecided > 0 {
				ew.printf("undecided: the grader proved the pick's answer neither equal nor different (counted as not right)\n")
				break
			}
		}
	}
	return ew.err
}
