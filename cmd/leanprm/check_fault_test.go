package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/hybrid"
)

// writeChain writes one text chain (steps separated by blank lines) into dir.
func writeChain(t *testing.T, dir string, steps ...string) string {
	t.Helper()
	f := filepath.Join(dir, "chain.txt")
	require.NoError(t, os.WriteFile(f, []byte(strings.Join(steps, "\n\n")+"\n"), 0o644))
	return f
}

func decodeJSONL(t *testing.T, out string) []hybrid.Scored {
	t.Helper()
	var res []hybrid.Scored
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var r hybrid.Scored
		require.NoError(t, json.Unmarshal([]byte(line), &r), line)
		res = append(res, r)
	}
	return res
}

// scriptedREPL writes a REPL command that starts this test binary as the simulator with the
// flags first for the first process and later for every process after it. A worker's first
// process answers four start-up requests (the version check, the two probe claims and the
// identity probe), a restarted one only the version check: "-crash-after 4" then
// "-crash-after 1" strikes the
// first command of every process, the retry on a fresh process included.
func scriptedREPL(t *testing.T, dir, first, later string) string {
	t.Helper()
	self, err := os.Executable()
	require.NoError(t, err)
	// Every call starts a new count: one script per run of check.
	if err := os.Remove(filepath.Join(dir, "starts")); err != nil && !os.IsNotExist(err) {
		require.NoError(t, err)
	}
	// The script counts its starts in a file of dir, a write the sandbox refuses: these tests
	// are about failing checkers, not confinement.
	t.Setenv("LEANPRM_LEAN_SANDBOX", "off")
	script := filepath.Join(dir, "repl.sh")
	text := "#!/bin/sh\n" +
		"n=$(cat '" + dir + "/starts' 2>/dev/null || echo 0)\n" +
		"n=$((n + 1))\n" +
		"echo $n > '" + dir + "/starts'\n" +
		"if [ $n -eq 1 ]; then exec '" + self + "' sim repl " + first + "; fi\n" +
		"exec '" + self + "' sim repl " + later + "\n"
	require.NoError(t, os.WriteFile(script, []byte(text), 0o755))
	return script
}

// TestCheckCrashedREPLLeavesTheExactRefutation is issue 9's reproduction: a REPL that crashes
// on every command used to count as a disagreement with the exact checker's refutation, so
// the false step became unknown and `--fail-on refuted` exited 0. Now the crash is retried
// once, the exact refutation stands, and the chain carries a warning.
func TestCheckCrashedREPLLeavesTheExactRefutation(t *testing.T) {
	t.Setenv("LEANPRM_RUN_AS_MAIN", "1")
	dir := t.TempDir()
	f := writeChain(t, dir, "Each box costs 1.25 dollars.", "Two boxes cost 2 × 1.25 = 3.50 dollars.")

	// The command: whichever process the retry reaches, the step stays refuted.
	_, _, err := run(t, dir, nil, "check", "--checker", "both", "--repl-command", "leanprm sim repl -crash-after 4",
		"--fail-on", "refuted", f)
	require.Error(t, err, "the refuted step must fail the gate")
	assert.Equal(t, exitFindings, exitCode(err, &strings.Builder{}))

	// A REPL that crashes on every command, the retry included.
	base := func() []string {
		return []string{"check", "--checker", "both", "--workers", "1", "--repl-command", scriptedREPL(t, dir, "-crash-after 4", "-crash-after 1")}
	}
	_, _, err = run(t, dir, nil, append(base(), "--fail-on", "refuted", f)...)
	require.Error(t, err, "the refuted step must fail the gate")
	assert.Equal(t, exitFindings, exitCode(err, &strings.Builder{}))

	out, _, err := run(t, dir, nil, append(base(), "--jsonl", f)...)
	require.NoError(t, err)
	res := decodeJSONL(t, out)
	require.Len(t, res, 1)
	step := res[0].Steps[1]
	assert.Equal(t, hybrid.Refuted, step.Verdict)
	assert.Equal(t, "exact", step.Checker)
	assert.Equal(t, hybrid.FromFormal, step.Source)
	require.Len(t, res[0].Warnings, 1, "one warning for the failed command: %q", res[0].Warnings)
	w := res[0].Warnings[0]
	assert.Contains(t, w, "step 2: the sim checker failed")
	assert.Contains(t, w, "retried on a fresh process")
	assert.Contains(t, w, "the exact checker's verdicts stand")

	out, _, err = run(t, dir, nil, append(base(), f)...)
	require.NoError(t, err)
	assert.Contains(t, out, "refuted (exact)")
	assert.Contains(t, out, "warning: step 2: the sim checker failed")
}

