package main

import (
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/leanprm/leanprm/internal/wire"
	"github.com/leanprm/leanprm/leanbridge/verify"
)

func newVerifyProofCmd(e *env) *cobra.Command {
	var (
		statementFile, proofFile string
		format                   string
		asJSONL                  bool
	)
	cmd := &cobra.Command{
		Use:   "verify-proof [BATCH.jsonl|-]",
		Short: "Contest-grade checking of candidate proofs against official statements",
		Long: `Check candidate Lean proofs against official statements, rejecting before Lean and
confirming with Lean:
  - the statement must be unchanged;
  - no sorry or admit;
  - #print axioms may show only propext, Classical.choice and Quot.sound (so native_decide,
    sorryAx and new axioms fail);
  - nothing that runs code or bends the checker (#eval, run_cmd, #exit, IO, include_str,
    unsafe, extern, implemented_by, set_option debug.*, maxHeartbeats 0 or other resource
    limits set huge, new syntax/macro/notation/elab, instance overrides, open Lean), in any
    spelling («instance» is instance);
  - the theorem's type as Lean elaborated it, printed in full (#check with pp.all), must be
    the official statement's in a clean environment, so an instance or notation the proof
    added cannot change what was proved.
Either one proof (--statement FILE --proof FILE) or a batch: JSONL rows of
{"id", "statement", "proof"} (optional "header" with import lines) from BATCH or stdin.
Each row is verified, failed (Lean rejected it) or rejected (before Lean), with reasons;
the report ends with totals. Lean confirmation uses the configured REPL (lean.command or the
Lake project); every verdict names its checker ("lean", or "sim" for the simulator).

Exit status: 0 every proof verified, 3 some failed or were rejected, 1 a run error or a row
without a verdict (e.g. no Lean available).`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			single := statementFile != "" || proofFile != ""
			if single && (statementFile == "" || proofFile == "" || len(args) > 0) {
				return usageError("give --statement and --proof together, or a batch file, not both")
			}
			if asJSONL {
				format = "jsonl"
			}
			if format != "table" && format != "jsonl" {
				return usageError("--report %q: want table or jsonl", format)
			}
			var in io.Reader = e.stdin
			if single {
				st, err := os.ReadFile(statementFile)
				if err != nil {
					return err
				}
				pf, err := os.ReadFile(proofFile)
				if err != nil {
					return err
				}
				row, err := jsonLine(map[string]string{"id": proofFile, "statement": string(st), "proof": string(pf)})
				if err != nil {
					return err
				}
				in = row
			} else {
				path := "-"
				if len(args) == 1 {
					path = args[0]
				}
				r, _, closeFn, err := openInput(cmd.Context(), e, path)
				if err != nil {
					return err
				}
				defer closeFn()
				in = r
			}
			ctx := cmd.Context()
			runner, closeRunner, err := wire.VerifyRunner(ctx, e.cfg, e.stderr)
			if err != nil {
				return err
			}
			defer closeRunner()
			opts := verify.BatchOptions{
				Options: wire.VerifyOptions(e.cfg, runner),
				Workers: e.cfg.Lean.WorkerCount(),
				Format:  verify.Format(format),
			}
			bar := progressBar(e, "verifying")
			if bar != nil && !single {
				opts.Progress = func(p verify.Progress) { bar(p.Total, 0) }
			}
			sum, err := verify.RunBatch(ctx, in, e.stdout, opts)
			if bar != nil && !single {
				bar(-1, -1)
			}
			if code := verify.ExitCode(sum, err); code != verify.ExitOK {
				if err == nil {
					err = fmt.Errorf("%d verified, %d failed, %d rejected, %d malformed, %d without a verdict",
						sum.Verified, sum.Failed, sum.Rejected, sum.Malformed, sum.Errors)
				}
				return &ExitError{Code: code, Err: err}
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&statementFile, "statement", "", "file with the official statement (single-proof mode)")
	cmd.Flags().StringVar(&proofFile, "proof", "", "file with the candidate proof (single-proof mode)")
	cmd.Flags().StringVar(&format, "report", "table", "report format: table or jsonl")
	cmd.Flags().BoolVar(&asJSONL, "jsonl", false, "same as --report jsonl")
	return cmd
}
