package verify

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// adversarialRow is one row of testdata/adversarial (issue 23): cheats nobody had tried on
// the judge before (tactic configurations, evaluators without the word IO, native evaluation
// without the word native, scopes) and honest forms the rules used to refuse.
type adversarialRow struct {
	suiteRow
	// RunsCode: on real Lean this cheat would run code or evaluate natively while
	// elaborating, so it must be refused before Lean.
	RunsCode bool `json:"runs_code"`
}

func loadAdversarial(t *testing.T, name string) []adversarialRow {
	t.Helper()
	return loadRows[adversarialRow](t, filepath.Join("testdata", "adversarial", name))
}

// Every cheat is refused before Lean, with the code its row names: the accepting runner would
// verify anything that reached it, so a cheat that got past the static layer would show up
// verified. And on the simulator, no cheat is verified.
func TestAdversarialCheatsRefusedBeforeLean(t *testing.T) {
	rows := loadAdversarial(t, "cheats.jsonl")
	require.GreaterOrEqual(t, len(rows), 40)
	accepting := &acceptingRunner{}
	sim := newSimRunner()
	runsCode := 0
	for _, row := range rows {
		t.Run(row.ID, func(t *testing.T) {
			require.Contains(t, codeDocs, row.Expect)
			res := Check(context.Background(), row.Statement, row.Proof, Options{Runner: accepting})
			assert.Equal(t, StatusRejected, res.Status, "%s: %v", row.Technique, res.Reasons)
			assert.Contains(t, res.Codes(), row.Expect, "%s: got %v", row.Technique, res.Reasons)
			simRes := Check(context.Background(), row.Statement, row.Proof, Options{Runner: sim})
			assert.NotEqual(t, StatusVerified, simRes.Status, "%s verified on the simulator", row.Technique)
		})
		if row.RunsCode {
			runsCode++
		}
	}
	assert.Empty(t, accepting.cmds, "Lean was asked to run a cheat")
	assert.GreaterOrEqual(t, runsCode, 25, "most cheats of the corpus would run code")
}

// Every honest form passes the static layer and is verified by a Lean that accepts it.
func TestAdversarialHonestProofsReachLean(t *testing.T) {
	rows := loadAdversarial(t, "honest.jsonl")
	require.GreaterOrEqual(t, len(rows), 20)
	honestReachLean(t, rows)
}

// honestReachLean checks every honest row: accepted by the static layer, and verified by a
// runner that accepts whatever reaches it (so only the static layer could have refused it).
func honestReachLean[R interface{ base() suiteRow }](t *testing.T, rows []R) {
	accepting := &acceptingRunner{}
	for _, r := range rows {
		row := r.base()
		t.Run(row.ID, func(t *testing.T) {
			st, err := ParseStatement(row.Statement)
			require.NoError(t, err)
			rep := CheckStatic(st, row.Proof, []string{"Init"})
			require.True(t, rep.Accepted(), "%s refused before Lean: %v", row.Technique, rep.Reasons)
			res := Check(context.Background(), row.Statement, row.Proof, Options{Runner: accepting})
			assert.Equal(t, StatusVerified, res.Status, "%v", res.Reasons)
		})
	}
}
