package natsq

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/nats-io/nuid"

	"github.com/leanprm/leanprm/internal/dispatch"
)

// GatewayOptions tune one gateway. The zero value is the default.
type GatewayOptions struct {
	Options
	// MaxWait bounds the wait for a task that has no deadline of its own when the batch's
	// context has none either. Default DefaultMaxWait.
	MaxWait time.Duration
	// DeadlineGrace is how long past a task's deadline the gateway still waits for the
	// worker's own answer (a handler cancelled at the deadline reports what it was doing)
	// before answering the item itself. Default DefaultDeadlineGrace.
	DeadlineGrace time.Duration
	// MaxPending bounds the task publications awaiting the server's ack. Default 4096.
	MaxPending int
	// ResyncEvery is how often the gateway reads back, from the result stream, the results of
	// keys it has waited for at least that long: a result the stream stored but the live
	// subscription never saw (a cluster server restarting drops core messages its routes
	// carry before interest is known again, with no reconnect of the gateway's own
	// connection) answers its items then, not at their deadline. At most ResyncBatch keys
	// are read a round, those read least recently first. Default DefaultResyncEvery;
	// negative turns it off.
	ResyncEvery time.Duration
}

// Defaults of GatewayOptions.
const (
	DefaultMaxWait       = 5 * time.Minute
	DefaultDeadlineGrace = time.Second
	DefaultResyncEvery   = 10 * time.Second
	// ResyncBatch bounds the keys one round of ResyncEvery reads from the result stream.
	ResyncBatch = 64
)

// Header names on task and result messages.
const (
	// HeaderKey carries Task.Key on a result (the subject has it too).
	HeaderKey = "Leanprm-Key"
	// HeaderRan says whether the result comes from running the task ("true") or from not
	// running it (its deadline passed while queued: "false").
	HeaderRan = "Leanprm-Ran"
	// HeaderObject, on a result message without a body, names the object of the result
	// store (Options.ResultObjects) that holds the result: one larger than max_payload.
	HeaderObject = "Leanprm-Object"
)

// Gateway is a dispatch.Executor that queues each task on the task stream and waits for its
// result on the result subjects. It is safe for concurrent use; Close it when done.
type Gateway struct {
	nc      *nats.Conn
	js      jetstream.JetStream
	tasks   jetstream.Stream
	results jetstream.Stream
	objs    jetstream.ObjectStore // results past max_payload
	opts    GatewayOptions
	sub     *nats.Subscription // results
	adv     *nats.Subscription // max-deliveries advisories
	hb      *nats.Subscription // worker heartbeats

	wmu     sync.Mutex
	workers map[string]heard // worker id → its last heartbeat

	mu      sync.Mutex
	waiting map[string][]*slot   // task key → the batch items waiting for it
	checked map[string]time.Time // task key → when it was registered or last read back (sweep)
	seqKey  map[uint64]string    // task stream sequence → task key, for advisories
	created time.Time            // when the task stream was created, to notice it was lost
	closed  bool

	// Every goroutine the gateway starts (publication, acks, republication, recovery after a
	// reconnect, large results, requeues, advisories) is owned: it runs under life, which
	// Close cancels, and Close waits for it (spawn).
	life context.Context
	stop context.CancelFunc
	lmu  sync.Mutex // guards down and the WaitGroup's Add against Close's Wait
	down bool
	wg   sync.WaitGroup
}

// spawn runs fn in a goroutine the gateway owns, under a context that Close cancels; Close
// waits for it. It reports false, running nothing, once the gateway is closing.
func (g *Gateway) spawn(fn func(ctx context.Context)) bool {
	g.lmu.Lock()
	defer g.lmu.Unlock()
	if g.down {
		return false
	}
	g.wg.Add(1)
	go func() {
		defer g.wg.Done()
		fn(g.life)
	}()
	return true
}

