package translate

import (
	"hash/maphash"
	"maps"
	"math/big"
	"slices"
	"sync/atomic"

	"github.com/leanprm/leanprm/translate/internal/arith"
	"github.com/leanprm/leanprm/translate/internal/freenames"
	"github.com/leanprm/leanprm/translate/internal/symbolic"
	"github.com/leanprm/leanprm/translate/internal/symdefs"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
	"github.com/leanprm/leanprm/translate/lru"
)

// Default bounds of a ContextCache.
const (
	DefaultContextCacheEntries = 16384
	DefaultContextCacheBytes   = 64 << 20
)

// ContextCache keeps, for chains already translated, the translation of
// their steps and the claim loop's context after their last step (the name
// events, the chain's modular doubt, its claim count, the symbolic reader's
// state), so that a chain that extends one of them — incremental scoring in
// `leanprm serve`, a search loop adding a step — translates only its new
// steps. It changes no translation: a resumed chain is the chain translated
// afresh (TestContextCacheDifferentialProcessBench).
//
// A later step can change how earlier steps read: a name given a second
// value or an unusable one poisons its whole scope, before the new step
// too, and a function defined twice in different ways is substituted
// nowhere (chainDefs). So a kept context is used only when the new steps
// leave both as they were for the kept steps: every scope that existed
// after them is poisoned exactly as it was, and chainDefs marks the same
// names. Otherwise the chain is translated from its first step.
//
// What a kept context depends on: the step texts (compared in full on a
// hit, never by hash alone), the translator's Limits, Tactic and
// IdentityTactic, the only options Translate reads, and the values the
// problem states exactly (exactSet.setKey: two problems that state the
// same decimals and percentages translate a chain alike, and share its
// context; any other problem has its own). An option or an input that
// changes a translation must join contextKey.
//
// Sharing contract: a kept context is read by many chains and goroutines at
// once and is never written after it is kept. Step results are copied on
// the way in and out (Check writes verdicts into its obligations), name
// events are copied with fresh values, and the symbolic state is copied by
// value with its definitions map cloned; the expressions it points to
// (sexpr, symEq, symDef) are only read after they are built, which the
// symbolic reader must keep (TestContextCacheConcurrent under -race is the
// guard).
//
// It is bounded by a count and by a rough byte cost (least recently used
// entries go first) and safe for concurrent use. A nil *ContextCache is off.
type ContextCache struct {
	c            *lru.Cache[uint64, *chainContext]
	seed         maphash.Seed
	hits, misses atomic.Uint64
}

// contextKey is what of a Translator a translation depends on.
type contextKey struct {
	lim              Limits
	tactic, idTactic string
	exact            string // exactSet.setKey of the problem
	defs             string // the problem's functions (symbolic.ProblemDefs), what the chain's own definitions read of it (symdefs.ChainProblem) and the names it ties (freenames.Ledger)
	conv             string // what the problem settles of the calendar (worldfact.Conventions)
	pct              string // the percentages of groups and the prices per item the problem states (statedFacts.Key)
}

// problemCtx is what a translation reads of the problem: the values it
// states exactly and the functions it defines (symbolic.ProblemDefs, with
// their key for the context cache), and what the chain's readers read of
// it once.
type problemCtx struct {
	exact   *arith.ExactSet
	defs    map[string]*symexpr.Def
	defsKey string
	text    string               // the problem, for MarkProducts (its key: the letters in defs)
	conv    string               // what the problem settles of the calendar (worldfact.Conventions)
	pct     statedFacts          // the percentages of groups and the prices per item the problem states (readStated)
	cp      symdefs.ChainProblem // what the chain's own definitions read of the problem, read once
	ties    freenames.Ledger     // the names the problem ties by a relation, with its functions defs
}

// chainContext is a chain's translation and the claim loop's state after
// its last step. Immutable once kept.
type chainContext struct {
	key      contextKey
	texts    []string
	steps    []StepResult // unchecked: every verdict Unknown, "not checked"
	events   []nameEvent  // sorted, as buildBindings left them
	poisoned map[string][]string
	defs     map[string]*symexpr.Def // chainDefs of texts
	total    int
	modular  modularity
	sym      symbolic.State // taken, doubt and consts cleared: they are per step
}

