package natsq_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/internal/dispatch"
	"github.com/leanprm/leanprm/internal/dispatch/natsq"
)

// countingHandler echoes after latency and counts the calls per task key.
type countingHandler struct {
	latency time.Duration
	mu      sync.Mutex
	calls   map[string]int
}

func (h *countingHandler) Handle(ctx context.Context, t dispatch.Task) dispatch.Result {
	h.mu.Lock()
	if h.calls == nil {
		h.calls = map[string]int{}
	}
	h.calls[t.Key()]++
	h.mu.Unlock()
	return echo(ctx, t, h.latency)
}

func (h *countingHandler) total() (calls, keys int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, n := range h.calls {
		calls += n
	}
	return calls, len(h.calls)
}

// runWorker runs a worker in this process until the test ends.
func runWorker(t *testing.T, url string, h dispatch.Handler, opts natsq.WorkerOptions) *natsq.Worker {
	t.Helper()
	nc := connect(t, url)
	w, err := natsq.NewWorker(context.Background(), nc, h, opts)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- w.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		require.NoError(t, <-done)
	})
	return w
}

func newGateway(t *testing.T, url string, opts natsq.GatewayOptions) *natsq.Gateway {
	t.Helper()
	g, err := natsq.NewGateway(context.Background(), connect(t, url), opts)
	require.NoError(t, err)
	t.Cleanup(func() { g.Close() })
	return g
}

func TestEveryItemAnsweredOnceDuplicatesCollapse(t *testing.T) {
	url := startServer(t)
	h := &countingHandler{latency: time.Millisecond}
	g := newGateway(t, url, natsq.GatewayOptions{})
	runWorker(t, url, h, natsq.WorkerOptions{Capacity: 4})
	runWorker(t, url, h, natsq.WorkerOptions{Capacity: 4})

	tasks := items(300, "env-a")
	// Items 300…349 repeat items 0…49: the same key, queued once, answered to both.
	tasks = append(tasks, tasks[:50]...)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	res := g.Execute(ctx, tasks)
	require.Len(t, res, len(tasks))
	for i, r := range res {
		p, err := decodeEcho(r)
		require.NoError(t, err, "item %d", i)
		assert.Equal(t, i%300, p.N, "item %d got another item's result", i)
	}
	calls, keys := h.total()
	assert.Equal(t, 300, keys)
	assert.Equal(t, 300, calls, "a duplicate ran twice")

	// The same batch again, inside the dedupe window: nothing runs, every result is read
	// back from the result stream.
	res = g.Execute(ctx, tasks[:100])
	for i, r := range res {
		p, err := decodeEcho(r)
		require.NoError(t, err, "item %d", i)
		assert.Equal(t, i, p.N)
	}
	calls, _ = h.total()
	assert.Equal(t, 300, calls, "a task repeated within the dedupe window ran again")
}

func TestSecondGatewayGetsCollapsedResult(t *testing.T) {
	url := startServer(t)
	h := &countingHandler{latency: 200 * time.Millisecond}
	g1 := newGateway(t, url, natsq.GatewayOptions{})
	g2 := newGateway(t, url, natsq.GatewayOptions{})
	runWorker(t, url, h, natsq.WorkerOptions{Capacity: 2})
	tasks := items(2, "")
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var wg sync.WaitGroup
	var r1, r2 []dispatch.Result
	wg.Go(func() { r1 = g1.Execute(ctx, tasks) })
	wg.Go(func() { r2 = g2.Execute(ctx, tasks) })
	wg.Wait()
	for i := range tasks {
		for _, r := range [][]dispatch.Result{r1, r2} {
			p, err := decodeEcho(r[i])
			require.NoError(t, err)
			assert.Equal(t, i, p.N)
		}
	}
	calls, _ := h.total()
	assert.Equal(t, 2, calls, "both gateways' tasks collapse into one run each")
}

