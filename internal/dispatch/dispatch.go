// Package dispatch carries the per-item work of `leanprm serve`: one Task per chain, proof or
// snippet, run in this process (Local) or by workers behind NATS JetStream. A batch never fails
// as a whole: every task gets a Result, which holds either the answer or that item's error.
package dispatch

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"sync"
	"time"
)

// Kind names what a task asks for.
type Kind string

// Task kinds.
const (
	KindScore  Kind = "score"  // one chain → the scored chain (the JSON of `check --json`)
	KindVerify Kind = "verify" // one verify-proof row → its verdict row
	KindCheck  Kind = "check"  // one Lean snippet (Kimina /api/check) → its REPL response
)

// Task is one unit of work. Payload is the kind's JSON request. Env names the Lean environment
// the task needs (a hash of the header), so that tasks can be routed to workers whose REPLs hold
// it. Deadline, when not zero, is the caller's: a task still queued past it is answered with an
// error and never run.
type Task struct {
	Kind     Kind            `json:"kind"`
	Env      string          `json:"env"`
	Payload  json.RawMessage `json:"payload"`
	Deadline time.Time       `json:"deadline,omitzero"`
	// Value, in this process only, is what Payload encodes, as its producer had it before
	// encoding; a Handler may take it instead of decoding Payload. It never crosses a queue
	// (a worker's tasks have none), so a Handler decodes Payload when Value is nil or not the
	// type it expects.
	Value any `json:"-"`
}

// Key is the task's content hash (hex SHA-256 of kind, env and payload): equal tasks have equal
// keys, so a queue can collapse duplicates and a cache can reuse answers.
func (t Task) Key() string {
	h := sha256.New()
	h.Write([]byte(t.Kind))
	h.Write([]byte{0})
	h.Write([]byte(t.Env))
	h.Write([]byte{0})
	h.Write(t.Payload)
	return hex.EncodeToString(h.Sum(nil))
}

// Result answers one task: Payload on success, Error (a message for the caller) when the item
// failed. Exactly one of the two is set.
type Result struct {
	Payload json.RawMessage `json:"payload,omitempty"`
	Error   string          `json:"error,omitempty"`
	// Verdicts, optional, counts the verdicts in Payload by checker, so that whoever serves
	// the answer can count them (the server's /metrics) without decoding Payload.
	Verdicts []VerdictCount `json:"verdicts,omitempty"`
	// ValidJSON, in this process only, says that Payload is encoding/json's output, valid by
	// construction, so whoever serves it need not check it again. It never crosses a queue: a
	// result from a worker is checked.
	ValidJSON bool `json:"-"`
	// Value, in this process only, is what Payload encodes, as the Handler had it before
	// encoding; whoever reads the answer may take it instead of decoding Payload. It never
	// crosses a queue (as Task.Value), so a reader decodes Payload when Value is nil or not the
	// type it expects.
	Value any `json:"-"`
}

// VerdictCount is how many verdicts Verdict a checker gave in one answer.
type VerdictCount struct {
	Checker string `json:"checker"`
	Verdict string `json:"verdict"`
	N       int    `json:"n"`
}

// CountVerdict adds one verdict of checker to counts.
func CountVerdict(counts []VerdictCount, checker, verdict string) []VerdictCount {
	for i := range counts {
		if counts[i].Checker == checker && counts[i].Verdict == verdict {
			counts[i].N++
			return counts
		}
	}
	return append(counts, VerdictCount{Checker: checker, Verdict: verdict, N: 1})
}

// Handler does one task in this process.
type Handler interface {
	Handle(ctx context.Context, t Task) Result
}

// HandlerFunc adapts a function to Handler.
type HandlerFunc func(ctx context.Context, t Task) Result

// Handle calls f.
func (f HandlerFunc) Handle(ctx context.Context, t Task) Result { return f(ctx, t) }

// Executor runs a batch: results[i] answers tasks[i]. It never fails the batch; a task that
// could not run (cancelled, past its deadline, its worker lost) gets a Result with Error.
type Executor interface {
	Execute(ctx context.Context, tasks []Task) []Result
}

// Local runs tasks on a Handler in this process, at most Concurrency at once (0 means one at a
// time per task in the batch, unbounded).
type Local struct {
	Handler     Handler
	Concurrency int
}

var _ Executor = (*Local)(nil)

// Execute runs every task and waits for all of them.
func (l *Local) Execute(ctx context.Context, tasks []Task) []Result {
	results := make([]Result, len(tasks))
	if len(tasks) == 1 && l.Concurrency == 0 {
		// One task with no bound: run it on the caller's goroutine (a request of one sample
		// pays no goroutine start, nor its stack's growth).
		results[0] = Run(ctx, l.Handler, tasks[0])
		return results
	}
	var sem chan struct{}
	if l.Concurrency > 0 {
		sem = make(chan struct{}, l.Concurrency)
	}
	var wg sync.WaitGroup
	for i := range tasks {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if sem != nil {
				select {
				case sem <- struct{}{}:
					defer func() { <-sem }()
				case <-ctx.Done():
					results[i] = Result{Error: "not run: " + ctx.Err().Error()}
					return
				}
			}
			results[i] = Run(ctx, l.Handler, tasks[i])
		}()
	}
	wg.Wait()
	return results
}

// Run does one task on h, honouring its deadline: a task past its deadline, or whose context is
// done, is answered with an error and not run.
func Run(ctx context.Context, h Handler, t Task) Result {
	if !t.Deadline.IsZero() {
		if !time.Now().Before(t.Deadline) {
			return Result{Error: "not run: deadline passed while queued"}
		}
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, t.Deadline)
		defer cancel()
	}
	if err := ctx.Err(); err != nil {
		return Result{Error: "not run: " + err.Error()}
	}
	return h.Handle(ctx, t)
}
