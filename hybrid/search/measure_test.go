package search_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/hybrid/generate"
	"github.com/leanprm/leanprm/hybrid/search"
	"github.com/leanprm/leanprm/internal/gensim"
	"github.com/leanprm/leanprm/internal/testutil/testshared"
)

// sampleProblems returns n problems with reference solutions chosen by a hash of their id (a
// fixed sample, the same on every machine): from GSM8K's test split by default (whose
// reference lines the embedded PRM never trained on), or with set "train" from GSM8K's
// training split (in-sample for the PRM, which trains on corrupted training solutions).
//
// The test split comes from MR-GSM8K's rows, taking only its GSM8K problems: question_type
// "original" and "POT" (the same problems, the same ground-truth solution, so deduplicated by
// question), whose ground-truth solution is GSM8K's own reference solution with its
// <<expr=value>> calculator annotations. MR-GSM8K's "reversed" rows are its own rewritten
// problems whose solutions carry no annotation at all; the simulated generator slips only on a
// step with a calculation, so on them it never slips and greedy is always right — counting them
// would measure the sample, not the search.
func sampleProblems(t testing.TB, n int, set string) ([]*gensim.Problem, []search.Problem) {
	var rows []string
	var ids []string
	var anns []int // calculator annotations per reference solution
	if set == "train" {
		data, err := os.ReadFile(testshared.Path(t, "data/gsm8k/train.jsonl"))
		require.NoError(t, err)
		for i, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			rows = append(rows, l)
			ids = append(ids, "gsm8k-train:"+strconv.Itoa(i+1))
			anns = append(anns, strings.Count(l, "<<"))
		}
	} else {
		data, err := os.ReadFile(testshared.Path(t, "data/mr-gsm8k/labeled.jsonl"))
		require.NoError(t, err)
		seen := map[string]bool{}
		for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			var r struct {
				UUID     string `json:"uuid"`
				Question string `json:"question"`
				Solution string `json:"ground_truth_solution"`
				Type     string `json:"question_type"`
			}
			require.NoError(t, json.Unmarshal([]byte(l), &r))
			if r.Type != "original" && r.Type != "POT" {
				continue
			}
			if seen[r.Question] || !strings.Contains(r.Solution, "####") {
				continue
			}
			seen[r.Question] = true
			b, _ := json.Marshal(map[string]string{"question": r.Question, "answer": r.Solution})
			rows = append(rows, string(b))
			ids = append(ids, "mr-gsm8k:"+r.UUID)
			anns = append(anns, strings.Count(r.Solution, "<<"))
		}
	}
	ps, err := gensim.ReadProblems(strings.NewReader(strings.Join(rows, "\n")), set)
	require.NoError(t, err)
	require.Len(t, ps, len(ids))
	type idx struct {
		i int
		h uint64
	}
	var order []idx
	for i := range ps {
		order = append(order, idx{i, fnv64(ids[i])})
	}
	sort.Slice(order, func(a, b int) bool { return order[a].h < order[b].h })
	var out []search.Problem
	var sims []*gensim.Problem
	var total, none int
	for _, o := range order[:min(n, len(order))] {
		p := ps[o.i]
		sims = append(sims, p)
		out = append(out, search.Problem{ID: ids[o.i], Problem: p.Question, Gold: p.Answer})
		total += anns[o.i]
		if anns[o.i] == 0 {
			none++
		}
	}
	t.Logf("sample: %d problems of %d, %.1f calculator annotations per reference solution, %d with none",
		len(out), len(ps), float64(total)/float64(max(len(out), 1)), none)
	return sims, out
}

func fnv64(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}

// TestMeasureSearch prints the accuracy table of the searches on the simulated generator
// (slip rate 0.15 per step) over a fixed sample of GSM8K problems. It runs only when
// LEANPRM_MEASURE_SEARCH is set (the number of problems, 100 by default when "1");
// LEANPRM_MEASURE_SEARCH_SET=train takes them from GSM8K's training split instead of its test
// split (MR-GSM8K's GSM8K problems, see sampleProblems).
func TestMeasureSearch(t *testing.T) {
	env := os.Getenv("LEANPRM_MEASURE_SEARCH")
	if env == "" {
		t.Skip("set LEANPRM_MEASURE_SEARCH=1 (or a number of problems) to measure the searches")
	}
	n := 100
	if v, err := strconv.Atoi(env); err == nil && v > 1 {
		n = v
	}
	all, problems := sampleProblems(t, n, os.Getenv("LEANPRM_MEASURE_SEARCH_SET"))
	srv := simGenerator(t, all, 0.15)
	scorers := map[string]*search.Local{}
	for _, pol := range []string{"hybrid", "learned", "formal"} {
		scorers[pol] = localScorer(t, pol)
	}
	type row struct {
		name, policy string
		o            search.Options
	}
	rows := []row{{"greedy", "-", search.Options{Algo: search.Greedy, N: 1}}}
	for _, N := range []int{8, 16} {
		for _, algo := range []search.Algo{search.BestOfN, search.Beam, search.DVTS, search.MCTS} {
			for _, pol := range []string{"hybrid", "learned", "formal"} {
				o := search.Options{Algo: algo, N: N, Width: 4, Prune: pol != "learned", Sampling: generate.DefaultParams()}
				rows = append(rows, row{fmt.Sprintf("%s N=%d", algo, N), pol, o})
			}
		}
	}
	rows = append(rows, row{"best-of-n N=16 weighted", "hybrid", search.Options{Algo: search.BestOfN, N: 16, Prune: true, Select: search.SelectWeighted, Sampling: generate.DefaultParams()}})
	rows = append(rows, row{"best-of-n N=16 majority", "-", search.Options{Algo: search.BestOfN, N: 16, Select: search.SelectMajority, Sampling: generate.DefaultParams()}})
	rows = append(rows, row{"beam N=16 no pruning", "hybrid", search.Options{Algo: search.Beam, N: 16, Width: 4, Prune: false, Sampling: generate.DefaultParams()}})
	var b strings.Builder
	fmt.Fprintf(&b, "\n%-26s %-8s %8s %8s %8s %10s %12s %10s\n", "search", "scoring", "correct", "wrong", "no ans", "gen calls", "steps scored", "pruned pf")
	for _, r := range rows {
		pol := r.policy
		if pol == "-" {
			pol = "learned"
		}
		s := &search.Searcher{Generator: client(t, srv.URL), Scorer: scorers[pol], Options: r.o, Policy: pol}
		var eq, diff, none int
		var calls, scored, pruned int64
		start := time.Now()
		s.Run(context.Background(), problems, 2, func(res search.Result) {
			if res.Error != "" {
				t.Errorf("%s %s: %s: %s", r.name, r.policy, res.ID, res.Error) // a failure is no answer, and no measure
			}
			switch res.Outcome {
			case "equal":
				eq++
			case "different":
				diff++
			default:
				none++
			}
			calls += res.Counts.GeneratorCalls
			scored += int64(res.Counts.StepsScored)
			pruned += int64(res.Counts.PrunedByProof)
		})
		fmt.Fprintf(&b, "%-26s %-8s %7.1f%% %8d %8d %10.1f %12.1f %10.1f   (%s)\n", r.name, r.policy, 100*float64(eq)/float64(len(problems)), diff, none,
			float64(calls)/float64(len(problems)), float64(scored)/float64(len(problems)), float64(pruned)/float64(len(problems)), time.Since(start).Round(time.Second))
	}
	t.Log(b.String())
}
