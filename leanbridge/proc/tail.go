package proc

import (
	"strings"
	"sync"
)

// Tail keeps the last bytes written to it, up to a limit: the end of a child's stderr, for
// error messages. Lean's runtime and Lake may print a lot there; only the end is worth
// quoting. It is safe for concurrent use.
type Tail struct {
	mu    sync.Mutex
	buf   []byte
	limit int
}

// NewTail returns a Tail that keeps the last limit bytes (none for limit <= 0).
func NewTail(limit int) *Tail { return &Tail{limit: max(limit, 0)} }

// Write keeps the end of b; it never fails.
func (t *Tail) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	n := len(b)
	if len(b) >= t.limit {
		t.buf = append(t.buf[:0], b[len(b)-t.limit:]...)
		return n, nil
	}
	if over := len(t.buf) + len(b) - t.limit; over > 0 {
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	t.buf = append(t.buf, b...)
	return n, nil
}

// String returns what is kept, with invalid UTF-8 (a rune cut by the limit) replaced by U+FFFD.
func (t *Tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return strings.ToValidUTF8(string(t.buf), "\uFFFD")
}
