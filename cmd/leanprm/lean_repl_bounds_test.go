package main

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// framed is one request as readRequests hands it over.
type framed struct {
	req  string
	line int
	err  error
}

func frame(t *testing.T, in string) []framed {
	t.Helper()
	var out []framed
	err := readRequests(strings.NewReader(in), func(req json.RawMessage, line int, err error) error {
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
			[]framed{{"", 1, errBadRequest}, {`{"cmd": "a"}`, 2, nil}, {`{"cmd": "b"}`, 3, nil}}},
		{"a bare word is one bad request", "hello\n{\"cmd\": \"a\"}\n", []framed{{"", 1, errBadRequest}, {`{"cmd": "a"}`, 2, nil}}},
		{"too many closing brackets", "{\"cmd\": \"a\"}}\n{\"cmd\": \"b\"}\n", []framed{{"", 1, errBadRequest}, {`{"cmd": "b"}`, 2, nil}}},
		{"brackets and escaped quotes in strings", "{\"cmd\": \"a \\\"}\\\" [{ b\\\\\"}\n",
			[]framed{{`{"cmd": "a \"}\" [{ b\\"}`, 1, nil}}},
		{"a raw newline in a string joins like the REPL", "{\"cmd\": \"theorem t : 1 = 1 := by\n  rfl\"}\n",
			[]framed{{`{"cmd": "theorem t : 1 = 1 := by  rfl"}`, 1, nil}}},
		{"an unclosed string ends at the blank line", "{\"cmd\": \"abc\n\n{\"cmd\": \"b\"}\n", []framed{{"", 1, errBadRequest}, {`{"cmd": "b"}`, 3, nil}}},
		{"comments between requests", "# c\n-- c\n{\"cmd\": \"a\"}\n", []framed{{`{"cmd": "a"}`, 3, nil}}},
		{"last request without a newline", "{\"cmd\": \"a\"}", []framed{{`{"cmd": "a"}`, 1, nil}}},
		{"unfinished request at end of input", "{\"cmd\": \"a\",", []framed{{"", 1, errBadRequest}}},
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

// A request longer than maxRequestBytes, on one line or spread over many, is reported and the
// session goes on with the next request.
func TestReadRequestsOversized(t *testing.T) {
	big := strings.Repeat("x", maxRequestBytes+10)
	oneLine := `{"cmd": "` + big + `"}` + "\n" + `{"cmd": "after"}` + "\n"
	got := frame(t, oneLine)
	require.Len(t, got, 2)
	assert.ErrorIs(t, got[0].err, errRequestTooLarge)
	assert.Equal(t, 1, got[0].line)
	require.NoError(t, got[1].err)
	assert.Equal(t, `{"cmd": "after"}`, got[1].req)

	chunk := strings.Repeat("y", 1<<20)
	var b strings.Builder
	b.WriteString("{\"cmd\": \"\n")
	for range maxRequestBytes>>20 + 1 {
		b.WriteString(chunk + "\n")
	}
	b.WriteString("\"}\n{\"cmd\": \"after\"}\n")
	got = frame(t, b.String())
	require.Len(t, got, 2)
	assert.ErrorIs(t, got[0].err, errRequestTooLarge)
	assert.Equal(t, `{"cmd": "after"}`, got[1].req)
	assert.Equal(t, maxRequestBytes>>20+4, got[1].line)
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
		_ = readRequests(strings.NewReader(in), func(req json.RawMessage, line int, err error) error {
			out = append(out, framed{string(req), line, err})
			return nil
		})
		done <- out
	}()
	select {
	case got := <-done:
		require.Len(t, got, 2)
		assert.True(t, errors.Is(got[0].err, errBadRequest))
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
		_ = readRequests(strings.NewReader(in), func(json.RawMessage, int, error) error { return nil })
	}
}

// Through the command and the simulator: {"cmd": NaN} gets its error line and the valid
// requests after it their replies; an oversized request is reported and the session goes on.
func TestLeanREPLKeepsOneLinePerRequest(t *testing.T) {
	t.Setenv("LEANPRM_RUN_AS_MAIN", "1")
	in := strings.Join([]string{
		`{"cmd": NaN}`,
		`{"cmd": "example : (2 : Rat) + 2 = 4 := by decide +kernel"}`,
		`{"cmd": "` + strings.Repeat("x", maxRequestBytes+1) + `"}`,
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
