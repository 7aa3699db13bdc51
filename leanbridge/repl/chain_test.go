package repl

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/leanbridge/proc"
	"github.com/leanprm/leanprm/leanbridge/proofchain"
)

// Proof chains on the simulator (the test binary re-executed as `leanprm sim repl`).

func startSimWorker(t *testing.T, args ...string) *Worker {
	t.Helper()
	w, err := StartWorker(ctxT(t), simConfig(args...))
	require.NoError(t, err, "StartWorker")
	t.Cleanup(func() { w.Close() })
	return w
}

const t1 = "theorem t1 (a b : Nat) (h : a = 2 * b) (hb : b = 3) : a = 6"

func statuses(res *proofchain.Result) []proofchain.Status {
	var out []proofchain.Status
	for _, s := range res.Steps {
		out = append(out, s.Status)
	}
	return out
}

func TestChainVerified(t *testing.T) {
	w := startSimWorker(t)
	res, err := w.CheckChain(ctxT(t), proofchain.Chain{Statement: t1, Steps: []string{"subst hb", "subst h", "rfl"}})
	require.NoError(t, err)
	require.True(t, res.Verified, "not verified by sim: %+v", res)
	require.Equal(t, BackendSim, res.Checker, "not verified by sim: %+v", res)
	require.Empty(t, res.Problems, "not verified by sim: %+v", res)
	assert.Equal(t, "a b : Nat\nh : a = 2 * b\nhb : b = 3\n⊢ a = 6", res.Goal, "goal")
	wantGoals := [][]string{{"a : Nat\nh : a = 2 * 3\n⊢ a = 6"}, {"⊢ 2 * 3 = 6"}, {}}
	wantStatus := []string{"Incomplete: open goals remain", "Incomplete: open goals remain", ProofStatusCompleted}
	for i, s := range res.Steps {
		assert.True(t, s.Accepted(), "step %d: %+v", i, s)
		assert.Equal(t, proofchain.Accepted, s.Status, "step %d: %+v", i, s)
		assert.Equal(t, wantGoals[i], s.Goals, "step %d: %+v", i, s)
		assert.Equal(t, wantStatus[i], s.ProofStatus, "step %d: %+v", i, s)
	}
	if assert.NotNil(t, res.Recheck, "recheck") {
		assert.True(t, res.Recheck.Accepted, "recheck %+v", res.Recheck)
	}
	assert.Equal(t, t1+" := by\n  subst hb\n  subst h\n  rfl\n", res.Text, "text")
	// The last step leaves no goal: an empty list, not an unknown (nil) one.
	last := res.Steps[2]
	assert.NotNil(t, last.Goals, "steps %+v", res.Steps)
	assert.Empty(t, last.Goals, "steps %+v", res.Steps)
	assert.Equal(t, "subst hb", res.Steps[0].Tactic, "steps %+v", res.Steps)
}

