package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"

	"github.com/leanprm/leanprm/internal/testutil/testshared"
)

// BenchmarkSingleSampleClients: GSM8K samples (reference solutions with their answers, read
// from ../shared) paid through /get_reward of a `leanprm serve --checker exact` child two ways,
// 256 samples a round: 64 concurrent clients each sending one sample per request (as
// OpenRLHF's SingleTurnAgentExecutor does, openrlhf/utils/agent.py), and all of them in one
// request. It reports samples/s of each and their ratio "single/batched" (the issue asks for
// at least 0.8), and, since the clients share the machine's CPUs with the server here where
// RL workers would not, the same per CPU-second of the server process
// ("single/batched-server-cpu"). Every round's prompts are new (a round number in them): no
// answer comes from the answer cache. Two sub-benchmarks:
//
//   - fresh: every round pays 256 samples no server has seen, as an RL rollout's samples are
//     new, the same samples both ways, each form to a server of its own (a sample paid once
//     leaves its step readings in the server's caches, so a second pay of it would be
//     cheaper). GSM8K's 7,473 train samples allow 28 timed rounds (-benchtime 28x at most);
//   - repeated: one server pays the same 256 responses every round (only the prompts change),
//     so after the first round their steps are read from the server's caches: the cost of a
//     request around work that is mostly cached;
//   - fresh-pinned: fresh with the clients on one CPU and both servers on the other (on a
//     machine of two CPUs or more, with taskset), so that the clients take none of the
//     servers' CPU time: "single/batched" by the clock then measures the server alone, as
//     with an RL trainer's clients on machines of their own.
//
// One untimed round of each form warms the server(s); the timed rounds alternate which form
// goes first, so neither carries the other's after-effects (garbage, cold caches).
func BenchmarkSingleSampleClients(b *testing.B) {
	rows := testshared.ReadJSONL[gsmRow](b, testshared.Path(b, "data/gsm8k/train.jsonl"))
	fresh := func(client clientKind, pinned bool) func(b *testing.B) {
		return func(b *testing.B) {
			rounds := len(rows)/clientsBenchSamples - 1 // the first is the warm-up's
			if b.N > rounds {
				b.Fatalf("at most %d rounds of fresh samples (-benchtime %dx): GSM8K's train split has %d", rounds, rounds, len(rows))
			}
			serverCPU := -1
			if pinned {
				serverCPU = pinClients(b)
			}
			single, batched := startBenchServer(b, serverCPU), startBenchServer(b, serverCPU)
			measureClients(b, client, func(round int, one bool) (benchServer, []gsmRow) {
				srv := batched
				if one {
					srv = single
				}
				return srv, rows[round*clientsBenchSamples : (round+1)*clientsBenchSamples]
			})
		}
	}
	b.Run("fresh", fresh(leanClient, false))
	b.Run("fresh-pinned", fresh(leanClient, true))
	b.Run("fresh-net-http-client", fresh(netHTTPClient, false))
	b.Run("repeated", func(b *testing.B) {
		srv := startBenchServer(b, -1)
		measureClients(b, leanClient, func(int, bool) (benchServer, []gsmRow) { return srv, rows[:clientsBenchSamples] })
	})
}

// clientsBenchSamples is how many samples a round of BenchmarkSingleSampleClients pays, and
// clientsBenchClients how many clients send them one per request.
const (
	clientsBenchSamples = 256
	clientsBenchClients = 64
)

// gsmRow is a sample of GSM8K's train split.
type gsmRow struct{ Question, Answer string }

// benchServer is a `leanprm serve --checker exact` child: its URL and process id.
type benchServer struct {
	url string
	pid int
}

