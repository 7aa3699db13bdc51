package replsim

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Transcripts outside Reproduced (reproduced.go), and why:
//   - all_tactics, all_tactics-20250622, file: allTactics needs Lean's info trees (and the
//     constants each tactic used); the simulator ignores allTactics.
//   - infotree, infotree_theorem: info trees; also the unused-variables linter.
//   - variables: `variable` commands, function application (`f (x + y)`), ∃, the linter.
//   - options: `#print` and `set_option pp.universes`.
//   - def_eval, file_env: `#check` output.
//   - trace_simp: `simp` and trace messages.
//   - root_goals: `exact?` and its "Try this" suggestion.
//   - incomplete: `by_cases` on a Bool and `{ … }` blocks (its first reply is reproduced
//     by TestIncompleteFirstReply).
//   - proof_branching: `apply And.intro` / `apply h2` reasoning over propositional variables.
//   - app_type_mismatch2, self_proof_exact_check: kernel errors and termination checking.

// replay runs a transcript's requests through Serve in dir and returns the raw output.
func replay(t *testing.T, dir, name string, opts Options) (string, string, int) {
	t.Helper()
	in, err := os.ReadFile(filepath.Join(transcriptsDir(t), name+".in"))
	require.NoError(t, err)
	opts.Dir = dir
	var out, errOut bytes.Buffer
	code := Serve(context.Background(), bytes.NewReader(in), &out, &errOut, opts)
	return out.String(), errOut.String(), code
}

func newTranscriptDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	require.NoError(t, os.Mkdir(filepath.Join(dir, "test"), 0o755))
	leans, _ := filepath.Glob(filepath.Join(transcriptsDir(t), "*.lean"))
	for _, f := range leans {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, "test", filepath.Base(f)), data, 0o644))
	}
	return dir
}

// TestTranscriptReplay replays the in-scope transcripts and compares every reply with the
// recorded one as decoded JSON values. It also reports which are byte-identical.
func TestTranscriptReplay(t *testing.T) {
	tdir := transcriptsDir(t)
	for _, chain := range Reproduced {
		t.Run(strings.Join(chain, "+"), func(t *testing.T) {
			dir := newTranscriptDir(t)
			for _, name := range chain {
				got, stderr, code := replay(t, dir, name, Options{})
				require.Equal(t, 0, code, "%s: exit code, stderr %q", name, stderr)
				require.Empty(t, stderr, "%s: stderr", name)
				wantData, err := os.ReadFile(filepath.Join(tdir, name+".expected.out"))
				require.NoError(t, err)
				want := splitReplies(t, string(wantData))
				gotReplies := splitReplies(t, got)
				require.Len(t, gotReplies, len(want), "%s: replies\n%s", name, got)
				for i := range want {
					w, err := ParseJSON(want[i])
					require.NoError(t, err)
					g, err := ParseJSON(gotReplies[i])
					require.NoError(t, err, "%s reply %d is not JSON:\n%s", name, i, gotReplies[i])
					assert.True(t, g.Equal(w), "%s reply %d:\n--- got\n%s\n--- want\n%s", name, i, gotReplies[i], want[i])
				}
				if got == string(wantData) {
					t.Logf("%s: byte-identical", name)
				}
			}
		})
	}
}

// TestIncompleteFirstReply reproduces the first exchange of the incomplete transcript; the
// second uses `by_cases` on a Bool and `{ … }`, which the simulator does not model.
func TestIncompleteFirstReply(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(transcriptsDir(t), "incomplete.expected.out"))
	require.NoError(t, err)
	want := splitReplies(t, string(data))[0]
	got, err := NewServer(Options{}).Handle(`{"cmd": "def f : Nat := by apply Nat.succ"}`)
	require.NoError(t, err)
	require.Equal(t, want, got.String())
}

// TestDefEvalLike is the def_eval session with what the simulator can answer in place of
// `#check`: a definition, a proof by rfl on top of it, and #eval.
func TestDefEvalLike(t *testing.T) {
	in := `{"cmd": "def f := 37"}` + "\n\n" +
		`{"cmd": "example : f = 37 := by rfl", "env": 0}` + "\n\n" +
		`{"cmd": "example : f = 38 := by decide", "env": 0}` + "\n\n" +
		`{"cmd": "#eval f * 2", "env": 0}` + "\n\n" +
		`{"cmd": "#eval (1 : Rat) / 3"}` + "\n\n" +
		`{"cmd": "example : f = 37 := by rfl"}` + "\n\n"
	out, errOut, code := serve(t, in, Options{})
	want := []string{
		`{"env": 0}`,
		`{"env": 1}`,
		"{\"messages\":\n [{\"severity\": \"error\",\n   \"pos\": {\"line\": 1, \"column\": 23},\n   \"endPos\": {\"line\": 1, \"column\": 29},\n   \"data\": \"tactic 'decide' proved that the proposition\\n  f = 38\\nis false\"}],\n \"env\": 2}",
		"{\"messages\":\n [{\"severity\": \"info\",\n   \"pos\": {\"line\": 1, \"column\": 0},\n   \"endPos\": {\"line\": 1, \"column\": 5},\n   \"data\": \"74\"}],\n \"env\": 3}",
		"{\"messages\":\n [{\"severity\": \"info\",\n   \"pos\": {\"line\": 1, \"column\": 0},\n   \"endPos\": {\"line\": 1, \"column\": 5},\n   \"data\": \"(1 : Rat)/3\"}],\n \"env\": 4}",
		// A fresh environment does not know f.
		"{\"messages\":\n [{\"severity\": \"error\",\n   \"pos\": {\"line\": 1, \"column\": 10},\n   \"endPos\": {\"line\": 1, \"column\": 11},\n   \"data\": \"Unknown identifier `f`\"}],\n \"env\": 5}",
	}
	cs := chunks(out)
	require.Equal(t, 0, code, "exit code, stderr %q, replies %q", errOut, cs)
	require.Empty(t, errOut, "stderr")
	require.Len(t, cs, len(want), "replies")
	for i := range want {
		assert.Equal(t, want[i], strings.TrimSuffix(cs[i], "\n\n"), "reply %d", i)
	}

}
