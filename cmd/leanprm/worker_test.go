package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/internal/dispatch"
	"github.com/leanprm/leanprm/internal/dispatch/natsq"
	"github.com/leanprm/leanprm/internal/testutil/natstest"
	"github.com/leanprm/leanprm/leanbridge/proc"
)

func TestWorkerNeedsNATS(t *testing.T) {
	var out, errb bytes.Buffer
	err := Run(context.Background(), []string{"worker"}, strings.NewReader(""), &out, &errb)
	var ee *ExitError
	require.ErrorAs(t, err, &ee)
	assert.Equal(t, exitUsage, ee.Code)
	assert.Contains(t, err.Error(), "--nats")

	err = Run(context.Background(), []string{"worker", "--nats", "http://x:1"}, strings.NewReader(""), &out, &errb)
	require.ErrorAs(t, err, &ee)
	assert.Equal(t, exitUsage, ee.Code, "a bad --nats is a usage error")
	assert.Contains(t, err.Error(), "not a NATS URL")

	err = Run(context.Background(), []string{"worker", "--nats", "nats://127.0.0.1:1", "--capacity", "-1"}, strings.NewReader(""), &out, &errb)
	require.ErrorAs(t, err, &ee)
	assert.Equal(t, exitUsage, ee.Code)
}

// TestWorkerScoresAndExitsOnSIGTERM runs `leanprm worker` as a child (this test binary as
// main) against an in-process NATS server: a gateway's score task comes back as the JSON of
// `check --json`, a snippet (which needs Lean) as an item error; SIGTERM ends the worker with status 130 and
// leaves nothing behind.
func TestWorkerScoresAndExitsOnSIGTERM(t *testing.T) {
	s := startNATS(t)

	p, err := proc.Start(context.Background(),
		[]string{os.Args[0], "worker", "--nats", s.ClientURL(), "--capacity", "2", "--checker", "exact"},
		proc.Options{Env: []string{"LEANPRM_RUN_AS_MAIN=1"}, PipeStderr: true, Grace: 10 * time.Second})
	require.NoError(t, err)
	defer p.ClosePipes()
	defer p.Stop(false)
	stderr := bufio.NewReader(p.Stderr())
	line, err := stderr.ReadString('\n')
	require.NoError(t, err)
	require.Contains(t, line, "pulling from", "the worker did not start")

	nc, err := nats.Connect(s.ClientURL())
	require.NoError(t, err)
	defer nc.Close()
	g, err := natsq.NewGateway(context.Background(), nc, natsq.GatewayOptions{})
	require.NoError(t, err)
	defer g.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	res := g.Execute(ctx, []dispatch.Task{
		{Kind: dispatch.KindScore, Payload: json.RawMessage(`{"chain": {"id": "c1", "problem": "What is 4 times 3?",
			"steps": [{"text": "2 + 2 = 4"}, {"text": "so 4 × 3 = 13"}], "first_error": -2}}`)},
		{Kind: dispatch.KindCheck, Payload: json.RawMessage(`{"code": "example : 1 = 1 := rfl"}`)},
	})
	require.Empty(t, res[0].Error)
	var scored struct {
		ID    string `json:"id"`
		Steps []struct {
			Verdict, Checker string
		} `json:"steps"`
		Predicted int `json:"predicted_first_error"`
	}
	require.NoError(t, json.Unmarshal(res[0].Payload, &scored))
	assert.Equal(t, "c1", scored.ID)
	require.Len(t, scored.Steps, 2)
	assert.Equal(t, "verified", scored.Steps[0].Verdict)
	assert.Equal(t, "refuted", scored.Steps[1].Verdict)
	assert.Equal(t, "exact", scored.Steps[1].Checker)
	assert.Equal(t, 1, scored.Predicted)
	assert.Contains(t, res[1].Error, "no Lean REPL", "a snippet needs Lean; this worker checks exactly")

	require.NoError(t, p.Signal(syscall.SIGTERM))
	select {
	case <-p.Done():
	case <-time.After(20 * time.Second):
		t.Fatal("the worker did not stop on SIGTERM")
	}
	var exit *exec.ExitError
	require.True(t, errors.As(p.Err(), &exit), "exit: %v", p.Err())
	assert.Equal(t, exitSignal, exit.ExitCode())
	rest, _ := stderr.ReadString(0)
	assert.Contains(t, rest, "stopped; ran 2")
	proc.AssertGroupGone(t, p.Pid())
}

// startNATS runs a NATS server with JetStream in this process on a free loopback port, for
// the length of the test.
func startNATS(t *testing.T) *server.Server { return natstest.Start(t, nil) }
