package repl

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
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
		if (err != nil) != tt.err || got != tt.want {
			t.Errorf("parseToolchain(%q) = %q, %v; want %q (error %v)", tt.in, got, err, tt.want, tt.err)
		}
	}
}

func TestToolchainVersionOfTheProject(t *testing.T) {
	// The repository's own Lake project, when present, pins a version the bridge can parse.
	dir := filepath.Join("..", "..", "lean-project")
	if _, err := os.Stat(filepath.Join(dir, "lean-toolchain")); err != nil {
		t.Skipf("no %s/lean-toolchain in this checkout", dir)
	}
	v, err := ToolchainVersion(dir)
	if err != nil || v == "" {
		t.Fatalf("ToolchainVersion(%s) = %q, %v", dir, v, err)
	}
}

func TestLocateREPL(t *testing.T) {
	bin := t.TempDir()
	t.Setenv("PATH", bin)
	t.Setenv("HOME", t.TempDir()) // no ~/.elan/bin fallback
	project := t.TempDir()

	_, err := LocateREPL(project)
	if !errors.Is(err, ErrREPLNotFound) || !strings.Contains(err.Error(), "lake") || !strings.Contains(err.Error(), "make lean") {
		t.Fatalf("without lake: %v", err)
	}
	lake := filepath.Join(bin, "lake")
	if err := os.WriteFile(lake, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	_, err = LocateREPL(project)
	if !errors.Is(err, ErrREPLNotFound) || !strings.Contains(err.Error(), REPLBinary) || !strings.Contains(err.Error(), "make lean") {
		t.Fatalf("without the REPL binary: %v", err)
	}
	repl := filepath.Join(project, filepath.FromSlash(REPLBinary))
	if err := os.MkdirAll(filepath.Dir(repl), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(repl, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LocateREPL(project); !errors.Is(err, ErrREPLNotFound) {
		t.Fatalf("with a non-executable REPL binary: %v", err)
	}
	if err := os.Chmod(repl, 0o755); err != nil {
		t.Fatal(err)
	}
	argv, err := LocateREPL(project)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{lake, "env", repl}; !reflect.DeepEqual(argv, want) {
		t.Errorf("LocateREPL = %q, want %q", argv, want)
	}
	if _, err := LocateREPL(""); !errors.Is(err, ErrREPLNotFound) {
		t.Errorf("no project: %v", err)
	}

	// A lakefile that requires the package as lowercase "repl" checks it out there instead.
	if err := os.Remove(repl); err != nil {
		t.Fatal(err)
	}
	lower := filepath.Join(project, filepath.FromSlash(replBinaryAlternates[0]))
	if err := os.MkdirAll(filepath.Dir(lower), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(lower, nil, 0o755); err != nil {
		t.Fatal(err)
	}
	argv, err = LocateREPL(project)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{lake, "env", lower}; !reflect.DeepEqual(argv, want) {
		t.Errorf("LocateREPL = %q, want %q", argv, want)
	}
}

func TestConfigDefaults(t *testing.T) {
	project := t.TempDir()
	if err := os.WriteFile(filepath.Join(project, "lean-toolchain"), []byte("leanprover/lean4:v4.32.0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := Config{ProjectDir: project, Command: []string{"repl"}}.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	if c.ExpectedVersion != "4.32.0" || c.Tactic != DefaultTactic || c.Workers <= 0 || c.QueueSize != 4*c.Workers ||
		c.RequestTimeout != DefaultRequestTimeout || c.GracePeriod != DefaultGracePeriod || c.RecycleAfter != DefaultRecycleAfter ||
		c.MaxReplyBytes != DefaultMaxReplyBytes || c.Logger == nil {
		t.Errorf("defaults = %+v", c)
	}
	// Explicit values win; no lean-toolchain means no version check.
	c, err = Config{Command: []string{"repl"}, ExpectedVersion: "", RequestTimeout: time.Second, RecycleAfter: -1}.withDefaults()
	if err != nil || c.ExpectedVersion != "" || c.RequestTimeout != time.Second || c.RecycleAfter != -1 {
		t.Errorf("explicit = %+v, %v", c, err)
	}
	// Without a command, the REPL is located in the project; the error says what to do.
	t.Setenv("PATH", t.TempDir())
	t.Setenv("HOME", t.TempDir())
	if _, err := (Config{ProjectDir: project}).withDefaults(); !errors.Is(err, ErrREPLNotFound) {
		t.Errorf("no lake: %v", err)
	}
}

func TestClassifyVersion(t *testing.T) {
	tests := []struct{ in, backend, version string }{
		{"4.32.0", BackendLean, "4.32.0"},
		{"4.32.0-leanprm-simulator", BackendSim, "4.32.0"},
		{"4.33.0-rc2", BackendLean, "4.33.0-rc2"},
	}
	for _, tt := range tests {
		b, v := classifyVersion(tt.in)
		if b != tt.backend || v != tt.version {
			t.Errorf("classifyVersion(%q) = %q, %q", tt.in, b, v)
		}
	}
	v, ok := versionFromMessages([]Message{{Severity: "info", Data: `"4.32.0"`}})
	if !ok || v != "4.32.0" {
		t.Errorf("versionFromMessages = %q, %v", v, ok)
	}
}