// within is ctx, also cancelled when the gateway closes.
func (g *Gateway) within(ctx context.Context) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(ctx)
	stop := context.AfterFunc(g.life, cancel)
	return ctx, func() {
		stop()
		cancel()
	}
}

var _ dispatch.Executor = (*Gateway)(nil)

// slot is one batch item waiting for its result. done is guarded by Gateway.mu: whoever sets
// it (a result, an advisory, a timeout) is the only one to answer the item.
type slot struct {
	i    int
	task *dispatch.Task
	key  string
	seq  uint64
	done bool
	out  chan<- answer
}

// heard is a worker's last heartbeat and when it came.
type heard struct {
	hb Heartbeat
	at time.Time
}

type answer struct {
	i int
	r dispatch.Result
}

// NewGateway sets up the streams (Setup) and subscribes to results and advisories on nc. The
// caller keeps ownership of nc and closes it after Close.
func NewGateway(ctx context.Context, nc *nats.Conn, opts GatewayOptions) (*Gateway, error) {
	opts.Options = opts.Options.withDefaults()
	if opts.MaxWait <= 0 {
		opts.MaxWait = DefaultMaxWait
	}
	if opts.DeadlineGrace <= 0 {
		opts.DeadlineGrace = DefaultDeadlineGrace
	}
	if opts.MaxPending <= 0 {
		opts.MaxPending = 4096
	}
	if opts.ResyncEvery == 0 {
		opts.ResyncEvery = DefaultResyncEvery
	}
	js, err := jetstream.New(nc, jetstream.WithPublishAsyncMaxPending(opts.MaxPending),
		// Without a timeout a publication lost with the connection would never resolve.
		jetstream.WithPublishAsyncTimeout(30*time.Second))
	if err != nil {
		return nil, fmt.Errorf("natsq: gateway: %w", err)
	}
	tasks, results, _, err := Setup(ctx, js, opts.Options)
	if err != nil {
		return nil, err
	}
	objs, err := resultObjects(ctx, js, opts.Options)
	if err != nil {
		return nil, err
	}
	g := &Gateway{
		nc: nc, js: js, tasks: tasks, results: results, objs: objs, opts: opts,
		waiting: map[string][]*slot{}, checked: map[string]time.Time{}, seqKey: map[uint64]string{}, workers: map[string]heard{},
	}
	g.life, g.stop = context.WithCancel(context.Background())
	// Results arrive as plain messages on the subjects the result stream also stores: the
	// stream is for the gateways that did not publish the task (collapsed duplicates) and
	// for reconnects; live results need no consumer.
	g.sub, err = nc.Subscribe(opts.resultSubject("*"), g.onResult)
	if err != nil {
		return nil, fmt.Errorf("natsq: gateway: subscribe to results: %w", err)
	}
	// A slow gateway must not lose results to the client's pending limits.
	if err := g.sub.SetPendingLimits(-1, -1); err != nil {
		g.sub.Unsubscribe()
		return nil, fmt.Errorf("natsq: gateway: %w", err)
	}
	g.adv, err = nc.Subscribe(opts.advisorySubject(), g.onAdvisory)
	if err != nil {
		g.sub.Unsubscribe()
		return nil, fmt.Errorf("natsq: gateway: subscribe to advisories: %w", err)
	}
	g.hb, err = nc.Subscribe(opts.heartbeatSubject(), g.onHeartbeat)
	if err != nil {
		g.sub.Unsubscribe()
		g.adv.Unsubscribe()
		return nil, fmt.Errorf("natsq: gateway: subscribe to heartbeats: %w", err)
	}
	if err := nc.FlushTimeout(10 * time.Second); err != nil {
		g.Close()
		return nil, fmt.Errorf("natsq: gateway: flush subscriptions: %w", err)
	}
	_ = nc.Publish(opts.pingSubject(), nil) // workers beat at once; else within HeartbeatEvery
	// Results published while the connection was down never reach the subscription: after
	// a reconnect, read what the result stream holds for every key still waited for. The
	// connection's own reconnect handler, if any, still runs first.
	g.created = tasks.CachedInfo().Created
	prev := nc.Opts.ReconnectedCB
	nc.SetReconnectHandler(func(c *nats.Conn) {
		if prev != nil {
			prev(c)
		}
		g.spawn(g.recover)
	})
	if opts.ResyncEvery > 0 {
		g.spawn(g.sweep)
	}
	return g, nil
}

