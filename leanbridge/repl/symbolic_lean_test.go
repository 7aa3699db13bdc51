//go:build lean

package repl

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLeanIdentityProbe: on the pinned toolchain, grind passes the identity probe: it proves
// the true identities (one needs its side condition) and fails the false ones.
func TestLeanIdentityProbe(t *testing.T) {
	w, err := StartWorker(ctxT(t), leanConfig(t))
	require.NoError(t, err, "StartWorker")
	defer w.Close()
	pr, ok := w.Probe()
	require.True(t, ok)
	assert.Equal(t, DefaultIdentityTactic, pr.IdentityTactic)
	assert.True(t, pr.SymbolicOK(), "identity probe: %s %+v", pr.IdentityReason, pr.Identity)
}

// TestLeanSymbolicSample sends the symbolic sample (symbolic_sample_test.go) to a real REPL:
// true identities and true implications proved, false ones not, the closed refutations at a
// witness as the table says. TestSymbolicSampleOnSimulator holds the simulator to the same
// table, so the two agree wherever the simulator decides.
func TestLeanSymbolicSample(t *testing.T) {
	w, err := StartWorker(ctxT(t), leanConfig(t))
	require.NoError(t, err, "StartWorker")
	defer w.Close()
	for _, row := range symbolicSample {
		t.Run(row.name, func(t *testing.T) {
			r, err := w.CommandOnHeader(ctxT(t), "", CommandRequest{Cmd: row.cmd})
			require.NoError(t, err)
			judgeSample(t, row, r, false)
		})
	}
	// The same sample as one command, one declaration per line, as translate sends it.
	var lines []string
	for _, row := range symbolicSample {
		lines = append(lines, row.cmd)
	}
	r, err := w.CommandOnHeader(ctxT(t), "", CommandRequest{Cmd: strings.Join(lines, "\n")})
	require.NoError(t, err)
	proved, _, msgs := judgeLines(r, len(lines))
	for i, row := range symbolicSample {
		assert.Equal(t, row.proved, proved[i], "line %d %s: %+v", i+1, row.name, msgs[i])
	}
}
