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
// workers"), and a request's timeout holds end to end: /api/check with "timeout": 3 and
// /v1/score with "timeout": 2 are answered at their deadline with an item error that says no
// worker pulls (on main: /readyz 200, and /api/check waited timeout + lean.start_timeout,
// 303 s). A worker that starts makes the gateway ready and answers; SIGKILLed, the gateway
// is no longer ready within three heartbeats. The metrics report the workers heard from.
func TestGatewayWithoutWorkers(t *testing.T) {
	url := startNATS(t).ClientURL()
	gw, x := startServe(t, nil, "--nats", url, "--checker", "exact")
	defer x.term(t)

	code, status := readyStatus(t, gw.url)
	assert.Equal(t, http.StatusServiceUnavailable, code)
	assert.Equal(t, "no workers", status)

	start := time.Now()
	code, body := request(t, http.MethodPost, gw.url+"/api/check", "",
		`{"snippets": [{"id": "s1", "code": "theorem t : 1 + 1 = 2 := by decide"}], "timeout": 3}`)
	took := time.Since(start)
	require.Equal(t, http.StatusOK, code, body)
	assert.Less(t, took, 10*time.Second, "the request's timeout holds: 3 s and the gateway's grace")
	assert.GreaterOrEqual(t, took, 3*time.Second)
	var check struct {
		Results []struct{ CustomID, Error string }
	}
	require.NoError(t, json.Unmarshal([]byte(body), &check), body)
	require.Len(t, check.Results, 1)
	assert.Contains(t, check.Results[0].Error, "timed out")
	assert.Contains(t, check.Results[0].Error, "no worker is pulling")

	start = time.Now()
	code, body = request(t, http.MethodPost, gw.url+"/v1/score", "", `{"chains": [{"id": "a", "steps": ["2 + 3 = 5."]}], "timeout": 2}`)
	took = time.Since(start)
	require.Equal(t, http.StatusOK, code, body)
	assert.Less(t, took, 8*time.Second)
	assert.Contains(t, body, "no worker is pulling")

	w, probes := startWorkerProc(t, url)
	require.Eventually(t, func() bool { c, _ := readyStatus(t, gw.url); return c == http.StatusOK },
		10*time.Second, 50*time.Millisecond, "a worker that pulls makes the gateway ready")
	code, body = request(t, http.MethodPost, gw.url+"/v1/score", "", `{"chains": [{"id": "a", "steps": ["2 + 3 = 5."]}], "timeout": 20}`)
	require.Equal(t, http.StatusOK, code, body)
	assert.Contains(t, body, `"verified"`)

	_, metrics := request(t, http.MethodGet, gw.url+"/metrics", "", "")
	assert.Contains(t, metrics, "leanprm_gateway_workers 1")
	assert.Contains(t, metrics, "leanprm_gateway_worker_capacity 2")
	_, metrics = request(t, http.MethodGet, probes+"/metrics", "", "")
	// The tasks queued while no worker pulled come out too, past their deadlines: skipped.
	for _, m := range []string{`(?m)^leanprm_worker_tasks_total\{outcome="ran"\} [1-9]`, `(?m)^leanprm_worker_tasks_total\{outcome="skipped"\} [1-9]`,
		`(?m)^leanprm_worker_capacity 2$`, `(?m)^leanprm_worker_task_duration_seconds_count\{outcome="ran"\} [1-9]`,
		`(?m)^leanprm_queue_pending 0$`, `(?m)^leanprm_queue_ack_pending 0$`} {
		assert.Regexp(t, m, metrics)
	}

	require.NoError(t, w.Signal(syscall.SIGKILL))
	require.Eventually(t, func() bool { c, _ := readyStatus(t, gw.url); return c == http.StatusServiceUnavailable },
		15*time.Second, 100*time.Millisecond, "the gateway sees the last worker gone")
}