// Close stops listening, cancels the work its goroutines do (publications not yet acked are
// abandoned, their items answered with errors) and waits for them to end; batches still
// running answer their other items with errors when their deadlines pass. It does not close
// the connection.
func (g *Gateway) Close() error {
	g.lmu.Lock()
	g.down = true
	g.lmu.Unlock()
	g.mu.Lock()
	g.closed = true
	g.mu.Unlock()
	err := errors.Join(g.sub.Unsubscribe(), g.adv.Unsubscribe(), g.hb.Unsubscribe())
	g.stop()
	g.wg.Wait()
	return err
}

// Workers is what a gateway knows of the workers that pull its tasks, from their heartbeats.
type Workers struct {
	// Alive counts the workers heard from within three heartbeat intervals that pull: not
	// leaving, and with a healthy REPL when they have REPLs.
	Alive int
	// Capacity and Running sum their slots and the tasks they run; REPLs their healthy REPL
	// processes (workers that do not count theirs add nothing).
	Capacity, Running, REPLs int
	// WarmHeaders are the Lean headers some live worker holds ready, sorted.
	WarmHeaders []string
}

// Workers reports the live workers (see Workers); it forgets the others.
func (g *Gateway) Workers() Workers {
	g.wmu.Lock()
	defer g.wmu.Unlock()
	var ws Workers
	horizon := time.Now().Add(-3 * g.opts.HeartbeatEvery)
	for id, h := range g.workers {
		if h.at.Before(horizon) || h.hb.Leaving {
			delete(g.workers, id)
			continue
		}
		if h.hb.REPLs == 0 {
			continue
		}
		ws.Alive++
		ws.Capacity += h.hb.Capacity
		ws.Running += h.hb.Running
		ws.REPLs += max(h.hb.REPLs, 0)
		for _, hd := range h.hb.WarmHeaders {
			if !slices.Contains(ws.WarmHeaders, hd) {
				ws.WarmHeaders = append(ws.WarmHeaders, hd)
			}
		}
	}
	slices.Sort(ws.WarmHeaders)
	return ws
}

func (g *Gateway) onHeartbeat(m *nats.Msg) {
	var hb Heartbeat
	if json.Unmarshal(m.Data, &hb) != nil || hb.ID == "" {
		return
	}
	g.wmu.Lock()
	defer g.wmu.Unlock()
	if hb.Leaving {
		delete(g.workers, hb.ID)
		return
	}
	g.workers[hb.ID] = heard{hb, time.Now()}
}

