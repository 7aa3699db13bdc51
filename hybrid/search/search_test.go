package search_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/generate"
	"github.com/leanprm/leanprm/hybrid/search"
	"github.com/leanprm/leanprm/internal/dispatch"
	"github.com/leanprm/leanprm/internal/gensim"
	"github.com/leanprm/leanprm/internal/serve"
)

const fixturePath = "../../testdata/search/gsm8k-style.jsonl"

func fixture(t testing.TB) ([]*gensim.Problem, []search.Problem) {
	t.Helper()
	gps, err := gensim.LoadFile(fixturePath)
	require.NoError(t, err)
	f, err := os.Open(fixturePath)
	require.NoError(t, err)
	defer f.Close()
	ps, errs := search.ReadProblems(f, "fixture")
	require.Empty(t, errs)
	return gps, ps
}

// walk visits every node of a tree.
func walk(n *search.Node, visit func(*search.Node)) {
	visit(n)
	for _, c := range n.Children {
		walk(c, visit)
	}
}

func TestSearchesPruneRefutedStepsAndScoreEachStepOnce(t *testing.T) {
	gps, ps := fixture(t)
	srv := simGenerator(t, gps, 0.3)
	sc := localScorer(t, "hybrid")
	for _, algo := range []search.Algo{search.BestOfN, search.Beam, search.DVTS, search.MCTS} {
		t.Run(string(algo), func(t *testing.T) {
			s := &search.Searcher{Generator: client(t, srv.URL), Scorer: sc, Policy: "hybrid",
				Options: search.Options{Algo: algo, N: 8, Width: 4, Prune: true, Tree: true, Sampling: generate.DefaultParams()}}
			pruned := 0
			for _, p := range ps[:6] { // the seventh, ten steps long, is the benchmark's
				r := s.Search(context.Background(), p)
				require.Empty(t, r.Error, p.ID)
				assert.Equal(t, "equal", r.Outcome, "%s: %s", p.ID, r.Answer)
				for _, st := range r.Chain {
					assert.NotEqual(t, hybrid.Refuted, st.Verdict, "a refuted step is never kept")
					assert.Equal(t, "sim", st.Generator)
				}
				steps := 0
				walk(r.Tree, func(n *search.Node) {
					if n.ID == 0 {
						return
					}
					steps += len(strings.Split(n.Text, "\n\n"))
					if n.Pruned == "proof" {
						assert.Equal(t, hybrid.Refuted, n.Verdict)
						assert.Empty(t, n.Children, "a refuted step's subtree is pruned")
					}
				})
				assert.Equal(t, steps, r.Counts.StepsScored, "every step in the tree was scored once, and nothing else")
				assert.Positive(t, r.Counts.GeneratorCalls)
				pruned += r.Counts.PrunedByProof
			}
			assert.Positive(t, pruned, "with a slip rate of 0.3 some steps are refuted")
		})
	}
}

func TestGreedyKeepsItsChain(t *testing.T) {
	gps, ps := fixture(t)
	srv := simGenerator(t, gps, 1) // every calculation slips
	s := &search.Searcher{Generator: client(t, srv.URL), Scorer: localScorer(t, "hybrid"), Options: search.Options{Algo: search.Greedy}}
	r := s.Search(context.Background(), ps[0])
	require.Empty(t, r.Error)
	assert.Equal(t, "different", r.Outcome)
	assert.NotEqual(t, "22", r.Answer)
	assert.Equal(t, hybrid.Refuted, r.Chain[0].Verdict)
	assert.Equal(t, "exact", r.Chain[0].Checker)
}

func TestLearnedOnlyDoesNotPrune(t *testing.T) {
	gps, ps := fixture(t)
	srv := simGenerator(t, gps, 0.5)
	s := &search.Searcher{Generator: client(t, srv.URL), Scorer: localScorer(t, "learned"),
		Options: search.Options{Algo: search.Beam, N: 8, Sampling: generate.DefaultParams()}}
	for _, p := range ps {
		r := s.Search(context.Background(), p)
		assert.Zero(t, r.Counts.PrunedByProof)
	}
}

// The scorer behind `leanprm serve` gives the in-process scorer's scores, through prefix ids.
func TestRemoteScorerMatchesLocal(t *testing.T) {
	gps, ps := fixture(t)
	gen := simGenerator(t, gps, 0.3)
	local := localScorer(t, "hybrid")
	srv := serve.New(serve.Options{})
	srv.Ready(&dispatch.Local{Handler: serve.NewHandler(serve.Parts{Scorer: local.Scorer, Threshold: 0.5})}, serve.Info{})
	hs := httptest.NewServer(srv)
	defer hs.Close()
	remote := &search.Remote{URL: hs.URL}
	// A prefix id the server does not hold: the chain is sent again whole.
	rep := remote.Score(context.Background(), []search.ScoreRequest{{Problem: ps[0].Problem, Prefix: []string{"The bags hold 3*4 = 12 apples."},
		Handle: "p-unknown", Steps: []string{"Tom now has 10+12 = 23 apples."}}})
	require.NoError(t, rep[0].Err)
	require.Len(t, rep[0].Steps, 1)
	assert.Equal(t, hybrid.Refuted, rep[0].Steps[0].Verdict)
	assert.NotEmpty(t, rep[0].Handle)
	for _, p := range ps[:3] {
		o := search.Options{Algo: search.Beam, N: 8, Prune: true, Sampling: generate.DefaultParams()}
		a := (&search.Searcher{Generator: client(t, gen.URL), Scorer: local, Options: o}).Search(context.Background(), p)
		b := (&search.Searcher{Generator: client(t, gen.URL), Scorer: remote, Options: o}).Search(context.Background(), p)
		require.Empty(t, b.Error)
		assert.Equal(t, a.Answer, b.Answer)
		assert.Equal(t, a.Counts.StepsScored, b.Counts.StepsScored)
		require.Equal(t, len(a.Chain), len(b.Chain))
		for i := range a.Chain {
			assert.InDelta(t, a.Chain[i].Score, b.Chain[i].Score, 1e-9)
			assert.Equal(t, a.Chain[i].Verdict, b.Chain[i].Verdict)
		}
	}
}

