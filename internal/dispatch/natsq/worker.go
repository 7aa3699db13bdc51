package natsq

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/nats-io/nuid"

	"github.com/leanprm/leanprm/internal/dispatch"
)

// WorkerOptions tune one worker. The zero value is the default.
type WorkerOptions struct {
	Options
	// Capacity is how many tasks run at once: the worker's free REPLs. Default 1.
	Capacity int
	// FetchWait is how long one pull request waits for tasks on an idle queue. Default 1s.
	FetchWait time.Duration
	// Logger receives failures to publish or ack. Default: discard.
	Logger *slog.Logger
	// ID names the worker in its heartbeats. Default: a fresh unique id.
	ID string
	// WarmHeaders are the Lean headers the worker's REPLs hold ready (lean.header); gateways
	// give a snippet with another header extra time for the import.
	WarmHeaders []string
	// REPLs, when set, says how many of the worker's REPL processes are healthy; a worker
	// that has none says it is not pulling. Nil: the worker has no REPLs to count.
	REPLs func() int
	// TaskDone, when set, is called after each task with how long it ran and its outcome:
	// "ran", "error" (ran, answered with an item error), "skipped" (past its deadline) or
	// "publish_failed" (delivered again).
	TaskDone func(elapsed time.Duration, outcome string)
}

// Heartbeat is what a worker publishes every HeartbeatEvery on <prefix>.worker.heartbeat
// while it pulls, and once more with Leaving when it stops. Gateways read it for readiness
// (a gateway with no live worker is not ready), the warm headers and their metrics.
type Heartbeat struct {
	ID          string   `json:"id"`
	Capacity    int      `json:"capacity"`
	Running     int      `json:"running"`
	REPLs       int      `json:"repls"` // healthy REPL processes; -1: not known
	WarmHeaders []string `json:"warm_headers,omitempty"`
	Leaving     bool     `json:"leaving,omitempty"`
}

// NewHandlerFunc builds the handler a worker runs and the function that releases it (its REPL
// pool, its model). `leanprm worker` calls one; the server's handler (serve.NewHandler) is of
// this type.
type NewHandlerFunc func(ctx context.Context) (dispatch.Handler, func(), error)

// Worker pulls tasks from the task stream, as many as it has free capacity, runs each on a
// Handler and publishes its result.
type Worker struct {
	nc    *nats.Conn
	js    jetstream.JetStream
	cons  jetstream.Consumer
	objs  jetstream.ObjectStore // results past max_payload
	h     dispatch.Handler
	opts  WorkerOptions
	log   *slog.Logger
	every time.Duration // in-progress ack interval

	running sync.WaitGroup
	busy    atomic.Int64 // tasks running now
	stats   WorkerStats
	statsMu sync.Mutex
}

// WorkerStats count what a worker did.
type WorkerStats struct {
	Ran, Skipped, Returned, PublishFailed int
}

// NewWorker sets up the streams and the consumer (Setup) on nc. The caller keeps ownership
// of nc and of h.
func NewWorker(ctx context.Context, nc *nats.Conn, h dispatch.Handler, opts WorkerOptions) (*Worker, error) {
	opts.Options = opts.Options.withDefaults()
	if opts.Capacity <= 0 {
		opts.Capacity = 1
	}
	if opts.FetchWait <= 0 {
		opts.FetchWait = time.Second
	}
	if opts.ID == "" {
		opts.ID = nuid.Next()
	}
	log := opts.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, fmt.Errorf("natsq: worker: %w", err)
	}
	_, _, cons, err := Setup(ctx, js, opts.Options)
	if err != nil {
		return nil, err
	}
	objs, err := resultObjects(ctx, js, opts.Options)
	if err != nil {
		return nil, err
	}
	// Ack progress three times per AckWait: two may be lost before the server redelivers.
	every := cons.CachedInfo().Config.AckWait / 3
	if every <= 0 {
		every = opts.AckWait / 3
	}
	w := &Worker{nc: nc, js: js, cons: cons, objs: objs, h: h, opts: opts, log: log, every: every}
	// A NATS server with memory storage that restarts has lost the streams and the consumer:
	// set them up again after every reconnect (the consumer handle works by name).
	prev := nc.Opts.ReconnectedCB
	nc.SetReconnectHandler(func(c *nats.Conn) {
		if prev != nil {
			prev(c)
		}
		go w.setupAgain()
	})
	return w, nil
}

