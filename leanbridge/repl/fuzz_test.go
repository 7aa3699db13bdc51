package repl

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/internal/testutil/testshared"
)

// transcriptSeeds adds the recorded REPL files as fuzz seeds, when ../shared is present.
func transcriptSeeds(f *testing.F, pattern string, add func(data []byte)) {
	for _, file := range testshared.Glob("lean/transcripts/" + pattern) {
		if data, err := os.ReadFile(file); err == nil {
			add(data)
		}
	}
}

// FuzzDecoder: on any input the decoder neither panics nor loops; what it returns is a JSON
// object, within the limit; the values agree with encoding/json; and the returned values,
// written back one per line with empty lines between, decode to the same values.
func FuzzDecoder(f *testing.F) {
	transcriptSeeds(f, "*.expected.out", func(b []byte) { f.Add(b) })
	for _, s := range []string{"", "{", "}", `{"a":"\"}"}`, "{}{}", "  {\n}\n\n{\"env\":1}", "[]", "garbage", `{"x":[{]}`, "{\"a\":\"\\", "{\"\xff\":1}"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		const limit = 4096
		d := NewDecoder(bytes.NewReader(data), limit)
		var vals []json.RawMessage
		var err error
		for range len(data) + 1 {
			var v json.RawMessage
			v, err = d.Next()
			if err != nil {
				break
			}
			vals = append(vals, v)
		}
		require.Error(t, err, "decoder returned more values than the input has bytes")
		require.True(t, err == io.EOF || errors.Is(err, ErrMalformedReply) || errors.Is(err, ErrReplyTooLarge),
			"unexpected error type %T: %v", err, err)
		ref := json.NewDecoder(bytes.NewReader(data))
		var again bytes.Buffer
		for i, v := range vals {
			require.LessOrEqual(t, len(v), limit, "value %d is not a JSON object within the limit: %q", i, v)
			require.True(t, json.Valid(v), "value %d is not a JSON object within the limit: %q", i, v)
			require.Equal(t, byte('{'), v[0], "value %d is not a JSON object within the limit: %q", i, v)
			var want json.RawMessage
			rerr := ref.Decode(&want)
			require.NoError(t, rerr, "value %d = %s; encoding/json reads %s", i, v, want)
			require.True(t, jsonEqual(v, want), "value %d = %s; encoding/json reads %s", i, v, want)
			require.NoError(t, json.Compact(&again, v))
			again.WriteString("\n\n")
		}
		d2 := NewDecoder(&again, limit)
		for i, v := range vals {
			w, err := d2.Next()
			require.NoError(t, err, "re-framed value %d: %s; want %s", i, w, v)
			require.True(t, jsonEqual(v, w), "re-framed value %d: %s; want %s", i, w, v)
		}
		_, err = d2.Next()
		require.True(t, err == io.EOF, "re-framed stream: extra data or error %v", err)
	})
}

// FuzzFrame: any command text, framed by the bridge, reaches the REPL as exactly one request
// whose cmd is that text, whatever newlines, quotes, comment markers or Unicode it holds.
func FuzzFrame(f *testing.F) {
	transcriptSeeds(f, "*.in", func(b []byte) {
		reqs, _ := replRequests(b)
		for _, r := range reqs {
			var c CommandRequest
			if json.Unmarshal([]byte(r), &c) == nil && c.Cmd != "" {
				f.Add(c.Cmd)
			}
		}
	})
	for _, s := range []string{"", "\n", "\n\n", "# x", "-- x", "\"}\n\n{", "by\r\nrfl", "ℕ → ∀ 𝓤", "\u2028", "\x00", "</script>"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, cmd string) {
		b, err := EncodeRequest(CommandRequest{Cmd: cmd})
		require.NoError(t, err, "EncodeRequest(%q)", cmd)
		require.True(t, bytes.HasSuffix(b, []byte("\n\n")), "frame %q is not one line plus an empty line", b)
		require.Equal(t, 2, bytes.Count(b, []byte("\n")), "frame %q is not one line plus an empty line", b)
		reqs, comments := replRequests(b)
		require.Len(t, reqs, 1, "the REPL would read %q (%d comments)", reqs, comments)
		require.Zero(t, comments, "the REPL would read %q (%d comments)", reqs, comments)
		var back CommandRequest
		require.NoError(t, json.Unmarshal([]byte(reqs[0]), &back), "the REPL would read invalid JSON %q", reqs[0])
		// encoding/json replaces each byte of invalid UTF-8 with U+FFFD, as range does.
		var want strings.Builder
		for _, r := range cmd {
			want.WriteRune(r)
		}
		require.Equal(t, want.String(), back.Cmd, "cmd %q arrived as %q", cmd, back.Cmd)
	})
}

// FuzzFrameRaw: Frame never panics; what it accepts is one line the REPL reads back as the
// same JSON value, and it accepts nothing that is not a JSON object.
func FuzzFrameRaw(f *testing.F) {
	transcriptSeeds(f, "*.in", func(b []byte) {
		reqs, _ := replRequests(b)
		for _, r := range reqs {
			f.Add([]byte(r))
		}
	})
	for _, s := range []string{`{"cmd":"x"}`, `{"tactic":"rfl","proofState":0}`, "{\"cmd\":\"a\nb\"}", `# c`, `[]`, `{"env":1e2,"cmd":""}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		b, kind, err := Frame(raw)
		if err != nil {
			require.ErrorIs(t, err, ErrInvalidRequest)
			return
		}
		require.GreaterOrEqual(t, kind, KindProofStep, "kind %v", kind)
		require.LessOrEqual(t, kind, KindFile, "kind %v", kind)
		reqs, comments := replRequests(b)
		require.Len(t, reqs, 1, "Frame(%q) = %q; the REPL would read %q", raw, b, reqs)
		require.Zero(t, comments, "Frame(%q) = %q; the REPL would read %q", raw, b, reqs)
		require.True(t, jsonEqual([]byte(reqs[0]), raw), "Frame(%q) = %q; the REPL would read %q", raw, b, reqs)
	})
}

// FuzzReply: ParseReply never panics, and on whatever it accepts, encoding is stable: the
// encoding of a decoded reply decodes and encodes to itself. (The recorded replies round-trip
// exactly; that is TestConformanceTranscripts.)
func FuzzReply(f *testing.F) {
	transcriptSeeds(f, "*.expected.out", func(b []byte) {
		for _, r := range strings.Split(string(b), "\n\n") {
			if strings.TrimSpace(r) != "" {
				f.Add([]byte(r))
			}
		}
	})
	f.Add([]byte(`{"env": 0, "x": {"y": [1]}, "messages": [{"severity": "info", "pos": {"line": 1, "column": 0}, "endPos": null, "data": ""}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := ParseReply(data)
		if err != nil {
			return
		}
		enc1, err := json.Marshal(r.Value())
		require.NoError(t, err, "encoding a decoded reply")
		r2, err := ParseReply(enc1)
		require.NoError(t, err, "re-parsing %s", enc1)
		enc2, err := json.Marshal(r2.Value())
		require.NoError(t, err, "encoding is not stable:\n%s\n%s", enc1, enc2)
		require.True(t, jsonEqual(enc1, enc2), "encoding is not stable:\n%s\n%s", enc1, enc2)
	})
}
