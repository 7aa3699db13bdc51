package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Where the machine cannot sandbox (simulated with LEANPRM_SANDBOX_DISABLE), verify-proof
// refuses to start Lean, says why and how to run anyway; --require-sandbox=false runs with a
// loud warning; doctor says so.
func TestVerifyProofRequiresTheSandbox(t *testing.T) {
	t.Setenv("LEANPRM_RUN_AS_MAIN", "1")
	t.Setenv("LEANPRM_SANDBOX_DISABLE", "1")
	dir := t.TempDir()
	row := `{"id": "p1", "statement": "theorem t : 2 + 3 = 5", "proof": "theorem t : 2 + 3 = 5 := by decide"}` + "\n"

	_, _, err := runEnvInput(t, dir, nil, row, "verify-proof", "--workers", "1", "--repl-command", "leanprm sim repl")
	require.Error(t, err)
	assert.Equal(t, exitError, exitCode(err, &strings.Builder{}))
	assert.ErrorContains(t, err, "without a sandbox")
	assert.ErrorContains(t, err, "--require-sandbox=false")

	out, stderr, err := runEnvInput(t, dir, nil, row, "verify-proof", "--require-sandbox=false", "--workers", "1", "--repl-command", "leanprm sim repl")
	require.NoError(t, err, stderr)
	assert.Contains(t, out, "verified")
	assert.Contains(t, stderr, "UNSANDBOXED")

	out, _, _ = run(t, dir, nil, "doctor", "--repl-command", "leanprm sim repl")
	assert.Contains(t, out, "UNAVAILABLE")
}
