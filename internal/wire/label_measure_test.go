package wire

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/hybrid/chain"
	"github.com/leanprm/leanprm/hybrid/generate"
	"github.com/leanprm/leanprm/hybrid/label"
	"github.com/leanprm/leanprm/internal/gensim"
	"github.com/leanprm/leanprm/internal/testutil/testshared"
)

// slippedChain is a chain the simulator wrote, with the step where it first slipped (-1:
// none), found by comparing it with the simulator's slip-free continuation of the same
// prompt: a slip changes one value and later steps are recomputed from it, so the first step
// that differs is the slip.
type slippedChain struct {
	item  label.Item
	first int
}

// simChains has the simulator with options o write one chain for each of the first n GSM8K
// problems of path, and a slip-free simulator tell where each first slipped.
func simChains(t *testing.T, path string, n int, o gensim.Options) ([]slippedChain, *httptest.Server) {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	ps, err := gensim.ReadProblems(f, path)
	require.NoError(t, err)
	ps = ps[:min(n, len(ps))]
	sim, err := gensim.New(ps, o)
	require.NoError(t, err)
	ref, err := gensim.New(ps, gensim.Options{SlipRate: 0, Seed: 1})
	require.NoError(t, err)
	srv := httptest.NewServer(sim.Handler())
	t.Cleanup(srv.Close)
	refSrv := httptest.NewServer(ref.Handler())
	t.Cleanup(refSrv.Close)
	gen, err := generate.New(generate.Options{BaseURL: srv.URL})
	require.NoError(t, err)
	refGen, err := generate.New(generate.Options{BaseURL: refSrv.URL})
	require.NoError(t, err)
	p := generate.Params{Temperature: 0.8, Final: true}
	chains, _, err := chain.Read(path, chain.FormatGSM8K)
	require.NoError(t, err)
	var out []slippedChain
	ctx := context.Background()
	for i, pr := range ps {
		s, err := gen.Continue(ctx, pr.Question, nil, 1, p)
		require.NoError(t, err)
		r, err := refGen.Continue(ctx, pr.Question, nil, 1, p)
		require.NoError(t, err)
		steps := strings.Split(s[0].Text, generate.DefaultStop)
		refSteps := strings.Split(r[0].Text, generate.DefaultStop)
		first := -1
		for j := range steps {
			if j >= len(refSteps) || steps[j] != refSteps[j] {
				first = j
				break
			}
		}
		c := chain.Chain{ID: fmt.Sprintf("gsm8k-train-%d", i), Source: chains[i].Source, Problem: pr.Question, FirstError: first}
		for _, st := range steps {
			c.Steps = append(c.Steps, chain.Step{Text: st})
		}
		out = append(out, slippedChain{item: label.Item{Chain: c, Gold: chains[i].Gold}, first: first})
	}
	return out, srv
}

// TestMeasureMonteCarloLocatesSlips: chains written by the generator simulator over GSM8K
// training problems at a slip rate, with their first slip known; each Monte Carlo method
// labels them with rollouts from the same simulator (the policy that wrote a chain rolls it
// out, slips and all), at K = 4, 8 and 16. Printed: the share of chains whose first error
// each method locates exactly, and the rollouts it spent. Asserted: omega spends fewer
// rollouts than mc-hard at the same K, and locates as many first errors within one chain in
// a hundred.
//
//	LEANPRM_MEASURE=1 go test -run TestMeasureMonteCarloLocatesSlips -v ./internal/wire/
func TestMeasureMonteCarloLocatesSlips(t *testing.T) {
	if os.Getenv("LEANPRM_MEASURE") == "" {
		t.Skip("a measurement: set LEANPRM_MEASURE=1 to run it")
	}
	const problems, slip = 300, 0.15
	chains, srv := simChains(t, testshared.Path(t, "data/gsm8k/train.jsonl"), problems, gensim.Options{SlipRate: slip, Seed: 1})
	slipped, steps := 0, 0
	for _, c := range chains {
		if c.first >= 0 {
			slipped++
		}
		steps += len(c.item.Chain.Steps)
	}
	t.Logf("%d chains (%d steps) written by the simulator at slip rate %.2f: %d with a slip, %d without; rollouts by the same simulator",
		len(chains), steps, slip, slipped, len(chains)-slipped)
	items := make([]label.Item, len(chains))
	for i, c := range chains {
		items[i] = c.item
	}
	t.Logf("%-8s %3s  %-22s %-22s %-22s %9s", "method", "K", "exact (all chains)", "exact (slipped)", "exact (clean)", "rollouts")
	for _, k := range []int{4, 8, 16} {
		exact := map[label.Method]int{}
		rollouts := map[label.Method]int{}
		for _, m := range []label.Method{label.MCHard, label.MCSoft, label.Omega} {
			gen, err := NewLabelGenerator(GeneratorOptions{URL: srv.URL, Temperature: 0.8})
			require.NoError(t, err)
			l := &label.Labeler{Method: m, K: k, Estimator: label.NewEstimator(gen.Roller, gen.Grader), Grader: gen.Grader, Concurrency: 4}
			res, err := l.LabelChains(context.Background(), items)
			gen.Close()
			require.NoError(t, err)
			var all, sl, cl int
			for i, r := range res {
				rollouts[m] += r.Rollouts
				if r.FirstError == nil || *r.FirstError != chains[i].first {
					continue
				}
				all++
				if chains[i].first >= 0 {
					sl++
				} else {
					cl++
				}
			}
			exact[m] = all
			t.Logf("%-8s %3d  %4d/%d (%5.1f%%)     %4d/%d (%5.1f%%)     %4d/%d (%5.1f%%)     %9d", m, k,
				all, len(res), pct(all, len(res)), sl, slipped, pct(sl, slipped), cl, len(res)-slipped, pct(cl, len(res)-slipped), rollouts[m])
		}
		require.Less(t, 2*rollouts[label.Omega], rollouts[label.MCHard], "K=%d: omega spends less than half mc's rollouts", k)
		require.GreaterOrEqual(t, exact[label.Omega], exact[label.MCSoft], "K=%d: omega locates at least as many as mc-soft", k)
		require.GreaterOrEqual(t, exact[label.Omega], exact[label.MCHard]-3*len(chains)/100, "K=%d: omega within 3 points of mc-hard", k)
	}
}

