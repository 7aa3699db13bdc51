package bench

import (
	"math"
	"slices"
	"sort"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/chain"
	"github.com/leanprm/leanprm/hybrid/outcome"
	"github.com/leanprm/leanprm/hybrid/reward"
)

// RightAnswer says whether r's final answer is right: graded against its gold answer (equal:
// true; different or no answer: false; unknown: not known), else the data set's judgement
// (ProcessBench's final_answer_correct). ok is false when neither decides.
func RightAnswer(g *outcome.Grader, r *hybrid.Scored) (right, ok bool) {
	return rightAnswer(g, r.GoldAnswer, r.AnswerCorrect, func() string { return reward.Text(r) })
}

// ChainRightAnswer is RightAnswer of a chain before it is scored.
func ChainRightAnswer(g *outcome.Grader, c *chain.Chain) (right, ok bool) {
	return rightAnswer(g, c.Gold, c.AnswerCorrect, func() string { return reward.ChainText(c) })
}

func rightAnswer(g *outcome.Grader, gold string, judged *bool, text func() string) (right, ok bool) {
	if gold != "" {
		o := reward.Grade(g, gold, outcome.Extract(text()), nil, 0)
		switch o.Verdict {
		case outcome.Equal:
			return true, true
		case outcome.Different, reward.NoAnswer:
			return false, true
		}
		return false, false
	}
	if judged != nil {
		return *judged, true
	}
	return false, false
}

// WrongWorkScore is the right-answer-wrong-work report of one subset: among the chains whose
// final answer is right, how the flag (reward.WrongWork) treats those with a labelled process
// error and those without. Percentages are of Erroneous or Clean.
type WrongWorkScore struct {
	Subset string `json:"subset"`
	// RightAnswers are the chains with a right final answer and a process label.
	RightAnswers int `json:"right_answers"`
	// Erroneous of them have a labelled process error: Proven are flagged by a refuted step,
	// Flagged by a refuted step or a step below the threshold, AtLabel flagged at exactly the
	// labelled first error.
	Erroneous int `json:"erroneous"`
	Proven    int `json:"proven"`
	Flagged   int `json:"flagged"`
	AtLabel   int `json:"at_label"`
	// Clean of them have none; WrongProven and WrongFlagged are those flagged anyway.
	Clean        int `json:"clean"`
	WrongProven  int `json:"wrong_proven"`
	WrongFlagged int `json:"wrong_flagged"`
	// Recall is Flagged/Erroneous, ProvenRecall Proven/Erroneous, FalseFlag
	// WrongFlagged/Clean; F1 the harmonic mean of Recall and 100 - FalseFlag (the figure a
	// threshold is chosen by, as ProcessBench's F1 weighs its two accuracies).
	Recall       float64 `json:"recall"`
	ProvenRecall float64 `json:"proven_recall"`
	FalseFlag    float64 `json:"false_flag"`
	F1           float64 `json:"f1"`
}

func (s *WrongWorkScore) add(r *hybrid.Scored, threshold float64) {
	s.RightAnswers++
	step, by := reward.WrongWork(r, threshold)
	if r.FirstError == chain.NoError {
		s.Clean++
		if by == reward.ByProven {
			s.WrongProven++
		}
		if by != "" {
			s.WrongFlagged++
		}
		return
	}
	s.Erroneous++
	if by == reward.ByProven {
		s.Proven++
	}
	if by != "" {
		s.Flagged++
		if step == r.FirstError {
			s.AtLabel++
		}
	}
}

func (s *WrongWorkScore) finish() {
	pct := func(a, b int) float64 {
		if b == 0 {
			return 0
		}
		return 100 * float64(a) / float64(b)
	}
	s.Recall, s.ProvenRecall, s.FalseFlag = pct(s.Flagged, s.Erroneous), pct(s.Proven, s.Erroneous), pct(s.WrongFlagged, s.Clean)
	s.F1 = harmonic(s.Recall, 100-s.FalseFlag)
}

