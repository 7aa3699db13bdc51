package wire

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/leanprm/leanprm/internal/config"
	"github.com/leanprm/leanprm/leanbridge/lsp"
	"github.com/leanprm/leanprm/leanbridge/proofchain"
	"github.com/leanprm/leanprm/leanbridge/repl"
)

// Proof-chain backends.
const (
	BackendREPL = "repl" // tactic mode, then a command-mode re-check
	BackendLSP  = "lsp"  // the language server
)

// ErrUnknownBackend is returned by ChainChecker for a backend other than repl or lsp.
var ErrUnknownBackend = errors.New("want repl or lsp")

// ChainChecker starts the backend that judges a formal proof step by step: one REPL worker
// (lean.command or the Lake project), or the language server (lean.server_command or lake
// serve in lean.project). The caller must call the returned close, which stops the process.
func ChainChecker(ctx context.Context, cfg *config.Config, backend string, stderr io.Writer) (proofchain.Checker, func(), error) {
	switch backend {
	case BackendREPL:
		rc, err := REPLConfig(cfg, stderr)
		if err != nil {
			return nil, nil, err
		}
		rc.Workers = 1
		rc.SkipProbe = true // the chain brings its own tactics
		w, err := repl.StartWorker(ctx, rc)
		if err != nil {
			return nil, nil, fmt.Errorf("starting the REPL: %w", err)
		}
		return w, func() { w.Close() }, nil
	case BackendLSP:
		argv, err := ResolveSelf(cfg.Lean.ServerCommand)
		if err != nil {
			return nil, nil, err
		}
		confine, err := Confinement(cfg, stderr)
		if err != nil {
			return nil, nil, err
		}
		opts := lsp.Options{Command: argv, CheckTimeout: cfg.Lean.Timeout, Confine: confine}
		if len(argv) == 0 {
			opts.Dir = cfg.Lean.Project
			if _, err := FindTool("lake"); err != nil {
				return nil, nil, fmt.Errorf("the language server needs lake (run make lean), or set lean.server_command")
			}
		}
		c, err := lsp.Start(ctx, opts)
		if err != nil {
			return nil, nil, fmt.Errorf("starting the language server: %w", err)
		}
		return c, func() {
			cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 15*time.Second)
			defer cancel()
			c.Close(cctx)
		}, nil
	default:
		return nil, nil, fmt.Errorf("--backend %q: %w", backend, ErrUnknownBackend)
	}
}
