package repl

import (
	"bufio"
	"strings"
	"testing"
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
				if got := readRequest(br); got != want {
					t.Fatalf("request %d = %q, want %q", i, got, want)
				}
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
			if n := len(chunks(out)); n != tt.replies || code != tt.code {
				t.Fatalf("%d replies, exit %d; want %d, %d\nstdout %q\nstderr %q", n, code, tt.replies, tt.code, out, errOut)
			}
			if !strings.HasPrefix(errOut, tt.stderrHead) {
				t.Fatalf("stderr %q, want prefix %q", errOut, tt.stderrHead)
			}
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
	if len(cs) != 5 || code != 1 {
		t.Fatalf("replies %q, exit %d, stderr %q", cs, code, errOut)
	}
	for i := 1; i < len(want); i++ {
		if strings.TrimSuffix(cs[i], "\n\n") != want[i] {
			t.Errorf("reply %d = %q, want %q", i, cs[i], want[i])
		}
	}
	// An environment pickle read as a proof state is rejected like a bad .olean header.
	if !strings.Contains(errOut, "invalid header") {
		t.Errorf("stderr %q", errOut)
	}
}
