package repl

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/internal/testutil/testshared"
)

func TestFrame(t *testing.T) {
	tests := []struct {
		name string
		in   string
		kind Kind
		err  bool
	}{
		{"command", `{"cmd": "def f := 37"}`, KindCommand, false},
		{"command with options", `{"cmd": "x", "env": 0, "allTactics": true, "rootGoals": false, "infotree": "full"}`, KindCommand, false},
		{"command env null", `{"cmd": "x", "env": null}`, KindCommand, false},
		{"file", `{"path": "test/file.lean", "allTactics": true}`, KindFile, false},
		{"proof step", `{"tactic": "exact 42", "proofState": 1}`, KindProofStep, false},
		{"proof step wins over cmd", `{"tactic": "rfl", "proofState": 0, "cmd": "x"}`, KindProofStep, false},
		{"pickle env", `{"pickleTo": "a.olean", "env": 0}`, KindPickleEnv, false},
		{"unpickle env", `{"unpickleEnvFrom": "a.olean"}`, KindUnpickleEnv, false},
		{"pickle proof state", `{"pickleTo": "c.olean", "proofState": 0}`, KindPickleProofState, false},
		{"unpickle proof state", `{"unpickleProofStateFrom": "c.olean", "env": 0}`, KindUnpickleProofState, false},
		{"unicode", `{"cmd": "theorem t (p q : Prop) (h : p ∧ q) : q ∧ p := ⟨h.2, h.1⟩ -- ℕ → ∀"}`, KindCommand, false},
		{"escaped newline kept", `{"cmd": "theorem foo : 1 = 1 := by\n  rfl"}`, KindCommand, false},
		{"pretty input is compacted", "{\n  \"cmd\": \"x\",\n  \"env\": 3\n}", KindCommand, false},

		{"raw newline in string", "{\"cmd\": \"by\nsorry\"}", 0, true},
		{"comment", `# {"cmd": "x"}`, 0, true},
		{"dash comment", `-- hello`, 0, true},
		{"array", `[{"cmd": "x"}]`, 0, true},
		{"null", `null`, 0, true},
		{"empty", ``, 0, true},
		{"malformed", `{"cmd": "x"`, 0, true},
		{"trailing data", `{"cmd": "x"} {"cmd": "y"}`, 0, true},
		{"no kind", `{"foo": 1}`, 0, true},
		{"env as string", `{"cmd": "x", "env": "0"}`, 0, true},
		{"negative env", `{"cmd": "x", "env": -1}`, 0, true},
		{"fractional env", `{"cmd": "x", "env": 1.5}`, 0, true},
		{"exponent env", `{"cmd": "x", "env": 1e3}`, 0, true},
		{"bool as string", `{"cmd": "x", "allTactics": "yes"}`, 0, true},
		{"proofState without tactic", `{"proofState": 0}`, 0, true},
		{"invalid utf-8", "{\"cmd\": \"\xff\"}", 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, kind, err := Frame(json.RawMessage(tt.in))
			if tt.err {
				require.ErrorIs(t, err, ErrInvalidRequest, "Frame(%q) = %q", tt.in, b)
				return
			}
			require.NoError(t, err, "Frame(%q)", tt.in)
			assert.Equal(t, tt.kind, kind, "kind")
			assert.True(t, bytes.HasSuffix(b, []byte("\n\n")), "frame %q is not one line plus one empty line", b)
			assert.Equal(t, 2, bytes.Count(b, []byte("\n")), "frame %q is not one line plus one empty line", b)
			// What the REPL reads back is the request, unchanged.
			reqs, _ := replRequests(b)
			if assert.Len(t, reqs, 1, "REPL would read %q, want the value of %q", reqs, tt.in) {
				assert.True(t, jsonEqual([]byte(reqs[0]), []byte(tt.in)), "REPL would read %q, want the value of %q", reqs, tt.in)
			}
		})
	}
}

