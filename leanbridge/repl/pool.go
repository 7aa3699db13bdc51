package repl

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
)

// Pool runs requests on N workers. Requests wait in a bounded FIFO queue; each worker takes
// the next one when it is free, so a slow request never holds up others while a worker is
// idle. Pool methods are safe for concurrent use. The caller must call Close.
type Pool struct {
	cfg     Config
	workers []*Worker
	jobs    chan *job // the queue; its capacity is Config.QueueSize
	stats   *collector
	probes  []ProbeResult
	failed  []error

	ctx       context.Context
	cancel    context.CancelFunc
	closed    chan struct{}
	closeOnce sync.Once
	loops     sync.WaitGroup
}

type job struct {
	ctx    context.Context
	header string
	req    CommandRequest
	// fn, when set, makes this a WithWorker job: fn gets the worker to itself and req is
	// unused.
	fn    func(*Worker) error
	state atomic.Int32   // jobPending, then jobStarted or jobCanceled (WithWorker jobs)
	done  chan jobResult // buffered: a worker never blocks on a caller that gave up
}

const (
	jobPending int32 = iota
	jobStarted
	jobCanceled
)

type jobResult struct {
	resp *CommandResponse
	err  error
}

// NewPool starts cfg.Workers workers in parallel, each with its start-up checks. Workers that
// fail are reported by StartErrors and left out; NewPool fails only if none is healthy. ctx
// bounds the start and the pool's life.
func NewPool(ctx context.Context, cfg Config) (*Pool, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	pctx, cancel := context.WithCancel(ctx)
	p := &Pool{
		cfg:    cfg,
		jobs:   make(chan *job, cfg.QueueSize),
		stats:  newCollector(),
		ctx:    pctx,
		cancel: cancel,
		closed: make(chan struct{}),
	}
	type started struct {
		w     *Worker
		err   error
		probe *ProbeResult
	}
	results := make([]started, cfg.Workers)
	var wg sync.WaitGroup
	for i := range cfg.Workers {
		wg.Go(func() {
			w, err := startWorker(pctx, cfg, i, p.stats)
			results[i] = started{w: w, err: err}
			if w != nil {
				if pr, ok := w.Probe(); ok {
					results[i].probe = &pr
				}
			}
			var pe *ProbeError
			if errors.As(err, &pe) {
				results[i].probe = &pe.Result
			}
		})
	}
	wg.Wait()
	for i, r := range results {
		if r.probe != nil {
			p.probes = append(p.probes, *r.probe)
		}
		if r.err != nil {
			p.failed = append(p.failed, fmt.Errorf("worker %d: %w", i, r.err))
			cfg.Logger.Warn("REPL worker failed its start-up checks and is not used", "worker", i, "err", r.err)
			continue
		}
		p.workers = append(p.workers, r.w)
	}
	if len(p.workers) == 0 {
		cancel()
		return nil, fmt.Errorf("leanbridge: no REPL worker started: %w", errors.Join(p.failed...))
	}
	for _, w := range p.workers {
		p.loops.Go(func() { p.loop(w) })
	}
	return p, nil
}

// loop runs queued jobs on w until the pool closes, at most cfg.Pipeline at a time. The
// worker writes concurrent requests to its REPL in order and matches the replies in order.
func (p *Pool) loop(w *Worker) {
	slots := make(chan struct{}, p.cfg.Pipeline)
	var running sync.WaitGroup
	defer running.Wait()
	for {
		select {
		case slots <- struct{}{}:
		case <-p.closed:
			return
		}
		select {
		case j := <-p.jobs:
			if j.fn != nil {
				// Exclusive use: let the requests in flight finish, run fn with no other
				// job on this worker, then go on taking jobs.
				running.Wait()
				p.runExclusive(w, j)
				<-slots
				continue
			}
			running.Go(func() {
				defer func() { <-slots }()
				p.run(w, j)
			})
		case <-p.closed:
			return
		}
	}
}

func (p *Pool) run(w *Worker, j *job) {
	if err := j.ctx.Err(); err != nil {
		j.done <- jobResult{err: err}
		return
	}
	resp, err := w.CommandOnHeader(j.ctx, j.header, j.req)
	j.done <- jobResult{resp: resp, err: err}
}

func (p *Pool) runExclusive(w *Worker, j *job) {
	if !j.state.CompareAndSwap(jobPending, jobStarted) {
		return // the caller gave up before its turn
	}
	j.done <- jobResult{err: j.fn(w)}
}

