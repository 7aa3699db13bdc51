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

	"github.com/leanprm/leanprm/internal/proc"
)

func startFake(t *testing.T, cfg Config) *Worker {
	t.Helper()
	w, err := StartWorker(ctxT(t), cfg)
	if err != nil {
		t.Fatalf("StartWorker: %v", err)
	}
	t.Cleanup(func() { w.Close() })
	return w
}

func cmd(ctx context.Context, t *testing.T, w *Worker, text string) *CommandResponse {
	t.Helper()
	r, err := w.Command(ctx, CommandRequest{Cmd: text})
	if err != nil {
		t.Fatalf("Command(%q): %v", text, err)
	}
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
	if got := w.Backend(); got != BackendSim {
		t.Errorf("Backend = %q, want %q", got, BackendSim)
	}
	if got := w.Version(); got != "4.32.0" {
		t.Errorf("Version = %q", got)
	}
	pr, ok := w.Probe()
	if !ok || !pr.Passed() || !pr.TrueAccepted || !pr.FalseRejected {
		t.Fatalf("probe = %+v, %v", pr, ok)
	}
	wantTrue, wantFalse := ProbeCommands(DefaultTactic)
	if pr.TrueClaim != wantTrue || pr.FalseClaim != wantFalse || pr.Tactic != DefaultTactic {
		t.Errorf("probe claims = %q / %q", pr.TrueClaim, pr.FalseClaim)
	}
	if wantTrue != "example : (1 : Rat) / 2 + (1 : Rat) / 3 = (5 : Rat) / 6 := by decide +kernel" {
		t.Errorf("true claim is %q", wantTrue)
	}
	if len(pr.FalseMessages) == 0 || pr.FalseMessages[0].Severity != "error" {
		t.Errorf("false claim messages = %+v", pr.FalseMessages)
	}
	if s := w.State(); s != "ready" {
		t.Errorf("State = %q", s)
	}
}