func TestEncodeRequestAllKinds(t *testing.T) {
	env := 2
	reqs := []struct {
		req  any
		want string
	}{
		{CommandRequest{Cmd: "example : 1 < 2 := by decide", Env: &env, AllTactics: true, InfoTree: "full"},
			`{"cmd": "example : 1 < 2 := by decide", "env": 2, "allTactics": true, "infotree": "full"}`},
		{CommandRequest{Cmd: "def f := 1", Extra: map[string]json.RawMessage{"future": json.RawMessage(`{"a":[1]}`)}},
			`{"cmd": "def f := 1", "future": {"a": [1]}}`},
		{FileRequest{Path: "test/file.lean", RootGoals: true}, `{"path": "test/file.lean", "rootGoals": true}`},
		{ProofStepRequest{Tactic: "exact 42", ProofState: 0}, `{"tactic": "exact 42", "proofState": 0}`},
		{PickleEnvRequest{Env: 0, PickleTo: "a.olean"}, `{"env": 0, "pickleTo": "a.olean"}`},
		{UnpickleEnvRequest{UnpickleEnvFrom: "a.olean"}, `{"unpickleEnvFrom": "a.olean"}`},
		{PickleProofStateRequest{ProofState: 3, PickleTo: "d.olean"}, `{"proofState": 3, "pickleTo": "d.olean"}`},
		{UnpickleProofStateRequest{UnpickleProofStateFrom: "d.olean", Env: &env}, `{"unpickleProofStateFrom": "d.olean", "env": 2}`},
		{CommandRequest{Cmd: "a < b && c > d"}, `{"cmd": "a < b && c > d"}`},
	}
	for _, r := range reqs {
		b, err := EncodeRequest(r.req)
		require.NoError(t, err, "EncodeRequest(%#v)", r.req)
		assert.True(t, jsonEqual(bytes.TrimSpace(b), []byte(r.want)), "EncodeRequest(%#v) = %s, want %s", r.req, b, r.want)
		assert.NotContains(t, string(b), `\u003c`, "EncodeRequest escaped HTML characters: %s", b)
	}
	_, err := EncodeRequest(ProofStepRequest{Tactic: "rfl", ProofState: -1})
	assert.ErrorIs(t, err, ErrInvalidRequest, "negative proofState")
}

func TestDecoder(t *testing.T) {
	pretty := "{\"sorries\":\n [{\"proofState\": 0,\n   \"goal\": \"x : Unit\\n⊢ Nat\"}],\n \"env\": 0}\n\n"
	tests := []struct {
		name    string
		in      string
		want    []string // decoded values, in order
		wantErr error    // after the values
	}{
		{"empty", "", nil, io.EOF},
		{"one pretty reply", pretty, []string{pretty}, io.EOF},
		{"whitespace between", " \r\n\t{\"env\": 1}\n\n\n  {\"env\": 2}  ", []string{`{"env":1}`, `{"env":2}`}, io.EOF},
		{"no separator", `{"env":1}{"env":2}`, []string{`{"env":1}`, `{"env":2}`}, io.EOF},
		{"braces and quotes in strings", `{"data": "}{][\"\\\\\"", "env": 3}` + "\n\n", []string{`{"data": "}{][\"\\\\\"", "env": 3}`}, io.EOF},
		{"nested", `{"a": [{"b": {"c": []}}, [[]]], "env": 0}`, []string{`{"a": [{"b": {"c": []}}, [[]]], "env": 0}`}, io.EOF},
		{"garbage first", "hello\n", nil, ErrMalformedReply},
		{"garbage after a reply", `{"env": 1}` + "\n\nuncaught exception: x\n", []string{`{"env": 1}`}, ErrMalformedReply},
		{"top-level array", `[1]`, nil, ErrMalformedReply},
		{"partial then EOF", "{\"messages\":\n [{\"severity\": \"info\",\n", nil, io.ErrUnexpectedEOF},
		{"partial inside string", `{"data": "abc`, nil, io.ErrUnexpectedEOF},
		{"balanced but invalid", `{"env" 1}`, nil, ErrMalformedReply},
		{"too large", `{"data": "` + strings.Repeat("x", 200) + `"}`, nil, ErrReplyTooLarge},
		{"at the limit", `{"data": "` + strings.Repeat("x", 88) + `"}`, []string{`{"data": "` + strings.Repeat("x", 88) + `"}`}, io.EOF},
	}
	for _, tt := range tests {
		for _, oneByte := range []bool{false, true} {
			name := tt.name
			if oneByte {
				name += "/one byte reads"
			}
			t.Run(name, func(t *testing.T) {
				var r io.Reader = strings.NewReader(tt.in)
				if oneByte {
					r = iotest.OneByteReader(r)
				}
				d := NewDecoder(r, 100)
				for i, want := range tt.want {
					got, err := d.Next()
					require.NoError(t, err, "value %d", i)
					require.True(t, jsonEqual(got, []byte(want)), "value %d = %s, want %s", i, got, want)
				}
				_, err := d.Next()
				require.ErrorIs(t, err, tt.wantErr, "final error")
				var fe *FramingError
				if tt.wantErr != io.EOF {
					assert.ErrorAs(t, err, &fe, "error %T is not a *FramingError", err)
				}
			})
		}
	}
}