// setupAgain runs Setup once more; a failure is logged (the next pull failure retries).
func (w *Worker) setupAgain() {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if _, _, _, err := Setup(ctx, w.js, w.opts.Options); err != nil {
		w.log.Warn("natsq: setting up the streams again failed", "err", err)
	}
}

// lostSetup reports whether a pull failed because the stream or the consumer is gone.
func lostSetup(err error) bool {
	return errors.Is(err, jetstream.ErrConsumerNotFound) || errors.Is(err, jetstream.ErrStreamNotFound) ||
		errors.Is(err, jetstream.ErrConsumerDeleted)
}

// Stats returns the counts so far.
func (w *Worker) Stats() WorkerStats {
	w.statsMu.Lock()
	defer w.statsMu.Unlock()
	return w.stats
}

func (w *Worker) count(f func(*WorkerStats)) {
	w.statsMu.Lock()
	f(&w.stats)
	w.statsMu.Unlock()
}

// Run pulls and runs tasks until ctx ends, then stops pulling, hands back tasks it pulled but
// had not started (Nak) and returns once the tasks it started have finished and their results
// are published. Tasks in flight are not cancelled by ctx: each is bounded by its own
// deadline, and a worker killed outright leaves its tasks to be redelivered after AckWait.
func (w *Worker) Run(ctx context.Context) error {
	free := make(chan struct{}, w.opts.Capacity) // a token per free slot
	for range w.opts.Capacity {
		free <- struct{}{}
	}
	defer w.running.Wait()
	var beating sync.WaitGroup
	beating.Go(func() { w.heartbeat(ctx) })
	defer beating.Wait()
	for {
		// Wait for one free slot, then take every other free one: a pull asks for exactly
		// as many tasks as can start now.
		select {
		case <-free:
		case <-ctx.Done():
			return nil
		}
		n := 1
	take:
		for n < w.opts.Capacity {
			select {
			case <-free:
				n++
			default:
				break take
			}
		}
		batch, err := w.cons.Fetch(n, jetstream.FetchMaxWait(w.opts.FetchWait))
		if err != nil {
			for range n {
				free <- struct{}{}
			}
			if ctx.Err() != nil {
				return nil
			}
			w.log.Warn("natsq: pull failed", "err", err)
			if lostSetup(err) {
				w.setupAgain()
			}
			select { // the server or the connection is away: do not spin
			case <-time.After(w.opts.FetchWait / 4):
			case <-ctx.Done():
				return nil
			}
			continue
		}
		got := 0
		for msg := range batch.Messages() {
			got++
			if ctx.Err() != nil {
				_ = msg.Nak()
				w.count(func(s *WorkerStats) { s.Returned++ })
				free <- struct{}{}
				continue
			}
			w.running.Add(1)
			go func() {
				defer w.running.Done()
				var once sync.Once
				release := func() { once.Do(func() { free <- struct{}{} }) }
				defer release()
				w.handle(context.WithoutCancel(ctx), msg, release)
			}()
		}
		for range n - got {
			free <- struct{}{}
		}
		if err := batch.Error(); err != nil && !errors.Is(err, nats.ErrTimeout) && ctx.Err() == nil {
			w.log.Warn("natsq: pull ended with an error", "err", err)
			if lostSetup(err) {
				w.setupAgain()
			}
			if got == 0 { // failing at once: do not spin
				select {
				case <-time.After(w.opts.FetchWait / 4):
				case <-ctx.Done():
				}
			}
		}
	}
}

// heartbeat says that the worker pulls, every HeartbeatEvery until ctx ends, then that it
// leaves: a gateway stops counting it at once rather than after three silent beats.
func (w *Worker) heartbeat(ctx context.Context) {
	tick := time.NewTicker(w.opts.HeartbeatEvery)
	defer tick.Stop()
	// A gateway that starts asks for a beat at once rather than waiting up to HeartbeatEvery.
	if ping, err := w.nc.Subscribe(w.opts.pingSubject(), func(*nats.Msg) {
		if ctx.Err() == nil {
			w.beat(false)
		}
	}); err == nil {
		defer ping.Unsubscribe()
	}
	for {
		w.beat(ctx.Err() != nil)
		select {
		case <-ctx.Done():
			w.beat(true)
			_ = w.nc.FlushTimeout(time.Second)
			return
		case <-tick.C:
		}
	}
}

