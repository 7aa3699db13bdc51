package repl

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/leanbridge/proc"
)

func startFake(t *testing.T, cfg Config) *Worker {
	t.Helper()
	w, err := StartWorker(ctxT(t), cfg)
	require.NoError(t, err, "StartWorker")
	t.Cleanup(func() { w.Close() })
	return w
}

func cmd(ctx context.Context, t *testing.T, w *Worker, text string) *CommandResponse {
	t.Helper()
	r, err := w.Command(ctx, CommandRequest{Cmd: text})
	require.NoError(t, err, "Command(%q)", text)
	return r
}

func messageData(r *CommandResponse) string {
	if len(r.Messages) == 0 {
		return ""
	}
	return r.Messages[0].Data
}

func TestWorkerStartupChecks(t *testing.T) {
	w := startFake(t, fakeConfig())
	assert.Equal(t, BackendSim, w.Backend(), "Backend")
	assert.Equal(t, "4.32.0", w.Version(), "Version")
	pr, ok := w.Probe()
	require.True(t, ok, "probe = %+v, %v", pr, ok)
	require.True(t, pr.Passed(), "probe = %+v, %v", pr, ok)
	require.True(t, pr.TrueAccepted, "probe = %+v, %v", pr, ok)
	require.True(t, pr.FalseRejected, "probe = %+v, %v", pr, ok)
	wantTrue, wantFalse := ProbeCommands(DefaultTactic)
	assert.Equal(t, wantTrue, pr.TrueClaim, "probe claims = %q / %q", pr.TrueClaim, pr.FalseClaim)
	assert.Equal(t, wantFalse, pr.FalseClaim, "probe claims = %q / %q", pr.TrueClaim, pr.FalseClaim)
	assert.Equal(t, DefaultTactic, pr.Tactic, "probe claims = %q / %q", pr.TrueClaim, pr.FalseClaim)
	assert.Equal(t, "example : (1 : Rat) / 2 + (1 : Rat) / 3 = (5 : Rat) / 6 := by decide +kernel", wantTrue, "true claim")
	if assert.NotEmpty(t, pr.FalseMessages, "false claim messages") {
		assert.Equal(t, "error", pr.FalseMessages[0].Severity, "false claim messages = %+v", pr.FalseMessages)
	}
	assert.Equal(t, "ready", w.State(), "State")
}

func TestWorkerBackendLean(t *testing.T) {
	// A version string without the simulator marker is real Lean.
	w := startFake(t, fakeConfig("-marker", ""))
	assert.Equal(t, BackendLean, w.Backend(), "Backend")
}

func TestWorkerRefusedAtStartup(t *testing.T) {
	tests := []struct {
		name   string
		cfg    Config
		target error
		check  func(t *testing.T, err error)
	}{
		{"version mismatch", func() Config { c := fakeConfig(); c.ExpectedVersion = "4.31.0"; return c }(), ErrVersionMismatch,
			func(t *testing.T, err error) {
				var ve *VersionError
				if assert.ErrorAs(t, err, &ve) {
					assert.Equal(t, "4.32.0", ve.Got, "VersionError = %+v", ve)
					assert.Equal(t, "4.31.0", ve.Want, "VersionError = %+v", ve)
					assert.Equal(t, BackendSim, ve.Backend, "VersionError = %+v", ve)
				}
			}},
		{"lying peer accepts the false claim", fakeConfig("-accept-all"), ErrProbeFailed,
			func(t *testing.T, err error) {
				var pe *ProbeError
				if assert.ErrorAs(t, err, &pe) {
					assert.True(t, pe.Result.TrueAccepted, "ProbeError = %+v", pe)
					assert.False(t, pe.Result.FalseRejected, "ProbeError = %+v", pe)
					assert.False(t, pe.Result.Passed(), "ProbeError = %+v", pe)
				}
				assert.ErrorContains(t, err, "false claim", "error %q does not say what went wrong", err)
			}},
		{"tactic proves nothing", fakeConfig("-reject-all"), ErrProbeFailed,
			func(t *testing.T, err error) {
				var pe *ProbeError
				if assert.ErrorAs(t, err, &pe) {
					assert.False(t, pe.Result.TrueAccepted, "ProbeError = %+v", pe)
					assert.True(t, pe.Result.FalseRejected, "ProbeError = %+v", pe)
				}
			}},
		{"probe header does not import", func() Config { c := fakeConfig(); c.ProbeHeader = "import Missing"; return c }(), ErrProbeFailed,
			func(t *testing.T, err error) {
				var he *HeaderError
				if assert.ErrorAs(t, err, &he) {
					assert.Len(t, he.Messages, 1, "HeaderError = %+v", he)
				}
			}},
		{"binary missing", Config{Command: []string{"/nonexistent/repl"}}, nil,
			func(t *testing.T, err error) {
				assert.ErrorContains(t, err, "/nonexistent/repl")
			}},
		{"exits at once", fakeConfig("-no-such-flag"), ErrProcessDied, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var pgid int
			cfg := tt.cfg
			cfg.newPeer = recordPgid(cfg, &pgid)
			w, err := StartWorker(ctxT(t), cfg)
			if err == nil {
				w.Close()
			}
			require.Error(t, err, "StartWorker succeeded")
			if tt.target != nil {
				require.ErrorIs(t, err, tt.target)
			}
			if tt.check != nil {
				tt.check(t, err)
			}
			if pgid != 0 {
				proc.AssertGroupGone(t, pgid)
			}
		})
	}
}