// TestDecoderHugeReplyBoundedMemory checks that a runaway reply is refused after the limit,
// without reading (or buffering) the rest of it.
func TestDecoderHugeReplyBoundedMemory(t *testing.T) {
	const limit = 1 << 20
	endless := io.MultiReader(strings.NewReader(`{"data": "`), infiniteX{})
	d := NewDecoder(endless, limit)
	_, err := d.Next()
	require.ErrorIs(t, err, ErrReplyTooLarge)
	assert.LessOrEqual(t, d.off, int64(2*limit), "decoder consumed %d bytes before giving up on a %d-byte limit", d.off, limit)
	assert.ErrorContains(t, err, "limit", "error %q does not mention the limit", err)
}

type infiniteX struct{}

func (infiniteX) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'x'
	}
	return len(p), nil
}

// TestDecoderTranscripts decodes every recorded REPL output and compares with encoding/json.
func TestDecoderTranscripts(t *testing.T) {
	dir := testshared.Path(t, "lean/transcripts")
	outs, _ := filepath.Glob(filepath.Join(dir, "*.expected.out"))
	require.NotEmpty(t, outs, "no transcripts")
	for _, f := range outs {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		ref := json.NewDecoder(bytes.NewReader(data))
		d := NewDecoder(bytes.NewReader(data), 0)
		n := 0
		for {
			got, err := d.Next()
			var want json.RawMessage
			referr := ref.Decode(&want)
			if err == io.EOF && referr == io.EOF {
				break
			}
			require.NoError(t, err, "%s reply %d: %v / reference %v", filepath.Base(f), n, err, referr)
			require.NoError(t, referr, "%s reply %d: %v / reference %v", filepath.Base(f), n, err, referr)
			require.True(t, jsonEqual(got, want), "%s reply %d differs", filepath.Base(f), n)
			n++
		}
		assert.Equal(t, strings.Count(string(data), "\n\n"), n, "%s: replies decoded vs empty-line separators", filepath.Base(f))
	}
}

func TestReplGetLinesModel(t *testing.T) {
	// The model the replay peer and the fake REPL use, checked against PROTOCOL.md §1.2's
	// description of invalid_line_break.in and line_breaks.in.
	in := "{\"cmd\": \"theorem foo : 1 = 1 := by\nsorry\"}\n\n{\"cmd\": \"by\\n  \n  rfl\"}\n\n# comment\n\n-- another\n\n{\"cmd\": \"last\"}\n"
	reqs, comments := replRequests([]byte(in))
	want := []string{
		"{\"cmd\": \"theorem foo : 1 = 1 := bysorry\"}\n",
		"{\"cmd\": \"by\\n  rfl\"}\n",
		"{\"cmd\": \"last\"}",
	}
	require.Equal(t, 2, comments, "got %q (%d comments)", reqs, comments)
	require.Len(t, reqs, len(want), "got %q (%d comments)", reqs, comments)
	for i := range want {
		assert.Equal(t, want[i], reqs[i], "request %d", i)
	}
	// A blank line at the start is a request of its own (and kills the real REPL).
	br := bufio.NewReader(strings.NewReader("\n{\"cmd\": \"x\"}\n"))
	assert.Equal(t, "\n", replGetLines(br), "leading blank line")
}
