package repl

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/leanprm/leanprm/leanbridge/proc"
)

// connState is the life of one REPL process as its conn sees it.
type connState int

const (
	connLive     connState = iota // taking requests
	connDraining                  // retired (recycling): finishing outstanding requests, taking no new ones
	connDead                      // failed or stopped; every outstanding request has been answered
)

func (s connState) String() string {
	switch s {
	case connLive:
		return "live"
	case connDraining:
		return "draining"
	case connDead:
		return "dead"
	}
	return fmt.Sprintf("connState(%d)", int(s))
}

// conn speaks the REPL protocol with one peer (one REPL process).
//
// The REPL has no request ids and answers strictly in order, so a conn keeps a FIFO of the
// requests it has written; each reply belongs to the head. Only the head has a running timer:
// the REPL works on one request at a time, so the others have not started.
//
// Goroutines: a reader (stdout), a stderr reader, and at the end one teardown goroutine. The
// peer is stopped, and all of them have returned, before done is closed.
type conn struct {
	gen    int   // 1-based process generation within the worker
	ids    idMap // this process's ids in the worker's numbering
	peer   peer
	dec    *Decoder
	stderr *proc.Tail
	grace  time.Duration
	life   context.Context // the worker's lifetime; when it ends, the peer is stopped

	wmu sync.Mutex // serialises writes, so FIFO order is write order

	mu        sync.Mutex
	state     connState
	err       error // why the conn stopped taking requests
	fifo      []*call
	replies   int
	exception string      // first "uncaught exception" line seen on stderr
	excTimer  *time.Timer // fails the conn if stdout does not end after an exception
	lastMem   time.Time
	headers   map[string]headerResult

	done         chan struct{} // closed after teardown
	readerDone   chan struct{}
	stderrDone   chan struct{}
	teardownOnce sync.Once
}

type headerResult struct {
	env int // worker-visible env id
	err error
}

type call struct {
	op      string
	timeout time.Duration
	timer   *time.Timer
	res     chan callResult // buffered: the reader never blocks on a caller
}

type callResult struct {
	raw json.RawMessage
	err error
}

func newConn(life context.Context, p peer, gen int, base idShift, cfg *Config) *conn {
	c := &conn{
		life:       life,
		gen:        gen,
		ids:        idMap{shift: base, min: base},
		peer:       p,
		dec:        NewDecoder(p.Stdout(), cfg.MaxReplyBytes),
		stderr:     proc.NewTail(cfg.StderrTailBytes),
		grace:      cfg.GracePeriod,
		headers:    make(map[string]headerResult),
		done:       make(chan struct{}),
		readerDone: make(chan struct{}),
		stderrDone: make(chan struct{}),
	}
	go c.readLoop()
	go c.stderrLoop()
	return c
}

func (c *conn) live() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.state == connLive
}

