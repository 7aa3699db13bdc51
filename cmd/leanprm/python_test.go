package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// python3 returns the interpreter, or skips the test saying why.
func python3(t *testing.T) string {
	t.Helper()
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Log("python3 is not installed: the Python adapters (python/leanprm) are not tested here")
		t.Skip("python3 is not installed")
	}
	return py
}

// TestPythonAdapters runs python/tests (stdlib unittest) against a real `leanprm serve` child
// (LEANPRM_URL) and a NATS gateway no worker pulls from (LEANPRM_NOWORKER_URL): the verl,
// TRL, OpenRLHF and slime adapters called as each framework calls them (the upstream files
// are cited in python/tests/test_adapters.py), their retries, timeouts and errors.
func TestPythonAdapters(t *testing.T) {
	py := python3(t)
	sc, x := startServe(t, nil, "--checker", "exact")
	gw, gx := startServe(t, nil, "--nats", startNATS(t).ClientURL())
	repo, err := filepath.Abs("../..")
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, py, "-m", "unittest", "discover", "-s", filepath.Join(repo, "python", "tests"), "-v")
	cmd.Env = append(os.Environ(), "PYTHONPATH="+filepath.Join(repo, "python"), "LEANPRM_URL="+sc.url,
		"LEANPRM_NOWORKER_URL="+gw.url, "PYTHONDONTWRITEBYTECODE=1")
	out, err := cmd.CombinedOutput()
	t.Logf("%s", out)
	require.NoError(t, err, "python3 -m unittest failed")
	assert.Contains(t, string(out), "\nOK")
	assert.NotContains(t, string(out), "skipped=", "every adapter test ran")
	assert.GreaterOrEqual(t, strings.Count(string(out), " ... ok"), 13)
	assert.Equal(t, exitSignal, gx.term(t))
	assert.Equal(t, exitSignal, x.term(t))
}
