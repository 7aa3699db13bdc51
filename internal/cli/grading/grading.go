// Package grading is `leanprm grade` over rows: JSON Lines of {"id", "gold", "answer"} read in
// bounded memory (a row over MaxRow, invalid UTF-8 or a malformed row is reported as file:line and
// skipped), each graded by hybrid/outcome (with the final answer extracted first when asked), and
// written as JSON lines as they come or as an aligned table with a summary.
package grading

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"
	"unicode/utf8"

	"github.com/leanprm/leanprm/hybrid/outcome"
	"github.com/leanprm/leanprm/internal/cli/output"
)

// MaxRow bounds one JSON Lines row of `grade --pairs`, as for check's input.
const MaxRow = 8 << 20

// Row is one input row: {"id", "gold", "answer"}, and optionally "problem" (its lettered
// options grade a choice letter); id may be a string or a number.
type Row struct {
	ID      json.RawMessage `json:"id"`
	Gold    *string         `json:"gold"`
	Answer  *string         `json:"answer"`
	Problem string          `json:"problem"`
}

// Line is one output line. answer_found, extracted and method appear with --extract.
type Line struct {
	ID         json.RawMessage `json:"id"`
	Verdict    string          `json:"verdict"`
	GoldNorm   string          `json:"gold_norm"`
	AnswerNorm string          `json:"answer_norm"`
	Reason     string          `json:"reason"`
	Found      *bool           `json:"answer_found,omitempty"`
	Extracted  *string         `json:"extracted,omitempty"`
	Method     string          `json:"method,omitempty"`
}

// ReadRows streams the rows of in, calling grade for each that reads and reporting the others
// (file:line and why) on stderr; bad is their number. It stops at cancellation, returning its
// error.
func ReadRows(ctx context.Context, in io.Reader, name string, stderr io.Writer, grade func(id json.RawMessage, gold, answer, problem string) error) (bad int, err error) {
	r := bufio.NewReaderSize(in, 64<<10)
	for line := 1; ; line++ {
		if err := ctx.Err(); err != nil {
			return bad, err
		}
		row, tooLong, rerr := readRow(r, MaxRow)
		if rerr != nil && rerr != io.EOF {
			return bad, fmt.Errorf("%s:%d: %w", name, line, rerr)
		}
		if len(bytes.TrimSpace(row)) > 0 || tooLong {
			if msg := rowError(row, tooLong); msg != "" {
				bad++
				fmt.Fprintf(stderr, "leanprm: %s:%d: %s; row skipped\n", name, line, msg)
			} else {
				var gr Row
				_ = json.Unmarshal(row, &gr) // checked by rowError
				if err := grade(gr.ID, *gr.Gold, *gr.Answer, gr.Problem); err != nil {
					return bad, err
				}
			}
		}
		if rerr == io.EOF {
			return bad, nil
		}
	}
}

// readRow reads one line without its newline; a line longer than limit is consumed and
// reported as tooLong, without keeping it.
func readRow(r *bufio.Reader, limit int) (row []byte, tooLong bool, err error) {
	for {
		chunk, err := r.ReadSlice('\n')
		if !tooLong {
			if len(row)+len(chunk) > limit {
				tooLong, row = true, nil
			} else {
				row = append(row, chunk...)
			}
		}
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case err != nil:
			return bytes.TrimRight(row, "\r\n"), tooLong, err
		}
		return bytes.TrimRight(row, "\r\n"), tooLong, nil
	}
}

// rowError says what is wrong with a row, or "" when it reads.
func rowError(row []byte, tooLong bool) string {
	switch {
	case tooLong:
		return fmt.Sprintf("a row longer than %d MiB", MaxRow>>20)
	case !utf8.Valid(row):
		return "not valid UTF-8"
	}
	var gr Row
	if err := json.Unmarshal(row, &gr); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) && te.Field != "" {
			return fmt.Sprintf("the field %q is not a string", te.Field)
		}
		return "not a JSON object"
	}
	switch {
	case gr.Gold == nil:
		return `no "gold" field`
	case gr.Answer == nil:
		return `no "answer" field`
	}
	if len(gr.ID) > 0 {
		var v any
		_ = json.Unmarshal(gr.ID, &v)
		switch v.(type) {
		case string, float64, nil:
		default:
			return `the field "id" is neither a string nor a number`
		}
	}
	return ""
}

