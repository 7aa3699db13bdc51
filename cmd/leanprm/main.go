// Command leanprm scores every step of a math reasoning chain: steps that can be formalized are
// checked by Lean 4 (or by the built-in exact checker), the rest by a learned process reward
// model, and both are merged into one score per step that says where it came from.
//
// main only maps an error to an exit code; the work is in Run, which tests call with buffers.
// The package is the command line only: it parses flags, loads the configuration once
// (internal/config), gets everything it runs from internal/wire, prints, and maps errors to
// exit codes. Shared flag helpers are in flags.go, shared messages in output.go; reading input,
// streaming output and the work of doctor, grade and lean repl are application packages under
// internal/cli.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"unicode/utf8"

	"github.com/leanprm/leanprm/leanbridge/sandbox"
)

func main() {
	sandbox.Init() // a sandboxed Lean process starts as this binary, which confines it and execs Lean
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := Run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	if ctx.Err() != nil && !errors.Is(err, context.Canceled) {
		// A signal came: whatever the command made of it (some finish writing what they had),
		// the exit status says interrupted.
		err = context.Canceled
	}
	stop()
	os.Exit(exitCode(err, os.Stderr))
}

// Exit codes, stable for scripts.
const (
	exitOK       = 0
	exitError    = 1   // a run failed: bad input, Lean unreachable, I/O
	exitUsage    = 2   // the command line was wrong
	exitFindings = 3   // the run worked and found what --fail-on asked about
	exitSignal   = 130 // interrupted by SIGINT or SIGTERM (128 + SIGINT, as shells report it)
)

// ExitError carries an explicit exit code. A nil Err with a code means "exit quietly".
type ExitError struct {
	Code int
	Err  error
}

func (e *ExitError) Error() string {
	if e.Err == nil {
		return fmt.Sprintf("exit status %d", e.Code)
	}
	return e.Err.Error()
}

func (e *ExitError) Unwrap() error { return e.Err }

// usageError marks a command-line mistake (exit code 2).
func usageError(format string, args ...any) error {
	return &ExitError{Code: exitUsage, Err: fmt.Errorf(format, args...)}
}

func exitCode(err error, stderr io.Writer) int {
	if err == nil {
		return exitOK
	}
	if errors.Is(err, context.Canceled) { // before ExitError: an interrupted run may carry one
		fmt.Fprintln(stderr, "leanprm: interrupted")
		return exitSignal
	}
	var ee *ExitError
	if errors.As(err, &ee) {
		if ee.Err != nil {
			printError(stderr, ee.Err)
		}
		return ee.Code
	}
	printError(stderr, err)
	return exitError
}

// shortMessage bounds what an error prints: messages may quote input (a 1 MB number in a row),
// and hostile input is quoted as an excerpt, never echoed whole.
func shortMessage(msg string) string {
	const max = 4 << 10
	if len(msg) <= max {
		return msg
	}
	cut := max
	for cut > 0 && !utf8.RuneStart(msg[cut]) {
		cut--
	}
	return fmt.Sprintf("%s… (%d more bytes)", msg[:cut], len(msg)-cut)
}
