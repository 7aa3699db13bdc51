package repl

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/leanprm/leanprm/internal/testshared"
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
		if err == nil {
			t.Fatalf("decoder returned more values than the input has bytes")
		}
		if err != io.EOF && !errors.Is(err, ErrMalformedReply) && !errors.Is(err, ErrReplyTooLarge) {
			t.Fatalf("unexpected error type %T: %v", err, err)
		}
		ref := json.NewDecoder(bytes.NewReader(data))
		var again bytes.Buffer
		for i, v := range vals {
			if len(v) > limit || !json.Valid(v) || v[0] != '{' {
				t.Fatalf("value %d is not a JSON object within the limit: %q", i, v)
			}
			var want json.RawMessage
			if rerr := ref.Decode(&want); rerr != nil || !jsonEqual(v, want) {
				t.Fatalf("value %d = %s; encoding/json reads %s (%v)", i, v, want, rerr)
			}
			if err := json.Compact(&again, v); err != nil {
				t.Fatal(err)
			}
			again.WriteString("\n\n")
		}
		d2 := NewDecoder(&again, limit)
		for i, v := range vals {
			w, err := d2.Next()
			if err != nil || !jsonEqual(v, w) {
				t.Fatalf("re-framed value %d: %s, %v; want %s", i, w, err, v)
			}
		}
		if _, err := d2.Next(); err != io.EOF {
			t.Fatalf("re-framed stream: extra data or error %v", err)
		}
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
		if err != nil {
			t.Fatalf("EncodeRequest(%q): %v", cmd, err)
		}
		if !bytes.HasSuffix(b, []byte("\n\n")) || bytes.Count(b, []byte("\n")) != 2 {
			t.Fatalf("frame %q is not one line plus an empty line", b)
		}
		reqs, comments := replRequests(b)
		if len(reqs) != 1 || comments != 0 {
			t.Fatalf("the REPL would read %q (%d comments)", reqs, comments)
		}
		var back CommandRequest
		if err := json.Unmarshal([]byte(reqs[0]), &back); err != nil {
			t.Fatalf("the REPL would read invalid JSON %q: %v", reqs[0], err)
		}
		// encoding/json replaces each byte of invalid UTF-8 with U+FFFD, as range does.
		var want strings.Builder
		for _, r := range cmd {
			want.WriteRune(r)
		}
		if back.Cmd != want.String() {
			t.Fatalf("cmd %q arrived as %q", cmd, back.Cmd)
		}
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
			if !errors.Is(err, ErrInvalidRequest) {
				t.Fatalf("error %v does not match ErrInvalidRequest", err)
			}
			return
		}
		if kind < KindProofStep || kind > KindFile {
			t.Fatalf("kind %v", kind)
		}
		reqs, comments := replRequests(b)
		if len(reqs) != 1 || comments != 0 || !jsonEqual([]byte(reqs[0]), raw) {
			t.Fatalf("Frame(%q) = %q; the REPL would read %q", raw, b, reqs)
		}
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
		if err != nil {
			t.Fatalf("encoding a decoded reply: %v", err)
		}
		r2, err := ParseReply(enc1)
		if err != nil {
			t.Fatalf("re-parsing %s: %v", enc1, err)
		}
		enc2, err := json.Marshal(r2.Value())
		if err != nil || !jsonEqual(enc1, enc2) {
			t.Fatalf("encoding is not stable:\n%s\n%s", enc1, enc2)
		}
	})
}