// recordPgid wraps process start-up to remember the process group.
func recordPgid(cfg Config, pgid *int) func(context.Context) (peer, error) {
	return func(ctx context.Context) (peer, error) {
		full, err := cfg.withDefaults()
		if err != nil {
			return nil, err
		}
		p, err := startProcess(ctx, full.Command, full.ProjectDir, full.Env, full.GracePeriod, nil)
		if err == nil {
			*pgid = p.Pgid()
		}
		return p, err
	}
}

func TestWorkerFailuresRestart(t *testing.T) {
	tests := []struct {
		name   string
		cmd    string
		target error
		check  func(t *testing.T, err error)
	}{
		{"uncaught exception", "fake:crash", ErrProcessDied, func(t *testing.T, err error) {
			var pe *ProcessError
			if assert.ErrorAs(t, err, &pe) {
				assert.Contains(t, pe.Reason, "uncaught exception: boom", "ProcessError = %+v", pe)
				assert.Equal(t, "exit status 1", pe.Exit, "ProcessError = %+v", pe)
				assert.Contains(t, pe.Stderr, "uncaught exception: boom", "stderr tail = %q", pe.Stderr)
			}
		}},
		{"clean exit without reply", "fake:exit", ErrProcessDied, func(t *testing.T, err error) {
			var pe *ProcessError
			if assert.ErrorAs(t, err, &pe) {
				assert.Equal(t, "EOF on stdout", pe.Reason, "ProcessError = %+v", pe)
			}
		}},
		{"timeout", "fake:hang", ErrTimeout, func(t *testing.T, err error) {
			var te *TimeoutError
			if assert.ErrorAs(t, err, &te) {
				assert.Equal(t, 300*time.Millisecond, te.Timeout, "TimeoutError = %+v", te)
				assert.Contains(t, te.Op, "fake:hang", "TimeoutError = %+v", te)
			}
			assert.ErrorIs(t, err, context.DeadlineExceeded, "timeout does not wrap context.DeadlineExceeded")
		}},
		{"garbage", "fake:garbage", ErrMalformedReply, func(t *testing.T, err error) {
			assert.ErrorIs(t, err, ErrProcessDied)
			assert.ErrorContains(t, err, "this is not JSON")
		}},
		{"partial reply", "fake:partial", io.ErrUnexpectedEOF, func(t *testing.T, err error) {
			assert.ErrorIs(t, err, ErrProcessDied)
			assert.ErrorContains(t, err, "middle of a reply")
		}},
		{"huge reply", "fake:huge 100000", ErrReplyTooLarge, func(t *testing.T, err error) {
			assert.ErrorContains(t, err, "limit of 8192 bytes")
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := fakeConfig()
			cfg.RequestTimeout = 300 * time.Millisecond
			cfg.MaxReplyBytes = 8192
			w := startFake(t, cfg)
			ctx := ctxT(t)
			before := cmd(ctx, t, w, "def f := 1")
			pgid := pgidOf(t, w)
			_, err := w.Command(ctx, CommandRequest{Cmd: tt.cmd})
			require.ErrorIs(t, err, tt.target)
			tt.check(t, err)
			// The next request runs on a new process, with ids past the old ones.
			after := cmd(ctx, t, w, "def g := 2")
			assert.Greater(t, after.Env, before.Env, "env after restart = %d, not past %d", after.Env, before.Env)
			assert.NotEqual(t, pgid, pgidOf(t, w), "same process group after a failure")
			proc.AssertGroupGone(t, pgid)
			st := w.Stats()
			assert.Equal(t, uint64(1), st.Restarts, "stats = %+v", st)
			assert.Equal(t, uint64(1), st.Errors, "stats = %+v", st)
			assert.Equal(t, uint64(3), st.Requests, "stats = %+v", st)
			if tt.target == ErrTimeout {
				assert.Equal(t, uint64(1), st.Timeouts, "Timeouts")
			}
		})
	}
}

