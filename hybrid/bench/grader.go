package bench

import (
	"sort"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/chain"
	"github.com/leanprm/leanprm/hybrid/outcome"
	"github.com/leanprm/leanprm/hybrid/reward"
)

// GraderAgreement measures the outcome grader against a data set that labels whether each
// chain's final answer is right (MR-GSM8K's model_output_answer_correctness): the chain's
// answer is extracted and graded against its gold answer, and the verdict compared with the
// label. The grader decides a row when it says equal or different; Agreement is over the
// decided rows, DecidedShare of all of them. A chain with no answer found is counted apart
// (NoAnswer, NoAnswerRight of them labelled right): extraction found nothing to grade.
//
// The figures are on the gold field as the data gives it: a row whose gold field holds no
// answer (chain.Chain.GoldFrom set: the gold was recovered by a fallback) is undecided there
// (NoGold), and its verdict against the recovered gold is counted apart, in a row of its own
// whose Subset ends in RecoveredSuffix.
type GraderAgreement struct {
	Subset string `json:"subset"`
	Rows   int    `json:"rows"`
	// Equal and Different are the decided rows; EqualWrong and DifferentRight the ones the
	// label contradicts.
	Equal          int     `json:"equal"`
	EqualWrong     int     `json:"equal_labelled_wrong"`
	Different      int     `json:"different"`
	DifferentRight int     `json:"different_labelled_right"`
	Unknown        int     `json:"unknown"`
	NoAnswer       int     `json:"no_answer"`
	NoAnswerRight  int     `json:"no_answer_labelled_right"`
	NoGold         int     `json:"gold_field_without_answer"`
	Agreement      float64 `json:"agreement"`
	DecidedShare   float64 `json:"decided_share"`
}

// Disagreement is one decided row the label contradicts, for reading.
type Disagreement struct {
	ID      string `json:"id"`
	Gold    string `json:"gold"`
	Answer  string `json:"answer"`
	Verdict string `json:"verdict"`
	Label   bool   `json:"label_right"`
	Reason  string `json:"reason"`
}

// RecoveredSuffix ends the Subset of the row that grades chains against a gold answer a
// fallback recovered.
const RecoveredSuffix = " (gold recovered from the reference solution)"

// maxDisagreements bounds the disagreements GradeAgainstLabels lists.
const maxDisagreements = 20

// GradeAgainstLabels grades every chain that has a gold answer and a label of its answer,
// per subset (sorted) and as a whole ("all"), and lists the first disagreements. g is the
// grader (nil: outcome's defaults).
func GradeAgainstLabels(g *outcome.Grader, chains []chain.Chain) ([]GraderAgreement, []Disagreement) {
	by := map[string]*GraderAgreement{}
	all := GraderAgreement{Subset: "all"}
	recovered := GraderAgreement{Subset: "all" + RecoveredSuffix}
	var dis []Disagreement
	for i := range chains {
		c := &chains[i]
		if c.Gold == "" || c.AnswerCorrect == nil {
			continue
		}
		s := by[c.Subset]
		if s == nil {
			s = &GraderAgreement{Subset: c.Subset}
			by[c.Subset] = s
		}
		label := *c.AnswerCorrect
		// The problem goes along as in check and serve (a choice letter is read through its
		// options); a Scored with no steps and no threshold flags nothing.
		o := reward.Grade(g, c.Gold, outcome.Extract(reward.ChainText(c)), &hybrid.Scored{Problem: c.Problem}, 0)
		tally := []*GraderAgreement{s, &all}
		if c.GoldFrom != "" {
			s.Rows++
			all.Rows++
			s.NoGold++
			all.NoGold++
			tally = []*GraderAgreement{&recovered}
		}
		for _, g := range tally {
			g.Rows++
			switch o.Verdict {
			case outcome.Equal:
				g.Equal++
				if !label {
					g.EqualWrong++
				}
			case outcome.Different:
				g.Different++
				if label {
					g.DifferentRight++
				}
			case reward.NoAnswer:
				g.NoAnswer++
				if label {
					g.NoAnswerRight++
				}
			default:
				g.Unknown++
			}
		}
		contradicted := o.Verdict == outcome.Equal && !label || o.Verdict == outcome.Different && label
		if contradicted && len(dis) < maxDisagreements {
			id := c.ID
			if c.GoldFrom != "" {
				id += RecoveredSuffix
			}
			dis = append(dis, Disagreement{ID: id, Gold: c.Gold, Answer: o.Answer, Verdict: string(o.Verdict), Label: label, Reason: o.Reason})
		}
	}
	names := make([]string, 0, len(by))
	for n := range by {
		names = append(names, n)
	}
	sort.Strings(names)
	out := make([]GraderAgreement, 0, len(names)+1)
	for _, n := range names {
		out = append(out, by[n].finish())
	}
	if all.Rows == 0 {
		return out, dis
	}
	out = append(out, all.finish())
	if recovered.Rows > 0 {
		out = append(out, recovered.finish())
	}
	return out, dis
}

func (g *GraderAgreement) finish() GraderAgreement {
	decided := g.Equal + g.Different
	if decided > 0 {
		g.Agreement = 100 * float64(decided-g.EqualWrong-g.DifferentRight) / float64(decided)
	}
	if g.Rows > 0 {
		g.DecidedShare = 100 * float64(decided) / float64(g.Rows)
	}
	return *g
}
