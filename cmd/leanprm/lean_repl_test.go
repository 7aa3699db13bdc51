package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func decodeLines(t *testing.T, out string) []map[string]any {
	t.Helper()
	var res []map[string]any
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var m map[string]any
		require.NoError(t, json.Unmarshal([]byte(l), &m), "line %q", l)
		res = append(res, m)
	}
	return res
}

func TestLeanREPLThroughSimulator(t *testing.T) {
	t.Setenv("LEANPRM_RUN_AS_MAIN", "1")
	in := strings.Join([]string{
		`# a comment line, skipped like the REPL does`,
		`{"cmd": "example : (1 : Rat) / 3 + (1 : Rat) / 6 = (1 : Rat) / 2 := by decide +kernel"}`,
		``,
		`{"cmd": "def f (x : Unit) : Nat := by sorry"}`,
		`{"tactic": "exact 37",`,
		` "proofState": 0}`,
		``,
		`{"cmd": "not json`,
		``,
		`[1, 2]`,
		`{"cmd": "theorem t : 1 = 1 := by\n  rfl", "env": 12345}`,
	}, "\n")
	dir := t.TempDir()
	out, _, err := runWithInput(t, dir, in, "lean", "repl", "--repl-command", "leanprm sim repl")
	require.Error(t, err, "malformed requests make the exit status 1")
	assert.Equal(t, exitError, exitCode(err, &strings.Builder{}))

	lines := decodeLines(t, out)
	require.Len(t, lines, 6, "one output line per request:\n%s", out)
	assert.Contains(t, lines[0], "env")
	assert.NotContains(t, lines[0], "messages", "a true claim gets no messages")
	assert.Contains(t, lines[1], "sorries")
	assert.Equal(t, "Completed", lines[2]["proofStatus"], "a request spread over lines is joined")
	assert.Equal(t, "invalid_request", lines[3]["kind"])
	assert.EqualValues(t, 8, lines[3]["line"])
	assert.Equal(t, "invalid_request", lines[4]["kind"], "a JSON array is not a request")
	// An env id the REPL never issued is the REPL's own error reply, not a leanprm error.
	assert.Equal(t, "Unknown environment.", lines[5]["message"])
}

func TestLeanREPLStaleStateAfterCrash(t *testing.T) {
	t.Setenv("LEANPRM_RUN_AS_MAIN", "1")
	// The simulator dies on the second request it gets after start-up checks; the first
	// reply's env id then belongs to a dead process and must be refused, not sent.
	in := `{"cmd": "def a := 1"}` + "\n\n" +
		`{"cmd": "def b := 2"}` + "\n\n" +
		`{"cmd": "def c := a", "env": ENV}` + "\n\n"
	// Learn the env id the first reply gets: the worker's start-up check takes ids before it.
	out, _, err := runWithInput(t, t.TempDir(), `{"cmd": "def a := 1"}`+"\n", "lean", "repl", "--repl-command", "leanprm sim repl")
	require.NoError(t, err)
	env := decodeLines(t, out)[0]["env"]
	in = strings.Replace(in, "ENV", jsonNumber(env), 1)

	out, _, err = runWithInput(t, t.TempDir(), in, "lean", "repl", "--repl-command", "leanprm sim repl -crash-after 2")
	require.Error(t, err)
	lines := decodeLines(t, out)
	require.Len(t, lines, 3, out)
	assert.Equal(t, env, lines[0]["env"])
	assert.Equal(t, "repl_failed", lines[1]["kind"], "the crash is reported for the request that hit it")
	assert.Equal(t, "stale_state", lines[2]["kind"], "an id from the dead process is refused")
}

func jsonNumber(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func TestDoctorWithSimulator(t *testing.T) {
	t.Setenv("LEANPRM_RUN_AS_MAIN", "1")
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	out, _, err := run(t, t.TempDir(), nil, "doctor", "--repl-command", "leanprm sim repl")
	require.NoError(t, err, out)
	assert.Regexp(t, `probe\s+ok`, out)
	assert.Contains(t, out, `"sim" is not Lean`)

	out, _, err = run(t, t.TempDir(), nil, "doctor", "--repl-command", "leanprm sim repl -accept-all")
	require.Error(t, err, "a REPL that accepts a false claim must fail the doctor")
	assert.Regexp(t, `probe\s+fail`, out)
	assert.Contains(t, out, "ACCEPTED")
}
