package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"
)

// run executes leanprm in dir with the given environment additions and returns its streams.
func run(t *testing.T, dir string, envv map[string]string, args ...string) (string, string, error) {
	t.Helper()
	return runEnvInput(t, dir, envv, "", args...)
}

// runWithInput is run with stdin.
func runWithInput(t *testing.T, dir, stdin string, args ...string) (string, string, error) {
	t.Helper()
	return runEnvInput(t, dir, nil, stdin, args...)
}

func runEnvInput(t *testing.T, dir string, envv map[string]string, stdin string, args ...string) (string, string, error) {
	t.Helper()
	if dir != "" {
		t.Chdir(dir)
	}
	for k, v := range envv {
		t.Setenv(k, v)
	}
	var out, errb bytes.Buffer
	err := Run(context.Background(), args, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), err
}

func TestConfigPrecedence(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir()) // no user config leaks in
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "leanprm.yaml"),
		[]byte("lean:\n  tactic: norm_num\n  workers: 3\n  timeout: 5s\nchecker: exact\n"), 0o644))

	cases := []struct {
		name  string
		env   map[string]string
		args  []string
		key   string
		want  string
		wantS string
	}{
		{"default", nil, nil, "lean.header", "", "default"},
		{"file", nil, nil, "lean.tactic", "norm_num", "file"},
		{"env beats file", map[string]string{"LEANPRM_LEAN_TACTIC": "decide"}, nil, "lean.tactic", "decide", "env LEANPRM_LEAN_TACTIC"},
		{"flag beats env", map[string]string{"LEANPRM_LEAN_TACTIC": "decide"}, []string{"--tactic", "rfl"}, "lean.tactic", "rfl", "flag --tactic"},
		{"flag beats file", nil, []string{"--workers", "7"}, "lean.workers", "7", "flag --workers"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			out, _, err := run(t, dir, tc.env, append([]string{"config", "--sources"}, tc.args...)...)
			require.NoError(t, err)
			var line string
			for _, l := range strings.Split(out, "\n") {
				if f := strings.Fields(l); len(f) > 0 && f[0] == tc.key {
					line = l
				}
			}
			require.NotEmpty(t, line, "key %s missing from:\n%s", tc.key, out)
			assert.Contains(t, line, tc.wantS)
			if tc.want != "" {
				assert.Equal(t, tc.want, strings.Fields(line)[1])
			}
		})
	}
}

func TestConfigYAMLRoundTrips(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	dir := t.TempDir()
	out, _, err := run(t, dir, map[string]string{"LEANPRM_LEAN_HEADER": "import Mathlib"}, "config")
	require.NoError(t, err)
	var tree map[string]any
	require.NoError(t, yaml.Unmarshal([]byte(out), &tree))
	lean := tree["lean"].(map[string]any)
	assert.Equal(t, "import Mathlib", lean["header"])
	assert.Equal(t, "decide +kernel", lean["tactic"])

	// What `config` prints is itself a valid leanprm.yaml that reproduces the same values.
	require.NoError(t, os.WriteFile(filepath.Join(dir, "leanprm.yaml"), []byte(out), 0o644))
	t.Setenv("LEANPRM_LEAN_HEADER", "")
	os.Unsetenv("LEANPRM_LEAN_HEADER")
	out2, _, err := run(t, dir, nil, "config", "--sources")
	require.NoError(t, err)
	assert.Regexp(t, `lean\.header\s+import Mathlib\s+file`, out2)
}

func TestConfigRejectsUnknownKeys(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "leanprm.yaml"), []byte("lean:\n  tactik: rfl\n"), 0o644))
	_, _, err := run(t, dir, nil, "config")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "lean.tactik")
}

func TestConfigMalformedFile(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "leanprm.yaml"), []byte("lean: [unclosed\n"), 0o644))
	_, _, err := run(t, dir, nil, "config")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "leanprm.yaml")
}

func TestUsageErrorsExitTwo(t *testing.T) {
	_, _, err := run(t, "", nil, "no-such-command")
	require.Error(t, err)
	assert.Equal(t, exitUsage, exitCode(err, &bytes.Buffer{}))
	_, _, err = run(t, "", nil, "config", "--no-such-flag")
	assert.Equal(t, exitUsage, exitCode(err, &bytes.Buffer{}))
}
