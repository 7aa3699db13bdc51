package wire

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/chain"
	"github.com/leanprm/leanprm/hybrid/prm/embedded"
	"github.com/leanprm/leanprm/hybrid/prm/vllm"
	"github.com/leanprm/leanprm/internal/config"
	"github.com/leanprm/leanprm/leanbridge/proofchain"
	"github.com/leanprm/leanprm/leanbridge/repl"
	"github.com/leanprm/leanprm/translate"
)

// load builds a Config from settings given as environment values (no flags, no file).
func load(t testing.TB, settings map[string]string) *config.Config {
	t.Helper()
	env := map[string]string{}
	for k, v := range settings {
		env[config.EnvName(k)] = v
	}
	cfg, err := config.Load(nil, config.LoadOptions{
		LookupEnv:  func(k string) (string, bool) { v, ok := env[k]; return v, ok },
		SearchDirs: []string{},
	})
	require.NoError(t, err)
	return cfg
}

// simSettings point lean.command (and lean.server_command) at this test binary run as a
// simulator; the child learns which one from the environment it inherits.
func simSettings(t *testing.T, which string, more map[string]string) *config.Config {
	t.Setenv(childEnv, which)
	t.Setenv("GORACE", "atexit_sleep_ms=0") // a race-enabled child would sleep at exit
	s := map[string]string{"lean.workers": "1", "lean.start_timeout": "20s", "lean.timeout": "20s"}
	if which == "lsp" {
		s["lean.server_command"] = os.Args[0]
	} else {
		s["lean.command"] = os.Args[0]
	}
	for k, v := range more {
		s[k] = v
	}
	return load(t, s)
}

func TestREPLConfigRecycleZeroMeansNever(t *testing.T) {
	for _, tc := range []struct {
		setting string
		want    int
	}{{"0", repl.NeverRecycle}, {"5", 5}, {"", repl.DefaultRecycleAfter}} {
		s := map[string]string{}
		if tc.setting != "" {
			s["lean.recycle_after"] = tc.setting
		}
		rc, err := REPLConfig(load(t, s), &bytes.Buffer{})
		require.NoError(t, err)
		assert.Equal(t, tc.want, rc.RecycleAfter, "lean.recycle_after=%q", tc.setting)
	}
}

func TestREPLConfigCarriesTheLeanSettings(t *testing.T) {
	cfg := load(t, map[string]string{"lean.workers": "3", "lean.queue": "7", "lean.timeout": "9s",
		"lean.tactic": "norm_num", "lean.header": "import Mathlib", "lean.max_rss": "1GiB"})
	rc, err := REPLConfig(cfg, &bytes.Buffer{})
	require.NoError(t, err)
	assert.Equal(t, 3, rc.Workers)
	assert.Equal(t, 7, rc.QueueSize)
	assert.Equal(t, cfg.Lean.Timeout, rc.RequestTimeout)
	assert.Equal(t, "norm_num", rc.Tactic)
	assert.Equal(t, "import Mathlib", rc.ProbeHeader)
	assert.Equal(t, int64(1<<30), rc.MaxRSSBytes)
	assert.True(t, filepath.IsAbs(rc.ProjectDir), "the project is made absolute: %s", rc.ProjectDir)
}

func TestResolveSelf(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	got, err := ResolveSelf([]string{filepath.Join("bin", "leanprm"), "sim", "repl"})
	require.NoError(t, err)
	wd, err := os.Getwd()
	require.NoError(t, err)
	assert.Equal(t, []string{filepath.Join(wd, "bin", "leanprm"), "sim", "repl"}, got, "relative to the working directory")

	self, err := os.Executable()
	require.NoError(t, err)
	got, err = ResolveSelf([]string{"leanprm", "sim", "lsp"})
	require.NoError(t, err)
	assert.Equal(t, []string{self, "sim", "lsp"}, got, "leanprm is this binary")

	got, err = ResolveSelf([]string{"lake", "env"})
	require.NoError(t, err)
	assert.Equal(t, []string{"lake", "env"}, got, "other programs are left to PATH")
}

