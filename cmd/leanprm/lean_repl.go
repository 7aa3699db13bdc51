package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/leanprm/leanprm/internal/config"
	"github.com/leanprm/leanprm/internal/wire"
	"github.com/leanprm/leanprm/leanbridge/repl"
)

// maxRequestBytes bounds one request read by `lean repl`; a larger one is reported, not sent.
const maxRequestBytes = 16 << 20

func newLeanREPLCmd(e *env) *cobra.Command {
	return &cobra.Command{
		Use:   "repl [FILE]",
		Short: "A raw REPL session through one managed worker",
		Long: `Read Lean REPL requests from FILE or stdin and write each reply as one JSON line to stdout.

Requests are JSON objects, one per line or spread over several lines and separated by blank
lines (the REPL's own test files work as they are; lines starting with # or -- outside an
object are comments). Each request gets exactly one output line: the REPL's reply, or
{"leanprm_error": "...", "kind": "..."} when the request could not be run (invalid JSON, a
request over 16 MiB, a timeout, a crashed REPL, an env id from a REPL that has since
restarted). A request ends at the line where its brackets balance, or at a blank line, so a
malformed request never swallows the ones after it. The worker is
restarted after a failure; ids from the dead process are refused with a clear error, and ids
issued afterwards continue past every earlier one (they are the worker's ids, so one id never
names two states). The worker's start-up version check takes no id you can see: env and
proofState numbers are those of a REPL started for you alone, as with lake exe repl.

--repl-command replaces how the REPL is started (e.g. "leanprm sim repl"), --timeout bounds
each request. Exit status 1 if any request got a leanprm_error.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			in := e.stdin
			if len(args) == 1 && args[0] != "-" {
				f, err := os.Open(args[0])
				if err != nil {
					return err
				}
				defer f.Close()
				in = f
			}
			if e.cfg.Lean.Sandbox == config.SandboxAuto {
				// The user's own session, which pickles to the paths it names: not confined
				// unless lean.sandbox says require.
				e.cfg.Lean.Sandbox = config.SandboxOff
			}
			cfg, err := wire.REPLConfig(e.cfg, e.stderr)
			if err != nil {
				return err
			}
			cfg.Workers = 1
			cfg.SkipProbe = true      // a raw session forwards what the user sends; no tactic is assumed
			cfg.HideStartupIDs = true // the user's first command gets env 0, as with lake exe repl
			ctx := cmd.Context()
			w, err := repl.StartWorker(ctx, cfg)
			if err != nil {
				return fmt.Errorf("starting the REPL: %w", err)
			}
			defer w.Close()
			if w.Backend() != "lean" {
				fmt.Fprintf(e.stderr, "leanprm: note: the REPL peer is the %q backend, not Lean\n", w.Backend())
			}
			return forwardRequests(ctx, in, e.stdout, w)
		},
	}
}

// rawSender is the part of a worker `lean repl` uses.
type rawSender interface {
	SendRaw(ctx context.Context, req json.RawMessage) (json.RawMessage, error)
}

// forwardRequests reads requests from in, sends each to w and writes one line per request.
// Reading runs in its own goroutine so that an interrupt ends the session at once, even while
// the reader waits on a terminal or a pipe that sends nothing (that goroutine is then left to
// the process exit: a read cannot be cancelled).
func forwardRequests(ctx context.Context, in io.Reader, out io.Writer, w rawSender) error {
	type request struct {
		req  json.RawMessage
		line int
		err  error
	}
	reqs := make(chan request)
	readDone := make(chan error, 1)
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		readDone <- readRequests(in, func(req json.RawMessage, line int, err error) error {
			select {
			case reqs <- request{req, line, err}:
				return nil
			case <-stop:
				return errStopped
			}
		})
	}()

	bw := bufio.NewWriter(out)
	defer bw.Flush()
	failures := 0
	for {
		var r request
		select {
		case <-ctx.Done():
			return ctx.Err()
		case err := <-readDone:
			if err != nil {
				return err
			}
			if failures > 0 {
				return &ExitError{Code: exitError, Err: fmt.Errorf("%d request(s) could not be run", failures)}
			}
			return nil
		case r = <-reqs:
		}
		reply, rerr := r.req, r.err
		if rerr == nil {
			reply, rerr = w.SendRaw(ctx, r.req)
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if rerr != nil {
			failures++
			reply = errorLine(rerr, r.line)
		} else {
			var buf bytes.Buffer
			if err := json.Compact(&buf, reply); err != nil {
				failures++
				reply = errorLine(fmt.Errorf("reply is not JSON: %w", err), r.line)
			} else {
				reply = buf.Bytes()
			}
		}
		if _, err := bw.Write(append(reply, '\n')); err != nil {
			return err
		}
		if err := bw.Flush(); err != nil { // a session is interactive: each reply goes out at once
			return err
		}
	}
}

var errStopped = errors.New("session stopped")

func errorLine(err error, line int) json.RawMessage {
	kind := "error"
	switch {
	case errors.Is(err, repl.ErrTimeout):
		kind = "timeout"
	case errors.Is(err, repl.ErrStaleState):
		kind = "stale_state"
	case errors.Is(err, repl.ErrInvalidRequest), errors.Is(err, errBadRequest), errors.Is(err, errRequestTooLarge):
		kind = "invalid_request"
	case errors.Is(err, repl.ErrProcessDied), errors.Is(err, repl.ErrMalformedReply),
		errors.Is(err, repl.ErrReplyTooLarge), errors.Is(err, repl.ErrNotProcessed):
		kind = "repl_failed"
	}
	b, _ := json.Marshal(struct {
		Error string `json:"leanprm_error"`
		Kind  string `json:"kind"`
		Line  int    `json:"line"`
	}{err.Error(), kind, line})
	return b
}

var (
	errBadRequest      = errors.New("malformed request")
	errRequestTooLarge = errors.New("request too large")
)

// readRequests splits in into requests: a request ends at the end of a line where its
// brackets balance (outside strings), or at a blank line. Lines are joined the way the REPL
// joins them (PROTOCOL.md §1.2): trailing whitespace goes, nothing goes between. fn gets each
// request, the line it started on, and an error if the text is not one JSON object or is
// longer than maxRequestBytes (the request is then reported, not sent, and the session goes
// on). Comment lines (# or --) between requests are skipped, as the REPL does.
//
// Each byte is examined once while framing and once when the request is parsed, and no more
// than maxRequestBytes of a request is held, so hostile input costs linear time and bounded
// memory. Ending a request where its brackets balance means a malformed request such as
// {"cmd": NaN} gets its own error reply and does not swallow the requests after it.
func readRequests(in io.Reader, fn func(req json.RawMessage, line int, err error) error) error {
	br := bufio.NewReaderSize(in, 64<<10)
	var (
		buf     bytes.Buffer // the open request, lines joined
		start   int          // line the open request started on
		n       int          // lines read
		open    bool         // a request is open
		tooLong bool         // the open request passed maxRequestBytes: its text is dropped
		fr      framer
		line    []byte
	)
	flush := func() error {
		defer func() { buf.Reset(); open, tooLong, fr = false, false, framer{} }()
		if !open {
			return nil
		}
		if tooLong {
			return fn(nil, start, fmt.Errorf("%w at line %d: longer than %d MiB, not sent", errRequestTooLarge, start, maxRequestBytes>>20))
		}
		text := bytes.TrimSpace(buf.Bytes())
		var v any
		if err := json.Unmarshal(text, &v); err != nil {
			return fn(nil, start, fmt.Errorf("%w at line %d: %v", errBadRequest, start, err))
		}
		if _, ok := v.(map[string]any); !ok {
			return fn(nil, start, fmt.Errorf("%w at line %d: a request must be a JSON object", errBadRequest, start))
		}
		return fn(json.RawMessage(bytes.Clone(text)), start, nil)
	}
	for {
		// One line; at most maxRequestBytes of it are kept. The rest of a longer line is only
		// framed (to find where its request ends), after the kept head.
		line = line[:0]
		long, got := false, false
		var err error
		for {
			var chunk []byte
			chunk, err = br.ReadSlice('\n')
			got = got || len(chunk) > 0
			switch {
			case long:
				fr.scan(chunk)
			case len(line)+len(chunk) > maxRequestBytes:
				long = true
				fr.scan(line)
				fr.scan(chunk)
				line = line[:0]
			default:
				line = append(line, chunk...)
			}
			if !errors.Is(err, bufio.ErrBufferFull) {
				break
			}
		}
		if err != nil && !errors.Is(err, io.EOF) {
			return err
		}
		if !got { // end of input
			return flush()
		}
		n++
		t := bytes.TrimSpace(line)
		if !open && !long {
			if len(t) == 0 || bytes.HasPrefix(t, []byte("#")) || bytes.HasPrefix(t, []byte("--")) {
				continue
			}
		}
		if !open {
			open, start = true, n
		}
		if len(t) == 0 && !long {
			if err := flush(); err != nil {
				return err
			}
			continue
		}
		// Like the REPL's own reader: trailing whitespace goes, lines join with nothing between,
		// so a raw newline inside a JSON string is deleted exactly as Lean would see it.
		kept := bytes.TrimRight(line, " \t\r\n")
		if !long {
			fr.scan(kept)
		}
		if long || tooLong || buf.Len()+len(kept) > maxRequestBytes {
			tooLong = true
			buf.Reset()
		} else {
			buf.Write(kept)
		}
		if fr.balanced() {
			if err := flush(); err != nil {
				return err
			}
		}
	}
}

// framer follows the bracket depth of JSON text outside strings, a byte at a time, so that a
// request's end is found in one pass over it.
type framer struct {
	depth    int  // open { and [ minus closed ones
	inString bool // inside a JSON string
	escaped  bool // after a backslash inside a string
	any      bool // a bracket or a non-space byte outside strings was seen
}

func (f *framer) scan(b []byte) {
	for _, c := range b {
		if f.inString {
			switch {
			case f.escaped:
				f.escaped = false
			case c == '\\':
				f.escaped = true
			case c == '"':
				f.inString = false
			}
			continue
		}
		switch c {
		case '"':
			f.inString = true
		case '{', '[':
			f.depth++
		case '}', ']':
			f.depth--
		case ' ', '\t', '\r', '\n':
			continue
		}
		f.any = true
	}
}

// balanced reports whether the text so far can end a request: outside any string, with every
// bracket closed (or more closed than opened, which no later line can mend).
func (f *framer) balanced() bool { return f.any && !f.inString && f.depth <= 0 }
