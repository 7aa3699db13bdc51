package verify

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"
)

// BatchOptions configure RunBatch. The zero value checks one row at a time, writes JSON lines
// and allows rows of up to DefaultMaxLineBytes.
type BatchOptions struct {
	Options
	// Workers is how many rows are checked at once (0: 1). Output stays in input order.
	Workers int
	// Format of the report written to w (default FormatJSONL).
	Format Format
	// MaxLineBytes bounds one input line; longer lines are reported as malformed without
	// being held in memory (0: DefaultMaxLineBytes).
	MaxLineBytes int
	// Progress, if set, is called after each row is reported, from the goroutine that
	// called RunBatch, in input order.
	Progress func(Progress)
}

// DefaultMaxLineBytes is the default bound on one JSONL row.
const DefaultMaxLineBytes = 8 << 20

// Progress reports how far a batch is.
type Progress struct {
	Summary
	// Last is the row just reported.
	Last Result
}

// Summary totals a batch. Every non-blank input line counts once in Total.
type Summary struct {
	Total     int `json:"total"`
	Verified  int `json:"verified"`
	Failed    int `json:"failed"`
	Rejected  int `json:"rejected"`
	Errors    int `json:"errors"`
	Malformed int `json:"malformed"`
	// Reasons counts rows per reason code (a row with two reasons of one code counts once).
	Reasons map[Code]int `json:"reasons,omitempty"`
	// Checkers lists the backends that gave Lean verdicts ("lean", "sim").
	Checkers []string `json:"checkers,omitempty"`
}

func (s *Summary) add(r Result) {
	s.Total++
	switch r.Status {
	case StatusVerified:
		s.Verified++
	case StatusFailed:
		s.Failed++
	case StatusRejected:
		s.Rejected++
	case StatusMalformed:
		s.Malformed++
	default:
		s.Errors++
	}
	for _, c := range r.Codes() {
		if s.Reasons == nil {
			s.Reasons = map[Code]int{}
		}
		s.Reasons[c]++
	}
	if r.Checker != "" && !slices.Contains(s.Checkers, r.Checker) {
		s.Checkers = append(s.Checkers, r.Checker)
	}
}

// Exit codes for scripts (see ExitCode).
const (
	ExitOK          = 0 // every row verified
	ExitRunError    = 1 // the run failed, the input held no row or no readable row, or some row has no verdict
	ExitNotVerified = 3 // the run completed and some row failed, was rejected or was malformed
)

// ExitCode maps a batch outcome to a process exit code: ExitRunError when err is non-nil,
// when the input held no row (an empty input must never read as "all verified") or no
// readable row (a binary or Markdown file is not a batch), or when some row has StatusError
// (its verdict is unknown, so the report is incomplete); ExitNotVerified when some row failed,
// was rejected or malformed; ExitOK otherwise.
func ExitCode(s Summary, err error) int {
	switch {
	case err != nil || s.Errors > 0 || s.Total == 0 || s.Malformed == s.Total:
		return ExitRunError
	case s.Failed+s.Rejected+s.Malformed > 0:
		return ExitNotVerified
	}
	return ExitOK
}

// A row is one JSONL input line: {"id", "statement", "proof"} plus optional "header" (import
// lines) and "imports" (module names: a list, or one string). Other members are ignored.
//
// parseRow turns a line into an Input, or explains why it cannot. The id is read first and
// on its own, so that a row that is wrong in any other way is still reported under its id.
func parseRow(line []byte) (Input, error) {
	var in Input
	id, idErr := rowID(line)
	in.ID = id
	var members map[string]json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(line))
	if err := dec.Decode(&members); err != nil || members == nil {
		if err == nil {
			err = errors.New("null")
		}
		return in, fmt.Errorf("not a JSON object: %v", err)
	}
	if dec.More() {
		return in, errors.New("more than one JSON value on the line")
	}
	if idErr != nil {
		return in, idErr
	}
	str := func(key string) (*string, error) {
		raw, ok := members[key]
		if !ok || string(bytes.TrimSpace(raw)) == "null" {
			return nil, nil
		}
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return nil, fmt.Errorf("%q must be a string", key)
		}
		return &s, nil
	}
	statement, err := str("statement")
	if err != nil {
		return in, err
	}
	if statement == nil || strings.TrimSpace(*statement) == "" {
		return in, errors.New(`missing "statement"`)
	}
	proof, err := str("proof")
	if err != nil {
		return in, err
	}
	if proof == nil {
		return in, errors.New(`missing "proof"`)
	}
	header, err := str("header")
	if err != nil {
		return in, err
	}
	in.Statement, in.Proof = *statement, *proof
	var mods []string
	if header != nil {
		m, err := ParseHeader(*header)
		if err != nil {
			return in, fmt.Errorf(`"header": %v`, err)
		}
		mods = m
	}
	if imp := bytes.TrimSpace(members["imports"]); len(imp) > 0 && string(imp) != "null" {
		var list []string
		if imp[0] == '"' {
			var one string
			if err := json.Unmarshal(imp, &one); err != nil {
				return in, fmt.Errorf(`"imports": %v`, err)
			}
			list = strings.Fields(strings.ReplaceAll(one, "import ", " "))
		} else if err := json.Unmarshal(imp, &list); err != nil {
			return in, errors.New(`"imports" must be a list of module names or a string`)
		}
		for _, m := range list {
			if _, err := ParseHeader("import " + m); err != nil || strings.ContainsAny(m, " \n") {
				return in, fmt.Errorf(`"imports": bad module name %q`, m)
			}
			if !slices.Contains(mods, m) {
				mods = append(mods, m)
			}
		}
	}
	in.Header = headerText(mods)
	return in, nil
}

