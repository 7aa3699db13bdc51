package serve

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// soakEnv runs TestMeasureSoak for the duration it holds ("30m"); soakClientsEnv sets the
// clients (default 64).
const (
	soakEnv        = "LEANPRM_SOAK"
	soakClientsEnv = "LEANPRM_SOAK_CLIENTS"
)

// TestMeasureSoak is issue 20's soak: N clients (64) on /get_reward for the duration
// LEANPRM_SOAK names, against the REPL simulator (2 workers, checker both, so the REPL, the
// exact checker and every cache work), each batch 8 responses — new chains with true and
// false steps, chains seen before (the caches' hits), Lean proofs against a theorem label —
// and each client retries a 503 as OpenRLHF's request_api_wrapper does (a second apart, five
// times). It logs the process's resident memory and Go heap every minute and, at the end,
// the latency p50/p99, the requests, the 503s, and the rewards that came from a failure
// (leanprm_item_error 1 in a 200 answer), which must be 0: serve.reward_on_error is fail.
//
//	LEANPRM_SOAK=30m nice -n 19 go test -run TestMeasureSoak -count=1 -timeout 0 -v ./internal/serve/
func TestMeasureSoak(t *testing.T) {
	d, err := time.ParseDuration(os.Getenv(soakEnv))
	if err != nil || d <= 0 {
		t.Skip("set " + soakEnv + "=30m (a duration) to run the soak")
	}
	clients := 64
	if n, err := strconv.Atoi(os.Getenv(soakClientsEnv)); err == nil && n > 0 {
		clients = n
	}
	// The pool lives as long as the soak (startServer's context ends after 90 s, and the REPLs
	// the pool restarts or recycles later start under it).
	ts := startServerCtx(t, t.Context(), simConfig(t, "both", "", "2"), Options{PrefixBytes: SplitCacheMemory(256 << 20).Prefixes})
	tr := &http.Transport{MaxIdleConnsPerHost: clients}
	defer tr.CloseIdleConnections()
	hc := &http.Client{Transport: tr, Timeout: 3 * time.Minute} // OpenRLHF's timeout=180

	var (
		mu          sync.Mutex
		latencies   []time.Duration
		requests    atomic.Int64
		refused     atomic.Int64 // 503s, retried
		failRewards atomic.Int64 // rewards in 200 answers flagged as failures: must stay 0
		broken      atomic.Int64 // other statuses, transport errors, unreadable answers
		whyMu       sync.Mutex
		why         = map[string]int{} // the first words of each 503 and broken answer
	)
	note := func(status int, body []byte) {
		msg := fmt.Sprintf("%d %.400s", status, body)
		whyMu.Lock()
		if len(why) < 20 || why[msg] > 0 {
			why[msg]++
		}
		whyMu.Unlock()
	}
	stop := time.Now().Add(d)
	start := time.Now()
	var wg sync.WaitGroup
	for c := range clients {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(c), 20))
			for time.Now().Before(stop) {
				body := soakBatch(rng)
				for try := range 5 {
					t0 := time.Now()
					resp, err := hc.Post(ts.URL+"/get_reward", "application/json", bytes.NewReader(body))
					if err != nil {
						broken.Add(1)
						note(0, []byte(err.Error()))
						break
					}
					data, _ := io.ReadAll(resp.Body)
					resp.Body.Close()
					requests.Add(1)
					if resp.StatusCode == http.StatusServiceUnavailable && try < 4 {
						refused.Add(1)
						note(resp.StatusCode, data)
						time.Sleep(time.Second)
						continue
					}
					if resp.StatusCode != http.StatusOK {
						broken.Add(1)
						note(resp.StatusCode, data)
						break
					}
					el := time.Since(t0)
					var got struct {
						Rewards   []float64            `json:"rewards"`
						ExtraLogs map[string][]float64 `json:"extra_logs"`
					}
					if json.Unmarshal(data, &got) != nil || len(got.Rewards) != 8 {
						broken.Add(1)
						break
					}
					for _, e := range got.ExtraLogs["leanprm_item_error"] {
						if e != 0 {
							failRewards.Add(1)
						}
					}
					mu.Lock()
					latencies = append(latencies, el)
					mu.Unlock()
					break
				}
			}
		})
	}
	caches := map[string]func() (int, int64, uint64, uint64){
		"obligations": ts.built.Info.Obligations.Stats, "step readings": ts.built.Info.Scans.Stats,
		"exact": ts.built.Info.Exact.Stats, "translator contexts": ts.built.Info.Contexts.Stats,
		"PRM contexts": ts.built.Info.PRMContexts.Stats, "prefixes": ts.srv.prefixes.Stats,
	}
	cacheMiB := func() float64 {
		var sum int64
		for _, c := range caches {
			_, b, _, _ := c()
			sum += b
		}
		return float64(sum) / (1 << 20)
	}
	reports := 0
	report := func() {
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		t.Logf("soak %5.1f min: RSS %6.1f MiB, heap %6.1f MiB (caches' estimate %5.1f MiB), goroutines %d, requests %d, 503 %d, failure rewards %d, broken %d",
			time.Since(start).Minutes(), float64(rssBytes())/(1<<20), float64(ms.HeapAlloc)/(1<<20), cacheMiB(),
			runtime.NumGoroutine(), requests.Load(), refused.Load(), failRewards.Load(), broken.Load())
		if f := os.Getenv("LEANPRM_SOAK_HEAPPROFILE"); f != "" {
			// One profile per report (f.1, f.2, …): go tool pprof -base f.1 f.5 shows what grew.
			reports++
			writeHeapProfile(t, fmt.Sprintf("%s.%d", f, reports))
		}
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	every := time.Minute
	if d < 5*time.Minute {
		every = d / 4
	}
	tick := time.NewTicker(every)
	defer tick.Stop()
loop:
	for {
		select {
		case <-tick.C:
			report()
		case <-done:
			break loop
		}
	}
	report()
	slices.Sort(latencies)
	require.NotEmpty(t, latencies)
	q := func(p float64) time.Duration { return latencies[int(p*float64(len(latencies)-1))] }
	t.Logf("soak done: %d clients, %s, %d answers, p50 %v, p99 %v, %d answers 503 (retried), failure rewards %d, broken %d",
		clients, d, len(latencies), q(0.5).Round(time.Millisecond), q(0.99).Round(time.Millisecond), refused.Load(), failRewards.Load(), broken.Load())
	for msg, n := range why {
		t.Logf("%5d × %s", n, msg)
	}
	for name, c := range caches {
		n, b, h, m := c()
		t.Logf("cache %-19s %7d entries %7.1f MiB, hits %d, misses %d", name, n, float64(b)/(1<<20), h, m)
	}
	require.Zero(t, failRewards.Load(), "a failure is never a reward")
	require.Zero(t, broken.Load(), "every request answered")
}