func TestWorkerStderrNoiseIsHarmless(t *testing.T) {
	w := startFake(t, fakeConfig())
	ctx := ctxT(t)
	for range 3 {
		cmd(ctx, t, w, "fake:noise")
	}
	st := w.Stats()
	assert.Zero(t, st.Restarts, "stats = %+v", st)
	assert.Zero(t, st.Errors, "stats = %+v", st)
}

func TestWorkerStaleIDs(t *testing.T) {
	w := startFake(t, fakeConfig())
	ctx := ctxT(t)
	r := cmd(ctx, t, w, "def f : Nat := by sorry")
	require.Len(t, r.Sorries, 1, "reply %+v has no proof state", r)
	require.NotNil(t, r.Sorries[0].ProofState, "reply %+v has no proof state", r)
	oldEnv, oldPS := r.Env, *r.Sorries[0].ProofState
	// Ids of the live process work.
	_, err := w.ProofStep(ctx, ProofStepRequest{Tactic: "exact 1", ProofState: oldPS})
	require.NoError(t, err, "ProofStep on a live state")
	_, err = w.Command(ctx, CommandRequest{Cmd: "fake:crash"})
	require.ErrorIs(t, err, ErrProcessDied, "crash")
	// The old ids name states of a dead process: refused, not sent.
	_, err = w.Command(ctx, CommandRequest{Cmd: "example : f = f := rfl", Env: &oldEnv})
	var se *StaleStateError
	require.ErrorIs(t, err, ErrStaleState, "env from a dead process")
	require.ErrorAs(t, err, &se, "env from a dead process")
	require.Equal(t, "env", se.Field, "env from a dead process: %v", err)
	require.Equal(t, oldEnv, se.ID, "env from a dead process: %v", err)
	require.Equal(t, 1, se.Restarts, "env from a dead process: %v", err)
	_, err = w.ProofStep(ctx, ProofStepRequest{Tactic: "exact 1", ProofState: oldPS})
	require.ErrorAs(t, err, &se, "proofState from a dead process")
	require.Equal(t, "proofState", se.Field, "proofState from a dead process: %v", err)
	require.Equal(t, oldPS, se.ID, "proofState from a dead process: %v", err)
	raw, err := w.SendRaw(ctx, json.RawMessage(fmt.Sprintf(`{"cmd": "x", "env": %d}`, oldEnv)))
	require.ErrorIs(t, err, ErrStaleState, "SendRaw with a stale env: %s", raw)
	// New ids are shifted past every old one, in replies and in requests.
	r2 := cmd(ctx, t, w, "def g : Nat := by sorry")
	require.Greater(t, r2.Env, oldEnv, "new ids %d/%d not past old %d/%d", r2.Env, *r2.Sorries[0].ProofState, oldEnv, oldPS)
	require.Greater(t, *r2.Sorries[0].ProofState, oldPS, "new ids %d/%d not past old %d/%d", r2.Env, *r2.Sorries[0].ProofState, oldEnv, oldPS)
	ps, err := w.ProofStep(ctx, ProofStepRequest{Tactic: "exact 1", ProofState: *r2.Sorries[0].ProofState})
	require.NoError(t, err, "ProofStep on a new state: %+v", ps)
	require.Greater(t, ps.ProofState, *r2.Sorries[0].ProofState, "ProofStep on a new state: %+v", ps)
	require.True(t, ps.Completed(), "ProofStep on a new state: %+v", ps)
	r3, err := w.Command(ctx, CommandRequest{Cmd: "example : g = g := rfl", Env: &r2.Env})
	require.NoError(t, err, "Command on the new env: %+v", r3)
	require.Equal(t, r2.Env+1, r3.Env, "Command on the new env: %+v", r3)
	raw, err = w.SendRaw(ctx, json.RawMessage(fmt.Sprintf(`{"cmd": "x", "env": %d}`, r3.Env)))
	require.NoError(t, err, "SendRaw on the new env: %s", raw)
	require.True(t, jsonEqual(raw, []byte(fmt.Sprintf(`{"env": %d}`, r3.Env+1))), "SendRaw on the new env: %s", raw)
	// An id nobody issued yet goes to the REPL, which answers for itself.
	_, err = w.Command(ctx, CommandRequest{Cmd: "x", Env: new(r3.Env + 100)})
	var re *ReplyError
	require.ErrorAs(t, err, &re, "unknown env")
	require.Equal(t, "Unknown environment.", re.Message, "unknown env: %v", err)
	st := w.Stats()
	assert.Equal(t, uint64(3), st.Stale, "Stale = %d, want 3", st.Stale)
}

