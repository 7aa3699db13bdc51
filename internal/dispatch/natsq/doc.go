// Package natsq runs dispatch tasks on workers behind NATS JetStream: `leanprm serve --nats`
// is a stateless gateway whose Executor (Gateway) queues each task of a batch on a
// work-queue stream and answers every item exactly once, and `leanprm worker --nats`
// (Worker) holds a REPL pool and pulls only as many tasks as it has free REPLs, acking
// progress while Lean runs. cmd/leanprm (serve, worker) builds both; without --nats the
// server runs its tasks in process (dispatch.Local).
//
// The subjects, streams, consumer, heartbeats, the gateway's and the worker's rules, security,
// what happens when a server restarts or a worker dies, and the limits are in
// docs/SCALE-OUT.md; the names other components rely on are fixed in docs/CONTRACTS.md §3.
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
