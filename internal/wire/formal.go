package wire

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/leanprm/leanprm/hybrid/formal"
	"github.com/leanprm/leanprm/internal/config"
	"github.com/leanprm/leanprm/leanbridge/repl"
	"github.com/leanprm/leanprm/translate"
)

// Formal is the formal side of a run: the translator, and the REPL pool behind it if any.
type Formal struct {
	Translator *translate.Translator
	// Pool is nil when the run checks with the exact checker alone.
	Pool *repl.Pool
	// Checker is what the run used: "exact", "lean", "sim", or "lean+exact" / "sim+exact".
	Checker string
}

// Close stops the REPL pool, if any.
func (f *Formal) Close() error {
	if f.Pool != nil {
		return f.Pool.Close()
	}
	return nil
}

// NewFormal builds the translator the `checker` setting asks for:
//
//	exact  the exact rational checker alone;
//	lean   the REPL alone (an error if it cannot start);
//	both   the REPL and the exact checker, disagreements reported as errors;
//	auto   both when a REPL is set up (lean.command, or `make lean` done), else exact.
//
// Under auto, a REPL that fails to start is reported on stderr and the exact checker is used.
func NewFormal(ctx context.Context, cfg *config.Config, stderr io.Writer) (*Formal, error) {
	return NewFormalWith(ctx, cfg, stderr, FormalOptions{})
}

// FormalOptions adjust NewFormalWith. The zero value is NewFormal.
type FormalOptions struct {
	// WrapLean, when set, wraps the REPL side the translator runs its commands on (the
	// server puts a cache of obligations by content there).
	WrapLean func(translate.Lean) translate.Lean
	// ScanCache, when set, is shared by the translator's chains: a step read once is not read
	// again (the server's incremental scoring; translate.Options.ScanCache).
	ScanCache *translate.ScanCache
	// ExactCache, when set, is shared by the translator's chains: an obligation the exact
	// checker decided once is not evaluated again (translate.Options.ExactCache). The CLI
	// leaves it off.
	ExactCache *translate.ExactCache
	// ContextCache, when set, is shared by the translator's chains: a chain that extends one
	// translated before translates only its new steps (translate.Options.ContextCache). The
	// CLI leaves it off.
	ContextCache *translate.ContextCache
}

// limits are the translator's limits the configuration sets (translate.*); the others keep
// their defaults.
func limits(cfg *config.Config) translate.Limits {
	return translate.Limits{MaxClaimsPerChain: cfg.Translate.MaxChainObligations}
}

// NewFormalWith is NewFormal with options.
func NewFormalWith(ctx context.Context, cfg *config.Config, stderr io.Writer, o FormalOptions) (*Formal, error) {
	mode := cfg.Checker
	tactic := cfg.Lean.Tactic
	exact := func() (*Formal, error) {
		tr, err := translate.New(translate.Options{Tactic: tactic, IdentityTactic: cfg.Lean.IdentityTactic, ScanCache: o.ScanCache, ExactCache: o.ExactCache,
			ContextCache: o.ContextCache, Limits: limits(cfg)})
		return &Formal{Translator: tr, Checker: "exact"}, err
	}
	switch mode {
	case config.CheckerExact:
		return exact()
	case config.CheckerLean, config.CheckerBoth, config.CheckerAuto:
	default: // config.Load validates the setting; a hand-built Config may still be wrong
		return nil, fmt.Errorf("checker %q: want auto, lean, exact or both", mode)
	}
	rc, err := REPLConfig(cfg, stderr)
	if err != nil {
		return nil, err
	}
	if mode == config.CheckerAuto && len(rc.Command) == 0 {
		if _, err := repl.LocateREPL(rc.ProjectDir); err != nil {
			return exact()
		}
	}
	pool, err := repl.NewPool(ctx, rc)
	if err != nil {
		if mode == config.CheckerAuto && !errors.Is(err, context.Canceled) {
			fmt.Fprintf(stderr, "leanprm: Lean is not usable (%v); checking with the exact checker\n", err)
			return exact()
		}
		return nil, fmt.Errorf("starting Lean: %w", err)
	}
	lean := formal.TranslateLean(pool, cfg.Lean.Header)
	if o.WrapLean != nil {
		lean = o.WrapLean(lean)
	}
	tr, err := translate.New(translate.Options{Lean: lean, NoExact: mode == config.CheckerLean, Tactic: tactic,
		IdentityTactic: cfg.Lean.IdentityTactic, ScanCache: o.ScanCache, ExactCache: o.ExactCache, ContextCache: o.ContextCache, Limits: limits(cfg)})
	if err != nil {
		pool.Close()
		return nil, err
	}
	checker := pool.Backend()
	if mode != config.CheckerLean {
		checker += "+exact"
	}
	return &Formal{Translator: tr, Pool: pool, Checker: checker}, nil
}

// LeanSteps is the judge of fenced Lean steps over this formal side: the prose checker for
// everything else, the REPL pool (when there is one) for the Lean steps.
func (f *Formal) LeanSteps(cfg *config.Config) formal.LeanSteps {
	ls := formal.LeanSteps{Inner: formal.NewProse(f.Translator), Header: cfg.Lean.Header}
	if f.Pool != nil { // a nil pool must not become a non-nil Checker
		ls.Checker = f.Pool
	}
	return ls
}

// ExclusiveREPLFailed is the error of a run whose formal side was the REPL alone and whose
// every request failed: each failed request leaves its claims "unknown", which reads like a
// clean run, so the caller must be told the formal side did not run at all. With the exact
// checker beside the REPL its verdicts stand (and each chain carries a warning), so nil.
func (f *Formal) ExclusiveREPLFailed() error {
	if f.Pool == nil || strings.HasSuffix(f.Checker, "+exact") {
		return nil
	}
	if st := f.Pool.Stats(); st.Requests > 0 && st.Errors >= st.Requests {
		return fmt.Errorf("no formal verdict: all %d REPL request(s) failed, %d of them timed out (lean.timeout, --timeout)", st.Requests, st.Timeouts)
	}
	return nil
}
