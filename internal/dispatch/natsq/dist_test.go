package natsq_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/internal/dispatch"
	"github.com/leanprm/leanprm/internal/dispatch/natsq"
)

// killWhenAcked SIGKILLs worker i of c once at least n tasks have been acked, and reports
// whether it did. It stops watching when ctx ends.
func killWhenAcked(t *testing.T, ctx context.Context, url string, c *children, i int, n uint64) <-chan bool {
	js, err := jetstream.New(connect(t, url))
	require.NoError(t, err)
	killed := make(chan bool, 1)
	go func() {
		tick := time.NewTicker(10 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				killed <- false
				return
			case <-tick.C:
			}
			cons, err := js.Consumer(ctx, natsq.DefaultTaskStream, natsq.DefaultConsumer)
			if err != nil {
				continue
			}
			if cons.CachedInfo().AckFloor.Consumer >= n {
				c.kill(i)
				killed <- true
				return
			}
		}
	}()
	return killed
}

// TestDistributedFaultsAndAKilledWorker: a gateway and three worker processes, 10,000 items
// of which 10 % meet an injected REPL fault (half crash, half hang until a request timeout),
// and one worker SIGKILLed a third of the way through. Every item must be answered exactly
// once with its own result or its own error: none lost, none answered with another's, no
// gateway-side timeout, and no process left behind (children.stop checks).
func TestDistributedFaultsAndAKilledWorker(t *testing.T) {
	if testing.Short() {
		t.Skip("starts three worker processes and runs 10,000 items")
	}
	url := startServer(t)
	opts := natsq.Options{AckWait: 2 * time.Second, MaxDeliver: 3}
	g := newGateway(t, url, natsq.GatewayOptions{Options: opts})
	c := startChildren(t, 3, childConfig{URL: url, Capacity: 16, AckWait: opts.AckWait, MaxDeliver: opts.MaxDeliver, Handler: "faults"}, false)

	const n = 10000
	tasks := make([]dispatch.Task, n)
	want := map[int]string{} // item → the fault it meets
	for i := range tasks {
		it := item{N: i}
		switch i % 20 {
		case 7:
			it.Fault = "crash"
		case 13:
			it.Fault = "hang"
		}
		if it.Fault != "" {
			want[i] = it.Fault
		}
		b, _ := json.Marshal(it)
		tasks[i] = dispatch.Task{Kind: dispatch.KindCheck, Env: "dist", Payload: b}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	killed := killWhenAcked(t, ctx, url, c, 0, n/3)
	start := time.Now()
	res := g.Execute(ctx, tasks)
	elapsed := time.Since(start)
	require.True(t, <-killed, "the worker was not killed mid-run")
	require.Len(t, res, n)
	var ok, faults int
	pids := map[int]int{}
	for i, r := range res {
		if f, bad := want[i]; bad {
			require.Empty(t, r.Payload, "item %d", i)
			require.Contains(t, r.Error, "injected fault", "item %d", i)
			assert.Equal(t, f == "hang", strings.Contains(r.Error, "hung"), "item %d got another item's fault", i)
			faults++
			continue
		}
		p, err := decodeEcho(r)
		require.NoError(t, err, "item %d", i)
		require.Equal(t, i, p.N, "item %d got another item's result", i)
		pids[p.Pid]++
		ok++
	}
	assert.Equal(t, n/10, faults)
	assert.Equal(t, n-n/10, ok)
	assert.Len(t, pids, 3, "every worker answered some items")
	t.Logf("10,000 items, 3 workers (one killed), %v: %.0f items/s; answers per worker %v", elapsed, n/elapsed.Seconds(), pids)
}

// TestPoisonTaskIsAnItemError: a task that takes down every worker it reaches is delivered
// MaxDeliver times, then answered with an error; the other items complete, and the workers,
// restarted after each crash, keep serving.
func TestPoisonTaskIsAnItemError(t *testing.T) {
	url := startServer(t)
	opts := natsq.Options{AckWait: time.Second, MaxDeliver: 2}
	g := newGateway(t, url, natsq.GatewayOptions{Options: opts})
	// Capacity 1: a worker the poison task takes down holds no other task, which would
	// otherwise share the poison's deliveries and could be exhausted along with it.
	c := startChildren(t, 2, childConfig{URL: url, Capacity: 1, AckWait: opts.AckWait, MaxDeliver: opts.MaxDeliver, Handler: "poison", Latency: 5 * time.Millisecond}, true)

	tasks := items(40, "")
	tasks[17].Payload = json.RawMessage(`"poison"`)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	res := g.Execute(ctx, tasks)
	for i, r := range res {
		if i == 17 {
			assert.Contains(t, r.Error, "delivered 2 times")
			continue
		}
		p, err := decodeEcho(r)
		require.NoError(t, err, "item %d", i)
		assert.Equal(t, i, p.N)
	}
	c.mu.Lock()
	exits := c.exits
	c.mu.Unlock()
	assert.Equal(t, 2, exits, "the poison task took down one worker per delivery")

	// The poison task is gone from the queue: the next batch runs on the restarted workers.
	res = g.Execute(ctx, items(5, "after"))
	for i, r := range res {
		p, err := decodeEcho(r)
		require.NoError(t, err)
		assert.Equal(t, i, p.N)
	}
}

// TestWorkersOnREPLSimulatorWithFaults: the workers' handler checks each item on a pool of
// REPL simulator processes that crash or hang on 10 % of requests (each REPL restarted by
// the pool, a request retried once on a fresh process), and one worker is SIGKILLed
// mid-run with its REPLs. Every item gets its own verdict or its own REPL error.
func TestWorkersOnREPLSimulatorWithFaults(t *testing.T) {
	if testing.Short() {
		t.Skip("starts three workers with REPL simulator pools")
	}
	url := startServer(t)
	opts := natsq.Options{AckWait: 2 * time.Second, MaxDeliver: 3}
	g := newGateway(t, url, natsq.GatewayOptions{Options: opts})
	c := startChildren(t, 3, childConfig{URL: url, Capacity: 2, AckWait: opts.AckWait, MaxDeliver: opts.MaxDeliver, Handler: "sim", SimFaultRate: 0.1}, false)

	const n = 300
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	killed := killWhenAcked(t, ctx, url, c, 1, n/3)
	res := g.Execute(ctx, items(n, "sim"))
	require.True(t, <-killed)
	// The scan that finds leftovers at the end sees the live ones now: two workers and
	// their REPLs (two each, less any the pool is restarting).
	assert.GreaterOrEqual(t, len(marked(c.run)), 3)
	var verified, replErrors int
	restarts, timeouts := map[int]uint64{}, map[int]uint64{} // worker → the most its pool reported
	for i, r := range res {
		if r.Error != "" {
			assert.True(t, strings.HasPrefix(r.Error, "REPL: "), "item %d: %s", i, r.Error)
			replErrors++
			continue
		}
		p, err := decodeEcho(r)
		require.NoError(t, err)
		require.Equal(t, i, p.N, "item %d got another item's result", i)
		assert.True(t, p.OK, "item %d: a true claim was not accepted", i)
		restarts[p.Pid] = max(restarts[p.Pid], p.Restarts)
		timeouts[p.Pid] = max(timeouts[p.Pid], p.Timeouts)
		verified++
	}
	var r, h uint64
	for pid := range restarts {
		r, h = r+restarts[pid], h+timeouts[pid]
	}
	assert.GreaterOrEqual(t, r, uint64(10), "the simulators crashed or hung on about 30 requests")
	assert.Positive(t, h, "some simulators hung until the request timeout")
	assert.Equal(t, n, verified+replErrors)
	assert.Less(t, replErrors, n/10, "a retry on a fresh REPL answers most faulted requests")
	t.Logf("%d verified, %d REPL errors after retry; REPL restarts %d, of which timeouts %d", verified, replErrors, r, h)
}

// TestKilledWorkersREPLsDieWithIt: a worker process holding a pool of REPL processes is
// SIGKILLed, alone (not its process group: a kill of the group would prove nothing); its
// REPLs, in process groups of their own, are gone within a short bound, by the kernel's
// parent-death signal (leanbridge/proc). Polled, not slept for.
func TestKilledWorkersREPLsDieWithIt(t *testing.T) {
	url := startServer(t)
	c := startChildren(t, 1, childConfig{URL: url, Capacity: 2, Handler: "sim"}, false)
	c.mu.Lock()
	worker := c.procs[0].Pid()
	c.mu.Unlock()
	var repls []int
	require.Eventually(t, func() bool {
		repls = slices.DeleteFunc(marked(c.run), func(pid int) bool { return pid == worker })
		return len(repls) == 2
	}, 10*time.Second, 10*time.Millisecond, "the worker runs two REPLs")
	require.NoError(t, syscall.Kill(worker, syscall.SIGKILL))
	require.Eventually(t, func() bool { return len(marked(c.run)) == 0 }, 5*time.Second, 5*time.Millisecond,
		"REPLs %v outlived their SIGKILLed worker", repls)
}
