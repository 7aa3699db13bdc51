package train

import (
	"bytes"
	"context"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/leanprm/leanprm/hybrid/chain"
	"github.com/leanprm/leanprm/hybrid/prm/embedded"
	"github.com/leanprm/leanprm/internal/testutil/testshared"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

func steps(texts ...string) []chain.Step {
	out := make([]chain.Step, len(texts))
	for i, s := range texts {
		out[i] = chain.Step{Text: s}
	}
	return out
}

// dataDir is the shared data directory (testshared: ../shared/data, LEANPRM_SHARED).
func dataDir(tb testing.TB) string {
	tb.Helper()
	return filepath.Dir(testshared.Path(tb, "data/processbench"))
}

func TestTrainIsReproducible(t *testing.T) {
	dir := writeSyntheticData(t)
	train := func(seed uint64) []byte {
		m, err := Fit(context.Background(), Config{DataDir: dir, Seed: seed})
		require.NoError(t, err)
		b, err := m.MarshalBinary()
		require.NoError(t, err)
		return b
	}
	a, b := train(7), train(7)
	assert.True(t, bytes.Equal(a, b), "same data and seed must give the same bytes")
	assert.False(t, bytes.Equal(a, train(8)), "the seed must matter")

	// Bagging averages models of seeds 7, 8, ...: one bag is another model.
	one, err := Fit(context.Background(), Config{DataDir: dir, Seed: 7, Bags: 1})
	require.NoError(t, err)
	ob, err := one.MarshalBinary()
	require.NoError(t, err)
	assert.False(t, bytes.Equal(a, ob))
	assert.Equal(t, 1, one.Train.Bags)
	bagged, err := embedded.Load(a)
	require.NoError(t, err)
	assert.Equal(t, DefaultBags, bagged.Train.Bags)

	// With n-grams the file carries the table and stays reproducible.
	m1, err := Fit(context.Background(), Config{DataDir: dir, Seed: 3, HashBits: 10})
	require.NoError(t, err)
	m2, err := Fit(context.Background(), Config{DataDir: dir, Seed: 3, HashBits: 10})
	require.NoError(t, err)
	b1, _ := m1.MarshalBinary()
	b2, _ := m2.MarshalBinary()
	assert.Equal(t, b1, b2)
	assert.Greater(t, len(b1), 4<<10)
}

func TestTrainLearnsArithmetic(t *testing.T) {
	dir := writeSyntheticData(t)
	m, err := Fit(context.Background(), Config{DataDir: dir, Seed: 1})
	require.NoError(t, err)
	// Loaded back from bytes, the model scores the same.
	b, err := m.MarshalBinary()
	require.NoError(t, err)
	m2, err := embedded.Load(b)
	require.NoError(t, err)

	q := "Ivy has 12 cards and finds 9 more, then buys 3 times as many as that. How many cards does Ivy buy?"
	right, err := m2.ScoreChain(context.Background(), q, steps("Ivy starts with 12 cards and finds 9 more.", "That makes 12 + 9 = 21 cards."))
	require.NoError(t, err)
	wrong, err := m2.ScoreChain(context.Background(), q, steps("Ivy starts with 12 cards and finds 9 more.", "That makes 12 + 9 = 24 cards."))
	require.NoError(t, err)
	assert.Greater(t, right[1], wrong[1], "a false sum must score lower than the true one")
	assert.InDelta(t, right[0], wrong[0], 1e-12, "a step's score does not depend on later steps")
	mr, _ := m.ScoreChain(context.Background(), q, steps("Ivy starts with 12 cards and finds 9 more.", "That makes 12 + 9 = 21 cards."))
	assert.Equal(t, right, mr)

	assert.Equal(t, srcPRMBench, m.Train.Sources[0].Name)
	assert.Positive(t, m.Train.Sources[0].Negative)
	assert.NotEqual(t, 1.0, m.PlattA, "calibrated on the synthetic dev file")
}

func TestTrainWithoutData(t *testing.T) {
	_, err := Fit(context.Background(), Config{DataDir: t.TempDir()})
	assert.ErrorContains(t, err, "no labelled training steps")
	_, err = Fit(context.Background(), Config{DataDir: t.TempDir(), HashBits: 30})
	assert.Error(t, err)
	_, err = Fit(context.Background(), Config{DataDir: t.TempDir(), Bags: -1})
	assert.ErrorContains(t, err, "Bags")
	_, err = Fit(context.Background(), Config{DataDir: t.TempDir(), WeakKinds: []int{KindOperand, weakKinds}})
	assert.ErrorContains(t, err, "weak-label kind")
	_, err = Fit(context.Background(), Config{DataDir: t.TempDir(), WeakKinds: []int{-1}})
	assert.ErrorContains(t, err, "weak-label kind")
	for name, cfg := range map[string]Config{
		"negative trees": {Trees: -1}, "deep trees": {Trees: 5, TreeDepth: 20},
		"negative rate": {LearningRate: -0.1}, "NaN rate": {LearningRate: math.NaN()},
		"negative L2": {L2: -1}, "negative epochs": {Epochs: -2},
	} {
		cfg.DataDir = t.TempDir()
		_, err = Fit(context.Background(), cfg)
		assert.ErrorContains(t, err, "out of range", name)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = Fit(ctx, Config{DataDir: writeSyntheticData(t)})
	assert.ErrorIs(t, err, context.Canceled)
}

// TestCommittedModelIsReproducible retrains from the shared data and
// compares with the committed file, as `make model` would.
func TestCommittedModelIsReproducible(t *testing.T) {
	if testing.Short() {
		t.Skip("trains on the full data")
	}
	dir := dataDir(t)
	m, err := Fit(context.Background(), Config{DataDir: dir, Seed: DefaultSeed})
	require.NoError(t, err)
	b, err := m.MarshalBinary()
	require.NoError(t, err)
	committed, err := os.ReadFile(filepath.Join("..", "model.bin"))
	require.NoError(t, err)
	assert.True(t, bytes.Equal(committed, b), "model.bin is stale: run `make model`")
}

func TestBoostedTrees(t *testing.T) {
	dir := writeSyntheticData(t)
	train := func() (*embedded.Model, []byte) {
		m, err := Fit(context.Background(), Config{DataDir: dir, Seed: 5, Trees: 8, TreeDepth: 2})
		require.NoError(t, err)
		b, err := m.MarshalBinary()
		require.NoError(t, err)
		return m, b
	}
	m, a := train()
	_, b := train()
	assert.Equal(t, a, b, "boosting is deterministic too")
	require.Len(t, m.Trees, 8)
	split := false
	for _, tr := range m.Trees {
		split = split || tr.Feat[0] >= 0
	}
	assert.True(t, split, "some tree splits")

	loaded, err := embedded.Load(a)
	require.NoError(t, err)
	q := "Ivy has 12 cards and finds 9 more. How many cards?"
	st := steps("That makes 12 + 9 = 21 cards.", "That makes 12 + 9 = 24 cards.")
	want, _ := m.ScoreChain(context.Background(), q, st)
	got, err := loaded.ScoreChain(context.Background(), q, st)
	require.NoError(t, err)
	assert.Equal(t, want, got)
}

// TestBagAverage checks that Model.add and scaleBy average the logits of
// models standardized differently.
func TestBagAverage(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	mk := func() *linear {
		m := &linear{Header: embedded.Header{Dense: embedded.DenseNames(), Mean: make([]float64, nDense), Scale: make([]float64, nDense),
			DenseW: make([]float64, nDense), Bias: rng.NormFloat64()}}
		for k := range nDense {
			m.Mean[k] = rng.NormFloat64()
			m.Scale[k] = 0.5 + rng.Float64()
			m.DenseW[k] = rng.NormFloat64()
		}
		return m
	}
	a, b, c := mk(), mk(), mk()
	x := make([]float64, nDense)
	for k := range x {
		x[k] = rng.NormFloat64()
	}
	logit := func(m *linear) float64 {
		mm, err := embedded.New(m.Header, m.hashW)
		require.NoError(t, err)
		return mm.Logit(x, nil, 0)
	}
	want := (logit(a) + logit(b) + logit(c)) / 3
	a.add(b)
	a.add(c)
	a.scaleBy(1.0 / 3)
	assert.InDelta(t, want, logit(a), 1e-9)
	assert.False(t, math.IsNaN(a.Bias))
}
