package natsq_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/leanprm/leanprm/internal/dispatch"
	"github.com/leanprm/leanprm/internal/dispatch/natsq"
	"github.com/leanprm/leanprm/internal/leansim/replsim"
	"github.com/leanprm/leanprm/internal/testutil/natstest"
	"github.com/leanprm/leanprm/leanbridge/proc"
	"github.com/leanprm/leanprm/leanbridge/repl"
)

// The test binary doubles as the worker processes and the REPL simulator these tests run
// (gopls cmd/integration_test.go): with envChild set, TestMain runs that child instead of the
// tests. envConfig carries a child worker's childConfig as JSON; envRun marks every process a
// test starts, so that leftovers can be found by scanning /proc.
const (
	envChild  = "LEANPRM_NATSQ_TEST_CHILD"
	envConfig = "LEANPRM_NATSQ_TEST_CONFIG"
	envRun    = "LEANPRM_NATSQ_TEST_RUN"
)

func TestMain(m *testing.M) {
	switch os.Getenv(envChild) {
	case "":
		goleak.VerifyTestMain(m, goleak.IgnoreAnyFunction(proc.Forker)) // proc's forking thread lives on
	case "worker":
		os.Exit(workerChild())
	case "replsim":
		// Each simulator process draws its own fault schedule: a restarted REPL must not
		// replay the faults of the one it replaces.
		args := append(os.Args[1:], "-seed", strconv.Itoa(os.Getpid()))
		os.Exit(replsim.Main(args, os.Stdin, os.Stdout, os.Stderr))
	default:
		fmt.Fprintln(os.Stderr, "unknown child", os.Getenv(envChild))
		os.Exit(2)
	}
}

// childConfig configures a worker process.
type childConfig struct {
	URL        string
	Capacity   int
	AckWait    time.Duration
	MaxDeliver int
	// Handler is "echo" (answer the payload after Latency), "poison" (echo, but exit the
	// process on the payload "poison") or "sim" (check a claim on a pool of REPL simulator
	// processes, each with SimFaultRate crash and hang faults).
	Handler      string
	Latency      time.Duration
	SimFaultRate float64
	// Replicas and FileStorage are the streams' settings (a cluster's: 3, file).
	Replicas    int
	FileStorage bool
	// RunLog, when set, is a file the echo handler appends each item number it runs to, so
	// that a test counts the runs of every item across workers, killed ones included.
	RunLog string
}

