package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/reward"
	"github.com/leanprm/leanprm/internal/config"
	"github.com/leanprm/leanprm/internal/dispatch"
	"github.com/leanprm/leanprm/internal/dispatch/natsq"
	"github.com/leanprm/leanprm/internal/serve"
	"github.com/leanprm/leanprm/internal/wire"
)

// serveTokenEnv holds the bearer token when no token file is given. A token is never a flag
// value: ps would show it to every user of the machine.
const serveTokenEnv = "LEANPRM_SERVE_TOKEN"

func newServeCmd(e *env) *cobra.Command {
	var (
		addr, tokenFile, maxBody string
		policy, aggregate        string
		threshold                float64
		queue, maxItems          int
		timeout                  time.Duration
		allowUnsafe              bool
		requireSandbox           bool
	)
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve scoring and proof checking over HTTP (native, Kimina, OpenRLHF and vLLM APIs)",
		Long: `Serve the scorer and the verifier over HTTP:

  POST /v1/score       chains → scored chains (the JSON of check --json, plus prefix_id for
                       incremental scoring: {"prefix": id, "steps": [new steps]})
  POST /v1/verify      verify-proof rows → verify-proof results
  POST /api/check      Kimina Lean Server (snippets); POST /verify its legacy API; GET /health
  POST /get_reward     OpenRLHF remote reward model
  POST /pooling        vLLM pooling, as a served Qwen2.5-Math-PRM (<extra_0> after each step)
  GET  /livez /readyz  liveness; readiness once the REPL pool is warm
  GET  /metrics        Prometheus

Every item of a batch is answered on its own (a result or an error); a full admission queue
is answered 429 with Retry-After. A failure is never a reward: /get_reward and /pooling answer
a batch with a failed item 503 with Retry-After (serve.reward_on_error: fail), or give it
NaN or a fixed value, flagged. Authentication: Authorization: Bearer TOKEN, the token read
from --auth-token-file (serve.auth_token_file) or LEANPRM_SERVE_TOKEN, never from a flag.
Snippets are held to verify-proof's rules on running code (no #eval, run_cmd, IO, unsafe,
debug options, …) unless --allow-unsafe-lean. SIGINT or SIGTERM stops taking work (/readyz
503, the listener up), lets the requests in flight finish within serve.drain_timeout, answers
those still running 503 with Retry-After, stops the REPLs and exits with status 130.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			requireSandboxMode(e, requireSandbox)
			pol, err := hybrid.ParsePolicy(policy)
			if err != nil {
				return usageError("%v", err)
			}
			agg, err := hybrid.ParseAggregate(aggregate)
			if err != nil {
				return usageError("%v", err)
			}
			if !(threshold >= 0 && threshold <= 1) {
				return usageError("--threshold %v: want a number in [0, 1]", threshold)
			}
			sc := e.cfg.Serve
			flags := cmd.Flags()
			if flags.Changed("addr") {
				sc.Addr = addr
			}
			if flags.Changed("auth-token-file") {
				sc.AuthTokenFile = tokenFile
			}
			if flags.Changed("queue") {
				sc.Queue = queue
			}
			if flags.Changed("max-items") {
				sc.MaxItems = maxItems
			}
			if flags.Changed("request-timeout") {
				sc.Timeout = timeout
			}
			if flags.Changed("max-body") {
				n, err := config.ParseSize(maxBody)
				if err != nil {
					return usageError("--max-body %q: %v", maxBody, err)
				}
				sc.MaxBody = n
			}
			token, err := serveToken(sc.AuthTokenFile)
			if err != nil {
				return err
			}
			return runServe(cmd.Context(), e, sc, token, serve.BuildOptions{Policy: pol, Aggregate: agg, Threshold: threshold, AllowUnsafeLean: allowUnsafe})
		},
	}
	f := cmd.Flags()
	f.StringVar(&addr, "addr", config.DefaultServeAddr, "address to listen on (serve.addr)")
	f.StringVar(&tokenFile, "auth-token-file", "", "file holding the bearer token clients must send (serve.auth_token_file; else "+serveTokenEnv+")")
	f.StringVar(&maxBody, "max-body", config.DefaultServeMaxBody, "largest request body (serve.max_body)")
	f.IntVar(&queue, "queue", config.DefaultServeQueue, "items admitted at once; beyond, 429 (serve.queue)")
	f.IntVar(&maxItems, "max-items", config.DefaultServeMaxItems, "most items in one request (serve.max_items)")
	f.DurationVar(&timeout, "request-timeout", config.DefaultServeTimeout, "a request's deadline when it names none (serve.timeout)")
	f.BoolVar(&allowUnsafe, "allow-unsafe-lean", false, "run snippets that verify-proof's rules refuse (#eval, IO, unsafe, …): for a trusted network only")
	f.StringVar(&policy, "policy", "hybrid", "merge policy: hybrid, learned, formal (hybrid,boost=X raises all-verified steps)")
	f.Float64Var(&threshold, "threshold", 0, "score below which a step counts as an error (0 = the model's calibrated threshold)")
	f.StringVar(&aggregate, "aggregate", "min", "chain score: min, product, mean, last")
	addRequireSandbox(f, &requireSandbox)
	return cmd
}

// serveToken reads the token from file, else from LEANPRM_SERVE_TOKEN; "" means no
// authentication.
func serveToken(file string) (string, error) {
	if file != "" {
		b, err := os.ReadFile(file)
		if err != nil {
			return "", fmt.Errorf("reading the token: %w", err)
		}
		tok := strings.TrimSpace(string(b))
		if tok == "" {
			return "", fmt.Errorf("the token file %s is empty", file)
		}
		return tok, nil
	}
	return strings.TrimSpace(os.Getenv(serveTokenEnv)), nil
}

// heapFloor is the heap the serving process may reach before a collection while its live heap
// is small: half of the caches' budget (serve.cache_memory, 256 MB when unset).
func heapFloor(cacheMemory int64) int64 {
	if cacheMemory <= 0 {
		cacheMemory = 256 << 20
	}
	return cacheMemory / 2
}

// runServe listens at once (so /livez answers while the REPL pool warms up), builds the parts,
// serves until ctx ends, then drains: new work is turned away, requests in flight finish
// (bounded by their deadline), the REPL pool closes.
func runServe(ctx context.Context, e *env, sc config.Serve, token string, bo serve.BuildOptions) error {
	ln, err := net.Listen("tcp", sc.Addr)
	if err != nil {
		return fmt.Errorf("listening on %s: %w", sc.Addr, err)
	}
	logger := slog.New(slog.NewTextHandler(e.stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	roe, err := serve.ParseRewardOnError(sc.RewardOnError)
	if err != nil {
		return err
	}
	if os.Getenv("GOGC") == "" {
		// The heap may grow to half the caches' budget before a collection while the live
		// heap is small (gcfloor.go): fewer collections.
		defer serve.KeepHeapFloor(uint64(heapFloor(sc.CacheMemory)))()
	}
	srv := serve.New(serve.Options{RewardOnError: roe, PrefixBytes: serve.SplitCacheMemory(sc.CacheMemory).Prefixes,
		Token: token, MaxBodyBytes: sc.MaxBody, MaxItems: sc.MaxItems, QueueSize: sc.Queue,
		Timeout: sc.Timeout, HeaderTimeout: e.cfg.Lean.StartTimeout, Logger: logger,
		Reward:   reward.Settings{Mode: reward.Mode(e.cfg.Reward.Mode), OnUnknown: string(e.cfg.Reward.OnUnknown), Grader: e.grader},
		Versions: serve.Versions{Leanprm: leanprmVersion(), Lean: "starting", REPL: "starting", Model: "starting"},
	})
	// A client gets 30s for its headers and 2m for its whole request (a slow body holds at most
	// serve.max_body of memory, and not for long); answers take what the work takes.
	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 30 * time.Second, ReadTimeout: 2 * time.Minute,
		IdleTimeout: 2 * time.Minute, ErrorLog: slog.NewLogLogger(logger.Handler(), slog.LevelWarn)}
	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()
	auth := "bearer token required"
	if token == "" {
		auth = "no authentication (set --auth-token-file or " + serveTokenEnv + ")"
	}
	fmt.Fprintf(e.stderr, "leanprm: serving on http://%s (%s); starting the checkers\n", ln.Addr(), auth)

	stop := func() error { return drain(ctx, srv, hs, sc.DrainTimeout) }
	if e.cfg.NATS.URL != "" {
		return runGateway(ctx, e, srv, served, stop, ln)
	}
	// The REPL pool lives until built.Close, not until the signal: the requests in flight
	// still need it while the server drains. A signal during the start stops the start.
	poolCtx, cancelPool := context.WithCancel(context.WithoutCancel(ctx))
	defer cancelPool()
	stopWatch := context.AfterFunc(ctx, cancelPool)
	built, err := serve.Build(poolCtx, e.cfg, bo, e.stderr)
	if !stopWatch() && err == nil { // the signal came as the pool finished starting
		built.Close()
		err = ctx.Err()
	}
	if err != nil {
		if ctx.Err() != nil {
			err = ctx.Err()
		}
		if serr := stop(); serr != nil {
			fmt.Fprintln(e.stderr, "leanprm:", userMessage(serr))
		}
		return err
	}
	srv.Ready(&dispatch.Local{Handler: serve.NewHandler(built.Parts)}, built.Info)
	fmt.Fprintf(e.stderr, "leanprm: ready (checker %s, Lean %s, REPL %s, model %s)\n",
		built.Info.Checker, built.Info.Versions.Lean, built.Info.Versions.REPL, built.Info.Versions.Model)

	select {
	case err = <-served:
		built.Close()
		return fmt.Errorf("serving on %s: %w", ln.Addr(), err)
	case <-ctx.Done():
	}
	fmt.Fprintln(e.stderr, "leanprm: stopping: finishing the requests in flight")
	serr := stop()
	built.Close() // after Shutdown: no request is using a REPL any more
	if serr != nil && !errors.Is(serr, http.ErrServerClosed) {
		fmt.Fprintln(e.stderr, "leanprm: shutdown:", serr)
	}
	return ctx.Err()
}

// drain shuts the server down within budget (serve.drain_timeout), which must fit in the
// orchestrator's grace period: new work is turned away (503, /readyz 503) while the listener
// stays open; the requests in flight get until a quarter of the budget (at most 5 s) before
// its end to finish; those still running are then failed with a retryable 503; last, the
// listener closes and the connections get what is left of the budget to take their answers.
func drain(ctx context.Context, srv *serve.Server, hs *http.Server, budget time.Duration) error {
	if budget <= 0 {
		budget = config.DefaultServeDrainTimeout
	}
	end := time.Now().Add(budget)
	margin := min(budget/4, 5*time.Second)
	srv.Drain()
	work := time.NewTimer(time.Until(end.Add(-margin)))
	defer work.Stop()
	select {
	case <-srv.Idle():
	case <-work.C:
		srv.Abort()
		aborted := time.NewTimer(margin / 2)
		defer aborted.Stop()
		select {
		case <-srv.Idle():
		case <-aborted.C: // a task that ignores its context: the listener closes anyway
		}
	}
	sctx, cancel := context.WithDeadline(context.WithoutCancel(ctx), end)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil {
		hs.Close()
		return err
	}
	return nil
}

// runGateway serves as a stateless gateway: no REPL pool or model here, every item becomes a
// task on NATS JetStream for `leanprm worker` processes. Ready once NATS is reached, the
// streams exist and some worker says (heartbeats) that it pulls.
func runGateway(ctx context.Context, e *env, srv *serve.Server, served <-chan error, stop func() error, ln net.Listener) error {
	nc, err := wire.ConnectNATS(e.cfg.NATS, "leanprm serve")
	if err == nil {
		var gw *natsq.Gateway
		if gw, err = natsq.NewGateway(ctx, nc, natsq.GatewayOptions{Options: wire.NATSOptions(e.cfg.NATS)}); err == nil {
			defer gw.Close()
			// Workers share this configuration: lean.header is warm on them (a snippet with
			// it gets no import budget on top of its timeout, live workers or not), and
			// readiness and the worker metrics come from their heartbeats.
			srv.Ready(gw, serve.Info{Checker: "nats", WarmHeaders: []string{e.cfg.Lean.Header},
				Versions: serve.Versions{Leanprm: leanprmVersion(), Lean: "on workers", REPL: "on workers", Model: "on workers"},
				Workers: func() serve.RemoteWorkers {
					w := gw.Workers()
					return serve.RemoteWorkers{Alive: w.Alive, Capacity: w.Capacity, Running: w.Running, REPLs: w.REPLs, WarmHeaders: w.WarmHeaders}
				}})
			fmt.Fprintf(e.stderr, "leanprm: ready: a gateway to %s\n", nc.ConnectedUrlRedacted())
		}
		defer nc.Close()
	}
	if err != nil {
		if serr := stop(); serr != nil {
			fmt.Fprintln(e.stderr, "leanprm:", userMessage(serr))
		}
		return fmt.Errorf("serve --nats: %w", err)
	}
	select {
	case err = <-served:
		return fmt.Errorf("serving on %s: %w", ln.Addr(), err)
	case <-ctx.Done():
	}
	fmt.Fprintln(e.stderr, "leanprm: stopping: finishing the requests in flight")
	if serr := stop(); serr != nil && !errors.Is(serr, http.ErrServerClosed) {
		fmt.Fprintln(e.stderr, "leanprm: shutdown:", serr)
	}
	return ctx.Err()
}
