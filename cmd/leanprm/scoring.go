package main

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/embedded"
	hformal "github.com/leanprm/leanprm/hybrid/formal"
	"github.com/leanprm/leanprm/hybrid/formaltranslate"
	"github.com/leanprm/leanprm/hybrid/vllm"
)

// newPRM builds the learned PRM from prm.* settings. The caller must call the returned close.
func newPRM(e *env) (hybrid.PRM, func(), error) {
	switch b := e.cfg.String("prm.backend"); b {
	case "embedded", "":
		m, err := embedded.Default()
		return m, func() {}, err
	case "vllm":
		timeout, err := e.cfg.Duration("prm.vllm.timeout")
		if err != nil {
			return nil, nil, err
		}
		mode := vllm.ModeQwen
		if e.cfg.String("prm.vllm.mode") == "shepherd" || e.cfg.String("prm.vllm.mode") == "step" {
			mode = vllm.ModeStep
		}
		c, err := vllm.New(vllm.Options{
			BaseURL:     e.cfg.String("prm.vllm.url"),
			Model:       e.cfg.String("prm.vllm.model"),
			Mode:        mode,
			Timeout:     timeout,
			Concurrency: e.cfg.Int("prm.vllm.concurrency"),
		})
		if err != nil {
			return nil, nil, err
		}
		return c, c.Close, nil
	default:
		return nil, nil, usageError("prm.backend %q: want embedded or vllm", b)
	}
}

// defaultThreshold is the embedded model's calibrated first-error threshold, or 0.5.
func defaultThreshold(prm hybrid.PRM) float64 {
	if m, ok := prm.(*embedded.Model); ok && m.Header.Threshold > 0 {
		return m.Header.Threshold
	}
	return 0.5
}

// scoring is a ready scorer with everything it holds open.
type scoring struct {
	scorer  *hybrid.Scorer
	prm     hybrid.PRM
	formal  *formal
	closers []func()
}

func (s *scoring) Close() {
	for i := len(s.closers) - 1; i >= 0; i-- {
		s.closers[i]()
	}
}

// newScoring builds the PRM, the formal side and the scorer for a run.
func newScoring(ctx context.Context, e *env, policy hybrid.Policy) (*scoring, error) {
	prm, closePRM, err := newPRM(e)
	if err != nil {
		return nil, err
	}
	return newScoringWith(ctx, e, policy, prm, closePRM)
}

// newScoringWith is newScoring with a given PRM (train --cv scores the
// model it has just trained, which may not match the committed one).
func newScoringWith(ctx context.Context, e *env, policy hybrid.Policy, prm hybrid.PRM, closePRM func()) (*scoring, error) {
	s := &scoring{prm: prm, closers: []func(){closePRM}}
	f, err := newFormal(ctx, e)
	if err != nil {
		s.Close()
		return nil, err
	}
	s.formal = f
	s.closers = append(s.closers, func() { f.Close() })
	ls := hformal.LeanSteps{Inner: formaltranslate.New(f.tr), Header: e.cfg.String("lean.header")}
	if f.pool != nil { // a nil pool must not become a non-nil Checker
		ls.Checker = f.pool
	}
	s.scorer = &hybrid.Scorer{PRM: prm, Formal: ls, Policy: policy, Concurrency: e.cfg.Workers()}
	return s, nil
}

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
	rowErrs   []hybrid.RowError // unreadable rows; the rest were scored
	scoreErr  error             // chains that could not be scored (their results carry Err)
	formalErr error             // the REPL answered none of the run's requests (timeouts, crashes)
	threshold float64           // --threshold, or the model's calibrated one
}

// scoreFile reads path ("-" is stdin) in format and scores every chain under policy. The
// returned error is for a run that could not happen at all (unreadable file, no PRM, no Lean
// when Lean was required, cancellation).
func scoreFile(ctx context.Context, e *env, path string, format hybrid.Format, policy hybrid.Policy, threshold float64) (*scoredFile, error) {
	return scoreFileDone(ctx, e, path, format, policy, threshold, nil)
}

// scoreFileDone is scoreFile that passes each chain's result to done as soon as it is scored
// (hybrid.Scorer.Done): what an interrupted run finished is then not lost.
func scoreFileDone(ctx context.Context, e *env, path string, format hybrid.Format, policy hybrid.Policy, threshold float64, done func(int, hybrid.ChainResult, float64)) (*scoredFile, error) {
	chains, rowErrs, err := readChains(ctx, e, path, format)
	if err != nil {
		return nil, err
	}
	s, err := newScoring(ctx, e, policy)
	if err != nil {
		return nil, err
	}
	defer s.Close()
	if len(chains) > 1 {
		s.scorer.Progress = progressBar(e, "scoring")
	}
	if threshold == 0 {
		threshold = defaultThreshold(s.prm)
	}
	if done != nil {
		s.scorer.Done = func(i int, r hybrid.ChainResult) { done(i, r, threshold) }
	}
	results, scoreErr := s.scorer.ScoreChains(ctx, chains)
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	var formalErr error
	if s.formal.pool != nil && !strings.HasSuffix(s.formal.checker, "+exact") {
		// Each failed request leaves its claims "unknown", which reads like a clean run; when
		// none got a reply, the formal side did not run at all and the caller must know. With
		// the exact checker beside the REPL, its verdicts stand (and each chain carries a
		// warning), so the formal check did run.
		if st := s.formal.pool.Stats(); st.Requests > 0 && st.Errors >= st.Requests {
			formalErr = fmt.Errorf("no formal verdict: all %d REPL request(s) failed, %d of them timed out (lean.timeout, --timeout)", st.Requests, st.Timeouts)
		}
	}
	return &scoredFile{results: results, rowErrs: rowErrs, scoreErr: scoreErr, formalErr: formalErr, threshold: threshold}, nil
}
