package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/leanprm/leanprm/leanbridge"
	"github.com/leanprm/leanprm/leanbridge/lsp"
)

// chainStep is one row of `lean chain`'s report, the same for both backends.
type chainStep struct {
	Index    int      `json:"index"`
	Tactic   string   `json:"tactic"`
	Status   string   `json:"status"` // accepted, failed, not run
	Goals    []string `json:"goals"`
	Messages []string `json:"messages,omitempty"`
}

// chainReport is `lean chain`'s result.
type chainReport struct {
	Backend  string      `json:"backend"` // repl or lsp
	Checker  string      `json:"checker"` // lean or sim
	Verified bool        `json:"verified"`
	Problems []string    `json:"problems,omitempty"`
	Steps    []chainStep `json:"steps"`
	Text     string      `json:"text"`
	// StepIndexBase says the steps' index counts from 0 (the table and problems count from 1).
	StepIndexBase int `json:"step_index_base"`
}

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
			ch, err := readFormalChain(args[0])
			if err != nil {
				return err
			}
			ctx := cmd.Context()
			var rep *chainReport
			switch backend {
			case "repl":
				rep, err = chainThroughREPL(ctx, e, ch)
			case "lsp":
				rep, err = chainThroughLSP(ctx, e, ch)
			default:
				return usageError("--backend %q: want repl or lsp", backend)
			}
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

func readFormalChain(path string) (leanbridge.Chain, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return leanbridge.Chain{}, err
	}
	if strings.EqualFold(filepath.Ext(path), ".json") || strings.HasPrefix(strings.TrimSpace(string(b)), "{") {
		ch, err := leanbridge.ParseChain(b)
		if err != nil {
			return ch, fmt.Errorf("%s: %w", path, err)
		}
		return ch, nil
	}
	ch, err := leanbridge.ChainFromSource(string(b), "")
	if err != nil {
		return ch, fmt.Errorf("%s: %w", path, err)
	}
	return ch, nil
}

func chainThroughREPL(ctx context.Context, e *env, ch leanbridge.Chain) (*chainReport, error) {
	cfg, err := leanConfig(e)
	if err != nil {
		return nil, err
	}
	cfg.Workers = 1
	cfg.SkipProbe = true // the chain brings its own tactics
	w, err := leanbridge.StartWorker(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("starting the REPL: %w", err)
	}
	defer w.Close()
	res, err := w.CheckChain(ctx, ch)
	if err != nil {
		return nil, err
	}
	rep := &chainReport{Backend: "repl", Checker: res.Checker, Verified: res.Verified, Problems: res.Problems, Text: res.Text}
	for _, s := range res.Steps {
		cs := chainStep{Index: s.Index, Tactic: s.Tactic, Status: string(s.Status), Goals: s.Goals}
		for _, m := range s.Messages {
			cs.Messages = append(cs.Messages, m.Severity+": "+m.Data)
		}
		rep.Steps = append(rep.Steps, cs)
	}
	return rep, nil
}

func chainThroughLSP(ctx context.Context, e *env, ch leanbridge.Chain) (*chainReport, error) {
	argv, err := splitCommand(e.cfg.String("lean.server_command"))
	if err != nil {
		return nil, fmt.Errorf("setting lean.server_command: %w", err)
	}
	if argv, err = resolveSelf(argv); err != nil {
		return nil, err
	}
	timeout, err := e.cfg.Duration("lean.timeout")
	if err != nil {
		return nil, err
	}
	opts := lsp.Options{Command: argv, CheckTimeout: timeout}
	if len(argv) == 0 {
		opts.Dir = e.cfg.String("lean.project")
		if _, err := findTool("lake"); err != nil {
			return nil, fmt.Errorf("the language server needs lake (run make lean), or set lean.server_command")
		}
	}
	c, err := lsp.Start(ctx, opts)
	if err != nil {
		return nil, fmt.Errorf("starting the language server: %w", err)
	}
	defer func() {
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 15*time.Second)
		defer cancel()
		c.Close(cctx)
	}()
	// The language-server file is header, statement, steps: the preamble (open …, helper
	// lemmas) belongs before the theorem, so it goes after the imports in the header.
	header := ch.Header
	if ch.Preamble != "" {
		header = strings.TrimSpace(header + "\n" + ch.Preamble)
	}
	res, err := c.CheckChain(ctx, lsp.Chain{Header: header, Statement: ch.Statement, Steps: ch.Steps})
	if err != nil {
		return nil, err
	}
	rep := &chainReport{Backend: "lsp", Checker: res.Checker, Verified: res.Verified, Problems: res.Problems, Text: res.Text}
	for _, s := range res.Steps {
		status := "failed"
		switch {
		case s.Skipped:
			status = "not run"
		case s.Accepted:
			status = "accepted"
		}
		cs := chainStep{Index: s.Index, Tactic: s.Tactic, Status: status, Goals: s.Goals}
		for _, m := range s.Messages {
			cs.Messages = append(cs.Messages, m.Severity+": "+m.Data)
		}
		rep.Steps = append(rep.Steps, cs)
	}
	return rep, nil
}

func writeChainReport(e *env, rep *chainReport) error {
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "#\ttactic\tstatus\tgoals after / message")
	for _, s := range rep.Steps {
		detail := "no goals"
		switch {
		case len(s.Messages) > 0:
			detail = strings.Join(s.Messages, " | ")
		case s.Status != "accepted":
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

func oneLineText(s string, max int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > max {
		return string(r[:max-1]) + "…"
	}
	return s
}
