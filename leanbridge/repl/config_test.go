package repl

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseToolchain(t *testing.T) {
	tests := []struct {
		in, want string
		err      bool
	}{
		{"leanprover/lean4:v4.32.0\n", "4.32.0", false},
		{"leanprover/lean4:v4.33.0-rc2", "4.33.0-rc2", false},
		{"v4.24.0", "4.24.0", false},
		{"4.24.0", "4.24.0", false},
		{"leanprover/lean4:nightly-2025-01-01", "", true},
		{"", "", true},
		{"leanprover/lean4:v4.32.0 extra", "", true},
	}
	for _, tt := range tests {
		got, err := parseToolchain(tt.in)
		if tt.err {
			assert.Error(t, err, "parseToolchain(%q) = %q", tt.in, got)
		} else {
			assert.NoError(t, err, "parseToolchain(%q)", tt.in)
		}
		assert.Equal(t, tt.want, got, "parseToolchain(%q)", tt.in)
	}
}

func TestToolchainVersionOfTheProject(t *testing.T) {
	// The repository's own Lake project, when present, pins a version the bridge can parse.
	dir := filepath.Join("..", "..", "lean-project")
	if _, err := os.Stat(filepath.Join(dir, "lean-toolchain")); err != nil {
		t.Skipf("no %s/lean-toolchain in this checkout", dir)
	}
	v, err := ToolchainVersion(dir)
	require.NoError(t, err, "ToolchainVersion(%s)", dir)
	require.NotEmpty(t, v, "ToolchainVersion(%s)", dir)
}

func TestLocateREPL(t *testing.T) {
	bin := t.TempDir()
	t.Setenv("PATH", bin)
	t.Setenv("HOME", t.TempDir()) // no ~/.elan/bin fallback
	project := t.TempDir()

	_, err := LocateREPL(project)
	require.ErrorIs(t, err, ErrREPLNotFound, "without lake")
	require.ErrorContains(t, err, "lake", "without lake")
	require.ErrorContains(t, err, "make lean", "without lake")
	lake := filepath.Join(bin, "lake")
	require.NoError(t, os.WriteFile(lake, []byte("#!/bin/sh\n"), 0o755))
	_, err = LocateREPL(project)
	require.ErrorIs(t, err, ErrREPLNotFound, "without the REPL binary")
	require.ErrorContains(t, err, REPLBinary, "without the REPL binary")
	require.ErrorContains(t, err, "make lean", "without the REPL binary")
	repl := filepath.Join(project, filepath.FromSlash(REPLBinary))
	require.NoError(t, os.MkdirAll(filepath.Dir(repl), 0o755))
	require.NoError(t, os.WriteFile(repl, nil, 0o644))
	_, err = LocateREPL(project)
	require.ErrorIs(t, err, ErrREPLNotFound, "with a non-executable REPL binary")
	require.NoError(t, os.Chmod(repl, 0o755))
	argv, err := LocateREPL(project)
	require.NoError(t, err)
	assert.Equal(t, []string{lake, "env", repl}, argv, "LocateREPL")
	_, err = LocateREPL("")
	assert.ErrorIs(t, err, ErrREPLNotFound, "no project")

	// A lakefile that requires the package as lowercase "repl" checks it out there instead.
	require.NoError(t, os.Remove(repl))
	lower := filepath.Join(project, filepath.FromSlash(replBinaryAlternates[0]))
	require.NoError(t, os.MkdirAll(filepath.Dir(lower), 0o755))
	require.NoError(t, os.WriteFile(lower, nil, 0o755))
	argv, err = LocateREPL(project)
	require.NoError(t, err)
	assert.Equal(t, []string{lake, "env", lower}, argv, "LocateREPL")
}

func TestConfigDefaults(t *testing.T) {
	project := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(project, "lean-toolchain"), []byte("leanprover/lean4:v4.32.0\n"), 0o644))
	c, err := Config{ProjectDir: project, Command: []string{"repl"}}.withDefaults()
	require.NoError(t, err)
	assert.Equal(t, "4.32.0", c.ExpectedVersion, "defaults = %+v", c)
	assert.Equal(t, DefaultTactic, c.Tactic, "defaults = %+v", c)
	assert.Positive(t, c.Workers, "defaults = %+v", c)
	assert.Equal(t, 4*c.Workers, c.QueueSize, "defaults = %+v", c)
	assert.Equal(t, DefaultRequestTimeout, c.RequestTimeout, "defaults = %+v", c)
	assert.Equal(t, DefaultGracePeriod, c.GracePeriod, "defaults = %+v", c)
	assert.Equal(t, DefaultRecycleAfter, c.RecycleAfter, "defaults = %+v", c)
	assert.Equal(t, DefaultMaxReplyBytes, c.MaxReplyBytes, "defaults = %+v", c)
	assert.NotNil(t, c.Logger, "defaults = %+v", c)
	// Explicit values win; no lean-toolchain means no version check.
	c, err = Config{Command: []string{"repl"}, ExpectedVersion: "", RequestTimeout: time.Second, RecycleAfter: -1}.withDefaults()
	assert.NoError(t, err, "explicit = %+v", c)
	assert.Empty(t, c.ExpectedVersion, "explicit = %+v, %v", c, err)
	assert.Equal(t, time.Second, c.RequestTimeout, "explicit = %+v, %v", c, err)
	assert.Equal(t, -1, c.RecycleAfter, "explicit = %+v, %v", c, err)
	// Without a command, the REPL is located in the project; the error says what to do.
	t.Setenv("PATH", t.TempDir())
	t.Setenv("HOME", t.TempDir())
	_, err = (Config{ProjectDir: project}).withDefaults()
	assert.ErrorIs(t, err, ErrREPLNotFound, "no lake")
}

func TestClassifyVersion(t *testing.T) {
	tests := []struct{ in, backend, version string }{
		{"4.32.0", BackendLean, "4.32.0"},
		{"4.32.0-leanprm-simulator", BackendSim, "4.32.0"},
		{"4.33.0-rc2", BackendLean, "4.33.0-rc2"},
	}
	for _, tt := range tests {
		b, v := classifyVersion(tt.in)
		assert.Equal(t, tt.backend, b, "classifyVersion(%q) = %q, %q", tt.in, b, v)
		assert.Equal(t, tt.version, v, "classifyVersion(%q) = %q, %q", tt.in, b, v)
	}
	v, ok := versionFromMessages([]Message{{Severity: "info", Data: `"4.32.0"`}})
	assert.True(t, ok, "versionFromMessages = %q, %v", v, ok)
	assert.Equal(t, "4.32.0", v, "versionFromMessages = %q, %v", v, ok)
}