func TestNewFormalExactAndAutoWithoutLean(t *testing.T) {
	t.Chdir(t.TempDir()) // no lean-project here: auto cannot find a REPL
	for _, checker := range []string{"exact", "auto"} {
		f, err := NewFormal(testCtx(t), load(t, map[string]string{"checker": checker}), &bytes.Buffer{})
		require.NoError(t, err, checker)
		assert.Equal(t, "exact", f.Checker, checker)
		assert.Nil(t, f.Pool, checker)
		assert.NoError(t, f.ExclusiveREPLFailed())
		require.NoError(t, f.Close())
	}
}

func TestNewFormalThroughTheSimulator(t *testing.T) {
	for checker, want := range map[string]string{"lean": "sim", "both": "sim+exact", "auto": "sim+exact"} {
		f, err := NewFormal(testCtx(t), simSettings(t, "repl", map[string]string{"checker": checker}), &bytes.Buffer{})
		require.NoError(t, err, checker)
		assert.Equal(t, want, f.Checker, checker)
		require.NotNil(t, f.Pool, checker)
		res, err := f.Translator.Chain(testCtx(t), "c", []string{"2 + 3 = 5, so 2 + 3 = 6."})
		require.NoError(t, err)
		require.Len(t, res.Steps, 1)
		assert.Equal(t, "refuted", string(res.Steps[0].Verdict), "%s: %+v", checker, res.Steps[0])
		require.NoError(t, f.Close())
	}
}

