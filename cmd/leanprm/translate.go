package main

import (
	"errors"

	"github.com/spf13/cobra"

	"github.com/leanprm/leanprm/hybrid/chain"
	"github.com/leanprm/leanprm/internal/cli/output"
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
			chains, rowErrs, err := readInput(cmd.Context(), e, args[0], fmtv)
			if err != nil {
				return err
			}
			ctx := cmd.Context()
			f, err := wire.NewFormal(ctx, e.cfg, e.stderr)
			if err != nil {
				return err
			}
			defer f.Close()
			// Each chain is written as soon as it (and those before it) is translated: a JSON
			// array closed on the way out, or the chain's table.
			arr := &output.JSONArray{W: e.stdout}
			out := output.NewOrdered[translate.ChainResult](func(r translate.ChainResult) error {
				if asJSON {
					return arr.Add(translateJSON{ChainResult: r})
				}
				return translate.RenderChain(e.stdout, r)
			})
			_, err = wire.TranslateAllDone(ctx, e.cfg, f, chains, out.Add)
			werr := out.Rest()
			if asJSON {
				werr = errors.Join(werr, arr.Close())
			}
			if err != nil {
				return err
			}
			if werr != nil {
				return werr
			}
			return reportRowErrors(e, rowErrs)
		},
	}
	cmd.Flags().StringVar(&format, "format", "auto", "input format: auto, processbench, prmbench, mr-gsm8k, trl, gsm8k, text")
	cmd.Flags().BoolVar(&asJSON, "json", false, "write JSON instead of a table")
	return cmd
}

// translateJSON is a chain of translate --json: translate.ChainResult with the base of the step
// indices stated (0: the table counts the same steps from 1).
type translateJSON struct {
	translate.ChainResult
	StepIndexBase int `json:"step_index_base"`
}
