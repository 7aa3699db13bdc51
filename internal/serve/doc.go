// Package serve is `leanprm serve`: the scorer and the verifier as an HTTP service for RL
// loops, PRM-guided search and contest judges.
//
// A Server is an http.Handler. Each request is decoded into typed items, validated once, and
// split into one dispatch.Task per item (a chain, a proof, a snippet); a dispatch.Executor runs
// them — dispatch.Local over NewHandler's Handler in this process, or workers behind NATS —
// and every item gets its own answer or its own error: a batch never fails because one item
// did. The endpoints:
//
//	POST /v1/score        chains → scored chains, the JSON of `check --json` (plus prefix_id)
//	POST /v1/verify       verify-proof rows → verify-proof results
//	POST /api/check       Kimina Lean Server v2 (snippets → REPL responses)
//	POST /verify          Kimina's legacy API (also /one_pass_verify_batch)
//	GET  /health          Kimina's health check
//	POST /get_reward      OpenRLHF remote reward (query, prompts, labels → rewards)
//	POST /pooling         vLLM pooling for PRM clients: Qwen2.5-Math-PRM (<extra_0> steps), Math-Shepherd (ки tags)
//	GET  /livez /readyz   liveness; readiness once the REPL pool is warm (at once with exact)
//	GET  /metrics         Prometheus
//
// Incremental scoring: every scored chain comes back with a prefix_id; a later request may
// send {"prefix": id, "steps": [new steps]}. The server keeps the chains it returned (bounded
// LRU) and the formal obligations the REPL decided, by content (ObligationCache,
// CachedChecker), so only the new steps' obligations reach Lean. The translator keeps each
// chain's translation and its context after the last step (translate.ContextCache, keyed on
// the decimals and percentages its problem states too), so a chain
// that extends one it translated translates only the new steps — unless a new step changes
// how the prefix reads (a name given a second value poisons its whole scope), when the chain
// is translated from its first step; the first reading of each step by its text
// (translate.ScanCache); and the exact checker's outcome of each declaration pair
// (translate.ExactCache), so the prefix's obligations are not evaluated again. The embedded
// PRM keeps each chain's step features and its context after the last step
// (embedded.ContextCache): a chain that extends one computes features for its new steps only,
// and every step's score is computed again for the new length (three features read it, so no
// score of the prefix is reused as it was). The answer is the one a full request would get. With "only_new_steps": true the answer carries only the steps past the
// prefix (their index is their place in the whole chain), with the whole chain's prediction,
// chain score and prefix_id: a search loop need not decode the prefix again.
//
// Each answer comes with its verdict counts (dispatch.Result.Verdicts), which /metrics adds
// up; the server checks a payload with json.Valid only and writes it as sent.
//
// Admission: at most Options.QueueSize items are admitted at once; a request that does not
// fit is answered 429 with Retry-After at once, never queued without bound nor dropped.
// Deadlines: a request's timeout (or Options.Timeout) bounds it end to end: items still
// queued at the deadline are answered with an error and not run. A snippet whose import
// header the pool does not hold ready gets Options.HeaderTimeout on top of its own timeout.
//
// A failure is never a reward: /get_reward and /pooling, whose clients read numbers, never
// give a failed item (an executor error, a proof without a verdict, a chain on which a formal
// checker failed: hybrid.Scored.CheckerFailed) a score. Options.RewardOnError's zero value
// answers such a request 503 with Retry-After, for the client's retry loop; the operator may
// name NaN or a fixed value instead, flagged per item. Both endpoints refuse more than
// Options.MaxItems items before reading one.
//
// Shutdown: Drain turns new work away with 503 (/readyz too) while the caller keeps the
// listener open; Idle is closed when no request runs; Abort, at the drain deadline, fails
// what still runs with a retryable 503. `leanprm serve` does the three within
// serve.drain_timeout, then closes the listener and the REPLs.
//
// Memory: every cache is an LRU bounded by its share of one budget (SplitCacheMemory,
// serve.cache_memory); a request body by Options.MaxBodyBytes; the items at once by
// Options.QueueSize.
//
// Untrusted Lean: snippets are held to verify-proof's rules on running code and bending the
// checker (verify.CheckSnippet: no #eval, run_cmd, IO, unsafe, extern, debug options, …) and
// may import only the served header's modules, unless the operator allows unsafe Lean.
//
// Usage:
//
//	built, err := serve.Build(ctx, cfg, serve.BuildOptions{}, os.Stderr)
//	...
//	defer built.Close()
//	srv := serve.New(serve.Options{Token: token})
//	srv.Ready(&dispatch.Local{Handler: serve.NewHandler(built.Parts)}, built.Info)
//	http.ListenAndServe("127.0.0.1:8080", srv)
package serve
