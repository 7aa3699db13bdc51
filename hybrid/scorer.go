package hybrid

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"github.com/leanprm/leanprm/hybrid/chain"
)

// PRM is a learned process reward model as hybrid needs it: one score in
// [0, 1] per step, the probability that the step is right given the
// problem and the steps before it.
type PRM interface {
	ScoreChain(ctx context.Context, problem string, steps []chain.Step) ([]float64, error)
}

// PRMInput is one chain for BatchPRM.
type PRMInput struct {
	Problem string
	Steps   []chain.Step
}

// BatchPRM is a PRM that scores many chains at once more cheaply than one
// by one (a served model batches requests). errs[i] is set when chain i
// failed; scores[i] is then nil.
type BatchPRM interface {
	PRM
	ScoreChains(ctx context.Context, chains []PRMInput) (scores [][]float64, errs []error)
}

// ScoredStep is the merged result for one step. It always says where its
// score came from (Source, Policy) and carries both sides' evidence.
type ScoredStep struct {
	Index  int    `json:"index"`
	Text   string `json:"text"`
	Formal bool   `json:"formal,omitempty"` // a Lean step
	// Label is the gold label, when the input had one.
	Label chain.Label `json:"label,omitempty"`

	Score  float64 `json:"score"`
	Source Source  `json:"source"`
	Policy string  `json:"policy"`

	Verdict     Verdict      `json:"verdict"`
	Checker     string       `json:"checker,omitempty"`
	FullyFormal bool         `json:"fully_formal,omitempty"`
	Obligations []Obligation `json:"obligations,omitempty"`

	// Learned is the learned PRM's score; nil when no PRM ran.
	Learned *float64 `json:"learned,omitempty"`
}

// Scored is the merged result for one chain.
type Scored struct {
	ID      string `json:"id"`
	Source  string `json:"source,omitempty"`
	Subset  string `json:"subset,omitempty"`
	Problem string `json:"problem"`
	// FirstError is the gold first-error index (NoError, NoLabel); named
	// gold_first_error in JSON so no reader takes it for a prediction.
	FirstError int          `json:"gold_first_error"`
	Policy     string       `json:"policy"`
	Steps      []ScoredStep `json:"steps"`
	// Warnings note what degraded the result without failing it, such as
	// a formal check that failed (the learned scores then stand alone).
	Warnings []string `json:"warnings,omitempty"`
	// CheckerFailed says that a formal checker failed on this chain (crashed, timed out,
	// gave no answer, even after its retry): the scores rest on what answered, and a
	// service that turns scores into rewards must not take them for a clean result.
	CheckerFailed bool `json:"checker_failed,omitempty"`
	// Err is set when the chain could not be scored.
	Err string `json:"error,omitempty"`
	// GoldAnswer and AnswerCorrect are the chain's ground-truth answer (chain.Chain.Gold) and
	// the data set's judgement of its final answer, carried from the input for outcome grading.
	// (CheckJSON's Gold is the gold first-error index.)
	GoldAnswer    string `json:"gold,omitempty"`
	AnswerCorrect *bool  `json:"final_answer_correct,omitempty"`
}

// Scores returns the merged step scores.
func (r *Scored) Scores() []float64 {
	out := make([]float64, len(r.Steps))
	for i, s := range r.Steps {
		out[i] = s.Score
	}
	return out
}

// Has reports whether any step has verdict v (for `check --fail-on
// refuted`).
func (r *Scored) Has(v Verdict) bool {
	for _, s := range r.Steps {
		if s.Verdict == v {
			return true
		}
	}
	return false
}

// Aggregate is the chain's score under a.
func (r *Scored) Aggregate(a Aggregate) float64 { return a.Of(r.Scores()) }

// Predict returns the first step whose score is below threshold, or
// NoError.
func (r *Scored) Predict(threshold float64) int {
	for i, s := range r.Steps {
		if s.Score < threshold {
			return i
		}
	}
	return chain.NoError
}