// Execute queues every task and waits for every result: results[i] answers tasks[i]. Items
// that cannot be queued, whose deadline passes, whose task was delivered MaxDeliver times
// without an answer, or that are still open when ctx ends get a Result with Error.
func (g *Gateway) Execute(ctx context.Context, tasks []dispatch.Task) []dispatch.Result {
	results := make([]dispatch.Result, len(tasks))
	if len(tasks) == 0 {
		return results
	}
	// Publication and requeueing may outlive this call (a cancelled batch): they read a copy.
	tasks = slices.Clone(tasks)
	out := make(chan answer, len(tasks)) // every slot sends at most once: never blocks
	slots := make([]*slot, len(tasks))
	deadlines := make([]time.Time, len(tasks))
	now := time.Now()
	for i, t := range tasks {
		slots[i] = &slot{i: i, task: &tasks[i], key: t.Key(), out: out}
		deadlines[i] = now.Add(g.opts.MaxWait)
		if !t.Deadline.IsZero() {
			deadlines[i] = t.Deadline.Add(g.opts.DeadlineGrace)
		}
	}

	left := len(tasks)
	futures := make(chan pending, len(tasks))
	// Publication and its acks may outlive this call (a cancelled batch): the gateway owns them.
	pctx, done := g.within(ctx)
	if !g.spawn(func(context.Context) {
		defer done()
		var acks sync.WaitGroup
		acks.Add(1)
		go func() {
			defer acks.Done()
			g.confirm(pctx, futures)
		}()
		g.publish(pctx, tasks, slots, futures)
		acks.Wait()
	}) {
		done()
		for _, s := range slots {
			g.answer(s, dispatch.Result{Error: "not queued: the gateway is closed"})
		}
	}

	// Expire slots in deadline order with one timer.
	order := make([]int, len(tasks))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return deadlines[a].Compare(deadlines[b]) })
	next := 0
	timer := time.NewTimer(time.Until(deadlines[order[0]]))
	defer timer.Stop()
	for left > 0 {
		select {
		case a := <-out:
			results[a.i] = a.r
			left--
		case <-timer.C:
			now := time.Now()
			for next < len(order) && !deadlines[order[next]].After(now) {
				g.answer(slots[order[next]], dispatch.Result{Error: g.deadlineError()})
				next++
			}
			if next < len(order) {
				timer.Reset(time.Until(deadlines[order[next]]))
			}
		case <-ctx.Done():
			msg := "no answer: " + ctx.Err().Error()
			if errors.Is(ctx.Err(), context.DeadlineExceeded) {
				msg = g.deadlineError()
			}
			for _, s := range slots {
				g.answer(s, dispatch.Result{Error: msg})
			}
			// Every slot is now answered, by this loop or before it: collect the rest.
			for ; left > 0; left-- {
				a := <-out
				results[a.i] = a.r
			}
		}
	}
	return results
}

// deadlineError is the error of an item whose deadline passed unanswered; it says when no
// worker was there to answer, so the caller knows to retry later.
func (g *Gateway) deadlineError() string {
	if g.Workers().Alive == 0 {
		return "timed out: no answer before the task's deadline, and no worker is pulling tasks; retry when one is (the gateway's /readyz)"
	}
	return "timed out: no answer before the task's deadline"
}

// pending is a task publication awaiting the server's ack.
type pending struct {
	s   *slot
	fut jetstream.PubAckFuture
}

// publish registers each slot, then queues its task; registering first means a result
// that comes back before the publication's ack is not missed.
func (g *Gateway) publish(ctx context.Context, tasks []dispatch.Task, slots []*slot, futures chan<- pending) {
	defer close(futures)
	for i, t := range tasks {
		s := slots[i]
		if err := ctx.Err(); err != nil {
			g.answer(s, dispatch.Result{Error: "not queued: " + err.Error()})
			continue
		}
		if !t.Deadline.IsZero() && !time.Now().Before(t.Deadline) {
			g.answer(s, dispatch.Result{Error: "not run: deadline passed before it was queued"})
			continue
		}
		if !validToken(string(t.Kind)) {
			g.answer(s, dispatch.Result{Error: fmt.Sprintf("not queued: task kind %q is not a subject token (letters, digits, - and _)", t.Kind)})
			continue
		}
		body, err := json.Marshal(t)
		if err != nil {
			g.answer(s, dispatch.Result{Error: "not queued: " + err.Error()})
			continue
		}
		if !g.register(s) {
			g.answer(s, dispatch.Result{Error: "not queued: the gateway is closed"})
			continue
		}
		msg := &nats.Msg{Subject: g.opts.taskSubject(string(t.Kind), t.Env), Data: body, Header: nats.Header{}}
		msg.Header.Set(HeaderKey, s.key)
		fut, err := g.js.PublishMsgAsync(msg, jetstream.WithMsgID(s.key), jetstream.WithExpectStream(g.opts.TaskStream))
		// MaxPending publications await their acks: wait for room rather than fail the item.
		for errors.Is(err, jetstream.ErrTooManyStalledMsgs) && ctx.Err() == nil {
			fut, err = g.js.PublishMsgAsync(msg, jetstream.WithMsgID(s.key), jetstream.WithExpectStream(g.opts.TaskStream),
				jetstream.WithStallWait(time.Second))
		}
		if err != nil {
			g.republishLater(ctx, s, err)
			continue
		}
		futures <- pending{s, fut}
	}
}

