package embedded

import (
	"bytes"
	"context"
	"encoding/binary"
	"math"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/leanprm/leanprm/hybrid/chain"
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

func TestLoadRejectsBadFiles(t *testing.T) {
	m, err := Default()
	require.NoError(t, err)
	good, err := m.MarshalBinary()
	require.NoError(t, err)
	assert.Equal(t, defaultModel, good, "the committed file round-trips byte for byte")

	tests := map[string][]byte{
		"empty":     nil,
		"magic":     []byte("not a model"),
		"truncated": good[:len(magic)+2],
		"header":    append([]byte(magic), 0xff, 0xff, 0xff, 0x7f),
		"trailing":  append(append([]byte(nil), good...), 0, 0, 0, 0),
	}
	// A header from a future feature version.
	hl := binary.LittleEndian.Uint32(good[len(magic):])
	hdr := good[len(magic)+4 : len(magic)+4+int(hl)]
	future := bytes.Replace(hdr, []byte(`"feature_version": `), []byte(`"feature_version": 9`), 1)
	bad := append([]byte(magic), binary.LittleEndian.AppendUint32(nil, uint32(len(future)))...)
	tests["version"] = append(append(bad, future...), good[len(magic)+4+int(hl):]...)
	for name, b := range tests {
		t.Run(name, func(t *testing.T) {
			_, err := Load(b)
			assert.Error(t, err)
		})
	}
}

func TestDefaultModel(t *testing.T) {
	m, err := Default()
	require.NoError(t, err)
	assert.LessOrEqual(t, len(defaultModel), 10<<20, "the committed model stays under 10 MB")
	assert.Greater(t, m.Threshold, 0.0)
	assert.Less(t, m.Threshold, 1.0)

	q := "A baker makes 24 rolls a day for 5 days. How many rolls is that?"
	good, err := m.ScoreChain(context.Background(), q, steps("In 5 days the baker makes 24 * 5 = 120 rolls.", "The answer is \\boxed{120}."))
	require.NoError(t, err)
	bad, err := m.ScoreChain(context.Background(), q, steps("In 5 days the baker makes 24 * 5 = 100 rolls.", "The answer is \\boxed{100}."))
	require.NoError(t, err)
	for _, s := range append(good, bad...) {
		assert.True(t, s >= 0 && s <= 1, "probability %v", s)
	}
	assert.Greater(t, good[0], bad[0], "false arithmetic lowers the score")

	lean, err := m.ScoreChain(context.Background(), q, []chain.Step{{Text: "example : (24 : Rat) * 5 = 120 := by norm_num", Formal: true}})
	require.NoError(t, err)
	assert.Equal(t, []float64{m.Prior}, lean, "a Lean step gets the prior")
	assert.Greater(t, m.Prior, m.Threshold, "and is not flagged by it")

	empty, err := m.ScoreChain(context.Background(), "", nil)
	require.NoError(t, err)
	assert.Empty(t, empty)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = m.ScoreChain(ctx, q, steps("x"))
	assert.ErrorIs(t, err, context.Canceled)
}

func TestConcurrentScoring(t *testing.T) {
	m, err := Default()
	require.NoError(t, err)
	q := "Tom has 3 bags with 7 marbles each. How many marbles?"
	st := steps("3 * 7 = 21 marbles.", "Wait, maybe it is 3 + 7 = 10.", "The answer is 21.")
	want, err := m.ScoreChain(context.Background(), q, st)
	require.NoError(t, err)
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 50 {
				got, err := m.ScoreChain(context.Background(), q, st)
				if assert.NoError(t, err) {
					assert.Equal(t, want, got)
				}
			}
		}()
	}
	wg.Wait()
}

func idx(t *testing.T, name string) int {
	t.Helper()
	for i, n := range denseNames {
		if n == name {
			return i
		}
	}
	require.FailNow(t, "no such feature", "%q", name)
	return -1
}

func TestFeatures(t *testing.T) {
	f := newFeaturizer(0)
	var d [nDense]float64
	f.startChain("Sara has 14 apples and 6 pears. How many fruits?")
	f.step(0, 3, chain.Step{Text: "Step 1: She has 14 + 6 = 21 fruits."}, d[:])
	assert.Equal(t, 1.0, d[idx(t, "any_false")])
	assert.Equal(t, 1.0, d[idx(t, "first_false_in_chain")])
	assert.Equal(t, 1.0, d[idx(t, "pos_first")])
	assert.Equal(t, 0.0, d[idx(t, "log_index")])
	assert.Positive(t, d[idx(t, "log_first_use")], "14 is taken up here first")
	f.step(1, 3, chain.Step{Text: "Maybe we should assume she ate 37 of them, however."}, d[:])
	assert.Equal(t, 1.0, d[idx(t, "prev_false")])
	assert.Positive(t, d[idx(t, "hedge")])
	assert.Positive(t, d[idx(t, "correction")])
	assert.Positive(t, d[idx(t, "log_unsupported")], "37 appears nowhere before")
	assert.Positive(t, d[idx(t, "log_index")])
	f.step(2, 3, chain.Step{Text: "The answer is \\boxed{99}."}, d[:])
	assert.Equal(t, 1.0, d[idx(t, "final_answer")])
	assert.Equal(t, 1.0, d[idx(t, "final_unsupported")])
	for k, v := range d {
		assert.False(t, v != v, "feature %s is NaN", denseNames[k])
	}
	assert.Len(t, denseNames, nDense)
}

