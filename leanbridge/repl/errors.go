package repl

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/leanprm/leanprm/leanbridge/proc"
)

// Sentinel errors. Every error this package returns for one of these conditions matches the
// sentinel with errors.Is; the typed errors below carry the details (errors.As).
var (
	// ErrStaleState: a request named an env or proofState id issued by a REPL process that has
	// since exited. The request was not sent. See StaleStateError.
	ErrStaleState = errors.New("leanbridge: state id belongs to a REPL process that has exited")
	// ErrInvalidRequest: the request is not one the REPL can parse. Sending it would kill the
	// REPL (PROTOCOL.md §1.6), so it was refused. See RequestError.
	ErrInvalidRequest = errors.New("leanbridge: invalid REPL request")
	// ErrReplyTooLarge: a reply passed Config.MaxReplyBytes. The process is discarded.
	ErrReplyTooLarge = errors.New("leanbridge: REPL reply exceeds the size limit")
	// ErrMalformedReply: the REPL's stdout held something that is not a JSON object, or a
	// reply of an unexpected shape. The process is discarded.
	ErrMalformedReply = errors.New("leanbridge: malformed REPL reply")
	// ErrProcessDied: the REPL process failed (EOF, exit, uncaught exception, bad output, a
	// write error). See ProcessError.
	ErrProcessDied = errors.New("leanbridge: REPL process failed")
	// ErrTimeout: a request ran past its timeout; the process was killed. See TimeoutError.
	ErrTimeout = errors.New("leanbridge: REPL request timed out")
	// ErrNotProcessed: the request was queued behind one that failed, so the REPL never read
	// it. It had no effect and may be retried.
	ErrNotProcessed = errors.New("leanbridge: request was not processed")
	// ErrClosed: the worker or pool was closed.
	ErrClosed = errors.New("leanbridge: closed")
	// ErrVersionMismatch: the REPL's Lean version differs from lean-toolchain. See VersionError.
	ErrVersionMismatch = errors.New("leanbridge: Lean version mismatch")
	// ErrProbeFailed: the start-up probe did not prove the true claim or did not reject the
	// false one. See ProbeError.
	ErrProbeFailed = errors.New("leanbridge: start-up probe failed")
	// ErrREPLNotFound: lake or the REPL binary is missing. See LocateREPL.
	ErrREPLNotFound = errors.New("leanbridge: Lean REPL not found")
)

// IsInfrastructure reports whether err is a failure of the REPL process rather than an answer
// about the request: a crash, a timeout, unreadable or oversized output, a request lost behind
// one of those, or a state id of a process that has exited. Such a request said nothing about
// its claims; it may succeed on a fresh process (Pool.CommandRetry).
func IsInfrastructure(err error) bool {
	for _, target := range []error{ErrProcessDied, ErrTimeout, ErrMalformedReply, ErrReplyTooLarge, ErrNotProcessed, ErrStaleState} {
		if errors.Is(err, target) {
			return true
		}
	}
	return false
}

// StaleStateError reports a request that named an id the current process did not issue.
//
// Ids handed out by a Worker are its own: they equal the REPL's ids for the worker's first
// process and are shifted past every earlier id after each restart, so an id can never refer
// to two different states. See doc.go, "State ids".
type StaleStateError struct {
	Field    string // "env" or "proofState"
	ID       int    // the id the request named
	ValidMin int    // the lowest id the current process can have issued
	Restarts int    // how many times the worker had restarted the REPL
}

func (e *StaleStateError) Error() string {
	return fmt.Sprintf("leanbridge: %s %d was issued by a REPL process that has exited (the REPL was restarted %d time(s); ids below %d are gone); re-run the command that created it",
		e.Field, e.ID, e.Restarts, e.ValidMin)
}

func (e *StaleStateError) Is(target error) bool { return target == ErrStaleState }

// RequestError explains why a request was refused before it was sent.
type RequestError struct{ Reason string }

func (e *RequestError) Error() string { return "leanbridge: invalid REPL request: " + e.Reason }

func (e *RequestError) Is(target error) bool { return target == ErrInvalidRequest }

// FramingError reports unreadable REPL output at a byte offset of the stdout stream.
// It matches ErrReplyTooLarge or ErrMalformedReply, and wraps io.ErrUnexpectedEOF for a reply
// cut short by the end of the stream.
type FramingError struct {
	Offset  int64  // stream offset where the offending reply started
	Reason  string // human-readable
	Snippet string // the first bytes of the offending data, for the log
	kind    error  // ErrReplyTooLarge or ErrMalformedReply
	cause   error  // e.g. io.ErrUnexpectedEOF
}