// confirm reads the publication acks in order: a failed publication answers its item; a
// duplicate (the same task queued earlier, by this gateway or another) may already have its
// result stored.
func (g *Gateway) confirm(ctx context.Context, futures <-chan pending) {
	for p := range futures {
		select {
		case <-ctx.Done():
			return // the items are answered by their deadlines, or by Execute's ctx
		case ack := <-p.fut.Ok():
			g.mu.Lock()
			p.s.seq = ack.Sequence
			if !p.s.done {
				g.seqKey[ack.Sequence] = p.s.key
			}
			g.mu.Unlock()
			if ack.Duplicate {
				g.stored(ctx, p.s)
			}
		case err := <-p.fut.Err():
			g.republishLater(ctx, p.s, err)
		}
	}
}

// republishLater republishes s in a goroutine the gateway owns, under ctx (a batch's, ended
// with the gateway); a closed gateway answers s at once.
func (g *Gateway) republishLater(ctx context.Context, s *slot, err error) {
	if !g.spawn(func(context.Context) {
		ctx, done := g.within(ctx)
		defer done()
		g.republish(ctx, s, err)
	}) {
		g.answer(s, dispatch.Result{Error: "not queued: the gateway is closed"})
	}
}

// republish queues the task of s again after its publication failed with err, until it is
// queued, its item is answered (its deadline, MaxWait, ctx), or the failure is one that
// retrying cannot mend (a task past max_payload, a full stream). A NATS server lost from a
// cluster fails publications until JetStream elects the stream's new leader (seconds): those
// items are queued late, not lost.
func (g *Gateway) republish(ctx context.Context, s *slot, err error) {
	deadline := time.Now().Add(g.opts.MaxWait)
	if !s.task.Deadline.IsZero() {
		deadline = s.task.Deadline
	}
	for delay := 50 * time.Millisecond; ; delay = min(2*delay, 2*time.Second) {
		if permanent(err) || ctx.Err() != nil || !time.Now().Add(delay).Before(deadline) {
			g.answer(s, dispatch.Result{Error: "not queued: " + err.Error()})
			return
		}
		select {
		case <-time.After(delay):
		case <-ctx.Done():
			continue
		}
		g.mu.Lock()
		done := s.done
		g.mu.Unlock()
		if done {
			return
		}
		body, merr := json.Marshal(s.task)
		if merr != nil {
			err = merr
			continue
		}
		msg := &nats.Msg{Subject: g.opts.taskSubject(string(s.task.Kind), s.task.Env), Data: body, Header: nats.Header{}}
		msg.Header.Set(HeaderKey, s.key)
		pctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		var ack *jetstream.PubAck
		ack, err = g.js.PublishMsg(pctx, msg, jetstream.WithMsgID(s.key), jetstream.WithExpectStream(g.opts.TaskStream))
		cancel()
		if err != nil {
			continue
		}
		g.mu.Lock()
		s.seq = ack.Sequence
		if !s.done {
			g.seqKey[ack.Sequence] = s.key
		}
		g.mu.Unlock()
		if ack.Duplicate {
			g.stored(ctx, s)
		}
		return
	}
}

