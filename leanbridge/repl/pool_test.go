package repl

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/leanbridge/proc"
)

func newFakePool(t *testing.T, workers int, args ...string) *Pool {
	t.Helper()
	cfg := fakeConfig(args...)
	cfg.Workers = workers
	p, err := NewPool(ctxT(t), cfg)
	require.NoError(t, err, "NewPool")
	t.Cleanup(func() { p.Close() })
	return p
}

func poolPgids(p *Pool) []int {
	var out []int
	for _, w := range p.workers {
		w.mu.Lock()
		if w.conn != nil {
			out = append(out, w.conn.peer.Pgid())
		}
		w.mu.Unlock()
	}
	return out
}

func TestPool(t *testing.T) {
	p := newFakePool(t, 3)
	ctx := ctxT(t)
	assert.Equal(t, BackendSim, p.Backend(), "backend %q version %q", p.Backend(), p.Version())
	assert.Equal(t, "4.32.0", p.Version(), "backend %q version %q", p.Backend(), p.Version())
	probes := p.Probes()
	require.Len(t, probes, 3, "%d probe results", len(probes))
	for _, pr := range probes {
		assert.True(t, pr.Passed(), "probe %+v", pr)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 100)
	for i := range 100 {
		wg.Go(func() {
			r, err := p.Command(ctx, "import Foo", CommandRequest{Cmd: "fake:echo " + strconv.Itoa(i)})
			if err != nil {
				errs <- err
			} else if messageData(r) != strconv.Itoa(i) {
				errs <- errors.New("reply for another request: " + messageData(r))
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		assert.NoError(t, err)
	}
	// Each worker imported the header exactly once.
	for _, w := range p.workers {
		r, err := w.CommandOnHeader(ctx, "import Foo", CommandRequest{Cmd: "fake:imports"})
		if assert.NoError(t, err, "worker %d imports: %v", w.id, r) {
			assert.Equal(t, "1", messageData(r), "worker %d imports: %v", w.id, r)
		}
	}
	st := p.Stats()
	assert.Equal(t, uint64(103), st.Requests, "stats = %+v", st)
	assert.Zero(t, st.Errors, "stats = %+v", st)
	assert.Equal(t, 3, st.Workers, "stats = %+v", st)
	assert.Equal(t, 103, st.LatencySamples, "stats = %+v", st)
	assert.Positive(t, st.LatencyP50, "latency percentiles %v %v %v", st.LatencyP50, st.LatencyP90, st.LatencyP99)
	assert.LessOrEqual(t, st.LatencyP50, st.LatencyP90, "latency percentiles %v %v %v", st.LatencyP50, st.LatencyP90, st.LatencyP99)
	assert.LessOrEqual(t, st.LatencyP90, st.LatencyP99, "latency percentiles %v %v %v", st.LatencyP50, st.LatencyP90, st.LatencyP99)
	pgids := poolPgids(p)
	p.Close()
	for _, pg := range pgids {
		proc.AssertGroupGone(t, pg)
	}
	_, err := p.Command(ctx, "", CommandRequest{Cmd: "x"})
	assert.ErrorIs(t, err, ErrClosed, "Command after Close")
}

// TestPoolCommandFresh: a reuse=false request runs on a process started for it (which imports
// the header afresh), and no later request runs on that process.
func TestPoolCommandFresh(t *testing.T) {
	p := newFakePool(t, 1)
	defer p.Close()
	ctx := ctxT(t)
	imports := func(fresh bool) string {
		run := p.Command
		if fresh {
			run = p.CommandFresh
		}
		r, err := run(ctx, "import Foo", CommandRequest{Cmd: "fake:imports"})
		require.NoError(t, err)
		return messageData(r)
	}
	require.Equal(t, "1", imports(false))
	// A second header on the same process makes its import count 2: a pooled process keeps
	// what it imported.
	_, err := p.Command(ctx, "import Bar", CommandRequest{Cmd: "fake:echo x"})
	require.NoError(t, err)
	require.Equal(t, "2", imports(false), "the pooled process holds both imports")
	before := p.Stats()
	assert.Equal(t, "1", imports(true), "a fresh process imports only this request's header")
	after := p.Stats()
	assert.Equal(t, before.Restarts+1, after.Restarts, "one process started for the request")
	assert.Equal(t, "1", imports(false), "the next request runs on yet another process")
	assert.Equal(t, before.Restarts+2, p.Stats().Restarts, "the fresh request's process was not reused")
}

// TestPoolBackpressure: with the worker busy and the queue full, Command waits, and gives up
// when its context ends; Close answers everything still waiting.
func TestPoolBackpressure(t *testing.T) {
	cfg := fakeConfig()
	cfg.Workers, cfg.QueueSize = 1, 2
	p, err := NewPool(ctxT(t), cfg)
	require.NoError(t, err)
	defer p.Close()
	bg := context.Background()
	results := make(chan error, 3)
	go func() { _, err := p.Command(bg, "", CommandRequest{Cmd: "fake:hang"}); results <- err }()
	waitFor(t, "the worker to take the first request", func() bool { return len(p.jobs) == 0 && busy(p.workers[0]) })
	for range 2 {
		go func() { _, err := p.Command(bg, "", CommandRequest{Cmd: "x"}); results <- err }()
	}
	waitFor(t, "the queue to fill", func() bool { return p.Stats().QueueLen == 2 })
	ctx, cancel := context.WithTimeout(bg, 50*time.Millisecond)
	defer cancel()
	_, err = p.Command(ctx, "", CommandRequest{Cmd: "x"})
	require.ErrorIs(t, err, context.DeadlineExceeded, "Command on a full queue")
	pgids := poolPgids(p)
	p.Close()
	for range 3 {
		assert.ErrorIs(t, <-results, ErrClosed, "waiting request after Close")
	}
	for _, pg := range pgids {
		proc.AssertGroupGone(t, pg)
	}
}

func busy(w *Worker) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.conn == nil {
		return false
	}
	w.conn.mu.Lock()
	defer w.conn.mu.Unlock()
	return len(w.conn.fifo) > 0
}

func TestPoolCancelledWhileQueued(t *testing.T) {
	cfg := fakeConfig()
	cfg.Workers = 1
	p, err := NewPool(ctxT(t), cfg)
	require.NoError(t, err)
	defer p.Close()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = p.Command(ctx, "", CommandRequest{Cmd: "x"})
	assert.ErrorIs(t, err, context.Canceled, "cancelled Command")
	_, err = p.Command(context.Background(), "", CommandRequest{Cmd: "x"})
	assert.NoError(t, err, "Command after a cancelled one")
}

// TestPoolLeavesOutBadWorkers: a worker that fails its probe is reported and not used.
func TestPoolLeavesOutBadWorkers(t *testing.T) {
	flag := filepath.Join(t.TempDir(), "lied")
	p := newFakePool(t, 2, "-lie-once", flag)
	require.Len(t, p.workers, 1, "%d healthy workers, want 1", len(p.workers))
	errs := p.StartErrors()
	require.Len(t, errs, 1, "start errors %v", errs)
	require.ErrorIs(t, errs[0], ErrProbeFailed, "start errors %v", errs)
	probes := p.Probes()
	if assert.Len(t, probes, 2, "probes %+v", probes) {
		assert.NotEqual(t, probes[0].Passed(), probes[1].Passed(), "probes %+v", probes)
	}
	_, err := p.Command(ctxT(t), "", CommandRequest{Cmd: "x"})
	assert.NoError(t, err)
}

func TestPoolAllWorkersBad(t *testing.T) {
	cfg := fakeConfig("-accept-all")
	cfg.Workers = 2
	p, err := NewPool(ctxT(t), cfg)
	if err == nil {
		p.Close()
	}
	require.Error(t, err, "NewPool succeeded with lying workers")
	assert.ErrorIs(t, err, ErrProbeFailed)
}

// TestPoolContextCancel: ending NewPool's context stops every REPL.
func TestPoolContextCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cfg := fakeConfig()
	cfg.Workers = 2
	p, err := NewPool(ctx, cfg)
	require.NoError(t, err)
	pgids := poolPgids(p)
	cancel()
	p.Close()
	for _, pg := range pgids {
		proc.AssertGroupGone(t, pg)
	}
}

// TestPoolPipeline: with Pipeline 2 a worker writes the next request before the last is
// answered. The peer here answers nothing until it holds two requests, so without pipelining
// the requests would time out.
func TestPoolPipeline(t *testing.T) {
	cfg := peerConfig(func(stdin io.Reader, stdout, _ io.Writer) string {
		br := bufio.NewReader(stdin)
		env := 0
		answer := func() {
			fmt.Fprintf(stdout, "{\"env\": %d}\n\n", env)
			env++
		}
		if replGetLines(br) == "" { // the "" header import, answered alone
			return "exit status 0"
		}
		answer()
		for {
			if replGetLines(br) == "" || replGetLines(br) == "" {
				return "exit status 0"
			}
			answer()
			answer()
		}
	})
	cfg.skipChecks = true
	cfg.Pipeline = 2
	cfg.RequestTimeout = 5 * time.Second
	p, err := NewPool(ctxT(t), cfg)
	require.NoError(t, err)
	defer p.Close()
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			_, err := p.Command(ctxT(t), "", CommandRequest{Cmd: "x"})
			assert.NoError(t, err) // assert, not require: this runs on another goroutine
		})
	}
	wg.Wait()
	st := p.Stats()
	assert.Equal(t, uint64(4), st.Requests, "stats %+v", st)
	assert.Zero(t, st.Errors, "stats %+v", st)
}
