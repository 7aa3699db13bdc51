package output

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestOrderedWritesInInputOrder(t *testing.T) {
	var got []int
	o := NewOrdered(func(i int) error { got = append(got, i); return nil })
	assert.False(t, o.Started())
	o.Add(1, 1)
	o.Add(3, 3)
	assert.Empty(t, got, "1 and 3 wait for 0")
	assert.True(t, o.Started())
	o.Add(0, 0)
	assert.Equal(t, []int{0, 1}, got)
	require.NoError(t, o.Rest(), "an interrupt: 2 never came")
	assert.Equal(t, []int{0, 1, 3}, got)

	boom := errors.New("disk full")
	o = NewOrdered(func(i int) error { got = append(got, i); return boom })
	got = nil
	o.Add(0, 0)
	o.Add(1, 1)
	assert.Equal(t, []int{0}, got, "writes stop at the first error")
	assert.ErrorIs(t, o.Rest(), boom)
}

func TestJSONArrayIsValidWhenClosed(t *testing.T) {
	for _, n := range []int{0, 1, 3} {
		var b strings.Builder
		a := &JSONArray{W: &b}
		for i := range n {
			require.NoError(t, a.Add(map[string]int{"i": i}))
		}
		require.NoError(t, a.Close())
		require.NoError(t, a.Close(), "a second Close does nothing")
		var v []map[string]int
		require.NoError(t, json.Unmarshal([]byte(b.String()), &v), b.String())
		assert.Len(t, v, n)
	}
}

func TestFileAppearsOnlyWhenCommitted(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "r.html")
	f, err := Create("--html", path)
	require.NoError(t, err)
	f.Abort()
	_, err = os.Stat(path)
	assert.True(t, os.IsNotExist(err), "an aborted run leaves nothing")
	entries, _ := os.ReadDir(dir)
	assert.Empty(t, entries, "nor its temporary file")

	f, err = Create("--html", path)
	require.NoError(t, err)
	require.NoError(t, f.Commit(func(w io.Writer) error { _, err := io.WriteString(w, "<p>"); return err }))
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "<p>", string(b))
	st, _ := os.Stat(path)
	assert.Equal(t, os.FileMode(0o644), st.Mode().Perm())

	_, err = Create("--html", filepath.Join(dir, "no", "such", "r.html"))
	assert.ErrorContains(t, err, "--html "+filepath.Join(dir, "no", "such", "r.html")+": cannot write there: no such file or directory")
}

func TestProgressOnlyOnATerminal(t *testing.T) {
	assert.Nil(t, Progress(io.Discard, "x"), "not a file")
	f, err := os.CreateTemp(t.TempDir(), "stderr")
	require.NoError(t, err)
	defer f.Close()
	assert.Nil(t, Progress(f, "x"), "a regular file is not a terminal")
}

// TestRunOrderedKeepsInputOrderWithABoundedBuffer: items finish out of order (the first is the
// slowest); the results still come out in input order, and never more than window items are
// started and not yet written.
func TestRunOrderedKeepsInputOrderWithABoundedBuffer(t *testing.T) {
	items := make([]int, 60)
	for i := range items {
		items[i] = i
	}
	var mu sync.Mutex
	started, written, maxOpen := 0, 0, 0
	var got []int
	do := func(_ context.Context, i int) (int, bool) {
		mu.Lock()
		started++
		maxOpen = max(maxOpen, started-written)
		mu.Unlock()
		d := time.Millisecond * time.Duration((i*7)%5)
		if i == 0 {
			d = 60 * time.Millisecond
		}
		time.Sleep(d)
		return i * 10, true
	}
	RunOrdered(context.Background(), items, 4, 8, do, func(r int) {
		mu.Lock()
		written++
		got = append(got, r)
		mu.Unlock()
	})
	require.Len(t, got, 60)
	for i, r := range got {
		require.Equal(t, i*10, r, "input order")
	}
	assert.LessOrEqual(t, maxOpen, 8, "at most window items started and not written")
	assert.Greater(t, maxOpen, 4, "the window lets finished results wait behind a slow one")
}

// TestRunOrderedStopsOnCancel: after the context ends no item starts, and what finished is
// written, in order.
func TestRunOrderedStopsOnCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	items := make([]int, 100)
	var got []int
	var n atomic.Int32
	RunOrdered(ctx, items, 2, 4, func(ctx context.Context, _ int) (int, bool) {
		if n.Add(1) == 10 {
			cancel()
		}
		return int(n.Load()), ctx.Err() == nil
	}, func(r int) { got = append(got, r) })
	assert.Less(t, len(got), 20)
	assert.LessOrEqual(t, int(n.Load()), 10+4, "nothing starts after the cancel beyond what was dispatched")
}
