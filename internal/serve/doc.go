// Package serve is `leanprm serve`: the scorer and the verifier as an HTTP service for RL
// loops, PRM-guided search and contest judges. A Server is an http.Handler that decodes each
// request into typed items, validates them once and runs one dispatch.Task per item through a
// dispatch.Executor (in process, or NATS workers), so every item gets its own answer or its
// own error. It serves leanprm's own endpoints (/v1/score with incremental prefixes,
// /v1/verify) beside Kimina's, OpenRLHF's and vLLM's shapes, admits a bounded number of items
// (429 with Retry-After beyond), never turns a failure into a reward, and drains on shutdown.
// Build assembles the pipeline with its caches; cmd/leanprm (serve, worker, search) uses it.
//
// The endpoints, incremental scoring and its caches, admission and deadlines, rewards on
// failure, shutdown, memory and the rules on untrusted Lean are in docs/SERVE.md.
//
// # Usage
//
//	built, err := serve.Build(ctx, cfg, serve.BuildOptions{}, os.Stderr)
//	...
//	defer built.Close()
//	srv := serve.New(serve.Options{Token: token})
//	srv.Ready(&dispatch.Local{Handler: serve.NewHandler(built.Parts)}, built.Info)
//	http.ListenAndServe("127.0.0.1:8080", srv)
package serve
