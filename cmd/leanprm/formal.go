package main

import (
	"context"
	"errors"
	"fmt"

	hformal "github.com/leanprm/leanprm/hybrid/formal"
	"github.com/leanprm/leanprm/leanbridge/repl"
	"github.com/leanprm/leanprm/translate"
)

// formal is the formal side of a run: the translator, and the REPL pool behind it if any.
type formal struct {
	tr   *translate.Translator
	pool *repl.Pool
	// checker is what the run used: "exact", "lean", "sim", or "lean+exact" / "sim+exact".
	checker string
}

func (f *formal) Close() error {
	if f.pool != nil {
		return f.pool.Close()
	}
	return nil
}

// newFormal builds the translator the `checker` setting asks for:
//
//	exact  the exact rational checker alone;
//	lean   the REPL alone (an error if it cannot start);
//	both   the REPL and the exact checker, disagreements reported as errors;
//	auto   both when a REPL is set up (lean.command, or `make lean` done), else exact.
func newFormal(ctx context.Context, e *env) (*formal, error) {
	mode := e.cfg.String("checker")
	tactic := e.cfg.String("lean.tactic")
	switch mode {
	case "exact":
		tr, err := translate.New(translate.Options{Tactic: tactic})
		return &formal{tr: tr, checker: "exact"}, err
	case "lean", "both", "auto":
	default:
		return nil, usageError("checker %q: want auto, lean, exact or both", mode)
	}
	cfg, err := leanConfig(e)
	if err != nil {
		return nil, err
	}
	if mode == "auto" && len(cfg.Command) == 0 {
		if _, err := repl.LocateREPL(cfg.ProjectDir); err != nil {
			tr, terr := translate.New(translate.Options{Tactic: tactic})
			return &formal{tr: tr, checker: "exact"}, terr
		}
	}
	pool, err := repl.NewPool(ctx, cfg)
	if err != nil {
		if mode == "auto" && !errors.Is(err, context.Canceled) {
			fmt.Fprintf(e.stderr, "leanprm: Lean is not usable (%v); checking with the exact checker\n", err)
			tr, terr := translate.New(translate.Options{Tactic: tactic})
			return &formal{tr: tr, checker: "exact"}, terr
		}
		return nil, fmt.Errorf("starting Lean: %w", err)
	}
	lean := hformal.TranslateLean(pool, e.cfg.String("lean.header"))
	tr, err := translate.New(translate.Options{Lean: lean, NoExact: mode == "lean", Tactic: tactic})
	if err != nil {
		pool.Close()
		return nil, err
	}
	checker := pool.Backend()
	if mode != "lean" {
		checker += "+exact"
	}
	return &formal{tr: tr, pool: pool, checker: checker}, nil
}
