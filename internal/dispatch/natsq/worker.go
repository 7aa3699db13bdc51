package natsq

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

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
	h     dispatch.Handler
	opts  WorkerOptions
	log   *slog.Logger
	every time.Duration // in-progress ack interval

	running sync.WaitGroup
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
	// Ack progress three times per AckWait: two may be lost before the server redelivers.
	every := cons.CachedInfo().Config.AckWait / 3
	if every <= 0 {
		every = opts.AckWait / 3
	}
	w := &Worker{nc: nc, js: js, cons: cons, h: h, opts: opts, log: log, every: every}
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
	if err := json.Unmarshal(msg.Data(), &t); err != nil {
		r = dispatch.Result{Error: "unreadable task: " + err.Error()}
	} else {
		r, ran = w.run(ctx, msg, t)
	}
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
	// A result NATS cannot carry would fail to publish on every delivery: answer that instead.
	if limit := w.nc.MaxPayload() - 1024; int64(len(body)) > limit {
		body, _ = json.Marshal(dispatch.Result{Error: fmt.Sprintf("the result (%d bytes) is larger than the NATS server's max_payload allows (%d bytes)", len(body), limit)})
	}
	out := &nats.Msg{Subject: w.opts.resultSubject(key), Data: body, Header: nats.Header{}}
	out.Header.Set(HeaderKey, key)
	out.Header.Set(HeaderRan, strconv.FormatBool(ran))
	pctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	// The id is the task's delivery, not its key: a redelivered task whose first result
	// was published collapses into it, a task queued again later does not.
	id := key + "." + strconv.FormatUint(meta.Sequence.Stream, 10)
	if _, err := w.js.PublishMsg(pctx, out, jetstream.WithMsgID(id), jetstream.WithExpectStream(w.opts.ResultStream)); err != nil {
		w.count(func(s *WorkerStats) { s.PublishFailed++ })
		w.log.Warn("natsq: publishing a result failed; the task will be delivered again", "key", key, "err", err)
		_ = msg.NakWithDelay(w.opts.FetchWait)
		return
	}
	if ran {
		w.count(func(s *WorkerStats) { s.Ran++ })
	} else {
		w.count(func(s *WorkerStats) { s.Skipped++ })
	}
	if err := msg.Ack(); err != nil {
		// The result is out; a second delivery would publish a duplicate that the result
		// stream collapses and gateways ignore.
		w.log.Warn("natsq: ack failed", "key", key, "err", err)
	}
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