// rowID reads the top-level "id" member of a JSON object from the start of line, token by
// token, so that it is found even when the line is cut short, has more than one value or
// holds members of the wrong type. id is "" when there is none to report; err says why the
// row has no usable id.
// MaxIDBytes bounds a row's id: results echo it, so a huge one would be echoed whole.
const MaxIDBytes = 256

func rowID(line []byte) (id string, err error) {
	missing := errors.New(`missing "id"`)
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.UseNumber()
	if tok, e := dec.Token(); e != nil || tok != json.Delim('{') {
		return "", missing
	}
	for dec.More() {
		key, e := dec.Token()
		if e != nil {
			return "", missing
		}
		if key != "id" {
			var skip json.RawMessage
			if dec.Decode(&skip) != nil {
				return "", missing
			}
			continue
		}
		var v any
		if dec.Decode(&v) != nil {
			return "", missing
		}
		switch v := v.(type) {
		case string:
			if len(v) > MaxIDBytes {
				return excerpt(v), fmt.Errorf(`"id" is longer than %d bytes`, MaxIDBytes)
			}
			if v != "" {
				return v, nil
			}
		case json.Number:
			if len(v) > MaxIDBytes {
				return excerpt(string(v)), fmt.Errorf(`"id" is longer than %d bytes`, MaxIDBytes)
			}
			return v.String(), nil
		case nil:
			return "", missing
		}
		return "", errors.New(`"id" must be a non-empty string or a number`)
	}
	return "", missing
}

// headBytes is how much of a too-long line readLine keeps, to find the row's id in.
const headBytes = 4 << 10