func TestChainVerdicts(t *testing.T) {
	w := startSimWorker(t)
	tests := []struct {
		name     string
		chain    proofchain.Chain
		statuses []proofchain.Status
		thrown   int    // index of the step that threw, -1 if none
		message  string // in the failed step's first message
		problem  string // in the problems
	}{
		{
			name:     "a thrown failure; the rest not run",
			chain:    proofchain.Chain{Statement: t1, Steps: []string{"subst hb", "decide", "subst h", "rfl"}},
			statuses: []proofchain.Status{proofchain.Accepted, proofchain.Failed, proofchain.NotRun, proofchain.NotRun},
			thrown:   1, message: "free variables", problem: "step 4 was not run",
		},
		{
			name:     "an error message in a normal reply",
			chain:    proofchain.Chain{Statement: t1, Steps: []string{"exact foo", "rfl"}},
			statuses: []proofchain.Status{proofchain.Failed, proofchain.NotRun},
			thrown:   -1, message: "Unknown identifier `foo`", problem: "step 1 failed",
		},
		{
			name:     "a false claim refuted",
			chain:    proofchain.Chain{Statement: "(7 : Int) / 2 = 4", Steps: []string{"decide"}},
			statuses: []proofchain.Status{proofchain.Failed},
			thrown:   0, message: "proved that the proposition", problem: "step 1 failed",
		},
		{
			name:     "incomplete",
			chain:    proofchain.Chain{Statement: t1, Steps: []string{"subst hb"}},
			statuses: []proofchain.Status{proofchain.Accepted},
			thrown:   -1, problem: "not complete after the last step: Incomplete: open goals remain",
		},
		{
			name:     "a sorry step is accepted but proves nothing",
			chain:    proofchain.Chain{Statement: t1, Steps: []string{"subst hb", "sorry"}},
			statuses: []proofchain.Status{proofchain.Accepted, proofchain.Accepted},
			thrown:   -1, problem: "step 2 uses sorry",
		},
		{
			name:     "the statement does not elaborate",
			chain:    proofchain.Chain{Statement: "theorem bad : x = 1", Steps: []string{"rfl"}},
			statuses: []proofchain.Status{proofchain.NotRun},
			thrown:   -1, problem: "does not elaborate: line 1: Unknown identifier `x`",
		},
		{
			name:     "an unknown tactic is a parse error",
			chain:    proofchain.Chain{Statement: "theorem t : True", Steps: []string{"frobnicate"}},
			statuses: []proofchain.Status{proofchain.Failed},
			thrown:   0, message: "<input>:1:1: unknown tactic",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := w.CheckChain(ctxT(t), tt.chain)
			require.NoError(t, err)
			require.False(t, res.Verified, "verified or rechecked: %+v", res)
			require.Nil(t, res.Recheck, "verified or rechecked: %+v", res)
			require.Equal(t, tt.statuses, statuses(res), "statuses")
			for i, s := range res.Steps {
				assert.Equal(t, i == tt.thrown, s.Thrown, "step %d thrown=%v", i, s.Thrown)
				if s.Status == proofchain.Failed {
					assert.False(t, s.Accepted(), "failed step %d: %+v", i, s)
					assert.Nil(t, s.Goals, "failed step %d: %+v", i, s)
					if assert.NotEmpty(t, s.Messages, "failed step %d: %+v", i, s) {
						assert.Equal(t, "error", s.Messages[0].Severity, "failed step %d: %+v", i, s)
						assert.Contains(t, s.Messages[0].Data, tt.message, "failed step %d: %+v", i, s)
					}
				}
				if s.Status == proofchain.NotRun {
					assert.False(t, s.Accepted(), "step %d not run but %+v", i, s)
					assert.Nil(t, s.Goals, "step %d not run but %+v", i, s)
					assert.Nil(t, s.Messages, "step %d not run but %+v", i, s)
				}
			}
			assert.Contains(t, strings.Join(res.Problems, "\n"), tt.problem, "problems %q lack %q", res.Problems, tt.problem)
		})
	}
}

// Chains with a preamble, several tactics in one step, and the tactics of the honest suite.
func TestChainTactics(t *testing.T) {
	w := startSimWorker(t)
	for _, ch := range []proofchain.Chain{
		{Preamble: "theorem two_mul_eq (x : Nat) : 2 * x = x + x := by\n  omega", Statement: "theorem dbl (k : Nat) : 2 * k - k = k",
			Steps: []string{"rw [two_mul_eq]", "omega"}},
		{Statement: t1, Steps: []string{"subst hb; subst h", "rfl"}},
		{Statement: "theorem even_square (n : Nat) (h : n % 2 = 0) : n * n % 2 = 0",
			Steps: []string{"obtain ⟨k, rfl⟩ : ∃ k, n = 2 * k := ⟨n / 2, by omega⟩", "rw [Nat.mul_assoc]", "exact Nat.mul_mod_right 2 _"}},
		{Statement: "theorem t (p q : Prop) (hp : p) (hq : q) : p ∧ q", Steps: []string{"constructor", "· exact hp", "· exact hq"}},
		{Statement: "theorem t (n : Nat) : ∀ m : Nat, n + m = m + n", Steps: []string{"intro m", "exact Nat.add_comm n m"}},
	} {
		res, err := w.CheckChain(ctxT(t), ch)
		require.NoError(t, err)
		assert.True(t, res.Verified, "%s: not verified: %v\n%+v", ch.Statement, res.Problems, res.Steps)
	}
}