// permanent reports whether a publication failed for a reason that retrying cannot mend.
func permanent(err error) bool {
	if errors.Is(err, nats.ErrMaxPayload) || errors.Is(err, nats.ErrConnectionClosed) {
		return true
	}
	var api *jetstream.APIError
	if errors.As(err, &api) {
		// 10077: maximum messages exceeded; 10078: maximum bytes exceeded (a full stream
		// under DiscardNew); 10060: the subject or stream is not the expected one.
		switch api.ErrorCode {
		case 10077, 10078, 10060:
			return true
		}
	}
	return false
}

// stored answers s from the result stream when the result of its key is already there.
func (g *Gateway) stored(ctx context.Context, s *slot) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	raw, err := g.results.GetLastMsgForSubject(ctx, g.opts.resultSubject(s.key))
	if err != nil {
		return // not there yet (or unreadable): the live subscription brings it
	}
	g.deliverRaw(s.key, raw.Data, raw.Header)
}

// deliverRaw answers the slots waiting for key with a result message's body and headers.
func (g *Gateway) deliverRaw(key string, data []byte, h nats.Header) {
	g.mu.Lock()
	_, wanted := g.waiting[key]
	g.mu.Unlock()
	if !wanted { // another gateway's result, or a late duplicate: not worth decoding
		return
	}
	if name := h.Get(HeaderObject); name != "" {
		// Reading the object may take a while: not in the subscription's callback.
		g.spawn(func(life context.Context) { g.deliverObject(life, key, name, h.Get(HeaderRan) != "false") })
		return
	}
	r, err := decodeResult(data)
	if err != nil {
		r = dispatch.Result{Error: "unreadable result: " + err.Error()}
	}
	g.deliver(key, r, h.Get(HeaderRan) != "false")
}

// deliverObject answers the slots waiting for key with the result stored as object name. An
// object that cannot be read answers them with that error: the result exists but is lost.
func (g *Gateway) deliverObject(life context.Context, key, name string, ran bool) {
	ctx, cancel := context.WithTimeout(life, time.Minute)
	defer cancel()
	var r dispatch.Result
	data, err := g.objs.GetBytes(ctx, name)
	if err == nil {
		r, err = decodeResult(data)
	}
	if err != nil {
		r = dispatch.Result{Error: "unreadable result (stored as object " + name + "): " + err.Error()}
	}
	g.deliver(key, r, ran)
}

// register adds s to the slots waiting for its key; false once the gateway is closed.
func (g *Gateway) register(s *slot) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.closed || s.done {
		return false
	}
	if _, ok := g.checked[s.key]; !ok {
		g.checked[s.key] = time.Now()
	}
	g.waiting[s.key] = append(g.waiting[s.key], s)
	return true
}

// answer gives s its result unless it has one, and stops it waiting.
func (g *Gateway) answer(s *slot, r dispatch.Result) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if s.done {
		return
	}
	s.done = true
	s.out <- answer{s.i, r}
	ws := slices.DeleteFunc(g.waiting[s.key], func(w *slot) bool { return w == s })
	if len(ws) == 0 {
		delete(g.waiting, s.key)
		delete(g.checked, s.key)
		g.forgetSeq(s.key, s.seq)
	} else {
		g.waiting[s.key] = ws
	}
}

// deliver answers every slot waiting for key. A result of a task that was not run (its
// deadline passed in the queue) does not answer a slot whose own deadline is still ahead —
// its task was collapsed into an earlier copy with an earlier deadline: the task is queued
// again for those slots.
func (g *Gateway) deliver(key string, r dispatch.Result, ran bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	var again []*slot
	now := time.Now()
	for _, s := range g.waiting[key] {
		g.forgetSeq(key, s.seq)
		if s.done {
			continue
		}
		if !ran && (s.task.Deadline.IsZero() || s.task.Deadline.After(now)) {
			again = append(again, s)
			continue
		}
		s.done = true
		s.out <- answer{s.i, r}
	}
	if len(again) == 0 {
		delete(g.waiting, key)
		delete(g.checked, key)
		return
	}
	g.waiting[key] = again
	msgID := key + "." + nuid.Next()
	g.spawn(func(life context.Context) { g.requeue(life, key, msgID, again) })
}