func TestNewFormalLeanFailsWithoutAREPL(t *testing.T) {
	cfg := load(t, map[string]string{"checker": "lean", "lean.command": filepath.Join(t.TempDir(), "no-such-repl"),
		"lean.start_timeout": "5s"})
	_, err := NewFormal(testCtx(t), cfg, &bytes.Buffer{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "starting Lean")
}

func TestNewPRM(t *testing.T) {
	prm, closePRM, err := NewPRM(load(t, nil))
	require.NoError(t, err)
	defer closePRM()
	m, ok := prm.(*embedded.Model)
	require.True(t, ok, "the default backend is the embedded model")
	assert.Equal(t, m.Header.Threshold, DefaultThreshold(prm))

	for mode, want := range map[string]vllm.Mode{"qwen": vllm.ModeQwen, "shepherd": vllm.ModeStep, "step": vllm.ModeStep} {
		o := VLLMOptions(load(t, map[string]string{"prm.vllm.mode": mode, "prm.vllm.concurrency": "2"}))
		assert.Equal(t, want, o.Mode, mode)
		assert.Equal(t, 2, o.Concurrency)
		assert.Equal(t, config.DefaultVLLMURL, o.BaseURL)
	}
	prm, closePRM, err = NewPRM(load(t, map[string]string{"prm.backend": "vllm"}))
	require.NoError(t, err)
	closePRM()
	_, isEmbedded := prm.(*embedded.Model)
	assert.False(t, isEmbedded)
}

func TestScoringThroughTheSimulator(t *testing.T) {
	cfg := simSettings(t, "repl", map[string]string{"checker": "lean"})
	s, err := NewScoring(testCtx(t), cfg, hybrid.PolicyHybrid, &bytes.Buffer{})
	require.NoError(t, err)
	defer s.Close()
	assert.Equal(t, "sim", s.Formal.Checker)
	chains := []chain.Chain{{ID: "a", Steps: []chain.Step{{Text: "2 + 3 = 6."}}}}
	calib := []chain.Chain{{ID: "b", Steps: []chain.Step{{Text: "2 + 3 = 5."}}}}
	both, err := ScoreBoth(testCtx(t), s.Scorer, chains, calib)
	require.NoError(t, err)
	res, cal := both.Results, both.Calib
	require.Len(t, res, 1)
	require.Len(t, cal, 1)
	assert.Equal(t, "a", res[0].ID)
	assert.Equal(t, "b", cal[0].ID)
	assert.Equal(t, "sim", res[0].Steps[0].Checker, "the claim was judged by the simulator: %+v", res[0].Steps[0])
	assert.NoError(t, s.Formal.ExclusiveREPLFailed())
}

func TestTranslateAllJudgesLeanSteps(t *testing.T) {
	cfg := simSettings(t, "repl", map[string]string{"checker": "lean"})
	f, err := NewFormal(testCtx(t), cfg, &bytes.Buffer{})
	require.NoError(t, err)
	defer f.Close()
	lean := "theorem t : 2 + 3 = 5 := by decide"
	chains := []chain.Chain{{ID: "x", Steps: []chain.Step{{Text: "1 + 1 = 2."}, {Text: lean, Formal: true}}}}
	res, err := TranslateAll(testCtx(t), cfg, f, chains)
	require.NoError(t, err)
	require.Len(t, res, 1)
	require.Len(t, res[0].Steps, 2)
	require.NotEmpty(t, res[0].Steps[1].Obligations)
	assert.Equal(t, "lean", string(res[0].Steps[1].Obligations[0].Kind))
	assert.Equal(t, "verified", string(res[0].Steps[1].Verdict), "%+v", res[0].Steps[1])
}

// TestTranslateAllPassesTheProblem: `leanprm translate` checks each chain's steps with its
// problem, so a decimal the problem states (5% off: 0.95) is exact, and the same steps
// without it are left alone as a possible rounding.
func TestTranslateAllPassesTheProblem(t *testing.T) {
	cfg := load(t, map[string]string{"checker": "exact"})
	f, err := NewFormal(testCtx(t), cfg, &bytes.Buffer{})
	require.NoError(t, err)
	defer f.Close()
	steps := []chain.Step{{Text: "$140 * 0.95 = $134."}}
	chains := []chain.Chain{
		{ID: "with", Problem: "A $140 bag has a 5% discount. What does it cost?", Steps: steps},
		{ID: "without", Problem: "A bag costs $140. What does it cost?", Steps: steps},
	}
	res, err := TranslateAll(testCtx(t), cfg, f, chains)
	require.NoError(t, err)
	require.Len(t, res, 2)
	assert.Equal(t, "refuted", string(res[0].Steps[0].Verdict), "%+v", res[0].Steps[0])
	assert.Equal(t, "none", string(res[1].Steps[0].Verdict), "%+v", res[1].Steps[0])
}

func TestChainCheckerBackendsAgree(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "..", "testdata", "demo", "proof.lean"))
	require.NoError(t, err)
	ch, err := proofchain.FromSource(string(src), "")
	require.NoError(t, err)
	var verdicts [][]proofchain.Status
	for _, backend := range []string{BackendREPL, BackendLSP} {
		checker, stop, err := ChainChecker(testCtx(t), simSettings(t, backend, nil), backend, &bytes.Buffer{})
		require.NoError(t, err, backend)
		res, err := checker.CheckChain(testCtx(t), ch)
		stop()
		require.NoError(t, err, backend)
		assert.True(t, res.Verified, "%s: %v", backend, res.Problems)
		assert.Equal(t, backend, res.Backend)
		var v []proofchain.Status
		for _, s := range res.Steps {
			v = append(v, s.Status)
		}
		verdicts = append(verdicts, v)
	}
	assert.Equal(t, verdicts[0], verdicts[1])

	_, _, err = ChainChecker(testCtx(t), load(t, nil), "lean4", &bytes.Buffer{})
	require.ErrorIs(t, err, ErrUnknownBackend)
	assert.EqualError(t, err, `--backend "lean4": want repl or lsp`)
}

func TestVerifyRunner(t *testing.T) {
	t.Chdir(t.TempDir())
	var stderr bytes.Buffer
	runner, stop, err := VerifyRunner(testCtx(t), load(t, nil), &stderr)
	require.NoError(t, err)
	stop()
	assert.Nil(t, runner, "no REPL set up: the static checks run alone")
	assert.Contains(t, stderr.String(), "no proof can be verified")

	cfg := simSettings(t, "repl", nil)
	runner, stop, err = VerifyRunner(testCtx(t), cfg, &bytes.Buffer{})
	require.NoError(t, err)
	defer stop()
	require.NotNil(t, runner)
	o := VerifyOptions(cfg, runner)
	assert.Equal(t, cfg.Lean.Timeout, o.Timeout)
	assert.Equal(t, cfg.Lean.Header, o.Header)
}

