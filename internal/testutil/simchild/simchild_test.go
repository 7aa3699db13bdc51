package simchild

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/leanbridge/repl"
)

func TestMain(m *testing.M) { Main(m) }

// Pool's children are this binary running the REPL simulator: they say so, accept a true
// theorem and reject a false one.
func TestPoolRunsSimulator(t *testing.T) {
	p := Pool(t, 1)
	assert.Equal(t, repl.BackendSim, p.Backend(), "a simulator never calls itself Lean")
	ok, err := p.Command(Context(t), "", repl.CommandRequest{Cmd: "theorem t : 2 + 2 = 4 := by decide"})
	require.NoError(t, err)
	assert.True(t, ok.Accepted(), "true theorem: %+v", ok.Messages)
	bad, err := p.Command(Context(t), "", repl.CommandRequest{Cmd: "theorem t : 2 + 2 = 5 := by decide"})
	require.NoError(t, err)
	assert.False(t, bad.Accepted(), "false theorem: %+v", bad.Messages)
}
