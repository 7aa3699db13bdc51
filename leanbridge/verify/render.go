package verify

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf8"
)

// Format selects a report renderer.
type Format string

const (
	// FormatJSONL writes one JSON object per result, then {"summary": {…}}.
	FormatJSONL Format = "jsonl"
	// FormatTable writes aligned text for people.
	FormatTable Format = "table"
)

// Renderer writes a report as results arrive. Result is called once per row in order, then
// Summary once.
type Renderer interface {
	Result(Result) error
	Summary(Summary) error
}

// NewRenderer returns the renderer for f ("" means FormatJSONL).
func NewRenderer(w io.Writer, f Format) (Renderer, error) {
	switch f {
	case "", FormatJSONL:
		return &jsonRenderer{enc: json.NewEncoder(w)}, nil
	case FormatTable:
		return &tableRenderer{w: w}, nil
	}
	return nil, fmt.Errorf("unknown report format %q (want %q or %q)", f, FormatJSONL, FormatTable)
}

type jsonRenderer struct{ enc *json.Encoder }

func (r *jsonRenderer) Result(res Result) error { return r.enc.Encode(res) }

func (r *jsonRenderer) Summary(s Summary) error {
	return r.enc.Encode(struct {
		Summary Summary `json:"summary"`
	}{s})
}

type tableRenderer struct {
	w      io.Writer
	headed bool
}

const tableRow = "%-24s  %-9s  %-7s  %s\n"

func (r *tableRenderer) Result(res Result) error {
	if !r.headed {
		r.headed = true
		if _, err := fmt.Fprintf(r.w, tableRow, "ID", "STATUS", "CHECKER", "REASONS"); err != nil {
			return err
		}
	}
	id := res.ID
	if id == "" {
		id = fmt.Sprintf("(line %d)", res.Line)
	}
	checker := res.Checker
	if checker == "" {
		checker = "-"
	}
	var why string
	if len(res.Reasons) > 0 {
		codes := make([]string, 0, len(res.Reasons))
		for _, c := range res.Codes() {
			codes = append(codes, string(c))
		}
		first := res.Reasons[0]
		why = strings.Join(codes, ",") + ": " + oneLine(first.Detail, 100)
		if first.Line > 0 {
			why += fmt.Sprintf(" (%d:%d)", first.Line, first.Column)
		}
	} else if res.Status == StatusVerified && res.Kernel == NotKernelReplayed {
		why = NotKernelReplayed
	}
	// Rows stream as proofs finish, so the columns cannot widen to the longest id: an id longer
	// than its column goes on a line of its own and the row follows, aligned, under it.
	if utf8.RuneCountInString(id) > 24 {
		if _, err := fmt.Fprintln(r.w, id); err != nil {
			return err
		}
		id = ""
	}
	_, err := io.WriteString(r.w, strings.TrimRight(fmt.Sprintf(tableRow, id, res.Status, checker, why), " \n")+"\n")
	return err
}

func (r *tableRenderer) Summary(s Summary) error {
	var b strings.Builder
	fmt.Fprintf(&b, "\n%s: %d verified, %d failed, %d rejected, %s, %d malformed\n",
		count(s.Total, "proof"), s.Verified, s.Failed, s.Rejected, count(s.Errors, "error"), s.Malformed)
	if len(s.Checkers) > 0 {
		fmt.Fprintf(&b, "checked by: %s\n", strings.Join(s.Checkers, ", "))
	}
	codes := make([]Code, 0, len(s.Reasons))
	for c := range s.Reasons {
		codes = append(codes, c)
	}
	slices.Sort(codes)
	for _, c := range codes {
		fmt.Fprintf(&b, "  %-22s %5d  %s\n", c, s.Reasons[c], Describe(c))
	}
	_, err := io.WriteString(r.w, b.String())
	return err
}

func oneLine(s string, n int) string {
	return clip(strings.Join(strings.Fields(s), " "), n)
}

// count is "1 proof", "2 proofs".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