// NewContextCache returns a cache of at most maxEntries contexts and
// roughly maxBytes; zero or negative bounds take the defaults.
func NewContextCache(maxEntries int, maxBytes int64) *ContextCache {
	if maxEntries <= 0 {
		maxEntries = DefaultContextCacheEntries
	}
	if maxBytes <= 0 {
		maxBytes = DefaultContextCacheBytes
	}
	return &ContextCache{c: lru.New[uint64, *chainContext](maxEntries, maxBytes), seed: maphash.MakeSeed()}
}

// Stats reports the contexts held and their cost, the translations that
// resumed from a kept context (hits), and those that started from the
// first step (misses).
func (c *ContextCache) Stats() (entries int, bytes int64, hits, misses uint64) {
	entries, bytes, _, _ = c.c.Stats()
	return entries, bytes, c.hits.Load(), c.misses.Load()
}

// prefixHashes returns the hash of key and steps[:k] for k = 1..len(steps)
// (index k-1).
func (c *ContextCache) prefixHashes(key contextKey, steps []string) []uint64 {
	var h maphash.Hash
	h.SetSeed(c.seed)
	l := key.lim
	for _, v := range []int{l.MaxStepBytes, l.MaxClaimsPerStep, l.MaxClaimsPerChain, l.MaxDigits, l.MaxExponent, l.MaxBits} {
		maphash.WriteComparable(&h, v)
	}
	maphash.WriteComparable(&h, key.tactic)
	maphash.WriteComparable(&h, key.idTactic)
	maphash.WriteComparable(&h, key.exact)
	maphash.WriteComparable(&h, key.defs)
	out := make([]uint64, len(steps))
	for i, s := range steps {
		maphash.WriteComparable(&h, len(s))
		h.WriteString(s)
		out[i] = h.Sum64()
	}
	return out
}

// lookup returns what translate needs of the cache for steps: the key, the
// prefix hashes, and with resume the kept context to start from (nil when
// none). All zero for a nil cache.
func (c *ContextCache) lookup(t *Translator, pc problemCtx, steps []string, resume bool) (contextKey, []uint64, *chainContext) {
	if c == nil || len(steps) == 0 {
		return contextKey{}, nil, nil
	}
	key := contextKey{lim: t.limits, tactic: t.opts.Tactic, idTactic: t.opts.IdentityTactic, exact: pc.exact.SetKey(), defs: pc.defsKey + pc.cp.Key() + "|" + pc.ties.Key(), conv: pc.conv, pct: pc.pct.Key()}
	hashes := c.prefixHashes(key, steps)
	if !resume {
		return key, hashes, nil
	}
	return key, hashes, c.longest(key, steps, hashes)
}

// longest returns the kept context of the longest prefix of steps (all of
// them included), or nil.
func (c *ContextCache) longest(key contextKey, steps []string, hashes []uint64) *chainContext {
	for k := len(steps); k >= 1; k-- {
		cx, ok := c.c.Get(hashes[k-1])
		if ok && cx.key == key && slices.Equal(cx.texts, steps[:k]) {
			return cx
		}
	}
	return nil
}

// count records whether a translation resumed.
func (c *ContextCache) count(resumed bool) {
	if c == nil {
		return
	}
	if resumed {
		c.hits.Add(1)
	} else {
		c.misses.Add(1)
	}
}

// keep stores the context of a chain just translated: from is the context
// it resumed from (nil if none), res its unchecked result, events its sorted name events (keep takes them over: the caller
// must not use them again), binds built from them, defs chainDefs of steps
// (not written to afterwards).
func (c *ContextCache) keep(key contextKey, steps []string, hashes []uint64, from *chainContext, res ChainResult, events []nameEvent,
	binds *bindings, defs map[string]*symexpr.Def, total int, modular modularity, sym symbolic.State) {
	if c == nil || len(steps) == 0 {
		return
	}
	// The steps of the context resumed from are shared as they are (neither
	// context writes to them); the new steps' results are copied.
	kept := make([]StepResult, len(res.Steps))
	k := from.start()
	if from != nil {
		copy(kept, from.steps)
	}
	copySteps(kept[k:], res.Steps[k:])
	cx := &chainContext{
		key:      key,
		texts:    slices.Clone(steps),
		steps:    kept,
		events:   events,
		poisoned: map[string][]string{},
		defs:     defs,
		total:    total,
		modular:  modular,
		sym:      sym,
	}
	for name, scs := range binds.scopes {
		p := make([]string, len(scs))
		for i, sc := range scs {
			p[i] = sc.poisoned
		}
		cx.poisoned[name] = p
	}
	cx.sym.Defs = maps.Clone(sym.Defs)
	cx.sym.Taken, cx.sym.Doubt, cx.sym.Consts = nil, "", nil
	c.c.Put(hashes[len(steps)-1], cx, cx.cost())
}

