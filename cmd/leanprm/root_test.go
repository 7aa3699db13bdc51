package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRunExitCodes: each kind of mistake, through Run, gets its exit code and a message that
// names what was wrong. A bad value on the command line is a usage mistake (2); the same value
// in leanprm.yaml or LEANPRM_* is a configuration error (1). A typo in any enum key names the
// key and the values it accepts.
func TestRunExitCodes(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir()) // no user config leaks in
	dir := t.TempDir()
	chain := filepath.Join(dir, "c.md")
	require.NoError(t, os.WriteFile(chain, []byte("Step 1: 2 + 2 = 4.\n"), 0o644))
	withFile := func(yaml string) string {
		d := t.TempDir()
		require.NoError(t, os.WriteFile(filepath.Join(d, "leanprm.yaml"), []byte(yaml), 0o644))
		return d
	}
	cases := []struct {
		name string
		dir  string
		env  map[string]string
		args []string
		code int
		msg  []string
	}{
		{"unknown flag", dir, nil, []string{"check", "--no-such-flag", chain}, exitUsage,
			[]string{"unknown flag: --no-such-flag", "see leanprm check --help"}},
		{"unknown command", dir, nil, []string{"no-such-cmd"}, exitUsage,
			[]string{`unknown command "no-such-cmd" for "leanprm"`}},
		{"unknown subcommand", dir, nil, []string{"lean", "bogus"}, exitUsage,
			[]string{`unknown command "bogus" for "leanprm lean"`}},
		{"missing argument", dir, nil, []string{"check"}, exitUsage,
			[]string{"leanprm check: accepts 1 arg(s), received 0"}},
		{"bad --format", dir, nil, []string{"check", "--format", "csv", chain}, exitUsage, []string{"csv"}},
		{"bad --fail-on", dir, nil, []string{"check", "--checker", "exact", "--fail-on", "warning", chain}, exitUsage,
			[]string{`--fail-on "warning": want refuted or error`}},
		{"bad --backend", dir, nil, []string{"lean", "chain", "--backend", "lean4", repoFile(t, "testdata/demo/proof.lean")}, exitUsage,
			[]string{`--backend "lean4": want repl or lsp`}},
		{"bad duration flag", dir, nil, []string{"check", "--timeout", "5x", chain}, exitUsage,
			[]string{`--timeout "5x": not a duration (a number with a unit`}},
		{"bad duration env", dir, map[string]string{"LEANPRM_LEAN_TIMEOUT": "5x"}, []string{"config"}, exitError,
			[]string{`setting lean.timeout: "5x" is not a duration`}},
		{"checker typo, flag", dir, nil, []string{"check", "--checker", "qwne", chain}, exitUsage,
			[]string{`flag --checker: setting checker: "qwne" is not one of auto, lean, exact, both`}},
		{"checker typo, env", dir, map[string]string{"LEANPRM_CHECKER": "nope"}, []string{"config"}, exitError,
			[]string{`setting checker: "nope" is not one of auto, lean, exact, both`}},
		{"backend typo, flag", dir, nil, []string{"config", "--prm", "vlm"}, exitUsage,
			[]string{`flag --prm: setting prm.backend: "vlm" is not one of embedded, vllm`}},
		{"backend typo, file", withFile("prm:\n  backend: vlm\n"), nil, []string{"config"}, exitError,
			[]string{`setting prm.backend: "vlm" is not one of embedded, vllm`}},
		{"vllm mode typo, file", withFile("prm:\n  vllm:\n    mode: qwne\n"), nil, []string{"check", "--checker", "exact", chain}, exitError,
			[]string{`setting prm.vllm.mode: "qwne" is not one of qwen, shepherd, step`}},
		{"vllm mode typo, env", dir, map[string]string{"LEANPRM_PRM_VLLM_MODE": "Qwen"}, []string{"config"}, exitError,
			[]string{`setting prm.vllm.mode: "Qwen" is not one of qwen, shepherd, step`}},
		{"unknown key in file", withFile("lean:\n  tactik: rfl\n"), nil, []string{"config"}, exitError,
			[]string{"unknown keys lean.tactik"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, errOut, err := run(t, tc.dir, tc.env, tc.args...)
			require.Error(t, err)
			var msg strings.Builder
			assert.Equal(t, tc.code, exitCode(err, &msg))
			for _, m := range tc.msg {
				assert.Contains(t, msg.String(), m)
			}
			assert.Empty(t, errOut, "the error is printed once, by main")
		})
	}
}

// TestSimSkipsConfiguration: the simulators need no configuration, so a broken leanprm.yaml
// must not stop them.
func TestSimSkipsConfiguration(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "leanprm.yaml"), []byte("checker: nope\n"), 0o644))
	out, _, err := runWithInput(t, dir, `{"cmd": "example : 2 + 2 = 4 := by decide"}`+"\n\n", "sim", "repl")
	require.NoError(t, err)
	assert.Contains(t, out, `"env"`)
}
