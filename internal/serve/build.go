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
	// CacheEntries bounds the entries of the obligation cache and of the Lean-step cache
	// (each); 0 means 1<<20. CacheMemory is the budget of all the process's caches together,
	// split by SplitCacheMemory; 0 means serve.cache_memory.
	CacheEntries int
	CacheMemory  int64
}

// CacheShares are the byte bounds of the caches of one process, from one budget
// (serve.cache_memory). Each is an LRU bounded by its entries' estimated cost, which counts
// the text and the decoded values an entry holds, not Go's per-allocation overhead:
// BenchmarkSoak / TestMeasureSoak measures what the process really holds.
type CacheShares struct {
	// Obligations: what Lean said about each obligation line (ObligationCache).
	Obligations int64
	// LeanSteps: the REPL's results for whole fenced Lean steps (CachedChecker).
	LeanSteps int64
	// Scans: the translator's first reading of each step (translate.ScanCache).
	Scans int64
	// Exact: the exact checker's outcome per declaration (translate.ExactCache).
	Exact int64
	// Contexts: the translator's chain contexts (translate.ContextCache).
	Contexts int64
	// PRMContexts: the embedded PRM's chain contexts (embedded.ContextCache).
	PRMContexts int64
	// Prefixes: the chains kept for incremental scoring (Options.PrefixBytes); held by the
	// server, so by the gateway in NATS mode, where the others are the workers'.
	Prefixes int64
}

// SplitCacheMemory splits total among the caches in sixteenths: obligations 4, step
// readings 3, Lean steps, translator contexts, PRM contexts and prefixes 2 each, exact
// outcomes 1. The obligations and the step readings are what incremental scoring
// hits most.
func SplitCacheMemory(total int64) CacheShares {
	part := func(n int64) int64 { return max(total/16*n, 1) }
	return CacheShares{Obligations: part(4), Scans: part(3), LeanSteps: part(2), Contexts: part(2),
		PRMContexts: part(2), Prefixes: part(2), Exact: part(1)}
}

// Sum is what the shares add up to.
func (c CacheShares) Sum() int64 {
	return c.Obligations + c.LeanSteps + c.Scans + c.Exact + c.Contexts + c.PRMContexts + c.Prefixes
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
	if o.CacheMemory <= 0 {
		o.CacheMemory = cfg.Serve.CacheMemory
	}
	if o.CacheMemory <= 0 {
		o.CacheMemory = 256 << 20
	}
	shares := SplitCacheMemory(o.CacheMemory)
	modules, err := verify.ParseHeader(cfg.Lean.Header)
	if err != nil {
		return nil, err
	}
	grader, err := wire.Grader(cfg) // one per process: chains' answers graded by grade.*
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
		prmContexts = embedded.NewContextCache(0, shares.PRMContexts)
		prm = m.WithContexts(prmContexts)
	}
	oc := NewObligationCache(o.CacheEntries, shares.Obligations)
	// Incremental scoring sends a scored prefix again: its steps are read once.
	scans := translate.NewScanCache(0, shares.Scans)
	// ... and the exact checker evaluates the prefix's declarations once.
	exact := translate.NewExactCache(0, shares.Exact)
	// ... and a chain that extends a chain translated before translates only its new steps.
	contexts := translate.NewContextCache(0, shares.Contexts)
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
		ls.Checker = NewCachedChecker(ls.Checker, o.CacheEntries, shares.LeanSteps)
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
			Grader:          grader,
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
		b.Parts.Verify.Runner = verify.REPLRunner(f.Pool)
		// /v1/verify replays through the kernel by default where its tools are installed.
		tier, err := wire.KernelTier(cfg, "")
		if err == nil {
			err = wire.WithKernel(cfg, tier, &b.Parts.Verify)
		}
		if err != nil {
			b.Close()
			return nil, err
		}
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
