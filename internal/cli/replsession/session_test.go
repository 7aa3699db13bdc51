package replsession

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// framed is one request as ReadRequests hands it over.
type framed struct {
	req  string
	line int
	err  error
}

func frame(t *testing.T, in string) []framed {
	t.Helper()
	var out []framed
	err := ReadRequests(strings.NewReader(in), func(req json.RawMessage, line int, err error) error {
		out = append(out, framed{string(req), line, err})
		return nil
	})
	require.NoError(t, err)
	return out
}

func TestReadRequestsFraming(t *testing.T) {
	cases := []struct {
		name string
		in   string
		want []framed // err compared by errors.Is
	}{
		{"one per line", "{\"cmd\": \"a\"}\n{\"cmd\": \"b\"}\n", []framed{{`{"cmd": "a"}`, 1, nil}, {`{"cmd": "b"}`, 2, nil}}},
		{"blank separated, spread over lines", "{\"tactic\": \"exact 3\",\n \"proofState\": 0}\n\n{\"cmd\": \"b\"}\n",
			[]framed{{`{"tactic": "exact 3", "proofState": 0}`, 1, nil}, {`{"cmd": "b"}`, 4, nil}}},
		{"NaN does not swallow the next requests", "{\"cmd\": NaN}\n{\"cmd\": \"a\"}\n{\"cmd\": \"b\"}\n",
			[]framed{{"", 1, ErrBadRequest}, {`{"cmd": "a"}`, 2, nil}, {`{"cmd": "b"}`, 3, nil}}},
		{"a bare word is one bad request", "hello\n{\"cmd\": \"a\"}\n", []framed{{"", 1, ErrBadRequest}, {`{"cmd": "a"}`, 2, nil}}},
		{"too many closing brackets", "{\"cmd\": \"a\"}}\n{\"cmd\": \"b\"}\n", []framed{{"", 1, ErrBadRequest}, {`{"cmd": "b"}`, 2, nil}}},
		{"brackets and escaped quotes in strings", "{\"cmd\": \"a \\\"}\\\" [{ b\\\\\"}\n",
			[]framed{{`{"cmd": "a \"}\" [{ b\\"}`, 1, nil}}},
		{"a raw newline in a string joins like the REPL", "{\"cmd\": \"theorem t : 1 = 1 := by\n  rfl\"}\n",
			[]framed{{`{"cmd": "theorem t : 1 = 1 := by  rfl"}`, 1, nil}}},
		{"an unclosed string ends at the blank line", "{\"cmd\": \"abc\n\n{\"cmd\": \"b\"}\n", []framed{{"", 1, ErrBadRequest}, {`{"cmd": "b"}`, 3, nil}}},
		{"comments between requests", "# c\n-- c\n{\"cmd\": \"a\"}\n", []framed{{`{"cmd": "a"}`, 3, nil}}},
		{"last request without a newline", "{\"cmd\": \"a\"}", []framed{{`{"cmd": "a"}`, 1, nil}}},
		{"unfinished request at end of input", "{\"cmd\": \"a\",", []framed{{"", 1, ErrBadRequest}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := frame(t, tc.in)
			require.Len(t, got, len(tc.want), "%+v", got)
			for i, w := range tc.want {
				assert.Equal(t, w.line, got[i].line, "request %d", i)
				if w.err != nil {
					assert.ErrorIs(t, got[i].err, w.err, "request %d", i)
					continue
				}
				require.NoError(t, got[i].err, "request %d", i)
				assert.Equal(t, w.req, got[i].req, "request %d", i)
			}
		})
	}
}

// A request longer than MaxRequestBytes, on one line or spread over many, is reported and the
// session goes on with the next request.
func TestReadRequestsOversized(t *testing.T) {
	big := strings.Repeat("x", MaxRequestBytes+10)
	oneLine := `{"cmd": "` + big + `"}` + "\n" + `{"cmd": "after"}` + "\n"
	got := frame(t, oneLine)
	require.Len(t, got, 2)
	assert.ErrorIs(t, got[0].err, ErrRequestTooLarge)
	assert.Equal(t, 1, got[0].line)
	require.NoError(t, got[1].err)
	assert.Equal(t, `{"cmd": "after"}`, got[1].req)

	chunk := strings.Repeat("y", 1<<20)
	var b strings.Builder
	b.WriteString("{\"cmd\": \"\n")
	for range MaxRequestBytes>>20 + 1 {
		b.WriteString(chunk + "\n")
	}
	b.WriteString("\"}\n{\"cmd\": \"after\"}\n")
	got = frame(t, b.String())
	require.Len(t, got, 2)
	assert.ErrorIs(t, got[0].err, ErrRequestTooLarge)
	assert.Equal(t, `{"cmd": "after"}`, got[1].req)
	assert.Equal(t, MaxRequestBytes>>20+4, got[1].line)
}

// A malformed request spread over many lines is framed in one pass. The old reader re-checked
// the whole request after every line (quadratic: 640 KB took over a minute); 4 MB in 80,000
// lines would take hours. The deadline only guards against a hang: it is not a measurement
// (BenchmarkReadRequestsMalformed measures).
func TestReadRequestsMalformedIsLinear(t *testing.T) {
	in := malformedRequest(4<<20) + "\n\n{\"cmd\": \"after\"}\n"
	done := make(chan []framed, 1)
	go func() {
		var out []framed
		_ = ReadRequests(strings.NewReader(in), func(req json.RawMessage, line int, err error) error {
			out = append(out, framed{string(req), line, err})
			return nil
		})
		done <- out
	}()
	select {
	case got := <-done:
		require.Len(t, got, 2)
		assert.True(t, errors.Is(got[0].err, ErrBadRequest))
		assert.Equal(t, `{"cmd": "after"}`, got[1].req)
	case <-time.After(2 * time.Minute):
		t.Fatal("framing a 4 MB malformed request did not finish")
	}
}

// malformedRequest is an object whose string never closes, n bytes in lines of 50.
func malformedRequest(n int) string {
	var b strings.Builder
	b.WriteString(`{"cmd": "theorem t : 1 = 1 := by`)
	for b.Len() < n {
		b.WriteString("\n  rfl rfl rfl rfl rfl rfl rfl rfl rfl rfl rfl rf")
	}
	return b.String()
}

func BenchmarkReadRequestsMalformed(b *testing.B) {
	in := malformedRequest(640 << 10)
	b.SetBytes(int64(len(in)))
	for b.Loop() {
		_ = ReadRequests(strings.NewReader(in), func(json.RawMessage, int, error) error { return nil })
	}
}