// TestCheckFailOnErrorCatchesAFailedChecker: on a chain that is all true, a crashed REPL leaves
// the exact checker's verdicts and a warning, and `--fail-on error` exits 3 for it, while the
// same chain with a healthy REPL passes.
func TestCheckFailOnErrorCatchesAFailedChecker(t *testing.T) {
	t.Setenv("LEANPRM_RUN_AS_MAIN", "1")
	dir := t.TempDir()
	f := writeChain(t, dir, "Two boxes cost 2 × 1.25 = 2.50 dollars.", "Three boxes cost 3 × 1.25 = 3.75 dollars.")
	gate := []string{"check", "--checker", "both", "--workers", "1", "--policy", "formal", "--threshold", "0.5", "--fail-on", "error"}

	_, _, err := run(t, dir, nil, append(gate, "--repl-command", "leanprm sim repl", f)...)
	require.NoError(t, err, "a healthy REPL and a true chain pass the gate")

	_, _, err = run(t, dir, nil, append(gate, "--repl-command", scriptedREPL(t, dir, "-crash-after 4", "-crash-after 1"), f)...)
	require.Error(t, err, "a failed checker must be caught by --fail-on error")
	assert.Equal(t, exitFindings, exitCode(err, &strings.Builder{}))

	out, _, err := run(t, dir, nil, "check", "--checker", "both", "--workers", "1", "--policy", "formal",
		"--repl-command", scriptedREPL(t, dir, "-crash-after 4", "-crash-after 1"), "--jsonl", f)
	require.NoError(t, err)
	res := decodeJSONL(t, out)
	require.Len(t, res, 1)
	for _, s := range res[0].Steps {
		assert.Equal(t, hybrid.Verified, s.Verdict, "step %d: the exact verdict stands", s.Index)
		assert.Equal(t, "exact", s.Checker)
	}
	require.Len(t, res[0].Warnings, 1)
	assert.Contains(t, res[0].Warnings[0], "steps 1, 2: the sim checker failed")

	// With the REPL alone, a failure decides nothing, and the gate still sees it.
	_, _, err = run(t, dir, nil, "check", "--checker", "lean", "--workers", "1", "--policy", "formal", "--threshold", "0.5",
		"--fail-on", "error", "--repl-command", scriptedREPL(t, dir, "-crash-after 4", "-crash-after 1"), f)
	require.Error(t, err, "a failed only checker must be caught by --fail-on error")
	assert.Equal(t, exitFindings, exitCode(err, &strings.Builder{}))
}

// TestCheckHungREPLLeavesTheExactVerdict: a REPL that hangs times out (twice: the retry hangs
// too); the exact refutation stands with a warning naming the timeout.
func TestCheckHungREPLLeavesTheExactVerdict(t *testing.T) {
	t.Setenv("LEANPRM_RUN_AS_MAIN", "1")
	dir := t.TempDir()
	f := writeChain(t, dir, "Two boxes cost 2 × 1.25 = 3.50 dollars.")
	out, _, err := run(t, dir, nil, "check", "--checker", "both", "--workers", "1", "--timeout", "500ms",
		"--repl-command", scriptedREPL(t, dir, "-hang-after 4", "-hang-after 1"), "--jsonl", "--fail-on", "refuted", f)
	require.Error(t, err)
	assert.Equal(t, exitFindings, exitCode(err, &strings.Builder{}))
	res := decodeJSONL(t, out)
	require.Len(t, res, 1)
	assert.Equal(t, hybrid.Refuted, res[0].Steps[0].Verdict)
	assert.Equal(t, "exact", res[0].Steps[0].Checker)
	require.Len(t, res[0].Warnings, 1)
	assert.Contains(t, res[0].Warnings[0], "timed out")
}

// TestCheckRetriesOnAFreshProcess: one worker whose first REPL process crashes on its first
// command; the retry runs on a fresh process, which answers: the chains get the REPL's own
// verdict, agreeing with the exact checker, and no warning.
func TestCheckRetriesOnAFreshProcess(t *testing.T) {
	t.Setenv("LEANPRM_RUN_AS_MAIN", "1")
	dir := t.TempDir()
	f := filepath.Join(dir, "chains.jsonl")
	rows := `{"id": "a", "problem": "p", "steps": ["Two boxes cost 2 × 1.25 = 3.50 dollars."]}
{"id": "b", "problem": "p", "steps": ["Four boxes cost 4 × 1.25 = 6.00 dollars."]}
`
	require.NoError(t, os.WriteFile(f, []byte(rows), 0o644))
	out, _, err := run(t, dir, nil, "check", "--checker", "both", "--workers", "1",
		"--repl-command", scriptedREPL(t, dir, "-crash-after 4", ""), "--jsonl", f)
	require.NoError(t, err)
	res := decodeJSONL(t, out)
	require.Len(t, res, 2)
	for _, r := range res {
		assert.Empty(t, r.Warnings, "chain %s: the retry succeeded", r.ID)
		s := r.Steps[0]
		assert.Equal(t, hybrid.Refuted, s.Verdict, "chain %s: %+v", r.ID, s.Obligations)
		assert.Equal(t, "sim", s.Checker, "chain %s: the REPL answered", r.ID)
	}
}
