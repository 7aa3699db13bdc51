package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/leanprm/leanprm/hybrid/outcome"
	"github.com/leanprm/leanprm/internal/cli/grading"
	"github.com/leanprm/leanprm/internal/cli/output"
)

type gradeOpts struct {
	pairs, gold, answer, id, fallback string
	goldSet, answerSet                bool
	extract, table, asJSON, asJSONL   bool
}

func newGradeCmd(e *env) *cobra.Command {
	var o gradeOpts
	cmd := &cobra.Command{
		Use:   "grade (--pairs FILE | --gold X --answer Y)",
		Short: "Grade final answers against gold answers: equal, different or unknown, with the reason",
		Long: `Grade each answer against its gold answer. The verdict is "equal" only when the two are
proven equal, "different" only when proven different (the reason gives the witness: the exact
values, or a point where two expressions differ), and "unknown" otherwise, with the reason.
Numbers are exact (fractions, decimals, percentages, radicals, π); expressions are compared
as rational functions; tuples, solution sets, intervals, choices and short text are read as
such (see hybrid/outcome's documentation for the rules, rounding and percentages included).

--pairs FILE (- for stdin) reads JSON Lines rows {"id", "gold", "answer"} and writes one result
per row as it is graded: {"id", "verdict", "gold_norm", "answer_norm", "reason"}. A row that does not
read is reported on stderr with its file and line and skipped; the exit status is then 1.
--gold and --answer grade one pair. --extract reads each answer as a whole solution and
grades the final answer found in it (\boxed{…}, "The answer is …", "Final Answer: …",
"#### …", "Answer: …"; for a straight-line Python program, the value it prints, read
without running it: method "program"); a solution that marks none is "unknown" with
answer_found false, unless --answer-fallback last-number takes its last number.

Output is a table on a terminal or with --table, JSON lines (one object a line) otherwise or
with --jsonl; --json writes one JSON document: the object of one pair, or an array of the rows'
objects (streamed, and closed validly on an interrupt).`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 && cmd.Flags().Changed("jsonl") {
				return usageError("grade --jsonl %s: the rows file is now --pairs FILE (--jsonl writes JSON lines)", args[0])
			}
			return cobra.NoArgs(cmd, args)
		},
		RunE: func(cmd *cobra.Command, _ []string) error {
			o.goldSet, o.answerSet = cmd.Flags().Changed("gold"), cmd.Flags().Changed("answer")
			return runGrade(cmd, e, o)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.pairs, "pairs", "", `JSON Lines file of {"id", "gold", "answer"} rows (- for stdin)`)
	f.StringVar(&o.gold, "gold", "", "the gold answer of one pair")
	f.StringVar(&o.answer, "answer", "", "the answer of one pair")
	f.StringVar(&o.id, "id", "", "the id printed for the pair of --gold and --answer")
	f.BoolVar(&o.extract, "extract", false, "read each answer as a whole solution and grade its final answer")
	f.StringVar(&o.fallback, "answer-fallback", "", `with --extract, when a solution marks no answer: "" (none) or last-number`)
	f.BoolVar(&o.table, "table", false, "print a table (the default on a terminal)")
	f.BoolVar(&o.asJSONL, "jsonl", false, "print JSON lines (the default when stdout is not a terminal)")
	f.BoolVar(&o.asJSON, "json", false, "print one JSON document: an object for one pair, an array for --pairs")
	return cmd
}

func runGrade(cmd *cobra.Command, e *env, o gradeOpts) error {
	single := o.goldSet || o.answerSet
	switch {
	case o.pairs != "" && single:
		return usageError("give either --pairs or --gold and --answer, not both")
	case o.pairs == "" && !single:
		return usageError("nothing to grade: give --pairs FILE, or --gold X and --answer Y")
	case single && !(o.goldSet && o.answerSet):
		return usageError("--gold and --answer go together")
	case btoi(o.table)+btoi(o.asJSON)+btoi(o.asJSONL) > 1:
		return usageError("--table, --json and --jsonl exclude each other")
	case o.fallback != "" && o.fallback != outcome.FallbackLastNumber:
		return usageError("--answer-fallback %q: not one of last-number (or empty)", o.fallback)
	case o.fallback != "" && !o.extract:
		return usageError("--answer-fallback applies to --extract")
	}
	g := e.grader
	out := grading.NewWriter(e.stdout, o.table || !o.asJSON && !o.asJSONL && grading.IsTerminal(e.stdout))
	if o.asJSON && !single {
		out = grading.NewArrayWriter(e.stdout)
	}
	bar := output.Progress(e.stderr, "graded") // on a terminal's stderr only
	grade := func(id json.RawMessage, gold, answer, problem string) error {
		if err := out.Write(grading.One(g, grading.Options{Extract: o.extract, Fallback: o.fallback, Problem: problem}, id, gold, answer)); err != nil {
			return err
		}
		if bar != nil && !single {
			bar(out.N, 0)
		}
		return nil
	}
	if single {
		id := json.RawMessage(`""`)
		if o.id != "" {
			id, _ = json.Marshal(o.id)
		}
		if err := grade(id, o.gold, o.answer, ""); err != nil {
			return err
		}
		return out.Flush()
	}
	in, name, closeIn, err := openGradeInput(e, o.pairs)
	if err != nil {
		return err
	}
	defer closeIn()
	bad, err := grading.ReadRows(cmd.Context(), in, name, e.stderr, grade)
	if bar != nil && out.N > 0 {
		bar(-1, -1)
	}
	if ferr := out.Flush(); err == nil {
		err = ferr
	}
	if err != nil {
		return err
	}
	if out.N == 0 && bad == 0 {
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

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