// uncachedChain checks steps as chain "c" with the formal side cfg builds, given no caches.
func uncachedChain(t *testing.T, cfg *config.Config, steps []string) translate.ChainResult {
	t.Helper()
	plain, err := NewFormal(testCtx(t), cfg, &bytes.Buffer{})
	require.NoError(t, err)
	want, err := plain.Translator.Chain(testCtx(t), "c", steps)
	require.NoError(t, err)
	require.NoError(t, plain.Close())
	return want
}

// TestNewFormalWithExactCache: the exact checker's cache given in FormalOptions is the one the
// translator uses, with the exact checker alone and beside the REPL (checker both); verdicts
// are those of a translator without it.
func TestNewFormalWithExactCache(t *testing.T) {
	steps := []string{"2 + 3 = 5, so 2 + 3 = 6.", "4 * 5 = 20."}
	for _, cfg := range []*config.Config{
		load(t, map[string]string{"checker": "exact"}),
		simSettings(t, "repl", map[string]string{"checker": "both"}),
	} {
		want := uncachedChain(t, cfg, steps)

		cache := translate.NewExactCache(0, 0)
		f, err := NewFormalWith(testCtx(t), cfg, &bytes.Buffer{}, FormalOptions{ExactCache: cache})
		require.NoError(t, err)
		for pass := range 2 {
			got, err := f.Translator.Chain(testCtx(t), "c", steps)
			require.NoError(t, err)
			assert.Equal(t, want, got, "%s, pass %d", cfg.Checker, pass)
		}
		entries, _, hits, misses := cache.Stats()
		assert.Equal(t, 3, entries, cfg.Checker)
		assert.Equal(t, uint64(3), misses, cfg.Checker)
		assert.Equal(t, uint64(3), hits, "%s: the second pass is all hits", cfg.Checker)
		require.NoError(t, f.Close())
	}
}

// TestNewFormalWithContextCache: the context cache given in FormalOptions is the one the
// translator uses, with the exact checker alone and beside the REPL: a chain extending one
// translated before resumes after it, and its verdicts are those of a translator without it.
func TestNewFormalWithContextCache(t *testing.T) {
	steps := []string{"Let x = 4.", "So x + 1 = 5 and 2 + 3 = 6.", "4 * 5 = 20."}
	for _, cfg := range []*config.Config{
		load(t, map[string]string{"checker": "exact"}),
		simSettings(t, "repl", map[string]string{"checker": "both"}),
	} {
		want := uncachedChain(t, cfg, steps)

		cache := translate.NewContextCache(0, 0)
		f, err := NewFormalWith(testCtx(t), cfg, &bytes.Buffer{}, FormalOptions{ContextCache: cache})
		require.NoError(t, err)
		_, err = f.Translator.Chain(testCtx(t), "c", steps[:2])
		require.NoError(t, err)
		got, err := f.Translator.Chain(testCtx(t), "c", steps)
		require.NoError(t, err)
		assert.Equal(t, want, got, cfg.Checker)
		_, _, hits, misses := cache.Stats()
		assert.Equal(t, uint64(1), hits, "%s: the chain resumed after its first two steps", cfg.Checker)
		assert.Equal(t, uint64(1), misses, cfg.Checker)
		require.NoError(t, f.Close())
	}
}

// TestConfigDefaultsAreTheLibraries keeps the configuration's own copies of the Lean defaults
// (internal/config imports no library package) equal to the defaults of the libraries that
// apply them when a value is left zero.
func TestConfigDefaultsAreTheLibraries(t *testing.T) {
	assert.Equal(t, repl.DefaultTactic, config.DefaultTactic)
	assert.Equal(t, translate.DefaultTactic, config.DefaultTactic)
	assert.Equal(t, repl.DefaultIdentityTactic, config.DefaultIdentityTactic)
	assert.Equal(t, translate.DefaultIdentityTactic, config.DefaultIdentityTactic)
	assert.Equal(t, repl.DefaultRequestTimeout, config.DefaultRequestTimeout)
	assert.Equal(t, repl.DefaultStartTimeout, config.DefaultStartTimeout)
	assert.Equal(t, repl.DefaultRecycleAfter, config.DefaultRecycleAfter)
}