func pct(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}

// TestMeasureLabelsSlipKinds: for each slip mix of gensim.MeasuredMixes, chains the generator simulator wrote over GSM8K
// test problems (MR-GSM8K's GSM8K rows, testshared.GSM8KTest, the first n by hash), with the
// first slip known; labelled by the formal labeller (exact checker), mc-hard, mc-soft, omega
// and combined at K=8, rollouts by the same simulator. Printed per method: the share of
// slipped chains whose first step labelled wrong is the first slip (located), the share of
// clean chains with no step labelled wrong, and the rollouts spent.
// LEANPRM_MEASURE_LABEL_SLIPS_SEED sets the simulator's seed (1 by default).
//
//	LEANPRM_MEASURE_LABEL_SLIPS=363 go test -count=1 -v -timeout 2h -run TestMeasureLabelsSlipKinds ./internal/wire/
func TestMeasureLabelsSlipKinds(t *testing.T) {
	env := os.Getenv("LEANPRM_MEASURE_LABEL_SLIPS")
	if env == "" {
		t.Skip("a measurement: set LEANPRM_MEASURE_LABEL_SLIPS=N (problems) to run it")
	}
	n, err := strconv.Atoi(env)
	if err != nil || n < 2 {
		n = 100
	}
	seed := uint64(1)
	if v, err := strconv.ParseUint(os.Getenv("LEANPRM_MEASURE_LABEL_SLIPS_SEED"), 10, 64); err == nil {
		seed = v
	}
	rows := testshared.GSM8KTest(t)
	rows = rows[:min(n, len(rows))]
	path := filepath.Join(t.TempDir(), "gsm8k-test.jsonl")
	var b strings.Builder
	for _, r := range rows {
		line, err := json.Marshal(r)
		require.NoError(t, err)
		b.Write(line)
		b.WriteByte('\n')
	}
	require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o644))
	cfg := load(t, map[string]string{"checker": "exact"})
	f, err := NewFormal(context.Background(), cfg, &bytes.Buffer{})
	require.NoError(t, err)
	defer f.Close()
	const k = 8
	var out strings.Builder
	fmt.Fprintf(&out, "\n%d GSM8K test problems, simulator seed %d, K=%d: first error located exactly (slipped chains) / clean chains left clean / rollouts\n", len(rows), seed, k)
	fmt.Fprintf(&out, "%-10s %-22s", "mix", "chains")
	methods := []label.Method{label.Formal, label.MCHard, label.MCSoft, label.Omega, label.Combined}
	for _, m := range methods {
		fmt.Fprintf(&out, " %-26s", m)
	}
	fmt.Fprintln(&out)
	for _, mx := range gensim.MeasuredMixes() {
		chains, srv := simChains(t, path, len(rows), gensim.Options{Slips: mx.Slips, Seed: seed})
		items := make([]label.Item, len(chains))
		slipped := 0
		for i, c := range chains {
			items[i] = c.item
			if c.first >= 0 {
				slipped++
			}
		}
		fmt.Fprintf(&out, "%-10s %-22s", mx.Name, fmt.Sprintf("%d (%d slipped)", len(chains), slipped))
		for _, m := range methods {
			l := &label.Labeler{Method: m, K: k, Concurrency: 4}
			var gen *LabelGenerator
			if m.NeedsGenerator() {
				gen, err = NewLabelGenerator(GeneratorOptions{URL: srv.URL, Temperature: 0.8})
				require.NoError(t, err)
				l.Estimator, l.Grader = label.NewEstimator(gen.Roller, gen.Grader), gen.Grader
			}
			if m == label.Formal || m == label.Combined {
				l.Formal, l.Checker = f.LeanSteps(cfg), f.Checker
			}
			res, err := l.LabelChains(context.Background(), items)
			if gen != nil {
				gen.Close()
			}
			require.NoError(t, err)
			var sl, cl, rollouts int
			for i, r := range res {
				rollouts += r.Rollouts
				// The first step labelled wrong (an unknown label is not wrong: the formal
				// labeller leaves most steps unknown).
				wrong := -1
				for j, st := range r.Steps {
					if st.Label != nil && !*st.Label {
						wrong = j
						break
					}
				}
				switch {
				case chains[i].first >= 0 && wrong == chains[i].first:
					sl++
				case chains[i].first < 0 && wrong < 0:
					cl++
				}
			}
			fmt.Fprintf(&out, " %-26s", fmt.Sprintf("%5.1f%% / %5.1f%% / %d", pct(sl, slipped), pct(cl, len(chains)-slipped), rollouts))
		}
		fmt.Fprintln(&out)
	}
	t.Log(out.String())
}