// readLine reads one line without its end-of-line, holding at most max bytes: the rest of a
// longer line is read and dropped, and tooLong is set; line is then the line's first bytes
// (at most headBytes), so that its id can still be reported. It returns io.EOF only when no
// line is left.
func readLine(br *bufio.Reader, limit int) (line []byte, tooLong bool, err error) {
	any := false
	keep := min(headBytes, limit)
	for {
		frag, err := br.ReadSlice('\n')
		if len(frag) > 0 {
			any = true
		}
		if !tooLong {
			if len(line)+len(frag) > limit+2 { // +2: the "\r\n" we trim below
				tooLong = true
				line = append(line, frag[:min(len(frag), max(0, keep-len(line)))]...)
				line = line[:min(len(line), keep)]
			} else {
				line = append(line, frag...)
			}
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil && err != io.EOF {
			return nil, false, err
		}
		if err == io.EOF && !any {
			return nil, false, io.EOF
		}
		if !tooLong {
			line = bytes.TrimSuffix(line, []byte("\n"))
			line = bytes.TrimSuffix(line, []byte("\r"))
			if len(line) > limit {
				tooLong, line = true, line[:keep]
			}
		}
		return line, tooLong, nil
	}
}

// RunBatch checks every row of a JSONL stream and writes a report to w in opts.Format: one
// entry per non-blank line, in input order, then the summary. Memory stays bounded: at most
// 2×Workers rows are held at a time. Malformed lines are reported with their line number
// and the rest still run. The error is for the run itself (reading r, writing w, ctx); the
// proofs' verdicts are in the report and the Summary (see ExitCode).
func RunBatch(ctx context.Context, r io.Reader, w io.Writer, opts BatchOptions) (Summary, error) {
	workers := max(opts.Workers, 1)
	maxLine := opts.MaxLineBytes
	if maxLine <= 0 {
		maxLine = DefaultMaxLineBytes
	}
	rend, err := NewRenderer(w, opts.Format)
	if err != nil {
		return Summary{}, err
	}
	if opts.refs == nil {
		opts.refs = newRefCache()
	}
	parent := ctx
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	type job struct {
		seq, line int
		in        Input
		bad       error // malformed row
	}
	type done struct {
		seq int
		res Result
	}
	jobs := make(chan job)
	results := make(chan done)
	window := make(chan struct{}, 2*workers) // one token per row read but not yet reported
	// The reader reports its end on readErrc before closing jobs, so once the workers have
	// seen jobs closed its error is there to read. It is not waited for: after cancellation
	// it may still be blocked in r.Read, which only the owner of r can interrupt (by closing
	// it); it exits when that Read returns.
	readErrc := make(chan error, 1)
	var wg sync.WaitGroup

	go func() {
		var rerr error
		defer func() {
			readErrc <- rerr
			close(jobs)
		}()
		br := bufio.NewReaderSize(r, 64<<10)
		seq, lineNo := 0, 0
		for {
			line, tooLong, err := readLine(br, maxLine)
			if err == io.EOF {
				return
			}
			if err != nil {
				rerr = err
				return
			}
			lineNo++
			if lineNo == 1 {
				line = bytes.TrimPrefix(line, []byte("\xef\xbb\xbf"))
			}
			if !tooLong && len(bytes.TrimSpace(line)) == 0 {
				continue
			}
			j := job{seq: seq, line: lineNo}
			seq++
			if tooLong {
				j.in.ID, _ = rowID(line)
				j.bad = fmt.Errorf("line longer than %d bytes", maxLine)
			} else {
				j.in, j.bad = parseRow(line)
			}
			select {
			case window <- struct{}{}:
			case <-ctx.Done():
				return
			}
			select {
			case jobs <- j:
			case <-ctx.Done():
				return
			}
		}
	}()
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				var j job
				select {
				case jj, ok := <-jobs:
					if !ok {
						return
					}
					j = jj
				case <-ctx.Done():
					return
				}
				var res Result
				if j.bad != nil {
					res = Result{ID: j.in.ID, Status: StatusMalformed, Reasons: []Reason{{Code: CodeMalformedRow, Detail: j.bad.Error()}}}
				} else {
					res = CheckInput(ctx, j.in, opts.Options)
				}
				res.Line = j.line
				select {
				case results <- done{j.seq, res}:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() {
		wg.Wait()
		close(results)
	}()

	var sum Summary
	var writeErr error
	pending := map[int]Result{}
	next := 0
	for d := range results {
		pending[d.seq] = d.res
		for {
			res, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next++
			<-window
			if writeErr != nil || parent.Err() != nil {
				continue
			}
			sum.add(res)
			if writeErr = rend.Result(res); writeErr != nil {
				cancel()
				continue
			}
			if opts.Progress != nil {
				p := Progress{Summary: sum, Last: res}
				p.Reasons, p.Checkers = maps.Clone(sum.Reasons), slices.Clone(sum.Checkers)
				opts.Progress(p)
			}
		}
	}
	switch {
	case writeErr != nil:
		return sum, fmt.Errorf("writing the report: %w", writeErr)
	case parent.Err() != nil:
		return sum, parent.Err()
	}
	if err := <-readErrc; err != nil {
		return sum, fmt.Errorf("reading the input: %w", err)
	}
	if err := rend.Summary(sum); err != nil {
		return sum, fmt.Errorf("writing the report: %w", err)
	}
	return sum, nil
}

// ErrUnreadable is ReadableText's error: the text is not Lean source or a batch.
var ErrUnreadable = errors.New("unreadable input")

// ReadableText checks a file given as a statement or a proof before anything reads it as
// Lean: empty (or blank), binary (NUL bytes or invalid UTF-8) and Markdown (a ``` fence: the
// Lean block must be extracted first) are errors matching ErrUnreadable.
func ReadableText(b []byte) error {
	switch {
	case len(bytes.TrimSpace(b)) == 0:
		return fmt.Errorf("%w: empty", ErrUnreadable)
	case bytes.IndexByte(b, 0) >= 0 || !utf8.Valid(b):
		return fmt.Errorf("%w: binary data (NUL bytes or invalid UTF-8), not Lean source", ErrUnreadable)
	case bytes.HasPrefix(b, []byte("```")) || bytes.Contains(b, []byte("\n```")):
		return fmt.Errorf("%w: Markdown (a ``` fence); give the Lean code itself", ErrUnreadable)
	}
	return nil
}
