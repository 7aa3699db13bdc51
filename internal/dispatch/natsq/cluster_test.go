package natsq_test

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/internal/dispatch/natsq"
	"github.com/leanprm/leanprm/internal/testutil/natstest"
)

// envChaosItems sets the items of TestClusterChaos: 2,000 by default (make test), 10,000 for
// the figures the deployment is held to:
//
//	LEANPRM_CHAOS_ITEMS=10000 go test -race -count=1 -run TestClusterChaos -v ./internal/dispatch/natsq/
const envChaosItems = "LEANPRM_CHAOS_ITEMS"

// TestClusterChaos runs what deploy/ promises: three NATS servers in one JetStream cluster
// (in process, on loopback, each with its store on disk), R3 file streams, a gateway and
// three worker processes connected to all three servers. Mid-run one NATS server is shut down
// and started again, and one worker is SIGKILLed. Every item must be answered exactly once
// with its own result: none lost, none duplicated; the test reports the items run more than
// once (redelivered: a killed worker's tasks, results whose publication the lost server cut
// off), the wall time, and that no process is left (children.stop).
func TestClusterChaos(t *testing.T) {
	if testing.Short() {
		t.Skip("a three-server NATS cluster and three worker processes")
	}
	n := 2000
	if v := os.Getenv(envChaosItems); v != "" {
		var err error
		n, err = strconv.Atoi(v)
		require.NoError(t, err, envChaosItems)
	}
	cl := natstest.StartCluster(t, 3)
	url := cl.URLs()
	opts := natsq.Options{FileStorage: true, Replicas: 3, AckWait: 2 * time.Second}

	gc, err := natsq.Connect(url, "chaos gateway", natsq.Security{})
	require.NoError(t, err)
	defer gc.Close()
	var g *natsq.Gateway
	require.Eventually(t, func() bool { // until JetStream has its meta leader
		g, err = natsq.NewGateway(context.Background(), gc, natsq.GatewayOptions{Options: opts})
		return err == nil
	}, 30*time.Second, 100*time.Millisecond, "set up R3 file streams: %v", err)
	defer g.Close()
	js, err := jetstream.New(gc)
	require.NoError(t, err)
	st, err := js.Stream(context.Background(), natsq.DefaultTaskStream)
	require.NoError(t, err)
	require.Equal(t, jetstream.FileStorage, st.CachedInfo().Config.Storage)
	require.Equal(t, 3, st.CachedInfo().Config.Replicas)

	runLog := filepath.Join(t.TempDir(), "runs")
	c := startChildren(t, 3, childConfig{URL: url, Capacity: 8, AckWait: opts.AckWait, MaxDeliver: natsq.DefaultMaxDeliver,
		Handler: "echo", Latency: 2 * time.Millisecond, Replicas: 3, FileStorage: true, RunLog: runLog}, false)

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	// Chaos, driven by progress (acked tasks), not by the clock: at a quarter, NATS server 1
	// goes down; at a half it comes back (on its store) and worker 0 is SIGKILLed.
	chaos := make(chan string, 3)
	go func() {
		defer close(chaos)
		acked := func() uint64 {
			actx, acancel := context.WithTimeout(ctx, 2*time.Second)
			defer acancel()
			cons, err := js.Consumer(actx, natsq.DefaultTaskStream, natsq.DefaultConsumer)
			if err != nil {
				return 0
			}
			return cons.CachedInfo().AckFloor.Stream
		}
		wait := func(k uint64) bool {
			for ctx.Err() == nil {
				if acked() >= k {
					return true
				}
				time.Sleep(20 * time.Millisecond)
			}
			return false
		}
		if !wait(uint64(n / 4)) {
			return
		}
		cl.Shutdown(1)
		chaos <- "nats server 1 shut down"
		if !wait(uint64(n / 2)) {
			return
		}
		cl.Start(1)
		chaos <- "nats server 1 started again"
		c.kill(0)
		chaos <- "worker 0 SIGKILLed"
	}()

	start := time.Now()
	res := g.Execute(ctx, items(n, "chaos"))
	elapsed := time.Since(start)
	var events []string
	for e := range chaos {
		events = append(events, e)
	}
	require.Len(t, events, 3, "the chaos happened mid-run: %v", events)

	var answered, lost, duplicated int
	seen := make([]int, n)
	for i, r := range res {
		p, err := decodeEcho(r)
		switch {
		case err != nil:
			lost++
			t.Errorf("item %d: %v", i, err)
		case p.N < 0 || p.N >= n || p.N != i:
			lost++
			t.Errorf("item %d got item %d's answer", i, p.N)
		default:
			answered++
		}
		if err == nil && p.N >= 0 && p.N < n {
			seen[p.N]++
		}
	}
	for _, k := range seen {
		if k > 1 {
			duplicated += k - 1
		}
	}
	runs := make([]int, n)
	f, err := os.Open(runLog)
	require.NoError(t, err)
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if k, err := strconv.Atoi(sc.Text()); err == nil && k >= 0 && k < n {
			runs[k]++
		}
	}
	f.Close()
	var redelivered, never int
	for _, k := range runs {
		switch {
		case k == 0:
			never++
		case k > 1:
			redelivered++
		}
	}
	assert.Equal(t, n, answered)
	assert.Zero(t, lost)
	assert.Zero(t, duplicated)
	assert.Zero(t, never, "every item answered was run")
	t.Logf("cluster chaos: %d items, 3 NATS servers (R3, file), 3 workers; %v; answered %d, lost %d, duplicated %d, run more than once (redelivered) %d; wall time %v (%.0f items/s)",
		n, events, answered, lost, duplicated, redelivered, elapsed.Round(time.Millisecond), float64(n)/elapsed.Seconds())
}
