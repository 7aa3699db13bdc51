package label

import (
	"context"
	"crypto/sha256"
	"fmt"
	"strings"
	"sync"

	"github.com/leanprm/leanprm/translate/lru"
)

// Roller is the generator as labelling needs it: k completions of problem continuing after
// prefix (the steps so far), each the text the generator wrote from there to its end. The
// generator client of hybrid/generate satisfies it through an adapter in internal/wire. An
// error means no completion came back (the caller's chain is then not labelled).
type Roller interface {
	Rollouts(ctx context.Context, problem string, prefix []string, k int) ([]string, error)
}

// Reach is a grader's answer for one completed solution.
type Reach int8

// Reaches.
const (
	// Undecided: no final answer was found, or its equality with the gold answer was not
	// proven either way. Counted as not reaching the gold answer, and counted apart.
	Undecided Reach = iota
	// Reached: the final answer was proven equal to the gold answer.
	Reached
	// Missed: the final answer was proven different from the gold answer.
	Missed
)

// Grader grades a whole solution text against the gold answer. The problem is passed so that
// a choice letter can be read through the options it lists, as every other grader call does.
// The outcome grader of hybrid/outcome satisfies it through internal/wire's AnswerGrader.
type Grader interface {
	Grade(problem, gold, solution string) Reach
}

// GraderFunc adapts a function to Grader.
type GraderFunc func(problem, gold, solution string) Reach

// Grade implements Grader.
func (f GraderFunc) Grade(problem, gold, solution string) Reach { return f(problem, gold, solution) }

// SoftThreshold is where an mc-soft share reads as right: half the rollouts reaching the
// gold answer. Math-Shepherd trains on the share itself; booleans (TRL, FoVer, first errors)
// need a cut, and this one is stated rather than tuned.
const SoftThreshold = 0.5

// estimate is what K rollouts from one prefix gave.
type estimate struct {
	k, reached, undecided int
}

func (e estimate) share() float64 {
	if e.k == 0 {
		return 0
	}
	return float64(e.reached) / float64(e.k)
}

// Estimator rolls out completions from prefixes and grades them, caching by prefix: the same
// problem, prefix and K (two chains of one problem sharing their first steps, or combined and
// mc on one file) cost the generator once. Safe for concurrent use.
type Estimator struct {
	roller Roller
	grader Grader
	cache  *lru.Cache[[32]byte, estimate]

	mu       sync.Mutex
	inflight map[[32]byte]*call
}

type call struct {
	done chan struct{}
	est  estimate
	err  error
}

// cacheEntries bounds the prefix cache (an entry is a few dozen bytes).
const cacheEntries = 1 << 18

// NewEstimator returns an Estimator over r and g.
func NewEstimator(r Roller, g Grader) *Estimator {
	return &Estimator{roller: r, grader: g, cache: lru.New[[32]byte, estimate](cacheEntries, cacheEntries),
		inflight: map[[32]byte]*call{}}
}

func prefixKey(problem, gold string, prefix []string, k int) [32]byte {
	h := sha256.New()
	fmt.Fprintf(h, "%d\x00%d:%s\x00%d:%s", k, len(problem), problem, len(gold), gold)
	for _, s := range prefix {
		fmt.Fprintf(h, "\x00%d:%s", len(s), s)
	}
	var out [32]byte
	copy(out[:], h.Sum(nil))
	return out
}

// estimate returns the rollouts of prefix graded against gold, and how many completions it
// asked the generator for (0 on a cache hit). Concurrent callers with one key share one call.
func (e *Estimator) estimate(ctx context.Context, problem, gold string, prefix []string, k int) (estimate, int, error) {
	key := prefixKey(problem, gold, prefix, k)
	if est, ok := e.cache.Get(key); ok {
		return est, 0, nil
	}
	e.mu.Lock()
	if c, ok := e.inflight[key]; ok {
		e.mu.Unlock()
		select {
		case <-c.done:
			return c.est, 0, c.err
		case <-ctx.Done():
			return estimate{}, 0, ctx.Err()
		}
	}
	c := &call{done: make(chan struct{})}
	e.inflight[key] = c
	e.mu.Unlock()

	c.est, c.err = e.rollout(ctx, problem, gold, prefix, k)
	if c.err == nil {
		e.cache.Put(key, c.est, 1)
	}
	e.mu.Lock()
	delete(e.inflight, key)
	e.mu.Unlock()
	close(c.done)
	return c.est, k, c.err
}

func (e *Estimator) rollout(ctx context.Context, problem, gold string, prefix []string, k int) (estimate, error) {
	outs, err := e.roller.Rollouts(ctx, problem, prefix, k)
	if err != nil {
		return estimate{}, err
	}
	if len(outs) != k {
		return estimate{}, fmt.Errorf("generator returned %d completions for n=%d", len(outs), k)
	}
	head := strings.Join(prefix, "\n")
	est := estimate{k: k}
	for _, o := range outs {
		switch e.grader.Grade(problem, gold, head+"\n"+o) {
		case Reached:
			est.reached++
		case Undecided:
			est.undecided++
		}
	}
	return est, nil
}

// record puts an estimate on a step.
func record(s *Step, est estimate) {
	s.K = est.k
	s.Reached = ptr(est.reached)
	s.Undecided = est.undecided
	s.Share = ptr(est.share())
}
