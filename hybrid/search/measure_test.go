package search_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
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
// reference lines the embedded PRM never trained on; MR-GSM8K's GSM8K problems, see
// testshared.GSM8KTest: its "reversed" rows carry no calculator annotation, so the simulated
// generator would never slip on them and counting them would measure the sample, not the
// search), or with set "train" from GSM8K's training split (in-sample for the PRM, which trains
// on corrupted training solutions).
func sampleProblems(t testing.TB, n int, set string) ([]*gensim.Problem, []search.Problem) {
	var rows []testshared.GSM8KRow
	if set == "train" {
		data, err := os.ReadFile(testshared.Path(t, "data/gsm8k/train.jsonl"))
		require.NoError(t, err)
		for i, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			var r testshared.GSM8KRow
			require.NoError(t, json.Unmarshal([]byte(l), &r))
			r.ID = "gsm8k-train:" + strconv.Itoa(i+1)
			rows = append(rows, r)
		}
		testshared.SortByHash(rows, func(r testshared.GSM8KRow) string { return r.ID })
	} else {
		rows = testshared.GSM8KTest(t)
	}
	all := len(rows)
	rows = rows[:min(n, len(rows))]
	var lines []string
	for _, r := range rows {
		b, _ := json.Marshal(r)
		lines = append(lines, string(b))
	}
	sims, err := gensim.ReadProblems(strings.NewReader(strings.Join(lines, "\n")), set)
	require.NoError(t, err)
	require.Len(t, sims, len(rows))
	var out []search.Problem
	var total, none int
	for i, r := range rows {
		out = append(out, search.Problem{ID: r.ID, Problem: sims[i].Question, Gold: sims[i].Answer})
		anns := strings.Count(r.Answer, "<<")
		total += anns
		if anns == 0 {
			none++
		}
	}
	t.Logf("sample: %d problems of %d, %.1f calculator annotations per reference solution, %d with none",
		len(out), all, float64(total)/float64(max(len(out), 1)), none)
	return sims, out
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

// TestMeasureSearchSlipKinds prints, for each slip mix of gensim.MeasuredMixes, the accuracy and generator
// calls of greedy, best-of-N, beam, DVTS and MCTS (width 4) under hybrid, learned-only and
// formal-only scoring, over a fixed sample of GSM8K test problems (sampleProblems), on the
// generator simulator; and, per mix, the share of each kind among the slips of its samples
// (read from the simulator's "sim_slips"). It runs only when LEANPRM_MEASURE_SLIPS is set (the
// number of problems; 100 when "1"); LEANPRM_MEASURE_SLIPS_MIXES picks mixes by name
// (comma-separated), LEANPRM_MEASURE_SLIPS_N sets N (8 by default) and
// LEANPRM_MEASURE_SLIPS_SEED the simulator's seed (1 by default).
//
//	LEANPRM_MEASURE_SLIPS=100 go test -count=1 -v -timeout 3h -run TestMeasureSearchSlipKinds ./hybrid/search/
func TestMeasureSearchSlipKinds(t *testing.T) {
	env := os.Getenv("LEANPRM_MEASURE_SLIPS")
	if env == "" {
		t.Skip("set LEANPRM_MEASURE_SLIPS=1 (or a number of problems) to measure the searches per slip kind")
	}
	n := 100
	if v, err := strconv.Atoi(env); err == nil && v > 1 {
		n = v
	}
	pick := map[string]bool{}
	for _, m := range strings.Split(os.Getenv("LEANPRM_MEASURE_SLIPS_MIXES"), ",") {
		if m != "" {
			pick[m] = true
		}
	}
	bigN, seed := 8, uint64(1)
	if v, err := strconv.Atoi(os.Getenv("LEANPRM_MEASURE_SLIPS_N")); err == nil && v > 1 {
		bigN = v
	}
	if v, err := strconv.ParseUint(os.Getenv("LEANPRM_MEASURE_SLIPS_SEED"), 10, 64); err == nil {
		seed = v
	}
	all, problems := sampleProblems(t, n, "")
	scorers := map[string]*search.Local{}
	for _, pol := range []string{"hybrid", "learned", "formal"} {
		scorers[pol] = localScorer(t, pol)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\n%d GSM8K test problems, simulator seed %d; accuracy %% (generator calls per problem)\n", len(problems), seed)
	fmt.Fprintf(&b, "%-10s %-7s %-18s %-18s %-18s %-18s %-18s\n", "mix", "scoring", "greedy",
		fmt.Sprintf("best-of-n N=%d", bigN), fmt.Sprintf("beam N=%d", bigN), fmt.Sprintf("dvts N=%d", bigN), fmt.Sprintf("mcts N=%d", bigN))
	for _, m := range gensim.MeasuredMixes() {
		if len(pick) > 0 && !pick[m.Name] {
			continue
		}
		start := time.Now()
		srv := simSlips(t, all, m.Slips, seed)
		kinds := map[gensim.Kind]int{}
		slipped := 0
		for _, p := range problems {
			for _, c := range simComplete(t, srv.URL, p.Problem, 8) {
				if len(c.Slips) > 0 {
					slipped++
				}
				for _, sl := range c.Slips {
					kinds[sl.Kind]++
				}
			}
		}
		var share []string
		total := 0
		for _, c := range kinds {
			total += c
		}
		for _, k := range gensim.Kinds {
			if kinds[k] > 0 {
				share = append(share, fmt.Sprintf("%s %.0f%%", k, 100*float64(kinds[k])/float64(total)))
			}
		}
		fmt.Fprintf(&b, "%s (%s): %.0f%% of sampled chains slip; slips by kind: %s\n", m.Name, gensim.FormatSlips(m.Slips),
			100*float64(slipped)/float64(8*len(problems)), strings.Join(share, ", "))
		greedy := measureRow(t, srv.URL, scorers["learned"], "learned", search.Options{Algo: search.Greedy, N: 1}, problems)
		for _, pol := range []string{"hybrid", "learned", "formal"} {
			fmt.Fprintf(&b, "%-10s %-7s %-18s", m.Name, pol, greedy)
			for _, algo := range []search.Algo{search.BestOfN, search.Beam, search.DVTS, search.MCTS} {
				o := search.Options{Algo: algo, N: bigN, Width: 4, Prune: pol != "learned", Sampling: generate.DefaultParams()}
				fmt.Fprintf(&b, " %-18s", measureRow(t, srv.URL, scorers[pol], pol, o, problems))
			}
			fmt.Fprintln(&b)
		}
		t.Logf("%s: %s", m.Name, time.Since(start).Round(time.Second))
	}
	t.Log(b.String())
}

// measureRow runs one search over problems: "accuracy% (calls per problem)".
func measureRow(t *testing.T, url string, sc *search.Local, pol string, o search.Options, problems []search.Problem) string {
	s := &search.Searcher{Generator: client(t, url), Scorer: sc, Options: o, Policy: pol}
	var eq int
	var calls int64
	s.Run(context.Background(), problems, 2, func(res search.Result) {
		if res.Error != "" {
			t.Errorf("%s %s: %s: %s", o.Algo, pol, res.ID, res.Error) // a failure is no answer, and no measure
		}
		if res.Outcome == "equal" {
			eq++
		}
		calls += res.Counts.GeneratorCalls
	})
	return fmt.Sprintf("%5.1f%% (%.1f)", 100*float64(eq)/float64(len(problems)), float64(calls)/float64(len(problems)))
}
