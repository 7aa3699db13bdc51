package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/internal/testutil/natstest"
	"github.com/leanprm/leanprm/internal/testutil/testpki"
	"github.com/leanprm/leanprm/leanbridge/proc"
)

var probesRE = regexp.MustCompile(`probes on (http://127\.0\.0\.1:\d+)`)

// TestServeNATSGatewayAndWorker runs the scale-out set-up the README describes, each part as
// its own process: an in-process NATS server with JetStream, `leanprm worker --nats --addr`
// and `leanprm serve --nats` as a stateless gateway. A chain posted to the gateway is scored
// by the worker; the worker's probes say ready; SIGTERM ends both with 130 and nothing left.
func TestServeNATSGatewayAndWorker(t *testing.T) {
	scaleOut(t, startNATS(t).ClientURL(), nil, nil, nil, nil)
}

// TestServeNATSOverTLSWithToken: the same set-up against a NATS server that speaks only TLS
// and wants a token: the worker reads the token from LEANPRM_NATS_TOKEN, the gateway from
// --nats-token-file, both check the server with --nats-tls-ca. Without the CA the gateway
// exits with an error naming the certificate.
func TestServeNATSOverTLSWithToken(t *testing.T) {
	ca := testpki.New(t)
	cert, key := ca.Issue(t, "nats", false)
	tc, err := server.GenTLSConfig(&server.TLSConfigOpts{CertFile: cert, KeyFile: key})
	require.NoError(t, err)
	s := natstest.Start(t, &server.Options{TLS: true, TLSConfig: tc, TLSTimeout: 5, Authorization: "nats-s3cret"})
	tokenFile := filepath.Join(t.TempDir(), "nats-token")
	require.NoError(t, os.WriteFile(tokenFile, []byte("nats-s3cret\n"), 0o600))
	scaleOut(t, s.ClientURL(),
		[]string{"--nats-tls-ca", ca.CAFile}, []string{"LEANPRM_NATS_TOKEN=nats-s3cret"},
		[]string{"--nats-tls-ca", ca.CAFile, "--nats-token-file", tokenFile}, nil)

	var out, errb bytes.Buffer
	err = Run(context.Background(), []string{"serve", "--addr", "127.0.0.1:0", "--nats", s.ClientURL(), "--nats-token-file", tokenFile},
		strings.NewReader(""), &out, &errb)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "certificate")
}

// scaleOut runs a worker (with workerArgs and workerEnv) and a gateway (gatewayArgs,
// gatewayEnv) against the NATS server at url, scores a chain through them and stops both.
func scaleOut(t *testing.T, url string, workerArgs, workerEnv, gatewayArgs, gatewayEnv []string) {
	t.Helper()
	w, err := proc.Start(context.Background(),
		append([]string{os.Args[0], "worker", "--nats", url, "--capacity", "2", "--checker", "exact", "--addr", "127.0.0.1:0"}, workerArgs...),
		proc.Options{Env: append([]string{"LEANPRM_RUN_AS_MAIN=1"}, workerEnv...), PipeStderr: true, Grace: 10 * time.Second})
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

	gw, x := startServe(t, gatewayEnv, append([]string{"--nats", url}, gatewayArgs...)...)
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