func (w *Worker) beat(leaving bool) {
	hb := Heartbeat{ID: w.opts.ID, Capacity: w.opts.Capacity, Running: int(w.busy.Load()), REPLs: -1,
		WarmHeaders: w.opts.WarmHeaders, Leaving: leaving}
	if w.opts.REPLs != nil {
		hb.REPLs = w.opts.REPLs()
	}
	b, _ := json.Marshal(hb)
	_ = w.nc.Publish(w.opts.heartbeatSubject(), b) // a lost beat is made up by the next
}

// handle runs one delivered task and publishes its result, then acks the task. A result
// that cannot be published leaves the task unacked: it is delivered again (at most
// MaxDeliver times in all). It calls release when the handler is done with the task, before
// publishing: the slot (a REPL) is free again while the result travels.
func (w *Worker) handle(ctx context.Context, msg jetstream.Msg, release func()) {
	key := msg.Headers().Get(HeaderKey) // a task queued again has another message id
	if key == "" {
		key = msg.Headers().Get(jetstream.MsgIDHeader)
	}
	meta, err := msg.Metadata()
	if err != nil || !validKey(key) {
		// Not a task a gateway sent: nothing waits for it, and it will never read.
		w.log.Warn("natsq: dropping a message that is not a task", "subject", msg.Subject(), "err", err)
		_ = msg.Term()
		return
	}
	var t dispatch.Task
	var r dispatch.Result
	// ran is false only for a task not started because its deadline had passed: the one
	// answer a gateway may queue again for an item with a later deadline. Any other answer,
	// this one included, is final.
	ran := true
	start := time.Now()
	w.busy.Add(1)
	if err := json.Unmarshal(msg.Data(), &t); err != nil {
		r = dispatch.Result{Error: "unreadable task: " + err.Error()}
	} else {
		r, ran = w.run(ctx, msg, t)
	}
	w.busy.Add(-1)
	elapsed := time.Since(start)
	release()
	switch {
	case len(r.Payload) == 0 && r.Error == "":
		r = dispatch.Result{Error: "the handler gave no answer"}
	case len(r.Payload) != 0 && r.Error != "":
		r = dispatch.Result{Error: "the handler gave both an answer and an error: " + r.Error}
	}
	body, err := json.Marshal(r)
	if err != nil {
		body, _ = json.Marshal(dispatch.Result{Error: "unencodable result: " + err.Error()})
	}
	out := &nats.Msg{Subject: w.opts.resultSubject(key), Data: body, Header: nats.Header{}}
	out.Header.Set(HeaderKey, key)
	out.Header.Set(HeaderRan, strconv.FormatBool(ran))
	pctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	// The id is the task's delivery, not its key: a redelivered task whose first result
	// was published collapses into it, a task queued again later does not.
	id := key + "." + strconv.FormatUint(meta.Sequence.Stream, 10)
	// A result one message cannot carry goes to the object store, in chunks a message can,
	// and the result message names it.
	if limit := w.nc.MaxPayload() - 1024; int64(len(body)) > limit {
		if err := w.putObject(ctx, id, body); err != nil {
			w.count(func(s *WorkerStats) { s.PublishFailed++ })
			w.log.Warn("natsq: storing a large result failed; the task will be delivered again", "key", key, "bytes", len(body), "err", err)
			w.taskDone(elapsed, "publish_failed")
			_ = msg.NakWithDelay(w.opts.FetchWait)
			return
		}
		out.Data = nil
		out.Header.Set(HeaderObject, id)
	}
	if err := w.publish(pctx, msg, out, id); err != nil {
		w.count(func(s *WorkerStats) { s.PublishFailed++ })
		w.log.Warn("natsq: publishing a result failed; the task will be delivered again", "key", key, "err", err)
		w.taskDone(elapsed, "publish_failed")
		_ = msg.NakWithDelay(w.opts.FetchWait)
		return
	}
	switch {
	case !ran:
		w.count(func(s *WorkerStats) { s.Skipped++ })
		w.taskDone(elapsed, "skipped")
	case r.Error != "":
		w.count(func(s *WorkerStats) { s.Ran++ })
		w.taskDone(elapsed, "error")
	default:
		w.count(func(s *WorkerStats) { s.Ran++ })
		w.taskDone(elapsed, "ran")
	}
	if err := msg.Ack(); err != nil {
		// The result is out; a second delivery would publish a duplicate that the result
		// stream collapses and gateways ignore.
		w.log.Warn("natsq: ack failed", "key", key, "err", err)
	}
}

