package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/leanprm/leanprm/hybrid/outcome"
)

// maxGradeRow bounds one JSON Lines row of `grade --jsonl`, as for check's input.
const maxGradeRow = 8 << 20

// gradeRow is one input row: {"id", "gold", "answer"}; id may be a string or a number.
type gradeRow struct {
	ID     json.RawMessage `json:"id"`
	Gold   *string         `json:"gold"`
	Answer *string         `json:"answer"`
}

// gradeLine is one output line. answer_found, extracted and method appear with --extract.
type gradeLine struct {
	ID         json.RawMessage `json:"id"`
	Verdict    string          `json:"verdict"`
	GoldNorm   string          `json:"gold_norm"`
	AnswerNorm string          `json:"answer_norm"`
	Reason     string          `json:"reason"`
	Found      *bool           `json:"answer_found,omitempty"`
	Extracted  *string         `json:"extracted,omitempty"`
	Method     string          `json:"method,omitempty"`
}

type gradeOpts struct {
	jsonl, gold, answer, id, fallback string
	goldSet, answerSet                bool
	extract, table, asJSON            bool
}

func newGradeCmd(e *env) *cobra.Command {
	var o gradeOpts
	cmd := &cobra.Command{
		Use:   "grade (--jsonl FILE | --gold X --answer Y)",
		Short: "Grade final answers against gold answers: equal, different or unknown, with the reason",
		Long: `Grade each answer against its gold answer. The verdict is "equal" only when the two are
proven equal, "different" only when proven different (the reason gives the witness: the exact
values, or a point where two expressions differ), and "unknown" otherwise, with the reason.
Numbers are exact (fractions, decimals, percentages, radicals, π); expressions are compared
as rational functions; tuples, solution sets, intervals, choices and short text are read as
such (see hybrid/outcome's documentation for the rules, rounding and percentages included).

--jsonl FILE (- for stdin) reads rows {"id", "gold", "answer"} and writes one JSON line per row
as it is graded: {"id", "verdict", "gold_norm", "answer_norm", "reason"}. A row that does not
read is reported on stderr with its file and line and skipped; the exit status is then 1.
--gold and --answer grade one pair. --extract reads each answer as a whole solution and
grades the final answer found in it (\boxed{…}, "The answer is …", "Final Answer: …",
"#### …", "Answer: …"; for a straight-line Python program, the value it prints, read
without running it: method "program"); a solution that marks none is "unknown" with
answer_found false, unless --answer-fallback last-number takes its last number.

Output is a table on a terminal or with --table, JSON lines otherwise or with --json.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			o.goldSet, o.answerSet = cmd.Flags().Changed("gold"), cmd.Flags().Changed("answer")
			return runGrade(cmd, e, o)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.jsonl, "jsonl", "", `JSON Lines file of {"id", "gold", "answer"} rows (- for stdin)`)
	f.StringVar(&o.gold, "gold", "", "the gold answer of one pair")
	f.StringVar(&o.answer, "answer", "", "the answer of one pair")
	f.StringVar(&o.id, "id", "", "the id printed for the pair of --gold and --answer")
	f.BoolVar(&o.extract, "extract", false, "read each answer as a whole solution and grade its final answer")
	f.StringVar(&o.fallback, "answer-fallback", "", `with --extract, when a solution marks no answer: "" (none) or last-number`)
	f.BoolVar(&o.table, "table", false, "print a table (the default on a terminal)")
	f.BoolVar(&o.asJSON, "json", false, "print JSON lines (the default when stdout is not a terminal)")
	return cmd
}

func runGrade(cmd *cobra.Command, e *env, o gradeOpts) error {
	single := o.goldSet || o.answerSet
	switch {
	case o.jsonl != "" && single:
		return usageError("give either --jsonl or --gold and --answer, not both")
	case o.jsonl == "" && !single:
		return usageError("nothing to grade: give --jsonl FILE, or --gold X and --answer Y")
	case single && !(o.goldSet && o.answerSet):
		return usageError("--gold and --answer go together")
	case o.table && o.asJSON:
		return usageError("--table and --json exclude each other")
	case o.fallback != "" && o.fallback != outcome.FallbackLastNumber:
		return usageError("--answer-fallback %q: not one of last-number (or empty)", o.fallback)
	case o.fallback != "" && !o.extract:
		return usageError("--answer-fallback applies to --extract")
	}
	g := outcome.NewGrader(outcome.GraderOptions{})
	out := newGradeWriter(e.stdout, o.table || !o.asJSON && isTerminal(e.stdout))
	bar := progressBar(e, "graded") // on a terminal's stderr only
	grade := func(id json.RawMessage, gold, answer string) error {
		if err := out.write(gradeOne(g, o, id, gold, answer)); err != nil {
			return err
		}
		if bar != nil && !single {
			bar(out.n, 0)
		}
		return nil
	}
	if single {
		id := json.RawMessage(`""`)
		if o.id != "" {
			id, _ = json.Marshal(o.id)
		}
		if err := grade(id, o.gold, o.answer); err != nil {
			return err
		}
		return out.flush()
	}
	in, name, closeIn, err := openGradeInput(e, o.jsonl)
	if err != nil {
		return err
	}
	defer closeIn()
	bad, err := readGradeRows(cmd, in, name, e.stderr, grade)
	if bar != nil && out.n > 0 {
		bar(-1, -1)
	}
	if ferr := out.flush(); err == nil {
		err = ferr
	}
	if err != nil {
		return err
	}
	if out.n == 0 && bad == 0 {
		return &ExitError{Code: exitError, Err: fmt.Errorf("%s: no rows to grade (is it empty?)", name)}
	}
	if bad > 0 {
		return &ExitError{Code: exitError, Err: fmt.Errorf("%d row(s) could not be read (see above); the others were graded", bad)}
	}
	return nil
}

func openGradeInput(e *env, path string) (io.Reader, string, func(), error) {
	if path == "-" {
		return e.stdin, "stdin", func() {}, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, "", nil, &ExitError{Code: exitError, Err: fmt.Errorf("cannot read %s: %w", path, errors.Unwrap(err))}
	}
	return f, path, func() { f.Close() }, nil
}

// readGradeRows streams the rows of in, calling grade for each that reads and reporting the
// others (file:line and why) on stderr. It stops at cancellation, returning its error.
func readGradeRows(cmd *cobra.Command, in io.Reader, name string, stderr io.Writer, grade func(json.RawMessage, string, string) error) (bad int, err error) {
	ctx := cmd.Context()
	r := bufio.NewReaderSize(in, 64<<10)
	for line := 1; ; line++ {
		if err := ctx.Err(); err != nil {
			return bad, err
		}
		row, tooLong, rerr := readRow(r, maxGradeRow)
		if rerr != nil && rerr != io.EOF {
			return bad, fmt.Errorf("%s:%d: %w", name, line, rerr)
		}
		if len(bytes.TrimSpace(row)) > 0 || tooLong {
			if msg := gradeRowError(row, tooLong); msg != "" {
				bad++
				fmt.Fprintf(stderr, "leanprm: %s:%d: %s; row skipped\n", name, line, msg)
			} else {
				var gr gradeRow
				_ = json.Unmarshal(row, &gr) // checked by gradeRowError
				if err := grade(gr.ID, *gr.Gold, *gr.Answer); err != nil {
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

// gradeRowError says what is wrong with a row, or "" when it reads.
func gradeRowError(row []byte, tooLong bool) string {
	switch {
	case tooLong:
		return fmt.Sprintf("a row longer than %d MiB", maxGradeRow>>20)
	case !utf8.Valid(row):
		return "not valid UTF-8"
	}
	var gr gradeRow
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

func gradeOne(g *outcome.Grader, o gradeOpts, id json.RawMessage, gold, answer string) gradeLine {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	if !o.extract {
		r := g.Grade(gold, answer)
		return gradeLine{ID: id, Verdict: string(r.Verdict), GoldNorm: r.GoldNorm, AnswerNorm: r.AnswerNorm, Reason: r.Reason}
	}
	ex := outcome.ExtractWith(answer, outcome.ExtractOptions{Fallback: o.fallback})
	found := ex.Found
	if !ex.Found {
		reason := "no answer: the solution marks no final answer"
		if ex.Reason != "" {
			reason += "; " + ex.Reason
		}
		return gradeLine{ID: id, Verdict: string(outcome.Unknown), GoldNorm: g.Normalize(gold), Found: &found, Reason: reason}
	}
	r := g.Grade(gold, ex.Answer)
	if ex.Reason != "" {
		r.Reason += "; " + ex.Reason
	}
	text := ex.Answer
	return gradeLine{ID: id, Verdict: string(r.Verdict), GoldNorm: r.GoldNorm, AnswerNorm: r.AnswerNorm, Reason: r.Reason,
		Found: &found, Extracted: &text, Method: ex.Method}
}

// gradeWriter writes JSON lines as they come, or an aligned table with a summary.
type gradeWriter struct {
	w      io.Writer
	table  *tabwriter.Writer
	n      int
	counts map[string]int
}

func newGradeWriter(w io.Writer, table bool) *gradeWriter {
	gw := &gradeWriter{w: w, counts: map[string]int{}}
	if table {
		gw.table = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintln(gw.table, "ID\tVERDICT\tGOLD\tANSWER\tREASON")
	}
	return gw
}

func (gw *gradeWriter) write(l gradeLine) error {
	gw.n++
	gw.counts[l.Verdict]++
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

func (gw *gradeWriter) flush() error {
	if gw.table == nil {
		return nil
	}
	if err := gw.table.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintf(gw.w, "\n%d graded: %d equal, %d different, %d unknown\n", gw.n, gw.counts["equal"], gw.counts["different"], gw.counts["unknown"])
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

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
