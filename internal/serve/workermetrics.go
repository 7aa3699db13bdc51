package serve

import (
	"context"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"github.com/leanprm/leanprm/leanbridge/repl"
)

// WorkerMetrics are the Prometheus metrics of `leanprm worker --addr`: its slots and the
// tasks it runs, its REPL pool, and the queue it pulls from (the consumer's pending and
// ack-pending tasks, which KEDA scales on). deploy/grafana/leanprm.json charts them.
type WorkerMetrics struct {
	tasks    *prometheus.CounterVec
	duration *prometheus.HistogramVec
	worker   atomic.Pointer[QueueWorker]
	repl     atomic.Pointer[func() repl.Stats]
}

// QueueWorker is the worker whose slots and queue WorkerMetrics report (natsq.Worker).
type QueueWorker interface {
	Capacity() int
	Running() int
	// Queue reads the shared queue: tasks pending, delivered and not acked, and pull
	// requests waiting.
	Queue(ctx context.Context) (pending, ackPending uint64, waiting int, err error)
}

// NewWorkerMetrics registers a worker's metrics on reg; they read zero until Watch.
func NewWorkerMetrics(reg *prometheus.Registry) *WorkerMetrics {
	m := &WorkerMetrics{
		tasks: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "leanprm_worker_tasks_total", Help: "Tasks this worker pulled and finished, by outcome (ran, error, skipped past their deadline, publish_failed).",
		}, []string{"outcome"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "leanprm_worker_task_duration_seconds", Help: "Time a task ran on this worker, by outcome.",
			Buckets: []float64{.001, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60, 120, 300},
		}, []string{"outcome"}),
	}
	w := func(f func(QueueWorker) float64) func() float64 {
		return func() float64 {
			if wk := m.worker.Load(); wk != nil {
				return f(*wk)
			}
			return 0
		}
	}
	r := func(f func(repl.Stats) float64) func() float64 {
		return func() float64 {
			if rs := m.repl.Load(); rs != nil {
				return f((*rs)())
			}
			return 0
		}
	}
	// The queue's state is read from the server when scraped, within the scrape's patience.
	q := func(f func(pending, ackPending uint64, waiting int) float64) func() float64 {
		return w(func(wk QueueWorker) float64 {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			defer cancel()
			p, a, n, err := wk.Queue(ctx)
			if err != nil {
				return -1
			}
			return f(p, a, n)
		})
	}
	reg.MustRegister(m.tasks, m.duration,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "leanprm_worker_capacity", Help: "Tasks this worker runs at once (--capacity)."},
			w(func(wk QueueWorker) float64 { return float64(wk.Capacity()) })),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "leanprm_worker_running", Help: "Tasks this worker runs now."},
			w(func(wk QueueWorker) float64 { return float64(wk.Running()) })),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "leanprm_queue_pending", Help: "Tasks queued for the workers and not yet delivered (-1: NATS did not answer)."},
			q(func(p, _ uint64, _ int) float64 { return float64(p) })),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "leanprm_queue_ack_pending", Help: "Tasks delivered to a worker and not yet acked (-1: NATS did not answer)."},
			q(func(_, a uint64, _ int) float64 { return float64(a) })),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "leanprm_repl_workers", Help: "Healthy REPL workers of this worker's pool."},
			r(func(s repl.Stats) float64 { return float64(s.Workers) })),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "leanprm_repl_queue_depth", Help: "REPL requests waiting for a REPL of this worker."},
			r(func(s repl.Stats) float64 { return float64(s.QueueLen) })),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "leanprm_repl_worker_restarts_total", Help: "REPL processes started after a REPL's first (crashes, timeouts, recycling)."},
			r(func(s repl.Stats) float64 { return float64(s.Restarts) })),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "leanprm_repl_requests_total", Help: "REPL requests answered or failed."},
			r(func(s repl.Stats) float64 { return float64(s.Requests) })),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "leanprm_repl_timeouts_total", Help: "REPL requests that timed out (their process was killed)."},
			r(func(s repl.Stats) float64 { return float64(s.Timeouts) })),
	)
	return m
}

// Watch makes the gauges read w and the REPL pool's counters (nil: no pool, the exact checker).
func (m *WorkerMetrics) Watch(w QueueWorker, replStats func() repl.Stats) {
	m.worker.Store(&w)
	if replStats != nil {
		m.repl.Store(&replStats)
	}
}

// TaskDone counts one finished task (natsq.WorkerOptions.TaskDone).
func (m *WorkerMetrics) TaskDone(elapsed time.Duration, outcome string) {
	m.tasks.WithLabelValues(outcome).Inc()
	m.duration.WithLabelValues(outcome).Observe(elapsed.Seconds())
}

// MetricNames lists the names of the metrics c describes, sorted: what a dashboard may chart.
func MetricNames(c prometheus.Collector) []string {
	ch := make(chan *prometheus.Desc)
	go func() {
		c.Describe(ch)
		close(ch)
	}()
	var names []string
	for d := range ch {
		// Desc has no accessor for its name; its String is Desc{fqName: "name", …}.
		s := d.String()
		if _, rest, ok := strings.Cut(s, `fqName: "`); ok {
			if name, _, ok := strings.Cut(rest, `"`); ok && !slices.Contains(names, name) {
				names = append(names, name)
			}
		}
	}
	slices.Sort(names)
	return names
}

// Metrics is the server's metrics as a collector (for MetricNames).
func (s *Server) Metrics() prometheus.Collector { return s.m.reg }