func TestWorkerBackendLean(t *testing.T) {
	// A version string without the simulator marker is real Lean.
	w := startFake(t, fakeConfig("-marker", ""))
	if got := w.Backend(); got != BackendLean {
		t.Errorf("Backend = %q, want %q", got, BackendLean)
	}
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
				if !errors.As(err, &ve) || ve.Got != "4.32.0" || ve.Want != "4.31.0" || ve.Backend != BackendSim {
					t.Errorf("VersionError = %+v", ve)
				}
			}},
		{"lying peer accepts the false claim", fakeConfig("-accept-all"), ErrProbeFailed,
			func(t *testing.T, err error) {
				var pe *ProbeError
				if !errors.As(err, &pe) || !pe.Result.TrueAccepted || pe.Result.FalseRejected || pe.Result.Passed() {
					t.Errorf("ProbeError = %+v", pe)
				}
				if !strings.Contains(err.Error(), "false claim") {
					t.Errorf("error %q does not say what went wrong", err)
				}
			}},
		{"tactic proves nothing", fakeConfig("-reject-all"), ErrProbeFailed,
			func(t *testing.T, err error) {
				var pe *ProbeError
				if !errors.As(err, &pe) || pe.Result.TrueAccepted || !pe.Result.FalseRejected {
					t.Errorf("ProbeError = %+v", pe)
				}
			}},
		{"probe header does not import", func() Config { c := fakeConfig(); c.ProbeHeader = "import Missing"; return c }(), ErrProbeFailed,
			func(t *testing.T, err error) {
				var he *HeaderError
				if !errors.As(err, &he) || len(he.Messages) != 1 {
					t.Errorf("HeaderError = %+v", he)
				}
			}},
		{"binary missing", Config{Command: []string{"/nonexistent/repl"}}, nil,
			func(t *testing.T, err error) {
				if err == nil || !strings.Contains(err.Error(), "/nonexistent/repl") {
					t.Errorf("err = %v", err)
				}
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
				t.Fatal("StartWorker succeeded")
			}
			if tt.target != nil && !errors.Is(err, tt.target) {
				t.Fatalf("err = %v, want %v", err, tt.target)
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
		p, err := startProcess(ctx, full.Command, full.ProjectDir, full.Env, full.GracePeriod)
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
			if !errors.As(err, &pe) || !strings.Contains(pe.Reason, "uncaught exception: boom") || pe.Exit != "exit status 1" {
				t.Errorf("ProcessError = %+v", pe)
			}
			if !strings.Contains(pe.Stderr, "uncaught exception: boom") {
				t.Errorf("stderr tail = %q", pe.Stderr)
			}
		}},
		{"clean exit without reply", "fake:exit", ErrProcessDied, func(t *testing.T, err error) {
			var pe *ProcessError
			if !errors.As(err, &pe) || pe.Reason != "EOF on stdout" {
				t.Errorf("ProcessError = %+v", pe)
			}
		}},
		{"timeout", "fake:hang", ErrTimeout, func(t *testing.T, err error) {
			var te *TimeoutError
			if !errors.As(err, &te) || te.Timeout != 300*time.Millisecond || !strings.Contains(te.Op, "fake:hang") {
				t.Errorf("TimeoutError = %+v", te)
			}
			if !errors.Is(err, context.DeadlineExceeded) {
				t.Errorf("timeout does not wrap context.DeadlineExceeded")
			}
		}},
		{"garbage", "fake:garbage", ErrMalformedReply, func(t *testing.T, err error) {
			if !errors.Is(err, ErrProcessDied) || !strings.Contains(err.Error(), "this is not JSON") {
				t.Errorf("err = %v", err)
			}
		}},
		{"partial reply", "fake:partial", io.ErrUnexpectedEOF, func(t *testing.T, err error) {
			if !errors.Is(err, ErrProcessDied) || !strings.Contains(err.Error(), "middle of a reply") {
				t.Errorf("err = %v", err)
			}
		}},
		{"huge reply", "fake:huge 100000", ErrReplyTooLarge, func(t *testing.T, err error) {
			if !strings.Contains(err.Error(), "limit of 8192 bytes") {
				t.Errorf("err = %v", err)
			}
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
			if !errors.Is(err, tt.target) {
				t.Fatalf("err = %v, want %v", err, tt.target)
			}
			tt.check(t, err)
			// The next request runs on a new process, with ids past the old ones.
			after := cmd(ctx, t, w, "def g := 2")
			if after.Env <= before.Env {
				t.Errorf("env after restart = %d, not past %d", after.Env, before.Env)
			}
			if pgidOf(t, w) == pgid {
				t.Errorf("same process group after a failure")
			}
			proc.AssertGroupGone(t, pgid)
			st := w.Stats()
			if st.Restarts != 1 || st.Errors != 1 || st.Requests != 3 {
				t.Errorf("stats = %+v", st)
			}
			if tt.target == ErrTimeout && st.Timeouts != 1 {
				t.Errorf("Timeouts = %d", st.Timeouts)
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
	if st := w.Stats(); st.Restarts != 0 || st.Errors != 0 {
		t.Errorf("stats = %+v", st)
	}
}

func TestWorkerStaleIDs(t *testing.T) {
	w := startFake(t, fakeConfig())
	ctx := ctxT(t)
	r := cmd(ctx, t, w, "def f : Nat := by sorry")
	if len(r.Sorries) != 1 || r.Sorries[0].ProofState == nil {
		t.Fatalf("reply %+v has no proof state", r)
	}
	oldEnv, oldPS := r.Env, *r.Sorries[0].ProofState
	// Ids of the live process work.
	if _, err := w.ProofStep(ctx, ProofStepRequest{Tactic: "exact 1", ProofState: oldPS}); err != nil {
		t.Fatalf("ProofStep on a live state: %v", err)
	}
	if _, err := w.Command(ctx, CommandRequest{Cmd: "fake:crash"}); !errors.Is(err, ErrProcessDied) {
		t.Fatalf("crash: %v", err)
	}
	// The old ids name states of a dead process: refused, not sent.
	_, err := w.Command(ctx, CommandRequest{Cmd: "example : f = f := rfl", Env: &oldEnv})
	var se *StaleStateError
	if !errors.Is(err, ErrStaleState) || !errors.As(err, &se) || se.Field != "env" || se.ID != oldEnv || se.Restarts != 1 {
		t.Fatalf("env from a dead process: %v", err)
	}
	_, err = w.ProofStep(ctx, ProofStepRequest{Tactic: "exact 1", ProofState: oldPS})
	if !errors.As(err, &se) || se.Field != "proofState" || se.ID != oldPS {
		t.Fatalf("proofState from a dead process: %v", err)
	}
	raw, err := w.SendRaw(ctx, json.RawMessage(fmt.Sprintf(`{"cmd": "x", "env": %d}`, oldEnv)))
	if !errors.Is(err, ErrStaleState) {
		t.Fatalf("SendRaw with a stale env: %s, %v", raw, err)
	}
	// New ids are shifted past every old one, in replies and in requests.
	r2 := cmd(ctx, t, w, "def g : Nat := by sorry")
	if r2.Env <= oldEnv || *r2.Sorries[0].ProofState <= oldPS {
		t.Fatalf("new ids %d/%d not past old %d/%d", r2.Env, *r2.Sorries[0].ProofState, oldEnv, oldPS)
	}
	ps, err := w.ProofStep(ctx, ProofStepRequest{Tactic: "exact 1", ProofState: *r2.Sorries[0].ProofState})
	if err != nil || ps.ProofState <= *r2.Sorries[0].ProofState || !ps.Completed() {
		t.Fatalf("ProofStep on a new state: %+v, %v", ps, err)
	}
	r3, err := w.Command(ctx, CommandRequest{Cmd: "example : g = g := rfl", Env: &r2.Env})
	if err != nil || r3.Env != r2.Env+1 {
		t.Fatalf("Command on the new env: %+v, %v", r3, err)
	}
	raw, err = w.SendRaw(ctx, json.RawMessage(fmt.Sprintf(`{"cmd": "x", "env": %d}`, r3.Env)))
	if err != nil || !jsonEqual(raw, []byte(fmt.Sprintf(`{"env": %d}`, r3.Env+1))) {
		t.Fatalf("SendRaw on the new env: %s, %v", raw, err)
	}
	// An id nobody issued yet goes to the REPL, which answers for itself.
	_, err = w.Command(ctx, CommandRequest{Cmd: "x", Env: new(r3.Env + 100)})
	var re *ReplyError
	if !errors.As(err, &re) || re.Message != "Unknown environment." {
		t.Fatalf("unknown env: %v", err)
	}
	if st := w.Stats(); st.Stale != 3 {
		t.Errorf("Stale = %d, want 3", st.Stale)
	}
}

func TestWorkerHeaders(t *testing.T) {
	w := startFake(t, fakeConfig())
	ctx := ctxT(t)
	const header = "import Foo"
	imports := func() string {
		r, err := w.CommandOnHeader(ctx, header, CommandRequest{Cmd: "fake:imports"})
		if err != nil {
			t.Fatal(err)
		}
		return messageData(r)
	}
	// One import per process, however many requests use the header.
	for range 3 {
		if got := imports(); got != "1" {
			t.Fatalf("imports = %s, want 1", got)
		}
	}
	r1, err := w.CommandOnHeader(ctx, header, CommandRequest{Cmd: "def f := 1"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Command(ctx, CommandRequest{Cmd: "fake:crash"}); !errors.Is(err, ErrProcessDied) {
		t.Fatal(err)
	}
	// After the restart the header is imported again, transparently.
	if got := imports(); got != "1" {
		t.Fatalf("imports after restart = %s, want 1", got)
	}
	r2, err := w.CommandOnHeader(ctx, header, CommandRequest{Cmd: "def f := 1"})
	if err != nil || r2.Env <= r1.Env {
		t.Fatalf("after restart: %+v, %v", r2, err)
	}
	// The prelude header reuses the version check's environment: no import at all.
	if _, err := w.CommandOnHeader(ctx, "", CommandRequest{Cmd: "def h := 3"}); err != nil {
		t.Fatal(err)
	}
	// A header that does not import is a HeaderError, cached per process.
	for range 2 {
		_, err := w.CommandOnHeader(ctx, "import Missing", CommandRequest{Cmd: "def h := 3"})
		var he *HeaderError
		if !errors.As(err, &he) || he.Header != "import Missing" || !strings.Contains(err.Error(), "unknown module prefix") {
			t.Fatalf("bad header: %v", err)
		}
	}
	if got := imports(); got != "2" {
		t.Errorf("imports = %s, want 2 (Foo, then Missing once)", got)
	}
}

func TestSendRawValidation(t *testing.T) {
	w := startFake(t, fakeConfig())
	ctx := ctxT(t)
	pgid := pgidOf(t, w)
	for _, bad := range []string{"{\"cmd\": \"by\nsorry\"}", `# comment`, `{"foo": 1}`, `{"cmd": "x", "env": "0"}`, `not json`} {
		if _, err := w.SendRaw(ctx, json.RawMessage(bad)); !errors.Is(err, ErrInvalidRequest) {
			t.Errorf("SendRaw(%q) = %v, want ErrInvalidRequest", bad, err)
		}
	}
	// Nothing reached the REPL: same process, still answering.
	raw, err := w.SendRaw(ctx, json.RawMessage(`{"cmd": "fake:echo hi"}`))
	if err != nil || !strings.Contains(string(raw), `"hi"`) {
		t.Fatalf("SendRaw after refusals: %s, %v", raw, err)
	}
	if pgidOf(t, w) != pgid {
		t.Error("the process was replaced")
	}
	// Error replies are replies for SendRaw.
	raw, err = w.SendRaw(ctx, json.RawMessage(`{"tactic": "rfl", "proofState": 99}`))
	if err != nil || !jsonEqual(raw, []byte(`{"message": "Unknown proof state."}`)) {
		t.Fatalf("error reply: %s, %v", raw, err)
	}
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
		t.Error(err)
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
		if st.Recycles < 2 || st.Restarts < 2 || st.Errors != 0 {
			t.Errorf("stats = %+v", st)
		}
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
		if st := w.Stats(); st.Recycles == 0 {
			t.Errorf("stats = %+v", st)
		}
		if pgidOf(t, w) == first {
			t.Error("process not recycled")
		}
		proc.AssertGroupGone(t, first)
	})
}

func TestGroupMemory(t *testing.T) {
	w := startFake(t, fakeConfig())
	m, err := w.Memory()
	if err != nil {
		t.Fatal(err)
	}
	if m.Processes != 1 || m.RSS <= 0 || m.Anon <= 0 || m.Anon > m.RSS {
		t.Errorf("memory = %+v", m)
	}
}

// TestWorkerCloseKillsGroup: a REPL that left a child behind (as the REPL under `lake env`
// is) is taken down with its whole group, even though the child holds stdout open.
func TestWorkerCloseKillsGroup(t *testing.T) {
	w := startFake(t, fakeConfig())
	ctx := ctxT(t)
	r := cmd(ctx, t, w, "fake:spawn")
	child, err := strconv.Atoi(messageData(r))
	if err != nil {
		t.Fatal(err)
	}
	pgid := pgidOf(t, w)
	if pg, err := syscall.Getpgid(child); err != nil || pg != pgid {
		t.Fatalf("grandchild %d is in group %d, want %d", child, pg, pgid)
	}
	w.Close()
	proc.AssertGroupGone(t, pgid)
	if _, err := w.Command(ctx, CommandRequest{Cmd: "x"}); !errors.Is(err, ErrClosed) {
		t.Errorf("Command after Close = %v", err)
	}
	if s := w.State(); s != "closed" {
		t.Errorf("State = %q", s)
	}
}

// TestWorkerContextCancel: ending the worker's context stops its REPL, even mid-request.
func TestWorkerContextCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	w, err := StartWorker(ctx, fakeConfig())
	if err != nil {
		t.Fatal(err)
	}
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
	if err := <-done; !errors.Is(err, ErrProcessDied) || !errors.Is(err, context.Canceled) {
		t.Errorf("outstanding request: %v", err)
	}
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
	if d := time.Since(t0); d < cfg.GracePeriod {
		t.Errorf("Close took %v: a process ignoring SIGINT was killed before the grace period", d)
	}
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
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	c, err := w.live(ctxT(t))
	if err != nil {
		t.Fatal(err)
	}
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
			if !strings.Contains(err.Error(), "uncaught exception: boom") {
				t.Errorf("head error %v does not carry the exception", err)
			}
		default:
			t.Errorf("unexpected error %v", err)
		}
	}
	if died != 1 || notProcessed != 1 {
		t.Errorf("died=%d notProcessed=%d", died, notProcessed)
	}
}

func TestProcessStopSignalsGroup(t *testing.T) {
	// startProcess puts the child in a group of its own.
	p, err := startProcess(ctxT(t), []string{"sleep", "60"}, "", nil, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	pg, err := syscall.Getpgid(p.Pgid())
	if err != nil || pg != p.Pgid() || pg == syscall.Getpgrp() {
		t.Fatalf("child group %d, own %d", pg, syscall.Getpgrp())
	}
	p.Stop(true)
	if s := p.ExitStatus(); s != "signal: interrupt" {
		t.Errorf("exit status %q, want an interrupt", s)
	}
	proc.AssertGroupGone(t, p.Pgid())
}
