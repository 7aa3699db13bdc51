package repl

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/leanbridge/proc"
)

// simPeers starts each REPL process as the simulator with args plus "-seed <n>", where n counts
// up from base: every process gets its own fault schedule, and a run is reproducible up to the
// order in which workers restart. It records every process group it starts.
func simPeers(cfg Config, base uint64, pgids *[]int, mu *sync.Mutex, args ...string) func(context.Context) (peer, error) {
	var n atomic.Uint64
	return func(ctx context.Context) (peer, error) {
		seed := base + n.Add(1)
		argv := append([]string{os.Args[0], "-seed", strconv.FormatUint(seed, 10)}, args...)
		return startRecorded(ctx, cfg, argv, pgids, mu)
	}
}

// startRecorded starts argv as a simulator child and records its process group in pgids.
func startRecorded(ctx context.Context, cfg Config, argv []string, pgids *[]int, mu *sync.Mutex) (peer, error) {
	p, err := startProcess(ctx, argv, "", childProcessEnv("replsim"), cfg.GracePeriod, nil)
	if err == nil {
		mu.Lock()
		*pgids = append(*pgids, p.Pgid())
		mu.Unlock()
	}
	return p, err
}

// TestFaultInjection sends 2,000 obligations through a pool whose simulators inject a fault
// into 10% of requests (crash, hang, garbage, partial reply, huge reply, latency). Every request
// must get either its own verdict (checked: the claims alternate between true and false) or an
// explicit error, none may be lost, and no process may be left behind.
func TestFaultInjection(t *testing.T) {
	const total = 2000
	cfg := simConfig()
	cfg.Workers = 4
	cfg.QueueSize = 16
	cfg.RequestTimeout = 300 * time.Millisecond
	cfg.StartTimeout = time.Second
	cfg.GracePeriod = 200 * time.Millisecond
	cfg.MaxReplyBytes = 64 << 10
	var mu sync.Mutex
	var pgids []int
	cfg.newPeer = simPeers(cfg, 1000, &pgids, &mu,
		"-fault-rate", "0.1", "-fault-latency", "10ms", "-huge-size", strconv.Itoa(256<<10))

	// 2,000 requests through children that crash and hang on purpose take tens of seconds on a
	// loaded 2-core machine; the deadline only guards against a hang, so it is generous.
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	p, err := NewPool(ctx, cfg)
	require.NoError(t, err, "NewPool")
	defer p.Close()

	type outcome struct {
		i   int
		err error
		ok  bool // the verdict matched the claim
	}
	outcomes := make(chan outcome, total)
	var wg sync.WaitGroup
	for i := range total {
		wg.Go(func() {
			// a + 1 = a + 1 is true; a + 1 = a + 2 is false.
			rhs := i + 1 + i%2
			claim := fmt.Sprintf("example : (%d : Rat) + (1 : Rat) = (%d : Rat) := by decide +kernel", i, rhs)
			r, err := p.Command(ctx, "", CommandRequest{Cmd: claim})
			if err != nil {
				outcomes <- outcome{i: i, err: err}
				return
			}
			outcomes <- outcome{i: i, ok: r.Accepted() == (i%2 == 0)}
		})
	}
	wg.Wait()
	close(outcomes)

	st := p.Stats()
	seen := make(map[int]bool)
	var replies, failures int
	kinds := make(map[string]int)
	for o := range outcomes {
		require.False(t, seen[o.i], "request %d answered twice", o.i)
		seen[o.i] = true
		if o.err == nil {
			replies++
			assert.True(t, o.ok, "request %d got another request's verdict", o.i)
			continue
		}
		failures++
		switch {
		case errors.Is(o.err, ErrTimeout):
			kinds["timeout"]++
		case errors.Is(o.err, ErrReplyTooLarge):
			kinds["too large"]++
		case errors.Is(o.err, ErrMalformedReply):
			kinds["malformed"]++
		case errors.Is(o.err, ErrProcessDied):
			kinds["process died"]++
		default:
			assert.Fail(t, "error of no known kind", "request %d: %v", o.i, o.err)
		}
	}
	accounted := fmt.Sprintf("%d requests accounted for (%d replies, %d errors; stats %+v), want %d", len(seen), replies, failures, st, total)
	require.Len(t, seen, total, accounted)
	require.Equal(t, total, replies+failures, accounted)
	require.Equal(t, uint64(total), st.Requests, accounted)
	require.Equal(t, uint64(failures), st.Errors, accounted)
	t.Logf("%d replies, %d errors %v; stats %+v", replies, failures, kinds, st)
	// The faults happened, and they stayed local: about one request in ten fails.
	exercised := fmt.Sprintf("faults were not exercised: %v, %d restarts", kinds, st.Restarts)
	assert.NotZero(t, failures, exercised)
	assert.NotZero(t, st.Restarts, exercised)
	assert.NotZero(t, kinds["timeout"], exercised)
	assert.NotZero(t, kinds["process died"], exercised)
	assert.LessOrEqual(t, failures, total/4, "%d of %d requests failed for a 10%% fault rate", failures, total)

	p.Close()
	mu.Lock()
	defer mu.Unlock()
	for _, pg := range pgids {
		proc.AssertGroupGone(t, pg)
	}
	t.Logf("%d processes started, none left", len(pgids))
}
