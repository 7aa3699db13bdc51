package serve

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"strings"

	"github.com/leanprm/leanprm/leanbridge/proofchain"
	"github.com/leanprm/leanprm/translate"
	"github.com/leanprm/leanprm/translate/lru"
)

// ObligationCache remembers what the REPL said about each obligation line of the translator's
// dialect (docs/CONTRACTS.md §1), by content: the header, the backend and the line itself.
// Every line of that dialect is one `example` declaration that adds nothing to the
// environment, so what Lean says about a line depends on that line alone; a chain that comes
// back with one more step sends only the new step's lines to Lean.
//
// A command with any line outside the dialect, a reply with a message that spans lines or
// falls outside the command, and a failed command are never cached: the command goes to the
// REPL as it is.
type ObligationCache struct {
	c *lru.Cache[string, lineReply]
}

// lineReply is what Lean said about one line: its messages (Line 1 is the line itself) and
// whether a sorry starts on it.
type lineReply struct {
	msgs  []translate.LeanMessage
	sorry bool
}

// NewObligationCache holds at most entries lines and about maxBytes of them.
func NewObligationCache(entries int, maxBytes int64) *ObligationCache {
	return &ObligationCache{c: lru.New[string, lineReply](entries, maxBytes)}
}

// Wrap makes a translate.Lean that answers from the cache where it can. header names the
// environment inner runs on.
func (oc *ObligationCache) Wrap(inner translate.Lean, header string) translate.Lean {
	return &cachedLean{inner: inner, cache: oc, header: header}
}

// Stats are the cache's entries, their size in bytes, its hits and misses.
func (oc *ObligationCache) Stats() (entries int, bytes int64, hits, misses uint64) {
	return oc.c.Stats()
}

type cachedLean struct {
	inner  translate.Lean
	cache  *ObligationCache
	header string
}

func (l *cachedLean) Backend() string { return l.inner.Backend() }

// SymbolicOK passes on the inner Lean's identity-probe result, so the cache sends symbolic
// lines only where the translator would without it.
func (l *cachedLean) SymbolicOK() bool {
	if s, ok := l.inner.(translate.SymbolicLean); ok {
		return s.SymbolicOK()
	}
	return true
}

func (l *cachedLean) key(line string) string {
	return l.header + "\x00" + l.inner.Backend() + "\x00" + line
}

// inDialect reports whether every line is one `example` declaration.
func inDialect(lines []string) bool {
	for _, s := range lines {
		if !strings.HasPrefix(s, "example ") || strings.ContainsAny(s, "\r") {
			return false
		}
	}
	return len(lines) > 0
}

func (l *cachedLean) RunCommand(ctx context.Context, cmd string) (translate.LeanReply, error) {
	lines := strings.Split(cmd, "\n")
	if !inDialect(lines) {
		return l.inner.RunCommand(ctx, cmd)
	}
	known := make([]lineReply, len(lines))
	var missing []string      // distinct lines to ask for, in order
	where := map[string]int{} // line text → 1-based line in the command sent
	have := make([]bool, len(lines))
	for i, s := range lines {
		if r, ok := l.cache.c.Get(l.key(s)); ok {
			known[i], have[i] = r, true
			continue
		}
		if _, ok := where[s]; !ok {
			missing = append(missing, s)
			where[s] = len(missing)
		}
	}
	if len(missing) > 0 {
		reply, err := l.inner.RunCommand(ctx, strings.Join(missing, "\n"))
		if err != nil {
			return reply, err
		}
		got, ok := splitReply(reply, len(missing))
		if !ok {
			return l.inner.RunCommand(ctx, cmd) // what Lean said cannot be placed on lines
		}
		for k, s := range missing {
			l.cache.c.Put(l.key(s), got[k], lineCost(s, got[k]))
		}
		for i, s := range lines {
			if !have[i] {
				known[i] = got[where[s]-1]
			}
		}
	}
	var out translate.LeanReply
	for i, r := range known {
		for _, m := range r.msgs {
			m.Line += i
			if m.EndLine > 0 {
				m.EndLine += i
			}
			out.Messages = append(out.Messages, m)
		}
		if r.sorry {
			out.SorryLines = append(out.SorryLines, i+1)
		}
	}
	return out, nil
}

// splitReply places every message and sorry of a reply to an n-line command on its line. ok
// is false when one does not sit on exactly one line of the command.
func splitReply(r translate.LeanReply, n int) ([]lineReply, bool) {
	out := make([]lineReply, n)
	for _, m := range r.Messages {
		if m.Line < 1 || m.Line > n || (m.EndLine != 0 && m.EndLine != m.Line) {
			return nil, false
		}
		k := m.Line - 1
		m.Line = 1
		if m.EndLine != 0 {
			m.EndLine = 1
		}
		out[k].msgs = append(out[k].msgs, m)
	}
	for _, s := range r.SorryLines {
		if s < 1 || s > n {
			return nil, false
		}
		out[s-1].sorry = true
	}
	return out, true
}

func lineCost(line string, r lineReply) int64 {
	c := int64(2*len(line) + 64)
	for _, m := range r.msgs {
		c += int64(len(m.Data)+len(m.Severity)) + 48
	}
	return c
}

// CachedChecker is a proofchain.Checker that remembers the results of whole chains (fenced
// Lean steps) by content. Only results without an error are kept: a crash or timeout is
// tried again next time.
type CachedChecker struct {
	Inner proofchain.Checker
	c     *lru.Cache[string, *proofchain.Result]
}

// NewCachedChecker wraps inner with a cache of at most entries chains and about maxBytes.
func NewCachedChecker(inner proofchain.Checker, entries int, maxBytes int64) *CachedChecker {
	return &CachedChecker{Inner: inner, c: lru.New[string, *proofchain.Result](entries, maxBytes)}
}

var _ proofchain.Checker = (*CachedChecker)(nil)

// CheckChain implements proofchain.Checker. The returned result is shared: callers must not
// modify it (hybrid/formal.Verdict does not).
func (c *CachedChecker) CheckChain(ctx context.Context, ch proofchain.Chain) (*proofchain.Result, error) {
	b, err := json.Marshal(ch)
	if err != nil {
		return c.Inner.CheckChain(ctx, ch)
	}
	sum := sha256.Sum256(b)
	key := string(sum[:])
	if r, ok := c.c.Get(key); ok {
		return r, nil
	}
	r, err := c.Inner.CheckChain(ctx, ch)
	if err == nil && r != nil {
		rb, _ := json.Marshal(r)
		c.c.Put(key, r, int64(len(rb)+len(b)))
	}
	return r, err
}