func TestWorkerHeaders(t *testing.T) {
	w := startFake(t, fakeConfig())
	ctx := ctxT(t)
	const header = "import Foo"
	imports := func() string {
		r, err := w.CommandOnHeader(ctx, header, CommandRequest{Cmd: "fake:imports"})
		require.NoError(t, err)
		return messageData(r)
	}
	// One import per process, however many requests use the header.
	for range 3 {
		require.Equal(t, "1", imports(), "imports")
	}
	r1, err := w.CommandOnHeader(ctx, header, CommandRequest{Cmd: "def f := 1"})
	require.NoError(t, err)
	_, err = w.Command(ctx, CommandRequest{Cmd: "fake:crash"})
	require.ErrorIs(t, err, ErrProcessDied)
	// After the restart the header is imported again, transparently.
	require.Equal(t, "1", imports(), "imports after restart")
	r2, err := w.CommandOnHeader(ctx, header, CommandRequest{Cmd: "def f := 1"})
	require.NoError(t, err, "after restart: %+v", r2)
	require.Greater(t, r2.Env, r1.Env, "after restart: %+v", r2)
	// The prelude header reuses the version check's environment: no import at all.
	_, err = w.CommandOnHeader(ctx, "", CommandRequest{Cmd: "def h := 3"})
	require.NoError(t, err)
	// A header that does not import is a HeaderError, cached per process.
	for range 2 {
		_, err := w.CommandOnHeader(ctx, "import Missing", CommandRequest{Cmd: "def h := 3"})
		var he *HeaderError
		require.ErrorAs(t, err, &he, "bad header")
		require.Equal(t, "import Missing", he.Header, "bad header: %v", err)
		require.ErrorContains(t, err, "unknown module prefix", "bad header")
	}
	assert.Equal(t, "2", imports(), "imports (Foo, then Missing once)")
}

func TestSendRawValidation(t *testing.T) {
	w := startFake(t, fakeConfig())
	ctx := ctxT(t)
	pgid := pgidOf(t, w)
	for _, bad := range []string{"{\"cmd\": \"by\nsorry\"}", `# comment`, `{"foo": 1}`, `{"cmd": "x", "env": "0"}`, `not json`} {
		_, err := w.SendRaw(ctx, json.RawMessage(bad))
		assert.ErrorIs(t, err, ErrInvalidRequest, "SendRaw(%q)", bad)
	}
	// Nothing reached the REPL: same process, still answering.
	raw, err := w.SendRaw(ctx, json.RawMessage(`{"cmd": "fake:echo hi"}`))
	require.NoError(t, err, "SendRaw after refusals: %s", raw)
	require.Contains(t, string(raw), `"hi"`, "SendRaw after refusals")
	assert.Equal(t, pgid, pgidOf(t, w), "the process was replaced")
	// Error replies are replies for SendRaw.
	raw, err = w.SendRaw(ctx, json.RawMessage(`{"tactic": "rfl", "proofState": 99}`))
	require.NoError(t, err, "error reply: %s", raw)
	require.True(t, jsonEqual(raw, []byte(`{"message": "Unknown proof state."}`)), "error reply: %s", raw)
}

