package serve

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/chain"
	"github.com/leanprm/leanprm/hybrid/prm/embedded"
	"github.com/leanprm/leanprm/hybrid/report"
	"github.com/leanprm/leanprm/internal/testutil/testshared"
	"github.com/leanprm/leanprm/internal/wire"
)

// TestIncrementalGrowingChainsEqualFresh: ProcessBench dev chains (names bound and bound
// again, symbolic lines, long steps) are grown one step at a time as a search loop grows them:
// each request names the previous answer's prefix_id and sends one new step, once for the
// whole answer and once with only_new_steps. The whole answer equals what a scorer without
// any cache gives for the chain, and the only-new answer's steps are exactly the whole
// answer's last steps (same index, verdict, obligations, scores), with the same chain-level
// fields. Some steps change how earlier steps read (a name given a second value), so the
// translator both resumes and starts over.
func TestIncrementalGrowingChainsEqualFresh(t *testing.T) {
	cfg := loadConfig(t, map[string]string{"checker": "exact"})
	ts := startServer(t, cfg, Options{})
	fresh := freshScorer(t, ts)
	grown := 0
	for _, subset := range []string{"", "gsm8k", "math", "olympiadbench", "omnimath"} {
		// The first chain's third step changes the second's verdict: x is given two values.
		rows := []pbRow{{ID: "rebound", Problem: "Find x.", Steps: []string{"Let x = 5.", "Then x + 1 = 6.", "So x = 7.", "And 7 + 1 = 8."}}}
		if subset != "" {
			rows = readRows(t, testshared.Path(t, "data/processbench/"+subset+".dev.jsonl"))
		}
		for ri, r := range rows {
			if ri%25 != 0 || len(r.Steps) < 2 {
				continue
			}
			var prefix string
			for k := 1; k <= len(r.Steps); k++ {
				steps := make([]chain.Step, k)
				for i, s := range r.Steps[:k] {
					steps[i] = chain.Step{Text: s}
				}
				r0, err := fresh.ScoreChain(testCtx(t), chain.Chain{ID: r.ID, Problem: r.Problem, Steps: steps, FirstError: chain.NoLabel})
				require.NoError(t, err)
				want := report.NewCheckJSON(ts.built.Parts.Grader, r0, ts.built.Parts.Threshold, "min")
				want.FirstError = 0 // in JSON the gold label is Gold (gold_first_error) alone

				in := map[string]any{"id": r.ID, "steps": []string{r.Steps[k-1]}}
				if prefix == "" {
					in["problem"] = r.Problem
				} else {
					in["prefix"] = prefix
				}
				var full, only scoreAnswer
				post(t, ts.URL+"/v1/score", "", map[string]any{"chains": []any{in}}, &full)
				in["only_new_steps"] = true
				post(t, ts.URL+"/v1/score", "", map[string]any{"chains": []any{in}}, &only)
				require.Len(t, full.Chains, 1)
				require.Len(t, only.Chains, 1)
				f, o := full.Chains[0], only.Chains[0]
				require.Empty(t, f.Error, "%s at %d steps", r.ID, k)
				require.Equal(t, want, f.CheckJSON, "%s at %d steps: the incremental answer is the fresh one", r.ID, k)
				require.Len(t, o.Steps, 1, "%s at %d steps", r.ID, k)
				assert.Equal(t, f.Steps[k-1:], o.Steps, "%s at %d steps: only the new step, as in the whole answer", r.ID, k)
				o.Steps = f.Steps
				assert.Equal(t, f, o, "%s at %d steps: the chain-level fields are the whole chain's", r.ID, k)
				prefix = f.PrefixID
			}
			grown++
		}
	}
	require.Positive(t, grown)
	_, _, resumed, fromStart := ts.built.Info.Contexts.Stats()
	_, _, prmResumed, prmFromStart := ts.built.Info.PRMContexts.Stats()
	t.Logf("%d chains grown; translations resumed %d, from the first step %d; PRM features resumed %d, from the first step %d",
		grown, resumed, fromStart, prmResumed, prmFromStart)
	assert.Positive(t, resumed)
	assert.Positive(t, prmResumed)
}

// freshScorer is the server's scorer (same PRM weights, policy, checker) without caches: the
// PRM keeps no chain contexts, the translator none of its caches.
func freshScorer(t *testing.T, ts *testServer) *hybrid.Scorer {
	cfg := loadConfig(t, map[string]string{"checker": "exact"})
	f, err := wire.NewFormalWith(testCtx(t), cfg, io.Discard, wire.FormalOptions{})
	require.NoError(t, err)
	t.Cleanup(func() { f.Close() })
	s := *ts.built.Parts.Scorer
	s.Formal = f.LeanSteps(cfg)
	m, ok := s.PRM.(*embedded.Model)
	require.True(t, ok)
	s.PRM = m.WithContexts(nil)
	return &s
}

type pbRow struct {
	ID      string   `json:"id"`
	Problem string   `json:"problem"`
	Steps   []string `json:"steps"`
}

func readRows(t *testing.T, path string) []pbRow {
	fh, err := os.Open(path)
	require.NoError(t, err)
	defer fh.Close()
	var rows []pbRow
	sc := bufio.NewScanner(fh)
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		var r pbRow
		require.NoError(t, json.Unmarshal(sc.Bytes(), &r))
		rows = append(rows, r)
	}
	require.NoError(t, sc.Err())
	return rows
}

// TestPrefixIDIncremental: the prefix_id of a chain grown through prefixes (hashing only the
// new steps into a copy of the prefix's hash) is PrefixID of the whole chain, which is the hash
// of "len:problem" and "|formal:len:text" per step.
func TestPrefixIDIncremental(t *testing.T) {
	ts := exactServer(t, Options{})
	problem := "Find x ≥ 0."
	steps := []chain.Step{{Text: "Let x = 2."}, {Text: "theorem t : 2 + 2 = 4 := by decide", Formal: true}, {Text: "So x² = 4 ∎"}, {Text: ""}}
	in := []any{"Let x = 2.", "```lean\ntheorem t : 2 + 2 = 4 := by decide\n```", "So x² = 4 ∎", ""}
	var prefix string
	for k := 1; k <= len(steps); k++ {
		c := map[string]any{"id": "c", "steps": in[k-1 : k]}
		if prefix == "" {
			c["problem"] = problem
		} else {
			c["prefix"] = prefix
		}
		var got scoreAnswer
		post(t, ts.URL+"/v1/score", "", map[string]any{"chains": []any{c}}, &got)
		require.Len(t, got.Chains, 1)
		require.Empty(t, got.Chains[0].Error)
		assert.Equal(t, PrefixID(problem, steps[:k]), got.Chains[0].PrefixID, "%d steps", k)
		assert.Equal(t, oldPrefixID(problem, steps[:k]), got.Chains[0].PrefixID, "%d steps", k)
		prefix = got.Chains[0].PrefixID
	}
}

// oldPrefixID is PrefixID as first written, with fmt.
func oldPrefixID(problem string, steps []chain.Step) string {
	h := sha256.New()
	fmt.Fprintf(h, "%d:%s", len(problem), problem)
	for _, s := range steps {
		fmt.Fprintf(h, "|%t:%d:%s", s.Formal, len(s.Text), s.Text)
	}
	return "p-" + hex.EncodeToString(h.Sum(nil)[:16])
}
