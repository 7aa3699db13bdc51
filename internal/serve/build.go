package serve

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"path/filepath"
	"regexp"

	"github.com/leanprm/leanprm/hybrid"
	hformal "github.com/leanprm/leanprm/hybrid/formal"
	"github.com/leanprm/leanprm/hybrid/prm/embedded"
	"github.com/leanprm/leanprm/internal/config"
	"github.com/leanprm/leanprm/internal/wire"
	"github.com/leanprm/leanprm/leanbridge/verify"
	"github.com/leanprm/leanprm/translate"
)

// BuildOptions adjust Build. The zero value scores under the hybrid policy (Policy's zero
// value), aggregates chains
// by min and holds snippets to verify-proof's rules.
type BuildOptions struct {
	Policy    hybrid.Policy
	Aggregate hybrid.Aggregate
	// Threshold is the first-error threshold; 0 means the model's calibrated one.
	Threshold float64
	// AllowUnsafeLean lifts the rules on snippets (Parts.AllowUnsafeLean).
	AllowUnsafeLean bool
	// CacheEntries and CacheBytes bound the obligation cache and the Lean-step cache (each);
	// 0 means 1<<20 entries and 256 MiB. The caches of step readings (translate.ScanCache),
	// of exact-checker outcomes (translate.ExactCache) and of chain contexts
	// (translate.ContextCache) have their own defaults.
	CacheEntries int
	CacheBytes   int64
}

// Built is what Build made: the handler's parts, what the server reports about them, and
// Close, which stops the REPL pool (cleanly: requests in flight are answered or failed first).
type Built struct {
	Parts Parts
	// Info is for Server.Ready (Versions.Leanprm left empty: the binary knows its own).
	Info  Info
	Close func()
}

// Build assembles the handler's parts from the configuration through internal/wire: the
// learned PRM, the formal side (its REPL pool started and warm for lean.header, behind a cache
// of obligations by content), the verify options on the same pool, and the pool itself for
// snippets. It blocks while the pool starts. stderr gets the formal side's warnings.
func Build(ctx context.Context, cfg *config.Config, o BuildOptions, stderr io.Writer) (*Built, error) {
	if o.CacheEntries <= 0 {
		o.CacheEntries = 1 << 20
	}
	if o.CacheBytes <= 0 {
		o.CacheBytes = 256 << 20
	}
	modules, err := verify.ParseHeader(cfg.Lean.Header)
	if err != nil {
		return nil, err
	}
	prm, closePRM, err := wire.NewPRM(cfg)
	if err != nil {
		return nil, err
	}
	// The embedded PRM computes the features of a prefix's steps once; a chain that extends
	// it scores its new steps only.
	var prmContexts *embedded.ContextCache
	if m, ok := prm.(*embedded.Model); ok {
		prmContexts = embedded.NewContextCache(0, 0)
		prm = m.WithContexts(prmContexts)
	}
	oc := NewObligationCache(o.CacheEntries, o.CacheBytes)
	// Incremental scoring sends a scored prefix again: its steps are read once.
	scans := translate.NewScanCache(0, 0)
	// ... and the exact checker evaluates the prefix's declarations once.
	exact := translate.NewExactCache(0, 0)
	// ... and a chain that extends a chain translated before translates only its new steps.
	contexts := translate.NewContextCache(0, 0)
	f, err := wire.NewFormalWith(ctx, cfg, stderr, wire.FormalOptions{
		WrapLean:     func(l translate.Lean) translate.Lean { return oc.Wrap(l, cfg.Lean.Header) },
		ScanCache:    scans,
		ExactCache:   exact,
		ContextCache: contexts,
	})
	if err != nil {
		closePRM()
		return nil, err
	}
	ls := f.LeanSteps(cfg)
	if ls.Checker != nil {
		ls.Checker = NewCachedChecker(ls.Checker, o.CacheEntries, o.CacheBytes)
	}
	threshold := o.Threshold
	if threshold == 0 {
		threshold = wire.DefaultThreshold(prm)
	}
	b := &Built{
		Parts: Parts{
			Scorer:          &hybrid.Scorer{PRM: prm, Formal: ls, Policy: o.Policy, Concurrency: cfg.Lean.WorkerCount()},
			Threshold:       threshold,
			Aggregate:       o.Aggregate,
			Verify:          wire.VerifyOptions(cfg, nil),
			Modules:         modules,
			AllowUnsafeLean: o.AllowUnsafeLean,
		},
		Info: Info{
			Checker:     f.Checker,
			WarmHeaders: []string{cfg.Lean.Header},
			Versions:    Versions{Lean: "none (exact checker)", REPL: "none", Model: modelVersion(cfg, prm)},
			Obligations: oc,
			Scans:       scans,
			Exact:       exact,
			Contexts:    contexts,
			PRMContexts: prmContexts,
		},
		Close: func() {
			f.Close()
			closePRM()
		},
	}
	if f.Pool != nil {
		b.Parts.REPL = f.Pool
		b.Parts.Verify.Runner = hformal.VerifyRunner(f.Pool)
		b.Info.REPLStats = f.Pool.Stats
		b.Info.Versions.Lean = f.Pool.Version()
		b.Info.Versions.REPL = replVersion(cfg, f.Pool.Backend())
	}
	return b, nil
}

// modelVersion names the learned PRM: the embedded model by the hash of its weights, a vLLM
// one by its URL and model name.
func modelVersion(cfg *config.Config, prm hybrid.PRM) string {
	if m, ok := prm.(*embedded.Model); ok {
		if bin, err := m.MarshalBinary(); err == nil {
			sum := sha256.Sum256(bin)
			return "embedded-" + hex.EncodeToString(sum[:6])
		}
		return "embedded"
	}
	return "vllm:" + cfg.PRM.VLLM.Model
}

var replRev = regexp.MustCompile(`(?m)^\s*rev\s*=\s*"([^"]+)"`)

// replVersion is the REPL's pinned revision from the Lake project, or the simulator's name.
func replVersion(cfg *config.Config, backend string) string {
	if backend == "sim" {
		return "leanprm-simulator"
	}
	if len(cfg.Lean.Command) > 0 {
		return "custom: " + cfg.Lean.CommandText
	}
	if b, err := os.ReadFile(filepath.Join(cfg.Lean.Project, "lakefile.toml")); err == nil {
		if m := replRev.FindSubmatch(b); m != nil {
			return "repl " + string(m[1])
		}
	}
	return "repl (unknown revision)"
}
