package main

import (
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/internal/cli/datafetch/datafetchtest"
)

// hangingListener accepts connections on loopback and never answers: a generator that is up
// but stuck, or a firewall that drops.
func hangingListener(t *testing.T) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	var mu sync.Mutex
	var conns []net.Conn
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		l.Close()
		mu.Lock()
		for _, c := range conns {
			c.Close()
		}
		mu.Unlock()
	})
	return "http://" + l.Addr().String() + "/v1"
}

// TestUnreachableGeneratorStopsAtOnce runs search and label from the built binary against a
// generator that refuses connections and one that never answers: each stops before any work,
// within seconds, with the reason; nothing is written to stdout.
func TestUnreachableGeneratorStopsAtOnce(t *testing.T) {
	problems := repoFile(t, "testdata/search/gsm8k-style.jsonl")
	chains := repoFile(t, "testdata/label/chains.jsonl")
	for _, g := range []struct{ name, url, reason string }{
		{"refused", datafetchtest.ClosedURL(t) + "/v1", "connection refused"},
		{"hangs", hangingListener(t), "no answer within 2s"},
	} {
		for _, args := range [][]string{
			{"search", "--generator", g.url, "--generator-timeout", "2s", "--checker", "exact", problems},
			{"label", "--method", "mc-hard", "--generator", g.url, "--generator-timeout", "2s", "--checker", "exact", chains},
		} {
			t.Run(g.name+" "+args[0], func(t *testing.T) {
				start := time.Now()
				out, errOut, code := runBin(t, nil, args...)
				took := time.Since(start)
				assert.Equal(t, exitError, code, errOut)
				assert.Contains(t, errOut, "cannot be used: "+g.reason)
				assert.Contains(t, errOut, "/v1/models")
				assert.Empty(t, out, "no problem was attempted")
				assert.Less(t, took, 8*time.Second, "stops in seconds, not after every problem's retries")
				t.Logf("%s %s: exit after %v", g.name, args[0], took.Round(time.Millisecond))
			})
		}
	}
}

// TestSearchGeneratorDiesMidRun: the probe passes, then the generator drops every connection
// after a few completions; each later problem fails on its own line, the ones before are
// results, and the exit status is 1.
func TestSearchGeneratorDiesMidRun(t *testing.T) {
	var n atomic.Int64
	srv := simServer(t, 0, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasSuffix(r.URL.Path, "/completions") && n.Add(1) > 4 {
				if hj, ok := w.(http.Hijacker); ok {
					if c, _, err := hj.Hijack(); err == nil {
						c.Close()
						return
					}
				}
			}
			h.ServeHTTP(w, r)
		})
	})
	out, errOut, code := runBin(t, nil, "search", "--generator", srv.URL+"/v1", "--algo", "greedy", "--parallel", "1",
		"--generator-timeout", "2s", "--generator-retries", "0", "--checker", "exact", repoFile(t, "testdata/search/gsm8k-style.jsonl"))
	assert.Equal(t, exitError, code, errOut)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 7, "every problem gets its line")
	failed := strings.Count(out, `"error":`)
	assert.Positive(t, failed)
	assert.Less(t, failed, 7, "the problems before the death have results")
	assert.Contains(t, errOut, "some problems failed")
}
