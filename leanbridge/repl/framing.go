package repl

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"unicode/utf8"
)

// Kind is the request kind the REPL will take a request for. The REPL tries the kinds in this
// order and takes the first whose fields parse (PROTOCOL.md §1.3), so an object with tactic +
// proofState is a ProofStep request whatever else it carries.
type Kind int

const (
	KindProofStep Kind = iota + 1
	KindPickleEnv
	KindUnpickleEnv
	KindPickleProofState
	KindUnpickleProofState
	KindCommand
	KindFile
)

var kindNames = [...]string{"", "ProofStep", "PickleEnvironment", "UnpickleEnvironment", "PickleProofState", "UnpickleProofState", "Command", "File"}

func (k Kind) String() string {
	if k < KindProofStep || k > KindFile {
		return fmt.Sprintf("Kind(%d)", int(k))
	}
	return kindNames[k]
}

// Frame validates one raw request and returns the bytes to write to the REPL's stdin: the
// request as a single line of JSON followed by one empty line ("\n\n"), the framing of
// PROTOCOL.md §1.2.
//
// It refuses, with an error matching ErrInvalidRequest, anything the REPL could not take: text
// that is not one JSON object (the REPL dies on malformed JSON), invalid UTF-8, and objects that
// match none of the seven request kinds (the REPL dies on those too). A valid JSON object
// cannot start with '#' or "--" and, once compacted, contains no raw newline, so the REPL's
// comment rule and its line joining never apply to a framed request.
func Frame(raw json.RawMessage) ([]byte, Kind, error) {
	pr, err := parseRequest(raw)
	if err != nil {
		return nil, 0, err
	}
	return pr.frame(), pr.kind, nil
}

// EncodeRequest marshals a typed request (CommandRequest, ProofStepRequest, …) and frames it
// like Frame.
func EncodeRequest(req any) ([]byte, error) {
	raw, err := marshalNoHTML(req)
	if err != nil {
		return nil, fmt.Errorf("leanbridge: encoding request: %w", err)
	}
	b, _, err := Frame(raw)
	return b, err
}

// parsedRequest is a validated request: its kind, its members, and the state ids the REPL
// will read from it (only the fields its kind uses; the REPL ignores the rest).
type parsedRequest struct {
	kind       Kind
	compact    []byte // the request on one line
	obj        map[string]json.RawMessage
	env        *int // the env id the REPL will look up, if any
	proofState *int // the proofState id the REPL will look up, if any
}

func (p *parsedRequest) frame() []byte {
	b := make([]byte, 0, len(p.compact)+2)
	b = append(b, p.compact...)
	return append(b, '\n', '\n')
}

// summary is a short description of the request for error messages.
func (p *parsedRequest) summary() string {
	const max = 80
	s := string(p.compact)
	if len(s) > max {
		cut := max
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "…"
	}
	return p.kind.String() + " request " + s
}

