package serve

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/translate"
)

// fakeLean rejects every line that contains "bad" with an error message on that line, and
// records what it was sent.
type fakeLean struct {
	sent  []string
	fail  bool
	multi bool // answer with a message that spans two lines
}

func (f *fakeLean) Backend() string { return "sim" }

func (f *fakeLean) RunCommand(_ context.Context, cmd string) (translate.LeanReply, error) {
	f.sent = append(f.sent, cmd)
	if f.fail {
		return translate.LeanReply{}, errors.New("crashed")
	}
	var r translate.LeanReply
	for i, l := range strings.Split(cmd, "\n") {
		if strings.Contains(l, "bad") {
			r.Messages = append(r.Messages, translate.LeanMessage{Severity: "error", Line: i + 1, Column: 8, EndLine: i + 1, EndColumn: 11, Data: "no: " + l})
		}
		if strings.Contains(l, "hole") {
			r.SorryLines = append(r.SorryLines, i+1)
		}
	}
	if f.multi {
		r.Messages = append(r.Messages, translate.LeanMessage{Severity: "error", Line: 1, EndLine: 2, Data: "spans"})
	}
	return r, nil
}

func TestObligationCacheSendsOnlyNewLines(t *testing.T) {
	inner := &fakeLean{}
	oc := NewObligationCache(100, 1<<20)
	l := oc.Wrap(inner, "")
	ctx := context.Background()
	first, err := l.RunCommand(ctx, "example : a\nexample : bad 1")
	require.NoError(t, err)
	require.Len(t, first.Messages, 1)
	assert.Equal(t, 2, first.Messages[0].Line)

	got, err := l.RunCommand(ctx, "example : a\nexample : bad 1\nexample : hole\nexample : bad 2\nexample : a")
	require.NoError(t, err)
	assert.Equal(t, []string{"example : a\nexample : bad 1", "example : hole\nexample : bad 2"}, inner.sent, "only new lines, each once")
	want, err := (&fakeLean{}).RunCommand(ctx, "example : a\nexample : bad 1\nexample : hole\nexample : bad 2\nexample : a")
	require.NoError(t, err)
	assert.Equal(t, want, got, "the same reply as the whole command gets")

	_, _, hits, misses := oc.Stats()
	assert.Equal(t, uint64(3), hits)
	assert.Equal(t, uint64(4), misses)
}

func TestObligationCacheKeepsWhatItCannotPlace(t *testing.T) {
	ctx := context.Background()
	outside := &fakeLean{}
	l := NewObligationCache(100, 1<<20).Wrap(outside, "")
	_, err := l.RunCommand(ctx, "theorem t : 1 = 1 := rfl\nexample : a")
	require.NoError(t, err)
	_, err = l.RunCommand(ctx, "theorem t : 1 = 1 := rfl\nexample : a")
	require.NoError(t, err)
	assert.Len(t, outside.sent, 2, "a command outside the dialect is never cached")

	failing := &fakeLean{fail: true}
	l = NewObligationCache(100, 1<<20).Wrap(failing, "")
	_, err = l.RunCommand(ctx, "example : a")
	require.Error(t, err)
	failing.fail = false
	_, err = l.RunCommand(ctx, "example : a")
	require.NoError(t, err)
	assert.Len(t, failing.sent, 2, "a failure is not cached")

	spans := &fakeLean{multi: true}
	l = NewObligationCache(100, 1<<20).Wrap(spans, "")
	r, err := l.RunCommand(ctx, "example : a\nexample : b")
	require.NoError(t, err)
	assert.Len(t, r.Messages, 1, "the reply to the whole command")
	_, err = l.RunCommand(ctx, "example : a\nexample : b")
	require.NoError(t, err)
	assert.Len(t, spans.sent, 4, "a message over two lines cannot be placed: nothing is cached")
}

// TestCachesHoldTheirShare: every cache of a process is bounded by its share of
// serve.cache_memory, however many distinct chains come.
func TestCachesHoldTheirShare(t *testing.T) {
	const budget = 64 << 10
	cfg := simConfig(t, "both", "", "1") // the REPL and the exact checker: every cache is used
	cfg.Serve.CacheMemory = budget
	shares := SplitCacheMemory(budget)
	assert.LessOrEqual(t, shares.Sum(), int64(budget))
	ts := startServer(t, cfg, Options{PrefixBytes: shares.Prefixes})
	for i := range 60 {
		body := fmt.Sprintf(`{"chains": [{"id": "c", "problem": "Problem %d: she has %d apples.", "steps": ["She has %d + %d = %d apples.", "Then %d * 2 = %d.", "So the answer is %d."]}]}`,
			i, i, i, i+1, 2*i+1, 2*i+1, 4*i+2, 4*i+2)
		resp := post(t, ts.URL+"/v1/score", "", body, nil)
		require.Equal(t, http.StatusOK, resp.StatusCode)
	}
	info := ts.built.Info
	for name, c := range map[string]struct {
		stats func() (int, int64, uint64, uint64)
		share int64
	}{
		"obligations":         {info.Obligations.Stats, shares.Obligations},
		"step readings":       {info.Scans.Stats, shares.Scans},
		"exact outcomes":      {info.Exact.Stats, shares.Exact},
		"translator contexts": {info.Contexts.Stats, shares.Contexts},
		"PRM contexts":        {info.PRMContexts.Stats, shares.PRMContexts},
		"prefixes":            {ts.srv.prefixes.Stats, shares.Prefixes},
	} {
		entries, bytes, _, misses := c.stats()
		assert.Positive(t, misses+uint64(entries), "%s: the cache was used", name)
		assert.LessOrEqual(t, bytes, c.share, "%s within its share", name)
	}
	_, bytes, _, misses := info.Obligations.Stats()
	assert.Greater(t, misses, uint64(0))
	assert.Greater(t, bytes, shares.Obligations/2, "the obligations filled their share: the bound, not the traffic, stopped them")
}
