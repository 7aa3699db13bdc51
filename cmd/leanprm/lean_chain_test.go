package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/leanbridge/proofchain"
)

func runChain(t *testing.T, args ...string) (proofchain.Result, error) {
	t.Helper()
	t.Setenv("LEANPRM_RUN_AS_MAIN", "1")
	base := []string{"lean", "chain", "--json", "--repl-command", "leanprm sim repl", "--server-command", "leanprm sim lsp"}
	out, _, err := run(t, t.TempDir(), nil, append(base, args...)...)
	var rep proofchain.Result
	require.NoError(t, json.Unmarshal([]byte(out), &rep), out)
	return rep, err
}

func TestLeanChainREPL(t *testing.T) {
	rep, err := runChain(t, repoFile(t, "testdata/demo/proof.lean"))
	require.NoError(t, err)
	assert.True(t, rep.Verified)
	assert.Equal(t, "sim", rep.Checker)
	require.Len(t, rep.Steps, 3)
	assert.Equal(t, proofchain.Accepted, rep.Steps[0].Status)
	assert.Len(t, rep.Steps[0].Goals, 2, "constructor leaves two goals")
	assert.Empty(t, rep.Steps[2].Goals)

	bad := filepath.Join(t.TempDir(), "bad.json")
	require.NoError(t, os.WriteFile(bad, []byte(`{"statement": "theorem t (a : Nat) (h : a = 3) : a + 1 = 5", "steps": ["subst h", "decide", "rfl"]}`), 0o644))
	rep, err = runChain(t, bad)
	require.Error(t, err)
	assert.Equal(t, exitFindings, exitCode(err, &strings.Builder{}))
	assert.False(t, rep.Verified)
	assert.Equal(t, []proofchain.Status{proofchain.Accepted, proofchain.Failed, proofchain.NotRun}, []proofchain.Status{rep.Steps[0].Status, rep.Steps[1].Status, rep.Steps[2].Status})
	assert.NotEmpty(t, rep.Steps[1].Messages)
}

func TestLeanChainBackendsAgree(t *testing.T) {
	f := filepath.Join(t.TempDir(), "c.json")
	require.NoError(t, os.WriteFile(f, []byte(`{"statement": "theorem t (p q : Prop) (hp : p) (hq : q) : p ∧ q", "steps": ["constructor", "exact hp", "exact hq"]}`), 0o644))
	repl, err := runChain(t, "--backend", "repl", f)
	require.NoError(t, err)
	ls, err := runChain(t, "--backend", "lsp", f)
	require.NoError(t, err)
	assert.Equal(t, "repl", repl.Backend)
	assert.Equal(t, "lsp", ls.Backend)
	assert.True(t, repl.Verified)
	assert.True(t, ls.Verified)
	require.Len(t, ls.Steps, len(repl.Steps))
	for i := range repl.Steps {
		assert.Equal(t, repl.Steps[i].Status, ls.Steps[i].Status, "step %d", i)
		assert.Equal(t, repl.Steps[i].Goals, ls.Steps[i].Goals, "step %d", i)
	}
}

func TestLeanChainPreambleOnBothBackends(t *testing.T) {
	f := filepath.Join(t.TempDir(), "p.lean")
	src := "theorem helper (a : Nat) (h : a = 2) : a + a = 4 := by\n  subst h\n  rfl\n\n" +
		"theorem main_t (b : Nat) (hb : b = 2) : b + b = 4 := by\n  exact helper b hb\n"
	require.NoError(t, os.WriteFile(f, []byte(src), 0o644))
	for _, backend := range []string{"repl", "lsp"} {
		rep, err := runChain(t, "--backend", backend, f)
		require.NoError(t, err, "%s: %+v", backend, rep)
		assert.True(t, rep.Verified, backend)
		require.Len(t, rep.Steps, 1, backend)
		assert.Contains(t, rep.Text, "theorem main_t", backend)
	}
}
