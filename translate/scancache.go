package translate

import (
	"fmt"
	"math/big"
	"unicode/utf8"

	"github.com/leanprm/leanprm/translate/internal/arith"
	"github.com/leanprm/leanprm/translate/internal/discourse"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/lru"
)

// Default bounds of a ScanCache.
const (
	DefaultScanCacheEntries = 65536
	DefaultScanCacheBytes   = 128 << 20
)

// ScanCache keeps the first reading of steps (lexing, runs, the sides and
// relations of each run, the name events of the step) by step text and
// limits, so that a chain scored again with one more step — incremental
// scoring in `leanprm serve` — reads only the new step. It changes no
// translation: a cached scan is the scan the step would get afresh.
//
// It is bounded by a count and by a rough byte cost (least recently used
// entries go first) and safe for concurrent use. A nil *ScanCache is off.
//
// Sharing contract: a cached scan is read by many chains and goroutines at
// once, so nothing after the scan may write to it. Translate reads the
// tokens, runs, sentences, items and AST nodes only (every write to them is
// in lex, buildRuns, splitRun, parsing and dropContext, all inside the
// scan); the one field written later, sideInfo.roots, lives in a copy of
// each side made per use; name events are copied per use with their step
// index and values filled in afresh (cached events carry step 0).
// Translate without a cache keeps its own first loop, so the differential
// test compares the cached path against the reading it replaces. A change
// that writes to a token, run, side or node after the scan (in the claim
// loop, symClaims or below) breaks this contract: TestScanCacheConcurrent
// under -race and TestScanCacheDifferentialProcessBench are its guards.
type ScanCache struct {
	c *lru.Cache[scanKey, *stepReading]
}

type scanKey struct {
	text string
	lim  Limits
}

// stepReading is the scan of one step, independent of its place in a chain.
// It is immutable once built.
type stepReading struct {
	skip   string
	toks   []mathtext.Tok
	sc     *mathtext.Scan
	dr     *discourse.Reading
	sides  [][]arith.SideInfo
	rels   [][]string
	events []nameEvent // at.step is 0
}

// NewScanCache returns a cache of at most maxEntries scans and roughly
// maxBytes; zero or negative bounds take the defaults.
func NewScanCache(maxEntries int, maxBytes int64) *ScanCache {
	if maxEntries <= 0 {
		maxEntries = DefaultScanCacheEntries
	}
	if maxBytes <= 0 {
		maxBytes = DefaultScanCacheBytes
	}
	return &ScanCache{c: lru.New[scanKey, *stepReading](maxEntries, maxBytes)}
}

// Stats reports the entries held, their cost, and the hits and misses so far.
func (c *ScanCache) Stats() (entries int, bytes int64, hits, misses uint64) {
	return c.c.Stats()
}

// reading returns the scan of text under lim, from the cache when c holds it.
func (c *ScanCache) reading(text string, lim Limits) *stepReading {
	if c == nil {
		return readStep(text, lim)
	}
	k := scanKey{text: text, lim: lim}
	if v, ok := c.c.Get(k); ok {
		return v
	}
	// Scanned outside the cache's lock: two goroutines missing on one text
	// both scan it, and the later put replaces an equal value.
	v := readStep(text, lim)
	c.c.Put(k, v, scanCost(text))
	return v
}

// scanCost is a rough byte cost of a step's scan: tokens, items and nodes
// grow with the text. Measured on the ProcessBench dev steps (13000 steps,
// 3.2 MB of text): the heap grew by 234 MB, 512 + 72 bytes a byte of text.
func scanCost(text string) int64 { return 512 + 72*int64(len(text)) }

// readStep is the first reading of one step: the work of Translate's first
// loop, with name events placed at step 0.
func readStep(text string, lim Limits) *stepReading {
	rd := &stepReading{}
	switch {
	case !utf8.ValidString(text):
		rd.skip = "the step is not valid UTF-8"
		return rd
	case len(text) > lim.MaxStepBytes:
		rd.skip = fmt.Sprintf("%s %d bytes", stepTooLong, lim.MaxStepBytes)
		return rd
	}
	rd.toks = mathtext.Lex(text, lim.MaxDigits)
	rd.sc = mathtext.BuildRuns(text, rd.toks)
	rd.dr = discourse.Read(text, rd.toks)
	rd.sides = make([][]arith.SideInfo, 0, len(rd.sc.Runs))
	rd.rels = make([][]string, 0, len(rd.sc.Runs))
	for _, r := range rd.sc.Runs {
		sides, rels := arith.SplitRun(r, lim.MaxExponent)
		dropContext(r, sides, rels)
		if ev, ok := bindingEvent(0, r, sides, rels, rd.sc, rd.dr, lim); ok {
			rd.events = append(rd.events, ev)
		}
		vals := make([]arith.SideInfo, len(sides))
		for k, s := range sides {
			vals[k] = *s
		}
		rd.sides = append(rd.sides, vals)
		rd.rels = append(rd.rels, rels)
	}
	rd.events = append(rd.events, introEvents(0, rd.sc)...)
	return rd
}

// use fills ss with the reading of step i and appends its name events to
// events. The sides are fresh copies (the second loop marks them) and the
// events fresh values at step i; the rest is shared and only read.
func (rd *stepReading) use(i int, text string, ss *stepScan, events []nameEvent) []nameEvent {
	ss.text = text
	ss.skip = rd.skip
	if rd.skip != "" {
		return events
	}
	ss.toks, ss.sc, ss.dr, ss.rels = rd.toks, rd.sc, rd.dr, rd.rels
	n := 0
	for _, vals := range rd.sides {
		n += len(vals)
	}
	copies := make([]arith.SideInfo, 0, n)
	ptrs := make([]*arith.SideInfo, 0, n)
	ss.sides = make([][]*arith.SideInfo, len(rd.sides))
	for ri, vals := range rd.sides {
		start := len(ptrs)
		for _, v := range vals {
			copies = append(copies, v)
			ptrs = append(ptrs, &copies[len(copies)-1])
		}
		ss.sides[ri] = ptrs[start:len(ptrs):len(ptrs)]
	}
	for _, ev := range rd.events {
		ev.at.step = i
		if ev.value != nil {
			ev.value = new(big.Rat).Set(ev.value)
		}
		if ev.rad != nil {
			ev.rad = new(big.Rat).Set(ev.rad)
		}
		events = append(events, ev)
	}
	return events
}
