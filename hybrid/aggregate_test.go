package hybrid

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/hybrid/chain"
)

func TestAggregates(t *testing.T) {
	s := []float64{0.9, 0.5, 0.8}
	assert.InDelta(t, 0.5, AggMin.Of(s), 1e-12)
	assert.InDelta(t, 0.36, AggProduct.Of(s), 1e-12)
	assert.InDelta(t, 2.2/3, AggMean.Of(s), 1e-12)
	assert.InDelta(t, 0.8, AggLast.Of(s), 1e-12)
	assert.Zero(t, AggMin.Of(nil))
	for _, a := range Aggregates() {
		got, err := ParseAggregate(string(a))
		require.NoError(t, err)
		assert.Equal(t, a, got)
	}
	_, err := ParseAggregate("median")
	assert.Error(t, err)
}

func TestFirstError(t *testing.T) {
	assert.Equal(t, 1, FirstError([]float64{0.9, 0.4, 0.1}, 0.5))
	assert.Equal(t, chain.NoError, FirstError([]float64{0.9, 0.6}, 0.5))
	assert.Equal(t, 0, FirstError([]float64{0.5}, 0.51))
	assert.Equal(t, chain.NoError, FirstError([]float64{0.5}, 0.5), "a score equal to the threshold passes")
}
