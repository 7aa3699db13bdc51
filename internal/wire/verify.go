package wire

import (
	"context"
	"fmt"
	"io"

	hformal "github.com/leanprm/leanprm/hybrid/formal"
	"github.com/leanprm/leanprm/internal/config"
	"github.com/leanprm/leanprm/leanbridge/repl"
	"github.com/leanprm/leanprm/leanbridge/verify"
)

// VerifyRunner starts the REPL pool that confirms contest proofs. Without Lean set up it says
// so on stderr and returns a nil runner: the static checks still run, and each proof that passes
// them has no verdict. The caller must call the returned close.
func VerifyRunner(ctx context.Context, cfg *config.Config, stderr io.Writer) (verify.Runner, func(), error) {
	rc, err := REPLConfig(cfg, stderr)
	if err != nil {
		return nil, nil, err
	}
	if len(rc.Command) == 0 {
		if _, err := repl.LocateREPL(rc.ProjectDir); err != nil {
			fmt.Fprintf(stderr, "leanprm: %v\nleanprm: only the checks before Lean run; no proof can be verified\n", err)
			return nil, func() {}, nil
		}
	}
	pool, err := repl.NewPool(ctx, rc)
	if err != nil {
		return nil, nil, fmt.Errorf("starting Lean: %w", err)
	}
	return hformal.VerifyRunner(pool), func() { pool.Close() }, nil
}

// VerifyOptions are the per-proof options of verify-proof: the runner, lean.header and
// lean.timeout.
func VerifyOptions(cfg *config.Config, runner verify.Runner) verify.Options {
	return verify.Options{Runner: runner, Header: cfg.Lean.Header, Timeout: cfg.Lean.Timeout}
}