func workerChild() int {
	var cfg childConfig
	if err := json.Unmarshal([]byte(os.Getenv(envConfig)), &cfg); err != nil {
		fmt.Fprintln(os.Stderr, "worker child:", err)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	h, closeH, err := childHandler(ctx, cfg)
	if err != nil {
		fmt.Fprintln(os.Stderr, "worker child:", err)
		return 1
	}
	defer closeH()
	nc, err := natsq.Connect(cfg.URL, "natsq test worker", natsq.Security{}) // reconnects forever
	if err != nil {
		fmt.Fprintln(os.Stderr, "worker child:", err)
		return 1
	}
	defer nc.Close()
	w, err := natsq.NewWorker(ctx, nc, h, natsq.WorkerOptions{
		Options:   natsq.Options{AckWait: cfg.AckWait, MaxDeliver: cfg.MaxDeliver, Replicas: cfg.Replicas, FileStorage: cfg.FileStorage},
		Capacity:  cfg.Capacity,
		FetchWait: 500 * time.Millisecond,
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "worker child:", err)
		return 1
	}
	fmt.Println("ready")
	if err := w.Run(ctx); err != nil {
		fmt.Fprintln(os.Stderr, "worker child:", err)
		return 1
	}
	return 0
}

// echoPayload is what the echo and sim handlers answer.
type echoPayload struct {
	N   int  `json:"n"`
	OK  bool `json:"ok,omitempty"`
	Pid int  `json:"pid"`
	// Restarts and Timeouts are the sim handler's pool counts when it answered.
	Restarts uint64 `json:"restarts,omitempty"`
	Timeouts uint64 `json:"timeouts,omitempty"`
}

// item is the payload the tests send: an item number and, for the fault handler, a fault.
type item struct {
	N     int    `json:"n"`
	Fault string `json:"fault,omitempty"`
}

func childHandler(ctx context.Context, cfg childConfig) (dispatch.Handler, func(), error) {
	switch cfg.Handler {
	case "echo", "poison":
		var runs *os.File
		if cfg.RunLog != "" {
			f, err := os.OpenFile(cfg.RunLog, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
			if err != nil {
				return nil, nil, err
			}
			runs = f
		}
		return dispatch.HandlerFunc(func(ctx context.Context, t dispatch.Task) dispatch.Result {
				if cfg.Handler == "poison" && string(t.Payload) == `"poison"` {
					os.Exit(3) // a task that takes its worker down
				}
				r := echo(ctx, t, cfg.Latency)
				if runs != nil {
					var it item
					_ = json.Unmarshal(t.Payload, &it)
					fmt.Fprintf(runs, "%d\n", it.N) // one write(2) with O_APPEND: whole lines
				}
				return r
			}), func() {
				if runs != nil {
					runs.Close()
				}
			}, nil
	case "sim":
		pool, err := repl.NewPool(ctx, repl.Config{
			Command: []string{os.Args[0], "-fault-rate", strconv.FormatFloat(cfg.SimFaultRate, 'f', -1, 64),
				"-faults", "crash,hang", "-faults-after-start", "4"},
			Env:            []string{envChild + "=replsim"},
			Workers:        cfg.Capacity,
			RequestTimeout: 300 * time.Millisecond,
			StartTimeout:   30 * time.Second,
			GracePeriod:    200 * time.Millisecond,
			RecycleAfter:   repl.NeverRecycle,
		})
		if err != nil {
			return nil, nil, err
		}
		h := dispatch.HandlerFunc(func(ctx context.Context, t dispatch.Task) dispatch.Result {
			var it item
			if err := json.Unmarshal(t.Payload, &it); err != nil {
				return dispatch.Result{Error: err.Error()}
			}
			claim := fmt.Sprintf("example : %d + 1 = %d := by decide", it.N, it.N+1)
			resp, err := pool.CommandRetry(ctx, "", repl.CommandRequest{Cmd: claim})
			if err != nil {
				return dispatch.Result{Error: "REPL: " + err.Error()}
			}
			ok := true
			for _, m := range resp.Messages {
				ok = ok && m.Severity != "error"
			}
			st := pool.Stats()
			b, _ := json.Marshal(echoPayload{N: it.N, OK: ok, Pid: os.Getpid(), Restarts: st.Restarts, Timeouts: st.Timeouts})
			return dispatch.Result{Payload: b}
		})
		return h, func() { pool.Close() }, nil
	case "faults":
		return dispatch.HandlerFunc(func(ctx context.Context, t dispatch.Task) dispatch.Result {
			var it item
			if err := json.Unmarshal(t.Payload, &it); err != nil {
				return dispatch.Result{Error: err.Error()}
			}
			switch it.Fault {
			case "crash":
				return dispatch.Result{Error: "injected fault: the REPL crashed"}
			case "hang":
				select { // a hung REPL, given up on at the request timeout
				case <-time.After(20 * time.Millisecond):
				case <-ctx.Done():
				}
				return dispatch.Result{Error: "injected fault: the REPL hung; request timed out"}
			}
			return echo(ctx, t, cfg.Latency)
		}), func() {}, nil
	}
	return nil, nil, fmt.Errorf("unknown handler %q", cfg.Handler)
}

// echo answers the item's number (any JSON payload: its text as a string) after latency.
func echo(ctx context.Context, t dispatch.Task, latency time.Duration) dispatch.Result {
	if latency > 0 {
		select {
		case <-time.After(latency):
		case <-ctx.Done():
			return dispatch.Result{Error: "cancelled: " + ctx.Err().Error()}
		}
	}
	var it item
	if err := json.Unmarshal(t.Payload, &it); err != nil {
		it.N = -1
	}
	b, _ := json.Marshal(echoPayload{N: it.N, Pid: os.Getpid()})
	return dispatch.Result{Payload: b}
}

// startServer runs a NATS server with JetStream in this process, on loopback, with its store
// in a temporary directory; it is shut down when the test ends.
func startServer(tb testing.TB) string { return startServerMax(tb, 0) }

// startServerMax is startServer with a max_payload (0: the server's default, 1 MB).
func startServerMax(tb testing.TB, maxPayload int32) string {
	tb.Helper()
	return natstest.Start(tb, &server.Options{MaxPayload: maxPayload}).ClientURL()
}

func connect(tb testing.TB, url string) *nats.Conn {
	tb.Helper()
	nc, err := nats.Connect(url, nats.Name(tb.Name()))
	require.NoError(tb, err)
	tb.Cleanup(nc.Close)
	return nc
}

// children starts and watches worker processes, each in a process group of its own, and
// restarts those that exit while restart is on (what a Deployment does).
type children struct {
	tb      testing.TB
	cfg     childConfig
	run     string // the envRun marker
	mu      sync.Mutex
	procs   []*proc.Process
	pgids   []int
	restart bool
	stopped bool
	exits   int
	wg      sync.WaitGroup
}

func startChildren(tb testing.TB, n int, cfg childConfig, restart bool) *children {
	tb.Helper()
	c := &children{tb: tb, cfg: cfg, run: fmt.Sprintf("%d-%s-%d", os.Getpid(), tb.Name(), time.Now().UnixNano()), restart: restart}
	for i := range n {
		c.procs = append(c.procs, nil)
		require.NoError(tb, c.start(i))
	}
	tb.Cleanup(c.stop)
	return c
}

func (c *children) start(i int) error {
	cfgJSON, _ := json.Marshal(c.cfg)
	p, err := proc.Start(context.Background(), []string{os.Args[0]}, proc.Options{
		Env:        []string{envChild + "=worker", envConfig + "=" + string(cfgJSON), envRun + "=" + c.run},
		Grace:      5 * time.Second,
		PipeStdout: true,
		Stderr:     os.Stderr,
	})
	if err != nil {
		return err
	}
	line, err := bufio.NewReader(p.Stdout()).ReadString('\n')
	if err != nil || strings.TrimSpace(line) != "ready" {
		p.Stop(false)
		p.ClosePipes()
		return fmt.Errorf("worker %d did not start: %q %v (%s)", i, line, err, p.ExitStatus())
	}
	c.mu.Lock()
	c.procs[i] = p
	c.pgids = append(c.pgids, p.Pid())
	stopped := c.stopped
	c.mu.Unlock()
	if stopped { // started by a watcher while stop ran: stop snapshotted procs before it
		defer p.Stop(true)
	}
	c.wg.Go(func() {
		<-p.Done()
		p.ClosePipes()
		c.mu.Lock()
		again := c.restart
		c.exits++
		c.mu.Unlock()
		if again {
			if err := c.start(i); err != nil {
				c.tb.Errorf("restarting worker %d: %v", i, err)
			}
		}
	})
	return nil
}

// kill SIGKILLs worker i (not restarted by itself: the watcher restarts it when on).
func (c *children) kill(i int) {
	c.mu.Lock()
	p := c.procs[i]
	c.mu.Unlock()
	require.NoError(c.tb, p.Signal(syscall.SIGKILL))
}

// stop ends every worker (SIGTERM: they finish what they run) and checks that nothing they
// started is left: no process of their groups, and no process anywhere with this run's mark.
func (c *children) stop() {
	c.mu.Lock()
	c.restart, c.stopped = false, true
	procs := append([]*proc.Process(nil), c.procs...)
	c.mu.Unlock()
	for _, p := range procs {
		if p != nil {
			p.Stop(true)
		}
	}
	c.wg.Wait()
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, pgid := range c.pgids {
		proc.AssertGroupGone(c.tb, pgid)
	}
	if left := marked(c.run); len(left) > 0 {
		c.tb.Errorf("processes left behind: %v", left)
	}
}

// marked lists the live processes whose environment has envRun=run. Zombies and processes
// whose environment cannot be read are not counted as live.
func marked(run string) []int {
	want := []byte(envRun + "=" + run + "\x00")
	var out []int
	dirs, _ := filepath.Glob("/proc/[0-9]*")
	for _, d := range dirs {
		pid, err := strconv.Atoi(filepath.Base(d))
		if err != nil || pid == os.Getpid() {
			continue
		}
		env, err := os.ReadFile(filepath.Join(d, "environ"))
		if err != nil || !containsBytes(env, want) {
			continue
		}
		if st, err := os.ReadFile(filepath.Join(d, "stat")); err == nil {
			if i := strings.LastIndexByte(string(st), ')'); i > 0 && i+2 < len(st) && st[i+2] == 'Z' {
				continue
			}
		}
		out = append(out, pid)
	}
	return out
}

func containsBytes(hay, needle []byte) bool {
	return strings.Contains(string(hay), string(needle))
}

// decodeEcho reads an echo or sim payload.
func decodeEcho(r dispatch.Result) (echoPayload, error) {
	var p echoPayload
	if r.Error != "" {
		return p, errors.New(r.Error)
	}
	err := json.Unmarshal(r.Payload, &p)
	return p, err
}

// items makes n tasks numbered 0…n-1 of kind check.
func items(n int, env string) []dispatch.Task {
	tasks := make([]dispatch.Task, n)
	for i := range tasks {
		b, _ := json.Marshal(item{N: i})
		tasks[i] = dispatch.Task{Kind: dispatch.KindCheck, Env: env, Payload: b}
	}
	return tasks
}