// cost is a rough byte cost of a kept context: its texts, its step results
// (strings counted in every context that shares them) and events.
func (cx *chainContext) cost() int64 {
	n := int64(512 + 96*len(cx.events))
	for i, s := range cx.steps {
		n += int64(256 + len(cx.texts[i]) + 96*len(s.Skipped))
		for _, sk := range s.Skipped {
			n += int64(len(sk.Reason) + len(sk.Span.Text))
		}
		for _, o := range s.Obligations {
			n += int64(512 + len(o.Expr) + len(o.Prop) + len(o.Lean) + len(o.LeanNeg) + len(o.Note) + len(o.Span.Text) + 96*len(o.Hypotheses))
		}
	}
	return n
}

// start is the number of steps cx holds, 0 for nil.
func (cx *chainContext) start() int {
	if cx == nil {
		return 0
	}
	return len(cx.texts)
}

// eventsCopy returns the kept events with fresh values, ready to be
// appended to and sorted; nil for nil.
func (cx *chainContext) eventsCopy(extra int) []nameEvent {
	if cx == nil {
		return nil
	}
	return copyEvents(make([]nameEvent, 0, len(cx.events)+extra), cx.events)
}

// holds reports whether the kept steps translate in the whole chain as they
// did alone: binds (of the whole chain) poisons no scope the kept steps saw
// that was not poisoned the same way, and defs (chainDefs of the whole
// chain) marks the same names. True for nil.
func (cx *chainContext) holds(binds *bindings, defs map[string]*symexpr.Def) bool {
	if cx == nil {
		return true
	}
	for name, was := range cx.poisoned {
		now := binds.scopes[name]
		if len(now) < len(was) {
			return false
		}
		for i, p := range was {
			if now[i].poisoned != p {
				return false
			}
		}
	}
	if len(defs) != len(cx.defs) {
		return false
	}
	for name, d := range defs {
		if was, ok := cx.defs[name]; !ok || (was == nil) != (d == nil) || was != nil && d.Param != was.Param {
			return false
		}
	}
	return true
}

// restore copies the kept steps' results into steps and sets the claim
// loop's state after them.
func (cx *chainContext) restore(steps []StepResult, total *int, modular *modularity, sym *symbolic.State) {
	if cx == nil {
		return
	}
	copySteps(steps, cx.steps)
	*total, *modular = cx.total, cx.modular
	*sym = cx.sym
	sym.Defs = maps.Clone(cx.sym.Defs)
}

// copySteps copies src into dst (as long) down to the slices that a caller
// may write or append to, and returns dst. The obligations and skipped
// claims of all steps share one array each, cut so that an append to one
// step's slice reallocates instead of writing over the next step's.
func copySteps(dst, src []StepResult) []StepResult {
	no, ns := 0, 0
	for _, s := range src {
		no += len(s.Obligations)
		ns += len(s.Skipped)
	}
	obls := make([]Obligation, 0, no)
	skips := make([]Skipped, 0, ns)
	for i, s := range src {
		if s.Obligations != nil {
			at := len(obls)
			obls = append(obls, s.Obligations...)
			s.Obligations = obls[at:len(obls):len(obls)]
			for j := range s.Obligations {
				o := &s.Obligations[j]
				o.Hypotheses = slices.Clone(o.Hypotheses)
				o.Answers = slices.Clone(o.Answers)
				o.Messages = slices.Clone(o.Messages)
			}
		}
		if s.Skipped != nil {
			at := len(skips)
			skips = append(skips, s.Skipped...)
			s.Skipped = skips[at:len(skips):len(skips)]
		}
		dst[i] = s
	}
	return dst
}

// copyEvents appends copies of src to dst, values included.
func copyEvents(dst, src []nameEvent) []nameEvent {
	for _, ev := range src {
		ev.value = copyRat(ev.value)
		ev.rad = copyRat(ev.rad)
		dst = append(dst, ev)
	}
	return dst
}

func copyRat(r *big.Rat) *big.Rat {
	if r == nil {
		return nil
	}
	return new(big.Rat).Set(r)
}
