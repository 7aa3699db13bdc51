package wire

import (
	"context"
	"io"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/chain"
	"github.com/leanprm/leanprm/internal/config"
)

// Scoring is a ready scorer with everything it holds open.
type Scoring struct {
	Scorer  *hybrid.Scorer
	PRM     hybrid.PRM
	Formal  *Formal
	closers []func()
}

// Close releases the formal side and the PRM, in the reverse order they were made.
func (s *Scoring) Close() {
	for i := len(s.closers) - 1; i >= 0; i-- {
		s.closers[i]()
	}
}

// NewScoring builds the PRM, the formal side and the scorer for a run. stderr gets the formal
// side's warnings.
func NewScoring(ctx context.Context, cfg *config.Config, policy hybrid.Policy, stderr io.Writer) (*Scoring, error) {
	prm, closePRM, err := NewPRM(cfg)
	if err != nil {
		return nil, err
	}
	return NewScoringWith(ctx, cfg, policy, prm, closePRM, stderr)
}

// NewScoringWith is NewScoring with a given PRM (train --cv scores the model it has just
// trained, which may not match the committed one). closePRM is called by Close, or at once when
// the formal side fails.
func NewScoringWith(ctx context.Context, cfg *config.Config, policy hybrid.Policy, prm hybrid.PRM, closePRM func(), stderr io.Writer) (*Scoring, error) {
	s := &Scoring{PRM: prm, closers: []func(){closePRM}}
	f, err := NewFormal(ctx, cfg, stderr)
	if err != nil {
		s.Close()
		return nil, err
	}
	s.Formal = f
	s.closers = append(s.closers, func() { f.Close() })
	s.Scorer = &hybrid.Scorer{PRM: prm, Formal: f.LeanSteps(cfg), Policy: policy, Concurrency: cfg.Lean.WorkerCount()}
	return s, nil
}

// Both is what ScoreBoth scored: the results of the evaluation and calibration chains, or, after an
// interrupt (Stopped is the context's error), those finished before it, in input order.
type Both struct {
	Results, Calib []hybrid.Scored
	Of, CalibOf    int // the numbers of chains given
	Stopped        error
}

// ScoreBoth scores the calibration chains, then the evaluation chains, in one run: calibration
// first, so that an interrupted run has its thresholds when it reports on the chains it finished.
// Chains that fail are kept with their error (the metrics count them as predicting no error);
// the error is returned only when every chain failed, or nothing was finished before an interrupt.
// It uses s.Done.
func ScoreBoth(ctx context.Context, s *hybrid.Scorer, chains, calib []chain.Chain) (*Both, error) {
	all := append(append([]chain.Chain(nil), calib...), chains...)
	finished := make([]*hybrid.Scored, len(all))
	s.Done = func(i int, r hybrid.Scored) { finished[i] = &r }
	res, err := s.ScoreChains(ctx, all)
	run := &Both{Of: len(chains), CalibOf: len(calib)}
	if ctx.Err() != nil {
		for i, r := range finished {
			switch {
			case r == nil:
			case i < len(calib):
				run.Calib = append(run.Calib, *r)
			default:
				run.Results = append(run.Results, *r)
			}
		}
		if len(run.Results) == 0 {
			return nil, ctx.Err()
		}
		run.Stopped = ctx.Err()
		return run, nil
	}
	if err != nil && len(res) == 0 {
		return nil, err
	}
	run.Calib, run.Results = res[:len(calib)], res[len(calib):]
	return run, nil
}