// WithWorker runs fn with one worker to itself: while fn runs, no other request of the pool
// goes to that worker (requests already running on it finish first). It is for work that
// needs one REPL process across several requests, such as proof states, which belong to the
// process that made them (CheckChain). fn runs on the pool's goroutine for that worker; it
// must use ctx for its requests and return when ctx ends.
//
// WithWorker waits in the pool's queue like Command. It returns fn's error, ctx's error if
// ctx ends before fn starts, or ErrClosed. Once fn has started, WithWorker returns only after
// fn has returned, so fn may write to variables the caller reads afterwards. Close waits for
// a running fn too; fn's requests fail with ErrClosed once the pool is closing.
func (p *Pool) WithWorker(ctx context.Context, fn func(*Worker) error) error {
	j := &job{ctx: ctx, fn: fn, done: make(chan jobResult, 1)}
	select {
	case <-p.closed:
		return ErrClosed
	default:
	}
	giveUp := func(err error) error {
		if j.state.CompareAndSwap(jobPending, jobCanceled) {
			return err
		}
		return (<-j.done).err // fn is running: it ends with ctx or with the closed workers
	}
	select {
	case p.jobs <- j:
	case <-ctx.Done():
		return ctx.Err()
	case <-p.closed:
		return ErrClosed
	}
	select {
	case r := <-j.done:
		return r.err
	case <-ctx.Done():
		return giveUp(ctx.Err())
	case <-p.closed:
		return giveUp(ErrClosed)
	}
}

// Command runs req on the environment of header (see Worker.CommandOnHeader) on the next free
// worker. It waits while the queue is full (backpressure) and while the request is queued or
// running, until ctx ends.
func (p *Pool) Command(ctx context.Context, header string, req CommandRequest) (*CommandResponse, error) {
	j := &job{ctx: ctx, header: header, req: req, done: make(chan jobResult, 1)}
	select {
	case <-p.closed:
		return nil, ErrClosed
	default:
	}
	select {
	case p.jobs <- j:
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-p.closed:
		return nil, ErrClosed
	}
	select {
	case r := <-j.done:
		return r.resp, r.err
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-p.closed:
		return nil, ErrClosed
	}
}

// CommandFresh is Command on a REPL process of its own: a worker is taken to itself
// (WithWorker), its process is retired before the request, so that the request starts a fresh
// one and imports header there, and after it, so that nothing the request did (declarations,
// memory) is seen by a later one. It is Kimina's reuse=false: isolation, at the price of a
// process start and a header import per request.
func (p *Pool) CommandFresh(ctx context.Context, header string, req CommandRequest) (*CommandResponse, error) {
	var resp *CommandResponse
	err := p.WithWorker(ctx, func(w *Worker) error {
		w.Retire("a request asked for a fresh process (reuse=false)")
		defer w.Retire("the process of a reuse=false request is not reused")
		var err error
		resp, err = w.CommandOnHeader(ctx, header, req)
		return err
	})
	return resp, err
}

// CommandRetry is Command, retried once when the first attempt failed for a reason of the
// infrastructure (IsInfrastructure: a crash, a timeout, …). The failed process is gone by
// then, so the retry runs on a fresh one: a restarted process or another worker's. A second
// failure is returned wrapped in a RetryError, which still matches the sentinels of the last
// failure. Errors of the request itself and the end of ctx are returned at once.
func (p *Pool) CommandRetry(ctx context.Context, header string, req CommandRequest) (*CommandResponse, error) {
	resp, err := p.Command(ctx, header, req)
	if err == nil || ctx.Err() != nil || !IsInfrastructure(err) {
		return resp, err
	}
	p.cfg.Logger.Warn("REPL request failed; retrying once on a fresh process", "err", err)
	resp, err2 := p.Command(ctx, header, req)
	if err2 == nil || ctx.Err() != nil {
		return resp, err2
	}
	return nil, &RetryError{First: err, Last: err2}
}

// Backend is "lean" or "sim" (docs/CONTRACTS.md §2), from the first healthy worker.
func (p *Pool) Backend() string { return p.workers[0].Backend() }

// Version is the Lean version the workers reported.
func (p *Pool) Version() string { return p.workers[0].Version() }

// SymbolicOK reports whether every worker in use passed the identity probe: the pool hands a
// request to any of them, so symbolic lines (docs/CONTRACTS.md §1b) may be sent only when
// this holds. Otherwise callers keep the exact checker's verdict, with a warning.
func (p *Pool) SymbolicOK() bool {
	for _, w := range p.workers {
		if !w.SymbolicOK() {
			return false
		}
	}
	return len(p.workers) > 0
}

// Probes returns the start-up probe result of every worker that got as far as the probe,
// healthy or not.
func (p *Pool) Probes() []ProbeResult { return append([]ProbeResult(nil), p.probes...) }

// StartErrors returns why workers were left out at start-up.
func (p *Pool) StartErrors() []error { return append([]error(nil), p.failed...) }

// Stats returns counters and latency percentiles of all workers.
func (p *Pool) Stats() Stats {
	s := p.stats.snapshot()
	s.QueueLen = len(p.jobs)
	s.Workers = len(p.workers)
	return s
}

// Close stops taking requests, fails the queued and running ones with ErrClosed, and stops
// every worker, waiting until their process groups are gone.
func (p *Pool) Close() error {
	p.closeOnce.Do(func() {
		close(p.closed)
		var wg sync.WaitGroup
		for _, w := range p.workers {
			wg.Go(func() { w.Close() })
		}
		wg.Wait()
		p.cancel()
		p.loops.Wait()
		for {
			select {
			case j := <-p.jobs:
				j.done <- jobResult{err: ErrClosed}
				continue
			default:
			}
			break
		}
	})
	return nil
}
