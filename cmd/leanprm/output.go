package main

// Output shared by several commands: the progress bar, unreadable rows, JSON lines, one-line
// text and the --fail-on gate.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/chain"
)

// reportRowErrors prints unreadable rows to stderr; the run fails (exit 1) after the rest ran.
// Known data quirks (hybrid.DataQuirk) are not failures: each kind is one summary line.
func reportRowErrors(e *env, rowErrs []chain.RowError) error {
	rowErrs, quirks := chain.SplitQuirks(rowErrs)
	summariseQuirks(e, quirks)
	for _, re := range rowErrs {
		fmt.Fprintln(e.stderr, "leanprm:", userMessage(re))
	}
	if len(rowErrs) > 0 {
		return &ExitError{Code: exitError, Err: fmt.Errorf("%s could not be read (see above); the others were processed", count(len(rowErrs), "input row"))}
	}
	return nil
}

// summariseQuirks writes one line per kind of data quirk: how many rows, in how many files,
// and the first one, so the rest of stderr stays readable.
func summariseQuirks(e *env, quirks []chain.RowError) {
	type kind struct {
		rows  int
		files map[string]bool
		first chain.RowError
	}
	var order []string
	kinds := map[string]*kind{}
	for _, re := range quirks {
		var q *chain.DataQuirk
		errors.As(re.Err, &q)
		k := kinds[q.Kind]
		if k == nil {
			k = &kind{files: map[string]bool{}, first: re}
			kinds[q.Kind] = k
			order = append(order, q.Kind)
		}
		k.rows++
		k.files[re.File] = true
	}
	for _, name := range order {
		k := kinds[name]
		fmt.Fprintf(e.stderr, "leanprm: note: %s in %s have %s (a known quirk of the data); those entries were ignored, e.g. %v (--strict makes this an error)\n",
			count(k.rows, "row"), count(len(k.files), "file"), name, k.first)
	}
}

// strictQuirks is --strict: every data quirk is reported and fails the run before it starts.
func strictQuirks(e *env, rowErrs []chain.RowError) error {
	_, quirks := chain.SplitQuirks(rowErrs)
	for _, re := range quirks {
		fmt.Fprintln(e.stderr, "leanprm:", userMessage(re))
	}
	if len(quirks) > 0 {
		return &ExitError{Code: exitError, Err: fmt.Errorf("--strict: %s with data quirks (see above)", count(len(quirks), "row"))}
	}
	return nil
}

// jsonLine encodes v as one JSONL line.
func jsonLine(v any) (io.Reader, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return bytes.NewReader(append(b, '\n')), nil
}

func oneLineText(s string, max int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > max {
		return string(r[:max-1]) + "…"
	}
	return s
}

func failOnFindings(results []hybrid.Scored, failOn string, threshold float64) error {
	n := 0
	for i := range results {
		switch failOn {
		case "refuted":
			if results[i].Has(hybrid.Refuted) {
				n++
			}
		case "error":
			// A warning is a checker that failed: the verdicts stand on
			// the other one alone, which a gate on errors must see.
			if results[i].Predict(threshold) != chain.NoError || len(results[i].Warnings) > 0 {
				n++
			}
		}
	}
	if n > 0 {
		what := "a refuted step"
		if failOn == "error" {
			what = "a predicted error or a checker warning"
		}
		return &ExitError{Code: exitFindings, Err: fmt.Errorf("%s with %s", count(n, "chain"), what)}
	}
	return nil
}

// count is "1 chain", "2 chains": messages say the number in words a person writes.
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// writeJSON writes v to stdout as one indented JSON document.
func writeJSON(e *env, v any) error {
	enc := json.NewEncoder(e.stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
