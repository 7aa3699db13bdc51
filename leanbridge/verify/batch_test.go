package verify

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type report struct {
	results []Result
	summary *Summary
}

// decodeReport decodes a JSONL report: results, then one {"summary": …} line last.
func decodeReport(t *testing.T, s string) report {
	t.Helper()
	var rep report
	dec := json.NewDecoder(strings.NewReader(s))
	for {
		var raw map[string]json.RawMessage
		err := dec.Decode(&raw)
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		require.Nil(t, rep.summary, "nothing may follow the summary")
		if sm, ok := raw["summary"]; ok {
			rep.summary = new(Summary)
			require.NoError(t, json.Unmarshal(sm, rep.summary))
			continue
		}
		b, _ := json.Marshal(raw)
		var r Result
		require.NoError(t, json.Unmarshal(b, &r))
		rep.results = append(rep.results, r)
	}
	require.NotNil(t, rep.summary, "the report must end with a summary")
	return rep
}

func jsonl(rows ...any) string {
	var b strings.Builder
	for _, r := range rows {
		switch v := r.(type) {
		case string:
			b.WriteString(v)
		default:
			j, _ := json.Marshal(v)
			b.Write(j)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

type in map[string]any

const st1 = "theorem t1 (a b : Nat) (h : a = 2 * b) (hb : b = 3) : a = 6"

func TestRunBatchMixedRows(t *testing.T) {
	input := jsonl(
		in{"id": "ok", "statement": st1, "proof": st1 + " := by\n  subst hb; subst h; rfl\n"},
		"",
		"not json",
		in{"id": 7, "statement": st1, "proof": st1 + " := by sorry"},
		in{"statement": st1, "proof": "x"},
		in{"id": "noproof", "statement": st1},
		in{"id": "badheader", "statement": st1, "proof": "x", "header": "open Foo"},
		in{"id": "lean-says-no", "statement": st1, "proof": st1 + " := by\n  simp\n"},
		`{"id": "two"} {"id": "values"}`,
		in{"id": "imports-ok", "statement": st1, "imports": []string{"Mathlib"}, "proof": "import Mathlib\n" + st1 + " := by\n  omega\n"},
	)
	runner := &scriptedRunner{backend: "sim", replies: map[string]Reply{
		"simp": {Messages: []Message{{Severity: "error", Line: 2, Column: 2, Data: "simp made no progress"}}},
	}}
	var progress []Progress
	var out bytes.Buffer
	sum, err := RunBatch(context.Background(), strings.NewReader(input), &out, BatchOptions{
		Options:  Options{Runner: runner},
		Progress: func(p Progress) { progress = append(progress, p) },
	})
	require.NoError(t, err)
	rep := decodeReport(t, out.String())
	type row struct {
		id     string
		line   int
		status Status
		code   Code
	}
	var got []row
	for _, r := range rep.results {
		var c Code
		if len(r.Reasons) > 0 {
			c = r.Reasons[0].Code
		}
		got = append(got, row{r.ID, r.Line, r.Status, c})
	}
	assert.Equal(t, []row{
		{"ok", 1, StatusVerified, ""},
		{"", 3, StatusMalformed, CodeMalformedRow},
		{"7", 4, StatusRejected, CodeSorry},
		{"", 5, StatusMalformed, CodeMalformedRow},
		{"noproof", 6, StatusMalformed, CodeMalformedRow},
		{"badheader", 7, StatusMalformed, CodeMalformedRow},
		{"lean-says-no", 8, StatusFailed, CodeLeanError},
		{"two", 9, StatusMalformed, CodeMalformedRow},
		{"imports-ok", 10, StatusVerified, ""},
	}, got)
	want := Summary{Total: 9, Verified: 2, Failed: 1, Rejected: 1, Malformed: 5,
		Reasons:  map[Code]int{CodeMalformedRow: 5, CodeSorry: 1, CodeLeanError: 1},
		Checkers: []string{"sim"}}
	assert.Equal(t, want, sum)
	assert.Equal(t, want, *rep.summary)
	assert.Equal(t, ExitNotVerified, ExitCode(sum, nil))
	require.Len(t, progress, 9)
	for i, p := range progress {
		assert.Equal(t, i+1, p.Total)
		assert.Equal(t, rep.results[i], p.Last)
	}
	assert.Equal(t, "sim", rep.results[0].Checker, "the simulator is never reported as lean")
	// The imports row ran on a Mathlib header; the others on the prelude.
	assert.Contains(t, runner.headers, "import Mathlib\n")
	assert.Contains(t, runner.headers, "")
}

var (
	_ Runner = (*scriptedRunner)(nil)
	_ Runner = (*acceptingRunner)(nil)
	_ Runner = blockingRunner{}
)

// scriptedRunner replies with an accepting axioms report unless the command contains one of
// the keys of replies, in which case it answers that Reply (plus the axioms report).
type scriptedRunner struct {
	backend string
	replies map[string]Reply
	err     error
	delay   time.Duration

	mu      sync.Mutex
	headers []string
	calls   int
}

func (r *scriptedRunner) Backend() string { return r.backend }

func (r *scriptedRunner) RunCommand(ctx context.Context, header, cmd string) (Reply, error) {
	r.mu.Lock()
	r.headers = append(r.headers, header)
	r.calls++
	r.mu.Unlock()
	if r.delay > 0 {
		select {
		case <-time.After(r.delay):
		case <-ctx.Done():
			return Reply{}, ctx.Err()
		}
	}
	if r.err != nil {
		return Reply{}, r.err
	}
	var rep Reply
	for k, v := range r.replies {
		if strings.Contains(cmd, k) {
			rep = v
		}
	}
	rep.Messages = append(slices.Clone(rep.Messages), checkerReplies(cmd, "[propext, Quot.sound]")...)
	return rep, nil
}

// bufioReader uses bufio's smallest buffer, so that long lines cross ErrBufferFull.
func bufioReader(s string) *bufio.Reader { return bufio.NewReaderSize(strings.NewReader(s), 16) }

func TestRunBatchOrderWithWorkers(t *testing.T) {
	var rows []any
	for i := range 40 {
		proof := st1 + " := by\n  omega\n"
		if i%3 == 0 {
			proof = st1 + " := by\n  sorry\n"
		}
		rows = append(rows, in{"id": fmt.Sprintf("r%02d", i), "statement": st1, "proof": proof})
	}
	var out bytes.Buffer
	sum, err := RunBatch(context.Background(), strings.NewReader(jsonl(rows...)), &out, BatchOptions{
		Options: Options{Runner: &scriptedRunner{backend: "lean", delay: time.Millisecond}},
		Workers: 4,
	})
	require.NoError(t, err)
	rep := decodeReport(t, out.String())
	require.Len(t, rep.results, 40)
	for i, r := range rep.results {
		assert.Equal(t, fmt.Sprintf("r%02d", i), r.ID)
		if i%3 == 0 {
			assert.Equal(t, StatusRejected, r.Status)
		} else {
			assert.Equal(t, StatusVerified, r.Status)
		}
	}
	assert.Equal(t, 14, sum.Rejected)
	assert.Equal(t, 26, sum.Verified)
}

func TestRunBatchLongLineIsMalformedAndBounded(t *testing.T) {
	long := `{"id": "big", "statement": "` + strings.Repeat("x", 5000) + `", "proof": ""}`
	input := jsonl(long, in{"id": "after", "statement": st1, "proof": st1 + " := by omega"})
	var out bytes.Buffer
	sum, err := RunBatch(context.Background(), strings.NewReader(input), &out, BatchOptions{
		Options: Options{Runner: &scriptedRunner{backend: "lean"}}, MaxLineBytes: 1024,
	})
	require.NoError(t, err)
	rep := decodeReport(t, out.String())
	require.Len(t, rep.results, 2)
	assert.Equal(t, StatusMalformed, rep.results[0].Status)
	assert.Contains(t, rep.results[0].Reasons[0].Detail, "longer than 1024")
	assert.Equal(t, 1, rep.results[0].Line)
	assert.Equal(t, StatusVerified, rep.results[1].Status)
	assert.Equal(t, 2, rep.results[1].Line)
	assert.Equal(t, 1, sum.Verified)
}

func TestReadLine(t *testing.T) {
	for _, tc := range []struct {
		in    string
		max   int
		lines []string // "!" marks a too-long line
	}{
		{"a\nb\n", 10, []string{"a", "b"}},
		{"a\r\nb", 10, []string{"a", "b"}},
		{"", 10, nil},
		{"\n\n", 10, []string{"", ""}},
		{"0123456789\n01234567890\nx", 10, []string{"0123456789", "!", "x"}},
		{strings.Repeat("y", 70000) + "\nz\n", 100, []string{"!", "z"}},
	} {
		br := bufioReader(tc.in)
		var got []string
		for {
			line, tooLong, err := readLine(br, tc.max)
			if err == io.EOF {
				break
			}
			require.NoError(t, err)
			if tooLong {
				assert.LessOrEqual(t, len(line), min(tc.max, headBytes), "only the head of a long line is kept")
				assert.True(t, strings.HasPrefix(tc.in[strings.Index(tc.in, string(line)):], string(line)))
				got = append(got, "!")
			} else {
				got = append(got, string(line))
			}
		}
		assert.Equal(t, tc.lines, got, "%q", tc.in)
	}
}

type failingWriter struct{ n int }

func (w *failingWriter) Write(p []byte) (int, error) {
	if w.n <= 0 {
		return 0, errors.New("disk full")
	}
	w.n--
	return len(p), nil
}

func TestRunBatchRunErrors(t *testing.T) {
	rows := jsonl(
		in{"id": "a", "statement": st1, "proof": st1 + " := by omega"},
		in{"id": "b", "statement": st1, "proof": st1 + " := by omega"},
		in{"id": "c", "statement": st1, "proof": st1 + " := by omega"},
	)
	t.Run("write error", func(t *testing.T) {
		_, err := RunBatch(context.Background(), strings.NewReader(rows), &failingWriter{n: 1},
			BatchOptions{Options: Options{Runner: &scriptedRunner{backend: "lean"}}, Workers: 2})
		require.ErrorContains(t, err, "disk full")
		assert.Equal(t, ExitRunError, ExitCode(Summary{}, err))
	})
	t.Run("read error", func(t *testing.T) {
		r := io.MultiReader(strings.NewReader(rows), errReader{})
		var out bytes.Buffer
		sum, err := RunBatch(context.Background(), r, &out, BatchOptions{Options: Options{Runner: &scriptedRunner{backend: "lean"}}})
		require.ErrorContains(t, err, "boom")
		assert.Equal(t, 3, sum.Verified, "rows before the error are still reported")
	})
	t.Run("checker error", func(t *testing.T) {
		var out bytes.Buffer
		sum, err := RunBatch(context.Background(), strings.NewReader(rows), &out,
			BatchOptions{Options: Options{Runner: &scriptedRunner{backend: "lean", err: errors.New("repl crashed")}}})
		require.NoError(t, err)
		assert.Equal(t, 3, sum.Errors)
		assert.Equal(t, ExitRunError, ExitCode(sum, err))
		rep := decodeReport(t, out.String())
		assert.Equal(t, CodeCheckerError, rep.results[0].Reasons[0].Code)
	})
	t.Run("cancelled", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		var out bytes.Buffer
		_, err := RunBatch(ctx, strings.NewReader(rows), &out, BatchOptions{Options: Options{Runner: &scriptedRunner{backend: "lean"}}})
		require.ErrorIs(t, err, context.Canceled)
	})
	t.Run("unknown format", func(t *testing.T) {
		_, err := RunBatch(context.Background(), strings.NewReader(rows), io.Discard, BatchOptions{Format: "xml"})
		require.ErrorContains(t, err, "unknown report format")
	})
}

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errors.New("boom") }

func TestExitCode(t *testing.T) {
	assert.Equal(t, ExitRunError, ExitCode(Summary{}, nil), "an empty input verifies nothing")
	assert.Equal(t, ExitOK, ExitCode(Summary{Total: 2, Verified: 2}, nil))
	assert.Equal(t, ExitNotVerified, ExitCode(Summary{Total: 2, Verified: 1, Failed: 1}, nil))
	assert.Equal(t, ExitNotVerified, ExitCode(Summary{Total: 1, Rejected: 1}, nil))
	assert.Equal(t, ExitRunError, ExitCode(Summary{Total: 1, Malformed: 1}, nil), "no readable row: not a batch")
	assert.Equal(t, ExitNotVerified, ExitCode(Summary{Total: 2, Verified: 1, Malformed: 1}, nil))
	assert.Equal(t, ExitRunError, ExitCode(Summary{Total: 2, Verified: 1, Errors: 1}, nil))
	assert.Equal(t, ExitRunError, ExitCode(Summary{Total: 1, Verified: 1}, errors.New("x")))
}

func TestTableRenderer(t *testing.T) {
	var out bytes.Buffer
	r, err := NewRenderer(&out, FormatTable)
	require.NoError(t, err)
	require.NoError(t, r.Result(Result{ID: "p1", Status: StatusVerified, Checker: "lean", Axioms: []string{"propext"}}))
	require.NoError(t, r.Result(Result{ID: "p2", Status: StatusRejected, Reasons: []Reason{
		{Code: CodeSorry, Detail: "`sorry`", Line: 3, Column: 2}, {Code: CodeSorry, Detail: "again"}, {Code: CodeAdmit}}}))
	require.NoError(t, r.Result(Result{Line: 9, Status: StatusMalformed, Reasons: []Reason{{Code: CodeMalformedRow, Detail: "not\nJSON"}}}))
	require.NoError(t, r.Summary(Summary{Total: 3, Verified: 1, Rejected: 1, Malformed: 1,
		Reasons: map[Code]int{CodeSorry: 1, CodeAdmit: 1, CodeMalformedRow: 1}, Checkers: []string{"lean"}}))
	lines := strings.Split(out.String(), "\n")
	require.GreaterOrEqual(t, len(lines), 9)
	assert.Equal(t, []string{"ID", "STATUS", "CHECKER", "REASONS"}, strings.Fields(lines[0]))
	assert.Equal(t, []string{"p1", "verified", "lean"}, strings.Fields(lines[1]))
	assert.Equal(t, []string{"p2", "rejected", "-", "sorry,admit:", "`sorry`", "(3:2)"}, strings.Fields(lines[2]))
	assert.Equal(t, []string{"(line", "9)", "malformed", "-", "malformed_row:", "not", "JSON"}, strings.Fields(lines[3]))
	assert.Equal(t, "3 proofs: 1 verified, 0 failed, 1 rejected, 0 errors, 1 malformed", lines[5])
	assert.Equal(t, "checked by: lean", lines[6])
	assert.Equal(t, []string{"admit", "1"}, strings.Fields(lines[7])[:2], "reason counts sorted by code")
}

func TestReadableText(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       string
	}{
		{"empty", "", "empty"},
		{"blank", " \n\t\n", "empty"},
		{"nul", "theorem t\x00", "binary"},
		{"invalid utf-8", "theorem t \xff", "binary"},
		{"markdown", "# Proof\n```lean\ntheorem t : 1 = 1 := rfl\n```\n", "Markdown"},
		{"lean", "theorem t : 1 = 1 := rfl\n", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := ReadableText([]byte(tc.text))
			if tc.want == "" {
				assert.NoError(t, err)
				return
			}
			assert.ErrorIs(t, err, ErrUnreadable)
			assert.ErrorContains(t, err, tc.want)
		})
	}
}

// A hostile id is reported shortened, never echoed whole.
func TestHugeIDIsShortened(t *testing.T) {
	row := `{"id": 1` + strings.Repeat("1", 1<<20) + `, "statement": "theorem t : 1 = 1", "proof": "x"}` + "\n"
	var out strings.Builder
	sum, err := RunBatch(context.Background(), strings.NewReader(row), &out, BatchOptions{Format: FormatJSONL})
	require.NoError(t, err)
	assert.Equal(t, 1, sum.Malformed)
	assert.Less(t, out.Len(), 2000, "the report quotes an excerpt of the id")
	assert.Equal(t, ExitRunError, ExitCode(sum, err))
}
