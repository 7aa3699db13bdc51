package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type verifyRow struct {
	ID      string `json:"id"`
	Status  string `json:"status"`
	Checker string `json:"checker"`
	Tier    string `json:"tier"`
	Kernel  string `json:"kernel"`
	Reasons []struct {
		Code string `json:"code"`
	} `json:"reasons"`
}

func verifyRows(t *testing.T, out string) (rows []verifyRow, summary map[string]any) {
	t.Helper()
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var probe map[string]json.RawMessage
		require.NoError(t, json.Unmarshal([]byte(l), &probe), l)
		if s, ok := probe["summary"]; ok {
			require.NoError(t, json.Unmarshal(s, &summary))
			continue
		}
		var r verifyRow
		require.NoError(t, json.Unmarshal([]byte(l), &r))
		rows = append(rows, r)
	}
	return rows, summary
}

func TestVerifyProofRejectsEveryCheat(t *testing.T) {
	t.Setenv("LEANPRM_RUN_AS_MAIN", "1")
	suite := repoFile(t, "testdata/verify/cheating.jsonl")
	out, _, err := run(t, t.TempDir(), nil, "verify-proof", "--jsonl", "--repl-command", "leanprm sim repl", suite)
	require.Error(t, err)
	assert.Equal(t, 3, exitCode(err, &strings.Builder{}))
	rows, summary := verifyRows(t, out)
	require.GreaterOrEqual(t, len(rows), 30)
	for _, r := range rows {
		assert.Equal(t, "rejected", r.Status, r.ID)
		assert.NotEmpty(t, r.Reasons, "%s is rejected with a reason", r.ID)
	}
	assert.EqualValues(t, len(rows), summary["rejected"])
}

func TestVerifyProofHonestSuiteOnSimulator(t *testing.T) {
	t.Setenv("LEANPRM_RUN_AS_MAIN", "1")
	suite := repoFile(t, "testdata/verify/honest.jsonl")
	out, _, err := run(t, t.TempDir(), nil, "verify-proof", "--jsonl", "--repl-command", "leanprm sim repl", suite)
	require.NoError(t, err, out)
	rows, _ := verifyRows(t, out)
	require.GreaterOrEqual(t, len(rows), 10)
	for _, r := range rows {
		assert.Equal(t, "verified", r.Status, r.ID)
		assert.Equal(t, "sim", r.Checker, "%s: the simulator's verdict is recorded as sim", r.ID)
	}
}

// Where the kernel tier does not run (here --tier repl; by default where no kernel tool is
// installed), every verified result says so, in JSON and in the table (issue 32 §4).
func TestVerifyProofSaysNotKernelReplayedOnSimulator(t *testing.T) {
	t.Setenv("LEANPRM_RUN_AS_MAIN", "1")
	suite := repoFile(t, "testdata/verify/honest.jsonl")
	out, _, err := run(t, t.TempDir(), nil, "verify-proof", "--jsonl", "--tier", "repl", "--repl-command", "leanprm sim repl", suite)
	require.NoError(t, err, out)
	rows, _ := verifyRows(t, out)
	require.NotEmpty(t, rows)
	for _, r := range rows {
		assert.Equal(t, "verified", r.Status, r.ID)
		assert.Equal(t, "repl", r.Tier, r.ID)
		assert.Equal(t, "not kernel-replayed", r.Kernel, r.ID)
	}
	table, _, err := run(t, t.TempDir(), nil, "verify-proof", "--tier", "repl", "--repl-command", "leanprm sim repl", suite)
	require.NoError(t, err, table)
	assert.Equal(t, len(rows), strings.Count(table, "not kernel-replayed"), table)

	// With no kernel tool on PATH, auto is repl.
	t.Setenv("HOME", t.TempDir()) // no ~/.elan/toolchains/*/bin/leanchecker
	if _, err := exec.LookPath("leanchecker"); err == nil {
		t.Skip("leanchecker is installed here: auto is the kernel tier")
	}
	out, _, err = run(t, t.TempDir(), nil, "verify-proof", "--jsonl", "--repl-command", "leanprm sim repl", suite)
	require.NoError(t, err, out)
	rows, _ = verifyRows(t, out)
	assert.Equal(t, "not kernel-replayed", rows[0].Kernel)

	// --tier kernel without a kernel tool: no verdict for any proof, never verified.
	out, _, err = run(t, t.TempDir(), nil, "verify-proof", "--jsonl", "--tier", "kernel", "--require-sandbox=false", "--repl-command", "leanprm sim repl", suite)
	assert.Equal(t, 1, exitCode(err, &strings.Builder{}), out)
	rows, _ = verifyRows(t, out)
	require.NotEmpty(t, rows)
	for _, r := range rows {
		assert.Equal(t, "error", r.Status, r.ID)
		require.NotEmpty(t, r.Reasons, r.ID)
		assert.Equal(t, "kernel_unavailable", r.Reasons[0].Code, r.ID)
	}

	_, _, err = run(t, t.TempDir(), nil, "verify-proof", "--tier", "fast", suite)
	assert.Equal(t, 2, exitCode(err, &strings.Builder{}), "an unknown tier is a usage error")
}

func TestVerifyProofSingle(t *testing.T) {
	dir := t.TempDir()
	st := filepath.Join(dir, "statement.lean")
	pf := filepath.Join(dir, "proof.lean")
	require.NoError(t, os.WriteFile(st, []byte("theorem t (a : Nat) (h : a = 3) : a + 1 = 4"), 0o644))
	require.NoError(t, os.WriteFile(pf, []byte("theorem t (a : Nat) (h : a = 3) : a + 1 = 4 := by\n  sorry\n"), 0o644))
	out, _, err := run(t, dir, nil, "verify-proof", "--statement", st, "--proof", pf)
	require.Error(t, err)
	assert.Equal(t, 3, exitCode(err, &strings.Builder{}))
	assert.Contains(t, out, "sorry")

	_, _, err = run(t, dir, nil, "verify-proof", "--statement", st)
	assert.Equal(t, exitUsage, exitCode(err, &strings.Builder{}))
}

// Issue 32's corpus through the built binary (with the REPL simulator behind it): every
// configuration door, internal-namespace declaration and unknown keyword is rejected before
// Lean with the code its row names; no honest form is rejected.
func TestVerifyProofGuaranteeCorpus(t *testing.T) {
	t.Setenv("LEANPRM_RUN_AS_MAIN", "1")
	for _, file := range []string{"config_doors.jsonl", "internal_namespaces.jsonl", "unknown_keywords.jsonl", "honest.jsonl"} {
		t.Run(file, func(t *testing.T) {
			path := repoFile(t, filepath.Join("leanbridge/verify/testdata/guarantee", file))
			b, err := os.ReadFile(path)
			require.NoError(t, err)
			want := map[string]string{}
			for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
				var r struct{ ID, Expect string }
				require.NoError(t, json.Unmarshal([]byte(l), &r))
				want[r.ID] = r.Expect
			}
			out, _, _ := run(t, t.TempDir(), nil, "verify-proof", "--jsonl", "--repl-command", "leanprm sim repl", path)
			rows, _ := verifyRows(t, out)
			require.Len(t, rows, len(want), out)
			for _, r := range rows {
				codes := []string{}
				for _, x := range r.Reasons {
					codes = append(codes, x.Code)
				}
				if want[r.ID] == "" {
					assert.NotEqual(t, "rejected", r.Status, "honest %s rejected: %v", r.ID, codes)
					continue
				}
				assert.Equal(t, "rejected", r.Status, r.ID)
				assert.Contains(t, codes, want[r.ID], r.ID)
			}
		})
	}
}
