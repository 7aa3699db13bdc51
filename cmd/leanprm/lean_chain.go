package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/leanprm/leanprm/hybrid/chain"
	"github.com/leanprm/leanprm/internal/wire"
	"github.com/leanprm/leanprm/leanbridge/proofchain"
)

func newLeanChainCmd(e *env) *cobra.Command {
	var (
		backend string
		asJSON  bool
	)
	cmd := &cobra.Command{
		Use:   "chain FILE",
		Short: "Judge every tactic of a formal proof, through the REPL or the language server",
		Long: `Check a formal proof step by step. FILE is either JSON, {"statement": "...", "steps": [...],
"header"?: "import ...", "preamble"?: "..."}, or a Lean file whose theorem's top-level tactics
become the steps. For each step: accepted with the goals after it, failed with Lean's message,
or not run. The proof is verified only when every step is accepted and the whole proof checks:
with --backend repl (default), the last proofStatus must be Completed and the assembled proof
must re-check in command mode; with --backend lsp, the language server must report no error,
no sorry and no unsolved goal once it has finished the file.

Exit status: 0 verified, 3 not verified, 1 no verdict (Lean unavailable, crash, timeout).`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ch, err := readFormalChain(cmd.Context(), e, args[0])
			if err != nil {
				return err
			}
			ctx := cmd.Context()
			checker, stop, err := wire.ChainChecker(ctx, e.cfg, backend, e.stderr)
			if errors.Is(err, wire.ErrUnknownBackend) {
				return &ExitError{Code: exitUsage, Err: err}
			}
			if err != nil {
				return err
			}
			defer stop()
			rep, err := checker.CheckChain(ctx, ch)
			if err != nil {
				return err
			}
			if asJSON {
				enc := json.NewEncoder(e.stdout)
				enc.SetIndent("", "  ")
				err = enc.Encode(rep)
			} else {
				err = writeChainReport(e, rep)
			}
			if err != nil {
				return err
			}
			if !rep.Verified {
				return &ExitError{Code: exitFindings}
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&backend, "backend", "repl", "repl (tactic mode, then a command-mode re-check) or lsp (the language server)")
	cmd.Flags().BoolVar(&asJSON, "json", false, "write JSON")
	return cmd
}

func readFormalChain(ctx context.Context, e *env, path string) (proofchain.Chain, error) {
	r, name, closeFn, err := openInput(ctx, e, path)
	if err != nil {
		return proofchain.Chain{}, err
	}
	defer closeFn()
	b, err := io.ReadAll(io.LimitReader(r, chain.MaxWholeFileBytes+1))
	if err != nil {
		return proofchain.Chain{}, fmt.Errorf("%s: cannot read it: %w", name, err)
	}
	if len(b) > chain.MaxWholeFileBytes {
		return proofchain.Chain{}, fmt.Errorf("%s: larger than %d MiB", name, chain.MaxWholeFileBytes>>20)
	}
	if strings.EqualFold(filepath.Ext(path), ".json") || strings.HasPrefix(strings.TrimSpace(string(b)), "{") {
		ch, err := proofchain.Parse(b)
		if err != nil {
			return ch, fmt.Errorf("%s: %w", path, err)
		}
		return ch, nil
	}
	ch, err := proofchain.FromSource(string(b), "")
	if err != nil {
		return ch, fmt.Errorf("%s: %w", path, err)
	}
	return ch, nil
}

func writeChainReport(e *env, rep *proofchain.Result) error {
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "#\ttactic\tstatus\tgoals after / message")
	for _, s := range rep.Steps {
		detail := "no goals"
		switch {
		case len(s.Messages) > 0:
			var ms []string
			for _, m := range s.Messages {
				ms = append(ms, m.String())
			}
			detail = strings.Join(ms, " | ")
		case s.Status != proofchain.Accepted:
			detail = ""
		case len(s.Goals) > 0:
			detail = strings.Join(s.Goals, " | ")
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\n", s.Index+1, oneLineText(s.Tactic, 40), s.Status, oneLineText(detail, 90))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	verdict := "verified"
	if !rep.Verified {
		verdict = "NOT verified: " + strings.Join(rep.Problems, "; ")
	}
	_, err := fmt.Fprintf(e.stdout, "%s (backend %s, checker %s)\n", verdict, rep.Backend, rep.Checker)
	return err
}
