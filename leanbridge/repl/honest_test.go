package repl

import (
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/leanbridge/proofchain"
)

// honestProofs reads the ids and proofs of testdata/verify/honest.jsonl.
func honestProofs(t *testing.T) []struct{ ID, Proof string } {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "..", "testdata", "verify", "honest.jsonl"))
	require.NoError(t, err)
	defer f.Close()
	var rows []struct{ ID, Proof string }
	for dec := json.NewDecoder(f); ; {
		var r struct{ ID, Proof string }
		err := dec.Decode(&r)
		if errors.Is(err, io.EOF) {
			return rows
		}
		require.NoError(t, err)
		rows = append(rows, r)
	}
}

// Chains taken from the honest proofs (their `by` blocks split into steps) verify on the
// simulator step by step.
func TestHonestProofsAsChains(t *testing.T) {
	w := startSimWorker(t)
	chains := 0
	for _, row := range honestProofs(t) {
		ch, err := proofchain.FromSource(row.Proof, "")
		if err != nil {
			assert.ErrorContains(t, err, "not a `by` block", row.ID)
			continue
		}
		chains++
		res, err := w.CheckChain(ctxT(t), ch)
		require.NoError(t, err, row.ID)
		assert.True(t, res.Verified, "%s: %v\nsteps %q\n%+v", row.ID, res.Problems, ch.Steps, res.Steps)
	}
	assert.GreaterOrEqual(t, chains, 15, "only %d honest proofs were chains", chains)
}