// Options are how One grades: Extract reads the final answer out of a whole solution first,
// with Fallback (outcome.FallbackLastNumber, or none); Problem is the row's problem text.
type Options struct {
	Extract  bool
	Fallback string
	Problem  string
}

// One grades answer against gold; id (a string or a number, or none) is the row's.
func One(g *outcome.Grader, o Options, id json.RawMessage, gold, answer string) Line {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	if !o.Extract {
		r := g.GradeWith(gold, answer, outcome.GradeOptions{Problem: o.Problem})
		return Line{ID: id, Verdict: string(r.Verdict), GoldNorm: r.GoldNorm, AnswerNorm: r.AnswerNorm, Reason: r.Reason}
	}
	ex := outcome.ExtractWith(answer, outcome.ExtractOptions{Fallback: o.Fallback})
	found := ex.Found
	if !ex.Found {
		reason := "no answer: the solution marks no final answer"
		if ex.Reason != "" {
			reason += "; " + ex.Reason
		}
		return Line{ID: id, Verdict: string(outcome.Unknown), GoldNorm: g.Normalize(gold), Found: &found, Reason: reason}
	}
	r := g.GradeWith(gold, ex.Answer, outcome.GradeOptions{Problem: o.Problem})
	if ex.Reason != "" {
		r.Reason += "; " + ex.Reason
	}
	text := ex.Answer
	return Line{ID: id, Verdict: string(r.Verdict), GoldNorm: r.GoldNorm, AnswerNorm: r.AnswerNorm, Reason: r.Reason,
		Found: &found, Extracted: &text, Method: ex.Method}
}

// Writer writes JSON lines as they come, or an aligned table with a summary.
type Writer struct {
	w      io.Writer
	table  *tabwriter.Writer
	array  *output.JSONArray // one JSON array of the lines (NewArrayWriter)
	N      int               // lines written
	counts map[string]int
}

// NewWriter writes to w, as a table when table is set.
func NewWriter(w io.Writer, table bool) *Writer {
	gw := &Writer{w: w, counts: map[string]int{}}
	if table {
		gw.table = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintln(gw.table, "ID\tVERDICT\tGOLD\tANSWER\tREASON")
	}
	return gw
}

// Write writes one line.
func (gw *Writer) Write(l Line) error {
	gw.N++
	gw.counts[l.Verdict]++
	if gw.array != nil {
		return gw.array.Add(l)
	}
	if gw.table == nil {
		b, err := json.Marshal(l)
		if err != nil {
			return err
		}
		_, err = gw.w.Write(append(b, '\n'))
		return err
	}
	id := strings.Trim(string(l.ID), `"`)
	if id == "null" {
		id = "-"
	}
	answer := l.AnswerNorm
	if l.Found != nil && !*l.Found {
		answer = "(no answer)"
	}
	_, err := fmt.Fprintf(gw.table, "%s\t%s\t%s\t%s\t%s\n", cell(id, 20), l.Verdict, cell(l.GoldNorm, 30), cell(answer, 30), cell(l.Reason, 90))
	return err
}

// NewArrayWriter writes the lines as one JSON array, element by element; Flush closes it.
func NewArrayWriter(w io.Writer) *Writer {
	return &Writer{w: w, counts: map[string]int{}, array: &output.JSONArray{W: w}}
}

// Flush ends a table with its summary, or closes the array.
func (gw *Writer) Flush() error {
	if gw.array != nil {
		return gw.array.Close()
	}
	if gw.table == nil {
		return nil
	}
	if err := gw.table.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintf(gw.w, "\n%d graded: %d equal, %d different, %d unknown\n", gw.N, gw.counts["equal"], gw.counts["different"], gw.counts["unknown"])
	return err
}

// cell makes a value fit one table cell: one line, at most n characters.
func cell(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if s == "" {
		return "-"
	}
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

// IsTerminal reports whether w is a terminal.
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
