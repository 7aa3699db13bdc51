package serve

import (
	"encoding/json"
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/leanprm/leanprm/internal/dispatch"
	"github.com/leanprm/leanprm/leanbridge/repl"
)

// metrics are the server's Prometheus metrics, in a registry of its own (no global state).
type metrics struct {
	reg       *prometheus.Registry
	requests  *prometheus.CounterVec
	latency   *prometheus.HistogramVec
	items     *prometheus.CounterVec
	verdicts  *prometheus.CounterVec
	rejected  prometheus.Counter
	cacheHits prometheus.Counter
	// rewardFailures counts the items of /get_reward and /pooling whose scoring failed, by
	// what the client got instead of a score (serve.reward_on_error).
	rewardFailures *prometheus.CounterVec
	// rewardBatch observes the items of each batch /get_reward paid (Server.rewards).
	rewardBatch prometheus.Histogram
}

func newMetrics(s *Server) *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "leanprm_http_requests_total", Help: "HTTP requests by endpoint and status code.",
		}, []string{"endpoint", "code"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "leanprm_http_request_duration_seconds", Help: "Time to answer a request, by endpoint.",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60, 120, 300},
		}, []string{"endpoint"}),
		items: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "leanprm_items_total", Help: "Items (chains, proofs, snippets) answered, by kind and outcome (ok, error).",
		}, []string{"kind", "outcome"}),
		verdicts: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "leanprm_verdicts_total", Help: "Formal verdicts given, by checker (lean, sim, exact) and verdict.",
		}, []string{"checker", "verdict"}),
		rejected: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "leanprm_admission_rejected_total", Help: "Requests answered 429 because the admission queue was full.",
		}),
		cacheHits: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "leanprm_answer_cache_hits_total", Help: "Reward requests answered from the answers kept of identical earlier ones (a client's retry).",
		}),
		rewardFailures: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "leanprm_reward_failures_total",
			Help: "Items of /get_reward and /pooling whose scoring failed, by what the client got: refused (the request was answered 503) or fixed (serve.reward_on_error's value, flagged).",
		}, []string{"answer"}),
		rewardBatch: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "leanprm_reward_batch_items", Help: "Items of each batch /get_reward and slime's /reward paid: requests of a few items that arrive together are paid as one batch.",
			Buckets: []float64{1, 2, 4, 8, 16, 32, 64, 128, 256, 1024},
		}),
	}
	m.reg.MustRegister(m.requests, m.latency, m.items, m.verdicts, m.rejected, m.rewardFailures, m.cacheHits, m.rewardBatch,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "leanprm_admission_queue_depth", Help: "Items admitted and not yet answered (running or waiting for a worker).",
		}, s.queueDepth),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "leanprm_admission_queue_capacity", Help: "Items that may be admitted at once.",
		}, func() float64 { return float64(s.opts.QueueSize) }),
	)
	remote := func(f func(RemoteWorkers) int) func() float64 {
		return func() float64 {
			if w := s.current().Workers; w != nil {
				return float64(f(w()))
			}
			return 0
		}
	}
	// The pool's counters, read through whatever Ready reported (zero before, and without a
	// pool).
	st := func(f func(repl.Stats) uint64) func() float64 {
		return func() float64 {
			if rs := s.current().REPLStats; rs != nil {
				return float64(f(rs()))
			}
			return 0
		}
	}
	m.reg.MustRegister(
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "leanprm_repl_worker_restarts_total", Help: "REPL processes started after a worker's first (crashes, timeouts, recycling).",
		}, st(func(r repl.Stats) uint64 { return r.Restarts })),
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "leanprm_repl_requests_total", Help: "REPL requests answered or failed.",
		}, st(func(r repl.Stats) uint64 { return r.Requests })),
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "leanprm_repl_timeouts_total", Help: "REPL requests that timed out (their process was killed).",
		}, st(func(r repl.Stats) uint64 { return r.Timeouts })),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "leanprm_repl_queue_depth", Help: "REPL requests waiting for a worker.",
		}, st(func(r repl.Stats) uint64 { return uint64(r.QueueLen) })),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "leanprm_repl_workers", Help: "Healthy REPL workers (a gateway: those of the workers it hears from).",
		}, func() float64 {
			if w := s.current().Workers; w != nil {
				return float64(w().REPLs)
			}
			return st(func(r repl.Stats) uint64 { return uint64(r.Workers) })()
		}),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "leanprm_gateway_workers", Help: "Workers pulling this gateway's tasks, from their heartbeats (NATS mode; 0 in one process).",
		}, remote(func(w RemoteWorkers) int { return w.Alive })),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "leanprm_gateway_worker_capacity", Help: "Task slots of the workers pulling this gateway's tasks (NATS mode).",
		}, remote(func(w RemoteWorkers) int { return w.Capacity })),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "leanprm_gateway_worker_running", Help: "Tasks the workers pulling this gateway's tasks run now (NATS mode).",
		}, remote(func(w RemoteWorkers) int { return w.Running })),
	)
	m.cacheMetrics("obligation", "Obligation lines answered from the cache instead of the REPL.",
		"Obligation lines sent to the REPL.", "Approximate size of the obligation cache.",
		func() (stats, bool) {
			if c := s.current().Obligations; c != nil {
				return c.Stats, true
			}
			return nil, false
		})
	m.cacheMetrics("scan", "Steps whose first reading came from the translator's cache (incremental scoring).",
		"Steps the translator read afresh.", "Approximate size of the translator's cache of step readings.",
		func() (stats, bool) {
			if c := s.current().Scans; c != nil {
				return c.Stats, true
			}
			return nil, false
		})
	m.cacheMetrics("exact", "Obligations whose exact-checker outcome came from the cache (incremental scoring).",
		"Obligations the exact checker evaluated afresh.", "",
		func() (stats, bool) {
			if c := s.current().Exact; c != nil {
				return c.Stats, true
			}
			return nil, false
		})
	m.cacheMetrics("context", "Chains whose translation resumed after a prefix translated before (incremental scoring).",
		"Chains translated from their first step.", "Approximate size of the translator's cache of chain contexts.",
		func() (stats, bool) {
			if c := s.current().Contexts; c != nil {
				return c.Stats, true
			}
			return nil, false
		})
	m.cacheMetrics("prm_context", "Chains whose embedded-PRM features resumed after a prefix scored before (incremental scoring).",
		"Chains whose embedded-PRM features were computed from their first step.", "Approximate size of the embedded PRM's cache of chain contexts.",
		func() (stats, bool) {
			if c := s.current().PRMContexts; c != nil {
				return c.Stats, true
			}
			return nil, false
		})
	return m
}