func TestDeadlinesContextAndBadItems(t *testing.T) {
	url := startServer(t)
	g := newGateway(t, url, natsq.GatewayOptions{DeadlineGrace: 50 * time.Millisecond})
	ctx := context.Background()

	// No worker: a task with a deadline is answered at its deadline, one without waits for
	// the context.
	tasks := items(3, "")
	tasks[0].Deadline = time.Now().Add(300 * time.Millisecond)
	tasks[1].Kind = "no.dots"
	cctx, cancel := context.WithTimeout(ctx, time.Second)
	start := time.Now()
	res := g.Execute(cctx, tasks)
	cancel()
	assert.Contains(t, res[0].Error, "deadline")
	assert.Contains(t, res[1].Error, "not a subject token")
	assert.Contains(t, res[2].Error, "timed out")
	assert.Contains(t, res[2].Error, "no worker is pulling", "the error says why")
	assert.Less(t, time.Since(start), 5*time.Second)

	// A worker that comes late finds the first task past its deadline and does not run it;
	// the third one (no deadline) it runs, though its batch has given up.
	h := &countingHandler{}
	w := runWorker(t, url, h, natsq.WorkerOptions{Capacity: 1})
	require.Eventually(t, func() bool { return w.Stats().Skipped+w.Stats().Ran == 2 }, 10*time.Second, 10*time.Millisecond)
	assert.Equal(t, 1, w.Stats().Skipped)
	calls, _ := h.total()
	assert.Equal(t, 1, calls)

	// A cancelled batch answers at once, every item with an error.
	cctx, cancel = context.WithCancel(ctx)
	cancel()
	res = g.Execute(cctx, items(5, "x"))
	for _, r := range res {
		assert.NotEmpty(t, r.Error)
		assert.Empty(t, r.Payload)
	}
	assert.Empty(t, g.Execute(ctx, nil))
}