func parseRequest(raw []byte) (*parsedRequest, error) {
	if !utf8.Valid(raw) {
		return nil, &RequestError{Reason: "not valid UTF-8"}
	}
	trimmed := bytes.TrimLeft(raw, " \t\r\n")
	if len(trimmed) == 0 || trimmed[0] != '{' {
		return nil, &RequestError{Reason: "a request must be one JSON object"}
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(raw, &obj); err != nil {
		return nil, &RequestError{Reason: "malformed JSON: " + err.Error()}
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, raw); err != nil {
		return nil, &RequestError{Reason: "malformed JSON: " + err.Error()}
	}
	pr := &parsedRequest{compact: buf.Bytes(), obj: obj}
	f := fields(obj)
	switch {
	case f.nat("proofState") && f.str("tactic"):
		pr.kind, pr.proofState = KindProofStep, f.natVal("proofState")
	case f.nat("env") && f.str("pickleTo"):
		pr.kind, pr.env = KindPickleEnv, f.natVal("env")
	case f.str("unpickleEnvFrom"):
		pr.kind = KindUnpickleEnv
	case f.nat("proofState") && f.str("pickleTo"):
		pr.kind, pr.proofState = KindPickleProofState, f.natVal("proofState")
	case f.str("unpickleProofStateFrom") && f.optNat("env"):
		pr.kind, pr.env = KindUnpickleProofState, f.natVal("env")
	case f.str("cmd") && f.commandOptions():
		pr.kind, pr.env = KindCommand, f.natVal("env")
	case f.str("path") && f.commandOptions():
		pr.kind, pr.env = KindFile, f.natVal("env")
	default:
		return nil, &RequestError{Reason: "the object matches none of the REPL's request kinds (cmd, path, tactic+proofState, pickleTo, unpickleEnvFrom, unpickleProofStateFrom); the REPL would exit on it"}
	}
	return pr, nil
}

// fields checks members the way the REPL's derived FromJson instances read them: a required
// field must be present with the right type; an Option field may be absent or null.
type fields map[string]json.RawMessage

func (f fields) str(k string) bool {
	v, ok := f[k]
	return ok && len(v) > 0 && v[0] == '"'
}

func (f fields) nat(k string) bool {
	_, ok := parseNat(f[k])
	return ok
}

func (f fields) natVal(k string) *int {
	n, ok := parseNat(f[k])
	if !ok {
		return nil
	}
	return &n
}

func (f fields) absentOrNull(k string) bool {
	v, ok := f[k]
	return !ok || string(v) == "null"
}

func (f fields) optNat(k string) bool { return f.absentOrNull(k) || f.nat(k) }

func (f fields) optStr(k string) bool { return f.absentOrNull(k) || f.str(k) }

func (f fields) optBool(k string) bool {
	if f.absentOrNull(k) {
		return true
	}
	v := string(f[k])
	return v == "true" || v == "false"
}

func (f fields) commandOptions() bool {
	return f.optNat("env") && f.optBool("allTactics") && f.optBool("rootGoals") && f.optStr("infotree")
}

// parseNat accepts a JSON integer literal that fits an int and is not negative. Fractions and
// exponents are refused even where Lean might accept them: refusing is safe, guessing is not.
func parseNat(v json.RawMessage) (int, bool) {
	if len(v) == 0 || v[0] < '0' || v[0] > '9' {
		return 0, false
	}
	n, err := strconv.Atoi(string(v))
	if err != nil || n < 0 {
		return 0, false
	}
	return n, true
}

// DefaultMaxReplyBytes bounds one reply when Config.MaxReplyBytes is zero. Replies with a full
// info tree run to megabytes; anything near this limit is a runaway.
const DefaultMaxReplyBytes = 64 << 20

// Decoder reads REPL replies from its stdout. The REPL pretty-prints each reply over several
// lines and follows it with an empty line (PROTOCOL.md §1.2); the Decoder ignores the layout
// and splits the stream into JSON values, tolerating any ASCII whitespace between them.
//
// It buffers at most maxBytes of one reply, so a runaway reply costs bounded memory and ends in
// an error matching ErrReplyTooLarge instead of exhausting memory.
//
// After any error other than io.EOF the stream is out of step with the requests and the
// caller must discard the REPL process. A Decoder is not safe for concurrent use.
type Decoder struct {
	r   *bufio.Reader
	max int
	off int64 // stream offset of the next unread byte

	// scanner state for the value being read
	buf    []byte
	depth  int
	inStr  bool
	escape bool
}

// NewDecoder returns a Decoder reading from r. maxBytes <= 0 means DefaultMaxReplyBytes.
func NewDecoder(r io.Reader, maxBytes int) *Decoder {
	if maxBytes <= 0 {
		maxBytes = DefaultMaxReplyBytes
	}
	return &Decoder{r: bufio.NewReaderSize(r, 64<<10), max: maxBytes}
}

// Next returns the next reply. It returns io.EOF when the stream ends between replies, and a
// *FramingError for a reply cut short by the end of the stream (wrapping io.ErrUnexpectedEOF),
// for output that is not a JSON object (ErrMalformedReply), and for a reply longer than the
// limit (ErrReplyTooLarge). Other read errors are returned as they are.
//
// The returned slice is owned by the caller.
func (d *Decoder) Next() (json.RawMessage, error) {
	// Skip whitespace between replies.
	for {
		c, err := d.r.ReadByte()
		if err != nil {
			return nil, err
		}
		d.off++
		if isSpace(c) {
			continue
		}
		if c != '{' {
			d.r.UnreadByte()
			d.off--
			return nil, d.garbage("expected a JSON object")
		}
		break
	}
	start := d.off - 1
	d.buf = append(d.buf[:0], '{')
	d.depth, d.inStr, d.escape = 1, false, false
	for d.depth > 0 {
		if d.r.Buffered() == 0 {
			if _, err := d.r.Peek(1); err != nil {
				if err == io.EOF {
					return nil, &FramingError{Offset: start, Reason: fmt.Sprintf("reply cut short by end of output after %d bytes", len(d.buf)),
						Snippet: snippet(d.buf), kind: ErrMalformedReply, cause: io.ErrUnexpectedEOF}
				}
				return nil, err
			}
		}
		chunk, _ := d.r.Peek(d.r.Buffered())
		n := d.scan(chunk)
		if len(d.buf)+n > d.max {
			return nil, &FramingError{Offset: start, Reason: fmt.Sprintf("reply longer than the limit of %d bytes", d.max),
				Snippet: snippet(d.buf), kind: ErrReplyTooLarge}
		}
		d.buf = append(d.buf, chunk[:n]...)
		d.r.Discard(n)
		d.off += int64(n)
	}
	if !json.Valid(d.buf) {
		return nil, &FramingError{Offset: start, Reason: "reply is not valid JSON", Snippet: snippet(d.buf), kind: ErrMalformedReply}
	}
	out := make(json.RawMessage, len(d.buf))
	copy(out, d.buf)
	if cap(d.buf) > 1<<20 {
		d.buf = nil // do not pin one huge reply's buffer for the life of the process
	}
	return out, nil
}

// scan advances the value scanner over chunk and returns how many bytes belong to the current
// value (all of chunk, or up to and including the brace that closes it).
func (d *Decoder) scan(chunk []byte) int {
	for i, c := range chunk {
		switch {
		case d.escape:
			d.escape = false
		case d.inStr:
			switch c {
			case '\\':
				d.escape = true
			case '"':
				d.inStr = false
			}
		default:
			switch c {
			case '"':
				d.inStr = true
			case '{', '[':
				d.depth++
			case '}', ']':
				d.depth--
				if d.depth == 0 {
					return i + 1
				}
			}
		}
	}
	return len(chunk)
}

func (d *Decoder) garbage(reason string) error {
	peek, _ := d.r.Peek(min(d.r.Buffered(), 64))
	return &FramingError{Offset: d.off, Reason: reason, Snippet: snippet(peek), kind: ErrMalformedReply}
}

func snippet(b []byte) string {
	const max = 64
	if len(b) > max {
		b = b[:max]
	}
	return string(b)
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// errIsFramingEOF reports whether err means the REPL's stdout ended, cleanly or mid-reply.
func errIsFramingEOF(err error) bool {
	return errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF)
}