// WithPolicy re-merges the chain's evidence under p. Formal verdicts and
// learned scores are kept, so one scoring run serves every policy.
func (r Scored) WithPolicy(p Policy) Scored {
	steps := make([]ScoredStep, len(r.Steps))
	copy(steps, r.Steps)
	for i := range steps {
		s := &steps[i]
		if s.Learned == nil {
			// No learned score to merge: only the verdict can speak.
			s.Score, s.Source = PolicyFormal.Merge(s.Verdict, s.Formal || s.FullyFormal, 0)
		} else {
			s.Score, s.Source = p.Merge(s.Verdict, s.Formal || s.FullyFormal, *s.Learned)
		}
		s.Policy = p.Name()
	}
	r.Steps = steps
	r.Policy = p.Name()
	return r
}

// WithPolicy re-merges every result under p.
func WithPolicy(results []Scored, p Policy) []Scored {
	out := make([]Scored, len(results))
	for i := range results {
		out[i] = results[i].WithPolicy(p)
	}
	return out
}

// Scorer scores chains: the learned PRM and the formal checker each see
// every chain, and Policy merges their answers per step.
type Scorer struct {
	// PRM is required unless Policy is formal-only.
	PRM PRM
	// Formal is the formal side; nil means NoFormal.
	Formal Formal
	Policy Policy
	// Concurrency bounds the chains in flight; 0 means GOMAXPROCS.
	Concurrency int
	// Progress, if set, is called after each chain with the number done
	// and the total; calls never overlap.
	Progress func(done, total int)
	// Done, if set, gets each chain's result as soon as it is scored (in completion order,
	// by input index i); calls never overlap. Results cut short by cancellation are not
	// passed, so what Done saw is what an interrupted run finished (check --jsonl writes it).
	Done func(i int, r Scored)
}

func (s *Scorer) formal() Formal {
	if s.Formal == nil {
		return NoFormal{}
	}
	return s.Formal
}

// ScoreChain scores one chain.
func (s *Scorer) ScoreChain(ctx context.Context, c chain.Chain) (Scored, error) {
	var (
		learned  []float64
		warnings []string
	)
	if s.PRM != nil {
		var (
			err     error
			problem string
			steps   []chain.Step
		)
		problem, steps, warnings = learnedInput(c)
		learned, err = s.PRM.ScoreChain(ctx, problem, steps)
		if err == nil && len(learned) != len(c.Steps) {
			err = fmt.Errorf("PRM returned %d scores for %d steps", len(learned), len(c.Steps))
		}
		if err != nil {
			return s.failed(c, err), fmt.Errorf("%s: learned PRM: %w", c.Source, err)
		}
	} else if s.Policy.mode() != ModeFormal {
		return s.failed(c, errors.New("no PRM")), errors.New("hybrid: Scorer needs a PRM unless the policy is formal-only")
	}
	return s.merge(ctx, c, learned, warnings)
}

func (s *Scorer) failed(c chain.Chain, err error) Scored {
	return Scored{ID: c.ID, Source: c.Source, Subset: c.Subset, Problem: c.Problem,
		FirstError: c.FirstError, Policy: s.Policy.Name(), Err: err.Error(),
		GoldAnswer: c.Gold, AnswerCorrect: c.AnswerCorrect}
}

// merge runs the formal side and merges it with learned (nil: no PRM). warnings are what the
// learned side noted (truncated texts).
func (s *Scorer) merge(ctx context.Context, c chain.Chain, learned []float64, warnings []string) (Scored, error) {
	res := Scored{
		ID: c.ID, Source: c.Source, Subset: c.Subset, Problem: c.Problem,
		FirstError: c.FirstError, Policy: s.Policy.Name(),
		Steps:      make([]ScoredStep, len(c.Steps)),
		Warnings:   warnings,
		GoldAnswer: c.Gold, AnswerCorrect: c.AnswerCorrect,
	}
	fs, err := checkFormal(ctx, s.formal(), c.Problem, c.Steps)
	if err != nil {
		if ctx.Err() != nil {
			return res, ctx.Err()
		}
		res.Warnings = append(res.Warnings, "formal check failed, learned scores only: "+err.Error())
		res.CheckerFailed = true
		fs = make([]FormalStep, len(c.Steps))
	}
	sw := stepWarnings(fs)
	res.Warnings = append(res.Warnings, sw...)
	res.CheckerFailed = res.CheckerFailed || len(sw) > 0
	for i, st := range c.Steps {
		f := fs[i]
		r := ScoredStep{
			Index: i, Text: st.Text, Formal: st.Formal, Label: st.Label,
			Verdict: f.Verdict, Checker: f.Checker, FullyFormal: f.FullyFormal,
			Obligations: f.Obligations, Policy: res.Policy,
		}
		l := math.NaN()
		if learned != nil {
			l = clamp01(learned[i])
			r.Learned = &l
		}
		r.Score, r.Source = s.Policy.Merge(f.Verdict, st.Formal || f.FullyFormal, l)
		res.Steps[i] = r
	}
	return res, nil
}