// WrongWorkReport is the right-answer-wrong-work report of a set of chains, at the threshold
// chosen on all of them (Dev) and cross-validated (CV: each chain at the threshold chosen on
// the other fold, by Fold of its id).
type WrongWorkReport struct {
	Policy         string           `json:"policy"`
	DevThreshold   float64          `json:"dev_threshold"`
	FoldThresholds [Folds]float64   `json:"fold_thresholds"`
	Dev            []WrongWorkScore `json:"dev"` // per subset, then "all"
	CV             []WrongWorkScore `json:"cv"`
}

// RightAnswerWrongWork reports, among results whose final answer is right (RightAnswer) and
// whose process is labelled, how many with a labelled error are flagged and how many clean
// ones are flagged wrongly. The threshold of the "predicted" flag is fixed (threshold > 0) or
// chosen to maximise WrongWorkScore.F1: on all the chains for the dev figures, and per fold
// for the cross-validated ones. The proven flag involves no choice. g grades the answers
// (nil: outcome's defaults).
func RightAnswerWrongWork(g *outcome.Grader, results []hybrid.Scored, threshold float64) WrongWorkReport {
	var pool []*hybrid.Scored
	for i := range results {
		r := &results[i]
		if r.Err != "" || r.FirstError == chain.NoLabel || len(r.Steps) == 0 {
			continue
		}
		if right, ok := RightAnswer(g, r); ok && right {
			pool = append(pool, r)
		}
	}
	rep := WrongWorkReport{}
	if len(results) > 0 {
		rep.Policy = results[0].Policy
	}
	choose := func(rs []*hybrid.Scored) float64 {
		if threshold > 0 {
			return threshold
		}
		return chooseWrongWorkThreshold(rs)
	}
	rep.DevThreshold = choose(pool)
	var byFold [Folds][]*hybrid.Scored
	for _, r := range pool {
		byFold[Fold(r.ID)] = append(byFold[Fold(r.ID)], r)
	}
	for k := range Folds {
		rep.FoldThresholds[k] = choose(byFold[k])
	}
	rep.Dev = wrongWorkScores(pool, func(*hybrid.Scored) float64 { return rep.DevThreshold })
	rep.CV = wrongWorkScores(pool, func(r *hybrid.Scored) float64 { return rep.FoldThresholds[1-Fold(r.ID)] })
	return rep
}

// wrongWorkScores scores pool per subset (sorted) and as a whole ("all").
func wrongWorkScores(pool []*hybrid.Scored, thresholdOf func(*hybrid.Scored) float64) []WrongWorkScore {
	by := map[string]*WrongWorkScore{}
	all := WrongWorkScore{Subset: "all"}
	for _, r := range pool {
		s := by[r.Subset]
		if s == nil {
			s = &WrongWorkScore{Subset: r.Subset}
			by[r.Subset] = s
		}
		t := thresholdOf(r)
		s.add(r, t)
		all.add(r, t)
	}
	names := make([]string, 0, len(by))
	for n := range by {
		names = append(names, n)
	}
	sort.Strings(names)
	out := make([]WrongWorkScore, 0, len(names)+1)
	for _, n := range names {
		by[n].finish()
		out = append(out, *by[n])
	}
	all.finish()
	return append(out, all)
}

// chooseWrongWorkThreshold is the threshold that maximises WrongWorkScore.F1 on rs: a chain
// is flagged "predicted" when its weakest step is below it, so the candidates lie between
// consecutive chain minima. Ties go to the lowest (fewest flags).
func chooseWrongWorkThreshold(rs []*hybrid.Scored) float64 {
	if len(rs) == 0 {
		return 0.5
	}
	mins := make([]float64, len(rs))
	for i, r := range rs {
		mins[i] = hybrid.AggMin.Of(r.Scores())
	}
	cands := thresholdCandidates(slices.Clone(mins))
	best, bestT := -1.0, 0.5
	for _, t := range cands {
		if t <= 0 {
			continue // 0 means "no threshold" to reward.WrongWork
		}
		var s WrongWorkScore
		for _, r := range rs {
			s.add(r, t)
		}
		s.finish()
		if s.F1 > best+1e-12 {
			best, bestT = s.F1, t
		}
	}
	if math.IsInf(bestT, 0) || math.IsNaN(bestT) {
		return 0.5
	}
	return bestT
}
