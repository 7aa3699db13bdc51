package repl

import (
	"context"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/leanbridge/proc"
)

// generationPeers starts the simulator with first as flags for the pool's first process and
// later for every process after it, recording each process group.
func generationPeers(cfg Config, pgids *[]int, mu *sync.Mutex, first, later []string) func(context.Context) (peer, error) {
	var n atomic.Int32
	return func(ctx context.Context) (peer, error) {
		args := later
		if n.Add(1) == 1 {
			args = first
		}
		return startRecorded(ctx, cfg, append([]string{os.Args[0]}, args...), pgids, mu)
	}
}

// TestCommandRetry runs CommandRetry on one worker whose simulator crashes or hangs on its
// first command (the start-up check and probes take four replies; a restarted process
// answers only the version check). A failure the fresh process does not repeat is invisible;
// one it repeats is returned as a RetryError that still matches its sentinel; a refused
// request is not retried; and no process is left behind.
func TestCommandRetry(t *testing.T) {
	const claim = "example : (2 : Rat) + (2 : Rat) = (4 : Rat) := by decide +kernel"
	tests := []struct {
		name         string
		first, later []string
		timeout      time.Duration
		wantErr      error // nil: the retry answers
	}{
		{"a crash once", []string{"-crash-after", "4"}, nil, 0, nil},
		{"a hang once", []string{"-hang-after", "4"}, nil, 300 * time.Millisecond, nil},
		{"a crash every time", []string{"-crash-after", "4"}, []string{"-crash-after", "1"}, 0, ErrProcessDied},
		{"a hang every time", []string{"-hang-after", "4"}, []string{"-hang-after", "1"}, 300 * time.Millisecond, ErrTimeout},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := simConfig()
			if tt.timeout > 0 {
				cfg.RequestTimeout = tt.timeout
			}
			var mu sync.Mutex
			var pgids []int
			cfg.newPeer = generationPeers(cfg, &pgids, &mu, tt.first, tt.later)
			ctx := ctxT(t)
			p, err := NewPool(ctx, cfg)
			require.NoError(t, err, "NewPool")
			defer p.Close()

			resp, err := p.CommandRetry(ctx, "", CommandRequest{Cmd: claim})
			if tt.wantErr == nil {
				require.NoError(t, err, "CommandRetry: want the fresh process's answer")
				require.True(t, resp.Accepted(), "the retry answered %+v, want the claim accepted", resp)
			} else {
				var re *RetryError
				require.ErrorIs(t, err, tt.wantErr)
				require.ErrorAs(t, err, &re)
				require.True(t, IsInfrastructure(err), "%v is not an infrastructure error", err)
			}
			st := p.Stats()
			assert.GreaterOrEqual(t, st.Restarts, uint64(1), "stats %+v: no fresh process was started", st)
			p.Close()
			mu.Lock()
			defer mu.Unlock()
			for _, pg := range pgids {
				proc.AssertGroupGone(t, pg)
			}
		})
	}
}

func TestIsInfrastructure(t *testing.T) {
	for _, tt := range []struct {
		err  error
		want bool
	}{
		{&ProcessError{Generation: 1, Reason: "EOF"}, true},
		{&TimeoutError{Op: "x", Timeout: time.Second}, true},
		{fmt.Errorf("queued: %w", ErrNotProcessed), true},
		{&StaleStateError{Field: "env", ID: 3}, true},
		{&FramingError{kind: ErrMalformedReply}, true},
		{&ReplyError{Message: "unknown environment"}, false},
		{&RequestError{Reason: "bad"}, false},
		{ErrClosed, false},
		{context.Canceled, false},
	} {
		assert.Equal(t, tt.want, IsInfrastructure(tt.err), "IsInfrastructure(%v)", tt.err)
	}
}
