package search

import (
	"context"
	"strings"

	"github.com/leanprm/leanprm/hybrid/generate"
)

// greedy: one chain at temperature 0, step by step, nothing pruned.
func (t *tree) greedy(ctx context.Context) error {
	t.o.Sampling.Temperature = 0
	t.o.Prune = false
	cur := t.root
	for !cur.Final {
		kids, err := t.expand(ctx, []*Node{cur}, []int{1})
		if err != nil {
			return err
		}
		if len(kids[0]) == 0 {
			return nil
		}
		cur = kids[0][0]
	}
	return nil
}

// bestOfN: N complete chains from the root, each generated to its end.
func (t *tree) bestOfN(ctx context.Context) error {
	saved := t.o.MaxSteps
	t.o.MaxSteps, t.runToEnd = 1, true // the first call runs to the end; no budget is spent
	_, err := t.expand(ctx, []*Node{t.root}, []int{t.o.N})
	t.o.MaxSteps, t.runToEnd = saved, false
	return err
}

// beam is search-and-learn's beam search: the root gets N samples; each iteration keeps the
// best N/M unfinished candidates and expands each M times.
func (t *tree) beam(ctx context.Context) error {
	keep := max(1, t.o.N/t.o.Width)
	active := []*Node{t.root}
	ns := []int{t.o.N}
	for resample := 0; len(active) > 0 && len(t.done) < t.o.N; {
		kids, err := t.expand(ctx, active, ns)
		if err != nil {
			return err
		}
		var cands []*Node
		for _, k := range kids {
			for _, n := range k {
				if !n.Final {
					cands = append(cands, n)
				}
			}
		}
		if len(cands) == 0 && len(t.done) == 0 && resample < t.o.Resample {
			resample++ // every candidate refuted: draw again from the same beams
			continue
		}
		if t.o.Lookahead > 0 {
			if err := t.lookahead(ctx, cands); err != nil {
				return err
			}
		}
		t.sortNodes(cands)
		if len(cands) > keep {
			for _, n := range cands[keep:] {
				n.Pruned = "score"
				t.counts.PrunedByScore++
			}
			cands = cands[:keep]
		}
		active, ns = cands, make([]int, len(cands))
		for i := range ns {
			ns[i] = t.o.Width
		}
	}
	return nil
}

// lookahead scores each candidate by its chain extended greedily by Lookahead steps (the
// extension is scored and counted, then dropped).
func (t *tree) lookahead(ctx context.Context, cands []*Node) error {
	for _, c := range cands {
		steps := c.steps
		scores := c.scores
		for k := 0; k < t.o.Lookahead; k++ {
			p := t.o.Sampling
			p.Temperature, p.Meter = 0, t.meter
			smp, err := t.s.Generator.Continue(ctx, t.p.Problem, steps, 1, p)
			if err != nil {
				return err
			}
			text := strings.TrimSpace(smp[0].Text)
			if text == "" {
				break
			}
			rep := t.s.Scorer.Score(ctx, []ScoreRequest{{Problem: t.p.Problem, Prefix: steps, Steps: []string{text}}})
			if rep[0].Err != nil {
				return rep[0].Err
			}
			t.counts.StepsScored++
			steps = append(append([]string(nil), steps...), text)
			scores = append(append([]float64(nil), scores...), rep[0].Steps[0].Score)
			if smp[0].End != generate.EndStop || finalRe.MatchString(text) {
				break
			}
		}
		c.Path = t.o.Agg.Of(scores)
	}
	return nil
}

// dvts is search-and-learn's diverse verifier tree search: N/M subtrees from the root, each
// expanding its one beam M times and keeping the best.
func (t *tree) dvts(ctx context.Context) error {
	subtrees := max(1, t.o.N/t.o.Width)
	// The root's first expansion: N samples shared out M per subtree.
	kids, err := t.expand(ctx, []*Node{t.root}, []int{t.o.N})
	if err != nil {
		return err
	}
	first := kids[0]
	active := make([]*Node, subtrees)
	for s := 0; s < subtrees; s++ {
		var group []*Node
		for _, n := range first {
			if (n.ID-1)%subtrees == s {
				group = append(group, n)
			}
		}
		active[s] = t.pickOne(group)
	}
	for {
		var parents []*Node
		var slots []int
		for s, a := range active {
			if a != nil && !a.Final {
				parents = append(parents, a)
				slots = append(slots, s)
			}
		}
		if len(parents) == 0 {
			return nil
		}
		ns := make([]int, len(parents))
		for i := range ns {
			ns[i] = t.o.Width
		}
		kids, err := t.expand(ctx, parents, ns)
		if err != nil {
			return err
		}
		for i, s := range slots {
			best := t.pickOne(kids[i])
			if best == nil && kids[i] == nil {
				// Every candidate refuted: this subtree draws once more, then ends.
				again, err := t.expand(ctx, []*Node{parents[i]}, []int{t.o.Width})
				if err != nil {
					return err
				}
				best = t.pickOne(again[0])
			}
			active[s] = best
		}
	}
}

// pickOne returns the best of a subtree's candidates and marks the rest pruned by score.
func (t *tree) pickOne(group []*Node) *Node {
	if len(group) == 0 {
		return nil
	}
	t.sortNodes(group)
	for _, n := range group[1:] {
		if !n.Final {
			n.Pruned = "score"
			t.counts.PrunedByScore++
		}
	}
	return group[0]
}
