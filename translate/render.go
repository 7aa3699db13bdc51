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
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	for _, r := range results {
		id := r.ID
		if id == "" {
			id = "-"
		}
		checker := r.Checker
		if checker == "" {
			checker = "none"
		}
		fmt.Fprintf(tw, "chain %s\tchecker %s\n", id, checker)
		fmt.Fprintln(tw, "step\tverdict\tkind\tclaim\tspan\tchecker\treason")
		for _, s := range r.Steps {
			if len(s.Obligations) == 0 {
				fmt.Fprintf(tw, "%d\t%s\t\t\t\t\t%d skipped\n", s.Index+1, s.Verdict, len(s.Skipped))
			}
			for _, o := range s.Obligations {
				fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%d-%d\t%s\t%s\n", s.Index+1, o.Verdict, o.Kind,
					oneLine(o.Expr, 60), o.Span.Start, o.Span.End, o.Checker, oneLine(o.Reason, 80))
			}
		}
		for _, wmsg := range r.Warnings {
			fmt.Fprintf(tw, "warning: %s\n", wmsg)
		}
		fmt.Fprintln(tw)
		for _, s := range r.Steps {
			fmt.Fprintf(tw, "step %d: %s\n", s.Index+1, s.Verdict)
			for _, k := range s.Skipped {
				fmt.Fprintf(tw, "  skipped %q: %s\n", oneLine(k.Span.Text, 50), k.Reason)
			}
		}
		fmt.Fprintln(tw)
	}
	return tw.Flush()
}

func oneLine(s string, max int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > max {
		s = string(r[:max-1]) + "…"
	}
	return s
}
