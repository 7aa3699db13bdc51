package serve

// The learned PRM's context: a step that does no work must not raise the scores of the steps
// that do. A chain with such steps is scored a second time without them, and each kept step
// keeps the lower of its two scores (reward.Work.WorkingSteps; docs/REWARD.md, "Idle steps
// lend no context").

import (
	"context"

	"github.com/leanprm/leanprm/hybrid/chain"
	"github.com/leanprm/leanprm/hybrid/report"
	"github.com/leanprm/leanprm/hybrid/reward"
	"github.com/leanprm/leanprm/internal/dispatch"
)

// scoreWithoutIdle scores again, without the steps that do no work, each scored chain (chains[k],
// its source src[k]) that has such steps, in one run, and lowers each kept step's score and
// the chain score to the lower of the two scorings. A chain whose second scoring fails keeps
// its first (the padding's context then stands; the failure is no verdict).
// Only the grounded reward (reward.mode grounded, the default) does this: the other modes pay
// the chain score as it is.
//
// It returns, for each chain that keeps its first scoring, the work measured to find its idle
// steps (nil for the others, and for every chain under the other modes), which pays it without
// reading its text again (reward.Settings.PayMeasured).
func (s *Server) scoreWithoutIdle(ctx context.Context, chains []*report.CheckJSON, src []chain.Chain) ([]*reward.Work, error) {
	measured := make([]*reward.Work, len(chains))
	if m := s.opts.Reward.Mode; m != "" && m != reward.ModeGrounded {
		return measured, nil
	}
	// Measuring reads each chain's text: on every CPU, each chain writing its own place.
	parallel(len(chains), func(k int) {
		if c := chains[k]; c != nil && len(src[k].Steps) == len(c.Steps) {
			w := reward.MeasureWith(s.opts.Reward.Grader, &c.Scored, c.ChainScore)
			measured[k] = &w
		}
	})
	var tasks []dispatch.Task
	var of []int
	var keeps [][]int
	for k, w := range measured {
		if w == nil {
			continue
		}
		keep := w.WorkingSteps()
		if keep == nil {
			continue
		}
		sub := src[k]
		sub.ID = sub.ID + "/work"
		sub.Steps = make([]chain.Step, len(keep))
		for j, i := range keep {
			sub.Steps[j] = src[k].Steps[i]
		}
		t, err := task(dispatch.KindScore, "", ScoreTask{Chain: sub})
		if err != nil {
			return nil, err
		}
		tasks, of, keeps = append(tasks, t), append(of, k), append(keeps, keep)
	}
	if len(tasks) == 0 {
		return measured, nil
	}
	res, err := s.run(ctx, tasks, 0)
	if err != nil {
		return nil, err
	}
	for j, rr := range res {
		second, ok := checkJSONOf(rr)
		if rr.Error != "" || !ok || second.CheckerFailed || len(second.Steps) != len(keeps[j]) {
			continue
		}
		c := chains[of[j]]
		steps := append(c.Steps[:0:0], c.Steps...) // the first answer's steps may be shared (a cache)
		for n, i := range keeps[j] {
			steps[i].Score = min(steps[i].Score, second.Steps[n].Score)
		}
		c.Steps = steps
		c.ChainScore = min(c.ChainScore, second.ChainScore)
		measured[of[j]] = nil // its scores changed: measured again when paid
	}
	return measured, nil
}
