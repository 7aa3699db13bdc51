// Package natsq runs dispatch tasks on workers behind NATS JetStream: `leanprm serve --nats`
// is a stateless gateway whose Executor (Gateway) queues each task of a batch, and
// `leanprm worker --nats` (Worker) holds a REPL pool and pulls only as many tasks as it has
// free REPLs. Without --nats the server runs its tasks in process (dispatch.Local).
//
// # Subjects and streams
//
//	<prefix>.task.<kind>.<env>   stream LEANPRM_TASKS: work queue (a task is removed when
//	                             acked), memory storage (file with Options.FileStorage),
//	                             Options.Replicas copies, Duplicates = Options.Dedupe
//	                             (2 min), DiscardNew past Options.MaxBytes / MaxMsgs,
//	                             MaxAge = Options.MaxAge (0: none)
//	<prefix>.result.<key>        stream LEANPRM_RESULTS: limits, MaxMsgsPerSubject 1,
//	                             MaxAge = Options.ResultTTL (10 min), same storage, replicas
//	object store LEANPRM_RESULT_OBJECTS  results past max_payload, kept ResultTTL
//	<prefix>.worker.heartbeat    core NATS: each worker's Heartbeat, every HeartbeatEvery (2 s)
//	<prefix>.worker.ping         core NATS: a starting gateway asks every worker for a beat
//	$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES.LEANPRM_TASKS.leanprm-workers
//
// The prefix is "leanprm". <kind> is Task.Kind; <env> is Task.Env when it is a subject token
// (the usual header hash), "_" when empty, else "h" and 32 hex digits of its SHA-256 — a
// worker fleet per environment can filter on it. <key> is Task.Key, the content hash. Task
// messages carry the JSON of dispatch.Task with Nats-Msg-Id = Task.Key, so a task queued
// again within the dedupe window (by any gateway) collapses into the first copy; result
// messages carry the JSON of dispatch.Result (exactly one of payload and error) and the
// headers Leanprm-Key and Leanprm-Ran ("false": the task was not run, its deadline had
// passed in the queue).
//
// # Consumer
//
// One durable pull consumer, "leanprm-workers", shared by every worker: explicit acks,
// AckWait = Options.AckWait (30 s), MaxDeliver = Options.MaxDeliver (3), no MaxAckPending
// (workers bound themselves), Options.Replicas copies. Setup creates or updates both streams,
// the object store and the consumer; the gateway and the worker both call it at start, so
// either may come first. An existing stream keeps its storage (JetStream cannot move one).
//
// # Worker
//
// Run waits for a free slot, takes every other free one (n in all) and pulls exactly n
// tasks: a worker never holds a task it cannot start. Each task runs on the Handler through
// dispatch.Run (a task past its deadline is answered "not run" and not started); while it
// runs, the worker sends an in-progress ack every AckWait/3, so a long Lean request is not
// redelivered. A panicking handler fails its item, not the worker. The slot is free when the
// handler returns; the result is then published to the result stream (waiting for the
// server's ack) and only after that is the task acked. A result larger than the servers'
// max_payload is put in the object store first, in chunks of at most half max_payload, and
// the result message (no body, header Leanprm-Object) names it. Publishing is retried for a
// minute, with in-progress acks (a cluster electing a new stream leader fails publications
// for seconds); if it still fails, the task is nak'ed and delivered again. On SIGTERM (ctx done) Run stops pulling, naks tasks it pulled
// but had not started, and returns when the tasks it started have published their results.
//
// # Heartbeats and readiness
//
// A worker publishes a Heartbeat (id, slots, tasks running, healthy REPLs, warm headers)
// every HeartbeatEvery while it runs, once at once when a gateway pings, and once with
// Leaving when it stops. A gateway counts a worker alive while it has heard it within three
// intervals, it is not leaving, and it has a healthy REPL if it has REPLs (Gateway.Workers).
// `leanprm serve --nats` is ready only while some worker is alive, and reports their number,
// slots and REPLs in its metrics. Heartbeats rather than the consumer's num_waiting: they
// cost no JetStream API call per probe, and carry the warm headers, which decide whether a
// snippet gets the header import's budget on top of its timeout.
//
// # Gateway
//
// Execute registers every item under its task key before publishing its task (so a fast
// result cannot be missed), publishes asynchronously, and answers each item exactly once:
// by the first result on its key's subject (a core subscription on <prefix>.result.*, which
// the result stream also stores; a result in the object store is read outside the
// subscription's callback), or by an error — publication failed for good (a publication that
// fails is retried until the item's deadline, unless the task is past max_payload or the
// stream is full), the task's deadline
// plus DeadlineGrace passed, MaxWait passed for a task without a deadline, the batch's
// context ended, or the max-deliveries advisory named the task's stream sequence. Whoever
// marks the item done under the gateway's lock answers it; everything else that arrives for
// it later is ignored. Items with equal keys (in one batch, or across batches and gateways)
// share one task and one result. When the publish ack says the task was a duplicate, the
// gateway also reads the last stored result of the key, which an earlier copy may already
// have produced. A "not run" result does not answer an item whose own deadline is still
// ahead: the gateway queues its task again under a fresh message id. After its connection
// reconnects, the gateway reads the stored result of every key it still waits for: results
// published while it was away reach it that way. NewGateway installs that reconnect handler
// on the connection (chaining the one it had).
//
// # Authentication and TLS
//
// Connect takes a Security: a credentials file (operator-mode NATS, JWTs made with nsc), a
// token, a CA bundle that checks the servers and a client certificate for servers that verify
// clients. The files are opened before dialling, so a wrong path is reported as one; a
// server the CA did not sign, or one that refuses the credentials, fails Connect with the
// server's reason. The tests run nats-server in process with TLS and a token, with mutual
// TLS, and in operator mode with an account JWT and a user's credentials file.
//
// # When the NATS server restarts
//
// With memory storage a restarted server has lost the streams, the consumer, the queued
// tasks and the stored results. Gateways and workers reconnect forever (Connect) and run
// Setup again on every reconnect; a gateway that finds a task stream other than the one it
// set up (its creation time differs) queues again every task it still waits for, under the
// task key as message id, so that the copies of several gateways collapse. No item is lost;
// tasks that were running may run twice. With FileStorage nothing is lost to begin with, and
// with Replicas 3 on a three-server cluster neither is anything when one server goes: its
// clients reconnect to the others (Connect takes the list), the set-up after a reconnect is
// retried while the streams elect new leaders, and so are publications. The tests run this
// (TestClusterChaos: three servers in process, R3 file streams, one shut down and started
// again mid-run, one worker SIGKILLed; every item answered once).
//
// NATS carries at most max_payload bytes per message (1 MB by default; raise it for large
// infotrees): a task larger than that is answered "not queued"; a result larger than that
// goes through the object store.
//
// Every gateway hears every result (one subscription on <prefix>.result.*) and drops those
// it does not wait for before decoding them: cheap for a handful of gateways; a large fleet
// would want per-gateway result subjects. Task deadlines are wall-clock times compared on
// the worker's clock and the gateway's: keep the machines' clocks synchronised (NTP).
//
// # Exactly once
//
// JetStream delivers at least once: a task may run twice (its worker died after
// publishing the result but before the ack, or stalled past AckWait). Running twice is
// harmless — tasks are pure checks of their content — and the gateway makes the answers
// exactly once: results are matched by key, the first answers, the rest are dropped (the
// worker's message id, key and stream sequence, also collapses a redelivered task's second
// result in the result stream). An item is never left unanswered: every path ends at a
// result, an advisory or a timer.
//
// # When a worker dies
//
// Its unacked tasks are redelivered to other workers once AckWait passes since their last
// (in-progress) ack: up to AckWait of added latency, no loss. A task that takes down every
// worker it reaches (a poison task: a proof that exhausts memory) is delivered MaxDeliver
// times; the server then gives up on it and publishes the max-deliveries advisory, on which
// the gateway answers the item "failed: the task was delivered N times …" and deletes the
// task from the work queue (where it would otherwise stay). If the advisory is missed (the
// gateway was disconnected), the item's deadline or MaxWait answers it.
//
// # Example
//
//	nc, _ := nats.Connect("nats://nats:4222")
//	g, err := natsq.NewGateway(ctx, nc, natsq.GatewayOptions{})
//	results := g.Execute(ctx, tasks) // results[i] answers tasks[i]
//
//	w, err := natsq.NewWorker(ctx, nc, handler, natsq.WorkerOptions{Capacity: 8})
//	err = w.Run(ctx) // until ctx ends; then drains
package natsq