func TestHandlerPanicAndEmptyAnswerAreItemErrors(t *testing.T) {
	url := startServer(t)
	g := newGateway(t, url, natsq.GatewayOptions{})
	runWorker(t, url, dispatch.HandlerFunc(func(ctx context.Context, t dispatch.Task) dispatch.Result {
		switch string(t.Payload) {
		case `"panic"`:
			panic("boom")
		case `"empty"`:
			return dispatch.Result{}
		}
		return dispatch.Result{Payload: t.Payload}
	}), natsq.WorkerOptions{Capacity: 2})
	tasks := []dispatch.Task{
		{Kind: dispatch.KindScore, Payload: json.RawMessage(`"panic"`)},
		{Kind: dispatch.KindScore, Payload: json.RawMessage(`"empty"`)},
		{Kind: dispatch.KindScore, Payload: json.RawMessage(`"fine"`)},
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	res := g.Execute(ctx, tasks)
	assert.Contains(t, res[0].Error, "panicked: boom")
	assert.Contains(t, res[1].Error, "no answer")
	assert.JSONEq(t, `"fine"`, string(res[2].Payload))
}

func TestLongTaskKeptAliveByProgressAcks(t *testing.T) {
	url := startServer(t)
	opts := natsq.Options{AckWait: time.Second, MaxDeliver: 2}
	g := newGateway(t, url, natsq.GatewayOptions{Options: opts})
	var runs atomic.Int32
	runWorker(t, url, dispatch.HandlerFunc(func(ctx context.Context, t dispatch.Task) dispatch.Result {
		runs.Add(1)
		time.Sleep(2500 * time.Millisecond) // two and a half AckWaits
		return dispatch.Result{Payload: t.Payload}
	}), natsq.WorkerOptions{Options: opts, Capacity: 2})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	res := g.Execute(ctx, []dispatch.Task{{Kind: dispatch.KindCheck, Payload: json.RawMessage(`1`)}})
	assert.JSONEq(t, `1`, string(res[0].Payload), res[0].Error)
	assert.Equal(t, int32(1), runs.Load(), "the task was redelivered while it ran")
}

func TestSetupIsIdempotent(t *testing.T) {
	url := startServer(t)
	js, err := jetstream.New(connect(t, url))
	require.NoError(t, err)
	ctx := context.Background()
	_, _, c1, err := natsq.Setup(ctx, js, natsq.Options{})
	require.NoError(t, err)
	_, _, c2, err := natsq.Setup(ctx, js, natsq.Options{AckWait: time.Minute, MaxDeliver: 5})
	require.NoError(t, err)
	assert.Equal(t, natsq.DefaultAckWait, c1.CachedInfo().Config.AckWait)
	assert.Equal(t, time.Minute, c2.CachedInfo().Config.AckWait, "set-up updates the consumer")
	assert.Equal(t, 5, c2.CachedInfo().Config.MaxDeliver)
	info, err := js.Stream(ctx, natsq.DefaultTaskStream)
	require.NoError(t, err)
	assert.Equal(t, jetstream.WorkQueuePolicy, info.CachedInfo().Config.Retention)
}

// TestCollapsedTaskOutlivesTheEarlierDeadline: a task collapsed into an earlier copy whose
// deadline passed in the queue is not answered with that copy's "not run": it is queued
// again and run.
func TestCollapsedTaskOutlivesTheEarlierDeadline(t *testing.T) {
	url := startServer(t)
	g := newGateway(t, url, natsq.GatewayOptions{DeadlineGrace: 50 * time.Millisecond})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()

	js, err := jetstream.New(connect(t, url))
	require.NoError(t, err)
	short := items(1, "")
	// A task already past its deadline is never queued, and the test would then prove
	// nothing: the first copy must be in the queue when its deadline passes. On a loaded
	// machine publishing can take longer than the deadline, so the copy gets a longer one
	// until it is seen queued (1 s, then 2, 4, 8).
	var res []dispatch.Result
	for life := time.Second; ; life *= 2 {
		short[0].Deadline = time.Now().Add(life)
		res = g.Execute(ctx, short) // no worker yet
		assert.Contains(t, res[0].Error, "deadline")
		st, err := js.Stream(ctx, natsq.DefaultTaskStream)
		require.NoError(t, err)
		if st.CachedInfo().State.Msgs == 1 {
			break
		}
		require.Less(t, life, 8*time.Second, "the first copy was never queued before its deadline")
	}

	long := items(1, "")
	long[0].Deadline = time.Now().Add(20 * time.Second)
	require.Equal(t, short[0].Key(), long[0].Key())
	done := make(chan []dispatch.Result, 1)
	go func() { done <- g.Execute(ctx, long) }()
	h := &countingHandler{}
	w := runWorker(t, url, h, natsq.WorkerOptions{Capacity: 1})
	res = <-done
	p, err := decodeEcho(res[0])
	require.NoError(t, err)
	assert.Equal(t, 0, p.N)
	assert.Equal(t, 1, w.Stats().Skipped, "the expired copy was not run")
	calls, _ := h.total()
	assert.Equal(t, 1, calls)
}

// TestResultsMissedWhileDisconnectedAreReadBack: a result published while the gateway
// could not hear it is read from the result stream after a reconnect.
func TestResultsMissedWhileDisconnectedAreReadBack(t *testing.T) {
	url := startServer(t)
	nc := connect(t, url)
	g, err := natsq.NewGateway(context.Background(), nc, natsq.GatewayOptions{})
	require.NoError(t, err)
	defer g.Close()
	js, err := jetstream.New(connect(t, url))
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()

	tasks := items(1, "resync")
	done := make(chan []dispatch.Result, 1)
	go func() { done <- g.Execute(ctx, tasks) }()
	require.Eventually(t, func() bool {
		st, err := js.Stream(ctx, natsq.DefaultTaskStream)
		return err == nil && st.CachedInfo().State.Msgs == 1
	}, 10*time.Second, 10*time.Millisecond, "the task was not queued")
	require.NoError(t, g.UnsubscribeResults())
	// A worker's answer, published where the gateway no longer listens.
	_, err = js.Publish(ctx, "leanprm.result."+tasks[0].Key(), []byte(`{"payload":{"n":0,"pid":1}}`))
	require.NoError(t, err)
	select {
	case <-done:
		t.Fatal("answered without a subscription")
	case <-time.After(100 * time.Millisecond):
	}
	require.NoError(t, nc.ForceReconnect())
	res := <-done
	p, err := decodeEcho(res[0])
	require.NoError(t, err)
	assert.Equal(t, 1, p.Pid)
}

// TestResultMissedLiveIsReadBackBySweep: a result the result stream stored but the live
// subscription never saw, with no reconnect to trigger a read-back (a cluster server restarting
// drops core messages on its routes; TestClusterChaos once lost 5 of 2,000 items this way, each
// answered only at its 5-minute deadline), answers its item at the next sweep. The look-alike,
// the same gateway with the sweep turned off, is still waiting a while later.
func TestResultMissedLiveIsReadBackBySweep(t *testing.T) {
	url := startServer(t)
	js, err := jetstream.New(connect(t, url))
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for _, sweep := range []bool{true, false} {
		every := 100 * time.Millisecond
		if !sweep {
			every = -1
		}
		g := newGateway(t, url, natsq.GatewayOptions{ResyncEvery: every})
		tasks := items(1, fmt.Sprintf("sweep-%v", sweep))
		done := make(chan []dispatch.Result, 1)
		go func() { done <- g.Execute(ctx, tasks) }()
		require.Eventually(t, func() bool {
			st, err := js.Stream(ctx, natsq.DefaultTaskStream)
			return err == nil && st.CachedInfo().State.Msgs >= 1
		}, 10*time.Second, 10*time.Millisecond, "the task was not queued")
		require.NoError(t, g.UnsubscribeResults())
		// A worker's answer, stored where the gateway does not listen; no reconnect follows.
		_, err = js.Publish(ctx, "leanprm.result."+tasks[0].Key(), []byte(`{"payload":{"n":0,"pid":7}}`))
		require.NoError(t, err)
		if !sweep {
			select {
			case <-done:
				t.Fatal("answered with the sweep off and no subscription")
			case <-time.After(time.Second):
			}
			cancel() // the batch's context answers the item (the gateway closes at cleanup)
			res := <-done
			assert.NotEmpty(t, res[0].Error)
			continue
		}
		select {
		case res := <-done:
			p, err := decodeEcho(res[0])
			require.NoError(t, err)
			assert.Equal(t, 7, p.Pid)
		case <-time.After(10 * time.Second):
			t.Fatal("the stored result was not read back by the sweep")
		}
	}
}

// TestLargeResultCrossesNATS: a result past the server's max_payload (64 KiB here; 600 KiB
// of result) reaches the gateway whole, through the object store, over a live subscription
// and from the result stream (a second gateway whose task collapsed into the first). On main
// it was the item error "larger than the NATS server's max_payload allows".
func TestLargeResultCrossesNATS(t *testing.T) {
	url := startServerMax(t, 64<<10)
	g := newGateway(t, url, natsq.GatewayOptions{})
	big := make([]byte, 600<<10)
	for i := range big {
		big[i] = 'a' + byte(i%26)
	}
	runWorker(t, url, dispatch.HandlerFunc(func(ctx context.Context, t dispatch.Task) dispatch.Result {
		b, _ := json.Marshal(string(big))
		return dispatch.Result{Payload: b}
	}), natsq.WorkerOptions{Capacity: 1})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	res := g.Execute(ctx, items(1, ""))
	require.Empty(t, res[0].Error)
	var got string
	require.NoError(t, json.Unmarshal(res[0].Payload, &got))
	assert.Equal(t, string(big), got)

	// A second gateway asking for the same task reads the stored result.
	g2 := newGateway(t, url, natsq.GatewayOptions{})
	res = g2.Execute(ctx, items(1, ""))
	require.Empty(t, res[0].Error)
	require.NoError(t, json.Unmarshal(res[0].Payload, &got))
	assert.Equal(t, string(big), got)

	// A task NATS cannot carry is not queued.
	huge := dispatch.Task{Kind: dispatch.KindCheck, Payload: json.RawMessage(`"` + string(big) + `"`)}
	res = g.Execute(ctx, []dispatch.Task{huge})
	assert.Contains(t, res[0].Error, "not queued")
}

// peakHandler records the most tasks running at once, per worker.
type peakHandler struct {
	latency       time.Duration
	running, peak atomic.Int32
	ran           atomic.Int32
}

func (h *peakHandler) Handle(ctx context.Context, t dispatch.Task) dispatch.Result {
	n := h.running.Add(1)
	for p := h.peak.Load(); n > p && !h.peak.CompareAndSwap(p, n); p = h.peak.Load() {
	}
	defer h.running.Add(-1)
	h.ran.Add(1)
	return echo(ctx, t, h.latency)
}

// TestWorkerPullsOnlyWhatItCanRun: a worker runs up to its capacity at once and holds no
// task it cannot start, so a second, smaller worker gets its share of a queue it joined
// late: nothing was pulled ahead by the first.
func TestWorkerPullsOnlyWhatItCanRun(t *testing.T) {
	url := startServer(t)
	g := newGateway(t, url, natsq.GatewayOptions{})
	big := &peakHandler{latency: 30 * time.Millisecond}
	runWorker(t, url, big, natsq.WorkerOptions{Capacity: 3})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	done := make(chan []dispatch.Result, 1)
	go func() { done <- g.Execute(ctx, items(120, "share")) }()
	require.Eventually(t, func() bool { return big.ran.Load() >= 6 }, 10*time.Second, time.Millisecond)
	small := &peakHandler{latency: 30 * time.Millisecond}
	runWorker(t, url, small, natsq.WorkerOptions{Capacity: 1})
	res := <-done
	for i, r := range res {
		p, err := decodeEcho(r)
		require.NoError(t, err)
		require.Equal(t, i, p.N)
	}
	assert.Equal(t, int32(3), big.peak.Load(), "the worker ran up to its capacity")
	assert.Equal(t, int32(1), small.peak.Load())
	assert.Equal(t, int32(120), big.ran.Load()+small.ran.Load(), "a task ran twice")
	// The small worker came when about 114 were left; at a third of the big one's rate it
	// takes about a quarter of those (28). Had the big one pulled ahead, it would get few.
	assert.GreaterOrEqual(t, small.ran.Load(), int32(15), "big ran %d, small %d", big.ran.Load(), small.ran.Load())
}

// TestWorkerFinishesInFlightOnStop: a stopping worker pulls nothing more but finishes and
// answers the tasks it runs; the rest wait in the queue for another worker.
func TestWorkerFinishesInFlightOnStop(t *testing.T) {
	url := startServer(t)
	g := newGateway(t, url, natsq.GatewayOptions{})
	h := &peakHandler{latency: 300 * time.Millisecond}
	w, err := natsq.NewWorker(context.Background(), connect(t, url), h, natsq.WorkerOptions{Capacity: 2, FetchWait: 100 * time.Millisecond})
	require.NoError(t, err)
	wctx, stop := context.WithCancel(context.Background())
	ran := make(chan error, 1)
	go func() { ran <- w.Run(wctx) }()

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	done := make(chan []dispatch.Result, 1)
	go func() { done <- g.Execute(ctx, items(5, "drain")) }()
	require.Eventually(t, func() bool { return h.running.Load() == 2 }, 10*time.Second, time.Millisecond)
	stop()
	require.NoError(t, <-ran) // returns once the two running tasks are answered
	assert.Equal(t, int32(2), h.ran.Load(), "the stopping worker started more tasks")
	assert.Equal(t, 2, w.Stats().Ran)

	// A second worker takes the three left; all five answered once.
	after := &peakHandler{}
	runWorker(t, url, after, natsq.WorkerOptions{Capacity: 2})
	res := <-done
	for i, r := range res {
		p, err := decodeEcho(r)
		require.NoError(t, err)
		assert.Equal(t, i, p.N)
	}
	assert.Equal(t, int32(3), after.ran.Load())
}

func TestConnectNamesTheServer(t *testing.T) {
	url := startServer(t)
	nc, err := natsq.Connect(url, "leanprm test", natsq.Security{})
	require.NoError(t, err)
	nc.Close()
	_, err = natsq.Connect("nats://127.0.0.1:1", "leanprm test", natsq.Security{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "nats://127.0.0.1:1")
}

// TestNATSRestartLosesNoItem: a NATS server with memory storage restarts with tasks queued
// and running, and loses them. Workers set the streams up again; the gateway notices the
// new task stream and queues again every task it still waits for. Every item is answered.
func TestNATSRestartLosesNoItem(t *testing.T) {
	opts := &server.Options{Host: "127.0.0.1", Port: -1, JetStream: true, StoreDir: t.TempDir(), NoLog: true, NoSigs: true}
	s, err := server.NewServer(opts)
	require.NoError(t, err)
	go s.Start()
	require.True(t, s.ReadyForConnections(10*time.Second))
	url := s.ClientURL()
	opts.Port = s.Addr().(*net.TCPAddr).Port
	defer func() {
		s.Shutdown()
		s.WaitForShutdown()
	}()

	gc, err := natsq.Connect(url, "gateway", natsq.Security{})
	require.NoError(t, err)
	defer gc.Close()
	g, err := natsq.NewGateway(context.Background(), gc, natsq.GatewayOptions{})
	require.NoError(t, err)
	defer g.Close()
	wc, err := natsq.Connect(url, "worker", natsq.Security{})
	require.NoError(t, err)
	defer wc.Close()
	gate := make(chan struct{})
	h := &peakHandler{}
	w, err := natsq.NewWorker(context.Background(), wc, dispatch.HandlerFunc(func(ctx context.Context, t dispatch.Task) dispatch.Result {
		<-gate
		return h.Handle(ctx, t)
	}), natsq.WorkerOptions{Capacity: 2, FetchWait: 200 * time.Millisecond})
	require.NoError(t, err)
	wctx, stop := context.WithCancel(context.Background())
	ran := make(chan error, 1)
	go func() { ran <- w.Run(wctx) }()
	defer func() {
		stop()
		<-ran
	}()

	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	done := make(chan []dispatch.Result, 1)
	go func() { done <- g.Execute(ctx, items(10, "restart")) }()
	js, err := jetstream.New(connect(t, url))
	require.NoError(t, err)
	require.Eventually(t, func() bool {
		st, err := js.Stream(ctx, natsq.DefaultTaskStream)
		return err == nil && st.CachedInfo().State.Msgs == 10
	}, 10*time.Second, 10*time.Millisecond)

	s.Shutdown()
	s.WaitForShutdown()
	s, err = server.NewServer(opts)
	require.NoError(t, err)
	go s.Start()
	require.True(t, s.ReadyForConnections(10*time.Second))
	close(gate)

	res := <-done
	for i, r := range res {
		p, err := decodeEcho(r)
		require.NoError(t, err, "item %d", i)
		assert.Equal(t, i, p.N)
	}
}

// TestUnreadableTaskIsAFinalAnswer: a message on a task subject that is not a task's JSON
// is answered with an error once, under the key its header names, and not queued again.
func TestUnreadableTaskIsAFinalAnswer(t *testing.T) {
	url := startServer(t)
	w := runWorker(t, url, &countingHandler{}, natsq.WorkerOptions{Capacity: 1})
	nc := connect(t, url)
	sub, err := nc.SubscribeSync("leanprm.result.>")
	require.NoError(t, err)
	js, err := jetstream.New(nc)
	require.NoError(t, err)
	key := items(1, "")[0].Key()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	msg := &nats.Msg{Subject: "leanprm.task.check._", Data: []byte("{not json"), Header: nats.Header{}}
	msg.Header.Set(natsq.HeaderKey, key)
	_, err = js.PublishMsg(ctx, msg, jetstream.WithMsgID(key))
	require.NoError(t, err)
	m, err := sub.NextMsg(5 * time.Second)
	require.NoError(t, err)
	assert.Equal(t, "true", m.Header.Get(natsq.HeaderRan))
	assert.Contains(t, string(m.Data), "unreadable task")
	_, err = sub.NextMsg(300 * time.Millisecond)
	assert.ErrorIs(t, err, nats.ErrTimeout, "answered twice")
	assert.Equal(t, 1, w.Stats().Ran)
}

// TestBatchLargerThanMaxPending: a batch with far more tasks than publications may await
// their acks is queued whole. (On loopback acks come back long before the client's stall
// limit, so this does not reach the retry on ErrTooManyStalledMsgs; it checks that the
// pending bound neither deadlocks nor fails items.)
func TestBatchLargerThanMaxPending(t *testing.T) {
	url := startServer(t)
	g := newGateway(t, url, natsq.GatewayOptions{MaxPending: 8})
	runWorker(t, url, &countingHandler{}, natsq.WorkerOptions{Capacity: 8})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	res := g.Execute(ctx, items(500, "pending"))
	for i, r := range res {
		p, err := decodeEcho(r)
		require.NoError(t, err, "item %d", i)
		require.Equal(t, i, p.N)
	}
}

// TestGatewayHearsWorkers: workers say by heartbeat that they pull, with their slots, REPLs
// and warm headers; a gateway counts them, at once for a worker that was there before it
// started (it asks), and stops counting one that leaves (SIGTERM) at once and one that goes
// silent (SIGKILL) after three beats. A worker without a healthy REPL does not count.
func TestGatewayHearsWorkers(t *testing.T) {
	url := startServer(t)
	opts := natsq.Options{HeartbeatEvery: 100 * time.Millisecond}
	g := newGateway(t, url, natsq.GatewayOptions{Options: opts})
	assert.Equal(t, 0, g.Workers().Alive)

	var repls atomic.Int32
	repls.Store(2)
	nc := connect(t, url)
	w, err := natsq.NewWorker(context.Background(), nc, &countingHandler{}, natsq.WorkerOptions{Options: opts, Capacity: 3,
		WarmHeaders: []string{"import Foo"}, REPLs: func() int { return int(repls.Load()) }})
	require.NoError(t, err)
	ctx, stop := context.WithCancel(context.Background())
	ran := make(chan error, 1)
	go func() { ran <- w.Run(ctx) }()
	require.Eventually(t, func() bool { return g.Workers().Alive == 1 }, 5*time.Second, 10*time.Millisecond)
	ws := g.Workers()
	assert.Equal(t, natsq.Workers{Alive: 1, Capacity: 3, REPLs: 2, WarmHeaders: []string{"import Foo"}}, ws)

	// A gateway that starts later hears the worker without waiting for its next beat.
	g2 := newGateway(t, url, natsq.GatewayOptions{Options: natsq.Options{HeartbeatEvery: time.Hour}})
	require.Eventually(t, func() bool { return g2.Workers().Alive == 1 }, 5*time.Second, 10*time.Millisecond)

	repls.Store(0) // every REPL down: the worker pulls nothing it could run
	require.Eventually(t, func() bool { return g.Workers().Alive == 0 }, 5*time.Second, 10*time.Millisecond)
	repls.Store(1)
	require.Eventually(t, func() bool { return g.Workers().Alive == 1 }, 5*time.Second, 10*time.Millisecond)

	stop() // leaving says so
	require.NoError(t, <-ran)
	require.Eventually(t, func() bool { return g2.Workers().Alive == 0 }, 2*time.Second, 10*time.Millisecond,
		"a leaving worker is forgotten at once, not after three of g2's hour-long beats")
}
