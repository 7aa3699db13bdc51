package main

import (
	"context"
	"fmt"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/chain"
	"github.com/leanprm/leanprm/internal/cli/output"
	"github.com/leanprm/leanprm/internal/wire"
)

// scoredFile is FILE read and scored: what check, compare and select share.
type scoredFile struct {
	results   []hybrid.Scored
	rowErrs   []chain.RowError // unreadable rows; the rest were scored
	scoreErr  error            // chains that could not be scored (their results carry Err)
	formalErr error            // the REPL answered none of the run's requests (timeouts, crashes)
	threshold float64          // --threshold, or the model's calibrated one
	// of is the number of chains read; after an interrupt, results holds only the chains
	// finished before it (in input order) and scoreFile returns the context's error with them.
	of int
}

// interrupted says what an interrupted run's figures cover, for commands that report on a whole
// file (compare, select): they print what they have, then exit 130.
func (s *scoredFile) interrupted(e *env) {
	fmt.Fprintf(e.stderr, "leanprm: interrupted after %d of %d chains; the figures above cover those %d\n", len(s.results), s.of, len(s.results))
}

// scoreFile reads path ("-" is stdin) in format and scores every chain under policy. The
// returned error is for a run that could not happen at all (unreadable file, no PRM, no Lean
// when Lean was required, cancellation).
func scoreFile(ctx context.Context, e *env, path string, format chain.Format, policy hybrid.Policy, threshold float64) (*scoredFile, error) {
	return scoreFileDone(ctx, e, path, format, policy, threshold, nil)
}

// scoreFileDone is scoreFile that passes each chain's result to done as soon as it is scored
// (hybrid.Scorer.Done): what an interrupted run finished is then not lost.
func scoreFileDone(ctx context.Context, e *env, path string, format chain.Format, policy hybrid.Policy, threshold float64, done func(int, hybrid.Scored, float64)) (*scoredFile, error) {
	chains, rowErrs, err := readInput(ctx, e, path, format)
	if err != nil {
		return nil, err
	}
	s, err := wire.NewScoring(ctx, e.cfg, policy, e.stderr)
	if err != nil {
		return nil, err
	}
	defer s.Close()
	if len(chains) > 1 {
		if bar := output.Progress(e.stderr, "scoring"); bar != nil {
			s.Scorer.Progress = bar
			defer bar(-1, -1) // ends the bar's line on an interrupt
		}
	}
	if threshold == 0 {
		threshold = wire.DefaultThreshold(s.PRM)
	}
	finished := map[int]hybrid.Scored{} // what an interrupt must not lose
	s.Scorer.Done = func(i int, r hybrid.Scored) {
		finished[i] = r
		if done != nil {
			done(i, r, threshold)
		}
	}
	results, scoreErr := s.Scorer.ScoreChains(ctx, chains)
	if ctx.Err() != nil {
		partial := make([]hybrid.Scored, 0, len(finished))
		for i := range chains {
			if r, ok := finished[i]; ok {
				partial = append(partial, r)
			}
		}
		return &scoredFile{results: partial, rowErrs: rowErrs, threshold: threshold, of: len(chains)}, ctx.Err()
	}
	formalErr := s.Formal.ExclusiveREPLFailed()
	return &scoredFile{results: results, rowErrs: rowErrs, scoreErr: scoreErr, formalErr: formalErr, threshold: threshold, of: len(chains)}, nil
}
