package search

import (
	"context"
	"fmt"
	"strings"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/generate"
)

// Algo is a search algorithm.
type Algo string

const (
	Greedy  Algo = "greedy"    // one chain at temperature 0, kept whatever its scores: the baseline
	BestOfN Algo = "best-of-n" // N complete chains, one picked
	Beam    Algo = "beam"      // N beams of width M: keep N/M, expand each M times
	DVTS    Algo = "dvts"      // N/M independent subtrees, each keeping its best of M
	MCTS    Algo = "mcts"      // PUCT selection, expansion by M sampled steps, the merged score as value
)

// ParseAlgo reads an algorithm's name.
func ParseAlgo(s string) (Algo, error) {
	switch a := Algo(strings.ToLower(strings.TrimSpace(s))); a {
	case Greedy, BestOfN, Beam, DVTS, MCTS:
		return a, nil
	case "bon", "best_of_n":
		return BestOfN, nil
	}
	return "", fmt.Errorf("unknown search %q (want greedy, best-of-n, beam, dvts or mcts)", s)
}

// Selection picks the final answer among the finished chains.
type Selection string

const (
	SelectBest     Selection = "best"     // the chain with the highest aggregate score
	SelectMajority Selection = "majority" // the answer most chains reach (grader-equal answers grouped)
	SelectWeighted Selection = "weighted" // the answer whose chains' aggregate scores sum highest
)

// ParseSelection reads a selection's name.
func ParseSelection(s string) (Selection, error) {
	switch v := Selection(strings.ToLower(strings.TrimSpace(s))); v {
	case "", SelectBest:
		return SelectBest, nil
	case SelectMajority, SelectWeighted:
		return v, nil
	}
	return "", fmt.Errorf("unknown selection %q (want best, majority or weighted)", s)
}

// Generator is what a search needs of a generator (generate.Client is one).
type Generator interface {
	Continue(ctx context.Context, problem string, prefixSteps []string, n int, p generate.Params) ([]generate.Sample, error)
}

var _ Generator = (*generate.Client)(nil)

// Options configure a search. The zero value (with Generator and Scorer set) is a beam search
// of N=4, width 4, min aggregate, best selection, 40 steps at most.
type Options struct {
	Algo  Algo
	N     int // beams, samples, or MCTS iterations; 0 means 4
	Width int // M; 0 means 4 (capped at N)
	// Lookahead adds this many greedy steps after each beam candidate, used only to score it
	// (search-and-learn's lookahead); 0 means none.
	Lookahead int
	// MaxSteps bounds a chain's length (the step budget); 0 means 40. The last step is
	// generated to the end.
	MaxSteps int
	Agg      hybrid.Aggregate
	Select   Selection
	// Prune drops every step the formal checker refuted, and its subtree. The hybrid and
	// formal-only policies prune; learned-only has no proofs to prune with.
	Prune bool
	// PreferVerified ranks a candidate whose new step the checker verified above every
	// candidate whose step it did not, then by score.
	PreferVerified bool
	// C is MCTS's exploration constant; 0 means 1.25 (OpenR's pb_c_init).
	C float64
	// Iterations of MCTS; 0 means N.
	Iterations int
	// Rollouts makes MCTS value a new node by a rollout to the end (scored) instead of its
	// merged score.
	Rollouts bool
	// Sampling are the generator's parameters (Final and Seed are set by the search).
	Sampling generate.Params
	// Seed varies the generator's seed per call deterministically; the same seed and problem
	// give the same search.
	Seed int64
	// Resample re-expands nodes whose every candidate was refuted, this many times; 0 means 1.
	Resample int
	// Tree keeps the explored tree in the result.
	Tree bool
	// Grader extracts and compares answers; nil means NewOutcomeGrader(nil).
	Grader Grader
}

func (o Options) withDefaults() Options {
	if o.Algo == "" {
		o.Algo = Beam
	}
	if o.N <= 0 {
		o.N = 4
	}
	if o.Width <= 0 {
		o.Width = 4
	}
	o.Width = min(o.Width, o.N)
	if o.MaxSteps <= 0 {
		o.MaxSteps = 40
	}
	if o.Agg == "" {
		o.Agg = hybrid.AggMin
	}
	if o.Select == "" {
		o.Select = SelectBest
	}
	if o.C <= 0 {
		o.C = 1.25
	}
	if o.Iterations <= 0 {
		o.Iterations = o.N
	}
	if o.Resample <= 0 {
		o.Resample = 1
	}
	if o.Grader == nil {
		o.Grader = NewOutcomeGrader(nil)
	}
	return o
}
