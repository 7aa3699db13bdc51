package main

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/leanbridge/proc"
)

// startWorkerProc runs `leanprm worker --nats url --addr 127.0.0.1:0` as a child (the exact
// checker, two slots) and returns it with its probes' URL once it pulls.
func startWorkerProc(t *testing.T, url string) (*proc.Process, string) {
	t.Helper()
	w, err := proc.Start(context.Background(),
		[]string{os.Args[0], "worker", "--nats", url, "--capacity", "2", "--checker", "exact", "--addr", "127.0.0.1:0"},
		proc.Options{Env: []string{"LEANPRM_RUN_AS_MAIN=1"}, PipeStderr: true, Grace: 10 * time.Second})
	require.NoError(t, err)
	t.Cleanup(func() {
		w.Stop(false)
		w.ClosePipes()
		proc.AssertGroupGone(t, w.Pid())
	})
	stderr := bufio.NewReader(w.Stderr())
	var probes string
	for {
		line, err := stderr.ReadString('\n')
		require.NoError(t, err, "the worker ended before it pulled")
		if m := probesRE.FindStringSubmatch(line); m != nil {
			probes = m[1]
		}
		if strings.Contains(line, "pulling from") {
			break
		}
	}
	go func() { // keep draining its stderr so it never blocks on a full pipe
		for {
			if _, err := stderr.ReadString('\n'); err != nil {
				return
			}
		}
	}()
	return w, probes
}

// readyStatus is /readyz's answer.
func readyStatus(t *testing.T, url string) (int, string) {
	code, body := request(t, http.MethodGet, url+"/readyz", "", "")
	var r struct{ Status string }
	_ = json.Unmarshal([]byte(body), &r)
	return code, r.Status
}

// TestGatewayWithoutWorkers: a NATS gateway with no worker is not ready (/readyz 503, "no
// workers"), and refuses work at once: /api/check and /v1/score are answered 503 with
// Retry-After within NoWorkerWait, whatever their timeout (before: each waited for its
// deadline, then answered an item error; on main before that, /api/check waited timeout +
// lean.start_timeout, 303 s). A worker that starts makes the gateway ready and answers;
// SIGKILLed, the gateway is no longer ready within three heartbeats. The metrics report the
// workers heard from.
func TestGatewayWithoutWorkers(t *testing.T) {
	url := startNATS(t).ClientURL()
	gw, x := startServe(t, nil, "--nats", url, "--checker", "exact")
	defer x.term(t)

	code, status := readyStatus(t, gw.url)
	assert.Equal(t, http.StatusServiceUnavailable, code)
	assert.Equal(t, "no workers", status)

	for _, r := range []struct{ path, body string }{
		{"/api/check", `{"snippets": [{"id": "s1", "code": "theorem t : 1 + 1 = 2 := by decide"}], "timeout": 30}`},
		{"/v1/score", `{"chains": [{"id": "a", "steps": ["2 + 3 = 5."]}], "timeout": 20}`},
	} {
		start := time.Now()
		code, body := request(t, http.MethodPost, gw.url+r.path, "", r.body)
		took := time.Since(start)
		assert.Equal(t, http.StatusServiceUnavailable, code, body)
		assert.Contains(t, body, "no worker is pulling")
		assert.Less(t, took, 5*time.Second, "%s is refused at once, not at its deadline", r.path)
	}

	w, probes := startWorkerProc(t, url)
	require.Eventually(t, func() bool { c, _ := readyStatus(t, gw.url); return c == http.StatusOK },
		10*time.Second, 50*time.Millisecond, "a worker that pulls makes the gateway ready")
	code, body := request(t, http.MethodPost, gw.url+"/v1/score", "", `{"chains": [{"id": "a", "steps": ["2 + 3 = 5."]}], "timeout": 20}`)
	require.Equal(t, http.StatusOK, code, body)
	assert.Contains(t, body, `"verified"`)

	_, metrics := request(t, http.MethodGet, gw.url+"/metrics", "", "")
	assert.Contains(t, metrics, "leanprm_gateway_workers 1")
	assert.Contains(t, metrics, "leanprm_gateway_worker_capacity 2")
	_, metrics = request(t, http.MethodGet, probes+"/metrics", "", "")
	// Nothing was queued while no worker pulled: no task comes out past its deadline.
	assert.NotRegexp(t, `(?m)^leanprm_worker_tasks_total\{outcome="skipped"\} [1-9]`, metrics)
	for _, m := range []string{`(?m)^leanprm_worker_tasks_total\{outcome="ran"\} [1-9]`,
		`(?m)^leanprm_worker_capacity 2$`, `(?m)^leanprm_worker_task_duration_seconds_count\{outcome="ran"\} [1-9]`,
		`(?m)^leanprm_queue_pending 0$`, `(?m)^leanprm_queue_ack_pending 0$`} {
		assert.Regexp(t, m, metrics)
	}

	require.NoError(t, w.Signal(syscall.SIGKILL))
	require.Eventually(t, func() bool { c, _ := readyStatus(t, gw.url); return c == http.StatusServiceUnavailable },
		15*time.Second, 100*time.Millisecond, "the gateway sees the last worker gone")
}
