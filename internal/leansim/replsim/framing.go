package replsim

import (
	"bufio"
	"strings"
)

// isLeanSpace is Lean's Char.isWhitespace, which String.trim and trimRight use.
func isLeanSpace(r rune) bool { return r == ' ' || r == '\t' || r == '\r' || r == '\n' }

// readRequest reads one request as the REPL's getLines does: lines up to one that is empty
// after trimming, each non-blank line with its trailing whitespace (newline included)
// removed, joined with nothing between them. The blank line that ends a request is kept
// as it was read, so a request made of a single blank line comes back as "\n", which is not
// empty and fails to parse as JSON, as in the REPL. At end of input the result is what was
// gathered so far; "" means end of input.
func readRequest(r *bufio.Reader) string {
	var b strings.Builder
	for {
		line, err := r.ReadString('\n')
		if strings.TrimFunc(line, isLeanSpace) == "" {
			b.WriteString(line)
			return b.String()
		}
		b.WriteString(strings.TrimRightFunc(line, isLeanSpace))
		if err != nil {
			// Lean's next getLine returns "" at end of input, which ends the request.
			return b.String()
		}
	}
}

// isComment reports whether the REPL skips a request without replying.
func isComment(q string) bool { return strings.HasPrefix(q, "#") || strings.HasPrefix(q, "--") }
