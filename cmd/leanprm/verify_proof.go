package main

import (
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/leanprm/leanprm/internal/cli/output"
	"github.com/leanprm/leanprm/internal/wire"
	"github.com/leanprm/leanprm/leanbridge/verify"
)

func newVerifyProofCmd(e *env) *cobra.Command {
	var (
		statementFile, proofFile string
		format                   string
		asJSONL, asJSON          bool
		requireSandbox           bool
		tier                     string
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

Exit status: 0 every proof verified, 3 some failed or were rejected, 1 a run error, a row
without a verdict (e.g. no Lean available), an empty input, or an unreadable one (a binary or
Markdown file, a batch with no readable row).

The kernel tier is the default where its tools are installed (kernel.tier: auto): each proof
the REPL verified is built into an .olean inside the sandbox and its own constants replayed
through Lean's kernel with leanchecker (in the toolchain from Lean 4.28; kernel.fresh replays
the whole import closure); with Comparator (and landrun, lean4export) installed, its statement
closure is compared with the official one at kernel level and nanoda checks too when present.
The tier has its own limits (kernel.timeout, --kernel-timeout; kernel.max_memory). Where no
kernel tool is installed the tier is repl and every verified result says "not kernel-replayed";
--tier kernel then makes each row an error (kernel_unavailable), never a verdict.

Lean runs in a sandbox (no network, no writes outside a scratch directory, memory, process
and CPU limits): --require-sandbox (the default) refuses to run where the machine cannot
sandbox; --require-sandbox=false runs there anyway, for trusted input.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			requireSandboxMode(e, requireSandbox)
			single := statementFile != "" || proofFile != ""
			if single && (statementFile == "" || proofFile == "" || len(args) > 0) {
				return usageError("give --statement and --proof together, or a batch file, not both")
			}
			if asJSONL && asJSON {
				return usageError("--json and --jsonl exclude each other")
			}
			if asJSONL {
				format = "jsonl"
			}
			if asJSON {
				format = "json"
			}
			if tier != "" && tier != "auto" && tier != "repl" && tier != "kernel" {
				return usageError("--tier %q: want auto, repl or kernel", tier)
			}
			if format != "table" && format != "jsonl" && format != "json" {
				return usageError("--output-format %q: want table, jsonl or json", format)
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
				for _, f := range []struct {
					name string
					b    []byte
				}{{statementFile, st}, {proofFile, pf}} {
					if err := verify.ReadableText(f.b); err != nil {
						return fmt.Errorf("%s: %w", f.name, err)
					}
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
			vopts := wire.VerifyOptions(e.cfg, runner)
			t, err := wire.KernelTier(e.cfg, tier)
			if err != nil {
				return err
			}
			if err := wire.WithKernel(e.cfg, t, &vopts); err != nil {
				return err
			}
			opts := verify.BatchOptions{
				Options: vopts,
				Workers: e.cfg.Lean.WorkerCount(),
				Format:  verify.Format(format),
			}
			stdout := e.stdout
			if format == "json" { // the JSON Lines report, gathered into one document as it streams
				doc := &output.JSONLDocument{W: e.stdout}
				defer doc.Close()
				stdout, opts.Format = doc, verify.FormatJSONL
			}
			bar := output.Progress(e.stderr, "verifying")
			if bar != nil && !single {
				opts.Progress = func(p verify.Progress) { bar(p.Total, 0) }
			}
			sum, err := verify.RunBatch(ctx, in, stdout, opts)
			if bar != nil && !single {
				bar(-1, -1)
			}
			if code := verify.ExitCode(sum, err); code != verify.ExitOK {
				switch {
				case err != nil:
				case sum.Total == 0:
					err = fmt.Errorf("no proofs in the input (an empty batch verifies nothing)")
				case sum.Malformed == sum.Total:
					err = fmt.Errorf("no readable row: the input is not JSON Lines of {\"id\", \"statement\", \"proof\"} (%d malformed)", sum.Malformed)
				default:
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
	cmd.Flags().StringVar(&format, "output-format", "table", "report format: table, jsonl (one object a result, then the summary) or json (one document: results and summary)")
	cmd.Flags().BoolVar(&asJSONL, "jsonl", false, "same as --output-format jsonl")
	cmd.Flags().BoolVar(&asJSON, "json", false, "same as --output-format json")
	addRequireSandbox(cmd.Flags(), &requireSandbox)
	cmd.Flags().StringVar(&tier, "tier", "", "auto (kernel where leanchecker or Comparator is installed), repl (the REPL and the semantic guard; verified results say \"not kernel-replayed\") or kernel (also build the proof into an .olean in the sandbox and replay it through the kernel); default kernel.tier")
	return cmd
}