// startBenchServer starts a server child, waits until it is ready, and stops it when b ends.
// With cpu ≥ 0 the child runs on that CPU alone (taskset; the Go runtime then runs one P).
func startBenchServer(b *testing.B, cpu int) benchServer {
	b.Helper()
	args := []string{os.Args[0], "serve", "--addr", "127.0.0.1:0", "--checker", "exact"}
	if cpu >= 0 {
		// taskset sets the affinity and execs the server: the process id stays the server's.
		args = append([]string{"taskset", "--cpu-list", strconv.Itoa(cpu)}, args...)
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Env = append(os.Environ(), "LEANPRM_RUN_AS_MAIN=1", "XDG_CONFIG_HOME="+b.TempDir())
	stderr, err := cmd.StderrPipe()
	require.NoError(b, err)
	require.NoError(b, cmd.Start())
	b.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	url := ""
	sc := bufio.NewScanner(stderr)
	for sc.Scan() {
		if m := servingRE.FindStringSubmatch(sc.Text()); m != nil {
			url = m[1]
		}
		if strings.Contains(sc.Text(), "leanprm: ready") {
			break
		}
	}
	require.NotEmpty(b, url, "the server announced its address")
	go func() { _, _ = io.Copy(io.Discard, stderr) }()
	return benchServer{url: url, pid: cmd.Process.Pid}
}

// measureClients runs BenchmarkSingleSampleClients' rounds (round 0 untimed, then b.N timed
// rounds of each form) and reports its metrics; pick says which server pays a round's samples
// in which form (one: a sample per request), and which samples they are.
func measureClients(b *testing.B, client clientKind, pick func(round int, one bool) (benchServer, []gsmRow)) {
	annotation := regexp.MustCompile(`<<[^<>]*>>`)
	// body is the /get_reward request paying rs in a round's form: the prompts carry the
	// round and the form, so no problem is new to one form and known to the other.
	body := func(round int, single bool, rs []gsmRow) []byte {
		tag := 2 * round
		if single {
			tag++
		}
		var q, p, l []string
		for _, r := range rs {
			steps, gold, _ := strings.Cut(annotation.ReplaceAllString(r.Answer, ""), "\n#### ")
			prompt := fmt.Sprintf("<|im_start|>user\n(round %d) %s<|im_end|>\n<|im_start|>assistant\n", tag, r.Question)
			q = append(q, prompt+steps+"\nThe answer is \\boxed{"+gold+"}.<|im_end|>")
			p, l = append(p, prompt), append(l, gold)
		}
		out, err := json.Marshal(map[string]any{"query": q, "prompts": p, "labels": l})
		require.NoError(b, err)
		return out
	}
	var selfCPU time.Duration
	tr := &http.Transport{MaxIdleConnsPerHost: clientsBenchClients}
	defer tr.CloseIdleConnections()
	hc := &http.Client{Transport: tr}
	check := func(status int, raw []byte) error {
		if status != http.StatusOK || !bytes.HasPrefix(raw, []byte(`{"rewards":[`)) {
			return fmt.Errorf("status %d: %.200s", status, raw)
		}
		return nil
	}
	send := func(url string, data []byte) error {
		resp, err := hc.Post(url+"/get_reward", "application/json", bytes.NewReader(data))
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		raw, _ := io.ReadAll(resp.Body)
		return check(resp.StatusCode, raw)
	}
	// phase pays round's samples one per request from 64 clients (single) or in one request,
	// and returns the wall and server CPU time it took.
	phase := func(round int, single bool) (wall, cpu time.Duration) {
		srv, rs := pick(round, single)
		if !single {
			all := body(round, false, rs)
			start, cpu0 := time.Now(), processCPU(b, srv.pid)
			require.NoError(b, send(srv.url, all))
			return time.Since(start), processCPU(b, srv.pid) - cpu0
		}
		one := make([][]byte, len(rs))
		for i := range one {
			one[i] = body(round, true, rs[i:i+1])
		}
		start, cpu0, self0 := time.Now(), processCPU(b, srv.pid), processCPU(b, os.Getpid())
		defer func() { selfCPU += processCPU(b, os.Getpid()) - self0 }()
		var next, failed atomic.Int64
		var wg sync.WaitGroup
		for range clientsBenchClients {
			wg.Go(func() {
				sendOne := func(data []byte) error { return send(srv.url, data) }
				if client == leanClient {
					c, err := dialLean(srv.url)
					if err != nil {
						failed.Add(1)
						return
					}
					defer c.close()
					sendOne = func(data []byte) error {
						status, raw, err := c.post("/get_reward", data)
						if err != nil {
							return err
						}
						return check(status, raw)
					}
				}
				for i := int(next.Add(1)) - 1; i < len(one); i = int(next.Add(1)) - 1 {
					if sendOne(one[i]) != nil {
						failed.Add(1)
					}
				}
			})
		}
		wg.Wait()
		wall, cpu = time.Since(start), processCPU(b, srv.pid)-cpu0
		require.Zero(b, failed.Load())
		return wall, cpu
	}
	// One untimed round of each form first: a server just started pays for its first samples
	// (heap growth, caches of the code and the model), and whichever form came first would
	// carry that cost. The timed rounds then alternate which form goes first.
	phase(0, true)
	phase(0, false)
	var single, batched, singleCPU, batchedCPU time.Duration
	// Each round pays its samples in both forms back to back; the ratio of the pair is that
	// round's ratio. Their median is reported beside the ratio of the totals: another
	// process's burst of work (a build, say) slows the one or two rounds it falls in, which
	// moves the totals but hardly the median.
	ratios := make([]float64, 0, b.N)
	b.ResetTimer()
	for i := range b.N {
		var pair [2]time.Duration // single, batched
		for _, one := range []bool{i%2 == 0, i%2 != 0} {
			wall, cpu := phase(i+1, one)
			if one {
				single, singleCPU, pair[0] = single+wall, singleCPU+cpu, wall
			} else {
				batched, batchedCPU, pair[1] = batched+wall, batchedCPU+cpu, wall
			}
		}
		ratios = append(ratios, pair[1].Seconds()/pair[0].Seconds())
	}
	slices.Sort(ratios)
	median := ratios[len(ratios)/2]
	if len(ratios)%2 == 0 {
		median = (ratios[len(ratios)/2-1] + median) / 2
	}
	b.ReportMetric(median, "single/batched-median-round")
	n := float64(clientsBenchSamples * b.N)
	b.ReportMetric(n/single.Seconds(), "single-samples/s")
	b.ReportMetric(n/batched.Seconds(), "batched-samples/s")
	b.ReportMetric(batched.Seconds()/single.Seconds(), "single/batched")
	b.ReportMetric(n/singleCPU.Seconds(), "single-samples/server-cpu-s")
	b.ReportMetric(n/batchedCPU.Seconds(), "batched-samples/server-cpu-s")
	b.ReportMetric(batchedCPU.Seconds()/singleCPU.Seconds(), "single/batched-server-cpu")
	b.ReportMetric(selfCPU.Seconds()*1e6/n, "client-cpu-us/single-sample")
	b.ReportMetric(singleCPU.Seconds()*1e6/n, "server-cpu-us/single-sample")
	b.ReportMetric(single.Seconds()*1e6/n, "wall-us/single-sample")
}

// processCPU is the CPU time process pid has used, user and system, from /proc (in clock
// ticks of 10 ms).
func processCPU(b *testing.B, pid int) time.Duration {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	require.NoError(b, err)
	// The fields after the command name, which is in parentheses and may hold spaces.
	fields := strings.Fields(string(data[bytes.LastIndexByte(data, ')')+1:]))
	utime, err1 := strconv.ParseInt(fields[11], 10, 64)
	stime, err2 := strconv.ParseInt(fields[12], 10, 64)
	require.NoError(b, err1)
	require.NoError(b, err2)
	return time.Duration(utime+stime) * 10 * time.Millisecond
}

// clientKind is the HTTP client the single-sample clients of BenchmarkSingleSampleClients use.
// The clients share this machine's two CPUs with the server, where an RL trainer's would run
// on machines of their own: net/http's client (a reader and a writer goroutine per connection,
// channel hand-offs between them) costs about 70-90 µs of CPU a request here, taken from the
// server. leanClient, one keep-alive connection a client written to and read from in the
// client's own goroutine (the way a load generator such as wrk works), costs a fraction of
// that, so "single/batched" measures the server rather than the load generator. Both speak
// HTTP/1.1 to the same server; the answers are parsed by net/http's own http.ReadResponse.
type clientKind int

const (
	leanClient clientKind = iota
	netHTTPClient
)

// leanConn is one keep-alive HTTP/1.1 connection of a leanClient.
type leanConn struct {
	conn net.Conn
	host string
	br   *bufio.Reader
	bw   *bufio.Writer
}

func dialLean(rawURL string) (*leanConn, error) {
	host := strings.TrimPrefix(rawURL, "http://")
	conn, err := net.Dial("tcp", host)
	if err != nil {
		return nil, err
	}
	return &leanConn{conn: conn, host: host, br: bufio.NewReaderSize(conn, 16<<10), bw: bufio.NewWriterSize(conn, 16<<10)}, nil
}

// post sends body as a JSON POST to path and returns the answer's status and body.
func (c *leanConn) post(path string, body []byte) (int, []byte, error) {
	fmt.Fprintf(c.bw, "POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n", path, c.host, len(body))
	if _, err := c.bw.Write(body); err != nil {
		return 0, nil, err
	}
	if err := c.bw.Flush(); err != nil {
		return 0, nil, err
	}
	resp, err := http.ReadResponse(c.br, nil)
	if err != nil {
		return 0, nil, err
	}
	raw, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return 0, nil, err
	}
	if resp.Close {
		return 0, nil, fmt.Errorf("the server closed the connection (status %d)", resp.StatusCode)
	}
	return resp.StatusCode, raw, nil
}