// latest is the task of the slots (one key) with the latest deadline among them, none
// counting as latest: the copy queued again for all of them.
func latest(slots []*slot) dispatch.Task {
	t := *slots[0].task
	for _, s := range slots[1:] {
		if s.task.Deadline.IsZero() || (!t.Deadline.IsZero() && s.task.Deadline.After(t.Deadline)) {
			t.Deadline = s.task.Deadline
		}
	}
	return t
}

// requeue queues the task of the slots in again (all waiting for key) once more, under the
// message id msgID; a failure answers them.
func (g *Gateway) requeue(ctx context.Context, key, msgID string, again []*slot) {
	t := latest(again)
	fail := func(err error) {
		for _, s := range again {
			g.answer(s, dispatch.Result{Error: "not queued again: " + err.Error()})
		}
	}
	body, err := json.Marshal(t)
	if err != nil {
		fail(err)
		return
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	msg := &nats.Msg{Subject: g.opts.taskSubject(string(t.Kind), t.Env), Data: body, Header: nats.Header{}}
	msg.Header.Set(HeaderKey, key)
	ack, err := g.js.PublishMsg(ctx, msg, jetstream.WithMsgID(msgID), jetstream.WithExpectStream(g.opts.TaskStream))
	if err != nil {
		fail(err)
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	for _, s := range again {
		if !s.done {
			s.seq = ack.Sequence
			g.seqKey[ack.Sequence] = key
		}
	}
}

// forgetSeq drops the advisory mapping of seq when it still names key. g.mu is held.
func (g *Gateway) forgetSeq(key string, seq uint64) {
	if seq != 0 && g.seqKey[seq] == key {
		delete(g.seqKey, seq)
	}
}

func (g *Gateway) onResult(m *nats.Msg) {
	g.deliverRaw(strings.TrimPrefix(m.Subject, g.opts.Prefix+".result."), m.Data, m.Header)
}

// maxDeliveries is the part of the server's max-deliveries advisory the gateway reads.
type maxDeliveries struct {
	Stream     string `json:"stream"`
	StreamSeq  uint64 `json:"stream_seq"`
	Deliveries uint64 `json:"deliveries"`
}

// onAdvisory answers the items of a task the server gave up on: delivered MaxDeliver times,
// never acked (each worker that took it died or hung with it). The task is removed from the
// work queue, where it would otherwise stay.
func (g *Gateway) onAdvisory(m *nats.Msg) {
	var a maxDeliveries
	if json.Unmarshal(m.Data, &a) != nil || a.Stream != g.opts.TaskStream {
		return
	}
	g.mu.Lock()
	key, ok := g.seqKey[a.StreamSeq]
	g.mu.Unlock()
	if !ok {
		return
	}
	g.deliver(key, dispatch.Result{Error: fmt.Sprintf("failed: the task was delivered %d times and no worker answered it (a poison task, or workers lost)", a.Deliveries)}, true)
	g.spawn(func(life context.Context) {
		ctx, cancel := context.WithTimeout(life, 10*time.Second)
		defer cancel()
		_ = g.tasks.DeleteMsg(ctx, a.StreamSeq) // another gateway may have done it already
	})
}

// decodeResult reads a result message: exactly one of payload and error is set.
func decodeResult(data []byte) (dispatch.Result, error) {
	var r dispatch.Result
	if err := json.Unmarshal(data, &r); err != nil {
		return r, err
	}
	if (len(r.Payload) == 0) == (r.Error == "") {
		return dispatch.Result{}, errors.New("a result must carry exactly one of payload and error")
	}
	return r, nil
}
