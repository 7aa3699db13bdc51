package natsq_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/internal/dispatch/natsq"
)

// BenchmarkScaleOut measures the throughput of a gateway and W worker processes whose handler
// takes a fixed latency L with capacity C each; the limit is W·C/L items per second. One op
// is one item; all b.N items go in one batch. Run with a fixed count, e.g.
//
//	go test -run '^$' -bench ScaleOut -benchtime 1200x ./internal/dispatch/natsq/
//
// and compare limit_frac across W: the scale-out goal is items/s(W=3) ≥ 0.85 × 3 × items/s(W=1).
func BenchmarkScaleOut(b *testing.B) {
	const (
		latency  = 20 * time.Millisecond
		capacity = 4
	)
	for _, workers := range []int{1, 3} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			url := startServer(b)
			g, err := natsq.NewGateway(context.Background(), connect(b, url), natsq.GatewayOptions{})
			require.NoError(b, err)
			defer g.Close()
			startChildren(b, workers, childConfig{URL: url, Capacity: capacity, Handler: "echo", Latency: latency}, false)
			tasks := items(b.N, fmt.Sprintf("bench-%d-%d", workers, b.N))
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
			defer cancel()
			b.ResetTimer()
			start := time.Now()
			res := g.Execute(ctx, tasks)
			elapsed := time.Since(start)
			b.StopTimer()
			for i, r := range res {
				p, err := decodeEcho(r)
				require.NoError(b, err, "item %d", i)
				require.Equal(b, i, p.N)
			}
			perSec := float64(b.N) / elapsed.Seconds()
			limit := float64(workers*capacity) / latency.Seconds()
			b.ReportMetric(perSec, "items/s")
			b.ReportMetric(perSec/limit, "limit_frac")
		})
	}
}