// send writes one framed request and waits for its reply. If ctx ends first, send returns
// ctx.Err() but the request stays queued: its reply must still be read to keep the stream in
// step, and its timeout still applies.
func (c *conn) send(ctx context.Context, frame []byte, op string, timeout time.Duration) (json.RawMessage, error) {
	cl := &call{op: op, timeout: timeout, res: make(chan callResult, 1)}
	c.wmu.Lock()
	c.mu.Lock()
	if c.state != connLive {
		err := c.err
		c.mu.Unlock()
		c.wmu.Unlock()
		return nil, fmt.Errorf("%w: %w", ErrNotProcessed, err)
	}
	c.fifo = append(c.fifo, cl)
	if len(c.fifo) == 1 {
		c.armLocked(cl)
	}
	c.mu.Unlock()
	// One write per request. A write can block while the REPL is busy with earlier requests
	// (the pipe holds 64 KiB); the head's timeout, killing the process, bounds that too.
	_, werr := c.peer.Stdin().Write(frame)
	c.wmu.Unlock()
	if werr != nil {
		c.fail(c.processError("writing a request failed", werr))
	}
	select {
	case r := <-cl.res:
		return r.raw, r.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (c *conn) armLocked(cl *call) {
	cl.timer = time.AfterFunc(cl.timeout, func() { c.expire(cl) })
}

// expire fails the conn if cl is still the request the REPL is working on.
func (c *conn) expire(cl *call) {
	te := &TimeoutError{Op: cl.op, Timeout: cl.timeout}
	pe := &ProcessError{Generation: c.gen, Reason: "killed after a request timed out", Err: te}
	c.terminate(te, pe, false, func() bool { return len(c.fifo) > 0 && c.fifo[0] == cl })
}

// fail stops the conn after a failure: the head request gets err; the rest get err wrapped in
// ErrNotProcessed. The process group is killed.
func (c *conn) fail(err error) { c.terminate(err, err, false, nil) }

// terminate moves the conn to dead if it is not already (and cond, checked under the lock,
// holds), answers every outstanding request, and starts the teardown.
func (c *conn) terminate(headErr, connErr error, graceful bool, cond func() bool) bool {
	c.mu.Lock()
	if c.state == connDead || (cond != nil && !cond()) {
		c.mu.Unlock()
		return false
	}
	c.state = connDead
	c.err = connErr
	calls := c.fifo
	c.fifo = nil
	c.mu.Unlock()
	for i, cl := range calls {
		if cl.timer != nil {
			cl.timer.Stop()
		}
		if i == 0 {
			cl.res <- callResult{err: headErr}
		} else {
			cl.res <- callResult{err: fmt.Errorf("%w: it was queued behind a request that failed: %w", ErrNotProcessed, connErr)}
		}
	}
	c.startTeardown(graceful)
	return true
}

// retire stops the conn from taking requests; it ends once the outstanding ones are answered.
// It reports whether the conn was live.
func (c *conn) retire(reason string) bool {
	c.mu.Lock()
	if c.state != connLive {
		c.mu.Unlock()
		return false
	}
	c.state = connDraining
	c.err = fmt.Errorf("the REPL process is being recycled (%s)", reason)
	idle := len(c.fifo) == 0
	c.mu.Unlock()
	if idle {
		c.startTeardown(true)
	}
	return true
}

func (c *conn) startTeardown(graceful bool) {
	c.teardownOnce.Do(func() {
		go func() {
			c.peer.Stop(graceful)
			<-c.readerDone
			<-c.stderrDone
			c.mu.Lock()
			if c.excTimer != nil {
				c.excTimer.Stop()
			}
			c.mu.Unlock()
			close(c.done)
		}()
	})
}

func (c *conn) readLoop() {
	defer close(c.readerDone)
	for {
		raw, err := c.dec.Next()
		if err != nil {
			c.readFailed(err)
			return
		}
		c.mu.Lock()
		if c.state == connDead {
			c.mu.Unlock()
			continue // answered already; keep draining until the stream ends
		}
		if len(c.fifo) == 0 {
			c.mu.Unlock()
			c.fail(c.processError("the REPL sent a reply nobody asked for", fmt.Errorf("%w: %.80s", ErrMalformedReply, raw)))
			continue
		}
		cl := c.fifo[0]
		c.fifo[0] = nil
		c.fifo = c.fifo[1:]
		if cl.timer != nil {
			cl.timer.Stop()
		}
		if len(c.fifo) > 0 {
			c.armLocked(c.fifo[0])
		}
		c.replies++
		drained := c.state == connDraining && len(c.fifo) == 0
		c.mu.Unlock()
		cl.res <- callResult{raw: raw}
		if drained {
			c.startTeardown(true)
		}
	}
}

// readFailed turns the end of stdout, or unreadable output, into the conn's failure.
func (c *conn) readFailed(err error) {
	var reason string
	var fe *FramingError
	switch {
	case errors.Is(err, os.ErrClosed):
		reason = "stopped"
	case errors.As(err, &fe) && errIsFramingEOF(err):
		reason = "the REPL exited in the middle of a reply"
	case errors.As(err, &fe):
		reason = "unreadable output on stdout"
	case errIsFramingEOF(err):
		reason = "EOF on stdout"
		err = nil
	default:
		reason = "reading stdout failed"
	}
	if reason != "unreadable output on stdout" {
		// The process is ending: give it a moment to exit and to flush stderr, so that the
		// error can say why.
		ctx, cancel := context.WithTimeout(context.Background(), c.grace)
		select {
		case <-c.peer.Exited():
		case <-ctx.Done():
		}
		select {
		case <-c.stderrDone:
		case <-ctx.Done():
		}
		cancel()
	}
	c.mu.Lock()
	if exc := c.exception; exc != "" && reason != "stopped" {
		reason = "uncaught exception: " + exc
	}
	c.mu.Unlock()
	if cerr := c.life.Err(); cerr != nil {
		reason, err = "stopped because the worker's context ended", cerr
	}
	c.fail(c.processError(reason, err))
}

func (c *conn) processError(reason string, err error) *ProcessError {
	pe := &ProcessError{Generation: c.gen, Reason: reason, Exit: c.peer.ExitStatus(), Stderr: c.stderr.String(), Err: err}
	if v, ok := c.peer.(interface{ Violation() error }); ok {
		select {
		case <-c.peer.Exited():
			pe.Violation = v.Violation()
		default:
		}
	}
	return pe
}

// uncaughtException is how the Lean runtime reports an exception that escaped main (the REPL
// throws one on a request it cannot parse, PROTOCOL.md §1.6); the process exits with code 1.
var uncaughtException = []byte("uncaught exception")

func (c *conn) stderrLoop() {
	defer close(c.stderrDone)
	br := bufio.NewReaderSize(c.peer.Stderr(), 4096)
	lineStart := true
	for {
		line, err := br.ReadSlice('\n')
		if len(line) > 0 {
			c.stderr.Write(line)
			if lineStart && bytes.HasPrefix(line, uncaughtException) {
				c.noteException(string(bytes.TrimSpace(line)))
			}
			lineStart = line[len(line)-1] == '\n'
		}
		if err != nil && err != bufio.ErrBufferFull {
			return
		}
	}
}

// noteException records an uncaught exception. The reader reports it when stdout ends, which
// it does as the process exits; if it does not within the grace period, the conn fails here.
func (c *conn) noteException(line string) {
	const max = 1024
	if len(line) > max {
		line = line[:max] + "…"
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.exception != "" || c.state == connDead {
		return
	}
	c.exception = line
	c.excTimer = time.AfterFunc(c.grace, func() {
		c.fail(c.processError(line, nil))
	})
}

// Header environments live on the conn: they die with its process.

func (c *conn) header(h string) (headerResult, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	r, ok := c.headers[h]
	return r, ok
}

func (c *conn) setHeader(h string, r headerResult) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.headers[h] = r
}

func (c *conn) replyCount() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.replies
}

// memCheckDue rate-limits reading /proc to once per interval per process.
func (c *conn) memCheckDue(interval time.Duration) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	now := time.Now()
	if !c.lastMem.IsZero() && now.Sub(c.lastMem) < interval {
		return false
	}
	c.lastMem = now
	return true
}