// soakBatch is one OpenRLHF batch of 8: mostly new chains (random numbers, a false step one
// time in three), some chains every client sends (cache hits), and a Lean proof against a
// theorem label.
func soakBatch(rng *rand.Rand) []byte {
	var q, p, l []string
	for i := range 8 {
		switch {
		case i == 7:
			a, b := rng.IntN(50), rng.IntN(50)
			prompt := "Prove it.\n"
			q = append(q, prompt+fmt.Sprintf("```lean\ntheorem t : %d + %d = %d := by decide\n```", a, b, a+b))
			p, l = append(p, prompt), append(l, fmt.Sprintf("theorem t : %d + %d = %d", a, b, a+b))
		case i < 2:
			a := rng.IntN(20) // shared: 20 chains every client sends
			prompt := fmt.Sprintf("Problem: Tom has %d apples and buys 3. How many?\n", a)
			q = append(q, prompt+fmt.Sprintf("Step 1: He has %d + 3 = %d apples.\nStep 2: The answer is %d.", a, a+3, a+3))
			p, l = append(p, prompt), append(l, "")
		default:
			a, b, k := rng.IntN(100000), rng.IntN(1000), 2+rng.IntN(8)
			sum := a + b
			if rng.IntN(3) == 0 {
				sum++ // a false step
			}
			prompt := fmt.Sprintf("Problem: A shop has %d items and gets %d more, then packs them by %d. How many?\n", a, b, k)
			q = append(q, prompt+fmt.Sprintf("Step 1: It has %d + %d = %d items.\nStep 2: Packs of %d: %d * %d = %d.\nStep 3: The answer is %d.", a, b, sum, k, k, sum, k*sum, k*sum))
			p, l = append(p, prompt), append(l, "")
		}
	}
	b, _ := json.Marshal(map[string][]string{"query": q, "prompts": p, "labels": l})
	return b
}

// writeHeapProfile writes the live heap (after a collection) to file.
func writeHeapProfile(t *testing.T, file string) {
	runtime.GC()
	out, err := os.Create(file)
	require.NoError(t, err)
	require.NoError(t, pprof.WriteHeapProfile(out))
	require.NoError(t, out.Close())
}

// rssBytes is this process's resident set size (VmRSS), 0 where /proc is not there.
func rssBytes() int64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmRSS:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return kb << 10
		}
	}
	return 0
}
