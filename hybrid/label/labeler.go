package label

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/chain"
)

// Item is one chain to label and its gold final answer ("" when the input has none; the
// Monte Carlo methods then cannot label it).
type Item struct {
	Chain chain.Chain
	Gold  string
}

// DefaultK is the rollouts per prefix when Labeler.K is 0: Math-Shepherd's N = 8.
const DefaultK = 8

// ErrNoGold is the error of a chain the Monte Carlo methods cannot label: no gold answer.
var ErrNoGold = errors.New("no gold answer to grade rollouts against")

// Labeler labels chains by one method. The zero value is not usable: Method is required,
// Formal for formal and combined, Estimator and Grader for the others.
type Labeler struct {
	Method Method
	// K is the rollouts per prefix; 0 means DefaultK.
	K int
	// Formal is the formal side (formal, combined); Checker names it in the output.
	Formal  hybrid.Formal
	Checker string
	// Estimator rolls out and grades (mc-hard, mc-soft, omega, combined).
	Estimator *Estimator
	// Grader grades the chain's own final answer (the last step's label under the Monte
	// Carlo methods).
	Grader Grader
	// Concurrency bounds the chains in flight; 0 means GOMAXPROCS.
	Concurrency int
	// Done, if set, gets each chain's result as soon as it is labelled or has failed (in
	// completion order, by input index); calls never overlap. Chains cut short by
	// cancellation are not passed.
	Done func(i int, c Chain)
	// Progress, if set, is called after each chain with the number done and the total.
	Progress func(done, total int)
}

func (l *Labeler) k() int {
	if l.K > 0 {
		return l.K
	}
	return DefaultK
}

// Label labels one chain. A chain that could not be labelled is returned with Err set and
// the error; its steps carry no labels.
func (l *Labeler) Label(ctx context.Context, it Item) (Chain, error) {
	out := newChain(it.Chain, it.Gold, l.Method)
	out.Checker = l.Checker
	if l.Method.NeedsGenerator() {
		out.RolloutsPerPrefix = l.k()
	}
	err := l.label(ctx, it, &out)
	if err != nil {
		for i := range out.Steps {
			out.Steps[i] = Step{Index: i, Text: out.Steps[i].Text, FormalStep: out.Steps[i].FormalStep}
		}
		out.FirstError = nil
		out.Err = err.Error()
		return out, err
	}
	out.setFirstError()
	return out, nil
}

func (l *Labeler) label(ctx context.Context, it Item, out *Chain) error {
	if len(out.Steps) == 0 {
		return errors.New("no steps")
	}
	switch l.Method {
	case Formal, Combined:
		if l.Formal == nil {
			return errors.New("label: no formal checker")
		}
		fs, err := l.Formal.JudgeSteps(ctx, it.Chain.Problem, it.Chain.Steps)
		if err != nil {
			return fmt.Errorf("formal check: %w", err)
		}
		if len(fs) != len(out.Steps) {
			return fmt.Errorf("formal checker returned %d results for %d steps", len(fs), len(out.Steps))
		}
		applyFormal(out.Steps, fs)
		if l.Method == Formal {
			return nil
		}
	case MCHard, MCSoft, Omega:
	default:
		return fmt.Errorf("label: unknown method %q", l.Method)
	}
	if strings.TrimSpace(it.Gold) == "" {
		return ErrNoGold
	}
	if l.Estimator == nil || l.Grader == nil {
		return errors.New("label: no generator")
	}
	if l.Method == Omega {
		return l.omega(ctx, it, out)
	}
	return l.monteCarlo(ctx, it, out)
}

// ownAnswer labels the last step by the chain's own final answer: its prefix is the whole
// chain, so the chain is its one completion. Undecided leaves it unlabelled.
func (l *Labeler) ownAnswer(it Item, out *Chain) Reach {
	r := l.Grader.Grade(it.Chain.Problem, it.Gold, strings.Join(it.Chain.Texts(), "\n"))
	last := &out.Steps[len(out.Steps)-1]
	if last.Label != nil { // a proof decided it (combined)
		return r
	}
	switch r {
	case Reached:
		last.Label, last.Source = ptr(true), SourceAnswer
	case Missed:
		last.Label, last.Source = ptr(false), SourceAnswer
	}
	return r
}

