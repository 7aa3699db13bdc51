// Package fakebin is test-only: a PATH of stand-in executables, for tests of code that looks
// tools up (doctor's rows, the kernel tier's discovery) without running them.
package fakebin

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// OnPath makes PATH a fresh directory holding an executable shell script of each name (one
// that exits 0), HOME an empty directory (so no ~/.elan is found), and clears the
// COMPARATOR_* variables Comparator's tools are otherwise found by. It returns the directory.
func OnPath(t testing.TB, names ...string) string {
	t.Helper()
	bin := t.TempDir()
	for _, n := range names {
		require.NoError(t, os.WriteFile(filepath.Join(bin, n), []byte("#!/bin/sh\n"), 0o755))
	}
	t.Setenv("PATH", bin)
	t.Setenv("HOME", t.TempDir())
	for _, k := range []string{"COMPARATOR_LANDRUN", "COMPARATOR_LEAN4EXPORT", "COMPARATOR_NANODA"} {
		t.Setenv(k, "")
	}
	return bin
}