// A failing generator fails its problems, each with a clear error, after bounded retries; the
// other problems finish; nothing hangs.
func TestFailingGenerator(t *testing.T) {
	gps, ps := fixture(t)
	cases := []struct {
		fault gensim.Fault
		want  string
	}{
		{gensim.Fault{Kind: gensim.FaultHang, Match: "Lena reads"}, "no answer within 2s (after 2 attempts)"},
		{gensim.Fault{Kind: gensim.Fault500, Match: "Lena reads"}, "HTTP 500"},
		{gensim.Fault{Kind: gensim.Fault429, Match: "Lena reads"}, "HTTP 429"},
		{gensim.Fault{Kind: gensim.FaultMalformed, Match: "Lena reads"}, "malformed JSON"},
		{gensim.Fault{Kind: gensim.FaultEmpty, Match: "Lena reads"}, "empty completion"},
		{gensim.Fault{Kind: gensim.FaultClose, Match: "Lena reads"}, "connection closed"},
	}
	sc := localScorer(t, "hybrid")
	for _, tc := range cases {
		t.Run(string(tc.fault.Kind), func(t *testing.T) {
			srv := simGenerator(t, gps, 0.15, tc.fault)
			c, err := generate.New(generate.Options{BaseURL: srv.URL, Template: generate.TemplateRaw, Timeout: 2 * time.Second,
				MaxRetries: 1, Backoff: time.Millisecond, MaxBackoff: 10 * time.Millisecond})
			require.NoError(t, err)
			s := &search.Searcher{Generator: c, Scorer: sc, Options: search.Options{Algo: search.Beam, N: 4, Prune: true, Sampling: generate.DefaultParams()}}
			var got []search.Result
			ps := ps[:6]
			s.Run(context.Background(), ps, 2, func(r search.Result) { got = append(got, r) })
			require.Len(t, got, len(ps))
			for _, r := range got {
				if strings.Contains(r.ID, ":4") { // Lena's problem
					assert.Contains(t, r.Error, tc.want)
					assert.Equal(t, "unknown", r.Outcome)
					assert.LessOrEqual(t, r.Counts.GeneratorCalls, int64(2), "retries are bounded")
				} else {
					assert.Empty(t, r.Error, r.ID)
					assert.Equal(t, "equal", r.Outcome, r.ID)
				}
			}
		})
	}
	t.Run("connection refused", func(t *testing.T) {
		srv := simGenerator(t, gps, 0)
		url := srv.URL
		srv.Close()
		c, err := generate.New(generate.Options{BaseURL: url, Model: "sim", MaxRetries: 1, Backoff: time.Millisecond})
		require.NoError(t, err)
		s := &search.Searcher{Generator: c, Scorer: sc}
		r := s.Search(context.Background(), ps[0])
		assert.Contains(t, r.Error, "connection refused")
	})
}

func TestInterruptedRunEmitsOnlyFinishedProblems(t *testing.T) {
	gps, ps := fixture(t)
	sim, err := gensim.New(gps, gensim.Options{SlipRate: 0.15})
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// The fourth problem's first request interrupts the run (as Ctrl-C would) and hangs.
	h := sim.Handler()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if strings.Contains(string(body), "Lena reads") {
			cancel()
			<-r.Context().Done()
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		h.ServeHTTP(w, r)
	}))
	defer srv.Close()
	c, err := generate.New(generate.Options{BaseURL: srv.URL, Template: generate.TemplateRaw, Timeout: time.Hour})
	require.NoError(t, err)
	s := &search.Searcher{Generator: c, Scorer: localScorer(t, "hybrid"), Options: search.Options{Algo: search.Beam, N: 4, Prune: true, Sampling: generate.DefaultParams()}}
	var got []search.Result
	s.Run(ctx, ps, 1, func(r search.Result) { got = append(got, r) })
	require.Len(t, got, 3, "the three problems before the interruption, nothing cut short")
	for _, r := range got {
		assert.Equal(t, "equal", r.Outcome, r.Error)
	}
}

func TestReadProblems(t *testing.T) {
	in := `{"id": "a", "problem": "What is 2 + 2?", "gold": "4"}
{"id": 7, "problem": "What is 3 + 3?"}
{"question": "Q?", "answer": "x\n#### 1,000"}
not json
{"id": "b"}
`
	ps, errs := search.ReadProblems(strings.NewReader(in), "f.jsonl")
	require.Len(t, ps, 3)
	assert.Equal(t, search.Problem{ID: "a", Problem: "What is 2 + 2?", Gold: "4"}, ps[0])
	assert.Equal(t, "7", ps[1].ID)
	assert.Equal(t, search.Problem{ID: "f.jsonl:3", Problem: "Q?", Gold: "1,000"}, ps[2])
	require.Len(t, errs, 2)
	assert.ErrorContains(t, errs[0], "f.jsonl:4")
	assert.ErrorContains(t, errs[1], "f.jsonl:5")
}