// Tactic mode claims "Completed" for a false step (the simulator's -tactic-mode-lies, after
// repl issue #44); the command-mode re-check must catch it.
func TestChainTacticModeLies(t *testing.T) {
	w := startSimWorker(t, "-tactic-mode-lies")
	res, err := w.CheckChain(ctxT(t), proofchain.Chain{Statement: t1, Steps: []string{"subst hb", "decide"}})
	require.NoError(t, err)
	last := res.Steps[1]
	require.True(t, last.Accepted(), "the lie did not happen: %+v", res.Steps)
	require.Equal(t, ProofStatusCompleted, last.ProofStatus, "the lie did not happen: %+v", res.Steps)
	require.Equal(t, ProofStatusCompleted, res.ProofStatus, "the lie did not happen: %+v", res.Steps)
	require.False(t, res.Verified, "a lying tactic mode got the chain verified: %+v", res)
	require.NotNil(t, res.Recheck, "a lying tactic mode got the chain verified: %+v", res)
	require.False(t, res.Recheck.Accepted, "a lying tactic mode got the chain verified: %+v", res)
	require.NotEmpty(t, res.Recheck.Messages, "a lying tactic mode got the chain verified: %+v", res)
	assert.Contains(t, strings.Join(res.Problems, "\n"), "repl issue #44", "problems %q", res.Problems)
	// An honest chain still verifies on the same (lying) simulator.
	res, err = w.CheckChain(ctxT(t), proofchain.Chain{Statement: t1, Steps: []string{"subst hb", "subst h", "rfl"}})
	require.NoError(t, err, "%+v", res)
	require.True(t, res.Verified, "%+v", res)
}

// A crash in the middle of a chain gives an error, never a verdict; the worker recovers and
// no process is left behind.
func TestChainCrash(t *testing.T) {
	// Requests: version check, the two probe claims, the identity probe, the statement, step
	// 0; the crash hits step 1.
	w := startSimWorker(t, "-crash-after", "6")
	pg := pgidOf(t, w)
	res, err := w.CheckChain(ctxT(t), proofchain.Chain{Statement: t1, Steps: []string{"subst hb", "subst h", "rfl"}})
	var ce *proofchain.Error
	require.Nil(t, res, "got %+v, %v; want a proofchain.Error at step 1 from the crash", res, err)
	require.ErrorAs(t, err, &ce, "want a proofchain.Error at step 1 from the crash")
	require.Equal(t, 1, ce.Step, "got %v; want a proofchain.Error at step 1 from the crash", err)
	require.Equal(t, "step", ce.Op, "got %v; want a proofchain.Error at step 1 from the crash", err)
	require.True(t, errors.Is(err, ErrProcessDied) || errors.Is(err, ErrMalformedReply),
		"got %v; want a proofchain.Error at step 1 from the crash", err)
	waitFor(t, "the crashed process group to go", func() bool { return !proc.GroupAlive(pg) })
	// The next process has the same schedule (version check, then four requests are fine).
	res, err = w.CheckChain(ctxT(t), proofchain.Chain{Statement: "theorem t : True", Steps: []string{"trivial"}})
	require.NoError(t, err, "after the crash: %+v", res)
	require.True(t, res.Verified, "after the crash: %+v", res)
	pg = pgidOf(t, w)
	w.Close()
	proc.AssertGroupGone(t, pg)
}

