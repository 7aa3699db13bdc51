package search

import (
	"context"
	"math"
	"strings"

	"github.com/leanprm/leanprm/hybrid"
)

// mcts is Monte Carlo tree search with PUCT: select by Q + c·P·√N/(1+n) (P the siblings'
// normalised scores), expand a leaf by M sampled steps, value a new node by its merged path
// score (or a scored rollout to the end), back the value up.
func (t *tree) mcts(ctx context.Context) error {
	for it := 0; it < t.o.Iterations; it++ {
		n := t.root
		for len(n.Children) > 0 {
			next := t.select_(n)
			if next == nil {
				break
			}
			n = next
		}
		if n.Final || (n != t.root && n.Pruned != "") {
			t.backup(n, n.value)
			if len(t.live(t.root)) == 0 {
				return nil
			}
			continue
		}
		kids, err := t.expand(ctx, []*Node{n}, []int{t.o.Width})
		if err != nil {
			return err
		}
		if len(kids[0]) == 0 {
			n.Pruned = "proof" // every continuation refuted: a dead end
			n.value = 0
			t.backup(n, 0)
			continue
		}
		best := 0.0
		for _, k := range kids[0] {
			v := k.Path
			if t.o.Rollouts && !k.Final {
				if v, err = t.rollout(ctx, k); err != nil {
					return err
				}
			}
			k.value = v
			k.Visits = 1
			best = math.Max(best, v)
		}
		t.backup(n, best)
	}
	return t.complete(ctx)
}

// complete finishes an MCTS whose iterations found no finished chain: from the root it follows
// the best-valued unpruned child to a leaf, then extends the leaf by its best of M samples until
// a chain finishes or the step budget ends it (every call counted as any other).
func (t *tree) complete(ctx context.Context) error {
	if len(t.done) > 0 {
		return nil
	}
	n := t.root
	for len(n.Children) > 0 {
		var best *Node
		for _, c := range n.Children {
			if c.Pruned == "" && (best == nil || c.value > best.value) {
				best = c
			}
		}
		if best == nil {
			break
		}
		n = best
	}
	for tries := 0; !n.Final && n.Pruned == "" && tries <= t.o.MaxSteps; tries++ {
		kids, err := t.expand(ctx, []*Node{n}, []int{t.o.Width})
		if err != nil {
			return err
		}
		next := t.pickOne(kids[0])
		if next == nil {
			return nil // every continuation refuted
		}
		n = next
	}
	return nil
}

// live counts the unpruned, unfinished leaves under n.
func (t *tree) live(n *Node) []*Node {
	if n.Pruned != "" {
		return nil
	}
	if len(n.Children) == 0 {
		if n.Final {
			return nil
		}
		return []*Node{n}
	}
	var out []*Node
	for _, c := range n.Children {
		out = append(out, t.live(c)...)
	}
	return out
}

func (t *tree) select_(n *Node) *Node {
	sum := 0.0
	var kids []*Node
	for _, c := range n.Children {
		if c.Pruned == "proof" {
			continue
		}
		kids = append(kids, c)
		sum += c.Score
	}
	if len(kids) == 0 {
		return nil
	}
	var best *Node
	bestU := math.Inf(-1)
	for _, c := range kids {
		prior := 1 / float64(len(kids))
		if sum > 0 {
			prior = c.Score / sum
		}
		q := 0.0
		if c.Visits > 0 {
			q = c.value
		}
		u := q + t.o.C*prior*math.Sqrt(float64(n.Visits+1))/float64(1+c.Visits)
		if c.Final && c.Visits > 0 {
			u -= 1 // a finished chain is known: look elsewhere
		}
		if u > bestU {
			best, bestU = c, u
		}
	}
	return best
}

// backup adds a value along the path to the root (running mean).
func (t *tree) backup(n *Node, v float64) {
	for ; n != nil; n = n.parent {
		n.Visits++
		n.value += (v - n.value) / float64(n.Visits)
	}
}

// rollout generates n's chain to the end and returns its aggregate score (the rollout's steps
// are scored and counted, not kept).
func (t *tree) rollout(ctx context.Context, n *Node) (float64, error) {
	p := t.o.Sampling
	p.Final, p.Meter = true, t.meter
	smp, err := t.s.Generator.Continue(ctx, t.p.Problem, n.steps, 1, p)
	if err != nil {
		return 0, err
	}
	steps := splitFinal(strings.TrimSpace(smp[0].Text), smp[0], true)
	rep := t.s.Scorer.Score(ctx, []ScoreRequest{{Problem: t.p.Problem, Prefix: n.steps, Handle: n.handle, Steps: steps}})
	if rep[0].Err != nil {
		return 0, rep[0].Err
	}
	t.counts.StepsScored += len(steps)
	scores := append([]float64(nil), n.scores...)
	for _, s := range rep[0].Steps {
		if s.Verdict == hybrid.Refuted && t.o.Prune {
			return 0, nil
		}
		scores = append(scores, s.Score)
	}
	return t.o.Agg.Of(scores), nil
}
