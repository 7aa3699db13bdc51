package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/internal/proc"
)

var probesRE = regexp.MustCompile(`probes on (http://127\.0\.0\.1:\d+)`)

// TestServeNATSGatewayAndWorker runs the scale-out set-up the README describes, each part as
// its own process: an in-process NATS server with JetStream, `leanprm worker --nats --addr`
// and `leanprm serve --nats` as a stateless gateway. A chain posted to the gateway is scored
// by the worker; the worker's probes say ready; SIGTERM ends both with 130 and nothing left.
func TestServeNATSGatewayAndWorker(t *testing.T) {
	s := startNATS(t)

	w, err := proc.Start(context.Background(),
		[]string{os.Args[0], "worker", "--nats", s.ClientURL(), "--capacity", "2", "--checker", "exact", "--addr", "127.0.0.1:0"},
		proc.Options{Env: []string{"LEANPRM_RUN_AS_MAIN=1"}, PipeStderr: true, Grace: 10 * time.Second})
	require.NoError(t, err)
	defer w.ClosePipes()
	defer w.Stop(false)
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
	require.NotEmpty(t, probes, "the worker announces its probe address")
	code, _ := request(t, http.MethodGet, probes+"/readyz", "", "")
	assert.Equal(t, http.StatusOK, code, "the worker is ready once it pulls")
	code, _ = request(t, http.MethodGet, probes+"/livez", "", "")
	assert.Equal(t, http.StatusOK, code)
	code, body := request(t, http.MethodGet, probes+"/metrics", "", "")
	assert.Equal(t, http.StatusOK, code)
	assert.Contains(t, body, "go_goroutines")

	gw, x := startServe(t, nil, "--nats", s.ClientURL())
	code, body = request(t, http.MethodPost, gw.url+"/v1/score", "",
		`{"chains": [{"id": "a", "steps": ["2 + 3 = 5.", "So 5 * 2 = 11."]}]}`)
	require.Equal(t, http.StatusOK, code, body)
	var got struct {
		Chains []struct {
			ID    string
			Steps []struct{ Verdict, Checker string }
		}
	}
	require.NoError(t, json.Unmarshal([]byte(body), &got))
	require.Len(t, got.Chains, 1)
	require.Len(t, got.Chains[0].Steps, 2)
	assert.Equal(t, "verified", got.Chains[0].Steps[0].Verdict)
	assert.Equal(t, "refuted", got.Chains[0].Steps[1].Verdict)
	assert.Equal(t, "exact", got.Chains[0].Steps[1].Checker, "the worker's checker answered")
	code, _ = request(t, http.MethodGet, gw.url+"/readyz", "", "")
	assert.Equal(t, http.StatusOK, code, "a gateway is ready when NATS is")

	assert.Equal(t, exitSignal, x.term(t))
	require.NoError(t, w.Signal(syscall.SIGTERM))
	select {
	case <-w.Done():
	case <-time.After(20 * time.Second):
		t.Fatal("the worker did not stop on SIGTERM")
	}
	var exit *exec.ExitError
	require.True(t, errors.As(w.Err(), &exit), "exit: %v", w.Err())
	assert.Equal(t, exitSignal, exit.ExitCode())
	proc.AssertGroupGone(t, w.Pid())
}