func (e *FramingError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "leanbridge: REPL output at byte %d: %s", e.Offset, e.Reason)
	if e.Snippet != "" {
		fmt.Fprintf(&b, " (starts %q)", e.Snippet)
	}
	return b.String()
}

func (e *FramingError) Is(target error) bool { return target == e.kind }

func (e *FramingError) Unwrap() error { return e.cause }

// ProcessError reports the failure of one REPL process. Every request outstanding on that
// process gets it (the one the REPL was working on), or an error wrapping ErrNotProcessed and
// this one (the requests queued behind it).
type ProcessError struct {
	Generation int    // which process of the worker (1 = first)
	Reason     string // what was observed: "EOF on stdout", "uncaught exception", ...
	Exit       string // exit status if known ("exit status 1", "signal: killed"), else ""
	Stderr     string // the tail of the process's stderr
	Err        error  // the underlying cause, if any
	// Violation is the sandbox limit the process broke (it was killed for it), or nil; it
	// matches sandbox.ErrViolation.
	Violation error
}

func (e *ProcessError) Error() string {
	return proc.FailureMessage(fmt.Sprintf("leanbridge: REPL process #%d failed", e.Generation), e.Reason, e.Exit, e.Stderr, e.Err)
}

func (e *ProcessError) Is(target error) bool { return target == ErrProcessDied }

func (e *ProcessError) Unwrap() []error {
	var errs []error
	for _, err := range []error{e.Err, e.Violation} {
		if err != nil {
			errs = append(errs, err)
		}
	}
	return errs
}

// TimeoutError reports a request that ran past its deadline. The REPL process running it was
// killed, because the REPL cannot interrupt a request (PROTOCOL.md §1.6).
type TimeoutError struct {
	Op      string        // what timed out, e.g. "REPL request {\"cmd\": …}" or "start-up version check"
	Timeout time.Duration // the limit that was exceeded
}

func (e *TimeoutError) Error() string {
	return fmt.Sprintf("leanbridge: %s timed out after %v; the REPL process was killed", e.Op, e.Timeout)
}

func (e *TimeoutError) Is(target error) bool { return target == ErrTimeout }

func (e *TimeoutError) Unwrap() error { return context.DeadlineExceeded }

// ReplyError is the REPL's own error reply, {"message": …}: an unknown environment, a tactic
// that threw, an unreadable file (PROTOCOL.md §1.4). The process is still healthy.
type ReplyError struct {
	Message string
	Reply   *ErrorReply
}

func (e *ReplyError) Error() string { return "lean repl: " + e.Message }

// VersionError reports a REPL whose Lean version is not the project's toolchain.
type VersionError struct {
	Got, Want string
	Backend   string
}

func (e *VersionError) Error() string {
	return fmt.Sprintf("leanbridge: the REPL runs Lean %s (%s) but lean-toolchain pins %s; rebuild the REPL with `make lean`", e.Got, e.Backend, e.Want)
}

func (e *VersionError) Is(target error) bool { return target == ErrVersionMismatch }

// ProbeError reports a worker that failed its start-up probe; Result holds what it answered.
type ProbeError struct {
	Result ProbeResult
	Reason string
	Err    error // the underlying failure, if the probe could not run (e.g. a *HeaderError)
}

func (e *ProbeError) Error() string {
	return fmt.Sprintf("leanbridge: start-up probe with tactic %q failed on the %s backend: %s", e.Result.Tactic, e.Result.Backend, e.Reason)
}

func (e *ProbeError) Is(target error) bool { return target == ErrProbeFailed }

func (e *ProbeError) Unwrap() error { return e.Err }

// RetryError reports a request that failed, was retried once on a fresh REPL process
// (Pool.CommandRetry), and failed again. It unwraps to the last failure.
type RetryError struct {
	First, Last error
}

func (e *RetryError) Error() string {
	if e.First.Error() == e.Last.Error() {
		return fmt.Sprintf("%v (and again when retried on a fresh process)", e.Last)
	}
	return fmt.Sprintf("%v (retried on a fresh process after: %v)", e.Last, e.First)
}

func (e *RetryError) Unwrap() error { return e.Last }
