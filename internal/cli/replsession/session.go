// Package replsession is `leanprm lean repl`: a raw Lean REPL session through one managed
// worker. ReadRequests frames the REPL's own input format (JSON objects one per line or spread
// over lines, separated by blank lines, # and -- comment lines between them) in linear time and
// bounded memory, ending a request where its brackets balance so a malformed one never swallows
// the next; Forward sends each request and writes exactly one line per request, the reply or an
// error line saying why the request could not be run.
package replsession

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/leanprm/leanprm/leanbridge/repl"
)

// MaxRequestBytes bounds one request; a larger one is reported, not sent.
const MaxRequestBytes = 16 << 20

// Sender is the part of a REPL worker a session uses (repl.Worker is one).
type Sender interface {
	SendRaw(ctx context.Context, req json.RawMessage) (json.RawMessage, error)
}

// Forward reads requests from in, sends each to w and writes one line per request: the reply,
// or an error line ({"leanprm_error", "kind", "line"}) for a request that could not be run, whose
// number it returns.
// Reading runs in its own goroutine so that an interrupt ends the session at once, even while
// the reader waits on a terminal or a pipe that sends nothing (that goroutine is then left to
// the process exit: a read cannot be cancelled).
func Forward(ctx context.Context, in io.Reader, out io.Writer, w Sender) (failures int, err error) {
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
		readDone <- ReadRequests(in, func(req json.RawMessage, line int, err error) error {
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
	for {
		var r request
		select {
		case <-ctx.Done():
			return failures, ctx.Err()
		case err := <-readDone:
			return failures, err
		case r = <-reqs:
		}
		reply, rerr := r.req, r.err
		if rerr == nil {
			reply, rerr = w.SendRaw(ctx, r.req)
		}
		if ctx.Err() != nil {
			return failures, ctx.Err()
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
			return failures, err
		}
		if err := bw.Flush(); err != nil { // a session is interactive: each reply goes out at once
			return failures, err
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
	case errors.Is(err, repl.ErrInvalidRequest), errors.Is(err, ErrBadRequest), errors.Is(err, ErrRequestTooLarge):
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

// The errors of a request that is not sent: its text is not one JSON object, or it is longer
// than MaxRequestBytes.
var (
	ErrBadRequest      = errors.New("malformed request")
	ErrRequestTooLarge = errors.New("request too large")
)

// ReadRequests splits in into requests: a request ends at the end of a line where its
// brackets balance (outside strings), or at a blank line. Lines are joined the way the REPL
// joins them (PROTOCOL.md §1.2): trailing whitespace goes, nothing goes between. fn gets each
// request, the line it started on, and an error if the text is not one JSON object or is
// longer than MaxRequestBytes (the request is then reported, not sent, and the session goes
// on). Comment lines (# or --) between requests are skipped, as the REPL does.
//
// Each byte is examined once while framing and once when the request is parsed, and no more
// than MaxRequestBytes of a request is held, so hostile input costs linear time and bounded
// memory. Ending a request where its brackets balance means a malformed request such as
// {"cmd": NaN} gets its own error reply and does not swallow the requests after it.
func ReadRequests(in io.Reader, fn func(req json.RawMessage, line int, err error) error) error {
	br := bufio.NewReaderSize(in, 64<<10)
	var (
		buf     bytes.Buffer // the open request, lines joined
		start   int          // line the open request started on
		n       int          // lines read
		open    bool         // a request is open
		tooLong bool         // the open request passed MaxRequestBytes: its text is dropped
		fr      framer
		line    []byte
	)
	flush := func() error {
		defer func() { buf.Reset(); open, tooLong, fr = false, false, framer{} }()
		if !open {
			return nil
		}
		if tooLong {
			return fn(nil, start, fmt.Errorf("%w at line %d: longer than %d MiB, not sent", ErrRequestTooLarge, start, MaxRequestBytes>>20))
		}
		text := bytes.TrimSpace(buf.Bytes())
		var v any
		if err := json.Unmarshal(text, &v); err != nil {
			return fn(nil, start, fmt.Errorf("%w at line %d: %v", ErrBadRequest, start, err))
		}
		if _, ok := v.(map[string]any); !ok {
			return fn(nil, start, fmt.Errorf("%w at line %d: a request must be a JSON object", ErrBadRequest, start))
		}
		return fn(json.RawMessage(bytes.Clone(text)), start, nil)
	}
	for {
		// One line; at most MaxRequestBytes of it are kept. The rest of a longer line is only
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
			case len(line)+len(chunk) > MaxRequestBytes:
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
		if long || tooLong || buf.Len()+len(kept) > MaxRequestBytes {
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
