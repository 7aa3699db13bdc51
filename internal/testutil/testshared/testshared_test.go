package testshared

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRootIsBesideTheModule(t *testing.T) {
	t.Setenv("LEANPRM_SHARED", "")
	root, err := Root()
	require.NoError(t, err)
	wd, err := os.Getwd()
	require.NoError(t, err)
	// This package sits three levels below the module root (internal/testutil/testshared).
	module := filepath.Dir(filepath.Dir(filepath.Dir(wd)))
	require.FileExists(t, filepath.Join(module, "go.mod"))
	assert.Equal(t, filepath.Join(filepath.Dir(module), "shared"), root)
}

func TestEnvironmentOverrides(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "data"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "data", "a.jsonl"), nil, 0o644))
	t.Setenv("LEANPRM_SHARED", dir)
	assert.Equal(t, filepath.Join(dir, "data", "a.jsonl"), Path(t, "data/a.jsonl"))
	assert.Equal(t, []string{filepath.Join(dir, "data", "a.jsonl")}, Glob("data/*.jsonl"))
	assert.Empty(t, Glob("lean/*.in"))
}

func TestMissingFailsUnderCI(t *testing.T) {
	t.Setenv("LEANPRM_SHARED", t.TempDir())
	t.Setenv("CI", "true")
	ft := &fakeTB{TB: t}
	func() {
		defer func() { recover() }() // Fatal ends the fake test's goroutine: stand in with a panic
		Path(ft, "data/none.jsonl")
	}()
	assert.True(t, ft.failed, "a missing file must fail under CI")
	assert.False(t, ft.skipped)

	t.Setenv("CI", "")
	ft = &fakeTB{TB: t}
	func() {
		defer func() { recover() }()
		Path(ft, "data/none.jsonl")
	}()
	assert.True(t, ft.skipped, "a missing file is skipped outside CI")
	assert.False(t, ft.failed)
}

// fakeTB records Fatal and Skip instead of ending the real test.
type fakeTB struct {
	testing.TB
	failed, skipped bool
}

func (f *fakeTB) Helper()           {}
func (f *fakeTB) Fatal(args ...any) { f.failed = true; panic("fatal") }
func (f *fakeTB) Skip(args ...any)  { f.skipped = true; panic("skip") }

func (f *fakeTB) Fatalf(format string, args ...any) { f.failed = true; panic("fatal") }

func TestReadJSONL(t *testing.T) {
	type row struct {
		ID    string   `json:"id"`
		Steps []string `json:"steps"`
	}
	dir := t.TempDir()
	good := filepath.Join(dir, "good.jsonl")
	long := strings.Repeat("x", 2<<20) // past bufio's default line limit and the first buffer
	require.NoError(t, os.WriteFile(good, []byte(`{"id": "a", "steps": ["1"]}`+"\n"+`{"id": "b", "steps": ["`+long+`"]}`+"\n"), 0o644))
	assert.Equal(t, []row{{"a", []string{"1"}}, {"b", []string{long}}}, ReadJSONL[row](t, good))

	bad := filepath.Join(dir, "bad.jsonl")
	require.NoError(t, os.WriteFile(bad, []byte(`{"id": "a"}`+"\n"+`{"id": `+"\n"), 0o644))
	for _, path := range []string{bad, filepath.Join(dir, "none.jsonl")} {
		ft := &fakeTB{TB: t}
		func() {
			defer func() { recover() }()
			ReadJSONL[row](ft, path)
		}()
		assert.True(t, ft.failed, "%s must fail the test", filepath.Base(path))
	}
}
