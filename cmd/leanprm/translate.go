package main

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/leanprm/leanprm/hybrid/chain"
	"github.com/leanprm/leanprm/internal/wire"
	"github.com/leanprm/leanprm/translate"
)

func newTranslateCmd(e *env) *cobra.Command {
	var (
		format string
		asJSON bool
	)
	cmd := &cobra.Command{
		Use:   "translate FILE|-",
		Short: "Turn the claims in each step into formal obligations and check them",
		Long: `Find every unambiguous arithmetic claim in each step of each chain in FILE, translate it
into a Lean obligation over Rat, and check it: with Lean (through the REPL), with the exact
rational checker, or both (the checker setting). Prints, per obligation, the step, verdict,
kind, normalised claim, source span and checker, and per step the candidates left alone
and why. A claim is verified only when proved, refuted only when its negation is proved;
everything ambiguous is unknown.

FILE is any chain format leanprm reads (--format to force one; - reads stdin).`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			fmtv, err := chain.ParseFormat(format)
			if err != nil {
				return usageError("%v", err)
			}
			chains, rowErrs, err := readChains(cmd.Context(), e, args[0], fmtv)
			if err != nil {
				return err
			}
			ctx := cmd.Context()
			f, err := wire.NewFormal(ctx, e.cfg, e.stderr)
			if err != nil {
				return err
			}
			defer f.Close()
			results, err := wire.TranslateAll(ctx, e.cfg, f, chains)
			if err != nil {
				return err
			}
			if asJSON {
				err = writeTranslateJSON(e, results)
			} else {
				err = translate.Render(e.stdout, results, translate.FormatTable)
			}
			if err != nil {
				return err
			}
			return reportRowErrors(e, rowErrs)
		},
	}
	cmd.Flags().StringVar(&format, "format", "auto", "input format: auto, processbench, prmbench, mr-gsm8k, trl, gsm8k, text")
	cmd.Flags().BoolVar(&asJSON, "json", false, "write JSON instead of a table")
	return cmd
}

// writeTranslateJSON is translate.FormatJSON with the base of the step indices stated in
// each chain (0: the table counts the same steps from 1).
func writeTranslateJSON(e *env, results []translate.ChainResult) error {
	type chainJSON struct {
		translate.ChainResult
		StepIndexBase int `json:"step_index_base"`
	}
	out := make([]chainJSON, len(results))
	for i := range results {
		out[i] = chainJSON{ChainResult: results[i]}
	}
	enc := json.NewEncoder(e.stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// reportRowErrors prints unreadable rows to stderr; the run fails (exit 1) after the rest ran.
// Known data quirks (hybrid.DataQuirk) are not failures: each kind is one summary line.
func reportRowErrors(e *env, rowErrs []chain.RowError) error {
	rowErrs, quirks := chain.SplitQuirks(rowErrs)
	summariseQuirks(e, quirks)
	for _, re := range rowErrs {
		fmt.Fprintln(e.stderr, "leanprm:", re.Error())
	}
	if len(rowErrs) > 0 {
		return &ExitError{Code: exitError, Err: fmt.Errorf("%d input row(s) could not be read (see above); the others were processed", len(rowErrs))}
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
		fmt.Fprintf(e.stderr, "leanprm: note: %d row(s) in %d file(s) have %s (a known quirk of the data); those entries were ignored, e.g. %v (--strict makes this an error)\n",
			k.rows, len(k.files), name, k.first)
	}
}

// strictQuirks is --strict: every data quirk is reported and fails the run before it starts.
func strictQuirks(e *env, rowErrs []chain.RowError) error {
	_, quirks := chain.SplitQuirks(rowErrs)
	for _, re := range quirks {
		fmt.Fprintln(e.stderr, "leanprm:", re.Error())
	}
	if len(quirks) > 0 {
		return &ExitError{Code: exitError, Err: fmt.Errorf("--strict: %d row(s) with data quirks (see above)", len(quirks))}
	}
	return nil
}
