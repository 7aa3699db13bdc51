package search

import (
	"context"
	"fmt"
	"hash/fnv"
	"math"
	"regexp"
	"sort"
	"strings"
	"time"

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
	// Grader extracts and compares answers; nil means NewOutcomeGrader().
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
		o.Grader = NewOutcomeGrader()
	}
	return o
}

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
	Problem   string   `json:"problem,omitempty"`
	Algo      Algo     `json:"algo"`
	Policy    string   `json:"policy,omitempty"`
	Chain     []Step   `json:"chain"`
	Score     *float64 `json:"chain_score,omitempty"`
	Answer    string   `json:"answer"`
	Gold      string   `json:"gold,omitempty"`
	Outcome   string   `json:"outcome"`
	Reason    string   `json:"outcome_reason,omitempty"`
	Counts    Counts   `json:"counts"`
	WallMS    int64    `json:"wall_ms"`
	Error     string   `json:"error,omitempty"`
	Tree      *Node    `json:"tree,omitempty"`
	Truncated bool     `json:"step_budget_reached,omitempty"`
}

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
	// truncated is set when the step budget ended a chain.
	truncated bool
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
			if smp.End == generate.EndLength {
				t.truncated = true
			}
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
	t.o.MaxSteps = 1 // the first call runs to the end
	_, err := t.expand(ctx, []*Node{t.root}, []int{t.o.N})
	t.o.MaxSteps = saved
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

// finish picks the answer among the finished chains and fills the result.
func (t *tree) finish(r *Result) {
	r.Truncated = t.truncated
	cands := t.done
	if t.o.Algo == Greedy && len(cands) == 0 {
		// The greedy chain ended without a final answer: it is still the chain.
		if leaf := deepest(t.root); leaf != nil {
			cands = []*Node{leaf}
			leaf.Answer, _ = t.o.Grader.Extract(strings.Join(leaf.steps, "\n\n"))
		}
	}
	if len(cands) == 0 {
		r.Error = "no chain finished: every branch was refuted or cut"
		if t.counts.PrunedByProof == 0 {
			r.Error = "no chain finished within the step budget"
		}
		return
	}
	chosen := t.pick(cands)
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
			r.Outcome, r.Reason = t.o.Grader.Grade(t.p.Gold, r.Answer)
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
	// Group grader-equal answers: each group's representative is its first (best) chain.
	type group struct {
		rep    *Node
		count  int
		weight float64
	}
	var groups []*group
	for _, n := range sorted {
		var g *group
		for _, h := range groups {
			if n.Answer != "" && h.rep.Answer != "" {
				if v, _ := t.o.Grader.Grade(h.rep.Answer, n.Answer); v == "equal" {
					g = h
					break
				}
			}
		}
		if g == nil {
			g = &group{rep: n}
			groups = append(groups, g)
		}
		g.count += max(1, n.Count)
		g.weight += n.Path * float64(max(1, n.Count))
	}
	best := groups[0]
	for _, g := range groups[1:] {
		if (t.o.Select == SelectMajority && g.count > best.count) || (t.o.Select == SelectWeighted && g.weight > best.weight) {
			best = g
		}
	}
	return best.rep
}
