package lspsim

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// maxBody bounds one incoming message; Lean has no such limit, but a simulator fed garbage
// should fail, not allocate gigabytes.
const maxBody = 64 << 20

// errFraming is matched by every malformed-frame error.
var errFraming = errors.New("malformed frame")

// readFrame reads one message in LSP base framing: header lines ending in "\r\n", each
// "Name: value", an empty line, then Content-Length bytes of body (PROTOCOL.md §2.2). Like
// Lean, it requires Content-Length, ignores other well-formed headers (Content-Type) and
// rejects a header line without ": ". It returns io.EOF only at a clean end (no bytes of a
// new frame read).
func readFrame(br *bufio.Reader) ([]byte, error) {
	length := -1
	first := true
	for {
		line, err := br.ReadString('\n')
		if err != nil {
			if err == io.EOF && first && line == "" {
				return nil, io.EOF
			}
			if err == io.EOF {
				return nil, fmt.Errorf("%w: stream ended inside a header", errFraming)
			}
			return nil, err
		}
		first = false
		if !strings.HasSuffix(line, "\r\n") {
			return nil, fmt.Errorf("%w: header line not ended by CRLF: %q", errFraming, clip(line))
		}
		line = strings.TrimSuffix(line, "\r\n")
		if line == "" {
			break
		}
		name, value, ok := strings.Cut(line, ": ")
		if !ok {
			return nil, fmt.Errorf("%w: Invalid header field: %q", errFraming, clip(line))
		}
		if strings.EqualFold(name, "Content-Length") {
			n, err := strconv.Atoi(strings.TrimSpace(value))
			if err != nil || n < 0 {
				return nil, fmt.Errorf("%w: bad Content-Length %q", errFraming, clip(value))
			}
			if n > maxBody {
				return nil, fmt.Errorf("%w: Content-Length %d exceeds %d", errFraming, n, maxBody)
			}
			length = n
		}
	}
	if length < 0 {
		return nil, fmt.Errorf("%w: no Content-Length header", errFraming)
	}
	body := make([]byte, length)
	if _, err := io.ReadFull(br, body); err != nil {
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			return nil, fmt.Errorf("%w: stream ended inside a %d-byte body", errFraming, length)
		}
		return nil, err
	}
	return body, nil
}

// writeFrame writes one message: "Content-Length: N\r\n\r\n" then the body, in one write,
// as Lean does.
func writeFrame(w io.Writer, body []byte) error {
	var b bytes.Buffer
	fmt.Fprintf(&b, "Content-Length: %d\r\n\r\n", len(body))
	b.Write(body)
	_, err := w.Write(b.Bytes())
	return err
}

func clip(s string) string {
	if len(s) > 60 {
		return s[:60] + "…"
	}
	return s
}
