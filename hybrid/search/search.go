package search

import (
	"context"
	"fmt"
	"hash/fnv"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/generate"
)

// Problem is one problem to search: its id, text and (optional) gold answer.
type Problem struct {
	ID      string `json:"id"`
	Problem string `json:"problem"`
	Gold    string `json:"gold,omitempty"`
}

// Step is one step of the chosen chain.
type Step struct {
	Text    string         `json:"text"`
	Score   float64        `json:"score"`
	Source  hybrid.Source  `json:"source"`
	Verdict hybrid.Verdict `json:"verdict"`
	Checker string         `json:"checker,omitempty"`
	Learned *float64       `json:"learned,omitempty"`
	// Generator names who wrote the step (the generator's model; "sim" for the simulator).
	Generator string `json:"generator"`
}

// Counts are what a search cost and cut.
type Counts struct {
	GeneratorCalls   int64 `json:"generator_calls"`
	GeneratorRetries int64 `json:"generator_retries"`
	PromptTokens     int64 `json:"prompt_tokens"`
	CompletionTokens int64 `json:"completion_tokens"`
	Samples          int   `json:"samples"`
	StepsScored      int   `json:"steps_scored"`
	PrunedByProof    int   `json:"pruned_by_proof"`
	PrunedByScore    int   `json:"pruned_by_score"`
	Duplicates       int   `json:"duplicates_merged"`
	Finished         int   `json:"chains_finished"`
}

// Result is one problem's search.
type Result struct {
	ID string `json:"id"`
	// Problem is the problem's text, so a result reads as a chain on its own (leanprm label).
	Problem string   `json:"problem,omitempty"`
	Algo    Algo     `json:"algo"`
	Policy  string   `json:"policy,omitempty"`
	Chain   []Step   `json:"chain"`
	Score   *float64 `json:"chain_score,omitempty"`
	Answer  string   `json:"answer"`
	Gold    string   `json:"gold,omitempty"`
	Outcome string   `json:"outcome"`
	Reason  string   `json:"outcome_reason,omitempty"`
	Counts  Counts   `json:"counts"`
	WallMS  int64    `json:"wall_ms"`
	Error   string   `json:"error,omitempty"`
	Tree    *Node    `json:"tree,omitempty"`
	// Truncated: the chosen chain was ended by the step budget (MaxSteps): its last call was
	// told to finish. A sample cut by max_tokens is MaxTokensCut instead.
	Truncated bool `json:"step_budget_reached,omitempty"`
	// MaxTokensCut: the chosen chain's last sample stopped at max_tokens (finish reason length).
	MaxTokensCut bool `json:"max_tokens_reached,omitempty"`
	// Fallback says why the chosen chain is not a clean pick: every finished chain had a
	// refuted step, and this is the best of them by the selection.
	Fallback string `json:"fallback,omitempty"`
}

// FallbackRefuted is Result.Fallback when every finished chain has a refuted step.
const FallbackRefuted = "every finished chain has a refuted step; this is the best of them"

// Node is one step of the explored tree.
type Node struct {
	ID      int            `json:"id"`
	Text    string         `json:"text,omitempty"`
	Score   float64        `json:"score"`
	Path    float64        `json:"path_score"`
	Verdict hybrid.Verdict `json:"verdict,omitempty"`
	Checker string         `json:"checker,omitempty"`
	Pruned  string         `json:"pruned,omitempty"` // "proof" or "score"
	Final   bool           `json:"final,omitempty"`
	Answer  string         `json:"answer,omitempty"`
	Count   int            `json:"count,omitempty"` // samples merged into this node
	Visits  int            `json:"visits,omitempty"`
	// Chosen marks the steps of the chosen chain.
	Chosen   bool    `json:"chosen,omitempty"`
	Children []*Node `json:"children,omitempty"`

	parent  *Node
	depth   int
	steps   []string            // the chain up to and including this node
	scored  []hybrid.ScoredStep // the scores of this node's steps
	source  string
	handle  string
	end     generate.End
	budget  bool // ended by the step budget
	value   float64
	scores  []float64 // merged scores along the path
	learned *float64
}

