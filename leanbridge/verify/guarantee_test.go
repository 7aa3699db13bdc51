package verify

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// guaranteeRow is one row of testdata/guarantee (issue 32): per family, what real Lean would
// do with it is argued from Lean's source in its `lean` member.
type guaranteeRow struct {
	suiteRow
	Lean string `json:"lean"`
	// Listed: the configuration door is on a tactic that the old list of configured
	// tactics named (false: a tactic no list names).
	Listed *bool `json:"listed"`
	// Keyword: the unknown keyword a refusal must name.
	Keyword string `json:"keyword"`
}

func loadGuarantee(t *testing.T, name string) []guaranteeRow {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "guarantee", name))
	require.NoError(t, err)
	defer f.Close()
	var rows []guaranteeRow
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var r guaranteeRow
		require.NoError(t, json.Unmarshal(sc.Bytes(), &r), "%s line %d", name, len(rows)+1)
		require.NotEmpty(t, r.Lean, "%s: every row argues real Lean's behaviour", r.ID)
		rows = append(rows, r)
	}
	require.NoError(t, sc.Err())
	return rows
}

// refusedBeforeLean checks every row of a refusal family: rejected, with the row's code, and
// Lean (the accepting runner, which would verify anything that reached it) never asked.
func refusedBeforeLean(t *testing.T, rows []guaranteeRow) {
	accepting := &acceptingRunner{}
	for _, row := range rows {
		t.Run(row.ID, func(t *testing.T) {
			require.Contains(t, codeDocs, row.Expect)
			res := Check(context.Background(), row.Statement, row.Proof, Options{Runner: accepting})
			assert.Equal(t, StatusRejected, res.Status, "%s: %v", row.Technique, res.Reasons)
			assert.Contains(t, res.Codes(), row.Expect, "%s: got %v", row.Technique, res.Reasons)
			if row.Keyword != "" {
				named := false
				for _, r := range res.Reasons {
					if r.Code == row.Expect && strings.Contains(r.Detail, row.Keyword) {
						named = true
					}
				}
				assert.True(t, named, "%s: the refusal must name %s: %v", row.ID, row.Keyword, res.Reasons)
			}
		})
	}
	assert.Empty(t, accepting.cmds, "Lean was asked to run a refused proof")
}

// Every configuration door, on tactics the old list named and on tactics no list names, is
// refused before Lean.
func TestGuaranteeConfigDoorsRefused(t *testing.T) {
	rows := loadGuarantee(t, "config_doors.jsonl")
	listed, unlisted := 0, 0
	for _, r := range rows {
		require.NotNil(t, r.Listed, r.ID)
		if *r.Listed {
			listed++
		} else {
			unlisted++
		}
	}
	assert.GreaterOrEqual(t, listed, 5)
	assert.GreaterOrEqual(t, unlisted, 15)
	refusedBeforeLean(t, rows)
}

// Every declaration in Lean's internal namespaces is refused before Lean.
func TestGuaranteeInternalNamespacesRefused(t *testing.T) {
	rows := loadGuarantee(t, "internal_namespaces.jsonl")
	assert.GreaterOrEqual(t, len(rows), 12)
	refusedBeforeLean(t, rows)
}

// A command, attribute or option keyword outside the allow lists is refused, by name.
func TestGuaranteeUnknownKeywordsRefusedByName(t *testing.T) {
	rows := loadGuarantee(t, "unknown_keywords.jsonl")
	for _, r := range rows {
		require.NotEmpty(t, r.Keyword, r.ID)
	}
	assert.GreaterOrEqual(t, len(rows), 12)
	refusedBeforeLean(t, rows)
}

// Every honest form passes the static layer and is verified by a Lean that accepts it. On
// the simulator (not Lean) each is verified or, where the simulator does not model a form,
// answered "not simulated", never refuted with a Lean-looking error.
func TestGuaranteeHonestFormsAccepted(t *testing.T) {
	rows := loadGuarantee(t, "honest.jsonl")
	assert.GreaterOrEqual(t, len(rows), 25)
	accepting := &acceptingRunner{}
	for _, row := range rows {
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
