package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/internal/leansim/replsim"
	"github.com/leanprm/leanprm/internal/testutil/testshared"
)

// transcriptsDir is the shared REPL transcripts; the test needs them (testshared: skipped
// without them outside CI, failed under it).
func transcriptsDir(t *testing.T) string {
	t.Helper()
	return testshared.Path(t, "lean/transcripts")
}

// TestREPLSessionIsTransparent replays the REPL's own test files through `leanprm lean repl` (with
// the simulator behind it) and compares every reply, as a decoded JSON value, with the one the
// real REPL printed: env and proofState numbers included, so the worker's start-up check must
// not take any id a user can see.
func TestREPLSessionIsTransparent(t *testing.T) {
	t.Setenv("LEANPRM_RUN_AS_MAIN", "1")
	tdir := transcriptsDir(t)
	for _, chain := range replsim.Reproduced {
		t.Run(strings.Join(chain, "+"), func(t *testing.T) {
			dir := t.TempDir()
			require.NoError(t, os.Mkdir(filepath.Join(dir, "test"), 0o755))
			leans, _ := filepath.Glob(filepath.Join(tdir, "*.lean"))
			for _, f := range leans {
				b, err := os.ReadFile(f)
				require.NoError(t, err)
				require.NoError(t, os.WriteFile(filepath.Join(dir, "test", filepath.Base(f)), b, 0o644))
			}
			for _, name := range chain {
				out, errOut, err := run(t, dir, nil, "lean", "repl", "--repl-command", "leanprm sim repl", filepath.Join(tdir, name+".in"))
				require.NoError(t, err, "%s: %s", name, errOut)
				recorded, err := os.ReadFile(filepath.Join(tdir, name+".expected.out"))
				require.NoError(t, err)
				var want []any
				for _, r := range strings.Split(string(recorded), "\n\n") {
					if strings.TrimSpace(r) == "" {
						continue
					}
					var v any
					require.NoError(t, json.Unmarshal([]byte(r), &v), "%s: recorded reply %q", name, r)
					want = append(want, v)
				}
				lines := strings.Split(strings.TrimSpace(out), "\n")
				require.Len(t, lines, len(want), "%s: one reply per request:\n%s", name, out)
				for i, l := range lines {
					var got any
					require.NoError(t, json.Unmarshal([]byte(l), &got))
					if !reflect.DeepEqual(got, want[i]) {
						t.Errorf("%s reply %d:\n got  %s\n want %v", name, i, l, want[i])
					}
				}
			}
		})
	}
}