// monteCarlo is Math-Shepherd: K rollouts from every prefix but the whole chain (graded by
// its own answer). mc-hard: right when any reaches the gold answer; mc-soft: right when the
// share is SoftThreshold or more. Under combined, steps a proof decided are not rolled out.
func (l *Labeler) monteCarlo(ctx context.Context, it Item, out *Chain) error {
	texts := it.Chain.Texts()
	k := l.k()
	for i := 0; i < len(texts)-1; i++ {
		s := &out.Steps[i]
		if s.Label != nil {
			continue
		}
		est, spent, err := l.Estimator.estimate(ctx, it.Chain.Problem, it.Gold, texts[:i+1], k)
		out.Rollouts += spent
		if err != nil {
			return fmt.Errorf("rollouts after step %d: %w", i+1, err)
		}
		record(s, est)
		right := est.reached > 0
		if l.Method == MCSoft {
			right = est.share() >= SoftThreshold
		}
		s.Label, s.Source = ptr(right), SourceMC
	}
	l.ownAnswer(it, out)
	return nil
}

// omega is OmegaPRM's binary search, on the given chain (OmegaPRM searches its own
// rollouts; here the chain to label is the one searched). A prefix is "bad" when none of
// its K rollouts reaches the gold answer. The whole chain is judged by its own answer: when
// it reaches the gold answer there is nothing to search (every step right, as OmegaPRM
// assumes of a correct rollout) and no rollout is spent; when its answer is undecided, the
// whole prefix is rolled out once. Then bad is searched on [0, n-1]: mid good moves right,
// mid bad moves left. Budget: at most ceil(log2 n) prefixes of K rollouts per chain (plus
// one when the answer is undecided), against n-1 for mc-hard. Steps before the located
// first error that were not rolled out are labelled right, inferred; steps after it that
// were not rolled out stay unlabelled.
func (l *Labeler) omega(ctx context.Context, it Item, out *Chain) error {
	texts := it.Chain.Texts()
	n := len(texts)
	k := l.k()
	probe := func(i int) (bool, error) { // reports bad(i)
		est, spent, err := l.Estimator.estimate(ctx, it.Chain.Problem, it.Gold, texts[:i+1], k)
		out.Rollouts += spent
		if err != nil {
			return false, fmt.Errorf("rollouts after step %d: %w", i+1, err)
		}
		s := &out.Steps[i]
		record(s, est)
		s.Label, s.Source = ptr(est.reached > 0), SourceMC
		return est.reached == 0, nil
	}
	switch l.ownAnswer(it, out) {
	case Reached:
		for i := range n - 1 {
			out.Steps[i].Label, out.Steps[i].Source = ptr(true), SourceInferred
		}
		return nil
	case Undecided:
		bad, err := probe(n - 1)
		if err != nil {
			return err
		}
		if !bad {
			for i := range n - 1 {
				out.Steps[i].Label, out.Steps[i].Source = ptr(true), SourceInferred
			}
			return nil
		}
	}
	lo, hi := 0, n-1 // the first bad prefix is in [lo, hi]; hi is bad
	for lo < hi {
		mid := (lo + hi) / 2
		bad, err := probe(mid)
		if err != nil {
			return err
		}
		if bad {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	for i := range lo {
		if out.Steps[i].Label == nil { // a probe below lo found the prefix good
			out.Steps[i].Label, out.Steps[i].Source = ptr(true), SourceInferred
		}
	}
	return nil
}

// LabelChains labels every item, Concurrency chains at a time, and returns the results in
// input order (a failed chain carries Err). The error joins the chains' errors (each naming
// its chain), or is the context's when it ended first.
func (l *Labeler) LabelChains(ctx context.Context, items []Item) ([]Chain, error) {
	n := l.Concurrency
	if n <= 0 {
		n = runtime.GOMAXPROCS(0)
	}
	out := make([]Chain, len(items))
	errs := make([]error, len(items))
	var (
		mu   sync.Mutex
		done int
		wg   sync.WaitGroup
	)
	next := make(chan int)
	for range min(n, max(len(items), 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				c, err := l.Label(ctx, items[i])
				if ctx.Err() != nil {
					continue // cut short: not a result
				}
				out[i] = c
				if err != nil {
					errs[i] = fmt.Errorf("%s (%s): %w", c.ID, c.Source, err)
				}
				mu.Lock()
				done++
				if l.Done != nil {
					l.Done(i, c)
				}
				if l.Progress != nil {
					l.Progress(done, len(items))
				}
				mu.Unlock()
			}
		}()
	}
feed:
	for i := range items {
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return out, err
	}
	return out, errors.Join(errs...)
}