func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
}

func (m *metrics) request(endpoint string, code int, d time.Duration) {
	m.requests.WithLabelValues(endpoint, strconv.Itoa(code)).Inc()
	if d > 0 {
		m.latency.WithLabelValues(endpoint).Observe(d.Seconds())
	}
}

// item counts one answered task and the verdicts in it, from the counts the handler sent with
// the answer (dispatch.Result.Verdicts): the payload is not decoded here. It reports whether
// the payload of an answer without error is valid JSON: the server writes answers into its
// responses without encoding them again (writeItems), so this is the one check (not made
// again on a payload this process's encoding/json made, dispatch.Result.ValidJSON).
func (m *metrics) item(kind dispatch.Kind, r dispatch.Result) (valid bool) {
	if r.Error != "" {
		m.items.WithLabelValues(string(kind), "error").Inc()
		return true
	}
	if !r.ValidJSON && !json.Valid(r.Payload) {
		m.items.WithLabelValues(string(kind), "error").Inc()
		return false
	}
	m.items.WithLabelValues(string(kind), "ok").Inc()
	for _, v := range r.Verdicts {
		if v.Checker != "" && v.N > 0 {
			m.verdicts.WithLabelValues(v.Checker, v.Verdict).Add(float64(v.N))
		}
	}
	return true
}

// stats is a cache's Stats method: entries, approximate bytes, hits and misses.
type stats func() (entries int, bytes int64, hits, misses uint64)

// cacheMetrics registers leanprm_<name>_cache_hits_total and _misses_total, and _bytes when
// bytesHelp is set, read from the cache that of returns (0 while there is none).
func (m *metrics) cacheMetrics(name, hitsHelp, missesHelp, bytesHelp string, of func() (stats, bool)) {
	read := func(pick func(bytes int64, hits, misses uint64) float64) func() float64 {
		return func() float64 {
			st, ok := of()
			if !ok {
				return 0
			}
			_, b, h, mi := st()
			return pick(b, h, mi)
		}
	}
	m.reg.MustRegister(
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "leanprm_" + name + "_cache_hits_total", Help: hitsHelp},
			read(func(_ int64, h, _ uint64) float64 { return float64(h) })),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "leanprm_" + name + "_cache_misses_total", Help: missesHelp},
			read(func(_ int64, _, mi uint64) float64 { return float64(mi) })),
	)
	if bytesHelp != "" {
		m.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "leanprm_" + name + "_cache_bytes", Help: bytesHelp},
			read(func(b int64, _, _ uint64) float64 { return float64(b) })))
	}
}