// Run searches every problem, calling emit with each result as soon as it is done (calls never
// overlap; order is the problems' order when workers is 1). A problem whose generator or
// scorer fails gets a Result with Error; the others still run. Cancelling ctx stops the search:
// problems not finished are not emitted.
type Searcher struct {
	Generator Generator
	Scorer    Scorer
	Options   Options
	// Policy names the scoring policy in results.
	Policy string
}

// Search runs one problem.
func (s *Searcher) Search(ctx context.Context, p Problem) Result {
	o := s.Options.withDefaults()
	start := time.Now()
	t := &tree{s: s, o: o, p: p, meter: &generate.Meter{}}
	t.root = &Node{ID: 0}
	t.nodes = 1
	t.seed = o.Seed ^ int64(hashString(p.ID+"\x00"+p.Problem))
	var err error
	switch o.Algo {
	case Greedy:
		err = t.greedy(ctx)
	case BestOfN:
		err = t.bestOfN(ctx)
	case Beam:
		err = t.beam(ctx)
	case DVTS:
		err = t.dvts(ctx)
	case MCTS:
		err = t.mcts(ctx)
	default:
		err = fmt.Errorf("unknown search %q", o.Algo)
	}
	r := Result{ID: p.ID, Problem: p.Problem, Algo: o.Algo, Policy: s.Policy, Gold: p.Gold, Outcome: "unknown"}
	u := t.meter.Usage()
	t.counts.GeneratorCalls, t.counts.GeneratorRetries = u.Calls, u.Retries
	t.counts.PromptTokens, t.counts.CompletionTokens = u.PromptTokens, u.CompletionTokens
	if err != nil {
		if ctx.Err() != nil {
			r.Error = "interrupted"
		} else {
			r.Error = err.Error()
		}
	} else {
		t.finish(&r)
	}
	r.Counts = t.counts
	r.WallMS = time.Since(start).Milliseconds()
	if o.Tree {
		r.Tree = t.root
	}
	return r
}

// tree is one problem's search state.
type tree struct {
	s      *Searcher
	o      Options
	p      Problem
	root   *Node
	nodes  int
	meter  *generate.Meter
	counts Counts
	seed   int64
	calls  int64
	done   []*Node // finished chains
	// refutedDone are the chains that ended but were pruned for a refuted step: the pick of
	// last resort when no other chain finished.
	refutedDone []*Node
	// runToEnd: the calls are told to finish because the algorithm generates whole chains
	// (best-of-n), not because the step budget is spent.
	runToEnd bool
}

func hashString(s string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return h.Sum64()
}

// finalRe marks a step that states the final answer.
var finalRe = regexp.MustCompile(`(?i)\bthe (?:final )?answer is\b|\\boxed\{|^####`)