// publish publishes a result under the message id id, retrying while ctx lasts: a NATS
// server lost from a cluster fails publications until the result stream's new leader is
// elected, and the task, which ran, is kept (in-progress acks) rather than run again.
func (w *Worker) publish(ctx context.Context, task jetstream.Msg, out *nats.Msg, id string) error {
	for delay := 50 * time.Millisecond; ; delay = min(2*delay, 2*time.Second) {
		actx, cancel := context.WithTimeout(ctx, 5*time.Second)
		_, err := w.js.PublishMsg(actx, out, jetstream.WithMsgID(id), jetstream.WithExpectStream(w.opts.ResultStream))
		cancel()
		if err == nil || errors.Is(err, nats.ErrMaxPayload) || errors.Is(err, nats.ErrConnectionClosed) {
			return err
		}
		_ = task.InProgress()
		select {
		case <-time.After(delay):
		case <-ctx.Done():
			return err
		}
	}
}

func (w *Worker) taskDone(elapsed time.Duration, outcome string) {
	if w.opts.TaskDone != nil {
		w.opts.TaskDone(elapsed, outcome)
	}
}

// Running is how many tasks the worker runs now.
func (w *Worker) Running() int { return int(w.busy.Load()) }

// Capacity is how many tasks the worker runs at once.
func (w *Worker) Capacity() int { return w.opts.Capacity }

// Queue reads the shared consumer's state: tasks waiting for a worker (pending), delivered
// and not yet acked (ack pending), and pull requests waiting for tasks (waiting: idle slots
// of the fleet).
func (w *Worker) Queue(ctx context.Context) (pending, ackPending uint64, waiting int, err error) {
	info, err := w.cons.Info(ctx)
	if err != nil {
		return 0, 0, 0, err
	}
	return info.NumPending, uint64(info.NumAckPending), info.NumWaiting, nil
}

// putObject stores a result too large for one message under name, in chunks of at most
// half the servers' max_payload (and JetStream's 128 KiB default).
func (w *Worker) putObject(ctx context.Context, name string, body []byte) error {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	chunk := min(128<<10, w.nc.MaxPayload()/2)
	_, err := w.objs.Put(ctx, jetstream.ObjectMeta{Name: name, Opts: &jetstream.ObjectMetaOptions{ChunkSize: uint32(chunk)}},
		bytes.NewReader(body))
	return err
}

// run does t on the handler, acking progress while it runs. ran is false when the task was
// not started (its deadline had passed).
func (w *Worker) run(ctx context.Context, msg jetstream.Msg, t dispatch.Task) (r dispatch.Result, ran bool) {
	if !t.Deadline.IsZero() && !time.Now().Before(t.Deadline) {
		return dispatch.Result{Error: "not run: deadline passed while queued"}, false
	}
	stop := make(chan struct{})
	var beat sync.WaitGroup
	beat.Go(func() {
		tick := time.NewTicker(w.every)
		defer tick.Stop()
		for {
			select {
			case <-tick.C:
				_ = msg.InProgress()
			case <-stop:
				return
			}
		}
	})
	defer func() {
		close(stop)
		beat.Wait()
	}()
	defer func() {
		// A panicking handler fails its item, not the worker.
		if p := recover(); p != nil {
			r, ran = dispatch.Result{Error: fmt.Sprintf("the handler panicked: %v", p)}, true
		}
	}()
	return dispatch.Run(ctx, w.h, t), true
}

// validKey reports whether key looks like Task.Key: 64 hex digits.
func validKey(key string) bool {
	if len(key) != 64 {
		return false
	}
	for _, c := range key {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}
