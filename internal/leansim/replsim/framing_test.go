package replsim

import (
	"bufio"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReadRequest(t *testing.T) {
	tests := []struct {
		name, in string
		want     []string // successive requests; "" is end of input
	}{
		{"one line", "{\"cmd\": \"x\"}\n\n", []string{"{\"cmd\": \"x\"}\n", ""}},
		{"lines joined without separator", "{\"cmd\":\n \"x\"}\n\n", []string{"{\"cmd\": \"x\"}\n", ""}},
		{"trailing whitespace stripped", "{\"cmd\": \"by  \t\r\nsorry\"}  \n\n", []string{"{\"cmd\": \"bysorry\"}\n", ""}},
		{"leading whitespace kept", "  {}\n\n", []string{"  {}\n", ""}},
		{"end of input without blank line", "{}", []string{"{}", ""}},
		{"end of input after a line", "{}\n", []string{"{}", ""}},
		{"two blank lines give a blank request", "{}\n\n\n", []string{"{}\n", "\n", ""}},
		{"blank line of spaces", "{}\n\n \t\n", []string{"{}\n", " \t\n", ""}},
		{"empty input", "", []string{""}},
		{"two requests", "{\"a\": 1}\n\n{\"b\": 2}\n\n", []string{"{\"a\": 1}\n", "{\"b\": 2}\n", ""}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			br := bufio.NewReader(strings.NewReader(tt.in))
			for i, want := range tt.want {
				require.Equal(t, want, readRequest(br), "request %d", i)
			}
		})
	}
}

func TestCommentsAndFatalErrors(t *testing.T) {
	tests := []struct {
		name, in   string
		replies    int
		code       int
		stderrHead string
	}{
		{"comments are skipped", "# a comment\n\n-- another\n\n{\"cmd\": \"def f := 1\"}\n\n", 1, 0, ""},
		{"a comment can span lines", "# a\nb\n\n{\"cmd\": \"def f := 1\"}\n\n", 1, 0, ""},
		{"blank request is fatal", "{\"cmd\": \"def f := 1\"}\n\n\n{\"cmd\": \"def g := 1\"}\n\n", 1, 1,
			"uncaught exception: {\"message\": \"Could not parse JSON:\\noffset 1: unexpected end of input\"}\n"},
		{"malformed JSON is fatal", "{\"cmd\": }\n\n", 0, 1, "uncaught exception: {\"message\": \"Could not parse JSON:\\n"},
		// Lean prints the exception with Json's toString, which is the 80-column pretty printer.
		{"unknown request is fatal", "{\"command\": \"def f := 1\"}\n\n", 0, 1,
			"uncaught exception: {\"message\":\n \"Could not parse as a valid JSON command:\\nproperty not found: path\"}\n"},
		{"wrongly typed field is fatal", "{\"cmd\": \"def f := 1\", \"env\": \"0\"}\n\n", 0, 1,
			"uncaught exception: {\"message\":\n \"Could not parse as a valid JSON command:"},
		{"a JSON array is fatal", "[]\n\n", 0, 1, "uncaught exception: {\"message\": \"Could not parse as a valid JSON command:\\nobject expected\"}"},
		{"missing file is fatal", "{\"path\": \"no/such/file.lean\"}\n\n", 0, 1,
			"uncaught exception: no such file or directory (error code: 2)\n  file: no/such/file.lean\n"},
		{"missing pickle is fatal", "{\"unpickleEnvFrom\": \"nope.olean\"}\n\n", 0, 1, "uncaught exception: no such file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := serve(t, tt.in, Options{Dir: t.TempDir()})
			require.Len(t, chunks(out), tt.replies, "replies\nstdout %q\nstderr %q", out, errOut)
			require.Equal(t, tt.code, code, "exit code\nstdout %q\nstderr %q", out, errOut)
			require.True(t, strings.HasPrefix(errOut, tt.stderrHead), "stderr %q, want prefix %q", errOut, tt.stderrHead)
		})
	}
}

// TestDispatchOrder checks the REPL's precedence between request kinds.
func TestDispatchOrder(t *testing.T) {
	dir := t.TempDir()
	in := `{"cmd": "example : 1 = 1 := by sorry"}` + "\n\n" +
		// tactic wins over cmd (fields of other kinds are ignored)
		`{"tactic": "rfl", "proofState": 0, "cmd": "garbage"}` + "\n\n" +
		// pickleTo with env is an environment pickle even if proofState is present
		`{"pickleTo": "e.olean", "env": 0, "proofState": 0}` + "\n\n" +
		`{"pickleTo": "p.olean", "proofState": 5}` + "\n\n" +
		`{"pickleTo": "p.olean", "env": 9}` + "\n\n" +
		`{"unpickleProofStateFrom": "e.olean", "env": 0}` + "\n\n"
	out, errOut, code := serve(t, in, Options{Dir: dir})
	cs := chunks(out)
	want := []string{
		"", // the sorry reply, not checked here
		`{"proofStatus": "Completed", "proofState": 1, "goals": []}`,
		`{"env": 0}`,
		`{"message": "Unknown proof State."}`,
		`{"message": "Unknown environment."}`,
	}
	require.Len(t, cs, 5, "stderr %q", errOut)
	require.Equal(t, 1, code, "exit code; replies %q, stderr %q", cs, errOut)
	for i := 1; i < len(want); i++ {
		assert.Equal(t, want[i], strings.TrimSuffix(cs[i], "\n\n"), "reply %d", i)
	}
	// An environment pickle read as a proof state is rejected like a bad .olean header.
	assert.Contains(t, errOut, "invalid header")

}