// expand asks for n continuations of each parent (ns[i] for parents[i]) and scores the new
// steps; duplicates among siblings merge, refuted steps are pruned. It returns the new kept
// children of each parent.
func (t *tree) expand(ctx context.Context, parents []*Node, ns []int) ([][]*Node, error) {
	type gen struct {
		samples []generate.Sample
		err     error
	}
	gens := make([]gen, len(parents))
	errc := make(chan struct{}, len(parents))
	for i, par := range parents {
		p := t.o.Sampling
		p.Meter = t.meter
		p.Final = par.depth+1 >= t.o.MaxSteps
		t.calls++
		seed := t.seed + t.calls*7919
		p.Seed = &seed
		go func(i int, par *Node, p generate.Params) {
			gens[i].samples, gens[i].err = t.s.Generator.Continue(ctx, t.p.Problem, par.steps, ns[i], p)
			errc <- struct{}{}
		}(i, par, p)
	}
	for range parents {
		<-errc
	}
	var reqs []ScoreRequest
	var fresh []*Node
	kids := make([][]*Node, len(parents))
	var firstErr error
	for i, par := range parents {
		if gens[i].err != nil {
			if firstErr == nil {
				firstErr = gens[i].err
			}
			continue
		}
		t.counts.Samples += len(gens[i].samples)
		seen := map[string]*Node{}
		for _, smp := range gens[i].samples {
			text := strings.TrimSpace(smp.Text)
			if text == "" {
				continue // an empty step ends nothing and says nothing
			}
			steps := splitFinal(text, smp, par.depth+1 >= t.o.MaxSteps)
			key := strings.Join(strings.Fields(strings.Join(steps, " ")), " ")
			if d := seen[key]; d != nil {
				d.Count++
				t.counts.Duplicates++
				continue
			}
			n := &Node{ID: t.nodes, Text: strings.Join(steps, "\n\n"), parent: par, depth: par.depth + len(steps), Count: 1, source: smp.Source, end: smp.End}
			t.nodes++
			n.steps = append(append([]string(nil), par.steps...), steps...)
			n.Final = smp.End != generate.EndStop || finalRe.MatchString(steps[len(steps)-1]) || par.depth+1 >= t.o.MaxSteps
			n.budget = par.depth+1 >= t.o.MaxSteps && !t.runToEnd
			seen[key] = n
			par.Children = append(par.Children, n)
			fresh = append(fresh, n)
			reqs = append(reqs, ScoreRequest{Problem: t.p.Problem, Prefix: par.steps, Handle: par.handle, Steps: steps})
		}
	}
	if len(parents) > 0 && len(fresh) == 0 && firstErr != nil {
		return nil, firstErr
	}
	if err := t.score(ctx, fresh, reqs); err != nil {
		return nil, err
	}
	idx := map[*Node]int{}
	for i, par := range parents {
		idx[par] = i
	}
	for _, n := range fresh {
		if n.Pruned != "" {
			if n.Final && n.Pruned == "proof" {
				t.refutedDone = append(t.refutedDone, n)
			}
			continue
		}
		i := idx[n.parent]
		kids[i] = append(kids[i], n)
		if n.Final {
			t.finishNode(n)
		}
	}
	return kids, nil
}

// splitFinal splits a sample into steps: one step, or, when it ran to the end (a final call),
// the steps it wrote.
func splitFinal(text string, smp generate.Sample, final bool) []string {
	if !final && smp.End == generate.EndStop {
		return []string{text}
	}
	var out []string
	for _, s := range strings.Split(text, "\n\n") {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	if len(out) == 0 {
		return []string{text}
	}
	return out
}

// score scores new nodes (each request the node's new steps) and prunes the refuted.
func (t *tree) score(ctx context.Context, nodes []*Node, reqs []ScoreRequest) error {
	if len(nodes) == 0 {
		return nil
	}
	replies := t.s.Scorer.Score(ctx, reqs)
	if ctx.Err() != nil {
		return ctx.Err()
	}
	for i, n := range nodes {
		rep := replies[i]
		if rep.Err != nil {
			return rep.Err
		}
		t.counts.StepsScored += len(rep.Steps)
		n.handle = rep.Handle
		n.scores = append([]float64(nil), n.parent.scores...)
		refuted := false
		for _, st := range rep.Steps {
			n.scores = append(n.scores, st.Score)
			if st.Verdict == hybrid.Refuted {
				refuted = true
			}
		}
		last := rep.Steps[len(rep.Steps)-1]
		n.scored, n.learned = rep.Steps, last.Learned
		n.Score, n.Verdict, n.Checker = last.Score, last.Verdict, last.Checker
		if refuted {
			n.Verdict = hybrid.Refuted
		}
		n.Path = t.o.Agg.Of(n.scores)
		n.value = n.Path
		if refuted && t.o.Prune {
			n.Pruned = "proof"
			t.counts.PrunedByProof++
		}
	}
	return nil
}

// stepsOf returns the scored steps of n's chain (the root's children first).
func stepsOf(n *Node) []*Node {
	var path []*Node
	for ; n != nil && n.parent != nil; n = n.parent {
		path = append(path, n)
	}
	for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
		path[i], path[j] = path[j], path[i]
	}
	return path
}

func (t *tree) finishNode(n *Node) {
	n.Answer, _ = t.o.Grader.Extract(strings.Join(n.steps, "\n\n"))
	t.done = append(t.done, n)
	t.counts.Finished++
}

