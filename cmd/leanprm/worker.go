package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"

	"github.com/spf13/cobra"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/chain"
	"github.com/leanprm/leanprm/internal/dispatch"
	"github.com/leanprm/leanprm/internal/dispatch/natsq"
	"github.com/leanprm/leanprm/internal/wire"
)

func newWorkerCmd(e *env) *cobra.Command {
	var capacity int
	cmd := &cobra.Command{
		Use:   "worker --nats URL",
		Short: "Pull tasks of `serve --nats` from NATS JetStream and run them on this machine",
		Long: `Run tasks that gateways (leanprm serve --nats) queue on NATS JetStream: the worker holds
a REPL pool, pulls only as many tasks as it has free REPLs (--capacity, default lean.workers),
acks progress while a task runs and publishes each result. Streams and the consumer are
created or updated at start. SIGTERM or SIGINT stops pulling, hands back tasks not started,
finishes the tasks in flight and exits with status 130. See internal/dispatch/natsq.`,
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
			return runWorker(cmd.Context(), e, capacity, workerHandler(e))
		},
	}
	cmd.Flags().IntVar(&capacity, "capacity", 0, "tasks run at once: the free REPLs (0 = lean.workers)")
	return cmd
}

// workerHandler is the handler `leanprm worker` runs.
//
// MERGE (branch serve): replace the line below with the server's handler, so that a worker
// does every kind a gateway queues, e.g.
//
//	return func(ctx context.Context) (dispatch.Handler, func(), error) { return serve.NewHandler(ctx, e.cfg, e.stderr) }
func workerHandler(e *env) natsq.NewHandlerFunc {
	return scoreHandler(e) // MERGE: serve.NewHandler
}

// runWorker connects, builds the handler and runs the worker until ctx ends (a signal), then
// drains: it returns ctx's error so that the exit status says interrupted (130).
func runWorker(ctx context.Context, e *env, capacity int, newHandler natsq.NewHandlerFunc) error {
	h, release, err := newHandler(ctx)
	if err != nil {
		return fmt.Errorf("worker: %w", err)
	}
	defer release()
	nc, err := natsq.Connect(e.cfg.NATS.URL, "leanprm worker")
	if err != nil {
		return fmt.Errorf("worker: %w", err)
	}
	defer nc.Close()
	log := slog.New(slog.NewTextHandler(e.stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	w, err := natsq.NewWorker(ctx, nc, h, natsq.WorkerOptions{Capacity: capacity, Logger: log})
	if err != nil {
		return fmt.Errorf("worker: %w", err)
	}
	fmt.Fprintf(e.stderr, "leanprm worker: pulling from %s, %d at a time\n", nc.ConnectedUrlRedacted(), capacity)
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

// scoreHandler scores one chain per KindScore task with the configured checker and PRM: the
// payload is one chain in any JSON form `check` reads ({"id","problem","steps":[…]}, a
// ProcessBench row …), the answer the JSON `check --json` writes for it (threshold: the
// model's calibrated one; aggregate: min). Other kinds are item errors. It stands in for the
// server's handler until that one is wired here (see workerHandler).
func scoreHandler(e *env) natsq.NewHandlerFunc {
	return func(ctx context.Context) (dispatch.Handler, func(), error) {
		s, err := wire.NewScoring(ctx, e.cfg, hybrid.Policy{}, e.stderr)
		if err != nil {
			return nil, nil, err
		}
		threshold := wire.DefaultThreshold(s.PRM)
		h := dispatch.HandlerFunc(func(ctx context.Context, t dispatch.Task) dispatch.Result {
			return scoreTask(ctx, s.Scorer, threshold, t)
		})
		return h, s.Close, nil
	}
}

func scoreTask(ctx context.Context, sc *hybrid.Scorer, threshold float64, t dispatch.Task) dispatch.Result {
	if t.Kind != dispatch.KindScore {
		return dispatch.Result{Error: fmt.Sprintf("this worker does %q tasks only, not %q", dispatch.KindScore, t.Kind)}
	}
	var row bytes.Buffer // one line: the JSONL reader reads a row per line
	if err := json.Compact(&row, t.Payload); err != nil {
		return dispatch.Result{Error: "score: the payload is not JSON: " + err.Error()}
	}
	row.WriteByte('\n')
	chains, rowErrs, err := chain.Decode(io.Reader(&row), "task", chain.FormatAuto)
	switch {
	case err != nil:
		return dispatch.Result{Error: "score: " + err.Error()}
	case len(rowErrs) > 0:
		return dispatch.Result{Error: "score: " + rowErrs[0].Err.Error()}
	case len(chains) != 1:
		return dispatch.Result{Error: fmt.Sprintf("score: want one chain, got %d", len(chains))}
	}
	res, err := sc.ScoreChains(ctx, chains)
	if err != nil {
		return dispatch.Result{Error: "score: " + err.Error()}
	}
	b, err := json.Marshal(newCheckJSON(res[0], threshold, hybrid.AggMin))
	if err != nil {
		return dispatch.Result{Error: "score: " + err.Error()}
	}
	return dispatch.Result{Payload: b}
}
