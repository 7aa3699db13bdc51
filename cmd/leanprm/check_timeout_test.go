package main

import (
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// When every REPL request times out, check --fail-on does not pass the run as clean: the
// formal side never ran, so the exit status is 1 and stderr says why. Without --fail-on the
// run still reports it.
func TestCheckFailOnWhenEveryREPLRequestTimedOut(t *testing.T) {
	t.Setenv("LEANPRM_RUN_AS_MAIN", "1")
	dir := t.TempDir()
	f := filepath.Join(dir, "easy.md")
	require.NoError(t, os.WriteFile(f, []byte("Problem: What is 2 + 2?\n\nStep 1: 2 + 2 = 4.\n\nStep 2: The answer is 4.\n"), 0o644))
	// Every reply takes 500ms; requests time out after 100ms (the start-up checks have their own,
	// longer limit).
	slow := []string{"check", "--checker", "lean", "--repl-command", "leanprm sim repl -latency 500ms", "--timeout", "100ms"}

	// --fail-on refuted finds no refutation, but nothing was checked: a run error, not a pass.
	_, stderr, err := run(t, dir, nil, append(slow, "--fail-on", "refuted", f)...)
	require.Error(t, err)
	assert.Equal(t, exitError, exitCode(err, io.Discard))
	assert.Contains(t, stderr, "timed out")
	assert.Contains(t, err.Error(), "the formal check did not run")

	// --fail-on error: every chain carries the failed checker's warning, which is a finding.
	_, _, err = run(t, dir, nil, append(slow, "--fail-on", "error", f)...)
	require.Error(t, err)
	assert.Equal(t, exitFindings, exitCode(err, io.Discard))

	_, stderr, err = run(t, dir, nil, append(slow, f)...)
	require.NoError(t, err)
	assert.Contains(t, stderr, "no formal verdict")
}
