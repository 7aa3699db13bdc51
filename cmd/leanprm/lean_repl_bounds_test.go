package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/internal/cli/replsession"
)

// Through the command and the simulator: {"cmd": NaN} gets its error line and the valid
// requests after it their replies; an oversized request is reported and the session goes on.
func TestLeanREPLKeepsOneLinePerRequest(t *testing.T) {
	t.Setenv("LEANPRM_RUN_AS_MAIN", "1")
	in := strings.Join([]string{
		`{"cmd": NaN}`,
		`{"cmd": "example : (2 : Rat) + 2 = 4 := by decide +kernel"}`,
		`{"cmd": "` + strings.Repeat("x", replsession.MaxRequestBytes+1) + `"}`,
		`{"cmd": "example : (2 : Rat) + 3 = 5 := by decide +kernel"}`,
	}, "\n") + "\n"
	out, _, err := runWithInput(t, t.TempDir(), in, "lean", "repl", "--repl-command", "leanprm sim repl")
	require.Error(t, err)
	lines := decodeLines(t, out)
	require.Len(t, lines, 4, "one output line per request:\n%.2000s", out)
	assert.Equal(t, "invalid_request", lines[0]["kind"])
	assert.Contains(t, lines[1], "env")
	assert.Equal(t, "invalid_request", lines[2]["kind"])
	assert.Contains(t, lines[2]["leanprm_error"], "longer than 16 MiB")
	assert.EqualValues(t, 3, lines[2]["line"])
	assert.Contains(t, lines[3], "env")
}
