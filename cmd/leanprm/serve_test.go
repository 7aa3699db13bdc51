package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// serveChild is `leanprm serve` running as a child on a free loopback port.
type serveChild struct {
	url   string
	lines chan string // the rest of stderr, a line at a time
}

var servingRE = regexp.MustCompile(`serving on (http://127\.0\.0\.1:\d+)`)

// startServe starts the child and waits for its "ready" line (or fails the test on another
// end of stderr).
func startServe(t *testing.T, env []string, args ...string) (*serveChild, *serveProc) {
	t.Helper()
	cmd := child(t, append([]string{"serve", "--addr", "127.0.0.1:0"}, args...)...)
	cmd.Env = append(cmd.Env, env...)
	stderr, err := cmd.StderrPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	x := &serveProc{cmd: cmd}
	t.Cleanup(func() { x.kill() })
	sc := &serveChild{lines: make(chan string, 64)}
	go func() {
		defer close(sc.lines)
		s := bufio.NewScanner(stderr)
		for s.Scan() {
			sc.lines <- s.Text()
		}
	}()
	for line := range sc.lines {
		if m := servingRE.FindStringSubmatch(line); m != nil {
			sc.url = m[1]
		}
		if strings.Contains(line, "leanprm: ready") {
			require.NotEmpty(t, sc.url)
			return sc, x
		}
	}
	t.Fatal("leanprm serve ended before it was ready")
	return nil, nil
}

// serveProc owns a child process; kill is for a test that failed half-way.
type serveProc struct {
	cmd    *exec.Cmd
	waited bool
}

func (x *serveProc) kill() {
	if !x.waited {
		_ = x.cmd.Process.Kill()
		_, _ = x.cmd.Process.Wait()
	}
}

func (x *serveProc) term(t *testing.T) int {
	t.Helper()
	require.NoError(t, x.cmd.Process.Signal(syscall.SIGTERM))
	x.waited = true
	return waitExit(t, x.cmd)
}

func request(t *testing.T, method, url, token, body string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	require.NoError(t, err)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.StatusCode, string(b)
}

func TestServeTokenFileAndSIGTERM(t *testing.T) {
	tokFile := filepath.Join(t.TempDir(), "token")
	require.NoError(t, os.WriteFile(tokFile, []byte("s3cret\n"), 0o600))
	sc, x := startServe(t, nil, "--checker", "exact", "--auth-token-file", tokFile)
	code, body := request(t, http.MethodPost, sc.url+"/v1/score", "", `{"chains": []}`)
	assert.Equal(t, http.StatusUnauthorized, code, body)
	code, body = request(t, http.MethodPost, sc.url+"/v1/score", "s3cret", `{"chains": [{"id": "a", "steps": ["2 + 3 = 6."]}]}`)
	require.Equal(t, http.StatusOK, code, body)
	var got struct {
		Chains []struct {
			Steps []struct{ Verdict, Checker string }
		}
	}
	require.NoError(t, json.Unmarshal([]byte(body), &got))
	require.Len(t, got.Chains, 1)
	assert.Equal(t, "refuted", got.Chains[0].Steps[0].Verdict)
	assert.Equal(t, "exact", got.Chains[0].Steps[0].Checker)
	code, _ = request(t, http.MethodGet, sc.url+"/readyz", "", "")
	assert.Equal(t, http.StatusOK, code, "ready at once with the exact checker")
	assert.Equal(t, exitSignal, x.term(t), "SIGTERM exits 130, like other commands")
}

func TestServeTokenFromTheEnvironmentNeverAFlag(t *testing.T) {
	sc, x := startServe(t, []string{serveTokenEnv + "=from-env"}, "--checker", "exact")
	code, _ := request(t, http.MethodPost, sc.url+"/get_reward", "wrong", `{"query": []}`)
	assert.Equal(t, http.StatusUnauthorized, code)
	code, body := request(t, http.MethodPost, sc.url+"/get_reward", "from-env", `{"query": []}`)
	assert.Equal(t, http.StatusOK, code, body)
	x.term(t)

	var stderr bytes.Buffer
	err := Run(t.Context(), []string{"serve", "--token", "x"}, nil, io.Discard, &stderr)
	var ee *ExitError
	require.ErrorAs(t, err, &ee)
	assert.Equal(t, exitUsage, ee.Code, "there is no flag that takes the token")
}