// TestWorkerPipelining sends concurrent requests on one worker: the REPL answers in order and
// every caller gets its own reply.
func TestWorkerPipelining(t *testing.T) {
	w := startFake(t, fakeConfig())
	ctx := ctxT(t)
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for i := range 64 {
		wg.Go(func() {
			r, err := w.Command(ctx, CommandRequest{Cmd: "fake:echo " + strconv.Itoa(i)})
			if err != nil {
				errs <- err
			} else if got := messageData(r); got != strconv.Itoa(i) {
				errs <- fmt.Errorf("request %d got reply %q", i, got)
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		assert.NoError(t, err)
	}
}

func TestWorkerRecycling(t *testing.T) {
	t.Run("after K replies", func(t *testing.T) {
		cfg := fakeConfig()
		cfg.RecycleAfter = 5 // the version check and the probe take 3
		cfg.SkipProbe = true
		w := startFake(t, cfg)
		ctx := ctxT(t)
		pgids := map[int]bool{pgidOf(t, w): true}
		for range 12 {
			cmd(ctx, t, w, "def f := 1")
			pgids[pgidOf(t, w)] = true
		}
		st := w.Stats()
		assert.GreaterOrEqual(t, st.Recycles, uint64(2), "stats = %+v", st)
		assert.GreaterOrEqual(t, st.Restarts, uint64(2), "stats = %+v", st)
		assert.Zero(t, st.Errors, "stats = %+v", st)
		current := pgidOf(t, w)
		for pg := range pgids {
			if pg != current {
				proc.AssertGroupGone(t, pg)
			}
		}
	})
	t.Run("memory limit", func(t *testing.T) {
		cfg := fakeConfig()
		cfg.MaxRSSBytes = 1 // every process is over it
		w := startFake(t, cfg)
		ctx := ctxT(t)
		first := pgidOf(t, w)
		cmd(ctx, t, w, "def f := 1")
		cmd(ctx, t, w, "def g := 1")
		st := w.Stats()
		assert.NotZero(t, st.Recycles, "stats = %+v", st)
		assert.NotEqual(t, first, pgidOf(t, w), "process not recycled")
		proc.AssertGroupGone(t, first)
	})
}

func TestGroupMemory(t *testing.T) {
	w := startFake(t, fakeConfig())
	m, err := w.Memory()
	require.NoError(t, err)
	assert.Equal(t, 1, m.Processes, "memory = %+v", m)
	assert.Positive(t, m.RSS, "memory = %+v", m)
	assert.Positive(t, m.Anon, "memory = %+v", m)
	assert.LessOrEqual(t, m.Anon, m.RSS, "memory = %+v", m)
}

// TestWorkerCloseKillsGroup: a REPL that left a child behind (as the REPL under `lake env`
// is) is taken down with its whole group, even though the child holds stdout open.
func TestWorkerCloseKillsGroup(t *testing.T) {
	w := startFake(t, fakeConfig())
	ctx := ctxT(t)
	r := cmd(ctx, t, w, "fake:spawn")
	child, err := strconv.Atoi(messageData(r))
	require.NoError(t, err)
	pgid := pgidOf(t, w)
	pg, err := syscall.Getpgid(child)
	require.NoError(t, err, "grandchild %d", child)
	require.Equal(t, pgid, pg, "grandchild %d is in group %d, want %d", child, pg, pgid)
	w.Close()
	proc.AssertGroupGone(t, pgid)
	_, err = w.Command(ctx, CommandRequest{Cmd: "x"})
	assert.ErrorIs(t, err, ErrClosed, "Command after Close")
	assert.Equal(t, "closed", w.State(), "State")
}

// TestWorkerContextCancel: ending the worker's context stops its REPL, even mid-request.
func TestWorkerContextCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	w, err := StartWorker(ctx, fakeConfig())
	require.NoError(t, err)
	defer w.Close()
	pgid := pgidOf(t, w)
	done := make(chan error, 1)
	go func() {
		_, err := w.Command(context.Background(), CommandRequest{Cmd: "fake:hang"})
		done <- err
	}()
	waitFor(t, "the request to be outstanding", func() bool {
		w.mu.Lock()
		defer w.mu.Unlock()
		w.conn.mu.Lock()
		defer w.conn.mu.Unlock()
		return len(w.conn.fifo) == 1
	})
	cancel()
	err = <-done
	assert.ErrorIs(t, err, ErrProcessDied, "outstanding request")
	assert.ErrorIs(t, err, context.Canceled, "outstanding request")
	w.Close()
	proc.AssertGroupGone(t, pgid)
}

// TestCloseInterruptsThenKills: Close interrupts the group; a REPL that ignores SIGINT is
// killed after the grace period.
func TestCloseInterruptsThenKills(t *testing.T) {
	cfg := fakeConfig()
	cfg.GracePeriod = 200 * time.Millisecond
	cfg.Command = []string{"sh", "-c", `trap '' INT; exec "$0" "$@"`, cfg.Command[0]}
	w := startFake(t, cfg)
	pgid := pgidOf(t, w)
	go w.Command(context.Background(), CommandRequest{Cmd: "fake:hang"}) // busy: stdin EOF is not read
	waitFor(t, "the request to be outstanding", func() bool {
		w.conn.mu.Lock()
		defer w.conn.mu.Unlock()
		return len(w.conn.fifo) == 1
	})
	t0 := time.Now()
	w.Close()
	d := time.Since(t0)
	assert.GreaterOrEqual(t, d, cfg.GracePeriod, "Close took %v: a process ignoring SIGINT was killed before the grace period", d)
	proc.AssertGroupGone(t, pgid)
}

// TestQueuedBehindFailure: with two requests outstanding, the one the REPL dies on gets the
// failure and the one behind it, never read, gets ErrNotProcessed.
func TestQueuedBehindFailure(t *testing.T) {
	read := make(chan struct{})
	cfg := peerConfig(func(stdin io.Reader, stdout, stderr io.Writer) string {
		buf := make([]byte, 0, 256)
		tmp := make([]byte, 256)
		for strings.Count(string(buf), "\n\n") < 2 {
			n, err := stdin.Read(tmp)
			if err != nil {
				return "exit status 1"
			}
			buf = append(buf, tmp[:n]...)
		}
		close(read)
		io.WriteString(stderr, "uncaught exception: boom\n")
		return "exit status 1"
	})
	cfg.skipChecks = true
	w, err := StartWorker(ctxT(t), cfg)
	require.NoError(t, err)
	defer w.Close()
	c, err := w.live(ctxT(t))
	require.NoError(t, err)
	results := make(chan error, 2)
	for i := range 2 {
		go func() {
			pr, _ := parseRequest([]byte(fmt.Sprintf(`{"cmd": "%d"}`, i)))
			_, _, err := w.exchangeOn(context.Background(), c, pr, time.Minute, "test")
			results <- err
		}()
	}
	<-read
	var died, notProcessed int
	for range 2 {
		err := <-results
		switch {
		case errors.Is(err, ErrNotProcessed) && errors.Is(err, ErrProcessDied):
			notProcessed++
		case errors.Is(err, ErrProcessDied):
			died++
			assert.ErrorContains(t, err, "uncaught exception: boom", "head error %v does not carry the exception", err)
		default:
			assert.Fail(t, "unexpected error", "%v", err)
		}
	}
	assert.Equal(t, 1, died, "died=%d notProcessed=%d", died, notProcessed)
	assert.Equal(t, 1, notProcessed, "died=%d notProcessed=%d", died, notProcessed)
}

func TestProcessStopSignalsGroup(t *testing.T) {
	// startProcess puts the child in a group of its own.
	p, err := startProcess(ctxT(t), []string{"sleep", "60"}, "", nil, time.Second, nil)
	require.NoError(t, err)
	pg, err := syscall.Getpgid(p.Pgid())
	require.NoError(t, err, "child group %d, own %d", pg, syscall.Getpgrp())
	require.Equal(t, p.Pgid(), pg, "child group %d, own %d", pg, syscall.Getpgrp())
	require.NotEqual(t, syscall.Getpgrp(), pg, "child group %d, own %d", pg, syscall.Getpgrp())
	p.Stop(true)
	assert.Equal(t, "signal: interrupt", p.ExitStatus(), "exit status, want an interrupt")
	proc.AssertGroupGone(t, p.Pgid())
}
