package main

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/chain"
	"github.com/leanprm/leanprm/internal/wire"
)

// progressBar draws "label done/total" on stderr when it is a terminal, at most every 100ms.
// A total of 0 or less means the length is unknown: it then counts. The caller ends a counting
// line by calling it once more with done == total == -1.
func progressBar(e *env, label string) func(done, total int) {
	f, ok := e.stderr.(*os.File)
	if !ok {
		return nil
	}
	st, err := f.Stat()
	if err != nil || st.Mode()&os.ModeCharDevice == 0 {
		return nil
	}
	var (
		mu       sync.Mutex
		last     time.Time
		lastDone int
	)
	return func(done, total int) {
		mu.Lock()
		defer mu.Unlock()
		if done == -1 && total == -1 {
			fmt.Fprintf(f, "\r%s %d done\n", label, lastDone)
			return
		}
		lastDone = done
		if (total <= 0 || done < total) && time.Since(last) < 100*time.Millisecond {
			return
		}
		last = time.Now()
		if total <= 0 { // a stream of unknown length: count instead of drawing a bar
			fmt.Fprintf(f, "\r%s %d done", label, done)
			return
		}
		width := 30
		filled := 0
		if total > 0 {
			filled = done * width / total
		}
		fmt.Fprintf(f, "\r%s [%s%s] %d/%d", label, strings.Repeat("#", filled), strings.Repeat(".", width-filled), done, total)
		if done >= total {
			fmt.Fprintln(f)
		}
	}
}

// scoredFile is FILE read and scored: what check, compare and select share.
type scoredFile struct {
	results   []hybrid.ChainResult
	rowErrs   []chain.RowError // unreadable rows; the rest were scored
	scoreErr  error            // chains that could not be scored (their results carry Err)
	formalErr error            // the REPL answered none of the run's requests (timeouts, crashes)
	threshold float64          // --threshold, or the model's calibrated one
}

// scoreFile reads path ("-" is stdin) in format and scores every chain under policy. The
// returned error is for a run that could not happen at all (unreadable file, no PRM, no Lean
// when Lean was required, cancellation).
func scoreFile(ctx context.Context, e *env, path string, format chain.Format, policy hybrid.Policy, threshold float64) (*scoredFile, error) {
	return scoreFileDone(ctx, e, path, format, policy, threshold, nil)
}

// scoreFileDone is scoreFile that passes each chain's result to done as soon as it is scored
// (hybrid.Scorer.Done): what an interrupted run finished is then not lost.
func scoreFileDone(ctx context.Context, e *env, path string, format chain.Format, policy hybrid.Policy, threshold float64, done func(int, hybrid.ChainResult, float64)) (*scoredFile, error) {
	chains, rowErrs, err := readChains(ctx, e, path, format)
	if err != nil {
		return nil, err
	}
	s, err := wire.NewScoring(ctx, e.cfg, policy, e.stderr)
	if err != nil {
		return nil, err
	}
	defer s.Close()
	if len(chains) > 1 {
		s.Scorer.Progress = progressBar(e, "scoring")
	}
	if threshold == 0 {
		threshold = wire.DefaultThreshold(s.PRM)
	}
	if done != nil {
		s.Scorer.Done = func(i int, r hybrid.ChainResult) { done(i, r, threshold) }
	}
	results, scoreErr := s.Scorer.ScoreChains(ctx, chains)
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	formalErr := s.Formal.ExclusiveREPLFailed()
	return &scoredFile{results: results, rowErrs: rowErrs, scoreErr: scoreErr, formalErr: formalErr, threshold: threshold}, nil
}
