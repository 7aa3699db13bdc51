package repl

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"
	"sync"
	"testing"
	"time"
)

// benchClaim is a typical obligation: the simulator decides it exactly.
const benchClaim = "example : (1 : Rat) / 2 + (1 : Rat) / 3 = (5 : Rat) / 6 := by decide +kernel"

// BenchmarkPoolThroughput measures pool throughput against the simulator answering every
// request after a fixed latency L, with W workers. The best any pool can do is W/L requests per
// second; "ratio" is the measured throughput over that limit (the goal is ≥ 0.95).
func BenchmarkPoolThroughput(b *testing.B) {
	for _, latency := range []time.Duration{5 * time.Millisecond, 20 * time.Millisecond} {
		for _, workers := range []int{1, 2, 4, 8} {
			for _, pipeline := range []int{1, 2} {
				b.Run(fmt.Sprintf("L=%v/W=%d/pipeline=%d", latency, workers, pipeline), func(b *testing.B) {
					benchPool(b, latency, workers, pipeline)
				})
			}
		}
	}
}

func benchPool(b *testing.B, latency time.Duration, workers, pipeline int) {
	cfg := simConfig("-latency", latency.String())
	cfg.Workers = workers
	cfg.Pipeline = pipeline
	cfg.QueueSize = 2 * workers
	cfg.RecycleAfter = -1
	p, err := NewPool(context.Background(), cfg)
	if err != nil {
		b.Fatal(err)
	}
	defer p.Close()
	ctx := context.Background()
	// Enough submitters to keep every worker busy and the queue non-empty.
	jobs := make(chan struct{})
	var wg sync.WaitGroup
	var errOnce sync.Once
	var firstErr error
	for range 2 * workers {
		wg.Go(func() {
			for range jobs {
				r, err := p.Command(ctx, "", CommandRequest{Cmd: benchClaim})
				if err == nil && !r.Accepted() {
					err = fmt.Errorf("claim rejected: %+v", r)
				}
				if err != nil {
					errOnce.Do(func() { firstErr = err })
				}
			}
		})
	}
	b.ResetTimer()
	t0 := time.Now()
	for range b.N {
		jobs <- struct{}{}
	}
	close(jobs)
	wg.Wait()
	elapsed := time.Since(t0)
	b.StopTimer()
	if firstErr != nil {
		b.Fatal(firstErr)
	}
	perSec := float64(b.N) / elapsed.Seconds()
	limit := float64(workers) / latency.Seconds()
	b.ReportMetric(perSec, "req/s")
	b.ReportMetric(perSec/limit, "ratio")
}

// BenchmarkRequestOverhead measures one request's round trip at zero latency, sequentially on
// one worker:
//   - inprocess: the peer is a goroutine answering {"env": n} at once over in-memory pipes, so
//     the time is the bridge's own work (validation, framing, FIFO, decoding, id bookkeeping,
//     typed decoding);
//   - process: the same through a real child process (the test binary's fake REPL), adding
//     two pipe writes, two reads and the scheduling of another process;
//   - sim: the simulator at zero latency, which also parses and decides the claim.
func BenchmarkRequestOverhead(b *testing.B) {
	run := func(b *testing.B, cfg Config) {
		cfg.RecycleAfter = -1
		w, err := StartWorker(context.Background(), cfg)
		if err != nil {
			b.Fatal(err)
		}
		defer w.Close()
		ctx := context.Background()
		b.ReportAllocs()
		b.ResetTimer()
		for range b.N {
			if _, err := w.CommandOnHeader(ctx, "", CommandRequest{Cmd: benchClaim}); err != nil {
				b.Fatal(err)
			}
		}
		b.StopTimer()
		b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N), "µs/req")
	}
	b.Run("inprocess", func(b *testing.B) {
		cfg := peerConfig(instantPeer)
		cfg.skipChecks = true
		run(b, cfg)
	})
	b.Run("process", func(b *testing.B) { run(b, fakeConfig()) })
	b.Run("sim", func(b *testing.B) { run(b, simConfig()) })
}

// instantPeer answers every request with a fresh env, at once, pretty-printed like the REPL.
func instantPeer(stdin io.Reader, stdout, _ io.Writer) string {
	br := bufio.NewReader(stdin)
	bw := bufio.NewWriter(stdout)
	for n := 0; ; n++ {
		if q := replGetLines(br); q == "" {
			return "exit status 0"
		}
		bw.WriteString("{\"env\": " + strconv.Itoa(n) + "}\n\n")
		if bw.Flush() != nil {
			return "exit status 1"
		}
	}
}
