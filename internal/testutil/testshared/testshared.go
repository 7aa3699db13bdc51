// Package testshared locates the material that tests read at run time from the shared
// directory beside the repository (../shared: benchmark data under data/, recorded REPL
// transcripts under lean/transcripts/). Nothing of it is copied into the repository, so every
// test that needs it finds it here, the same way, from whatever package directory it runs in.
//
// The shared directory is $LEANPRM_SHARED when set, else "shared" beside the module root (the
// directory holding go.mod). Under CI (CI=true) the material must be there: a test that needs it
// fails rather than skips, so a missing checkout can never pass for a green run.
package testshared

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// Root returns the shared directory, or an error saying where it was looked for.
func Root() (string, error) {
	if dir := os.Getenv("LEANPRM_SHARED"); dir != "" {
		return filepath.Abs(dir)
	}
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(filepath.Dir(dir), "shared"), nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the working directory, so no ../shared beside it (set LEANPRM_SHARED)")
		}
		dir = parent
	}
}

// Path returns rel (slash-separated) under the shared directory. When it does not exist, the
// test fails under CI and is skipped elsewhere, saying why.
func Path(tb testing.TB, rel string) string {
	tb.Helper()
	root, err := Root()
	var p string
	if err == nil {
		p = filepath.Join(root, filepath.FromSlash(rel))
		_, err = os.Stat(p)
	}
	if err != nil {
		msg := fmt.Sprintf("shared material %q not found (%v); put ../shared beside the repository or set LEANPRM_SHARED", rel, err)
		if os.Getenv("CI") == "true" {
			tb.Fatal(msg)
		}
		tb.Skip(msg)
	}
	return p
}

// Glob returns the files matching pattern (slash-separated, relative to the shared directory),
// or none when the directory is missing: for fuzz seeds and benchmarks, which run without it.
func Glob(pattern string) []string {
	root, err := Root()
	if err != nil {
		return nil
	}
	files, _ := filepath.Glob(filepath.Join(root, filepath.FromSlash(pattern)))
	return files
}
