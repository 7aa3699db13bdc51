package lsp

import (
	"errors"
	"fmt"
	"time"

	"github.com/leanprm/leanprm/leanbridge/proc"
)

// Sentinel errors. Every error this package returns for one of these conditions matches the
// sentinel with errors.Is; the typed errors below carry the details (errors.As).
var (
	// ErrClosed: the client was closed.
	ErrClosed = errors.New("lsp: client closed")
	// ErrServerFailed: the server process died, closed its output, sent an unreadable
	// message, or was stopped after a timeout. See ServerError.
	ErrServerFailed = errors.New("lsp: language server failed")
	// ErrTimeout: a call ran past its timeout. See TimeoutError.
	ErrTimeout = errors.New("lsp: call timed out")
	// ErrWorkerCrashed: Lean's file worker for the document crashed (-32901 or -32902).
	// The server itself is alive; the next Check re-opens the document. See WorkerCrashError.
	ErrWorkerCrashed = errors.New("lsp: Lean file worker crashed")
	// ErrContentModified: the server dropped a request because the document changed or
	// was closed (-32801). See ResponseError.
	ErrContentModified = errors.New("lsp: document changed or closed")
	// ErrNoDocument: Goals was called before any Check, after a Check that did not
	// complete, or after the server was restarted (the new one has not seen the document).
	ErrNoDocument = errors.New("lsp: no document has been checked")
	// ErrCannotRestart: the client was made with Connect, so it has no way to start a new
	// server after the first one failed.
	ErrCannotRestart = errors.New("lsp: client cannot restart its server")
)

// JSON-RPC error codes the server uses (PROTOCOL.md §2.7).
const (
	CodeInvalidRequest   = -32600
	CodeMethodNotFound   = -32601
	CodeRequestCancelled = -32800
	CodeContentModified  = -32801
	CodeWorkerExited     = -32901 // the worker exited with code 1 (an uncaught exception)
	CodeWorkerCrashed    = -32902 // any other non-zero exit (stack overflow, a bug)
)

// ServerError reports the end of one server session. Every call pending on that session
// fails with it. The client starts a new server on the next call (see Options.NoRestart).
type ServerError struct {
	Session int    // which server the client had started (1 = first)
	Reason  string // what was observed: "the server closed its output", …
	Exit    string // exit status when known ("exit status 1", "signal: killed")
	Stderr  string // the tail of the server's stderr
	Err     error  // the underlying cause, if any
}

func (e *ServerError) Error() string {
	return proc.FailureMessage(fmt.Sprintf("lsp: language server #%d failed", e.Session), e.Reason, e.Exit, e.Stderr, e.Err)
}

func (e *ServerError) Is(target error) bool { return target == ErrServerFailed }

func (e *ServerError) Unwrap() error { return e.Err }

// TimeoutError reports a call that ran past its timeout. The server was stopped: neither
// Lean's watchdog nor its workers can be told to abandon an elaboration, and a server that
// does not answer in time may not be reading its input either. The next call starts a new
// one.
type TimeoutError struct {
	Method  string        // the LSP method, e.g. "textDocument/waitForDiagnostics"
	Timeout time.Duration // the limit that was exceeded
	Cause   error         // context.DeadlineExceeded
}

func (e *TimeoutError) Error() string {
	return fmt.Sprintf("lsp: %s timed out after %v; the language server was stopped", e.Method, e.Timeout)
}

func (e *TimeoutError) Is(target error) bool { return target == ErrTimeout }

func (e *TimeoutError) Unwrap() error { return e.Cause }

// WorkerCrashError is the server's -32901 (workerExited) or -32902 (workerCrashed) answer
// to a request on a document whose file worker died.
type WorkerCrashError struct {
	Method  string
	URI     string
	Code    int64
	Message string
}

func (e *WorkerCrashError) Error() string {
	return fmt.Sprintf("lsp: %s on %s: the Lean file worker crashed (code %d): %s", e.Method, e.URI, e.Code, e.Message)
}

func (e *WorkerCrashError) Is(target error) bool { return target == ErrWorkerCrashed }

// ResponseError is any other error answer from the server.
type ResponseError struct {
	Method  string
	Code    int64
	Message string
}

func (e *ResponseError) Error() string {
	return fmt.Sprintf("lsp: %s: server answered error %d: %s", e.Method, e.Code, e.Message)
}

func (e *ResponseError) Is(target error) bool {
	return target == ErrContentModified && e.Code == CodeContentModified
}

// closedError is the reason recorded for a session ended by Close.
type closedError struct{}

func (closedError) Error() string        { return ErrClosed.Error() }
func (closedError) Is(target error) bool { return target == ErrClosed }