func (c *leanConn) close() { _ = c.conn.Close() }

// pinClients puts this process, the load generator, on CPU 0 alone (every thread of it; the
// threads the runtime starts later inherit the mask) with one P, and returns the CPU the
// servers get to themselves: the "fresh-pinned" form of BenchmarkSingleSampleClients, where
// the clients no longer take the servers' CPU time, as an RL trainer's clients on machines
// of their own would not. It skips b where the machine has fewer than two CPUs or no
// taskset, and undoes the pinning when b ends.
func pinClients(b *testing.B) int {
	b.Helper()
	if runtime.NumCPU() < 2 {
		b.Skip("fresh-pinned needs two CPUs: one for the clients, one for the servers")
	}
	if _, err := exec.LookPath("taskset"); err != nil {
		b.Skip("fresh-pinned needs taskset (util-linux) to start the servers on a CPU of their own")
	}
	var all, one unix.CPUSet
	require.NoError(b, unix.SchedGetaffinity(0, &all))
	one.Set(0)
	setAll := func(set *unix.CPUSet) {
		tasks, err := os.ReadDir("/proc/self/task")
		require.NoError(b, err)
		for _, t := range tasks {
			tid, err := strconv.Atoi(t.Name())
			require.NoError(b, err)
			// A thread may end between the listing and the call (ESRCH): it needs no mask.
			if err := unix.SchedSetaffinity(tid, set); err != nil && !errors.Is(err, unix.ESRCH) {
				require.NoError(b, err)
			}
		}
	}
	setAll(&one)
	procs := runtime.GOMAXPROCS(1)
	b.Cleanup(func() {
		runtime.GOMAXPROCS(procs)
		setAll(&all)
	})
	return 1
}
