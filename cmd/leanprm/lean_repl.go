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
	"strings"

	"github.com/spf13/cobra"

	"github.com/leanprm/leanprm/leanbridge"
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
timeout, a crashed REPL, an env id from a REPL that has since restarted). The worker is
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
			cfg, err := leanConfig(e)
			if err != nil {
				return err
			}
			cfg.Workers = 1
			cfg.SkipProbe = true      // a raw session forwards what the user sends; no tactic is assumed
			cfg.HideStartupIDs = true // the user's first command gets env 0, as with lake exe repl
			ctx := cmd.Context()
			w, err := leanbridge.StartWorker(ctx, cfg)
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
func forwardRequests(ctx context.Context, in io.Reader, out io.Writer, w rawSender) error {
	bw := bufio.NewWriter(out)
	defer bw.Flush()
	failures := 0
	err := readRequests(in, func(req json.RawMessage, line int, rerr error) error {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		var reply json.RawMessage
		if rerr == nil {
			reply, rerr = w.SendRaw(ctx, req)
		}
		if rerr != nil {
			failures++
			reply = errorLine(rerr, line)
		} else {
			var buf bytes.Buffer
			if err := json.Compact(&buf, reply); err != nil {
				failures++
				reply = errorLine(fmt.Errorf("reply is not JSON: %w", err), line)
			} else {
				reply = buf.Bytes()
			}
		}
		if _, err := bw.Write(append(reply, '\n')); err != nil {
			return err
		}
		return bw.Flush() // a session is interactive: each reply goes out at once
	})
	if err != nil {
		return err
	}
	if failures > 0 {
		return &ExitError{Code: exitError, Err: fmt.Errorf("%d request(s) could not be run", failures)}
	}
	return nil
}

func errorLine(err error, line int) json.RawMessage {
	kind := "error"
	switch {
	case errors.Is(err, leanbridge.ErrTimeout):
		kind = "timeout"
	case errors.Is(err, leanbridge.ErrStaleState):
		kind = "stale_state"
	case errors.Is(err, leanbridge.ErrInvalidRequest), errors.Is(err, errBadRequest):
		kind = "invalid_request"
	case errors.Is(err, leanbridge.ErrProcessDied), errors.Is(err, leanbridge.ErrMalformedReply),
		errors.Is(err, leanbridge.ErrReplyTooLarge), errors.Is(err, leanbridge.ErrNotProcessed):
		kind = "repl_failed"
	}
	b, _ := json.Marshal(struct {
		Error string `json:"leanprm_error"`
		Kind  string `json:"kind"`
		Line  int    `json:"line"`
	}{err.Error(), kind, line})
	return b
}

var errBadRequest = errors.New("malformed request")

// readRequests splits in into requests: a JSON object ends at the line that completes it, or
// at a blank line. Lines are joined the way the REPL joins them (PROTOCOL.md §1.2). fn gets each request, the line it started on, and a parse error if the text
// is not one JSON object (the request is then reported, not sent). Comment lines (# or --)
// between requests are skipped, as the REPL does.
func readRequests(in io.Reader, fn func(req json.RawMessage, line int, err error) error) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64<<10), maxRequestBytes)
	var (
		buf   bytes.Buffer
		start int
		n     int
	)
	flush := func() error {
		text := bytes.TrimSpace(buf.Bytes())
		buf.Reset()
		if len(text) == 0 {
			return nil
		}
		var v any
		if err := json.Unmarshal(text, &v); err != nil {
			return fn(nil, start, fmt.Errorf("%w at line %d: %v", errBadRequest, start, err))
		}
		if _, ok := v.(map[string]any); !ok {
			return fn(nil, start, fmt.Errorf("%w at line %d: a request must be a JSON object", errBadRequest, start))
		}
		return fn(json.RawMessage(text), start, nil)
	}
	for sc.Scan() {
		n++
		line := sc.Bytes()
		trimmed := strings.TrimSpace(string(line))
		if buf.Len() == 0 {
			if trimmed == "" || strings.HasPrefix(trimmed, "#") || strings.HasPrefix(trimmed, "--") {
				continue
			}
			start = n
		}
		if trimmed == "" {
			if err := flush(); err != nil {
				return err
			}
			continue
		}
		// Like the REPL's own reader: trailing whitespace goes, lines join with nothing between,
		// so a raw newline inside a JSON string is deleted exactly as Lean would see it.
		buf.Write(bytes.TrimRight(line, " \t\r\n"))
		if json.Valid(bytes.TrimSpace(buf.Bytes())) {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return fmt.Errorf("line %d: longer than %d bytes", n+1, maxRequestBytes)
		}
		return err
	}
	return flush()
}
