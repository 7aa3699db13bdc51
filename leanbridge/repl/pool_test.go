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

	"github.com/leanprm/leanprm/internal/proc"
)

func newFakePool(t *testing.T, workers int, args ...string) *Pool {
	t.Helper()
	cfg := fakeConfig(args...)
	cfg.Workers = workers
	p, err := NewPool(ctxT(t), cfg)
	if err != nil {
		t.Fatalf("NewPool: %v", err)
	}
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
	if p.Backend() != BackendSim || p.Version() != "4.32.0" {
		t.Errorf("backend %q version %q", p.Backend(), p.Version())
	}
	probes := p.Probes()
	if len(probes) != 3 {
		t.Fatalf("%d probe results", len(probes))
	}
	for _, pr := range probes {
		if !pr.Passed() {
			t.Errorf("probe %+v", pr)
		}
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
		t.Error(err)
	}
	// Each worker imported the header exactly once.
	for _, w := range p.workers {
		r, err := w.CommandOnHeader(ctx, "import Foo", CommandRequest{Cmd: "fake:imports"})
		if err != nil || messageData(r) != "1" {
			t.Errorf("worker %d imports: %v, %v", w.id, r, err)
		}
	}
	st := p.Stats()
	if st.Requests != 103 || st.Errors != 0 || st.Workers != 3 || st.LatencySamples != 103 {
		t.Errorf("stats = %+v", st)
	}
	if !(0 < st.LatencyP50 && st.LatencyP50 <= st.LatencyP90 && st.LatencyP90 <= st.LatencyP99) {
		t.Errorf("latency percentiles %v %v %v", st.LatencyP50, st.LatencyP90, st.LatencyP99)
	}
	pgids := poolPgids(p)
	p.Close()
	for _, pg := range pgids {
		proc.AssertGroupGone(t, pg)
	}
	if _, err := p.Command(ctx, "", CommandRequest{Cmd: "x"}); !errors.Is(err, ErrClosed) {
		t.Errorf("Command after Close: %v", err)
	}
}

// TestPoolBackpressure: with the worker busy and the queue full, Command waits, and gives up
// when its context ends; Close answers everything still waiting.
func TestPoolBackpressure(t *testing.T) {
	cfg := fakeConfig()
	cfg.Workers, cfg.QueueSize = 1, 2
	p, err := NewPool(ctxT(t), cfg)
	if err != nil {
		t.Fatal(err)
	}
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
	if _, err := p.Command(ctx, "", CommandRequest{Cmd: "x"}); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Command on a full queue: %v", err)
	}
	pgids := poolPgids(p)
	p.Close()
	for range 3 {
		if err := <-results; !errors.Is(err, ErrClosed) {
			t.Errorf("waiting request after Close: %v", err)
		}
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
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := p.Command(ctx, "", CommandRequest{Cmd: "x"}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled Command: %v", err)
	}
	if _, err := p.Command(context.Background(), "", CommandRequest{Cmd: "x"}); err != nil {
		t.Errorf("Command after a cancelled one: %v", err)
	}
}

// TestPoolLeavesOutBadWorkers: a worker that fails its probe is reported and not used.
func TestPoolLeavesOutBadWorkers(t *testing.T) {
	flag := filepath.Join(t.TempDir(), "lied")
	p := newFakePool(t, 2, "-lie-once", flag)
	if len(p.workers) != 1 {
		t.Fatalf("%d healthy workers, want 1", len(p.workers))
	}
	errs := p.StartErrors()
	if len(errs) != 1 || !errors.Is(errs[0], ErrProbeFailed) {
		t.Fatalf("start errors %v", errs)
	}
	probes := p.Probes()
	if len(probes) != 2 || probes[0].Passed() == probes[1].Passed() {
		t.Errorf("probes %+v", probes)
	}
	if _, err := p.Command(ctxT(t), "", CommandRequest{Cmd: "x"}); err != nil {
		t.Error(err)
	}
}

func TestPoolAllWorkersBad(t *testing.T) {
	cfg := fakeConfig("-accept-all")
	cfg.Workers = 2
	p, err := NewPool(ctxT(t), cfg)
	if err == nil {
		p.Close()
		t.Fatal("NewPool succeeded with lying workers")
	}
	if !errors.Is(err, ErrProbeFailed) {
		t.Errorf("err = %v", err)
	}
}

// TestPoolContextCancel: ending NewPool's context stops every REPL.
func TestPoolContextCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cfg := fakeConfig()
	cfg.Workers = 2
	p, err := NewPool(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
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
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			if _, err := p.Command(ctxT(t), "", CommandRequest{Cmd: "x"}); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if st := p.Stats(); st.Requests != 4 || st.Errors != 0 {
		t.Errorf("stats %+v", st)
	}
}