// TestServeSIGTERMFinishesInFlightAndLeavesNoREPL: a request running when SIGTERM comes is
// answered, and no REPL process outlives the server.
func TestServeSIGTERMFinishesInFlightAndLeavesNoREPL(t *testing.T) {
	mark := fmt.Sprintf("LEANPRM_SERVE_TEST_MARK=%d", time.Now().UnixNano())
	sc, x := startServe(t, []string{mark}, "--checker", "lean", "--workers", "1",
		"--repl-command", "leanprm sim repl -latency 500ms")
	code, _ := request(t, http.MethodGet, sc.url+"/readyz", "", "")
	require.Equal(t, http.StatusOK, code)
	require.NotEmpty(t, marked(mark), "the REPL runs as a child that carries the mark")

	type answer struct {
		code int
		body string
	}
	done := make(chan answer, 1)
	go func() {
		resp, err := http.Post(sc.url+"/api/check", "application/json", strings.NewReader(`{"snippets": [{"id": "a", "code": "theorem t : 2 + 2 = 4 := by decide"}]}`))
		if err != nil {
			done <- answer{body: err.Error()}
			return
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		done <- answer{resp.StatusCode, string(b)}
	}()
	// Wait until the request is admitted (bounded: 500 polls of the metrics).
	admitted := false
	for range 500 {
		_, m := request(t, http.MethodGet, sc.url+"/metrics", "", "")
		if strings.Contains(m, "leanprm_admission_queue_depth 1") {
			admitted = true
			break
		}
	}
	require.True(t, admitted, "the request was never admitted")
	assert.Equal(t, exitSignal, x.term(t))
	a := <-done
	require.Equal(t, http.StatusOK, a.code, a.body)
	assert.Contains(t, a.body, `"response"`, "the request in flight was answered: %s", a.body)
	assert.Empty(t, marked(mark), "no REPL process is left behind")
}

// marked lists the processes whose environment holds mark.
func marked(mark string) []string {
	var out []string
	dirs, _ := filepath.Glob("/proc/[0-9]*/environ")
	for _, d := range dirs {
		b, err := os.ReadFile(d)
		if err == nil && bytes.Contains(b, []byte(mark)) {
			out = append(out, d)
		}
	}
	return out
}

// TestServeSIGTERMDrainsWithinItsDeadline: SIGTERM with a request stuck on a REPL that never
// answers (the simulator hangs on its first command; lean.timeout and the request's own 300 s
// are far away). Before, the listener closed at once (/readyz refused, not 503) and the
// server waited for the request as long as it took: ~300 s where Kubernetes kills at 90. Now,
// within serve.drain_timeout (2 s here): /readyz answers 503 while the listener stays up, new
// work gets 503, the stuck request is answered 503 with Retry-After (retryable, not a
// result), the server exits 130 and no REPL is left behind.
func TestServeSIGTERMDrainsWithinItsDeadline(t *testing.T) {
	mark := fmt.Sprintf("LEANPRM_SERVE_TEST_MARK=%d", time.Now().UnixNano())
	sc, x := startServe(t, []string{mark, "LEANPRM_SERVE_DRAIN_TIMEOUT=2s", "LEANPRM_LEAN_TIMEOUT=5m"},
		"--checker", "lean", "--workers", "1", "--repl-command", "leanprm sim repl -hang-after 4")
	type answer struct {
		code       int
		retryAfter string
		body       string
	}
	done := make(chan answer, 1)
	go func() {
		resp, err := http.Post(sc.url+"/api/check", "application/json", strings.NewReader(
			`{"snippets": [{"id": "a", "code": "theorem t : 2 + 2 = 4 := by decide"}], "timeout": 300}`))
		if err != nil {
			done <- answer{body: err.Error()}
			return
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		done <- answer{resp.StatusCode, resp.Header.Get("Retry-After"), string(b)}
	}()
	admitted := false
	for range 500 {
		_, m := request(t, http.MethodGet, sc.url+"/metrics", "", "")
		if strings.Contains(m, "leanprm_admission_queue_depth 1") {
			admitted = true
			break
		}
	}
	require.True(t, admitted, "the request was never admitted")
	require.NoError(t, x.cmd.Process.Signal(syscall.SIGTERM))

	draining := false
	for range 500 {
		code, body := request(t, http.MethodGet, sc.url+"/readyz", "", "")
		if code == http.StatusServiceUnavailable && strings.Contains(body, "draining") {
			draining = true
			break
		}
	}
	require.True(t, draining, "/readyz answers 503 while the server drains")
	code, body := request(t, http.MethodPost, sc.url+"/v1/score", "", `{"chains": [{"id": "b", "steps": ["1 + 1 = 2."]}]}`)
	assert.Equal(t, http.StatusServiceUnavailable, code, body)
	assert.Contains(t, body, "shutting down")

	a := <-done
	assert.Equal(t, http.StatusServiceUnavailable, a.code, a.body)
	assert.Equal(t, "1", a.retryAfter, "retryable")
	assert.Contains(t, a.body, "serve.drain_timeout")
	x.waited = true
	assert.Equal(t, exitSignal, waitExit(t, x.cmd), "exits 130 once drained")
	assert.Empty(t, marked(mark), "no REPL process is left behind")
}
