package translate

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// Format selects how Render writes results.
type Format string

// Output formats.
const (
	FormatTable Format = "table"
	FormatJSON  Format = "json"
)

// Render writes results as a table (one row per obligation, then the
// skipped candidates) or as a JSON array of ChainResult.
func Render(w io.Writer, results []ChainResult, format Format) error {
	switch format {
	case FormatJSON:
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		if results == nil {
			results = []ChainResult{}
		}
		return enc.Encode(results)
	case FormatTable, "":
		return renderTable(w, results)
	}
	return fmt.Errorf("translate: unknown format %q (want table or json)", format)
}

// renderTable numbers steps from 1, as every table leanprm prints does; JSON keeps the 0-based
// index.
func renderTable(w io.Writer, results []ChainResult) error {
	for _, r := range results {
		if err := RenderChain(w, r); err != nil {
			return err
		}
	}
	return nil
}

// RenderChain writes the table of one chain: a row per obligation (the claim, the Lean
// proposition sent for it, the byte span in the step, the verdict, its checker and the reason),
// then each step's verdict with the candidates left alone and why. Each chain's columns are
// aligned on their own, so a long id or claim in one chain does not widen the others.
func RenderChain(w io.Writer, r ChainResult) error {
	id := r.ID
	if id == "" {
		id = "-"
	}
	checker := r.Checker
	if checker == "" {
		checker = "none"
	}
	ew := &errWriter{w: w}
	ew.printf("chain %s  checker %s\n", id, checker)
	tw := tabwriter.NewWriter(ew, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "step\tverdict\tkind\tclaim\tlean\tbytes\tchecker\treason")
	for _, s := range r.Steps {
		if len(s.Obligations) == 0 {
			fmt.Fprintf(tw, "%d\t%s\t\t\t\t\t\t%d skipped\n", s.Index+1, s.Verdict, len(s.Skipped))
		}
		for _, o := range s.Obligations {
			fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%d-%d\t%s\t%s\n", s.Index+1, o.Verdict, o.Kind,
				oneLine(o.Expr, 50), oneLine(o.Prop, 60), o.Span.Start, o.Span.End, o.Checker, oneLine(o.Reason, 80))
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, wmsg := range r.Warnings {
		ew.printf("warning: %s\n", wmsg)
	}
	ew.printf("\n")
	for _, s := range r.Steps {
		whole := ""
		if s.Whole {
			whole = " (the step is nothing but its claims)"
		}
		ew.printf("step %d: %s%s\n", s.Index+1, s.Verdict, whole)
		for _, k := range s.Skipped {
			ew.printf("  skipped %q: %s\n", oneLine(k.Span.Text, 50), k.Reason)
		}
	}
	ew.printf("\n")
	return ew.err
}

// errWriter keeps the first write error and skips the writes after it.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(p)
	e.err = err
	return n, err
}

func (e *errWriter) printf(format string, args ...any) {
	if e.err == nil {
		_, e.err = fmt.Fprintf(e.w, format, args...)
	}
}

func oneLine(s string, max int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > max {
		s = string(r[:max-1]) + "…"
	}
	return s
}
