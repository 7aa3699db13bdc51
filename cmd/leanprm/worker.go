package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/spf13/cobra"

	"github.com/leanprm/leanprm/internal/dispatch"
	"github.com/leanprm/leanprm/internal/dispatch/natsq"
	"github.com/leanprm/leanprm/internal/serve"
	"github.com/leanprm/leanprm/internal/wire"
)

func newWorkerCmd(e *env) *cobra.Command {
	var (
		capacity int
		addr     string
	)
	cmd := &cobra.Command{
		Use:   "worker --nats URL",
		Short: "Pull tasks of `serve --nats` from NATS JetStream and run them on this machine",
		Long: `Run tasks that gateways (leanprm serve --nats) queue on NATS JetStream: the worker holds
a REPL pool, pulls only as many tasks as it has free REPLs (--capacity, default lean.workers),
acks progress while a task runs and publishes each result. Streams and the consumer are
created or updated at start. SIGTERM or SIGINT stops pulling, hands back tasks not started,
finishes the tasks in flight and exits with status 130. With --addr it answers /livez,
/readyz (200 once its REPL pool is warm and while it pulls) and /metrics for probes and
Prometheus. See internal/dispatch/natsq.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if e.cfg.NATS.URL == "" {
				return usageError("worker needs a NATS server: --nats nats://host:4222 (or nats.url)")
			}
			if capacity < 0 {
				return usageError("--capacity %d: want 0 (lean.workers) or more", capacity)
			}
			if capacity == 0 {
				capacity = e.cfg.Lean.WorkerCount()
			}
			return runWorker(cmd.Context(), e, capacity, addr, workerHandler(e))
		},
	}
	cmd.Flags().IntVar(&capacity, "capacity", 0, "tasks run at once: the free REPLs (0 = lean.workers)")
	cmd.Flags().StringVar(&addr, "addr", "", "serve /livez, /readyz and /metrics here (e.g. 0.0.0.0:8081); empty: none")
	return cmd
}

// workerParts is what a worker runs tasks on: the handler, what the server would report
// about it (its warm headers, its REPL pool's counters), and how to release it.
type workerParts struct {
	handler dispatch.Handler
	info    serve.Info
	release func()
}

// workerHandler builds the server's handler (internal/serve) from the configuration, so a
// worker does every kind of task a gateway queues: it starts the REPL pool for lean.header and
// returns once the pool is warm.
func workerHandler(e *env) func(ctx context.Context) (workerParts, error) {
	return func(ctx context.Context) (workerParts, error) {
		built, err := serve.Build(ctx, e.cfg, serve.BuildOptions{}, e.stderr)
		if err != nil {
			return workerParts{}, err
		}
		return workerParts{handler: serve.NewHandler(built.Parts), info: built.Info, release: built.Close}, nil
	}
}

// runWorker connects, builds the handler and runs the worker until ctx ends (a signal), then
// drains: it returns ctx's error so that the exit status says interrupted (130).
func runWorker(ctx context.Context, e *env, capacity int, addr string, build func(context.Context) (workerParts, error)) error {
	var ready atomic.Bool
	reg := prometheus.NewRegistry()
	wm := serve.NewWorkerMetrics(reg)
	if addr != "" {
		stopProbes, err := serveWorkerProbes(addr, &ready, reg, e)
		if err != nil {
			return fmt.Errorf("worker: %w", err)
		}
		defer stopProbes()
	}
	parts, err := build(ctx)
	if err != nil {
		return fmt.Errorf("worker: %w", err)
	}
	defer parts.release()
	nc, err := wire.ConnectNATS(e.cfg.NATS, "leanprm worker")
	if err != nil {
		return fmt.Errorf("worker: %w", err)
	}
	defer nc.Close()
	log := slog.New(slog.NewTextHandler(e.stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	opts := natsq.WorkerOptions{Options: wire.NATSOptions(e.cfg.NATS), Capacity: capacity, Logger: log,
		WarmHeaders: parts.info.WarmHeaders, TaskDone: wm.TaskDone}
	if rs := parts.info.REPLStats; rs != nil {
		opts.REPLs = func() int { return rs().Workers }
	}
	w, err := natsq.NewWorker(ctx, nc, parts.handler, opts)
	if err != nil {
		return fmt.Errorf("worker: %w", err)
	}
	wm.Watch(w, parts.info.REPLStats)
	ready.Store(true) // before the line below, which tells a watcher the worker takes tasks
	fmt.Fprintf(e.stderr, "leanprm worker: pulling from %s, %d at a time\n", nc.ConnectedUrlRedacted(), capacity)
	context.AfterFunc(ctx, func() { ready.Store(false) }) // draining: take no new pods' traffic
	if err := w.Run(ctx); err != nil {
		return fmt.Errorf("worker: %w", err)
	}
	st := w.Stats()
	fmt.Fprintf(e.stderr, "leanprm worker: stopped; ran %d, skipped %d past their deadline, handed back %d\n", st.Ran, st.Skipped, st.Returned)
	if err := nc.Drain(); err != nil {
		return fmt.Errorf("worker: drain: %w", err)
	}
	return ctx.Err() // Run returns only when ctx ended: context.Canceled, exit 130
}

// serveWorkerProbes answers the probes of a worker pod on addr: /livez always, /readyz when
// ready holds (the pool is warm and the worker pulls), /metrics from reg.
func serveWorkerProbes(addr string, ready *atomic.Bool, reg *prometheus.Registry, e *env) (stop func(), err error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("listening on %s: %w", addr, err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /livez", func(w http.ResponseWriter, _ *http.Request) { fmt.Fprintln(w, "ok") })
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, _ *http.Request) {
		if !ready.Load() {
			http.Error(w, "not ready: the REPL pool is starting or the worker is draining", http.StatusServiceUnavailable)
			return
		}
		fmt.Fprintln(w, "ready")
	})
	mux.Handle("GET /metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))
	hs := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		if err := hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			fmt.Fprintln(e.stderr, "leanprm worker: probes:", err)
		}
	}()
	fmt.Fprintf(e.stderr, "leanprm worker: probes on http://%s\n", ln.Addr())
	return func() { hs.Close() }, nil
}