// stepWarnings lists the formal side's warnings once each, with the steps
// (1-based) that carry them: one failed REPL command touches every step of
// the chain.
func stepWarnings(fs []FormalStep) []string {
	var order []string
	steps := map[string][]string{}
	for i, f := range fs {
		for _, w := range f.Warnings {
			if _, ok := steps[w]; !ok {
				order = append(order, w)
			}
			steps[w] = append(steps[w], strconv.Itoa(i+1))
		}
	}
	out := make([]string, len(order))
	for i, w := range order {
		word := "step "
		if len(steps[w]) > 1 {
			word = "steps "
		}
		out[i] = word + strings.Join(steps[w], ", ") + ": " + w
	}
	return out
}

func clamp01(x float64) float64 {
	switch {
	case math.IsNaN(x):
		return 0
	case x < 0:
		return 0
	case x > 1:
		return 1
	}
	return x
}

// ScoreChains scores chains concurrently and returns results in input
// order. A chain that fails has Err set and its error is joined into the
// returned error; the others are still scored. Cancelling ctx stops the
// run and returns ctx.Err().
func (s *Scorer) ScoreChains(ctx context.Context, chains []chain.Chain) ([]Scored, error) {
	results := make([]Scored, len(chains))
	errs := make([]error, len(chains))

	// A batching PRM sees every chain in one call; it does its own
	// batching and concurrency.
	var (
		learned  [][]float64
		warnings [][]string
	)
	if b, ok := s.PRM.(BatchPRM); ok && len(chains) > 0 {
		in := make([]PRMInput, len(chains))
		warnings = make([][]string, len(chains))
		for i, c := range chains {
			problem, steps, w := learnedInput(c)
			in[i] = PRMInput{Problem: problem, Steps: steps}
			warnings[i] = w
		}
		var perr []error
		learned, perr = b.ScoreChains(ctx, in)
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if len(learned) != len(chains) || len(perr) != len(chains) {
			return nil, fmt.Errorf("batch PRM returned %d results for %d chains", len(learned), len(chains))
		}
		for i := range chains {
			if perr[i] == nil && len(learned[i]) != len(chains[i].Steps) {
				perr[i] = fmt.Errorf("PRM returned %d scores for %d steps", len(learned[i]), len(chains[i].Steps))
			}
			if perr[i] != nil {
				errs[i] = fmt.Errorf("%s: learned PRM: %w", chains[i].Source, perr[i])
				results[i] = s.failed(chains[i], perr[i])
			}
		}
	}

	workers := s.Concurrency
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, max(1, len(chains)))
	jobs := make(chan int)
	done := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				if errs[i] == nil {
					if learned != nil {
						results[i], errs[i] = s.merge(ctx, chains[i], learned[i], warnings[i])
					} else {
						results[i], errs[i] = s.ScoreChain(ctx, chains[i])
					}
				}
				done <- i
			}
		}()
	}
	go func() {
		defer close(jobs)
		for i := range chains {
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(done)
	}()
	n := 0
	for i := range done {
		n++
		if s.Progress != nil {
			s.Progress(n, len(chains))
		}
		if s.Done != nil && (errs[i] == nil || ctx.Err() == nil) {
			s.Done(i, results[i])
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return results, errors.Join(errs...)
}
