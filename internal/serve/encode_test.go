package serve

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/hybrid/reward"
)

// TestHandEncodingIsEncodingJSON: the hand-written encoders of /get_reward's answer write
// the bytes encoding/json writes for the same values, and refuse what it refuses.
func TestHandEncodingIsEncodingJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	floats := []float64{0, 1, -1, 0.5, 1.0 / 3, 1e-6, 9.99e-7, 1e-7, 1.5e-300, 1e20, 1e21, 123456789e13, -2.5e-9, math.SmallestNonzeroFloat64, math.MaxFloat64, -0.0}
	for range 2000 {
		floats = append(floats, rng.NormFloat64()*math.Pow(10, float64(rng.IntN(60)-30)))
	}
	for _, f := range floats {
		want, err := json.Marshal(f)
		require.NoError(t, err)
		got, err := appendJSONFloat(nil, f)
		require.NoError(t, err)
		require.Equal(t, string(want), string(got), "%v", f)
	}
	for _, f := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		_, err := appendJSONFloat(nil, f)
		require.Error(t, err, "%v", f)
	}
	for _, s := range []string{"", "work", "no_relation", `a"b`, `a\b`, "<&>", "é", "\x00\n", "\xff", "\u2028"} {
		want, _ := json.Marshal(s)
		require.Equal(t, string(want), string(appendJSONString(nil, s)), "%q", s)
	}
	cols := map[string][]float64{"b": {1, 0, -1}, "a": {0.25}, "c": nil, "leanprm_x": {}}
	want, _ := json.Marshal(cols)
	got, err := appendColumns(nil, cols)
	require.NoError(t, err)
	require.Equal(t, string(want), string(got))
	_, err = appendColumns(nil, map[string][]float64{"a": {math.NaN()}})
	require.Error(t, err)

	steps := [][]reward.StepWork{nil, {}, {{Index: 0, Work: true, Why: reward.WhyWork, Score: 0.9, Reward: 0.1, Start: 0, End: 12},
		{Index: 1, Why: reward.WhyRepeated, Score: 1e-9, Reward: -0.05, Start: -1, End: -1}}}
	want, _ = json.Marshal(steps)
	got, err = appendStepRewards(nil, steps)
	require.NoError(t, err)
	require.Equal(t, string(want), string(got))
	want, _ = json.Marshal([][]reward.StepWork(nil))
	got, _ = appendStepRewards(nil, nil)
	require.Equal(t, string(want), string(got))

	// Every field of StepWork set (by reflection, so that a field added to it later and not
	// to the encoder fails here instead of vanishing from the answer).
	var full reward.StepWork
	v := reflect.ValueOf(&full).Elem()
	for i := range v.NumField() {
		switch f := v.Field(i); f.Kind() {
		case reflect.Bool:
			f.SetBool(true)
		case reflect.Int:
			f.SetInt(int64(i + 1))
		case reflect.Float64:
			f.SetFloat(float64(i) + 0.5)
		case reflect.String:
			f.SetString("why")
		default:
			t.Fatalf("StepWork.%s: a kind the encoder test does not fill", v.Type().Field(i).Name)
		}
	}
	want, _ = json.Marshal([][]reward.StepWork{{full}})
	got, err = appendStepRewards(nil, [][]reward.StepWork{{full}})
	require.NoError(t, err)
	require.Equal(t, string(want), string(got), "the encoder writes every field of StepWork")
}