// A process that dies between two steps leaves the chain's proof state stale: the next step
// is refused before it is sent, and the chain gets an error, not a verdict.
func TestChainStaleState(t *testing.T) {
	cfg := simConfig()
	var pgs []int
	cfg.afterChainStep = func(w *Worker, step int) {
		if step != 0 {
			return
		}
		pg := pgidOf(t, w)
		pgs = append(pgs, pg)
		assert.NoError(t, syscall.Kill(-pg, syscall.SIGKILL), "kill")
		waitFor(t, "the killed process to be noticed", func() bool { c, _ := w.current(); return c == nil })
	}
	w, err := StartWorker(ctxT(t), cfg)
	require.NoError(t, err)
	defer w.Close()
	res, err := w.CheckChain(ctxT(t), proofchain.Chain{Statement: t1, Steps: []string{"subst hb", "subst h", "rfl"}})
	var ce *proofchain.Error
	require.Nil(t, res, "got %+v, %v; want a stale-state proofchain.Error at step 1", res, err)
	require.ErrorAs(t, err, &ce, "want a stale-state proofchain.Error at step 1")
	require.Equal(t, 1, ce.Step, "got %v; want a stale-state proofchain.Error at step 1", err)
	require.ErrorIs(t, err, ErrStaleState, "want a stale-state proofchain.Error at step 1")
	w.Close()
	for _, pg := range pgs {
		proc.AssertGroupGone(t, pg)
	}
}

// A worker pinned by a chain does not recycle its process under it: with RecycleAfter 2 the
// chain still completes, and the process is recycled afterwards.
func TestChainPinsAgainstRecycling(t *testing.T) {
	cfg := simConfig()
	cfg.RecycleAfter = 2
	w, err := StartWorker(ctxT(t), cfg)
	require.NoError(t, err)
	defer w.Close()
	res, err := w.CheckChain(ctxT(t), proofchain.Chain{Statement: t1, Steps: []string{"subst hb", "subst h", "rfl"}})
	require.NoError(t, err, "%+v", res)
	require.True(t, res.Verified, "%+v", res)
	_, err = w.Command(ctxT(t), CommandRequest{Cmd: "example : True := by trivial"})
	require.NoError(t, err)
	st := w.Stats()
	assert.NotZero(t, st.Recycles, "no recycling after the chain: %+v", st)
}

