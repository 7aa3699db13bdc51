package search_test

import (
	"context"
	"io"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/generate"
	"github.com/leanprm/leanprm/hybrid/search"
	"github.com/leanprm/leanprm/internal/config"
	"github.com/leanprm/leanprm/internal/gensim"
	"github.com/leanprm/leanprm/internal/serve"
)

// simGenerator serves problems through the generator simulator on loopback.
func simGenerator(t testing.TB, problems []*gensim.Problem, slip float64, faults ...gensim.Fault) *httptest.Server {
	t.Helper()
	sim, err := gensim.New(problems, gensim.Options{SlipRate: slip, Seed: 1})
	require.NoError(t, err)
	done := make(chan struct{})
	h := sim.Handler()
	for _, f := range faults {
		h = gensim.WithFaults(h, f, done)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(func() { close(done); srv.Close() })
	return srv
}

// localScorer is the in-process scorer with its incremental caches (serve.Build), on the exact
// checker.
func localScorer(t testing.TB, policy string) *search.Local {
	t.Helper()
	env := map[string]string{config.EnvName("checker"): "exact"}
	cfg, err := config.Load(nil, config.LoadOptions{
		LookupEnv:  func(k string) (string, bool) { v, ok := env[k]; return v, ok },
		SearchDirs: []string{},
	})
	require.NoError(t, err)
	pol, err := hybrid.ParsePolicy(policy)
	require.NoError(t, err)
	b, err := serve.Build(context.Background(), cfg, serve.BuildOptions{Policy: pol}, io.Discard)
	require.NoError(t, err)
	t.Cleanup(b.Close)
	return &search.Local{Scorer: b.Parts.Scorer}
}

func client(t testing.TB, url string) *generate.Client {
	t.Helper()
	c, err := generate.New(generate.Options{BaseURL: url, Template: generate.TemplateRaw})
	require.NoError(t, err)
	return c
}

// simSlips serves the generator simulator with a slip mix (gensim.Options.Slips) and seed.
func simSlips(t testing.TB, problems []*gensim.Problem, mix map[gensim.Kind]float64, seed uint64) *httptest.Server {
	t.Helper()
	sim, err := gensim.New(problems, gensim.Options{Slips: mix, Seed: seed})
	require.NoError(t, err)
	srv := httptest.NewServer(sim.Handler())
	t.Cleanup(srv.Close)
	return srv
}
