package verify

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// suiteRow is one row of testdata/verify/{cheating,honest}.jsonl. The files are also valid
// RunBatch input: the extra members are ignored there.
type suiteRow struct {
	ID        string `json:"id"`
	Technique string `json:"technique"`
	Expect    Code   `json:"expect"`
	Statement string `json:"statement"`
	Proof     string `json:"proof"`
}

// base is the row's common part, for helpers shared by the suites whose rows embed it.
func (r suiteRow) base() suiteRow { return r }

var suiteDir = filepath.Join("..", "..", "testdata", "verify")

func loadSuite(t *testing.T, name string) []suiteRow {
	t.Helper()
	return loadRows[suiteRow](t, filepath.Join(suiteDir, name))
}

// loadRows reads a JSONL file of rows of type T, one per line.
func loadRows[T any](t *testing.T, path string) []T {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var rows []T
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var r T
		require.NoError(t, json.Unmarshal(sc.Bytes(), &r), "%s line %d", path, len(rows)+1)
		rows = append(rows, r)
	}
	require.NoError(t, sc.Err())
	return rows
}

// acceptingRunner answers every command as a Lean that accepts the proof with the standard
// axioms would. It stands in for Lean so that the suite shows what the static layer alone
// decides: a cheat that got past it would come out verified. Not Lean, and says so.
type acceptingRunner struct {
	mu   sync.Mutex
	cmds []string
}

func (r *acceptingRunner) Backend() string { return "fake" }

func (r *acceptingRunner) RunCommand(_ context.Context, _, cmd string) (Reply, error) {
	r.mu.Lock()
	r.cmds = append(r.cmds, cmd)
	r.mu.Unlock()
	return Reply{Messages: checkerReplies(cmd, "[propext]")}, nil
}

// checkerReplies answers the checker's own lines of cmd as a Lean that accepted everything
// before them would: `#print axioms NAME` with the given axioms list, and GuardCommand with
// the same type report in every environment. Not Lean: a stand-in for tests of what happens
// around it.
func checkerReplies(cmd, axioms string) []Message {
	var ms []Message
	for i, line := range strings.Split(cmd, "\n") {
		if name, ok := strings.CutPrefix(line, "#print axioms "); ok {
			ms = append(ms, Message{Severity: "info", Line: i + 1, Data: "'" + name + "' depends on axioms: " + axioms})
		}
		if _, name, ok := strings.Cut(line, "#check @_root_."); ok {
			ms = append(ms, Message{Severity: "info", Line: i + 1, Column: strings.Index(line, "#check"), Data: "@" + name + " : fake elaborated type"})
		}
	}
	return ms
}

func TestSuiteCheatingProofsAreRejected(t *testing.T) {
	rows := loadSuite(t, "cheating.jsonl")
	require.GreaterOrEqual(t, len(rows), 30, "the issue asks for at least 30 cheating proofs")
	runner := &acceptingRunner{}
	techniques := map[Code]int{}
	for _, row := range rows {
		t.Run(row.ID, func(t *testing.T) {
			require.Contains(t, codeDocs, row.Expect, "expected code must be a known Code")
			res := Check(context.Background(), row.Statement, row.Proof, Options{Runner: runner})
			assert.Equal(t, StatusRejected, res.Status, "%s: %v", row.Technique, res.Reasons)
			assert.Contains(t, res.Codes(), row.Expect, "%s: got %v", row.Technique, res.Reasons)
			assert.Empty(t, res.Checker, "Lean must not run on a rejected proof")
		})
		techniques[row.Expect]++
	}
	assert.Empty(t, runner.cmds, "the runner was called for a cheating proof")
	// One or more cheats per technique the issue names.
	for _, c := range []Code{
		CodeStatementChanged, CodeStatementMissing, CodeSorry, CodeAdmit, CodeNativeDecide,
		CodeAxiom, CodeEval, CodeRunCode, CodeExit, CodeIO, CodeUnsafe, CodeExtern,
		CodeImplementedBy, CodeDebugOption, CodeUnlimitedHeartbeats, CodeSyntaxExtension,
		CodeElab, CodeDecidableInstance,
		// issue 10: escaped instances, default instances, export, include_str, open Lean,
		// resource options, global pp options
		CodeInstanceOverride, CodeMetaCode, CodeResourceOption, CodeOptionNotAllowed,
	} {
		assert.Positive(t, techniques[c], "no cheating proof for %s", c)
	}
}

func TestSuiteHonestProofsPass(t *testing.T) {
	rows := loadSuite(t, "honest.jsonl")
	require.GreaterOrEqual(t, len(rows), 10)
	runner := &acceptingRunner{}
	for _, row := range rows {
		t.Run(row.ID, func(t *testing.T) {
			st, err := ParseStatement(row.Statement)
			require.NoError(t, err)
			rep := CheckStatic(st, row.Proof, []string{"Init"})
			require.True(t, rep.Accepted(), "%s: %v", row.Technique, rep.Reasons)
			res := Check(context.Background(), row.Statement, row.Proof, Options{Runner: runner})
			assert.Equal(t, StatusVerified, res.Status, "%v", res.Reasons)
			assert.Equal(t, "fake", res.Checker)
			assert.Equal(t, []string{"propext"}, res.Axioms)
		})
	}
	assert.Len(t, runner.cmds, 2*len(rows), "each proof and, for the semantic guard, its statement alone")
	for _, cmd := range runner.cmds {
		assert.NotContains(t, cmd, "\nimport ", "imports must be blanked from the command")
	}
}

// The suite files are batch input too: run both through RunBatch and check every verdict.
func TestSuiteThroughRunBatch(t *testing.T) {
	var input strings.Builder
	want := map[string]Status{}
	for _, file := range []string{"cheating.jsonl", "honest.jsonl"} {
		b, err := os.ReadFile(filepath.Join(suiteDir, file))
		require.NoError(t, err)
		input.Write(b)
		for _, row := range loadSuite(t, file) {
			want[row.ID] = StatusVerified
			if row.Expect != "" {
				want[row.ID] = StatusRejected
			}
		}
	}
	var out strings.Builder
	sum, err := RunBatch(context.Background(), strings.NewReader(input.String()), &out,
		BatchOptions{Options: Options{Runner: &acceptingRunner{}}, Workers: 3})
	require.NoError(t, err)
	got := map[string]Status{}
	for _, r := range decodeReport(t, out.String()).results {
		got[r.ID] = r.Status
	}
	assert.Equal(t, want, got)
	assert.Equal(t, len(want), sum.Total)
	assert.Equal(t, ExitNotVerified, ExitCode(sum, err))
	assert.Equal(t, []string{"fake"}, sum.Checkers)
	assert.True(t, slices.Contains(sum.Checkers, "fake"))
}