// Chains through a pool run concurrently with ordinary commands; each chain keeps one worker
// for itself.
func TestPoolChains(t *testing.T) {
	cfg := simConfig()
	cfg.Workers = 2
	cfg.Pipeline = 2
	p, err := NewPool(ctxT(t), cfg)
	require.NoError(t, err)
	defer p.Close()
	ctx := ctxT(t)
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for i := range 12 {
		wg.Go(func() {
			res, err := p.CheckChain(ctx, proofchain.Chain{Statement: t1, Steps: []string{"subst hb", "subst h", "rfl"}})
			switch {
			case err != nil:
				errs <- err
			case !res.Verified || res.Checker != BackendSim:
				errs <- fmt.Errorf("chain %d: %+v", i, res)
			}
		})
		wg.Go(func() {
			r, err := p.Command(ctx, "", CommandRequest{Cmd: fmt.Sprintf("example : %d + 1 = %d := by decide", i, i+1)})
			if err != nil || !r.Accepted() {
				errs <- fmt.Errorf("command %d: %+v, %v", i, r, err)
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		assert.NoError(t, err)
	}
}

func TestWithWorker(t *testing.T) {
	cfg := simConfig()
	cfg.Workers = 1
	cfg.Pipeline = 2
	p, err := NewPool(ctxT(t), cfg)
	require.NoError(t, err)
	defer p.Close()
	ctx := ctxT(t)

	// While fn holds the only worker, a pool command waits.
	queued := make(chan error, 1)
	err = p.WithWorker(ctx, func(w *Worker) error {
		go func() {
			_, err := p.Command(ctx, "", CommandRequest{Cmd: "example : True := by trivial"})
			queued <- err
		}()
		for range 5 {
			if _, err := w.Command(ctx, CommandRequest{Cmd: "example : 1 = 1 := by rfl"}); err != nil {
				return err
			}
		}
		select {
		case err := <-queued:
			return fmt.Errorf("a pool command ran during WithWorker: %v", err)
		default:
		}
		return errors.New("fn's own error")
	})
	require.EqualError(t, err, "fn's own error", "WithWorker")
	require.NoError(t, <-queued)

	// A caller that gives up before its turn: its fn never runs.
	release := make(chan struct{})
	started := make(chan struct{})
	go p.WithWorker(ctx, func(*Worker) error { close(started); <-release; return nil })
	<-started
	cctx, cancel := context.WithCancel(ctx)
	ran := false
	done := make(chan error, 1)
	go func() { done <- p.WithWorker(cctx, func(*Worker) error { ran = true; return nil }) }()
	cancel()
	require.ErrorIs(t, <-done, context.Canceled, "canceled WithWorker")
	close(release)
	// The canceled job has left the queue once a later one has run.
	require.NoError(t, p.WithWorker(ctx, func(*Worker) error { return nil }))
	assert.False(t, ran, "fn of a canceled WithWorker ran")
	p.Close()
	require.ErrorIs(t, p.WithWorker(ctx, func(*Worker) error { return nil }), ErrClosed, "after Close")
}

// Chains through a pool whose simulators inject random faults after their start-up checks
// (-faults-after-start): every chain gets its right verdict or a proofchain.Error, none is lost,
// and no process is left behind.
func TestChainFaults(t *testing.T) {
	const total = 120
	cfg := simConfig()
	cfg.Workers = 2
	cfg.RequestTimeout = 300 * time.Millisecond
	cfg.StartTimeout = 2 * time.Second
	cfg.GracePeriod = 200 * time.Millisecond
	cfg.MaxReplyBytes = 64 << 10
	var mu sync.Mutex
	var pgids []int
	cfg.newPeer = simPeers(cfg, 2000, &pgids, &mu, "-faults-after-start", "4",
		"-fault-rate", "0.05", "-fault-latency", "10ms", "-huge-size", strconv.Itoa(256<<10))
	p, err := NewPool(ctxT(t), cfg)
	require.NoError(t, err)
	defer p.Close()
	ctx := ctxT(t)
	good := proofchain.Chain{Statement: t1, Steps: []string{"subst hb", "subst h", "rfl"}}
	bad := proofchain.Chain{Statement: t1, Steps: []string{"subst hb", "decide", "rfl"}}
	type outcome struct {
		i   int
		res *proofchain.Result
		err error
	}
	out := make(chan outcome, total)
	var wg sync.WaitGroup
	for i := range total {
		wg.Go(func() {
			ch := good
			if i%3 == 0 {
				ch = bad
			}
			res, err := p.CheckChain(ctx, ch)
			out <- outcome{i, res, err}
		})
	}
	wg.Wait()
	close(out)
	seen := map[int]bool{}
	errs := 0
	for o := range out {
		seen[o.i] = true
		if o.err != nil {
			var ce *proofchain.Error
			assert.ErrorAs(t, o.err, &ce, "chain %d: %v (%T), result %v", o.i, o.err, o.err, o.res)
			assert.Nil(t, o.res, "chain %d: %v (%T), result %v", o.i, o.err, o.err, o.res)
			errs++
			continue
		}
		want := []proofchain.Status{proofchain.Accepted, proofchain.Accepted, proofchain.Accepted}
		if o.i%3 == 0 {
			want = []proofchain.Status{proofchain.Accepted, proofchain.Failed, proofchain.NotRun}
		}
		got := statuses(o.res)
		assert.Equal(t, want, got, "chain %d: wrong verdict %v, verified %v", o.i, got, o.res.Verified)
		assert.Equal(t, o.i%3 != 0, o.res.Verified, "chain %d: wrong verdict %v, verified %v", o.i, got, o.res.Verified)
	}
	require.Len(t, seen, total, "%d of %d chains accounted for", len(seen), total)
	st := p.Stats()
	assert.NotZero(t, errs, "no faults were exercised: %d errors, stats %+v", errs, st)
	assert.NotZero(t, st.Restarts, "no faults were exercised: %d errors, stats %+v", errs, st)
	t.Logf("%d chains, %d errors, stats %+v", total, errs, p.Stats())
	p.Close()
	mu.Lock()
	defer mu.Unlock()
	for _, pg := range pgids {
		proc.AssertGroupGone(t, pg)
	}
}
