package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/leanbridge/proc"
	"github.com/leanprm/leanprm/leanbridge/repl"
)

// watchWriter collects output and sends the N of the first line "pid N" on pid.
type watchWriter struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	pid  chan int // 1-buffered
	sent bool
}

func newWatchWriter() *watchWriter { return &watchWriter{pid: make(chan int, 1)} }

func (w *watchWriter) Write(b []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(b)
	for _, line := range strings.Split(w.buf.String(), "\n") {
		rest, ok := strings.CutPrefix(strings.TrimSpace(line), "pid ")
		if n, err := strconv.Atoi(rest); ok && err == nil && !w.sent {
			w.pid <- n
			w.sent = true
		}
	}
	return len(b), nil
}

func (w *watchWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}

// runsSleep reports whether a process of group pgid runs sleep (has exec'd it).
func runsSleep(pgid int) bool {
	return slices.ContainsFunc(proc.Members(pgid), func(pid int) bool {
		comm, _ := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "comm"))
		return strings.TrimSpace(string(comm)) == "sleep"
	})
}

func TestRunStreaming(t *testing.T) {
	for _, usePTY := range []bool{false, true} {
		t.Run("pty="+strconv.FormatBool(usePTY), func(t *testing.T) {
			t.Run("output and exit status", func(t *testing.T) {
				w := newWatchWriter()
				err := repl.RunStreaming(t.Context(), t.TempDir(), []string{"sh", "-c", `echo "pid $$"; echo to-stderr >&2; exit 3`}, w, usePTY)
				require.ErrorContains(t, err, "exit status 3")
				assert.Contains(t, w.String(), "to-stderr")
				proc.AssertGroupGone(t, <-w.pid)
			})
			t.Run("cancel stops the group", func(t *testing.T) {
				ctx, cancel := context.WithCancel(t.Context())
				defer cancel()
				w := newWatchWriter()
				errc := make(chan error, 1)
				go func() {
					errc <- repl.RunStreaming(ctx, t.TempDir(), []string{"sh", "-c", `echo "pid $$"; sleep 60; echo not-reached`}, w, usePTY)
				}()
				var pgid int
				select {
				case pgid = <-w.pid:
				case err := <-errc:
					t.Fatalf("RunStreaming returned early: %v", err)
				}
				// dash acts on a SIGINT it caught only once its foreground child has ended: interrupt
				// the group once sleep runs, so that the interrupt ends both (as it ends lake and
				// the lean processes under it), not after the grace period.
				for deadline := time.Now().Add(10 * time.Second); !runsSleep(pgid); time.Sleep(time.Millisecond) {
					if time.Now().After(deadline) {
						t.Fatal("sleep never started")
					}
				}
				cancel()
				err := <-errc
				require.ErrorIs(t, err, context.Canceled)
				assert.NotContains(t, w.String(), "not-reached")
				proc.AssertGroupGone(t, pgid)
			})
		})
	}
}
