package reward

import (
	"strings"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/chain"
	"github.com/leanprm/leanprm/hybrid/outcome"
)

// NoAnswer is the verdict of a chain whose text states no final answer: a result of its own,
// not a guess from some number in the text, and never called equal.
const NoAnswer outcome.Verdict = "no_answer"

// Why a right answer is flagged as reached through wrong work.
const (
	ByProven    = "proven"    // a checker refuted a step
	ByPredicted = "predicted" // no step was refuted, but one scores below the threshold
)

// Outcome is a chain's final answer graded against its gold answer, as `check` reports it
// (the "outcome" object of --json) and `serve` pays it.
type Outcome struct {
	Gold string `json:"gold"`
	// Answer is the final answer extracted from the chain ("" when none was found); Method
	// says how it was found, Others the earlier candidates.
	Answer string   `json:"answer"`
	Found  bool     `json:"found"`
	Method string   `json:"method,omitempty"`
	Others []string `json:"others,omitempty"`
	// Verdict is equal, different, unknown (outcome.Verdict) or no_answer; Reason is the
	// grader's witness or why it is unknown.
	Verdict    outcome.Verdict `json:"verdict"`
	GoldNorm   string          `json:"gold_norm"`
	AnswerNorm string          `json:"answer_norm"`
	Reason     string          `json:"reason"`
	// RightAnswerWrongWork: the answer is equal and a step is wrong, By ByProven or
	// ByPredicted, Step its 0-based index (the earliest refuted step, else the first below the
	// threshold). Only ever true with Verdict equal.
	RightAnswerWrongWork bool   `json:"right_answer_wrong_work"`
	By                   string `json:"right_answer_wrong_work_by,omitempty"`
	Step                 *int   `json:"right_answer_wrong_work_step,omitempty"`
}

// Text is the chain's text the answer is extracted from: its steps, blank-line separated.
func Text(r *hybrid.Scored) string {
	var b strings.Builder
	for i, s := range r.Steps {
		if i > 0 {
			b.WriteString("\n\n")
		}
		b.WriteString(s.Text)
	}
	return b.String()
}

// Of grades r's final answer against r.GoldAnswer with g (the process's grader, built from
// the configuration's grade.* keys; nil: outcome's defaults) and flags a right answer with
// wrong work at threshold (0: no prediction, only refuted steps flag). It is nil when r has
// no gold answer or could not be scored.
func Of(g *outcome.Grader, r *hybrid.Scored, threshold float64) *Outcome {
	if strings.TrimSpace(r.GoldAnswer) == "" || r.Err != "" {
		return nil
	}
	return Grade(g, r.GoldAnswer, outcome.Extract(Text(r)), r, threshold)
}

// Grade grades an extracted answer against gold with g (nil: outcome's defaults), and flags
// r (nil: no steps to judge) when the answer is equal and a step is wrong.
func Grade(g *outcome.Grader, gold string, ex outcome.Extraction, r *hybrid.Scored, threshold float64) *Outcome {
	o := &Outcome{Gold: gold, Answer: ex.Answer, Found: ex.Found, Method: ex.Method, Others: ex.Others}
	if !ex.Found {
		o.Verdict, o.GoldNorm = NoAnswer, g.Normalize(gold)
		o.Reason = "the chain states no final answer (no \\boxed{}, \"The answer is\", \"Final Answer:\", \"####\" or \"Answer:\")"
		if ex.Reason != "" {
			o.Reason += "; " + ex.Reason // a program whose answer was not read, and why
		}
		return o
	}
	var opts outcome.GradeOptions
	if r != nil {
		opts.Problem = r.Problem // a choice letter is graded through the problem's options
	}
	res := g.GradeWith(gold, ex.Answer, opts)
	o.Verdict, o.GoldNorm, o.AnswerNorm, o.Reason = res.Verdict, res.GoldNorm, res.AnswerNorm, res.Reason
	if ex.Reason != "" {
		o.Reason += "; " + ex.Reason // what a program prints
	}
	if o.Verdict == outcome.Equal && r != nil {
		o.flag(r, threshold)
	}
	return o
}

// flag sets the right-answer-wrong-work fields from r's steps.
func (o *Outcome) flag(r *hybrid.Scored, threshold float64) {
	step, by := WrongWork(r, threshold)
	if by == "" {
		return
	}
	o.RightAnswerWrongWork, o.By, o.Step = true, by, &step
}

// WrongWork is the step that makes r's work wrong whatever its answer: the earliest refuted
// step (ByProven), else the first step scoring below threshold (ByPredicted; never with
// threshold 0); by is "" when there is none.
func WrongWork(r *hybrid.Scored, threshold float64) (step int, by string) {
	for i, s := range r.Steps {
		if s.Verdict == hybrid.Refuted {
			return i, ByProven
		}
	}
	if threshold > 0 {
		if p := r.Predict(threshold); p >= 0 {
			return p, ByPredicted
		}
	}
	return -1, ""
}

// ChainText is Text of an unscored chain.
func ChainText(c *chain.Chain) string {
	var b strings.Builder
	for i, s := range c.Steps {
		if i > 0 {
			b.WriteString("\n\n")
		}
		b.WriteString(s.Text)
	}
	return b.String()
}
