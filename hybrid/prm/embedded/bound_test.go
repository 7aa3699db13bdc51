package embedded

import (
	"context"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/hybrid"
)

// The featurizer reads at most hybrid.MaxLearnedTextBytes of a step: scoring a 4 MiB step
// allocates a bounded amount (it used to cost about 74 bytes per byte, some 300 MB here). The
// bound is on bytes allocated, counted by the runtime, not on time.
func TestScoreChainMemoryBounded(t *testing.T) {
	m, err := Default()
	require.NoError(t, err)
	long := strings.Repeat("Then 12 * 7 = 84 apples, so we add 3 more. ", (4<<20)/43)
	// Warm the featurizer pool so its steady-state buffers are not counted.
	_, err = m.ScoreChain(context.Background(), "p", steps("1 + 1 = 2"))
	require.NoError(t, err)

	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	scores, err := m.ScoreChain(context.Background(), long, steps("First, 2 + 2 = 4.", long))
	runtime.ReadMemStats(&after)
	require.NoError(t, err)
	require.Len(t, scores, 2)
	allocated := after.TotalAlloc - before.TotalAlloc
	assert.Less(t, allocated, uint64(32<<20), "scoring a %d-byte step allocated %d bytes", len(long), allocated)

	// The cut is the one the Scorer warns about: the same score as the truncated text.
	cut, ok := hybrid.LearnedText(long)
	require.True(t, ok)
	same, err := m.ScoreChain(context.Background(), cut, steps("First, 2 + 2 = 4.", cut))
	require.NoError(t, err)
	assert.Equal(t, same, scores)
}
