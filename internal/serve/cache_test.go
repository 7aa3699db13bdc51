package serve

import (
	"context"
	"errors"
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