// better orders candidates: verified first when PreferVerified, then by path score, then by
// id (the earlier sample), so a search is deterministic.
func (t *tree) better(a, b *Node) bool {
	if t.o.PreferVerified {
		va, vb := a.Verdict == hybrid.Verified, b.Verdict == hybrid.Verified
		if va != vb {
			return va
		}
	}
	if a.Path != b.Path {
		return a.Path > b.Path
	}
	return a.ID < b.ID
}

func (t *tree) sortNodes(ns []*Node) {
	sort.SliceStable(ns, func(i, j int) bool { return t.better(ns[i], ns[j]) })
}

// finish picks the answer among the finished chains and fills the result.
func (t *tree) finish(r *Result) {
	cands := t.done
	if t.o.Algo == Greedy && len(cands) == 0 {
		// The greedy chain ended without a final answer: it is still the chain.
		if leaf := deepest(t.root); leaf != nil {
			cands = []*Node{leaf}
			leaf.Answer, _ = t.o.Grader.Extract(strings.Join(leaf.steps, "\n\n"))
		}
	}
	if len(cands) == 0 && len(t.refutedDone) > 0 {
		// Every chain that ended has a refuted step: the problem still gets the best of them,
		// marked as such (search-and-learn keeps such samples too; a caller may drop them).
		for _, n := range t.refutedDone {
			n.Answer, _ = t.o.Grader.Extract(strings.Join(n.steps, "\n\n"))
		}
		cands, r.Fallback = t.refutedDone, FallbackRefuted
	}
	if len(cands) == 0 {
		r.Error = "no chain finished: every branch was refuted or cut"
		if t.counts.PrunedByProof == 0 {
			r.Error = "no chain finished within the step budget"
		}
		return
	}
	chosen := t.pick(cands)
	r.Truncated, r.MaxTokensCut = chosen.budget, chosen.end == generate.EndLength
	for _, n := range stepsOf(chosen) {
		n.Chosen = true
		texts := strings.Split(n.Text, "\n\n")
		for i, st := range n.scored {
			text := st.Text
			if i < len(texts) {
				text = texts[i]
			}
			r.Chain = append(r.Chain, Step{Text: text, Score: st.Score, Source: st.Source, Verdict: st.Verdict, Checker: st.Checker, Learned: st.Learned, Generator: n.source})
		}
	}
	score := chosen.Path
	r.Score = &score
	r.Answer = chosen.Answer
	if t.p.Gold != "" {
		if r.Answer == "" {
			r.Outcome, r.Reason = "unknown", "no final answer found in the chosen chain"
		} else {
			r.Outcome, r.Reason = t.o.Grader.Grade(t.p.Problem, t.p.Gold, r.Answer)
		}
	} else {
		r.Reason = "no gold answer given"
	}
}

func deepest(n *Node) *Node {
	var best *Node
	var walk func(n *Node)
	walk = func(n *Node) {
		if n.parent != nil && (best == nil || n.depth > best.depth) {
			best = n
		}
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(n)
	return best
}

// pick selects among finished chains by Options.Select.
func (t *tree) pick(cands []*Node) *Node {
	sorted := append([]*Node(nil), cands...)
	t.sortNodes(sorted)
	if t.o.Select == SelectBest {
		return sorted[0]
	}
	// Group answers into the grader's classes (each answer proven equal to every other of
	// its class, as best-of-N's votes group them); a group's representative is its first
	// (best) chain, and chains without an answer are each alone.
	type group struct {
		rep    *Node
		count  int
		weight float64
	}
	answers := make([]string, len(sorted))
	for i, n := range sorted {
		answers[i] = n.Answer
	}
	var groups []*group
	for _, members := range t.o.Grader.Classes(answers) {
		g := &group{rep: sorted[members[0]]}
		for _, m := range members {
			n := sorted[m]
			g.count += max(1, n.Count)
			g.weight += n.Path * float64(max(1, n.Count))
		}
		groups = append(groups, g)
	}
	best := groups[0]
	for _, g := range groups[1:] {
		if (t.o.Select == SelectMajority && g.count > best.count) || (t.o.Select == SelectWeighted && g.weight > best.weight) {
			best = g
		}
	}
	return best.rep
}