// TestReasoningFeatures checks the features of how word-problem reasoning
// goes wrong.
func TestReasoningFeatures(t *testing.T) {
	f := newFeaturizer(0)
	var d [nDense]float64
	feat := func(name string) float64 { return d[idx(t, name)] }

	// A quantity the problem states once, counted twice.
	f.startChain("Kory's dog weighs 64 pounds and Elijah's dog weighs 17 pounds. How much do they weigh together?")
	f.step(0, 2, chain.Step{Text: "In total they weigh 64 + 64 = 128 pounds."}, d[:])
	assert.Equal(t, 1.0, feat("dup_operand"))
	assert.Positive(t, feat("total_unused"), "a total while 17 is still unused")
	f.startChain("Kory's dog weighs 64 pounds and Elijah's dog weighs 17 pounds. How much do they weigh together?")
	f.step(0, 2, chain.Step{Text: "In total they weigh 64 + 17 = 81 pounds."}, d[:])
	assert.Equal(t, 0.0, feat("dup_operand"))
	assert.Equal(t, 0.0, feat("total_unused"))

	// A fractional result in a problem about whole things.
	f.startChain("It takes James 10 minutes to read 3 pages. He reads 18 pages. How long does he read?")
	f.step(0, 2, chain.Step{Text: "He reads 3 / 10 = 0.3 pages per minute."}, d[:])
	assert.Equal(t, 1.0, feat("nonint_result"))
	f.startChain("A rope of 2.5 meters is cut in 2 pieces. How long is each?")
	f.step(0, 1, chain.Step{Text: "Each piece is 2.5 / 2 = 1.25 meters."}, d[:])
	assert.Equal(t, 0.0, feat("nonint_result"), "the problem is not about whole things")

	// Bookkeeping: only results of earlier steps.
	f.startChain("Ann has 13 red and 17 blue beads, and buys 25 more. How many beads?")
	f.step(0, 3, chain.Step{Text: "She has 13 + 17 = 30 beads."}, d[:])
	assert.Equal(t, 0.0, feat("prev_results_only"))
	assert.InDelta(t, math.Log1p(2), feat("log_first_use"), 1e-12)
	f.step(1, 3, chain.Step{Text: "Then 30 + 25 = 55 beads."}, d[:])
	assert.Equal(t, 0.0, feat("prev_results_only"), "25 comes from the problem")
	assert.InDelta(t, math.Log1p(1), feat("log_first_use"), 1e-12)
	f.step(2, 3, chain.Step{Text: "So 55 beads, and 55 - 30 = 25 more than before."}, d[:])
	assert.Equal(t, 1.0, feat("prev_results_only"))
	assert.Equal(t, 0.0, feat("log_first_use"))
}

func TestStripMarker(t *testing.T) {
	assert.Equal(t, "x = 1", stripMarker("Step 3: x = 1"))
	assert.Equal(t, "x = 1", stripMarker("**Step 12.** x = 1"))
	assert.Equal(t, "Stepping on", stripMarker("Stepping on"))
	assert.Equal(t, "Step up", stripMarker("Step up"))
}

func TestTreeCheck(t *testing.T) {
	leaf := Tree{Feat: []int32{-1}, Thr: []float64{0}, Left: []int32{-1}, Right: []int32{-1}, Value: []float64{0.1}}
	require.NoError(t, leaf.check())
	assert.InDelta(t, 0.1, leaf.Eval(make([]float64, nDense)), 0)
	split := Tree{Feat: []int32{2, -1, -1}, Thr: []float64{0.5, 0, 0}, Left: []int32{1, -1, -1}, Right: []int32{2, -1, -1}, Value: []float64{0, -1, 1}}
	require.NoError(t, split.check())
	x := make([]float64, nDense)
	assert.Equal(t, -1.0, split.Eval(x))
	x[2] = 0.5
	assert.Equal(t, 1.0, split.Eval(x))
	for name, bad := range map[string]Tree{
		"empty":    {},
		"ragged":   {Feat: []int32{-1}, Value: []float64{1, 2}},
		"loop":     {Feat: []int32{0}, Thr: []float64{0}, Left: []int32{0}, Right: []int32{0}, Value: []float64{0}},
		"feature":  {Feat: []int32{99, -1, -1}, Thr: []float64{0, 0, 0}, Left: []int32{1, -1, -1}, Right: []int32{2, -1, -1}, Value: []float64{0, 0, 0}},
		"past end": {Feat: []int32{0, -1}, Thr: []float64{0, 0}, Left: []int32{1, -1}, Right: []int32{5, -1}, Value: []float64{0, 0}},
	} {
		assert.Error(t, bad.check(), name)
	}
}

// dataDir is the shared data directory (testshared: ../shared/data, LEANPRM_SHARED).
func dataDir(tb testing.TB) string {
	tb.Helper()
	return filepath.Dir(testshared.Path(tb, "data/processbench"))
}
